"""Character creation (1. キャラクター, 1.1, 1.2, 1.4, 1.4.1): the dice, the preview, the result.

A `CreationDraft` holds the player's choices; `creation_checks.problems(draft)` lists every limit
it breaks, each with the step it belongs to and a sentence saying why; `preview(draft)` is every
value the character will have; `build_character(draft)` turns it into a character (with the
problems recorded as GM overrides when the GM finished it anyway).  Numbers the summary states as
rules are named constants (creation_types); table values come from the rule data.  The names of
creation_types, creation_draft and creation_checks are re-exported here.
"""

from __future__ import annotations

import random

from gmtool.rules.dice import Distribution, Faces, roll, sum_distribution
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.advancement import pick_cost
from gmtool.rules.systems.lotr.character import MAX_RANK, Attributes, LotRCharacter, Skill
from gmtool.rules.systems.lotr.creation_checks import choice_points, exceeded, limits, pools, problems
from gmtool.rules.systems.lotr.creation_draft import (
    available_values,
    before_race,
    best_six,
    bought_attributes,
    extra_specialisations,
    final_attributes,
    free_points_used,
    language_budget,
    listed_attribute,
    order_ranks,
    positive_ranks,
    race_bonuses,
    race_points_used,
    skill_totals,
    value_pool,
)
from gmtool.rules.systems.lotr.creation_types import (
    CHOICE,
    CHOICE_MAX,
    CHOICE_POINTS,
    CHOICE_VALUES,
    CREATION_MAX_RANK,
    CUSTOM,
    EXTRA_SPECIALISATION_COST,
    FAVOURED_ATTRIBUTES,
    FREE_PICK_KINDS,
    FREE_POINTS,
    FREE_SPECIALISATIONS,
    LANGUAGE_MULTIPLIER,
    LANGUAGE_PREFIXES,
    MAX_FLAWS,
    ORDER_FREE_RANKS,
    ORDER_POOLS,
    ORDER_RANK_CAP,
    ORDER_RANKS,
    PACKAGE,
    POOL_FIELDS,
    POOLS,
    RACE_PICKS,
    RANDOM,
    RANDOM_DICE,
    RANDOM_ROLLS,
    STEP_ATTRIBUTES,
    STEP_EXTRAS,
    STEP_FAVOURED,
    STEP_ORIGIN,
    STEP_SKILLS,
    CreationDraft,
    CreationPreview,
    Limit,
    Problem,
)
from gmtool.rules.systems.lotr.derived import (
    COURAGE_BASE,
    DEFENCE_BASE,
    ENCUMBRANCE_MULTIPLIERS,
    creation_health,
    creation_reactions,
)
from gmtool.rules.systems.lotr.rules_data import (
    ATTRIBUTE_IDS,
    REACTION_IDS,
    SKILL_ATTRIBUTES,
    LotRRules,
    SkillAttribute,
    lotr_rules,
)

__all__ = [
    "CHOICE",
    "CHOICE_MAX",
    "CHOICE_POINTS",
    "CHOICE_VALUES",
    "CREATION_MAX_RANK",
    "CUSTOM",
    "EXTRA_SPECIALISATION_COST",
    "FAVOURED_ATTRIBUTES",
    "FREE_PICK_KINDS",
    "FREE_POINTS",
    "FREE_SPECIALISATIONS",
    "LANGUAGE_MULTIPLIER",
    "LANGUAGE_PREFIXES",
    "MAX_FLAWS",
    "ORDER_FREE_RANKS",
    "ORDER_POOLS",
    "ORDER_RANKS",
    "ORDER_RANK_CAP",
    "PACKAGE",
    "POOLS",
    "POOL_FIELDS",
    "RACE_PICKS",
    "RANDOM",
    "RANDOM_DICE",
    "RANDOM_ROLLS",
    "STEP_ATTRIBUTES",
    "STEP_EXTRAS",
    "STEP_FAVOURED",
    "STEP_ORIGIN",
    "STEP_SKILLS",
    "CreationDraft",
    "CreationPreview",
    "Limit",
    "Problem",
    "available_values",
    "before_race",
    "best_six",
    "bought_attributes",
    "build_character",
    "choice_points",
    "courage_at_creation",
    "draft_pick_cost",
    "exceeded",
    "extra_specialisations",
    "final_attributes",
    "free_points_used",
    "language_budget",
    "limits",
    "listed_attribute",
    "order_ranks",
    "over_stored_max",
    "pools",
    "positive_ranks",
    "preview",
    "problems",
    "race_bonuses",
    "race_points_used",
    "random_roll_distribution",
    "roll_attribute_dice",
    "skill_totals",
    "value_pool",
]


def roll_attribute_dice(rng: random.Random) -> tuple[Faces, ...]:
    """The random method's nine 2d6 rolls, faces kept for the log."""
    return tuple(roll(rng, *RANDOM_DICE) for _ in range(RANDOM_ROLLS))


def random_roll_distribution() -> Distribution[int]:
    """P of each single 2d6 value (shown before rolling)."""
    return sum_distribution(*RANDOM_DICE)


def draft_pick_cost(
    draft: CreationDraft, kind: str, target: str = "", rules: LotRRules | None = None
) -> int | None:
    """What a buy with free or race points costs by the pick table for this draft (a favoured
    attribute costs differently); None where the table has no value (the GM types it)."""
    favoured = tuple(a for a in dict.fromkeys(draft.favoured_attributes) if a in ATTRIBUTE_IDS)
    reaction = draft.favoured_reaction if draft.favoured_reaction in REACTION_IDS else ""
    character = LotRCharacter(favoured_attributes=favoured[:FAVOURED_ATTRIBUTES], favoured_reaction=reaction)
    return pick_cost(character, kind, target, rules)


def preview(draft: CreationDraft, rules: LotRRules | None = None) -> CreationPreview:
    """Every value the character will have, from the draft as it stands (None = not assigned yet)."""
    rules = rules or lotr_rules()
    bonuses, known = rules.race_bonuses(draft.race, draft.subrace)
    finals = final_attributes(draft, rules)
    assigned = set(draft.assigned)
    raw = before_race(draft)
    attributes: dict[str, int | None] = {a: (finals[a] if a in assigned else None) for a in ATTRIBUTE_IDS}
    mods = {a: (rules.modifier(v) if v is not None else None) for a, v in attributes.items()}
    complete = assigned >= set(ATTRIBUTE_IDS)
    all_mods: dict[str, int] = {a: rules.modifier(finals[a]) for a in ATTRIBUTE_IDS}
    race = rules.race(draft.race)
    size = rules.size(race.size) if race else None
    courage, courage_known = courage_at_creation(draft, rules)
    strength = attributes["str"]
    reactions = creation_reactions(all_mods)
    return CreationPreview(
        before_race={a: (raw[a] if a in assigned else None) for a in ATTRIBUTE_IDS},
        bonuses=bonuses,
        bonuses_known=known,
        attributes=attributes,
        modifiers=mods,
        reactions={r: reactions.get(r) for r in REACTION_IDS} if complete else None,
        health=creation_health(finals["vit"], all_mods["str"]) if complete else None,
        defence=DEFENCE_BASE + all_mods["nim"] if mods["nim"] is not None else None,
        courage=courage,
        courage_known=courage_known,
        size=size.label if size else "",
        wound_levels=race.wound_levels if race else None,
        encumbrance=tuple(strength * m for m in ENCUMBRANCE_MULTIPLIERS) if strength is not None else None,
        damage_bonus=mods["str"],
    )


def over_stored_max(draft: CreationDraft, rules: LotRRules | None = None) -> dict[str, int]:
    """Skills whose total is above what a character can hold (12): they are stored as 12."""
    return {n: r for n, r in skill_totals(draft, rules).items() if r > MAX_RANK}


def courage_at_creation(draft: CreationDraft, rules: LotRRules | None = None) -> tuple[int, bool]:
    """(Courage, known): 3 + race and order modifiers; a modifier the data lacks counts 0."""
    rules = rules or lotr_rules()
    race, order = rules.race(draft.race), rules.order(draft.order)
    race_mod = race.courage if race else None
    order_mod = order.courage if order else None
    return COURAGE_BASE + (race_mod or 0) + (order_mod or 0), race_mod is not None and order_mod is not None


def _skill_attribute(draft: CreationDraft, name: str) -> SkillAttribute:
    """The attribute the draft gives a skill outside the list ("" = none). An unknown one is refused
    even under a GM override: the sheet has no such attribute to roll it with."""
    attribute = draft.skill_attributes.get(name, "")
    if attribute not in SKILL_ATTRIBUTES:
        raise ValueError(Message("{0}: 能力値 '{1}' はありません", name, attribute))
    return attribute


def build_character(
    draft: CreationDraft, overridden: bool = False, rules: LotRRules | None = None
) -> LotRCharacter:
    """The character the draft describes; with `overridden`, the broken limits are recorded."""
    rules = rules or lotr_rules()
    found = problems(draft, rules)
    if found and not overridden:
        raise ValueError(found[0].message)
    values = final_attributes(draft, rules)
    mods = {a: rules.modifier(v) for a, v in values.items()}
    race = rules.race(draft.race)
    order_skill_names = set(order_ranks(draft, rules))
    skills = tuple(
        Skill(
            name=name,
            ranks=min(ranks, MAX_RANK),
            attribute=_skill_attribute(draft, name),
            specialisations=tuple(draft.specialisations.get(name, ())),
            order_skill=name in order_skill_names,
        )
        for name, ranks in sorted(skill_totals(draft, rules).items())
    )
    edges = (
        *draft.edges,
        *(p.target for p in draft.race_edges),
        *(p.target for p in draft.free_picks if p.kind == "edge"),
    )
    courage, _ = courage_at_creation(draft, rules)
    return LotRCharacter(
        name=draft.name,
        race=draft.race,
        subrace=draft.subrace,
        order=draft.order,
        size=(race.size if race else "medium"),
        wound_levels=race.wound_levels if race else 5,
        attributes=Attributes(**{a: min(99, v) for a, v in values.items()}),
        favoured_attributes=tuple(a for a in draft.favoured_attributes if a in ATTRIBUTE_IDS)[
            :FAVOURED_ATTRIBUTES
        ],
        favoured_reaction=draft.favoured_reaction if draft.favoured_reaction in REACTION_IDS else "",
        reactions=creation_reactions(mods),
        health=creation_health(values["vit"], mods["str"]),
        courage=courage,
        skills=skills,
        edges=tuple(e for e in edges if e),
        flaws=draft.flaws,
        order_abilities=(draft.order_ability.strip(),) if draft.order_ability.strip() else (),
        money=draft.money,
        notes=draft.notes,
        overrides=tuple(f"作成時の GM 許可: {p.message}" for p in found) if overridden else (),
    )
