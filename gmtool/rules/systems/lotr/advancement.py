"""Experience and advancement (1.6): the XP log, 1000 XP → 5 picks, what picks buy.

An advancement is a record of its picks; `check_advancement` lists every limit
it breaks (picks spent in full, order skills +2 ranks and others +1 per
advancement, the rank cap, XP available) and `apply_advancement` returns the
character with it taken.  Pick costs the summary does not give come from the
rule data or, where that is empty too, from the GM at the moment of buying.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import orders
from gmtool.rules.systems.lotr.advancement_types import (
    OBJECTIVE_LABELS,
    OBJECTIVE_XP,
    ORDER_SKILL_GROWTH,
    OTHER_SKILL_GROWTH,
    PICKS_PER_ADVANCEMENT,
    XP_PER_ADVANCEMENT,
)
from gmtool.rules.systems.lotr.character import (
    MAX_RANK,
    Advancement,
    Attributes,
    LotRCharacter,
    Pick,
    Reactions,
    Skill,
    XpEntry,
)
from gmtool.rules.systems.lotr.derived import attribute_cap
from gmtool.rules.systems.lotr.rules_data import (
    ATTRIBUTE_IDS,
    ATTRIBUTE_NAMES,
    REACTION_IDS,
    LotRRules,
    lotr_rules,
)

# The value types live in advancement_types (views may import them); they are re-exported here.
__all__ = [
    "OBJECTIVE_LABELS",
    "OBJECTIVE_XP",
    "ORDER_SKILL_GROWTH",
    "OTHER_SKILL_GROWTH",
    "PICKS_PER_ADVANCEMENT",
    "XP_PER_ADVANCEMENT",
    "add_xp",
    "advancements_available",
    "advancements_earned",
    "apply_advancement",
    "apply_pick",
    "check_advancement",
    "is_order_skill",
    "pick_cost",
    "share",
    "xp_for_test",
    "xp_to_next",
]


def xp_for_test(tn: int) -> int:
    """「ストーリーの目的に関連した判定に成功した: 目標値と同じ点数」."""
    return max(0, tn)


def share(xp: int, characters: int) -> int:
    """An objective's XP split between the characters, rounded half up (5. 「端数を四捨五入」)."""
    if characters < 1:
        raise ValueError(Message("分配するキャラクターが 1 人以上必要です"))
    return int(Fraction(xp, characters) + Fraction(1, 2))


def add_xp(character: LotRCharacter, xp: int, reason: str, date: str = "") -> LotRCharacter:
    return replace(character, xp_log=(*character.xp_log, XpEntry(date=date, reason=reason, xp=xp)))


def advancements_earned(character: LotRCharacter) -> int:
    return max(0, character.xp_total) // XP_PER_ADVANCEMENT


def advancements_available(character: LotRCharacter) -> int:
    return advancements_earned(character) - len(character.advancements)


def xp_to_next(character: LotRCharacter) -> int:
    """XP still needed for the next advancement to be earned (taken or not)."""
    reached = max(advancements_earned(character), len(character.advancements))  # GM may have overridden
    return (reached + 1) * XP_PER_ADVANCEMENT - character.xp_total


def pick_cost(
    character: LotRCharacter, kind: str, target: str = "", rules: LotRRules | None = None
) -> int | None:
    """The picks one buy costs by the rule data; None where the data has no value (the GM types it)."""
    picks = (rules or lotr_rules()).picks
    if kind == "attribute":
        return picks.get("favoured_attribute" if target in character.favoured_attributes else "attribute")
    if kind == "reaction":
        return picks.get("favoured_reaction" if target == character.favoured_reaction else "reaction")
    if kind == "flaw":
        gained = picks.get("flaw_picks")
        return None if gained is None else -gained
    return picks.get(kind)


def _rank_gains(advancement: Advancement) -> Counter[str]:
    return Counter(p.target for p in advancement.picks if p.kind == "skill_rank")


def is_order_skill(character: LotRCharacter, name: str, rules: LotRRules | None = None) -> bool:
    """A skill the character has says so itself; a new one is an order skill when one of the
    character's orders lists it in the rule data."""
    skill = character.skill(name)
    if skill is not None:
        return skill.order_skill
    rules = rules or lotr_rules()
    orders = (rules.order(o) for o in (character.order, *character.other_orders))
    return any(order is not None and name in order.skills for order in orders)


def check_advancement(
    character: LotRCharacter, advancement: Advancement, rules: LotRRules | None = None
) -> list[str]:
    """Every limit this advancement breaks (empty: it may be taken)."""
    found: list[str] = []
    if advancements_available(character) < 1:
        found.append(
            Message(
                "成長できません: 経験点 {0}、次の成長まで {1} 点", character.xp_total, xp_to_next(character)
            )
        )
    spent = sum(p.cost for p in advancement.picks)
    if spent != PICKS_PER_ADVANCEMENT:
        found.append(
            Message(
                "成長ポイント {0} 点を使い切ってください（使用 {1} / {2} 点、持ち越しはできません）",
                PICKS_PER_ADVANCEMENT,
                spent,
                PICKS_PER_ADVANCEMENT,
            )
        )
    for name, gain in sorted(_rank_gains(advancement).items()):
        skill = character.skill(name)
        order_skill = is_order_skill(character, name, rules)
        limit = ORDER_SKILL_GROWTH if order_skill else OTHER_SKILL_GROWTH
        if gain > limit:
            kind = Message("職業スキル") if order_skill else Message("職業スキル以外")
            found.append(
                Message("{0}: 1 回の成長で{1}は {2} ランクまでです（{3} ランク）", name, kind, limit, gain)
            )
        if (skill.ranks if skill else 0) + gain > MAX_RANK:
            found.append(Message("{0}: 技能は {1} ランクまでです", name, MAX_RANK))
    rules = rules or lotr_rules()
    bonuses, _ = rules.race_bonuses(character.race, character.subrace)
    bought = Counter(p.target for p in advancement.picks if p.kind == "attribute")
    for attribute in (a for a in ATTRIBUTE_IDS if bought[a]):
        cap = attribute_cap(attribute, bonuses)
        if character.attributes.get(attribute) + bought[attribute] > cap:
            found.append(Message("{0}: 最大は 12 + 種族修正 = {1} です", ATTRIBUTE_NAMES[attribute], cap))
    for pick in advancement.picks:
        if pick.kind == "attribute" and pick.target not in ATTRIBUTE_IDS:
            found.append(Message("能力値 '{0}' はありません", pick.target))
        if pick.kind == "reaction" and pick.target not in REACTION_IDS:
            found.append(Message("リアクション '{0}' はありません", pick.target))
        if (
            pick.kind in ("skill_rank", "specialisation", "edge", "order_ability", "new_order", "flaw")
            and not pick.target.strip()
        ):
            found.append(Message("何を取るのか（名前）が空の項目があります"))
        if pick.kind == "specialisation":
            skill_name = pick.target.partition("/")[0].strip()
            skill = character.skill(skill_name)
            if (skill.ranks if skill else 0) + _rank_gains(advancement)[skill_name] < 1:
                found.append(Message("ランク 0 の技能は特化できません: {0}", skill_name))
    wanted = [p.target.partition("/")[::2] for p in advancement.picks if p.kind == "specialisation"]
    for skill_name, speciality in sorted(set(wanted)):
        skill = character.skill(skill_name.strip())
        field = speciality.strip() or skill_name.strip()
        if wanted.count((skill_name, speciality)) > 1 or (skill and field in skill.specialisations):
            found.append(Message("{0} の特化「{1}」はすでにあります", skill_name.strip(), field))
    found += orders.order_problems(character, advancement, rules)  # 1.6.2
    found += orders.elite_problems(character, advancement, rules)  # 1.6.3
    return found


def _with_skill(
    character: LotRCharacter, name: str, change: Callable[[Skill], Skill], rules: LotRRules | None = None
) -> tuple[Skill, ...]:
    skills = list(character.skills)
    index = next((i for i, s in enumerate(skills) if s.name == name), None)
    if index is None:
        skills.append(Skill(name=name, order_skill=is_order_skill(character, name, rules)))
        index = len(skills) - 1
    skills[index] = change(skills[index])
    return tuple(skills)


def apply_pick(character: LotRCharacter, pick: Pick, rules: LotRRules | None = None) -> LotRCharacter:
    target = pick.target.strip()
    if pick.kind == "skill_rank":
        return replace(
            character, skills=_with_skill(character, target, lambda s: replace(s, ranks=s.ranks + 1), rules)
        )
    if pick.kind == "specialisation":
        skill_name, _, speciality = (part.strip() for part in target.partition("/"))
        field = speciality or skill_name

        def specialise(skill: Skill) -> Skill:
            if field in skill.specialisations:  # taken twice under a GM override: keep one
                return skill
            return replace(skill, specialisations=(*skill.specialisations, field))

        return replace(character, skills=_with_skill(character, skill_name, specialise, rules))
    if pick.kind == "attribute":
        # check_advancement reports an unknown one, but a GM override lets it through to here:
        # the sheet has nowhere to put it, which no override changes.
        if target not in ATTRIBUTE_IDS:
            raise ValueError(Message("能力値 '{0}' はありません", target))
        attributes: Attributes = replace(
            character.attributes, **{target: character.attributes.get(target) + 1}
        )
        return replace(character, attributes=attributes)
    if pick.kind == "reaction":
        if target not in REACTION_IDS:  # likewise
            raise ValueError(Message("リアクション '{0}' はありません", target))
        reactions: Reactions = replace(character.reactions, **{target: character.reactions.get(target) + 1})
        return replace(character, reactions=reactions)
    if pick.kind == "health":
        return replace(character, health=character.health + 1)
    if pick.kind == "edge":
        return replace(character, edges=(*character.edges, target))
    if pick.kind == "flaw":
        return replace(character, flaws=(*character.flaws, target))
    if pick.kind == "order_ability":
        return replace(character, order_abilities=(*character.order_abilities, target))
    if pick.kind == "new_order":
        return replace(character, other_orders=(*character.other_orders, target))
    return character  # "other": recorded in the advancement only


def apply_advancement(
    character: LotRCharacter,
    advancement: Advancement,
    overridden: bool = False,
    rules: LotRRules | None = None,
) -> LotRCharacter:
    """The character with the advancement taken; refused (ValueError) if it breaks a limit,
    unless the GM overrides, which is recorded."""
    found = check_advancement(character, advancement, rules)
    if found and not overridden:
        raise ValueError(found[0])
    for pick in advancement.picks:
        character = apply_pick(character, pick, rules)
    overrides = tuple(f"成長時の GM 許可: {m}" for m in found) if overridden else ()
    if advancement.advancing_orders:  # 1.6.2: the two named stay the character's choice
        character = replace(character, advancing_orders=advancement.advancing_orders)
    return replace(
        character,
        advancements=(*character.advancements, advancement),
        overrides=(*character.overrides, *overrides),
    )
