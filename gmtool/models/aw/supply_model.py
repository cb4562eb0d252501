"""供給ルール at the table: lost and recovered HP/MP with exact odds before the roll.

The GM picks one of four actions (missed meals, short sleep, 供給 between characters, recovery by a
skill entered by hand), the number of D6 within the text's range, the pool(s) and the characters.
Before rolling the model gives the exact distribution of the amount and each character's mean
HP/MP afterwards; `roll()` changes every affected character as one undo step and logs one entry
per roll.  The engine (`rules/systems/aw/supply.py`) owns the dice ranges and the pool arithmetic.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import combinations
from typing import Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.aw import supply_reading
from gmtool.models.aw.session_model import AWSessionModel
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_payload import summary_payload
from gmtool.rules.dice import Distribution, Faces, new_seed
from gmtool.rules.message import Message
from gmtool.rules.systems.aw import supply
from gmtool.rules.systems.aw.rules_data import aw_session_rules
from gmtool.rules.systems.aw.session import SessionRefused
from gmtool.rules.systems.aw.supply import SupplyKind

LOG_KIND = "aw.supply"
KIND_LABELS = {
    SupplyKind.MISSED_MEAL: "食事を摂れなかった（24時間以上）",
    SupplyKind.SHORT_SLEEP: "睡眠不足（6時間以下）",
    SupplyKind.SUPPLY: "供給",
    SupplyKind.SKILL: "特技による回復",
}
POOL_LABELS = {"hp": "HP", "mp": "MP"}
POOL_CHOICES: dict[str, tuple[str, ...]] = {"hp": ("hp",), "mp": ("mp",), "both": ("hp", "mp")}
POOL_CHOICE_LABELS = {"both": "HP と MP", "hp": "HP だけ", "mp": "MP だけ"}
SKILL_BRACKETS = "《》"  # the label adds them (特技《…》), so a name typed with them is not doubled


def clean_skill_name(name: str) -> str:
    """A skill name as stored: without surrounding spaces or 《》 (「《ヒーリング》」 → 「ヒーリング」)."""
    return name.strip().strip(SKILL_BRACKETS).strip()


@dataclass(frozen=True)
class SupplyRoll:
    """One roll: its faces and amount, and the pools it changed (before → after)."""

    character_id: str
    name: str
    pools: tuple[str, ...]
    faces: Faces
    amount: int
    before: dict[str, int]
    after: dict[str, int]


@dataclass(frozen=True)
class SupplyOutcome:
    kind: SupplyKind
    seed: int
    rolls: tuple[SupplyRoll, ...]

    def initial(self) -> dict[tuple[str, str], int]:
        """(character, pool) → its value before the first roll that changed it."""
        first: dict[tuple[str, str], int] = {}
        for r in self.rolls:
            for pool in r.pools:
                first.setdefault((r.character_id, pool), r.before[pool])
        return first

    def final(self) -> dict[tuple[str, str], int]:
        """(character, pool) → its value after the last roll that changed it."""
        return {(r.character_id, pool): r.after[pool] for r in self.rolls for pool in r.pools}

    @property
    def changed(self) -> bool:
        """Whether any pool moved (every one may have been at its maximum already)."""
        return any(r.before != r.after for r in self.rolls)

    def depleted(self) -> list[tuple[str, str, int]]:
        """(name, pool, value) of every pool that ended at 0 or below (losses have no floor)."""
        final: dict[tuple[str, str], int] = {}
        for r in self.rolls:
            for pool in r.pools:
                final[(r.name, pool)] = r.after[pool]
        return [(name, pool, value) for (name, pool), value in final.items() if value <= 0]


@dataclass(frozen=True)
class Forecast:
    """One character's pools now and on average after the roll: pool → (now, maximum, mean after)."""

    character_id: str
    name: str
    pools: dict[str, tuple[int, int, Fraction]] = field(default_factory=dict)

    def runs_dry(self, pool: str) -> bool:
        """Whether the pool ends at 0 or below on average (losses have no floor)."""
        return pool in self.pools and self.pools[pool][2] <= 0


class AWSupplyModel(QObject):
    changed = Signal()
    rolled = Signal(object)  # SupplyOutcome

    def __init__(
        self,
        campaign_model: CampaignModel,
        seed_source: Callable[[], int] = new_seed,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.session = AWSessionModel(campaign_model, self)
        self.rules = aw_session_rules()
        self._seed_source = seed_source
        self.kind = SupplyKind.MISSED_MEAL
        self.dice = self.rules.loss_dice[0]
        self.bonus = 0
        self.skill_name = ""
        self.pool = "both"
        self.separate = False  # losses only: HP and MP each get their own roll
        self.hp_share = 0  # 供給 split between HP and MP (house rule aw.supply_pools): at most this to HP
        self.targets: list[str] = []
        self.not_recovering: set[str] = set()  # 供給 participants who give but do not recover
        self.last_outcome: SupplyOutcome | None = None
        self.session.changed.connect(self._on_campaign_changed)  # also characters and contracts

    # ---- inputs -------------------------------------------------------------------------
    def set_kind(self, kind: SupplyKind) -> None:
        self.kind = SupplyKind(kind)
        if self.kind.is_loss:
            self.pool = "both"  # the text: 【HP】と【MP】は…減少する
        else:
            self.separate = False
        self._update()

    def set_dice(self, dice: int) -> None:
        supply_reading.check_dice(self, dice)  # the text's range, or any under 「望ましい」 as a guideline
        self.dice = dice
        self._update()

    def set_hp_share(self, hp_share: int) -> None:
        supply_reading.check_hp_share(hp_share)
        self.hp_share = hp_share
        self._update()

    def set_bonus(self, bonus: int) -> None:
        if self.kind is not SupplyKind.SKILL:
            raise SessionRefused(self.tr("固定の回復量は特技による回復でだけ入力できます"))
        if not 0 <= bonus <= supply.MAX_BONUS:
            raise SessionRefused(self.tr("固定の回復量は 0〜{0} です").format(supply.MAX_BONUS))
        self.bonus = bonus
        self._update()

    def set_skill_name(self, name: str) -> None:
        self.skill_name = clean_skill_name(name)
        self._update()

    def set_pool(self, pool: str) -> None:
        if pool not in POOL_CHOICES:
            raise ValueError(pool)
        if self.kind.is_loss and pool != "both":
            raise SessionRefused(self.tr("食事を摂れなかった・睡眠不足では HP と MP の両方が減ります"))
        self.pool = pool
        self._update()

    def set_separate(self, separate: bool) -> None:
        if separate and not self.kind.is_loss:
            raise SessionRefused(self.tr("HP と MP を別々に振るのは、食事・睡眠不足で減るときだけです"))
        self.separate = separate
        self._update()

    def set_target(self, character_id: str, chosen: bool) -> None:
        if chosen and character_id not in self._aw_ids():
            raise SessionRefused(self.tr("アナザーワールドのキャラクターだけが対象です"))
        if chosen and character_id not in self.targets:
            self.targets.append(character_id)
        elif not chosen and character_id in self.targets:
            self.targets.remove(character_id)
        self._update()

    def set_recovering(self, character_id: str, recovering: bool) -> None:
        """供給: whether a participant's own pools recover (every participant does by default)."""
        if recovering:
            self.not_recovering.discard(character_id)
        else:
            self.not_recovering.add(character_id)
        self._update()

    # ---- derived ------------------------------------------------------------------------
    MAX_HP_SHARE = supply_reading.MAX_HP_SHARE  # the most of 供給 that goes to HP (house rule)

    @property
    def splits(self) -> bool:
        """Whether this roll's amount is divided between HP and MP (house rule aw.supply_pools)."""
        return supply_reading.splits(self)

    @property
    def dice_warning(self) -> Message | None:
        """Why the dice count is outside the text's guideline, when the campaign reads it as one."""
        return supply_reading.warning(self)

    @property
    def pools_now(self) -> dict[str, dict[str, tuple[int, int]]]:
        """Each AW character's pools as the sheet has them: id → pool → (now, maximum)."""
        now = {}
        for cid, _name in self.characters():
            character = self.campaign_model.character(cid)
            now[cid] = {
                pool: (getattr(character, pool), getattr(character, f"{pool}_max")) for pool in POOL_LABELS
            }
        return now

    def characters(self) -> list[tuple[str, str]]:
        return self.session.characters()

    def chosen(self) -> list[str]:
        """The chosen characters in list order."""
        return [cid for cid, _ in self.characters() if cid in self.targets]

    def recipients(self) -> list[str]:
        """Who gets a roll: every chosen character; in 供給 the participants who recover."""
        if self.kind is SupplyKind.SUPPLY:
            return [cid for cid in self.chosen() if cid not in self.not_recovering]
        return self.chosen()

    def _pools(self) -> tuple[str, ...]:
        return POOL_CHOICES[self.pool]

    def contracted(self) -> bool:
        """供給 between contracted characters: every pair of participants is in an active contract."""
        chosen = self.chosen()
        if self.kind is not SupplyKind.SUPPLY or len(chosen) < 2:
            return False
        state = self.session.state()
        return all(state.contracted(a, b) for a, b in combinations(chosen, 2))

    def dice_range(self) -> tuple[int, int]:
        return supply_reading.dice_range(self)

    def range_text(self) -> str:
        """Which range applies and why (shown beside the dice count)."""
        low, high = self.dice_range()
        if self.kind.is_loss:
            return self.tr("{0}〜{1}D6（本文:「【HP】と【MP】は1〜5D6点減少する」。GM が選ぶ）").format(
                low, high
            )
        if self.kind is SupplyKind.SKILL:
            return self.tr("{0}〜{1}D6 と固定値（特技の効果どおりに入力）").format(low, high)
        low, high = supply.dice_range(self.kind, self.rules, self.contracted())  # the text's, even if a guide
        return self.tr("{0}〜{1}D6（{2}）").format(low, high, self._contract_reason())

    def _contract_reason(self) -> str:
        chosen = self.chosen()
        if len(chosen) < 2:
            return self.tr("供給は2人以上で行ないます。参加者を選んでください")
        state, name = self.session.state(), self.session.name
        if self.contracted():
            pairs = []
            for a, b in combinations(chosen, 2):
                master, servant = (a, b) if state.master_of(b) == a else (b, a)
                pairs.append(
                    self.tr("{0}（マスター）と{1}（サーヴァント）").format(name(master), name(servant))
                )
            return self.tr("契約状態にあるキャラクター同士: {0}").format(self.tr("、").join(pairs))
        apart = next((a, b) for a, b in combinations(chosen, 2) if not state.contracted(a, b))
        return self.tr("{0}と{1}は契約状態にないので通常の供給").format(name(apart[0]), name(apart[1]))

    def distribution(self) -> Distribution[int]:
        return supply.amount_distribution(self.dice, self.bonus if self.kind is SupplyKind.SKILL else 0)

    def expected(self) -> Fraction:
        return supply.expected_amount(self.dice, self.bonus if self.kind is SupplyKind.SKILL else 0)

    def forecast(self) -> list[Forecast]:
        """Each recipient's pools now and their exact mean after the roll (recovery capped at the max)."""
        amount = self.distribution()
        out = []
        for cid in self.recipients():
            character = self.campaign_model.character(cid)
            pools = {}
            if supply_reading.splits(self):
                split = supply_reading.split_forecast(self, character)
                out.append(Forecast(cid, self.session.name(cid), split))
                continue
            for pool in self._pools():
                current, maximum = getattr(character, pool), getattr(character, f"{pool}_max")
                mean = supply.expected_pool_after(current, maximum, amount, self.kind.is_loss)
                pools[pool] = (current, maximum, mean)
            out.append(Forecast(cid, self.session.name(cid), pools))
        return out

    def problem(self) -> str | None:
        """Why 「振る」 would be refused now, or None."""
        if self.kind is SupplyKind.SUPPLY and len(self.chosen()) < 2:
            return self.tr("供給は2人以上のキャラクターの間で行ないます（参加者を2人以上選んでください）")
        if not self.recipients():
            if self.kind is SupplyKind.SUPPLY:
                return self.tr("回復するキャラクターがいません")
            return self.tr("対象のキャラクターを選んでください")
        if self.kind is SupplyKind.SKILL:
            if not self.skill_name:
                return self.tr("特技名を入力してください")
            if self.dice == 0 and self.bonus == 0:
                return self.tr("回復量が 0 です（ダイスの数か固定値を入力してください）")
        return None

    def action_label(self) -> str:
        if self.kind is SupplyKind.SKILL:
            return self.tr("特技《{0}》による回復").format(self.skill_name)
        return self.tr(KIND_LABELS[self.kind])

    def amount_text(self) -> str:
        text = f"{self.dice}D6" if self.dice else ""
        if self.kind is SupplyKind.SKILL and self.bonus:
            text = f"{text}+{self.bonus}" if text else str(self.bonus)
        return text or "0"

    def outcome_status(self, outcome: SupplyOutcome) -> str:
        """Whether a shown roll still stands: "applied" (the pools hold its result), "undone" (they are
        back where they were before it, e.g. after Ctrl+Z) or "changed" (edited since, or deleted)."""
        now: dict[tuple[str, str], int | None] = {}
        for cid, pool in outcome.final():
            character = self.campaign_model.character(cid) if self.campaign_model.has_character(cid) else None
            now[(cid, pool)] = getattr(character, pool) if character is not None else None
        if now == outcome.final():
            return "applied"
        return "undone" if now == outcome.initial() else "changed"

    # ---- rolling ------------------------------------------------------------------------
    def roll(self) -> SupplyOutcome:
        """Rolls, changes every recipient's pools as one undo step, logs one entry per roll."""
        reason = self.problem()
        if reason is not None:
            raise SessionRefused(reason)
        seed = self._seed_source()
        rng = random.Random(seed)
        sign = -1 if self.kind.is_loss else 1
        bonus = self.bonus if self.kind is SupplyKind.SKILL else 0
        groups = [(p,) for p in self._pools()] if self.separate else [self._pools()]
        rolls, updated = [], {}
        for cid in self.recipients():
            character = self.campaign_model.character(cid)
            for pools in groups:
                faces, amount = supply.roll_amount(self.dice, bonus, rng)
                before = {p: getattr(character, p) for p in pools}
                after = supply_reading.pools_after(self, character, pools, amount, sign)
                character = replace(character, **after)
                rolls.append(SupplyRoll(cid, character.name, pools, faces, amount, before, after))
            updated[cid] = character
        outcome = SupplyOutcome(self.kind, seed, tuple(rolls))
        self._apply(updated)
        for index, r in enumerate(rolls):
            self.campaign_model.append_log(LOG_KIND, self._log_payload(outcome, index, r))
        self.last_outcome = outcome
        self.rolled.emit(outcome)
        return outcome

    def _apply(self, updated: dict[str, Any]) -> None:
        changes = [(cid, c) for cid, c in updated.items() if self.campaign_model.character(cid) != c]
        if not changes:  # every pool was already at its maximum: nothing to undo
            return
        stack = self.campaign_model.undo_stack
        stack.beginMacro(self.tr("{0}（{1}）").format(self.action_label(), self.amount_text()))
        try:
            for cid, character in changes:
                self.campaign_model.update_character(cid, character, self.action_label())
        finally:
            stack.endMacro()

    def _log_payload(self, outcome: SupplyOutcome, index: int, r: SupplyRoll) -> dict[str, Any]:
        pools = self.tr("と").join(POOL_LABELS[p] for p in r.pools)
        verb = self.tr("減少") if self.kind.is_loss else self.tr("回復")
        inputs = self.tr("{0} {1} {2}{3}").format(self.action_label(), self.amount_text(), pools, verb)
        if self.kind is SupplyKind.SUPPLY:
            names = self.tr("・").join(self.session.name(c) for c in self.chosen())
            inputs += self.tr("（{0}、{1}）").format(names, self._contract_reason())
            if supply_reading.splits(self):  # house rule: the amount divided, not given to each
                inputs += self.tr("（{0}）").format(supply_reading.split_text(self))
        dice = f"[{','.join(map(str, r.faces))}] = {r.amount}" if r.faces else str(r.amount)
        result = self.tr("、").join(f"{POOL_LABELS[p]} {r.before[p]} → {r.after[p]}" for p in r.pools)
        return summary_payload(
            "aw",
            inputs,
            r.name,
            dice,
            result,
            seed=outcome.seed,
            roll=index,  # replay: Random(seed), the rolls in this order
            kind=str(self.kind),
            skill=self.skill_name if self.kind is SupplyKind.SKILL else "",
            dice_count=self.dice,
            bonus=self.bonus if self.kind is SupplyKind.SKILL else 0,
            contracted=self.contracted(),
            hp_share=self.hp_share if supply_reading.splits(self) else None,
            participants=self.chosen(),
            character_id=r.character_id,
            character=r.name,
            pools=list(r.pools),
            faces=list(r.faces),
            amount=r.amount,
            before=r.before,
            after=r.after,
        )

    # ---- internals ----------------------------------------------------------------------
    def _aw_ids(self) -> set[str]:
        return {cid for cid, _ in self.characters()}

    def _update(self) -> None:
        """Keeps the dice inside the range that applies now (a contract may have changed it)."""
        low, high = self.dice_range()
        self.dice = min(max(self.dice, low), high)
        self.changed.emit()

    def _on_campaign_changed(self) -> None:
        present = self._aw_ids()
        self.targets = [cid for cid in self.targets if cid in present]
        self._update()
