"""1.2.1's physician: 医術 against an infection, and the daily care that doubles the rate of healing.

「医術:GMがキャラクターが感染症にかかるなどと考えた場合, 医者は Healing 判定を行い,傷が自然に1日
回復するか, 1週間回復するか,あるいはまったく回復しないかを決定する.」
「また,医者が付きっ切りで手当てをする場合, 毎日 Healing 判定を行って倍の速度で負傷が回復するか
どうかを決定する.」

The summary gives no target number for either, nor which result heals in a day and which in a week,
so both are the GM's, in the `physician` reference table (未設定 until entered: the step is refused
naming the cell, never rolled against a made-up 0): a target number for 「1日回復する」 and one for
「1週間回復する」 — the highest the total reaches decides, neither is 「まったく回復しない」 — and one for
the day's care.  The infection's outcome changes no number on the sheet (the text does not say how
much 「1日回復する」 heals); the day's care is that day's rest at double speed on a success.
"""

from __future__ import annotations

from fractions import Fraction

from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.checks import LotRRoller
from gmtool.rules.systems.lotr.derived import WoundTrack
from gmtool.rules.systems.lotr.exploding import at_least

# Re-exported: the values
from gmtool.rules.systems.lotr.healing_types import (
    DAILY_CARE_FACTOR as DAILY_CARE_FACTOR,
    REST_POINTS_PER_DAY,
    UNSET,
    InfectionOutcome as InfectionOutcome,
)
from gmtool.rules.systems.lotr.reference_tables import CellRef, UnsetCell
from gmtool.rules.systems.lotr.rules_data import LotRRules

OUTCOME_ROWS = {InfectionOutcome.DAY: catalog.INFECTION_DAY, InfectionOutcome.WEEK: catalog.INFECTION_WEEK}


def physician_tn(rules: LotRRules, row: str) -> int:
    """A target number of the `physician` table, or the refusal naming the empty cell."""
    table = rules.reference_table(catalog.PHYSICIAN)
    value = table.value(row, "tn")
    if not isinstance(value, int) or isinstance(value, bool):
        refusal = Message("{0} の{1}: {2}", row, table.column("tn").label, UNSET)
        raise ValueError(UnsetCell(CellRef(table.id, row, "tn"), refusal))
    return value


def check_wounded(track: WoundTrack) -> None:
    if track.dead:
        raise ValueError(Message("死亡しているので回復できません"))
    if track.damage == 0:
        raise ValueError(Message("ダメージを受けていません"))


def infection_tns(rules: LotRRules) -> dict[InfectionOutcome, int]:
    """The GM's two target numbers; refused while one is empty or both are the same (the text gives
    no rule to choose between the outcomes at one total)."""
    tns = {outcome: physician_tn(rules, row) for outcome, row in OUTCOME_ROWS.items()}
    if tns[InfectionOutcome.DAY] == tns[InfectionOutcome.WEEK]:
        raise ValueError(
            Message(
                "医術の二つの目標値が同じ {0} です: どちらの回復かが決まりません（ルール表 → 参照表）",
                tns[InfectionOutcome.DAY],
            )
        )
    return tns


def infection_outcome(total: int, tns: dict[InfectionOutcome, int]) -> InfectionOutcome:
    """The outcome of the highest target number the total reaches; neither: no healing."""
    for outcome, tn in sorted(tns.items(), key=lambda item: -item[1]):
        if total >= tn:
            return outcome
    return InfectionOutcome.NONE


def infection_odds(roller: LotRRoller, tns: dict[InfectionOutcome, int]) -> dict[InfectionOutcome, Fraction]:
    """The exact chance of each outcome: P(total ≥ the higher TN), P(between), P(below both)."""
    (high, high_tn), (low, low_tn) = sorted(tns.items(), key=lambda item: -item[1])
    reach_high = at_least(high_tn - roller.bonus)
    reach_low = at_least(low_tn - roller.bonus)
    return {high: reach_high, low: reach_low - reach_high, InfectionOutcome.NONE: 1 - reach_low}


def daily_care_heal(succeeded: bool) -> int:
    """A day under the physician's care: that day's rest, at double speed on a success."""
    return REST_POINTS_PER_DAY * (DAILY_CARE_FACTOR if succeeded else 1)
