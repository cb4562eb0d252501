"""Multiple orders (1.6.2) and elite orders (1.6.3), as checks with reasons.

1.6.2 「同時には二つの職業の特性しか成長させることはできない. 三つ目以降の職業に就いた場合は, 成長ポイント
を使うことができる職業を二つだけ決定すること.」  With three orders or more, an advancement names the two
(Advancement.advancing_orders, kept on the character as its current choice); it must count for one of
them, and an order skill of the others is not grown with its picks.

1.6.3 「上級職(Elite Orders)になるには以下の三つの条件を満たす必要がある. (1) 一つの職業で,Advancement
(レベル) を6以上にすること. (2) なりたい上級職の能力値条件を満たすこと. (3) 職業の「兼業」に必要な成長
ポイント5点を支払うこと.」  An elite order is a row of the `elite_orders` table; its attribute minima are
the GM's (未設定 until filled in), and a condition that rests on an unset value says so.
"""

from __future__ import annotations

from collections import Counter

from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.character import Advancement, LotRCharacter
from gmtool.rules.systems.lotr.order_types import (
    ELITE_ADVANCEMENTS,
    ELITE_PICKS,
    FAIL,
    MAX_ADVANCING,
    OK,
    UNSET,
    UNSET_TEXT,
    Condition,
)
from gmtool.rules.systems.lotr.reference_catalog import ELITE_ORDERS
from gmtool.rules.systems.lotr.rules_data import ATTRIBUTE_IDS, ATTRIBUTE_NAMES, LotRRules

# The value types live in order_types (views may import them); they are re-exported here.
__all__ = [
    "ELITE_ADVANCEMENTS",
    "ELITE_PICKS",
    "FAIL",
    "MAX_ADVANCING",
    "OK",
    "UNSET",
    "UNSET_TEXT",
    "Condition",
    "advancements_by_order",
    "character_orders",
    "elite_conditions",
    "elite_problems",
    "elite_row_name",
    "order_problems",
]


def character_orders(character: LotRCharacter, advancement: Advancement | None = None) -> list[str]:
    """The order, the 兼業 orders, and any this advancement takes (new_order), without repeats."""
    taken = [p.target.strip() for p in advancement.picks if p.kind == "new_order"] if advancement else []
    return list(dict.fromkeys(o for o in (character.order, *character.other_orders, *taken) if o))


def _name(rules: LotRRules, order_id: str) -> str:
    """The order's English name (Warrior), as the sheet's order list shows it, not its id (warrior)."""
    order = rules.order(order_id)
    return order.name if order is not None else order_id


def order_problems(character: LotRCharacter, advancement: Advancement, rules: LotRRules) -> list[str]:
    """What breaks 1.6.2 in this advancement ([] with two orders or fewer)."""
    orders = character_orders(character, advancement)
    if len(orders) <= MAX_ADVANCING:
        return []
    chosen = [o for o in advancement.advancing_orders if o]
    if len(set(chosen)) != MAX_ADVANCING or any(o not in orders for o in chosen):
        return [
            Message(
                "職業が {0} つあります（{1}）。成長ポイントを使う職業を二つ選んでください（1.6.2）",
                len(orders),
                Message.joined(", ", [_name(rules, o) for o in orders]),
            )
        ]
    found: list[str] = []
    if advancement.order and advancement.order not in chosen:
        found.append(
            Message(
                "この成長は {0} の成長ですが、成長ポイントを使える職業は {1} と {2} です（1.6.2）",
                _name(rules, advancement.order),
                _name(rules, chosen[0]),
                _name(rules, chosen[1]),
            )
        )
    others = [rules.order(o) for o in orders if o not in chosen]
    active = [rules.order(o) for o in chosen]
    for name in sorted({p.target.strip() for p in advancement.picks if p.kind == "skill_rank"}):
        if any(a is not None and name in a.skills for a in active):
            continue
        blocked = [o.name for o in others if o is not None and name in o.skills]
        if blocked:
            found.append(
                Message(
                    "{0} は成長ポイントを使わない職業（{1}）の職業スキルです（1.6.2）",
                    name,
                    Message.joined(", ", blocked),
                )
            )
    return found


def elite_row_name(rules: LotRRules, name: str) -> str | None:
    """The elite_orders row a new order's name is (case and spaces aside), or None."""
    wanted = name.strip().casefold()
    table = rules.reference_table(ELITE_ORDERS)
    return next((r.name for r in table.rows if r.name.strip().casefold() == wanted), None)


def advancements_by_order(character: LotRCharacter) -> tuple[Counter[str], int]:
    """Advancements taken per order, and how many recorded no order."""
    counts = Counter(a.order for a in character.advancements if a.order)
    return counts, sum(1 for a in character.advancements if not a.order)


def _advancement_condition(character: LotRCharacter) -> Condition:
    counts, unknown = advancements_by_order(character)
    order, most = counts.most_common(1)[0] if counts else ("", 0)
    if most >= ELITE_ADVANCEMENTS:
        return Condition(1, OK, Message("{0} で成長 {1} 回（6 回以上）", order, most))
    if most + unknown >= ELITE_ADVANCEMENTS:
        return Condition(
            1,
            UNSET,
            Message(
                "職業の記録がない成長が {0} 回あり、一つの職業で 6 回以上か決められません（最多 {1} {2} 回）",
                unknown,
                order or "—",
                most,
            ),
        )
    if not counts:
        return Condition(1, FAIL, Message("一つの職業で成長 6 回以上が必要です（まだ成長していません）"))
    return Condition(
        1, FAIL, Message("一つの職業で成長 6 回以上が必要です（最多は {0} の {1} 回）", order, most)
    )


def _attribute_condition(character: LotRCharacter, rules: LotRRules, elite: str) -> Condition:
    row = rules.reference_table(ELITE_ORDERS).row(elite)
    minima = {a: row.get(a) for a in ATTRIBUTE_IDS} if row is not None else {}
    set_minima = {a: v for a, v in minima.items() if isinstance(v, int) and not isinstance(v, bool)}
    if not set_minima:
        return Condition(2, UNSET, Message("上級職「{0}」の能力値条件が{1}", elite, UNSET_TEXT))
    short = [
        Message("{0} {1} < {2}", ATTRIBUTE_NAMES[a], character.attributes.get(a), v)
        for a, v in set_minima.items()
        if character.attributes.get(a) < v
    ]
    if short:
        return Condition(2, FAIL, Message("能力値が足りません: {0}", Message.joined(", ", short)))
    met = [
        Message("{0} {1} ≥ {2}", ATTRIBUTE_NAMES[a], character.attributes.get(a), v)
        for a, v in set_minima.items()
    ]
    return Condition(2, OK, Message("能力値条件を満たしています: {0}", Message.joined(", ", met)))


def elite_conditions(
    character: LotRCharacter, rules: LotRRules, elite: str, cost: int | None
) -> list[Condition]:
    """1.6.3's three conditions for taking `elite` with a pick of `cost` (None: not chosen yet)."""
    if cost is None:
        paid = Condition(3, UNSET, Message("支払う成長ポイントがまだ決まっていません（5 点）"))
    elif cost == ELITE_PICKS:
        paid = Condition(3, OK, Message("成長ポイント 5 点を支払います"))
    else:
        paid = Condition(
            3, FAIL, Message("上級職には成長ポイント 5 点を支払います（この項目は {0} 点）", cost)
        )
    return [_advancement_condition(character), _attribute_condition(character, rules, elite), paid]


def elite_problems(character: LotRCharacter, advancement: Advancement, rules: LotRRules) -> list[str]:
    """Every 1.6.3 condition not met (or unset) by the elite orders this advancement takes."""
    found: list[str] = []
    for pick in advancement.picks:
        elite = elite_row_name(rules, pick.target) if pick.kind == "new_order" else None
        if elite is None:
            continue
        for condition in elite_conditions(character, rules, elite, pick.cost):
            if condition.state != OK:
                found.append(
                    Message("上級職「{0}」の条件 ({1}): {2}", elite, condition.number, condition.reason)
                )
    return found
