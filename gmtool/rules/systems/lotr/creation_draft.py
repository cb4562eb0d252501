"""What a creation draft adds up to (1.1, 1.4, 1.4.1): its attributes before and after the race,
the ranks of each skill, and what each rank pool has spent.

Plain sums over the player's choices: `creation_checks` measures them against the limits,
`creation` builds the character from them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from gmtool.rules.systems.lotr.character import ATTRIBUTE_MIN
from gmtool.rules.systems.lotr.creation_types import (
    CHOICE,
    CHOICE_VALUES,
    EXTRA_SPECIALISATION_COST,
    FREE_SPECIALISATIONS,
    LANGUAGE_MULTIPLIER,
    PACKAGE,
    RANDOM,
    CreationDraft,
)
from gmtool.rules.systems.lotr.rules_data import ATTRIBUTE_IDS, LotRRules, lotr_rules


def best_six(values: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(values, reverse=True)[: len(ATTRIBUTE_IDS)])


# ---- attributes ----------------------------------------------------------------------------
def value_pool(draft: CreationDraft) -> tuple[int, ...]:
    """The values the attributes are given: the best six of the nine rolls, or the choice method's."""
    if draft.method == RANDOM:
        return best_six(draft.rolls) if draft.rolls else ()
    return CHOICE_VALUES


def available_values(draft: CreationDraft, attribute: str) -> list[int]:
    """The pool's values not assigned to another attribute (this one's own included)."""
    left = Counter(value_pool(draft))
    left.subtract(v for a, v in draft.assigned.items() if a != attribute)
    return sorted((v for v, n in left.items() if n > 0), reverse=True)


def race_bonuses(draft: CreationDraft, rules: LotRRules | None = None) -> tuple[dict[str, int], bool]:
    return (rules or lotr_rules()).race_bonuses(draft.race, draft.subrace)


def before_race(draft: CreationDraft) -> dict[str, int]:
    """Each attribute before race bonuses (the choice method's points included)."""
    return {
        a: draft.assigned.get(a, 0) + (draft.choice_points.get(a, 0) if draft.method == CHOICE else 0)
        for a in ATTRIBUTE_IDS
    }


def bought_attributes(draft: CreationDraft) -> Counter[str]:
    return Counter(p.target for p in draft.free_picks if p.kind == "attribute")


def final_attributes(draft: CreationDraft, rules: LotRRules | None = None) -> dict[str, int]:
    """After race bonuses (never below 1) and free-point buys."""
    bonuses, _ = race_bonuses(draft, rules)
    bought = bought_attributes(draft)
    return {
        a: max(ATTRIBUTE_MIN, value + bonuses.get(a, 0)) + bought[a]
        for a, value in before_race(draft).items()
    }


# ---- skills --------------------------------------------------------------------------------
def positive_ranks(ranks: Mapping[str, int]) -> dict[str, int]:
    """The skills a pool gives ranks to (a zero or a refused negative counts nothing)."""
    return {name: r for name, r in ranks.items() if r > 0}


def order_ranks(draft: CreationDraft, rules: LotRRules | None = None) -> dict[str, int]:
    """The order's skill ranks: the package's, or the custom allocation (15 + 5)."""
    if draft.skill_mode == PACKAGE:
        order = (rules or lotr_rules()).order(draft.order)
        return dict(order.package) if order else {}
    total = Counter(positive_ranks(draft.order_ranks))
    total.update(positive_ranks(draft.order_free_ranks))
    return dict(total)


def skill_totals(draft: CreationDraft, rules: LotRRules | None = None) -> dict[str, int]:
    total: Counter[str] = Counter(order_ranks(draft, rules))
    for pool in (draft.race_ranks, draft.language_ranks, draft.free_ranks):
        total.update(positive_ranks(pool))
    return {name: r for name, r in total.items() if r}


def listed_attribute(name: str, rules: LotRRules) -> str:
    """The skill list's attribute for a skill (by the part before ':'), '' when the list has none."""
    definition = rules.skill(name) or rules.skill(name.split(":")[0].strip())
    return definition.attribute if definition else ""


# ---- what each pool has spent --------------------------------------------------------------
def extra_specialisations(draft: CreationDraft) -> int:
    count = sum(len(fields) for fields in draft.specialisations.values())
    return max(0, count - FREE_SPECIALISATIONS)


def race_points_used(draft: CreationDraft) -> int:
    return sum(positive_ranks(draft.race_ranks).values()) + sum(p.cost for p in draft.race_edges)


def language_budget(draft: CreationDraft, rules: LotRRules | None = None) -> int:
    """Wits × 3, Wits as the race left it: the free points are spent 「最後に」, after languages."""
    bonuses, _ = race_bonuses(draft, rules)
    wits = max(ATTRIBUTE_MIN, before_race(draft)["wit"] + bonuses.get("wit", 0))
    return wits * LANGUAGE_MULTIPLIER


def free_points_used(draft: CreationDraft, rules: LotRRules | None = None) -> int:
    """Free points are spent 「成長ポイントと同様に」: a rank costs what a skill rank pick costs."""
    rank_cost = (rules or lotr_rules()).picks.get("skill_rank", 1)
    return (
        sum(positive_ranks(draft.free_ranks).values()) * rank_cost
        + sum(p.cost for p in draft.free_picks)
        + extra_specialisations(draft) * EXTRA_SPECIALISATION_COST
    )
