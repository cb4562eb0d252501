"""Limits, live preview and shared types of the LotR creation model (lotr_creation_model).

The engine (`creation.problems`) says what a finished draft must satisfy;
`over_limits` measures by how much each budget or cap is exceeded, so the
model can refuse a change that makes any of them worse while the player still
fills a page in any order (a half-done page is not a broken limit).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from gmtool.models.creation_common import CreationRefused
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.creation import (
    CHOICE,
    CHOICE_MAX,
    CHOICE_POINTS,
    CREATION_MAX_RANK,
    FREE_POINTS,
    LANGUAGE_MULTIPLIER,
    LANGUAGE_PREFIXES,
    MAX_FLAWS,
    ORDER_FREE_RANKS,
    ORDER_RANK_CAP,
    ORDER_RANKS,
    PACKAGE,
    RACE_PICKS,
    CreationDraft,
    before_race,
    courage_at_creation,
    final_attributes,
    free_points_used,
    language_budget,
    positive_ranks,
    race_points_used,
    skill_totals,
)
from gmtool.rules.systems.lotr.derived import (
    DEFENCE_BASE,
    ENCUMBRANCE_MULTIPLIERS,
    attribute_cap,
    creation_health,
    creation_reactions,
)
from gmtool.rules.systems.lotr.rules_data import ATTRIBUTE_IDS, ATTRIBUTE_NAMES, REACTION_IDS, LotRRules

# The five rank pools of 1.4, as the draft stores them.
POOLS = ("order", "order_free", "race", "language", "free")
POOL_FIELDS = {
    "order": "order_ranks",
    "order_free": "order_free_ranks",
    "race": "race_ranks",
    "language": "language_ranks",
    "free": "free_ranks",
}
FREE_PICK_KINDS = ("attribute", "edge")  # 「能力値(Primary Attribute),技能のランク,edge の成長」
NAME_MAX = 80  # the schema's limit for a skill or specialisation name


def _t(text: str) -> str:
    return QCoreApplication.translate("LotRCreationModel", text)


@dataclass(frozen=True)
class Budget:
    used: int
    limit: int

    @property
    def left(self) -> int:
        return self.limit - self.used


@dataclass(frozen=True)
class FreeBuy:
    """One free-point buy as asked for; its cost is re-read from the table when the draft changes."""

    kind: str
    target: str
    typed_cost: int | None  # what the user typed (used only where the table has no cost)
    cost: int
    note: str = ""


@dataclass(frozen=True)
class Preview:
    """Every value the character will have, from the draft as it stands (None = not assigned yet)."""

    before_race: dict[str, int | None]
    bonuses: dict[str, int]
    bonuses_known: bool
    attributes: dict[str, int | None]
    modifiers: dict[str, int | None]
    reactions: dict[str, int] | None
    health: int | None
    defence: int | None
    courage: int
    courage_known: bool
    size: str
    wound_levels: int | None
    encumbrance: tuple[int, ...] | None
    damage_bonus: int | None
    renown: int = 0  # 「0 からスタート」


def over_limits(draft: CreationDraft, rules: LotRRules) -> dict[str, tuple[int, str]]:
    """Every budget or cap the draft exceeds: key → (by how much, why)."""
    out: dict[str, tuple[int, str]] = {}

    def over(key: str, excess: int, message: str) -> None:
        if excess > 0:
            out[key] = (excess, message)

    values = before_race(draft)
    if draft.method == CHOICE:
        for a in ATTRIBUTE_IDS:
            over(
                f"choice_max:{a}",
                values[a] - CHOICE_MAX,
                _t("{0} が {1}: 選択法では種族ボーナスの前に {2} までです").format(
                    ATTRIBUTE_NAMES[a], values[a], CHOICE_MAX
                ),
            )
        points = sum(draft.choice_points.values())
        over(
            "choice_points",
            points - CHOICE_POINTS,
            _t("選択法で配分できるのは {0} ポイントまでです（いま {1}）").format(CHOICE_POINTS, points),
        )
    bonuses, _ = rules.race_bonuses(draft.race, draft.subrace)
    for attribute, value in final_attributes(draft, rules).items():
        cap = attribute_cap(attribute, bonuses)
        over(
            f"cap:{attribute}",
            value - cap,
            _t("{0} が {1}: 最大は 12 + 種族修正 = {2} です").format(ATTRIBUTE_NAMES[attribute], value, cap),
        )
    order = rules.order(draft.order)
    if draft.skill_mode == PACKAGE:
        if order is None or not order.package:
            over(
                "package",
                1,
                _t(
                    "この職業のパッケージの中身はルールデータにありません"
                    "（GM が設定するまで自由配分を使ってください）"
                ),
            )
    else:
        used = sum(positive_ranks(draft.order_ranks).values())
        over(
            "order",
            used - ORDER_RANKS,
            _t("職業スキルの配分は {0} ランクまでです（いま {1}）").format(ORDER_RANKS, used),
        )
        for name, ranks in positive_ranks(draft.order_ranks).items():
            over(
                f"order_cap:{name}",
                ranks - ORDER_RANK_CAP,
                _t("{0} が {1} ランク: 職業スキルの配分は一つの技能に {2} ランクまでです").format(
                    name, ranks, ORDER_RANK_CAP
                ),
            )
        free = sum(positive_ranks(draft.order_free_ranks).values())
        over(
            "order_free",
            free - ORDER_FREE_RANKS,
            _t("職業スキルの自由配分は {0} ランクまでです（いま {1}）").format(ORDER_FREE_RANKS, free),
        )
        if order is not None and order.skills:
            for name in {*positive_ranks(draft.order_ranks), *positive_ranks(draft.order_free_ranks)} - set(
                order.skills
            ):
                over(f"order_outside:{name}", 1, _t("職業スキルにない技能です: {0}").format(name))
    race_used = race_points_used(draft)
    over(
        "race",
        race_used - RACE_PICKS,
        _t("種族スキルと特徴は {0} ポイントまでです（いま {1}）").format(RACE_PICKS, race_used),
    )
    language = sum(positive_ranks(draft.language_ranks).values())
    if "wit" in draft.assigned:  # with Wits unassigned the budget means nothing yet (values being swapped)
        budget = language_budget(draft, rules)
        over(
            "language",
            language - budget,
            _t("言語・知識は Wits × {0} = {1} ランクまでです（いま {2}）").format(
                LANGUAGE_MULTIPLIER, budget, language
            ),
        )
    for name in positive_ranks(draft.language_ranks):
        if not name.startswith(LANGUAGE_PREFIXES):
            over(
                f"language_name:{name}",
                1,
                _t("言語・知識の枠で取れるのは Language / Lore だけです: {0}").format(name),
            )
    totals = skill_totals(draft, rules)
    for name, ranks in totals.items():
        over(
            f"rank:{name}",
            ranks - CREATION_MAX_RANK,
            _t("{0} が {1} ランク: 初期キャラクターの技能は {2} ランクまでです").format(
                name, ranks, CREATION_MAX_RANK
            ),
        )
    for name, fields in draft.specialisations.items():
        if fields and not totals.get(name):
            over(f"special:{name}", 1, _t("ランク 0 の技能は特化できません: {0}").format(name))
    used = free_points_used(draft, rules)
    over(
        "free",
        used - FREE_POINTS,
        _t("自由ポイントは {0} 点までです（いま {1}、2 つ目以降の特化 1 点ずつを含む）").format(
            FREE_POINTS, used
        ),
    )
    over(
        "flaws",
        len(draft.flaws) - MAX_FLAWS,
        _t("Flaw は種族と職業を合わせて {0} つまでです（いま {1}）").format(MAX_FLAWS, len(draft.flaws)),
    )
    return out


def worse_limits(before: Mapping[str, tuple[int, str]], after: Mapping[str, tuple[int, str]]) -> list[str]:
    """The reasons of the limits `after` exceeds by more than `before` did."""
    return [message for key, (excess, message) in after.items() if excess > before.get(key, (0, ""))[0]]


def preview(draft: CreationDraft, rules: LotRRules) -> Preview:
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
    return Preview(
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


def provisional_character(draft: CreationDraft) -> LotRCharacter:
    """Only what `pick_cost` reads: the favoured attributes and reaction."""
    favoured = tuple(a for a in dict.fromkeys(draft.favoured_attributes) if a in ATTRIBUTE_IDS)[:2]
    reaction = draft.favoured_reaction if draft.favoured_reaction in REACTION_IDS else ""
    return LotRCharacter(favoured_attributes=favoured, favoured_reaction=reaction)


def checked_name(text: str, what: str) -> str:
    name = text.strip()
    if not name:
        raise CreationRefused(_t("{0}を入力してください").format(what))
    if len(name) > NAME_MAX:
        raise CreationRefused(_t("{0}は {1} 文字までです").format(what, NAME_MAX))
    return name
