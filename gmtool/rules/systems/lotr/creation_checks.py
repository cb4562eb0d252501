"""The creation checks (1.1, 1.2, 1.4, 1.4.1): every budget and cap a draft is measured against,
and every problem a finished draft has.

Each limit is measured once, in `limits`: the rank pools, the attribute caps, the creation rank
cap, the flaws.  `exceeded` is what a draft being filled in is over by (the creation model refuses
a change that makes any of it worse, so a page can still be filled in any order); `problems` is
what a finished draft must satisfy — the exceeded limits, said per rule, and what is still missing.
"""

from __future__ import annotations

from collections import Counter

from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.creation_draft import (
    before_race,
    best_six,
    final_attributes,
    free_points_used,
    language_budget,
    listed_attribute,
    positive_ranks,
    race_bonuses,
    race_points_used,
    skill_totals,
)
from gmtool.rules.systems.lotr.creation_types import (
    CHOICE,
    CHOICE_MAX,
    CHOICE_POINTS,
    CHOICE_VALUES,
    CREATION_MAX_RANK,
    FAVOURED_ATTRIBUTES,
    FREE_POINTS,
    LANGUAGE_MULTIPLIER,
    LANGUAGE_PREFIXES,
    MAX_FLAWS,
    ORDER_FREE_RANKS,
    ORDER_RANK_CAP,
    ORDER_RANKS,
    PACKAGE,
    POOL_FIELDS,
    RACE_PICKS,
    RANDOM,
    RANDOM_ROLLS,
    STEP_ATTRIBUTES,
    STEP_EXTRAS,
    STEP_FAVOURED,
    STEP_ORIGIN,
    STEP_SKILLS,
    CreationDraft,
    Limit,
    Problem,
)
from gmtool.rules.systems.lotr.derived import attribute_cap
from gmtool.rules.systems.lotr.rules_data import (
    ATTRIBUTE_IDS,
    ATTRIBUTE_NAMES,
    REACTION_IDS,
    LotRRules,
    lotr_rules,
)


# ---- the limits ------------------------------------------------------------------------------
def pools(draft: CreationDraft, rules: LotRRules) -> dict[str, Limit]:
    """The five rank pools of 1.4, spent and allowed, in the skill table's order."""
    order = sum(positive_ranks(draft.order_ranks).values())
    order_free = sum(positive_ranks(draft.order_free_ranks).values())
    race = race_points_used(draft)
    language, budget = sum(positive_ranks(draft.language_ranks).values()), language_budget(draft, rules)
    free = free_points_used(draft, rules)
    return {
        "order": Limit(
            STEP_SKILLS,
            "order",
            order,
            ORDER_RANKS,
            Message("職業スキルの配分は {0} ランクまでです（いま {1}）", ORDER_RANKS, order),
        ),
        "order_free": Limit(
            STEP_SKILLS,
            "order_free",
            order_free,
            ORDER_FREE_RANKS,
            Message("職業スキルの自由配分は {0} ランクまでです（いま {1}）", ORDER_FREE_RANKS, order_free),
        ),
        "race": Limit(
            STEP_SKILLS,
            "race",
            race,
            RACE_PICKS,
            Message("種族スキルと特徴は {0} ポイントまでです（いま {1}）", RACE_PICKS, race),
        ),
        # With Wits unassigned the budget means nothing yet (the values are being swapped).
        "language": Limit(
            STEP_SKILLS,
            "language",
            language,
            budget,
            Message(
                "言語・知識は Wits × {0} = {1} ランクまでです（いま {2}）",
                LANGUAGE_MULTIPLIER,
                budget,
                language,
            ),
            settled="wit" in draft.assigned,
        ),
        "free": Limit(
            STEP_EXTRAS,
            "free",
            free,
            FREE_POINTS,
            Message(
                "自由ポイントは {0} 点までです（いま {1}、2 つ目以降の特化 1 点ずつを含む）",
                FREE_POINTS,
                free,
            ),
        ),
    }


def choice_points(draft: CreationDraft) -> Limit:
    """The choice method's 8 points, spent and allowed."""
    points = sum(draft.choice_points.values())
    message = Message("選択法で配分できるのは {0} ポイントまでです（いま {1}）", CHOICE_POINTS, points)
    return Limit(STEP_ATTRIBUTES, "choice_points", points, CHOICE_POINTS, message)


def _none_allowed(step: str, kind: str, subject: str, message: str) -> Limit:
    """A rule that allows none of something, broken once (a skill outside the order's list)."""
    return Limit(step, kind, 1, 0, message, subject)


def _attribute_limits(draft: CreationDraft, rules: LotRRules) -> list[Limit]:
    out: list[Limit] = []
    if draft.method == CHOICE:
        for a, value in before_race(draft).items():
            message = Message(
                "{0} が {1}: 選択法では種族ボーナスの前に {2} までです", ATTRIBUTE_NAMES[a], value, CHOICE_MAX
            )
            out.append(Limit(STEP_ATTRIBUTES, "choice_max", value, CHOICE_MAX, message, a))
        out.append(choice_points(draft))
    bonuses, _ = race_bonuses(draft, rules)
    for a, value in final_attributes(draft, rules).items():
        cap = attribute_cap(a, bonuses)
        message = Message("{0} が {1}: 最大は 12 + 種族修正 = {2} です", ATTRIBUTE_NAMES[a], value, cap)
        out.append(Limit(STEP_ATTRIBUTES, "cap", value, cap, message, a))
    return out


def _order_limits(draft: CreationDraft, rules: LotRRules, budgets: dict[str, Limit]) -> list[Limit]:
    order = rules.order(draft.order)
    if draft.skill_mode == PACKAGE:
        if order is None or not order.package:
            message = Message(
                "この職業のパッケージの中身はルールデータにありません"
                "（GM が設定するまで自由配分を使ってください）"
            )
            return [_none_allowed(STEP_SKILLS, "package", "", message)]
        return []
    out = [budgets["order"]]
    for name, ranks in positive_ranks(draft.order_ranks).items():
        message = Message(
            "{0} が {1} ランク: 職業スキルの配分は一つの技能に {2} ランクまでです",
            name,
            ranks,
            ORDER_RANK_CAP,
        )
        out.append(Limit(STEP_SKILLS, "order_cap", ranks, ORDER_RANK_CAP, message, name))
    out.append(budgets["order_free"])
    if order is not None and order.skills:
        chosen = {*positive_ranks(draft.order_ranks), *positive_ranks(draft.order_free_ranks)}
        for name in sorted(chosen - set(order.skills)):
            message = Message("職業スキルにない技能です: {0}", name)
            out.append(_none_allowed(STEP_SKILLS, "order_outside", name, message))
    return out


def limits(draft: CreationDraft, rules: LotRRules) -> list[Limit]:
    """Every budget and cap the draft is measured against, as it stands (used, allowed, why)."""
    budgets = pools(draft, rules)
    out = _attribute_limits(draft, rules) + _order_limits(draft, rules, budgets)
    out += [budgets["race"], budgets["language"]]
    for name in positive_ranks(draft.language_ranks):
        if not name.startswith(LANGUAGE_PREFIXES):
            message = Message("言語・知識の枠で取れるのは Language / Lore だけです: {0}", name)
            out.append(_none_allowed(STEP_SKILLS, "language_name", name, message))
    totals = skill_totals(draft, rules)
    for name, ranks in totals.items():
        message = Message(
            "{0} が {1} ランク: 初期キャラクターの技能は {2} ランクまでです", name, ranks, CREATION_MAX_RANK
        )
        out.append(Limit(STEP_SKILLS, "rank", ranks, CREATION_MAX_RANK, message, name))
    for name, fields in draft.specialisations.items():
        if fields and not totals.get(name):
            message = Message("ランク 0 の技能は特化できません: {0}", name)
            out.append(_none_allowed(STEP_SKILLS, "special", name, message))
    out.append(budgets["free"])
    flaws = len(draft.flaws)
    message = Message("Flaw は種族と職業を合わせて {0} つまでです（いま {1}）", MAX_FLAWS, flaws)
    out.append(Limit(STEP_EXTRAS, "flaws", flaws, MAX_FLAWS, message))
    return out


def exceeded(draft: CreationDraft, rules: LotRRules | None = None) -> dict[str, Limit]:
    """The limits a draft being filled in is over, by key (one that means nothing yet left out)."""
    return {
        limit.key: limit
        for limit in limits(draft, rules or lotr_rules())
        if limit.excess > 0 and limit.settled
    }


# ---- the problems of a finished draft ----------------------------------------------------------
def _over(measured: list[Limit], kind: str) -> list[Limit]:
    return [limit for limit in measured if limit.kind == kind and limit.excess > 0]


def _subjects(measured: list[Limit], kind: str) -> Message:
    return Message.joined(", ", sorted(limit.subject for limit in _over(measured, kind)))


def _origin_problems(draft: CreationDraft, rules: LotRRules) -> list[Problem]:
    out: list[Problem] = []
    race = rules.race(draft.race)
    if race is None:
        out.append(Problem(STEP_ORIGIN, Message("種族を選んでください")))
    elif race.subraces and race.subrace(draft.subrace) is None:
        out.append(Problem(STEP_ORIGIN, Message("{0} の亜種族を選んでください", race.glossed)))
    if rules.order(draft.order) is None:
        out.append(Problem(STEP_ORIGIN, Message("職業を選んでください")))
    return out


def _attribute_problems(draft: CreationDraft, measured: list[Limit]) -> list[Problem]:
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
        if any(p < 0 for p in draft.choice_points.values()):
            add(Message("配分するポイントは 0 以上です"))
        # The 8 points are spent in full: fewer is a problem of the finished draft too.
        points = next(limit for limit in measured if limit.kind == "choice_points")
        if points.excess:
            add(Message("{0} ポイントを配分しきってください（いま {1}）", points.limit, points.used))
        out += [Problem(STEP_ATTRIBUTES, limit.message) for limit in _over(measured, "choice_max")]
    else:
        add(Message("能力値の決め方 '{0}' はありません", draft.method))
    out += [Problem(STEP_ATTRIBUTES, limit.message) for limit in _over(measured, "cap")]
    return out


def _favoured_problems(draft: CreationDraft) -> list[Problem]:
    out: list[Problem] = []
    favoured = draft.favoured_attributes
    if len(set(favoured)) != FAVOURED_ATTRIBUTES or not set(favoured) <= set(ATTRIBUTE_IDS):
        out.append(
            Problem(STEP_FAVOURED, Message("得意能力値を異なる {0} つ選んでください", FAVOURED_ATTRIBUTES))
        )
    if draft.favoured_reaction not in REACTION_IDS:
        out.append(Problem(STEP_FAVOURED, Message("得意リアクションを一つ選んでください")))
    return out


def _skill_problems(draft: CreationDraft, rules: LotRRules, measured: list[Limit]) -> list[Problem]:
    out: list[Problem] = []

    def add(message: str) -> None:
        out.append(Problem(STEP_SKILLS, message))

    def add_over(kind: str) -> None:
        out.extend(Problem(STEP_SKILLS, limit.message) for limit in _over(measured, kind))

    if any(r < 0 for field in POOL_FIELDS.values() for r in getattr(draft, field).values()):
        add(Message("ランクは 0 以上です"))
    if _over(measured, "package"):
        add(
            Message(
                "この職業のパッケージの中身はルールデータにありません（GM が orders.toml "
                "に設定するまで自由配分を使ってください）"
            )
        )
    add_over("order")
    if capped := _over(measured, "order_cap"):
        add(
            Message(
                "職業スキルの配分は一つの技能に {0} ランクまでです: {1}",
                capped[0].limit,
                _subjects(measured, "order_cap"),
            )
        )
    add_over("order_free")
    if _over(measured, "order_outside"):
        add(Message("職業スキルにない技能です: {0}", _subjects(measured, "order_outside")))
    add_over("race")
    add_over("language")
    if _over(measured, "language_name"):
        add(
            Message(
                "言語・知識の枠で取れるのは Language / Lore だけです: {0}",
                _subjects(measured, "language_name"),
            )
        )
    if high := _over(measured, "rank"):
        ranks = sorted(Message("{0}（{1}）", limit.subject, limit.used) for limit in high)
        add(
            Message(
                "初期キャラクターの技能は {0} ランクまでです: {1}", high[0].limit, Message.joined(", ", ranks)
            )
        )
    add_over("special")
    totals = skill_totals(draft, rules)
    unset = sorted(n for n in totals if not (draft.skill_attributes.get(n) or listed_attribute(n, rules)))
    if unset:
        add(
            Message(
                "能力値が未設定の技能があります（技能ごとに選んでください）: {0}", Message.joined(", ", unset)
            )
        )
    return out


def _extras_problems(draft: CreationDraft, measured: list[Limit]) -> list[Problem]:
    out = [Problem(STEP_EXTRAS, limit.message) for limit in _over(measured, "free")]
    if any(p.kind == "order_ability" for p in draft.free_picks):
        out.append(Problem(STEP_EXTRAS, Message("自由ポイントで職業の特殊能力は身に着けられません")))
    if any(p.cost < 0 for p in (*draft.free_picks, *draft.race_edges)):
        out.append(Problem(STEP_EXTRAS, Message("消費ポイントは 0 以上です")))
    out += [Problem(STEP_EXTRAS, limit.message) for limit in _over(measured, "flaws")]
    if not draft.order_ability.strip():
        out.append(Problem(STEP_EXTRAS, Message("職業の特殊能力を一つ選んでください（名前を入力）")))
    return out


def problems(draft: CreationDraft, rules: LotRRules | None = None) -> list[Problem]:
    """Every limit the finished draft breaks and everything it still lacks, in the wizard's order."""
    rules = rules or lotr_rules()
    measured = limits(draft, rules)
    return (
        _origin_problems(draft, rules)
        + _attribute_problems(draft, measured)
        + _favoured_problems(draft)
        + _skill_problems(draft, rules, measured)
        + _extras_problems(draft, measured)
    )
