"""The LotR army tracker as Qt sees it: units and their attacks and morale tests.

One JSON document (ARMY_KEY) in the campaign's session state holds the units and the structures
(`rules/systems/lotr/army.py` decides what is allowed).  Every change is one undo step of the
campaign and one log line; a roll that changes nothing (a miss) is a log line only.  The structure
actions live in `LotRStructuresModel` (`self.structures`), which stores through this model.

A commander is a campaign LotR character and one of his check kinds (the judgement panel's
`roller_for`: ranks + attribute modifier + wound and weariness), or a bonus the GM types.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.models.log_payload import summary_payload
from gmtool.models.lotr.army_odds import MoraleOdds, UnitAttackOdds, morale_odds, unit_attack_odds
from gmtool.models.lotr.check_log import degree_label, faces_text
from gmtool.models.lotr.commanders import Commander, LotRCommanders
from gmtool.models.lotr.rules_model import RULES_KEY, campaign_lotr_rules
from gmtool.models.lotr.structures_model import LotRStructuresModel
from gmtool.models.outcome_text import percent
from gmtool.models.session_document import SessionDocument
from gmtool.models.shown_text import listed
from gmtool.rules.dice import new_seed
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.systems.lotr import army as rules, reference_catalog as catalog
from gmtool.rules.systems.lotr.army import Army
from gmtool.rules.systems.lotr.checks import RollResult
from gmtool.rules.systems.lotr.house_rules import MORALE_BONUS_ON, UNIT_MORALE_BONUS
from gmtool.rules.systems.lotr.rules_data import Degree, LotRRules
from gmtool.rules.systems.lotr.units import (
    STAT_LABELS,
    ArmyRefused,
    MoraleResult,
    MoraleSpec,
    Unit,
    UnitAttackResult,
    UnitAttackSpec,
    attack_spec,
    break_probability,
    hit_probability,
    morale_spec,
    rally_probability,
    reach_probability,
    resolve_morale,
    resolve_unit_attack,
    size_from_headcount,
    with_size,
)

ARMY_KEY = "lotr.army"
LOG_KIND = "lotr.army"
SYSTEM_ID = "lotr"
TEXT_FIELDS = {"name": "名前", "side": "陣営"}
FLAG_FIELDS = {"mounted": "騎乗", "broken": "崩壊"}


class LotRArmyModel(QObject):
    changed = Signal()
    attack_resolved = Signal(object)  # UnitAttackResult
    morale_resolved = Signal(object)  # MoraleResult

    def __init__(
        self,
        campaign_model: CampaignModel,
        seed_source: Callable[[], int] = new_seed,
        rng_factory: Callable[[int], random.Random] = random.Random,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self._seed_source, self._rng_factory = seed_source, rng_factory
        self.document = SessionDocument(
            campaign_model,
            ARMY_KEY,
            rules.load_army,
            rules.dump_army,
            self.tr("部隊・建造物の記録"),
            ArmyRefused,
            parent=self,
        )
        self.commanders = LotRCommanders(campaign_model, lambda: self.rules, parent=self)
        self.structures = LotRStructuresModel(self)
        campaign_model.session_changed.connect(self._on_session_changed)
        campaign_model.characters_changed.connect(self.changed)
        # A bound method, not a lambda: Qt drops it when this model is deleted with its view.
        campaign_model.character_changed.connect(self._on_character_changed)

    # ---- reading ------------------------------------------------------------------------
    def state(self) -> Army:
        return self.document.read()[0]

    def problem(self) -> str | None:
        """Why the stored document could not be read (shown; the next action replaces it)."""
        return self.document.read()[1]

    @property
    def rules(self) -> LotRRules:
        """The campaign's tables (house rules included): the Strength modifier comes from them."""
        return campaign_lotr_rules(self.campaign_model)

    def uses_morale_bonus(self) -> bool:
        """House rule UNIT_MORALE_BONUS: Morale's modifier adds to damage and Toughness."""
        return campaign_house_rules(self.campaign_model).get(UNIT_MORALE_BONUS) == MORALE_BONUS_ON

    def races(self) -> list[str]:
        """The rows of Table 9.26 (the `unit_size` table) the GM has entered."""
        return [r.name for r in self.rules.reference_table(catalog.UNIT_SIZE).rows]

    def units(self) -> tuple[Unit, ...]:
        return self.state().units

    def unit(self, unit_id: str) -> Unit:
        return rules.require_unit(self.state(), unit_id)

    # ---- units -----------------------------------------------------------------------------
    def add_unit(self, name: str = "") -> str:
        unit_id = uuid.uuid4().hex
        name = name.strip() or self.tr("部隊 {0}").format(len(self.units()) + 1)
        text = self.tr("部隊「{0}」を追加").format(name)
        self.commit(rules.add_unit(self.state(), Unit(unit_id, name)), text, text)
        return unit_id

    def duplicate_unit(self, unit_id: str) -> str:
        source = self.unit(unit_id)
        new_id = uuid.uuid4().hex
        name = self.tr("{0}のコピー").format(source.name)
        text = self.tr("部隊「{0}」を複製").format(source.label())
        self.commit(rules.duplicate_unit(self.state(), unit_id, new_id, name), text, text)
        return new_id

    def remove_unit(self, unit_id: str) -> None:
        text = self.tr("部隊「{0}」を削除").format(self.unit(unit_id).label())
        self.commit(rules.remove_unit(self.state(), unit_id), text, text)

    def set_unit_value(self, unit_id: str, field: str, value: Any) -> None:
        """One value of one unit (a table cell): text, a number or None (not entered), a flag."""
        unit = self.unit(unit_id)
        if field in TEXT_FIELDS:
            value, label = str(value).strip(), self.tr(TEXT_FIELDS[field])
        elif field in FLAG_FIELDS:
            value, label = bool(value), self.tr(FLAG_FIELDS[field])
        elif field in STAT_LABELS:
            label = STAT_LABELS[field]
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
                raise ArmyRefused(self.tr("{0} は 0 以上の整数です（空欄 = 未入力）").format(label))
        else:
            raise KeyError(field)
        before = getattr(unit, field)
        if before == value:
            return
        text = self.tr("部隊「{0}」: {1} {2} → {3}").format(
            unit.label(), label, self._shown(before), self._shown(value)
        )
        changed = (
            with_size(unit, value)
            if field == "size" and value is not None
            else replace(unit, **{field: value})
        )
        if changed.morale != unit.morale:  # 「Morale: …1〜12の値 + Size」: it follows the Size
            text += self.tr("（Morale {0} → {1}）").format(self._shown(unit.morale), changed.morale)
        self.commit(rules.replace_unit(self.state(), changed), text, text)

    def headcount_size(self, headcount: int, race: str | None) -> int:
        """The Size a head count gives (÷ 10 × the race's factor of Table 9.26, half up; `race` None:
        mixed races).  An unset factor is refused when the Size is set, not here."""
        table = self.rules.reference_table(catalog.UNIT_SIZE)
        return size_from_headcount(headcount, rules.race_factor(table, race))

    def size_from_headcount(self, unit_id: str, headcount: int, race: str | None) -> None:
        """Size = 人数 ÷ 10 × the race's factor (Table 9.26), half up; `race` None: mixed races,
        no factor.  One undo step and one log line; Morale follows the Size."""
        unit = self.unit(unit_id)
        table = self.rules.reference_table(catalog.UNIT_SIZE)
        new = rules.size_from_headcount(self.state(), unit_id, headcount, rules.race_factor(table, race))
        after = rules.require_unit(new, unit_id)
        typed = None if race is None else table.value(race, "factor")  # 「1.5」 as the GM wrote it
        how = self.tr("種族混在・係数なし") if race is None else self.tr("{0} 係数 {1}").format(race, typed)
        text = self.tr("部隊「{0}」: 人数 {1} ÷ 10（{2}）→ Size {3} → {4}").format(
            unit.label(), headcount, how, self._shown(unit.size), after.size
        )
        if after.morale != unit.morale:
            text += self.tr("（Morale {0} → {1}）").format(unit.morale, after.morale)
        self.commit(new, text, text, headcount=headcount, race=race)

    def _shown(self, value: Any) -> str:
        if value is None or value == "":
            return self.tr("（未入力）")
        if isinstance(value, bool):
            return self.tr("あり") if value else self.tr("なし")
        return str(value)

    # ---- the attack ------------------------------------------------------------------------
    def attack_spec(
        self, attacker_id: str, target_id: str, commander: Commander, tn_modifier: int = 0
    ) -> UnitAttackSpec:
        """What the panel shows before the roll; ArmyRefused says what is missing."""
        state = self.state()
        attacker, target = rules.require_unit(state, attacker_id), rules.require_unit(state, target_id)
        return attack_spec(
            attacker,
            target,
            self.commanders.roller(commander),
            self.rules,
            tn_modifier,
            self.uses_morale_bonus(),
        )

    def attack_odds(
        self, attacker_id: str, target_id: str, commander: Commander, tn_modifier: int = 0
    ) -> UnitAttackOdds:
        """The attack panel's odds; ArmyRefused says what is missing."""
        return unit_attack_odds(self.attack_spec(attacker_id, target_id, commander, tn_modifier))

    def attack(
        self, attacker_id: str, target_id: str, commander: Commander, tn_modifier: int = 0
    ) -> UnitAttackResult:
        spec = self.attack_spec(attacker_id, target_id, commander, tn_modifier)
        p = hit_probability(spec)
        seed = self._seed_source()
        result = resolve_unit_attack(spec, self._rng_factory(seed))
        a, t = spec.attacker.label(), spec.target.label()
        if result.hit:
            outcome = self.tr("命中: {0} ダメージ、Size {1} → {2}").format(
                result.damage, spec.target.size, result.target_after.size
            )
            if result.destroyed:
                outcome += self.tr("（{0} は消滅）").format(t)
        else:
            outcome = self.tr("外れ")
        entry = {"attacker": attacker_id, "target": target_id, "tn": spec.tn, "bonus": result.roll.bonus}
        dice, shown = faces_text(result.roll.faces), f"{self._degree_text(result.roll)} — {outcome}"
        extra = {
            "seed": seed,
            "p_hit": str(p),
            "attack": {**entry, "faces": list(result.roll.faces), "hit": result.hit, "damage": result.damage},
        }
        text = self.tr("{0}（命中率 {1}）").format(
            self._attack_text(spec, commander, tn_modifier), percent(float(p))
        )
        if result.hit:
            new = rules.replace_unit(self.state(), result.target_after)
            undo = self.tr("部隊攻撃: {0} → {1}").format(a, t)
            self.commit(new, undo, text, who=a, dice=dice, result=shown, **extra)
        else:  # nothing changed: a log line, no undo step
            self.log(text, who=a, dice=dice, result=shown, **extra)
        self.attack_resolved.emit(result)
        return result

    def _attack_text(self, spec: UnitAttackSpec, commander: Commander, tn_modifier: int) -> str:
        tn = self.tr("目標値 {0} = Toughness {1} + 10").format(spec.tn, spec.target.toughness)
        if spec.morale_defense:
            tn += self.tr(" + Morale修正 {0:+d}").format(spec.morale_defense)
        if tn_modifier:
            tn += f" {tn_modifier:+d}"
        if spec.morale_damage:
            tn += self.tr("、ダメージに Morale修正 {0:+d}").format(spec.morale_damage)
        return self.tr("部隊攻撃: {0} → {1}（指揮官 {2}、Strength修正 {3:+d}、{4}）").format(
            spec.attacker.label(),
            spec.target.label(),
            self.commanders.text(commander),
            spec.strength_bonus,
            tn,
        )

    # ---- morale ----------------------------------------------------------------------------
    def morale_spec(
        self,
        target_id: str,
        commander: Commander,
        support_id: str | None = None,
        tn_modifier: int = 0,
        rally: Commander | None = None,
    ) -> MoraleSpec:
        """`rally`: the target unit's commander and his Inspire, opposed to the test (3.11.1)."""
        target, support = self.unit(target_id), self.unit(support_id) if support_id else None
        rally_roller = None if rally is None else self.commanders.roller(rally)
        bands = self.rules.degree_bands()
        return morale_spec(
            target, self.commanders.roller(commander), bands, support, tn_modifier, rally_roller
        )

    def morale_odds(
        self,
        target_id: str,
        commander: Commander,
        support_id: str | None = None,
        tn_modifier: int = 0,
        rally: Commander | None = None,
    ) -> MoraleOdds:
        """The morale panel's odds; ArmyRefused says what is missing."""
        return morale_odds(self.morale_spec(target_id, commander, support_id, tn_modifier, rally))

    def morale_test(
        self,
        target_id: str,
        commander: Commander,
        support_id: str | None = None,
        tn_modifier: int = 0,
        rally: Commander | None = None,
    ) -> MoraleResult:
        spec = self.morale_spec(target_id, commander, support_id, tn_modifier, rally)
        p = break_probability(spec)
        seed = self._seed_source()
        result = resolve_morale(spec, self._rng_factory(seed))
        t = spec.target.label()
        parts = [self.commanders.text(commander)]
        if spec.support is not None:
            parts.append(
                self.tr("部隊「{0}」の Size {1}÷5 = {2:+d}").format(
                    spec.support.label(), spec.support.size, spec.support_bonus
                )
            )
        tn = self.tr("目標値 {0} = Morale {1}").format(spec.tn, spec.target.morale)
        parts.append(tn + (f" {tn_modifier:+d}" if tn_modifier else ""))
        if rally is not None:
            stop = self.tr("指揮官の Inspire {0}（対決で止める確率 {1}）")
            parts.append(stop.format(self.commanders.text(rally), percent(float(rally_probability(spec)))))
        inputs = self.tr("士気: {0} を崩す判定（{1}）").format(t, listed(parts))
        outcome = self.tr("{0} は崩壊") if result.broke else self.tr("{0} は踏みとどまった")
        dice, shown = faces_text(result.roll.faces), f"{self._degree_text(result.roll)} — {outcome.format(t)}"
        extra: dict[str, Any] = {"seed": seed, "p_break": str(p), "p_reach": str(reach_probability(spec))}
        if result.rally is not None:
            rounds = result.rally.rounds
            dice += self.tr(" / 対決: ") + listed(
                self.tr("Inspire {0} 対 {1}").format(r.a_total, r.b_total) for r in rounds
            )
            won, lost = (
                self.tr("（指揮官の Inspire が勝ち、崩壊を防いだ）"),
                self.tr("（指揮官の Inspire は及ばなかった）"),
            )
            shown += won if result.rallied else lost
            extra["rally"] = [[list(r.a_faces), list(r.b_faces)] for r in rounds]
        text = self.tr("{0}（崩壊する確率 {1}）").format(inputs, percent(float(p)))
        if result.broke:
            new = rules.replace_unit(self.state(), result.target_after)
            self.commit(new, self.tr("{0} の崩壊").format(t), text, who=t, dice=dice, result=shown, **extra)
        else:
            self.log(text, who=t, dice=dice, result=shown, **extra)
        self.morale_resolved.emit(result)
        return result

    def degree_label(self, degree: Degree | str) -> str:
        """A degree as the campaign's tables name it."""
        return degree_label(self.rules, degree)

    def _degree_text(self, roll: RollResult) -> str:
        return self.tr("達成値 {0}（{1}）").format(roll.total, self.degree_label(roll.degree))

    def seeded_rng(self) -> tuple[int, random.Random]:
        seed = self._seed_source()
        return seed, self._rng_factory(seed)

    # ---- storing ---------------------------------------------------------------------------
    def commit(self, new: Army, undo_text: str, log_text: str | None, **log: Any) -> None:
        """One undo step (and one log line when `log_text` is given).

        The document is read back before it is stored: the engine's dataclasses do not check the
        field limits, and a document `load_army` refuses would make the whole army look lost."""
        self.document.write(new, undo_text)
        if log_text is not None:
            self.log(log_text, **log)

    def log(self, text: str, who: str = "", dice: str = "", result: str = "", **extra: Any) -> None:
        self.campaign_model.append_log(LOG_KIND, summary_payload(SYSTEM_ID, text, who, dice, result, **extra))

    def _on_character_changed(self, _character_id: str) -> None:
        self.changed.emit()

    def _on_session_changed(self, key: str) -> None:
        if key in (ARMY_KEY, RULES_KEY, HOUSE_RULES_KEY):
            self.changed.emit()
