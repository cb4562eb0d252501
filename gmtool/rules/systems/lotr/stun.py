"""3.7 スタン: a Blunt attack aimed at the head stuns instead of damaging.

「Table 9.17, p.232 にある目標値に対してStamina判定を行う. Superior Success なら効果時間を半分,
Extraordinary success なら影響を受けない. スタン中は,すべての判定にペナルティを受ける (ペナルティ値も
同じ表を参照)」.  The stun table (reference_catalog.STUN) is the GM's: its row is picked for the
blow, and a 未設定 TN, penalty or duration refuses the stun rather than reading it as 0.

Every other result of the Stamina test (a failure, a Marginal or Complete success) is the full
stun.  Halving rounds half up (5. 「割り算を行ったときは,端数を四捨五入する」).  The optional relief
(「GM が望むなら,スタンによるペナルティ値を, Complete/Superior/Extraordinary success のときは
-1/-3/-5 軽減してもよい」) is house_rules.STUN_RELIEF; it never turns the penalty into a bonus.
"""

from __future__ import annotations

from gmtool.rules.dice import Distribution
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.attack import half_up
from gmtool.rules.systems.lotr.checks import Bands, LotRRoller, RollSpec, roll_distribution, shipped_bands
from gmtool.rules.systems.lotr.reference_tables import CellRef, ReferenceTable, UnsetCell
from gmtool.rules.systems.lotr.rules_data import Degree

# Re-exported: the stun's values
from gmtool.rules.systems.lotr.stun_types import (
    COLUMN_NAMES as COLUMN_NAMES,
    OUTCOME_ORDER as OUTCOME_ORDER,
    OUTCOME_TEXT as OUTCOME_TEXT,
    RELIEF as RELIEF,
    STAMINA_BOUNDS as STAMINA_BOUNDS,
    TABLE as TABLE,
    UNSET as UNSET,
    StunEffect as StunEffect,
    StunOutcome as StunOutcome,
    StunRow as StunRow,
)


def stun_row(table: ReferenceTable, name: str) -> StunRow:
    """The GM's row of the stun table, every value set (else a refusal naming the table and cell)."""
    if not table.rows:
        raise ValueError(UnsetCell(CellRef(table.id), Message("{0}に行がありません: {1}", TABLE, UNSET)))
    row = table.row(name)
    if row is None:
        raise ValueError(Message("{0}に「{1}」はありません", TABLE, name))
    values: dict[str, int] = {}
    for column, label in COLUMN_NAMES.items():
        value = row.get(column)
        if not isinstance(value, int) or isinstance(value, bool):
            where = CellRef(table.id, name, column)
            raise ValueError(UnsetCell(where, Message("{0}の「{1}」の{2}が{3}", TABLE, name, label, UNSET)))
        values[column] = value
    return StunRow(name, values["tn"], values["penalty"], values["rounds"])


def outcome_of(degree: Degree) -> StunOutcome:
    if degree is Degree.EXTRAORDINARY_SUCCESS:
        return StunOutcome.NONE
    if degree is Degree.SUPERIOR_SUCCESS:
        return StunOutcome.HALVED
    return StunOutcome.FULL


def stun_effect(row: StunRow, degree: Degree, relief: bool = False) -> StunEffect:
    outcome = outcome_of(degree)
    if outcome is StunOutcome.NONE:
        return StunEffect(outcome, 0, 0)
    rounds = half_up(row.rounds) if outcome is StunOutcome.HALVED else row.rounds
    penalty = min(0, row.penalty + RELIEF.get(degree, 0)) if relief else row.penalty
    return StunEffect(outcome, rounds, penalty)


def stamina_spec(stamina: int, row: StunRow, bands: Bands | None = None) -> RollSpec:
    low, high = STAMINA_BOUNDS
    if not low <= stamina <= high:
        raise ValueError(Message("Stamina {0} は {1}〜{2} の範囲外です", stamina, low, high))
    return RollSpec(LotRRoller(modifier=stamina), row.tn, bands or shipped_bands())


def stun_distribution(stamina: int, row: StunRow, bands: Bands | None = None) -> Distribution[StunOutcome]:
    """Exact P of each outcome of the Stamina test (the bonus includes the target's penalties)."""
    mapped = roll_distribution(stamina_spec(stamina, row, bands)).map(outcome_of)
    return Distribution({k: mapped[k] for k in OUTCOME_ORDER if mapped[k]})
