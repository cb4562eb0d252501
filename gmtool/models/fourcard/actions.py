"""What happens to a フォーカード character's body: damage, rest, sleep, meals, the day's recovery roll.

Each action is one undo step (`CampaignModel.update_character` with a Japanese label)
and one session-log entry (kind ``fourcard-damage``) saying what came back or was
taken, so the GM can read later why the sheet shows what it shows.  The rules
themselves are the engine's (`gmtool.rules.systems.fourcard.damage`); this module
only validates the request, applies it and writes it down.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from fractions import Fraction
from typing import Any, TypedDict

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal

from gmtool.models.character_model import CharacterModel
from gmtool.models.fourcard.terms import outcome_term
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.rules.checks import CheckResult, Outcome
from gmtool.rules.dice import new_seed
from gmtool.rules.systems.fourcard import damage
from gmtool.rules.systems.fourcard.character import FourCardCharacter
from gmtool.rules.systems.fourcard.checks import TargetSpec, resolve, target_distribution
from gmtool.rules.systems.fourcard.derived import WEAKENED_PENALTY, condition, is_weakened, level
from gmtool.rules.systems.fourcard.house_rules import LEVEL_TABLE
from gmtool.store.errors import StoreError
from gmtool.store.validation import format_validation_error

LOG_KIND = "fourcard-damage"
MAX_AMOUNT = 999  # a single hit or fatigue beyond this is a typo, not a wound
MAX_HOURS = 24 * 7  # the engine's limit: a week of rest at most in one entry
MAX_MISSED_MEALS = 21  # three a day for a week
# The campaign's in-game day and, per character, the day sleep last healed 負傷 (「1日に1点だけ」).
DAY_KEY = "fourcard.day"
MAX_DAY = 100_000


class _Days(TypedDict):
    """The DAY_KEY document as read (`FourCardActions._days`)."""

    day: int
    healed: dict[str, int]  # character id → the day sleep healed 負傷


@dataclass(frozen=True)
class DayRecoveryPreview:
    """The day's recovery roll before it is rolled: VT + 総合LV against 累積ダメージ, what lowers it
    (0 when it does not apply) and its exact chance."""

    vt: int
    level: int
    not_resting_penalty: int  # 「安静に過ごせなかった」: −4
    weakened_penalty: int  # 衰弱: −2
    difficulty: int
    probability: Fraction


class FourCardActions(QObject):
    """The undoable operations on one フォーカード character that are more than a field edit.

    Every method returns the status-line text of what happened (also emitted as
    `performed`) and raises ValueError with a message — changing nothing — when the
    request itself is wrong (a negative amount, zero hours…).
    """

    performed = Signal(str)

    def __init__(
        self,
        character_model: CharacterModel,
        seed_source: Callable[[], int] = new_seed,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.model = character_model
        self._seed_source = seed_source
        self.last_status = ""

    @property
    def character(self) -> FourCardCharacter:
        return self.model.character_as(FourCardCharacter)

    def level_reading(self) -> str:
        """How the campaign reads the 総合LV table (the LEVEL_TABLE house rule)."""
        return campaign_house_rules(self.model.campaign_model).get(LEVEL_TABLE)

    def level(self) -> int:
        return level(self.character, self.level_reading())

    # ---- the day (「1日に1点だけ」) -----------------------------------------------------
    def _days(self) -> _Days:
        """{"day": the campaign's in-game day, "healed": {character id: the day sleep healed 負傷}}.
        A stored value that is not one (a hand-edited file) starts again from day 1."""
        try:
            raw = self.model.campaign_model.session_value(DAY_KEY)
        except StoreError:
            raw = None
        if not isinstance(raw, dict):
            return {"day": 1, "healed": {}}
        day, healed = raw.get("day"), raw.get("healed")
        if not isinstance(day, int) or isinstance(day, bool) or not 1 <= day <= MAX_DAY:
            day = 1
        return {
            "day": day,
            "healed": {k: v for k, v in healed.items() if isinstance(v, int)}
            if isinstance(healed, dict)
            else {},
        }

    def day(self) -> int:
        return int(self._days()["day"])

    def healed_today(self) -> bool:
        """Whether sleep has already healed this character's 負傷 on the current day."""
        days = self._days()
        return days["healed"].get(self.model.character_id) == days["day"]

    def next_day(self) -> str:
        """The campaign's next in-game day (朝6時から翌朝6時): sleep may heal 負傷 again.  One undo step."""
        days = self._days()
        if days["day"] >= MAX_DAY:
            raise ValueError(self.tr("日数は {0} 日目までです").format(MAX_DAY))
        day = days["day"] + 1
        self.model.campaign_model.set_session_value(
            DAY_KEY, {**days, "day": day}, self.tr("{0}日目へ").format(day)
        )
        return self.tr("{0}日目").format(day)

    # ---- damage ---------------------------------------------------------------------
    def take_fatigue(self, amount: int) -> str:
        self._check_count(amount, self.tr("受ける疲労"), MAX_AMOUNT)
        after = damage.take_damage(self.character, fatigue=amount)
        status = self.tr("疲労を {0} 点受けました").format(amount)
        return self._apply(
            "fatigue",
            after,
            self.tr("疲労を受ける"),
            self.tr("疲労 {0} 点").format(amount),
            status,
            amount=amount,
        )

    def take_injury(self, amount: int) -> str:
        self._check_count(amount, self.tr("受ける負傷"), MAX_AMOUNT)
        after = damage.take_damage(self.character, injury=amount)
        status = self.tr("負傷を {0} 点受けました").format(amount)
        return self._apply(
            "injury",
            after,
            self.tr("負傷を受ける"),
            self.tr("負傷 {0} 点").format(amount),
            status,
            amount=amount,
        )

    # ---- recovery -------------------------------------------------------------------
    def rest(self, hours: int) -> str:
        self._check_count(hours, self.tr("休憩の時間"), MAX_HOURS)
        before = self.character
        recovery = damage.rest(before, hours)
        inputs = self.tr("休憩 {0} 時間").format(hours)
        status = f"{inputs}: {self._recovery_text(before, recovery)}"
        return self._apply("rest", recovery.after, self.tr("休憩"), inputs, status, hours=hours)

    def sleep(self, hours: int) -> str:
        """Sleep; 負傷 heals once a day (「1日に1点だけ」): a second night's healing on the same
        day is refused (the fatigue still recovers) until the GM moves to the next day."""
        self._check_count(hours, self.tr("睡眠の時間"), MAX_HOURS)
        before = self.character
        healed = self.healed_today()
        recovery = damage.sleep(before, hours, healed_today=healed)
        inputs = self.tr("睡眠 {0} 時間（{1}日目）").format(hours, self.day())
        status = f"{inputs}: {self._recovery_text(before, recovery)}"
        if healed and hours >= damage.SLEEP_INJURY_HOURS and before.injury:
            status += self.tr("（負傷の回復は1日に1点だけ: この日はもう回復しています）")
        if not recovery.injury:
            return self._apply("sleep", recovery.after, self.tr("睡眠"), inputs, status, hours=hours)
        stack = self.model.campaign_model.undo_stack
        days = self._days()
        stack.beginMacro(self.tr("睡眠"))  # the healing and the day it used: one undo step
        try:
            result = self._apply("sleep", recovery.after, self.tr("睡眠"), inputs, status, hours=hours)
            healed_map = {**days["healed"], self.model.character_id: days["day"]}
            self.model.campaign_model.set_session_value(
                DAY_KEY, {**days, "healed": healed_map}, self.tr("睡眠")
            )
        finally:
            stack.endMacro()
        return result

    def meal(self) -> str:
        before = self.character
        recovery = damage.meal(before)
        status = self.tr("食事: {0}").format(self._recovery_text(before, recovery))
        if before.hungry:
            status += self.tr("。空腹が解消しました")
        return self._apply("meal", recovery.after, self.tr("食事"), self.tr("食事"), status)

    def missed_meal(self, meals: int = 1) -> str:
        self._check_count(meals, self.tr("抜いた食事の回数"), MAX_MISSED_MEALS)
        after = damage.missed_meal(self.character, meals)
        status = self.tr("食事を {0} 回抜きました: 疲労を {0} 点受け、空腹になりました").format(meals)
        return self._apply(
            "missed_meal",
            after,
            self.tr("食事抜き"),
            self.tr("食事抜き {0} 回").format(meals),
            status,
            meals=meals,
        )

    # ---- the day's recovery roll ------------------------------------------------------
    def day_recovery_spec(self, resting: bool) -> TargetSpec:
        """VT+総合LV against 累積ダメージ; −4 if the day was not quiet, −2 while 衰弱."""
        return damage.day_recovery_spec(self.character, resting, level_reading=self.level_reading())

    def day_recovery_probability(self, resting: bool) -> Fraction:
        """The exact chance that the roll succeeds (heals one more 負傷)."""
        dist = target_distribution(self.day_recovery_spec(resting))
        return dist.probability(lambda outcome: outcome.succeeded)

    def day_recovery_preview(self, resting: bool) -> DayRecoveryPreview:
        """What the damage box shows of the roll before it is rolled."""
        character = self.character
        return DayRecoveryPreview(
            vt=character.current("vt"),
            level=self.level(),
            not_resting_penalty=0 if resting else damage.NOT_RESTING_PENALTY,
            weakened_penalty=WEAKENED_PENALTY if is_weakened(character) else 0,
            difficulty=self.day_recovery_spec(resting).difficulty,
            probability=self.day_recovery_probability(resting),
        )

    def roll_day_recovery(self, resting: bool) -> CheckResult:
        """Rolls the day's 目標ロール with a recorded seed and applies it as one undo step."""
        before = self.character
        spec = self.day_recovery_spec(resting)
        probability = self.day_recovery_probability(resting)
        seed = self._seed_source()
        rolled = resolve(spec, random.Random(seed))
        assert isinstance(rolled, CheckResult)  # a TargetSpec always resolves to one
        result = replace(rolled, seed=seed)
        recovery = damage.apply_day_recovery(before, result)
        faces = list(result.faces)
        dice = f"[{','.join(str(f) for f in faces)}] = {sum(faces)}"
        inputs = self.tr("1日の経過（{0}）: ベース {1} 修正 {2:+d} 難易度 {3}（成功率 {4:.1%}）").format(
            self.tr("安静") if resting else self.tr("安静でない"),
            spec.roller.base,
            spec.roller.total_modifier,
            spec.difficulty,
            float(probability),
        )
        recovered = self._recovery_text(before, recovery, fatigue_recovers=False)
        status = self.tr("回復ロール {0} → {1}: {2}").format(
            dice, self._outcome_text(result.outcome), recovered
        )
        self._apply(
            "day_recovery",
            recovery.after,
            self.tr("1日の経過"),
            inputs,
            status,
            dice=dice,
            seed=seed,
            resting=resting,
            faces=faces,
            base=spec.roller.base,
            modifier=spec.roller.total_modifier,
            difficulty=spec.difficulty,
            roll_value=spec.roller.value(result.faces),
            outcome=str(result.outcome),
            probability=float(probability),
            probability_exact=str(probability),
        )
        return result

    # ---- texts ------------------------------------------------------------------------
    def condition_text(self, character: FourCardCharacter | None = None) -> str:
        state = condition(character if character is not None else self.character)
        return {
            "": self.tr("平常"),
            "weakened": self.tr("衰弱: 全ての判定 −2"),
            "unconscious": self.tr("昏倒"),
            "dead": self.tr("死亡"),
        }[state]

    def _outcome_text(self, outcome: Outcome) -> str:
        return outcome_term(outcome)

    def _recovery_text(
        self, before: FourCardCharacter, recovery: damage.Recovery, *, fatigue_recovers: bool = True
    ) -> str:
        parts = []
        if recovery.fatigue > 0:
            parts.append(self.tr("疲労 {0} 点回復").format(recovery.fatigue))
        elif recovery.fatigue < 0:
            parts.append(self.tr("疲労を {0} 点受けました").format(-recovery.fatigue))
        if recovery.injury:
            parts.append(self.tr("負傷 {0} 点回復").format(recovery.injury))
        if not parts:
            parts.append(self.tr("回復なし") if before.damage else self.tr("ダメージはありません"))
        text = self.tr("、").join(parts)  # "Recovered 3 fatigue, recovered 1 wounds" in English
        # Say why nothing came back when hunger is the reason, so it is not taken for a bug.
        if fatigue_recovers and before.hungry and recovery.after.hungry and before.fatigue:
            text += self.tr("（空腹のため疲労は回復しません）")
        return text

    # ---- internals --------------------------------------------------------------------
    def _check_count(self, value: int, what: str, maximum: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(self.tr("{0}は整数で入力してください（{1!r}）").format(what, value))
        if not 1 <= value <= maximum:
            raise ValueError(self.tr("{0}は 1〜{1} です（{2}）").format(what, maximum, value))

    def _apply(
        self,
        action: str,
        after: FourCardCharacter,
        undo_label: str,
        inputs: str,
        status: str,
        *,
        dice: str = "—",
        **details: Any,
    ) -> str:
        before = self.character
        # Validate through the schema (e.g. 疲労 past the stored maximum) before anything changes.
        system = self.model.system
        try:
            after = system.load_character(system.dump_character(after))
        except ValidationError as e:
            raise ValueError(format_validation_error(e)) from None
        self.model.campaign_model.update_character(self.model.character_id, after, undo_label)
        status = self.tr("{0} — 累積ダメージ {1}（{2}）").format(
            status, after.damage, self.condition_text(after)
        )
        self.model.campaign_model.append_log(
            LOG_KIND, self._payload(action, before, after, inputs, dice, status, details)
        )
        self.last_status = status
        self.performed.emit(status)
        return status

    def _payload(
        self,
        action: str,
        before: FourCardCharacter,
        after: FourCardCharacter,
        inputs: str,
        dice: str,
        status: str,
        details: dict[str, Any],
    ) -> dict[str, Any]:
        def state(c: FourCardCharacter) -> dict[str, Any]:
            return {"fatigue": c.fatigue, "injury": c.injury, "hungry": c.hungry, "damage": c.damage}

        return {
            "system": "fourcard",
            "time": datetime.now().astimezone().isoformat(timespec="seconds"),
            "action": action,
            "character_id": self.model.character_id,
            "character": before.name,
            **details,
            "before": state(before),
            "after": state(after),
            "summary": {"who": before.name, "inputs": inputs, "dice": dice, "result": status},
        }
