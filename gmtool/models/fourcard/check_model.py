"""The フォーカード judgement panel: 目標ロール, 比較ロール or 達成ロール, exact odds, the roll.

Recomputes on every input and on every edit of the chosen characters, so a
character reaching 衰弱 changes the odds at once (−2 to every roll).  A natural 2
(自動的失敗) costs the roller 1 疲労, applied as its own undoable step.  The campaign's
house rules are read on every computation (the 総合LV table for 能力値＋総合LV and the
resistances, what a natural 12 or 2 does in a 比較ロール), and a flipped switch recomputes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.fourcard.check_log import check_log_payload
from gmtool.models.fourcard.terms import QT_TRANSLATE_NOOP, check_label
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.models.roller_inputs import CUSTOM, RollerInputs, RollerInputsMixin
from gmtool.rules.checks import CheckKind, Outcome
from gmtool.rules.dice import new_seed, sum_distribution
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.message import Message
from gmtool.rules.systems.fourcard import SYSTEM as FOURCARD
from gmtool.rules.systems.fourcard.checks import (
    DEFAULT_DIFFICULTY,
    FUMBLE_FATIGUE,
    AchievementSpec,
    CompareSpec,
    Contestant,
    FourCardResult,
    FourCardRoller,
    TargetSpec,
    achievement_distribution,
    automatic,
    compare_distribution,
    compare_round_distribution,
    fumbles,
    margin_distribution,
    success_curve,
    target_distribution,
)
from gmtool.rules.systems.fourcard.derived import is_weakened
from gmtool.rules.systems.fourcard.house_rules import COMPARE_NATURALS, LEVEL_TABLE, NATURALS_PLAIN
from gmtool.rules.systems.fourcard.rules_data import DifficultyStep, fourcard_rules
from gmtool.store.campaign import StoredCharacter

SYSTEM_ID = "fourcard"
TARGET, COMPARE, ACHIEVEMENT = "target", "compare", "achievement"
MODES = (TARGET, COMPARE, ACHIEVEMENT)
NATURAL_TOTALS = sum_distribution(2, 6)
COMPARE_CURVE_SPAN = 10  # 比較ロール: P(A wins) for B's ベース ±10 around the current one


class FourCardCheckModel(RollerInputsMixin, QObject):
    panel_system = SYSTEM_ID
    changed = Signal()
    check_resolved = Signal(object)  # CheckResult | CompareResult | AchievementResult
    result_cleared = Signal()  # another kind of roll chosen: the last roll was not of this kind
    roll_refused = Signal(str)  # why no roll was made (no character chosen)

    def __init__(
        self,
        campaign_model: CampaignModel,
        seed_source: Callable[[], int] = new_seed,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self._seed_source = seed_source
        self.rules = fourcard_rules()
        self.system = FOURCARD  # what get_system(SYSTEM_ID) gives, with its own type
        self.a = RollerInputs()
        self.b = RollerInputs()
        self.mode = TARGET
        self.difficulty = DEFAULT_DIFFICULTY
        # 比較ロール: 「引き分けや膠着状態がありえる判定であれば、GMの判断で、優劣がつかなかったことに」
        self.draw_allowed = False
        self.last_result: FourCardResult | None = None
        characters = self.characters()
        if characters:
            self.set_character(Contestant.A, characters[0].id, recompute=False)
            self.set_character(Contestant.B, characters[-1].id, recompute=False)
        campaign_model.character_changed.connect(self._on_character_changed)
        campaign_model.characters_changed.connect(self._on_campaign_changed)
        campaign_model.session_changed.connect(self._on_session_changed)
        self._recompute()

    # ---- inputs ---------------------------------------------------------------
    def set_character(self, side: Contestant, character_id: str | None, recompute: bool = True) -> None:
        inputs = self.inputs(side)
        inputs.character_id = character_id
        kinds = self.kinds(side)
        if inputs.source != CUSTOM and inputs.source not in {k.id for k in kinds}:
            inputs.source = kinds[0].id if kinds else CUSTOM
        if recompute:
            self._recompute()

    def set_draw_allowed(self, on: bool) -> None:
        """比較ロール: a tie is a draw (the GM's ruling) instead of being rolled again."""
        self.draw_allowed = on
        self._recompute()

    def set_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(Message("判定ロールの種類 '{0}' はありません", mode))
        if mode != self.mode and self.last_result is not None:
            # A 目標ロール's result beside 比較ロール's inputs (or the other way) reads as this one's.
            self.last_result = None
            self.result_cleared.emit()
        self.mode = mode
        self._recompute()

    # ---- derived values -------------------------------------------------------
    def characters(self) -> list[StoredCharacter]:
        return self.campaign_model.characters_of(SYSTEM_ID)

    def inputs(self, side: Contestant) -> RollerInputs:
        return self.a if side is Contestant.A else self.b

    def character(self, side: Contestant) -> Any:
        character_id = self.inputs(side).character_id
        model = self.campaign_model  # one look-up, not a walk through every character at each roll
        if character_id and model.has_character(character_id):
            stored = model.stored(character_id)
            return stored.character if stored.system == SYSTEM_ID else None
        return None

    def kinds(self, side: Contestant) -> list[CheckKind]:
        character = self.character(side)
        if character is None:
            return []
        # Labelled in the UI language (the box's choices and the log's line): 「【接近戦】（その他）」 is
        # "Melee 【接近戦】 (other)" in English.
        kinds = FOURCARD.checks(character, campaign_house_rules(self.campaign_model).get(LEVEL_TABLE))
        return [replace(kind, label=check_label(kind.label)) for kind in kinds]

    def naturals(self) -> str:
        """What a natural 12 or 2 does in a 比較ロール (the COMPARE_NATURALS house rule)."""
        return campaign_house_rules(self.campaign_model).get(COMPARE_NATURALS)

    @property
    def naturals_plain(self) -> bool:
        """The house rule's reading where a 比較ロール's roll values alone decide (no natural 12 / 2)."""
        return self.naturals() == NATURALS_PLAIN

    def base(self, side: Contestant) -> int:
        inputs = self.inputs(side)
        if inputs.source == CUSTOM:
            return inputs.custom_value
        kind = next((k for k in self.kinds(side) if k.id == inputs.source), None)
        return kind.value if kind is not None else 0

    value = base  # what the shared input setters call the value shown

    def source_label(self, side: Contestant) -> str:
        inputs = self.inputs(side)
        kind = next((k for k in self.kinds(side) if k.id == inputs.source), None)
        return kind.label if kind is not None else self.tr("ベース")

    def weakened(self, side: Contestant) -> bool:
        """累積ダメージ has reached 衰弱: the engine takes −2 off every roll."""
        character = self.character(side)
        return character is not None and is_weakened(character)

    def roller(self, side: Contestant) -> FourCardRoller:
        return FourCardRoller(self.base(side), self.inputs(side).modifier, self.weakened(side))

    def spec(self) -> TargetSpec | CompareSpec | AchievementSpec:
        if self.mode == COMPARE:
            return self._compare_spec(self.roller(Contestant.A), self.roller(Contestant.B))
        if self.mode == ACHIEVEMENT:
            return AchievementSpec(self.roller(Contestant.A))
        return TargetSpec(self.roller(Contestant.A), self.difficulty)

    def _compare_spec(self, a: FourCardRoller, b: FourCardRoller) -> CompareSpec:
        return CompareSpec(a, b, self.naturals(), self.draw_allowed)

    def difficulty_warning(self) -> str:
        """Why the difficulty is past the table's last step, 「難易度の限界数値」 (30); else ""."""
        limit = self.rules.difficulty_steps[-1]
        if self.difficulty <= limit.value:
            return ""
        return self.tr("難易度 {0} は「{1}」（{2}）を超えています").format(
            self.difficulty, self.tr(limit.label), limit.value
        )

    def difficulty_step(self) -> DifficultyStep | None:
        """The difficulty table's step the difficulty is at (its label, and whether the number is
        SPEC.md's reading), or None between steps."""
        return self.rules.step_for(self.difficulty)

    # ---- what the plots read ------------------------------------------------------
    @property
    def curve_x_label(self) -> str:
        """The curve's x axis, a source the view translates (marked for lupdate in its context)."""
        if self.mode == COMPARE:
            return QT_TRANSLATE_NOOP("FourCardCheckView", "B のベース＋修正")
        return QT_TRANSLATE_NOOP("FourCardCheckView", "難易度")

    @property
    def curve_marker(self) -> int:
        if self.mode == COMPARE:
            return self.b.modifier + self.base(Contestant.B)
        return self.difficulty

    def difficulty_guides(self) -> list[tuple[int, int | None, str]]:
        return [(s.value, s.value, s.label) for s in self.rules.difficulty_steps]

    # Computed by _recompute: the panel reads these, never the engine.
    outcome_probabilities: dict[Outcome, Fraction]
    success_probability: Fraction
    margin_probabilities: dict[int, Fraction]  # 成功の度合 → P (目標ロール)
    achievement_probabilities: dict[int, Fraction]  # ロール値 → P (達成ロール)
    achievement_range: tuple[int, int]  # the lowest and the highest ロール値
    achievement_mean: Fraction
    natural_bars: list[tuple[int, Fraction, Outcome | None]]
    curve: dict[int, Fraction]
    wins: dict[Contestant | None, Fraction]  # 比較ロール: ties re-rolled, or None = a draw if allowed
    tie_per_round: Fraction

    def _recompute(self) -> None:
        roller = self.roller(Contestant.A)
        target = TargetSpec(roller, self.difficulty)
        outcomes = target_distribution(target)
        self.outcome_probabilities = {o: outcomes[o] for o in Outcome}
        self.success_probability = outcomes.probability(lambda o: o.succeeded)
        margins = margin_distribution(target)
        self.margin_probabilities = {
            m: p for m, p in sorted(margins.items(), key=_margin_key) if m is not None
        }
        values = achievement_distribution(AchievementSpec(roller))
        self.achievement_probabilities = dict(sorted(values.items()))
        self.achievement_range = (min(self.achievement_probabilities), max(self.achievement_probabilities))
        self.achievement_mean = sum((v * p for v, p in values.items()), Fraction(0))
        self.natural_bars = [(t, NATURAL_TOTALS[t], self._bar_outcome(target, t)) for t in range(2, 13)]
        self.wins, self.tie_per_round = {}, Fraction(0)
        difficulties = range(
            min(self.rules.difficulty_range.start, self.difficulty),
            max(self.rules.difficulty_range.stop, self.difficulty + 1),
        )
        if self.mode == COMPARE:
            spec = self._compare_spec(roller, self.roller(Contestant.B))
            wins = compare_distribution(spec)
            # Every side named, a chance of 0 included (the distribution leaves out what cannot happen).
            sides: tuple[Contestant | None, ...] = (*Contestant, None) if spec.draw else tuple(Contestant)
            self.wins = {side: wins[side] for side in sides}
            self.tie_per_round = compare_round_distribution(spec)[None]
            self.curve = self._compare_curve(roller)
        elif self.mode == ACHIEVEMENT:
            self.curve = {d: values.probability(_at_least(d)) for d in difficulties}
        else:
            self.curve = success_curve(roller, difficulties)
        self.changed.emit()

    def _bar_outcome(self, target: TargetSpec, natural: int) -> Outcome | None:
        """The colour of a natural total: its outcome where it is fixed by the dice alone."""
        first = min(6, natural - 1)
        faces = (first, natural - first)  # any roll with this total: the judges read only the sum
        if self.mode == TARGET:
            return target.judge(faces)
        if self.mode == COMPARE:
            return None if self.naturals_plain else automatic(faces)
        return None  # 達成ロール: no automatic results, nothing is decided by the dice alone

    def _compare_curve(self, roller: FourCardRoller) -> dict[int, Fraction]:
        centre = self.curve_marker
        return {
            b: compare_distribution(self._compare_spec(roller, FourCardRoller(b)))[Contestant.A]
            for b in range(centre - COMPARE_CURVE_SPAN, centre + COMPARE_CURVE_SPAN + 1)
        }

    # ---- rolling --------------------------------------------------------------
    def roll(self) -> FourCardResult | None:
        """Rolls and logs; None (and `roll_refused` with the reason) when no character rolls."""
        if self.character(Contestant.A) is None:
            self.roll_refused.emit(
                self.tr("判定するキャラクターを選んでください（いなければ先に追加してください）")
            )
            return None
        seed = self._seed_source()
        result = replace(self.system.resolve(self.spec(), random.Random(seed)), seed=seed)
        self.last_result = result
        # The fatigue (both sides may fumble) and the roll's line: one undo step, one transaction.
        tired = self._fumble_fatigue(result)
        stack = self.campaign_model.undo_stack
        if tired:
            stack.beginMacro(self.tr("自動的失敗による疲労"))
        try:
            for character_id, character in tired:
                self.campaign_model.update_character(character_id, character, self.tr("自動的失敗による疲労"))
            self.campaign_model.append_log("check", self._log_payload(result))
        finally:
            if tired:
                stack.endMacro()
        self.check_resolved.emit(result)
        return result

    def _fumble_fatigue(self, result: FourCardResult) -> list[tuple[str, Any]]:
        """「あらゆる判定において、自動的失敗をしてしまうと1点疲労します」: the tired characters."""
        tired: dict[str, Any] = {}  # by id: one character on both sides tires twice
        for side, count in fumbles(result).items():
            character_id = self.inputs(side).character_id
            character = tired.get(character_id or "", self.character(side))
            if not count or character is None or character_id is None:
                continue
            tired[character_id] = replace(character, fatigue=character.fatigue + count * FUMBLE_FATIGUE)
        return list(tired.items())

    def _log_payload(self, result: FourCardResult) -> dict[str, Any]:
        return check_log_payload(self, result)

    def _on_session_changed(self, key: str) -> None:
        if key == HOUSE_RULES_KEY:
            self.set_character(Contestant.A, self.a.character_id, recompute=False)  # the bases moved
            self._recompute()

    def _on_campaign_changed(self, *_: object) -> None:
        """A removed character drops out of the panel; any edit may change the odds (衰弱)."""
        ids = [s.id for s in self.characters()]
        for side in Contestant:
            if self.inputs(side).character_id not in ids:
                self.set_character(side, ids[0] if ids else None, recompute=False)
        self._recompute()


def _margin_key(item: tuple[int | None, Fraction]) -> int:
    return -1 if item[0] is None else item[0]


def _at_least(difficulty: int) -> Callable[[int], bool]:
    """達成ロール: whether an achieved value reaches ``difficulty``."""
    return lambda value: value >= difficulty
