"""The 千幻抄 judgement panel: 3D6 + {特性値}+〈スキル〉 + 修正 against a 目標値, exact odds, the roll.

Recomputes on every input, on every edit of the chosen character (a raised 特性値 changes the odds
at once) and when the campaign's critical/fumble thresholds change (set here or undone elsewhere).
A check adds one 特性値 and at most one 〈スキル〉 (「{知性}+〈交渉〉」); the GM may type the
判定値 instead.  Only 千幻抄 characters roll: without one the roll is refused with the reason.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_payload import summary_payload
from gmtool.models.roller_inputs import CUSTOM, RollerInputs, RollerInputsMixin
from gmtool.models.sengensho.state import LOG_KIND, SYSTEM_ID, THRESHOLDS_KEY
from gmtool.models.sengensho.thresholds import read_thresholds, set_thresholds as store_thresholds
from gmtool.rules.checks import CheckKind, CheckResult, Outcome, Side
from gmtool.rules.dice import new_seed
from gmtool.rules.systems.sengensho import ATTRIBUTE_GROUP, attribute_kind_id
from gmtool.rules.systems.sengensho.character import ATTRIBUTES, SengenshoCharacter, Skill
from gmtool.rules.systems.sengensho.checks import (
    CRITICAL,
    DEFAULT_TARGET,
    FUMBLE,
    NATURAL_DISTRIBUTION,
    NATURAL_TOTALS,
    TARGET_BOUNDS as TARGET_BOUNDS,
    SengenshoCheckSpec,
    SengenshoRoller,
    check_distribution,
    outcome_by_natural_total,
    resolve_check,
    success_curve,
)
from gmtool.rules.systems.sengensho.rules_data import IdentificationTarget, sengensho_rules
from gmtool.rules.systems.sengensho.session import SessionRefused
from gmtool.store.campaign import StoredCharacter

NO_SKILL = ""  # 〈スキル〉なし
CURVE_MARGIN = 1  # the curve runs one 目標値 past where the dice stop mattering, on each side


def _tr(text: str) -> str:
    return QCoreApplication.translate("sengensho_check", text)


def outcome_text(outcome: Outcome | str) -> str:
    """The outcome as 千幻抄 names it: the shared AUTO_* codes are クリティカル and ファンブル."""
    return {
        CRITICAL: _tr("クリティカル（成功）"),
        Outcome.SUCCESS: _tr("成功"),
        Outcome.FAILURE: _tr("失敗"),
        FUMBLE: _tr("ファンブル（失敗）"),
    }[Outcome(outcome)]


def dice_text(faces: tuple[int, ...] | list[int]) -> str:
    return f"3D6 [{','.join(map(str, faces))}]={sum(faces)}"


def thresholds_text(critical: int, fumble: int) -> str:
    """「クリティカル 16 以上・ファンブル 5 以下」, or that there is none at the 19 / 2 settings."""
    highest, lowest = NATURAL_TOTALS[-1], NATURAL_TOTALS[0]
    crit = _tr("クリティカルなし") if critical > highest else _tr("クリティカル {0} 以上").format(critical)
    fum = _tr("ファンブルなし") if fumble < lowest else _tr("ファンブル {0} 以下").format(fumble)
    return _tr("{0}・{1}").format(crit, fum)


@dataclass
class CheckInputs(RollerInputs):
    source: str = attribute_kind_id(ATTRIBUTES[0][0])  # a 特性値 kind id, or CUSTOM (判定値 typed)
    skill: str = NO_SKILL  # one of the character's 〈スキル〉 by name, or none


class SengenshoCheckModel(RollerInputsMixin, QObject):
    panel_system = SYSTEM_ID
    changed = Signal()
    check_resolved = Signal(object)  # CheckResult
    roll_refused = Signal(object)  # why no roll was made (str, Message: no 千幻抄 character)

    def __init__(
        self,
        campaign_model: CampaignModel,
        seed_source: Callable[[], int] = new_seed,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self._seed_source = seed_source
        self.check_inputs = CheckInputs()
        self.target = DEFAULT_TARGET
        self.last_result: CheckResult | None = None
        self.critical, self.fumble, self.threshold_problem = read_thresholds(campaign_model)
        characters = self.characters()
        if characters:
            self.check_inputs.character_id = characters[0].id
        campaign_model.character_changed.connect(self._on_character_changed)
        campaign_model.characters_changed.connect(self._on_campaign_changed)
        campaign_model.session_changed.connect(self._on_session_changed)
        self._recompute()

    # ---- inputs ---------------------------------------------------------------
    def set_character(self, side: Side, character_id: str | None, recompute: bool = True) -> None:
        """The character who rolls (the action side; a 千幻抄 check has no other side here)."""
        if side != Side.ACTION:
            return  # opposed checks are the stepper's (SengenshoOpposedModel)
        self.check_inputs.character_id = character_id
        self._keep_skill_valid()
        if recompute:
            self._recompute()

    def set_skill(self, side: Side, skill: str) -> None:
        """〈スキル〉 added to the 特性値 (NO_SKILL: none); SessionRefused for a skill the character lacks."""
        character = self.character(side)
        if skill != NO_SKILL and (character is None or character.skill(skill) is None):
            raise SessionRefused(_tr("〈{0}〉はこのキャラクターのスキルにありません").format(skill))
        self.check_inputs.skill = skill
        self._recompute()

    def set_target(self, target: int) -> None:
        low, high = TARGET_BOUNDS
        if not low <= target <= high:
            raise SessionRefused(_tr("目標値 {0} は {1}〜{2} の範囲外です").format(target, low, high))
        self.target = target
        self._recompute()

    def set_thresholds(self, critical: int, fumble: int) -> None:
        """The campaign's house rule for every 千幻抄 roll: undoable and logged; SessionRefused (the
        message for the GM) for a bad pair.  The odds follow through session_changed."""
        if (critical, fumble) == (self.critical, self.fumble) and self.threshold_problem is None:
            return
        try:
            store_thresholds(self.campaign_model, critical, fumble)
        except ValueError as e:
            raise SessionRefused(str(e)) from None
        self.campaign_model.append_log(
            LOG_KIND,
            summary_payload(
                SYSTEM_ID,
                _tr("判定のクリティカル・ファンブル"),
                result=thresholds_text(critical, fumble),
                critical=critical,
                fumble=fumble,
            ),
        )

    # ---- derived values -------------------------------------------------------
    def characters(self) -> list[StoredCharacter]:
        """The campaign's 千幻抄 characters: the only ones this panel rolls for."""
        return self.campaign_model.characters_of(SYSTEM_ID)

    def inputs(self, side: Side = Side.ACTION) -> CheckInputs:
        return self.check_inputs

    def character(self, side: Side = Side.ACTION) -> SengenshoCharacter | None:
        character_id = self.check_inputs.character_id
        model = self.campaign_model  # one look-up, not a walk through every character at each roll
        if character_id and model.has_character(character_id):
            stored = model.stored(character_id)
            return stored.character if stored.system == SYSTEM_ID else None
        return None

    def kinds(self, side: Side = Side.ACTION) -> list[CheckKind]:
        """The five 特性値, always listed (0 without a character, so the GM can still read odds)."""
        character = self.character(side)
        values = {key: character.attribute(key) if character else 0 for key, _ in ATTRIBUTES}
        return [
            CheckKind(attribute_kind_id(key), label, values[key], ATTRIBUTE_GROUP)
            for key, label in ATTRIBUTES
        ]

    def skills(self, side: Side = Side.ACTION) -> tuple[Skill, ...]:
        """The 〈スキル〉 the chosen character may add (none without a character)."""
        character = self.character(side)
        return character.skills if character is not None else ()

    def _attribute(self) -> CheckKind | None:
        return next((k for k in self.kinds() if k.id == self.check_inputs.source), None)

    def _skill(self) -> Skill | None:
        character, name = self.character(), self.check_inputs.skill
        return character.skill(name) if character is not None and name != NO_SKILL else None

    def value(self, side: Side = Side.ACTION) -> int:
        """判定値: {特性値}+〈スキル〉, or the value typed."""
        if self.check_inputs.source == CUSTOM:
            return self.check_inputs.custom_value
        attribute, skill = self._attribute(), self._skill()
        return (attribute.value if attribute else 0) + (skill.level if skill else 0)

    def source_label(self, side: Side = Side.ACTION) -> str:
        """「{知性}+〈交渉〉」 as the rule text writes it, or 判定値 when typed."""
        attribute = self._attribute()
        if self.check_inputs.source == CUSTOM or attribute is None:
            return _tr("判定値")
        skill = self._skill()
        # The rule text writes a 特性値 in braces (「{知性}+〈交渉〉」); the English UI names it in English.
        shown = _tr("{{{0}}}").format(_tr(attribute.label))
        return shown + (f"+〈{skill.name}〉" if skill else "")

    def value_parts(self) -> str:
        """「5+2」: each part of the 判定値 (one number when typed or without a skill)."""
        attribute, skill = self._attribute(), self._skill()
        if self.check_inputs.source == CUSTOM or attribute is None or skill is None:
            return str(self.value())
        return f"{attribute.value}{skill.level:+d}"

    def roller(self, side: Side = Side.ACTION) -> SengenshoRoller:
        return SengenshoRoller(self.value(), self.check_inputs.modifier, self.critical, self.fumble)

    def spec(self) -> SengenshoCheckSpec:
        return SengenshoCheckSpec(self.roller(), self.target)

    def roll_refusal(self) -> str | None:
        """Why a roll cannot be made now, or None."""
        if self.character() is not None:
            return None
        if not self.characters():
            return _tr("千幻抄のキャラクターがいません。キャラクターを追加してから振ってください")
        character_id = self.check_inputs.character_id
        if character_id and self.campaign_model.has_character(character_id):
            name = self.campaign_model.character(character_id).name or _tr("（名前なし）")
            return _tr("{0}は千幻抄のキャラクターではありません").format(name)
        return _tr("判定するキャラクターを選んでください")

    @property
    def identification(self) -> tuple[IdentificationTarget, ...]:
        """類型を見抜く情報項目の目標値の目安 (rule text 「類型の感知と秘匿」)."""
        return sengensho_rules().identification

    @property
    def default_thresholds(self) -> tuple[int, int]:
        rules = sengensho_rules()
        return rules.default_critical, rules.default_fumble

    @property
    def house_thresholds(self) -> bool:
        """True when the campaign's critical/fumble thresholds are not the shipped 16 / 5."""
        return (self.critical, self.fumble) != self.default_thresholds

    # ---- what the plots read ------------------------------------------------------
    curve_x_label = "目標値"

    @property
    def curve_marker(self) -> int:
        return self.target

    def difficulty_guides(self) -> list[tuple[int, int | None, str]]:
        # The identification targets are a table beside the plot, not a scale of difficulties.
        return []

    def curve_range(self) -> range:
        """目標値 from where only a fumble fails to where only a critical succeeds, and the current one."""
        base = self.value() + self.check_inputs.modifier
        low = base + NATURAL_TOTALS.start - CURVE_MARGIN
        high = base + NATURAL_TOTALS.stop + CURVE_MARGIN
        return range(min(low, self.target), max(high, self.target + 1))

    # Computed by _recompute: the panel reads these, never the engine.
    outcome_probabilities: dict[Outcome, Fraction]
    success_probability: Fraction  # クリティカル included
    natural_bars: list[tuple[int, Fraction, Outcome | None]]
    curve: dict[int, Fraction]

    def _recompute(self) -> None:
        roller = self.roller()
        spec = SengenshoCheckSpec(roller, self.target)
        dist = check_distribution(spec)
        self.outcome_probabilities = {o: dist[o] for o in Outcome}
        self.success_probability = dist.probability(lambda o: o.succeeded)
        by_total = outcome_by_natural_total(spec)
        self.natural_bars = [(t, NATURAL_DISTRIBUTION[t], by_total[t]) for t in NATURAL_TOTALS]
        self.curve = success_curve(roller, self.curve_range())
        self.changed.emit()

    # ---- rolling --------------------------------------------------------------
    def roll(self) -> CheckResult | None:
        """Rolls 3D6 with a fresh seed, logs it and returns the result; None (and `roll_refused` with
        the reason) when there is no 千幻抄 character to roll for."""
        reason = self.roll_refusal()
        if reason is not None:
            self.roll_refused.emit(reason)
            return None
        spec = self.spec()
        seed = self._seed_source()
        result = resolve_check(spec, random.Random(seed), seed)
        self.last_result = result
        self.campaign_model.append_log("check", self._log_payload(result, spec))
        self.check_resolved.emit(result)
        return result

    def inputs_text(self, spec: SengenshoCheckSpec | None = None) -> str:
        """「{知性}+〈交渉〉 5+2 修正+1 / 目標値 14」 (and the thresholds when they are a house rule)."""
        spec = spec or self.spec()
        text = f"{self.source_label()} {self.value_parts()}"
        if spec.roller.modifier:
            text += _tr(" 修正{0:+d}").format(spec.roller.modifier)
        text += _tr(" / 目標値 {0}").format(spec.target)
        if (spec.roller.critical, spec.roller.fumble) != self.default_thresholds:
            text += f" / {thresholds_text(spec.roller.critical, spec.roller.fumble)}"
        return text

    def _log_payload(self, result: CheckResult, spec: SengenshoCheckSpec) -> dict[str, Any]:
        character = self.character()
        roller = spec.roller
        inputs = self.check_inputs
        return summary_payload(
            SYSTEM_ID,
            self.inputs_text(spec),
            who=(character.name or _tr("（名前なし）")) if character else "",
            dice=dice_text(result.faces),
            result=_tr("達成値 {0} {1}").format(result.total, outcome_text(result.outcome)),
            mode="check",
            character_id=inputs.character_id,
            character=character.name if character else "",
            source=inputs.source,
            skill=inputs.skill if inputs.source != CUSTOM else NO_SKILL,
            source_label=self.source_label(),
            seed=result.seed,
            faces=list(result.faces),
            natural=sum(result.faces),
            value=roller.value,
            modifier=roller.modifier,
            target=spec.target,
            critical=roller.critical,
            fumble=roller.fumble,
            total=result.total,
            outcome=str(result.outcome),
            probability=float(self.success_probability),
        )

    # ---- internals ------------------------------------------------------------
    def _keep_skill_valid(self) -> None:
        """A skill the (new or edited) character does not have falls back to なし."""
        if self.check_inputs.skill != NO_SKILL and self._skill() is None:
            self.check_inputs.skill = NO_SKILL

    def _on_campaign_changed(self, *_: object) -> None:
        """A removed character drops out of the panel; any edit may change the 判定値."""
        ids = [s.id for s in self.characters()]
        if self.check_inputs.character_id not in ids:
            self.check_inputs.character_id = ids[0] if ids else None
        self._keep_skill_valid()
        self._recompute()

    def _on_session_changed(self, key: str) -> None:
        if key != THRESHOLDS_KEY:
            return
        self.critical, self.fumble, self.threshold_problem = read_thresholds(self.campaign_model)
        self._recompute()
