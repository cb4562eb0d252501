"""Renown (1.2, 1.6.1): whether someone knows of another, and the renown a character gains.

1.2 「自分と相手の出身によって目標値が決まり, (Local(同郷)なら5,Area(同一地域)なら10,…) 相手の Renown
による修正と種族や職業が同じかどうかによる修正を加えて Wits で判定.成功すると,相手のことを知っている
ことになる.」  The TN is a row of the `renown` table (Table 2.3: Local 5 and Area 10 are the text's,
the GM adds the rest) plus every `renown_modifiers` row the GM ticks.  An unset value is never read
as 0: the test is refused and says which row to fill in.

1.6.1 gives renown for Renown Triggers (Table 11.3, not in the text): a raise is the GM's, with a
reason, never a number gmtool makes up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.checks import RollSpec, roll_distribution
from gmtool.rules.systems.lotr.kinds import roller_for
from gmtool.rules.systems.lotr.reference_catalog import RENOWN, RENOWN_MODIFIERS
from gmtool.rules.systems.lotr.reference_table_types import CellRef, UnsetCell
from gmtool.rules.systems.lotr.rules_data import DEGREE_ORDER, Degree, LotRRules

WITS = "attribute:wit"  # 「Wits で判定」
MAX_RENOWN = 999  # the stored schema's limit
MODIFIER_BOUND = 99  # the GM's other modifier on the test, either way
UNSET = Message("未設定（ルール表 → 参照表 で入力）")


@dataclass(frozen=True)
class RenownTn:
    """The renown test's TN and where each part comes from; `problem` when it cannot be made."""

    tn: int | None
    parts: tuple[tuple[str, int], ...] = ()
    problem: str = ""


def renown_tn(rules: LotRRules, origin: str, modifiers: Sequence[str] = ()) -> RenownTn:
    """The TN for `origin` (a row of the renown table) with the ticked modifier rows added."""
    table, extra = rules.reference_table(RENOWN), rules.reference_table(RENOWN_MODIFIERS)
    row = table.row(origin)
    if row is None:
        return RenownTn(None, problem=Message("知名度の表に「{0}」の行がありません", origin))
    base = row.get("tn")
    if not isinstance(base, int) or isinstance(base, bool):
        problem = Message("知名度の目標値「{0}」が{1}", origin, UNSET)
        return RenownTn(None, problem=UnsetCell(CellRef(RENOWN, origin, "tn"), problem))
    parts: list[tuple[str, int]] = [(origin, base)]
    for name in modifiers:
        modifier_row = extra.row(name)
        if modifier_row is None:
            return RenownTn(None, problem=Message("知名度の修正の表に「{0}」の行がありません", name))
        value = modifier_row.get("modifier")
        if not isinstance(value, int) or isinstance(value, bool):
            problem = Message("知名度の修正「{0}」が{1}", name, UNSET)
            return RenownTn(None, problem=UnsetCell(CellRef(RENOWN_MODIFIERS, name, "modifier"), problem))
        parts.append((name, value))
    return RenownTn(sum(v for _, v in parts), tuple(parts))


def renown_spec(
    character: LotRCharacter, rules: LotRRules, tn: int, modifier: int = 0, wounds: bool = True
) -> RollSpec:
    """The Wits test of `character` (its wound and weariness penalties in) against `tn`."""
    return RollSpec(roller_for(character, WITS, rules, modifier, 0, wounds), tn, rules.degree_bands())


def knows_probability(spec: RollSpec) -> Fraction:
    """P(success): the character knows of the other (exact, the exploding dice included)."""
    dist = roll_distribution(spec)
    return sum((dist[d] for d in DEGREE_ORDER if d.succeeded), Fraction(0))


def knows(degree: Degree) -> bool:
    return degree.succeeded


def raise_renown(character: LotRCharacter, amount: int, reason: str) -> LotRCharacter:
    """Renown up by `amount` for `reason` (a Renown Trigger, 1.6.1); ValueError naming what is wrong."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        raise ValueError(Message("上げる Renown は 1 以上の整数です（{0}）", amount))
    if not reason.strip():
        raise ValueError(Message("Renown を上げる理由（Renown Trigger、1.6.1）を入力してください"))
    if character.renown + amount > MAX_RENOWN:
        raise ValueError(Message("Renown は {0} までです（{1} + {2}）", MAX_RENOWN, character.renown, amount))
    return replace(character, renown=character.renown + amount)
