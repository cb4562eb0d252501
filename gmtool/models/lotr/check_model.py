"""The LotR (CODA) judgement panel: 判定, グループ判定, 対決判定, 堕落判定 with exact odds, the roll,
and courage spent after seeing it.

Recomputes on every input, on every edit of a chosen character (a wound changes the
penalty at once) and when the GM edits the rule tables.  Courage is counted per
round in session state (COURAGE_KEY), so spending it and 次のラウンド are undoable and
survive a restart; the points spent on the last roll are kept there too, so undoing
a spend also puts the shown degree back.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.battle_keys import ENCOUNTER_KEY
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.models.lotr.check_courage import LotRCourage, RolledCheck
from gmtool.models.lotr.check_log import (
    bearing_warning,
    bonus_parts,
    check_log_payload,
    condition_brief,
    condition_text,
    wound_gap_warning,
)
from gmtool.models.lotr.check_odds import Odds, compute_odds
from gmtool.models.lotr.courage_rounds import COURAGE_KEY
from gmtool.models.lotr.rules_model import RULES_KEY, campaign_lotr_rules
from gmtool.models.lotr.shown_names import shown_kind
from gmtool.models.roller_inputs import CUSTOM, RollerInputs, RollerInputsMixin
from gmtool.rules.checks import CheckKind
from gmtool.rules.dice import new_seed
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.checks import (
    GROUP_HELPER_TN_OFFSET,
    TN_BOUNDS,
    Contestant,
    GroupSpec,
    LotRResult,
    LotRRoller,
    OpposedResult,
    OpposedSpec,
    RollResult,
    RollSpec,
    TieRule,
    corruption_after,
    degree_of,
    resolve,
)
from gmtool.rules.systems.lotr.courage import CouragePerPoint
from gmtool.rules.systems.lotr.derived import AFFINITY_BONUS, condition_penalty, wound_track
from gmtool.rules.systems.lotr.house_rules import MARGINAL_HELPER
from gmtool.rules.systems.lotr.kinds import DEFAULT_TN, check_kinds, roller_for
from gmtool.rules.systems.lotr.rules_data import Degree
from gmtool.store.campaign import StoredCharacter

SYSTEM_ID = "lotr"
TEST, GROUP, OPPOSED, CORRUPTION = "test", "group", "opposed", "corruption"
MODES = (TEST, GROUP, OPPOSED, CORRUPTION)
WILLPOWER = "reaction:willpower"  # 1.2.4: the corruption test is a Willpower test
TN_MIN, TN_MAX = TN_BOUNDS
MAX_HELPERS = 12
Side = Contestant | int  # A, B, or the index of a helper in a group test


@dataclass
class LotRInputs(RollerInputs):
    affinity: int = 0  # how many related skills (関連技能): +1 each
    wounds: bool = True  # the wound penalty applies (physical and most knowledge tests)


class LotRCheckModel(RollerInputsMixin, QObject):
    panel_system = SYSTEM_ID
    changed = Signal()
    # RollResult | GroupResult | OpposedResult; emitted after a roll and again after courage is spent
    check_resolved = Signal(object)
    roll_refused = Signal(str)  # why no roll was made (no character chosen)

    def __init__(
        self,
        campaign_model: CampaignModel,
        seed_source: Callable[[], int] = new_seed,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._kinds_cache: dict[int, tuple[Any, Any, list[CheckKind]]] = {}
        self.campaign_model = campaign_model
        self._seed_source = seed_source
        self.rules = campaign_lotr_rules(campaign_model)
        self.a, self.b = LotRInputs(), LotRInputs()
        self.helpers: list[LotRInputs] = []
        self.mode = TEST
        self.difficulty = DEFAULT_TN  # 目標値 (TN); the shared setters call it difficulty
        self.tie_rule = TieRule.REROLL
        self.rolled: RolledCheck | None = None
        self.courage = LotRCourage(campaign_model, self, self)  # spent after seeing the roll (1.2.3)
        self.courage.spent.connect(self.check_resolved)
        self._source_before_corruption: str | None = None  # A's choice, put back after 堕落判定
        ids = self._ids()
        if ids:
            self.set_character(Contestant.A, ids[0], recompute=False)
            self.set_character(Contestant.B, next((i for i in ids if i != ids[0]), ids[0]), recompute=False)
        campaign_model.character_changed.connect(self._on_character_changed)
        campaign_model.characters_changed.connect(self._on_campaign_changed)
        campaign_model.session_changed.connect(self._on_session_changed)
        self._recompute()

    # ---- inputs ---------------------------------------------------------------------------
    def set_character(self, side: Side, character_id: str | None, recompute: bool = True) -> None:
        if not isinstance(side, Contestant) and character_id and character_id == self.a.character_id:
            raise ValueError(self._leader_refusal())
        self.inputs(side).character_id = character_id
        self._fit(side)
        if side is Contestant.A:
            self._keep_apart()
        if recompute:
            self._recompute()

    def _fit(self, side: Side) -> None:
        """The character still exists and the chosen check is one it can still make (a table edit
        or a sheet edit can take one away); otherwise the first check, never a silent typed 0."""
        inputs = self.inputs(side)
        if inputs.character_id not in self._ids():
            inputs.character_id = None
        kinds = [k.id for k in self.kinds(side)]
        if self.mode == CORRUPTION and side is Contestant.A and WILLPOWER in kinds:
            inputs.source = WILLPOWER
        elif inputs.source != CUSTOM and inputs.source not in kinds:
            inputs.source = kinds[0] if kinds else CUSTOM

    def _keep_apart(self) -> None:
        """B is someone else than A when there is anyone else; the leader is never a helper."""
        leader, ids = self.a.character_id, self._ids()
        if leader is not None and self.b.character_id == leader:
            self.b.character_id = next((i for i in ids if i != leader), leader)
            self._fit(Contestant.B)
        for index, helper in enumerate(self.helpers):
            if leader is not None and helper.character_id == leader:
                helper.character_id = None
                self._fit(index)

    def _leader_refusal(self) -> str:
        character = self.character(Contestant.A)
        return self.tr(
            "リーダー「{0}」は自分を助けられません。助ける人には別のキャラクターを選んでください"
        ).format(character.name if character is not None else "")

    def set_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(Message("判定の種類 '{0}' はありません", mode))
        if mode == CORRUPTION and self.mode != CORRUPTION:
            self._source_before_corruption = self.a.source  # 1.2.4 forces Willpower only while here
        elif mode != CORRUPTION and self.mode == CORRUPTION and self._source_before_corruption is not None:
            self.a.source, self._source_before_corruption = self._source_before_corruption, None
        self.mode = mode
        self._fit(Contestant.A)
        self._keep_apart()
        self._recompute()

    def set_tn(self, tn: int) -> None:
        self.set_difficulty(tn)

    @property
    def tn(self) -> int:
        return self.difficulty

    def set_affinity(self, side: Side, count: int) -> None:
        if count < 0:
            raise ValueError(self.tr("関連技能の数は 0 以上です（{0}）").format(count))
        self.inputs(side).affinity = count
        self._recompute()

    def set_wounds_apply(self, side: Side, on: bool) -> None:
        """Whether this test is one the wound penalty touches (weariness always does)."""
        self.inputs(side).wounds = on
        self._recompute()

    def set_tie_rule(self, rule: TieRule | str) -> None:
        self.tie_rule = TieRule(rule)
        self._recompute()

    def add_helper(self, character_id: str | None = None) -> int:
        """A helper in a group test: the given character, else the first one not yet in the test."""
        if len(self.helpers) >= MAX_HELPERS:
            raise ValueError(self.tr("助ける人は {0} 人までです").format(MAX_HELPERS))
        if character_id is None:
            used = {self.a.character_id, *(h.character_id for h in self.helpers)}
            character_id = next((i for i in self._ids() if i not in used), None)
        elif character_id == self.a.character_id:
            raise ValueError(self._leader_refusal())
        self.helpers.append(LotRInputs())
        index = len(self.helpers) - 1
        self.set_character(index, character_id)
        return index

    def remove_helper(self, index: int) -> None:
        del self.helpers[index]
        self._recompute()

    # ---- what each roller is ----------------------------------------------------------------
    def characters(self) -> list[StoredCharacter]:
        return self.campaign_model.characters_of(SYSTEM_ID)

    def _ids(self) -> list[str]:
        return [s.id for s in self.characters()]

    def inputs(self, side: Side) -> LotRInputs:
        if isinstance(side, Contestant):
            return self.a if side is Contestant.A else self.b
        return self.helpers[side]

    def character(self, side: Side) -> Any:
        return self.character_by_id(self.inputs(side).character_id)

    def character_by_id(self, character_id: str | None) -> Any:
        """The LotR character with this id, or None (none chosen, or since removed)."""
        return self.campaign_model.character(character_id) if character_id in self._ids() else None

    def kinds(self, side: Side) -> list[CheckKind]:
        character = self.character(side)
        if character is None:
            return []
        # Asked for a dozen times per recompute (value, roller, labels…): reuse the list while
        # the character and the tables are the same objects (both are replaced on every edit).
        cached = self._kinds_cache.get(id(character))
        if cached is None or cached[0] is not character or cached[1] is not self.rules:
            if len(self._kinds_cache) > 64:  # old versions of edited characters
                self._kinds_cache.clear()
            cached = (character, self.rules, check_kinds(character, self.rules))
            self._kinds_cache[id(character)] = cached
        return cached[2]

    def _kind(self, side: Side) -> CheckKind | None:
        source = self.inputs(side).source
        return next((k for k in self.kinds(side) if k.id == source), None)

    def value(self, side: Side) -> int:
        """The value shown for the chosen check (ranks + attribute modifier …, before penalties)."""
        kind = self._kind(side)
        return kind.value if kind is not None else self.inputs(side).custom_value

    def source_label(self, side: Side) -> str:
        kind = self._kind(side)
        return shown_kind(kind) if kind is not None else self.tr("直接入力")

    def roller(self, side: Side) -> LotRRoller:
        inputs, character = self.inputs(side), self.character(side)
        affinity = inputs.affinity * AFFINITY_BONUS
        if character is not None and self._kind(side) is not None:
            return roller_for(character, inputs.source, self.rules, inputs.modifier, affinity, inputs.wounds)
        condition = condition_penalty(character, self.rules, inputs.wounds) if character is not None else 0
        return LotRRoller(
            rank=inputs.custom_value, affinity=affinity, condition=condition, modifier=inputs.modifier
        )

    def condition_text(self, side: Side, brief: bool = False) -> str:
        """The wound and weariness levels and what they take off (applied automatically); *brief*:
        the two penalties and their total only."""
        character = self.character(side)
        if character is None:
            return ""
        wounds = self.inputs(side).wounds
        return (condition_brief if brief else condition_text)(character, self.rules, wounds)

    def dead(self, side: Side) -> bool:
        """The character is past its last wound level: the GM decides whether it may roll at all."""
        character = self.character(side)
        return character is not None and wound_track(character, self.rules).dead

    def bonus_parts(self, side: Side) -> list[tuple[str, int]]:
        """Where each point of the bonus comes from, as (name, points), zeros left out."""
        kind = self._kind(side)
        return bonus_parts(self.roller(side), kind.id if kind is not None else "")

    def spec(self) -> RollSpec | GroupSpec | OpposedSpec:
        bands = self.rules.degree_bands()
        if self.mode == OPPOSED:
            return OpposedSpec(self.roller(Contestant.A), self.roller(Contestant.B), self.tie_rule, bands)
        leader = RollSpec(self.roller(Contestant.A), self.difficulty, bands)
        if self.mode == GROUP:
            helpers = tuple(self.roller(i) for i in range(len(self.helpers)))
            return GroupSpec(leader, helpers, self.marginal_helper)
        return leader

    @property
    def marginal_helper(self) -> str:
        """The campaign's reading of what a Marginal helper adds (house rule MARGINAL_HELPER)."""
        return campaign_house_rules(self.campaign_model).get(MARGINAL_HELPER)

    # Computed by _recompute: the panel and the plots read these numbers, never the engine.
    odds: Odds

    def _recompute(self) -> None:
        self.odds = compute_odds(self.spec(), self.courage.most(), self.courage.per_point().total)
        self.changed.emit()

    # ---- rolling --------------------------------------------------------------------------
    def _roll_key(self) -> tuple[object, ...]:
        """What a roll belongs to: the kind of test, who rolls, and the TN (B in an opposed test)."""
        opposed = self.mode == OPPOSED
        return (self.mode, self.a.character_id, self.b.character_id if opposed else self.difficulty)

    @property
    def last_result(self) -> LotRResult | None:
        """The last roll with the courage spent on it (undo shows through: it is read again)."""
        return self.courage.last_result

    @property
    def helper_tn(self) -> int:
        """The TN each helper of a group test rolls against (「目標値 -5」)."""
        return self.difficulty + GROUP_HELPER_TN_OFFSET

    @property
    def opposed_degree(self) -> Degree | None:
        """The winner's degree of the last opposed roll, read from the difference of the totals
        with the courage spent on it (1.5.2); None when the last roll was not opposed."""
        result = self.last_result
        if not isinstance(result, OpposedResult):
            return None
        return degree_of(result.margin, self.rules.degree_bands())

    @property
    def corruption_outcomes(self) -> list[tuple[int, int | None, Fraction]]:
        """Each change a corruption test may give, with the Corruption it leaves A at (None: no
        character chosen) and its chance (1.2.4)."""
        character = self.character(Contestant.A)
        return [
            (change, max(0, character.corruption + change) if character is not None else None, p)
            for change, p in self.odds.corruption_probabilities.items()
        ]

    @property
    def corruption_after_roll(self) -> int | None:
        """The Corruption of whoever took the last corruption test, as it stands now (courage spent
        since may have changed it); None when the last roll changed none or they are gone."""
        rolled = self.rolled
        if rolled is None or rolled.corruption_before is None:
            return None
        character = self.character_by_id(rolled.character_id)
        return character.corruption if character is not None else None

    @property
    def roll_is_current(self) -> bool:
        """The last roll is of the test now set up (not an old one from another mode or roller)."""
        return self.rolled is not None and self.rolled.key == self._roll_key()

    def roll(self) -> LotRResult | None:
        """Rolls and logs; None (and `roll_refused` with the reason) when no character rolls."""
        if self.character(Contestant.A) is None:
            self.roll_refused.emit(
                self.tr("判定するキャラクターを選んでください（いなければ先に追加してください）")
            )
            return None
        seed = self._seed_source()
        spec = self.spec()
        result = replace(resolve(spec, random.Random(seed)), seed=seed)
        character_id = self.a.character_id if self.character(Contestant.A) is not None else None
        before = after = None
        if self.mode == CORRUPTION and character_id is not None:
            assert isinstance(result, RollResult)
            before = self.campaign_model.character(character_id).corruption
            after = corruption_after(before, result.degree)
        payload = check_log_payload(self, result, before, after)
        key = self._roll_key()
        if character_id is not None and before is not None and after is not None and after != before:
            # The Corruption first, then its line: one step, one transaction (a line logged before
            # the push would be committed apart from it, and not marked undone with it).
            character = replace(self.campaign_model.character(character_id), corruption=after)
            self.campaign_model.update_character(character_id, character, self.tr("堕落判定"))
        entry = self.campaign_model.append_log("check", payload)
        b_id = (
            self.b.character_id if self.mode == OPPOSED and self.character(Contestant.B) is not None else None
        )
        values = (
            self.courage.per_point(),
            self.courage.per_point(Contestant.B) if b_id else CouragePerPoint(),
        )
        self.rolled = RolledCheck(
            result, spec, self.mode, character_id, entry.id, before, after, key, b_id, values
        )
        self.check_resolved.emit(result)
        return result

    @property
    def warning(self) -> str:
        """A roller whose worse wound rolls better than a lighter one (an unset penalty counted 0),
        and after a corruption test, a Corruption that has reached Bearing (1.2.4)."""
        warnings = [w for side in self._sides() if (w := self._wound_gap(side))]
        rolled = self.rolled
        character = self.character_by_id(rolled.character_id) if rolled is not None else None
        if rolled and rolled.mode == CORRUPTION and character and (bearing := bearing_warning(character)):
            warnings.append(bearing)
        return "\n".join(warnings)

    def _sides(self) -> list[Side]:
        """Who rolls in the test now set up."""
        if self.mode == OPPOSED:
            return [Contestant.A, Contestant.B]
        if self.mode == GROUP:
            return [Contestant.A, *range(len(self.helpers))]
        return [Contestant.A]

    def _wound_gap(self, side: Side) -> str:
        character = self.character(side)
        if character is None or not self.inputs(side).wounds:
            return ""
        return wound_gap_warning(character, self.rules)

    # ---- keeping up with the campaign -------------------------------------------------------
    def _on_campaign_changed(self, *_: object) -> None:
        """A removed character drops out; any edit may change the odds (wounds, courage left)
        or take the chosen check away (a skill's ranks removed)."""
        self._fit_all()
        self._recompute()

    def _fit_all(self) -> None:
        for side in (Contestant.A, Contestant.B, *range(len(self.helpers))):
            self._fit(side)
        self._keep_apart()

    def _on_session_changed(self, key: str) -> None:
        if key == RULES_KEY:  # an edited table can take a check away (a skill made trained-only)
            self.rules = campaign_lotr_rules(self.campaign_model)
            self._fit_all()
        if key == HOUSE_RULES_KEY:  # a reading the odds follow (the rules in force re-read too)
            self.rules = campaign_lotr_rules(self.campaign_model)
        if key in (RULES_KEY, COURAGE_KEY, HOUSE_RULES_KEY, ENCOUNTER_KEY):  # the tracker's round counts
            self._recompute()
