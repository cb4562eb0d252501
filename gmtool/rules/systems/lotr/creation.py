"""Character creation (1. キャラクター, 1.1, 1.2, 1.4, 1.4.1): the draft, every limit, the result.

A `CreationDraft` holds the player's choices; `problems(draft)` lists every
limit it breaks, each with the step it belongs to and a sentence saying why;
`build_character(draft)` turns it into a character (with the problems recorded
as GM overrides when the GM finished it anyway).  Numbers the summary states as
rules are named constants here; table values come from the rule data.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from gmtool.rules.dice import Distribution, Faces, roll, sum_distribution
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.character import (
    ATTRIBUTE_MIN,
    Attributes,
    LotRCharacter,
    Skill,
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
    FREE_POINTS,
    FREE_SPECIALISATIONS,
    LANGUAGE_MULTIPLIER,
    LANGUAGE_PREFIXES,
    MAX_FLAWS,
    ORDER_FREE_RANKS,
    ORDER_RANK_CAP,
    ORDER_RANKS,
    PACKAGE,
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
    Problem,
)
from gmtool.rules.systems.lotr.derived import (
    COURAGE_BASE,
    attribute_cap,
    creation_health,
    creation_reactions,
)
from gmtool.rules.systems.lotr.rules_data import (
    ATTRIBUTE_IDS,
    ATTRIBUTE_NAMES,
    REACTION_IDS,
    SKILL_ATTRIBUTES,
    LotRRules,
    SkillAttribute,
    lotr_rules,
)

# The value types live in creation_types (views may import them); they are re-exported here.
__all__ = [
    "CHOICE",
    "CHOICE_MAX",
    "CHOICE_POINTS",
    "CHOICE_VALUES",
    "CREATION_MAX_RANK",
    "CUSTOM",
    "EXTRA_SPECIALISATION_COST",
    "FAVOURED_ATTRIBUTES",
    "FREE_POINTS",
    "FREE_SPECIALISATIONS",
    "LANGUAGE_MULTIPLIER",
    "LANGUAGE_PREFIXES",
    "MAX_FLAWS",
    "ORDER_FREE_RANKS",
    "ORDER_RANKS",
    "ORDER_RANK_CAP",
    "PACKAGE",
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
    "Problem",
    "before_race",
    "best_six",
    "bought_attributes",
    "build_character",
    "courage_at_creation",
    "extra_specialisations",
    "final_attributes",
    "free_points_used",
    "language_budget",
    "order_ranks",
    "positive_ranks",
    "problems",
    "race_bonuses",
    "race_points_used",
    "random_roll_distribution",
    "roll_attribute_dice",
    "skill_totals",
]


def roll_attribute_dice(rng: random.Random) -> tuple[Faces, ...]:
    """The random method's nine 2d6 rolls, faces kept for the log."""
    return tuple(roll(rng, *RANDOM_DICE) for _ in range(RANDOM_ROLLS))


def random_roll_distribution() -> Distribution[int]:
    """P of each single 2d6 value (shown before rolling)."""
    return sum_distribution(*RANDOM_DICE)


def best_six(values: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(values, reverse=True)[: len(ATTRIBUTE_IDS)])


# ---- attributes ----------------------------------------------------------------------------
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


def _attribute_problems(draft: CreationDraft, rules: LotRRules) -> list[Problem]:
    out: list[Problem] = []

    def add(message: str) -> None:
        out.append(Problem(STEP_ATTRIBUTES, message))

    missing = [ATTRIBUTE_NAMES[a] for a in ATTRIBUTE_IDS if a not in draft.assigned]
    if missing:
        add(Message("値を割り当てていない能力値があります: {0}", Message.joined(", ", missing)))
    chosen = sorted((draft.assigned[a] for a in ATTRIBUTE_IDS if a in draft.assigned), reverse=True)
    if draft.method == RANDOM:
        if len(draft.rolls) != RANDOM_ROLLS:
            add(Message("2d6 を {0} 回振ってください（ランダム法）", RANDOM_ROLLS))
        elif Counter(chosen) - Counter(best_six(draft.rolls)):
            add(Message("割り当てられるのは高い 6 つの値 {0} だけです", list(best_six(draft.rolls))))
    elif draft.method == CHOICE:
        if Counter(chosen) - Counter(CHOICE_VALUES):
            add(
                Message(
                    "選択法の値は {0} を一つずつ割り当てます", Message.joined(", ", map(str, CHOICE_VALUES))
                )
            )
        points = sum(draft.choice_points.values())
        if any(p < 0 for p in draft.choice_points.values()):
            add(Message("配分するポイントは 0 以上です"))
        if points != CHOICE_POINTS:
            add(Message("{0} ポイントを配分しきってください（いま {1}）", CHOICE_POINTS, points))
        for a, value in before_race(draft).items():
            if value > CHOICE_MAX:
                add(
                    Message(
                        "{0} が {1}: 選択法では種族ボーナスの前に {2} までです",
                        ATTRIBUTE_NAMES[a],
                        value,
                        CHOICE_MAX,
                    )
                )
    else:
        add(Message("能力値の決め方 '{0}' はありません", draft.method))
    bonuses, _ = race_bonuses(draft, rules)
    for a, value in final_attributes(draft, rules).items():
        cap = attribute_cap(a, bonuses)
        if value > cap:
            add(Message("{0} が {1}: 最大は 12 + 種族修正 = {2} です", ATTRIBUTE_NAMES[a], value, cap))
    return out


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


def _skill_problems(draft: CreationDraft, rules: LotRRules) -> list[Problem]:
    out: list[Problem] = []

    def add(message: str) -> None:
        out.append(Problem(STEP_SKILLS, message))

    for pool in (
        draft.order_ranks,
        draft.order_free_ranks,
        draft.race_ranks,
        draft.language_ranks,
        draft.free_ranks,
    ):
        if any(r < 0 for r in pool.values()):
            add(Message("ランクは 0 以上です"))
            break
    order = rules.order(draft.order)
    if draft.skill_mode == PACKAGE:
        if order is None or not order.package:
            add(
                Message(
                    "この職業のパッケージの中身はルールデータにありません（GM が orders.toml "
                    "に設定するまで自由配分を使ってください）"
                )
            )
    else:
        used = sum(positive_ranks(draft.order_ranks).values())
        if used > ORDER_RANKS:
            add(Message("職業スキルの配分は {0} ランクまでです（いま {1}）", ORDER_RANKS, used))
        over = sorted(n for n, r in draft.order_ranks.items() if r > ORDER_RANK_CAP)
        if over:
            add(
                Message(
                    "職業スキルの配分は一つの技能に {0} ランクまでです: {1}",
                    ORDER_RANK_CAP,
                    Message.joined(", ", over),
                )
            )
        free = sum(positive_ranks(draft.order_free_ranks).values())
        if free > ORDER_FREE_RANKS:
            add(Message("職業スキルの自由配分は {0} ランクまでです（いま {1}）", ORDER_FREE_RANKS, free))
        if order is not None and order.skills:
            outside = sorted(
                set(positive_ranks(draft.order_ranks)) | set(positive_ranks(draft.order_free_ranks))
            )
            outside = [n for n in outside if n not in order.skills]
            if outside:
                add(Message("職業スキルにない技能です: {0}", Message.joined(", ", outside)))
    race_used = race_points_used(draft)
    if race_used > RACE_PICKS:
        add(Message("種族スキルと特徴は {0} ポイントまでです（いま {1}）", RACE_PICKS, race_used))
    budget = language_budget(draft, rules)
    language = sum(positive_ranks(draft.language_ranks).values())
    if language > budget:
        add(
            Message(
                "言語・知識は Wits × {0} = {1} ランクまでです（いま {2}）",
                LANGUAGE_MULTIPLIER,
                budget,
                language,
            )
        )
    not_language = sorted(
        n for n in positive_ranks(draft.language_ranks) if not n.startswith(LANGUAGE_PREFIXES)
    )
    if not_language:
        add(
            Message(
                "言語・知識の枠で取れるのは Language / Lore だけです: {0}", Message.joined(", ", not_language)
            )
        )
    totals = skill_totals(draft, rules)
    high = sorted(Message("{0}（{1}）", n, r) for n, r in totals.items() if r > CREATION_MAX_RANK)
    if high:
        add(
            Message(
                "初期キャラクターの技能は {0} ランクまでです: {1}",
                CREATION_MAX_RANK,
                Message.joined(", ", high),
            )
        )
    for name, fields in draft.specialisations.items():
        if fields and not totals.get(name):
            add(Message("ランク 0 の技能は特化できません: {0}", name))
    unset = sorted(n for n in totals if not (draft.skill_attributes.get(n) or _listed_attribute(n, rules)))
    if unset:
        add(
            Message(
                "能力値が未設定の技能があります（技能ごとに選んでください）: {0}", Message.joined(", ", unset)
            )
        )
    return out


def _listed_attribute(name: str, rules: LotRRules) -> str:
    definition = rules.skill(name) or rules.skill(name.split(":")[0].strip())
    return definition.attribute if definition else ""


# ---- the rest ------------------------------------------------------------------------------
def _other_problems(draft: CreationDraft, rules: LotRRules) -> list[Problem]:
    out: list[Problem] = []
    race = rules.race(draft.race)
    if race is None:
        out.append(Problem(STEP_ORIGIN, Message("種族を選んでください")))
    elif race.subraces and race.subrace(draft.subrace) is None:
        out.append(Problem(STEP_ORIGIN, Message("{0} の亜種族を選んでください", race.label)))
    if rules.order(draft.order) is None:
        out.append(Problem(STEP_ORIGIN, Message("職業を選んでください")))
    favoured = draft.favoured_attributes
    if len(set(favoured)) != FAVOURED_ATTRIBUTES or not set(favoured) <= set(ATTRIBUTE_IDS):
        out.append(
            Problem(STEP_FAVOURED, Message("得意能力値を異なる {0} つ選んでください", FAVOURED_ATTRIBUTES))
        )
    if draft.favoured_reaction not in REACTION_IDS:
        out.append(Problem(STEP_FAVOURED, Message("得意リアクションを一つ選んでください")))
    used = free_points_used(draft, rules)
    if used > FREE_POINTS:
        out.append(
            Problem(
                STEP_EXTRAS,
                Message(
                    "自由ポイントは {0} 点までです（いま {1}、2 つ目以降の特化 1 点ずつを含む）",
                    FREE_POINTS,
                    used,
                ),
            )
        )
    if any(p.kind == "order_ability" for p in draft.free_picks):
        out.append(Problem(STEP_EXTRAS, Message("自由ポイントで職業の特殊能力は身に着けられません")))
    if any(p.cost < 0 for p in (*draft.free_picks, *draft.race_edges)):
        out.append(Problem(STEP_EXTRAS, Message("消費ポイントは 0 以上です")))
    if len(draft.flaws) > MAX_FLAWS:
        out.append(
            Problem(
                STEP_EXTRAS,
                Message(
                    "Flaw は種族と職業を合わせて {0} つまでです（いま {1}）", MAX_FLAWS, len(draft.flaws)
                ),
            )
        )
    if not draft.order_ability.strip():
        out.append(Problem(STEP_EXTRAS, Message("職業の特殊能力を一つ選んでください（名前を入力）")))
    return out


def problems(draft: CreationDraft, rules: LotRRules | None = None) -> list[Problem]:
    """Every limit the draft breaks, in the order of the wizard's steps."""
    rules = rules or lotr_rules()
    found = _other_problems(draft, rules) + _attribute_problems(draft, rules) + _skill_problems(draft, rules)
    order = (STEP_ORIGIN, STEP_ATTRIBUTES, STEP_FAVOURED, STEP_SKILLS, STEP_EXTRAS)
    return sorted(found, key=lambda p: order.index(p.step))


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
            ranks=min(ranks, 12),
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
