"""Spending XP: skill TP, specialisations and attribute points, one step at a time.

Creation and growth between scenarios buy through the same functions, so the
caps are enforced the same way in both.  A purchase lists every reason the rules
block it; the GM may override those (the override is recorded on the character),
but never a purchase whose cost is unknown (data the GM has not filled in) or
that the character sheet cannot hold (10 TP, +3 over the initial value).

The experience-point ranges and `Purchase` are values of their own (`advancement_types`), re-exported
here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from gmtool.rules.message import Message
from gmtool.rules.systems.fourcard.advancement_types import (
    MIN_AWARD,
    PARTIAL_XP_RANGE,
    PERSONAL_XP_RANGE,
    SUCCESS_XP,
    Purchase,
    PurchaseBlocked,
)
from gmtool.rules.systems.fourcard.catalog import SkillCatalog
from gmtool.rules.systems.fourcard.character import (
    ATTRIBUTE_LABELS,
    MAX_GAIN,
    MAX_TP,
    SHORT_TEXT,
    FourCardCharacter,
    LedgerEntry,
    Skill,
)
from gmtool.rules.systems.fourcard.derived import level
from gmtool.rules.systems.fourcard.house_rules import LEVEL_LOWER, TP_PER_INTERLUDE, TP_PER_PURCHASE
from gmtool.rules.systems.fourcard.rules_data import fourcard_rules

__all__ = [
    "MIN_AWARD",
    "PARTIAL_XP_RANGE",
    "PERSONAL_XP_RANGE",
    "SUCCESS_XP",
    "Purchase",
    "PurchaseBlocked",
    "attribute_purchase",
    "award",
    "awarded_for",
    "commit",
    "personal_xp",
    "raised_in_interlude",
    "scenario_base_xp",
    "scenario_xp",
    "skill_tp_purchase",
    "specialisation_purchase",
]


def _budget_refusal(cost: int, available: int) -> list[str]:
    return [Message("経験点が足りません（必要 {0}、残り {1}）", cost, available)] if cost > available else []


def raised_in_interlude(character: FourCardCharacter, name: str, scenario: str) -> bool:
    """Whether the growth history has a TP of 【name】 bought after the scenario `scenario`."""
    # The entry as written in the UI language of the purchase: 「【接近戦】2TP」, in English the rule
    # text's own skill with its English name before it ("Melee 【接近戦】2TP", models/fourcard/terms).
    bought = re.compile(rf"(?:[^【】]+ )?【{re.escape(name)}】\d+TP")
    return any(
        e.scenario == scenario.strip() and e.cost > 0 and bought.fullmatch(e.bought) for e in character.growth
    )


def awarded_for(character: FourCardCharacter, scenario: str) -> bool:
    """Whether the growth history already has an XP award for the scenario `scenario`."""
    return any(e.scenario == scenario.strip() and e.xp > 0 for e in character.growth)


def skill_tp_purchase(
    character: FourCardCharacter,
    catalog: SkillCatalog,
    name: str,
    available: int,
    *,
    level_reading: str = LEVEL_LOWER,
    per: str = TP_PER_PURCHASE,
    interlude: str = "",
) -> Purchase:
    """+1 TP in a skill: costs 専門性 × the new TP.

    `level_reading` reads the 総合LV table (LEVEL_TABLE house rule); under the TP_STEP house rule's
    per-interlude reading, a skill already raised after the scenario `interlude` is refused
    (「ひとつのスキルは一度に1TPしか上昇させることができません」, one 幕間 being 「一度」)."""
    definition = catalog.get(name)
    if definition is None:
        raise PurchaseBlocked(Message("【{0}】はスキルカタログにありません", name))
    missing = definition.missing()
    if missing:
        raise PurchaseBlocked(
            Message(
                "【{0}】の{1}が未設定です。GM がスキルカタログで設定してください",
                name,
                Message.joined("・", missing),
            )
        )
    assert definition.expertise is not None and definition.base
    current = character.skill(name)
    new_tp = (current.tp if current else 0) + 1
    if new_tp > MAX_TP:
        raise PurchaseBlocked(Message("【{0}】は既に {1}TP です（{2}TP が上限）", name, MAX_TP, MAX_TP))
    cost = definition.expertise * new_tp
    refusals: list[str] = []
    overall = level(character, level_reading)
    if definition.level_cap and new_tp > overall:
        refusals.append(Message("総合LV {0} のため【{1}】は {2}TP までです", overall, name, overall))
    if per == TP_PER_INTERLUDE and raised_in_interlude(character, name, interlude):
        refusals.append(
            Message(
                "【{0}】はこの幕間（シナリオ「{1}」の後）にもう1TP上げています（ひとつのスキルは一度に1TPまで）",
                name,
                interlude.strip(),
            )
        )
    if definition.restrictor and new_tp > character.tp(definition.restrictor):
        limit = character.tp(definition.restrictor)
        refusals.append(
            Message(
                "制限スキル【{0}】が {1}TP のため【{2}】は {3}TP までです",
                definition.restrictor,
                limit,
                name,
                limit,
            )
        )
    refusals += [
        Message("前提スキル【{0}】を 1TP 以上習得していません", p)
        for p in definition.prerequisites
        if character.tp(p) < 1
    ]
    refusals += _budget_refusal(cost, available)
    if current is None:
        updated = Skill(name, definition.base, 1, specialised=definition.specialised)
        skills = (*character.skills, updated)
    else:
        skills = tuple(replace(s, tp=new_tp) if s.name == name else s for s in character.skills)
    return Purchase(
        replace(character, skills=skills), cost, Message("【{0}】{1}TP", name, new_tp), tuple(refusals)
    )


def specialisation_purchase(
    character: FourCardCharacter, catalog: SkillCatalog, skill_name: str, field: str, available: int
) -> Purchase:
    """特化: the first (初期特化) is free, each further one costs what the catalog says."""
    skill = character.skill(skill_name)
    if skill is None:
        raise PurchaseBlocked(Message("特化するにはまず【{0}】を 1TP 習得してください", skill_name))
    definition = catalog.get(skill_name)
    if not skill.specialised or definition is None or not definition.specialised:
        raise PurchaseBlocked(Message("【{0}】には特化スキルが設定されていません", skill_name))
    if field in skill.specialisations:
        raise PurchaseBlocked(Message("【{0}】は既に【{1}】に特化しています", skill_name, field))
    spec = definition.specialisation(field)
    if spec is None:
        raise PurchaseBlocked(
            Message("【{0}】は【{1}】の特化分野としてカタログにありません", field, skill_name)
        )
    if not skill.specialisations:
        cost, label = 0, Message("初期特化")
    elif spec.cost is None:
        raise PurchaseBlocked(
            Message(
                "【{0}】の特化【{1}】の経験点が未設定です。GM がスキルカタログで設定してください",
                skill_name,
                field,
            )
        )
    else:
        cost, label = spec.cost, Message("特化")
    updated = replace(skill, specialisations=(*skill.specialisations, field))
    skills = tuple(updated if s.name == skill_name else s for s in character.skills)
    return Purchase(
        replace(character, skills=skills),
        cost,
        Message("【{0}】{1}【{2}】", skill_name, label, field),
        tuple(_budget_refusal(cost, available)),
    )


def attribute_purchase(character: FourCardCharacter, attribute: str, available: int) -> Purchase:
    """+1 to an attribute: a lost point back for 5, else the +1 / +2 growth cost."""
    rules = fourcard_rules()
    label = ATTRIBUTE_LABELS[attribute]
    lost = getattr(character.losses, attribute)
    if lost:
        losses = replace(character.losses, **{attribute: lost - 1})
        after = replace(character, losses=losses)
        cost, description = rules.regain_cost, Message("{0} を 1 点取り戻す", label)
    else:
        gained = getattr(character.gains, attribute)
        if gained >= MAX_GAIN:
            raise PurchaseBlocked(
                Message("{0} は既に初期値から +{1} です（+{2} が上限）", label, MAX_GAIN, MAX_GAIN)
            )
        cost = rules.attribute_costs[attribute][gained]
        after = replace(character, gains=replace(character.gains, **{attribute: gained + 1}))
        description = Message("{0} +1（初期値から +{1}）", label, gained + 1)
    return Purchase(after, cost, description, tuple(_budget_refusal(cost, available)))


def fitted_record(text: str) -> str:
    """A record gmtool writes (a GM override with its reasons) cut to what a record holds: the
    reasons, written in the UI language, may run longer in English than in Japanese."""
    return text if len(text) <= SHORT_TEXT else text[: SHORT_TEXT - 1] + "…"


def commit(
    purchase: Purchase, *, override: bool, date: str, scenario: str, shown: Callable[[str], str] = str
) -> FourCardCharacter:
    """The character after the purchase, its cost in the growth history.

    Blocked purchases raise PurchaseBlocked unless the GM overrides; an override
    is recorded with the reasons it set aside.  The history and the record are stored as text:
    `shown` writes the purchase's Message in the language wanted (the UI's, by the models).
    """
    if purchase.refusals and not override:
        raise PurchaseBlocked(Message.joined("、", purchase.refusals))
    character = purchase.after
    entry = LedgerEntry(date=date, scenario=scenario, bought=shown(purchase.description), cost=purchase.cost)
    character = replace(character, growth=(*character.growth, entry))
    if purchase.refusals:
        record = Message(
            "{0} {1}: GM オーバーライド（{2}）",
            date,
            purchase.description,
            Message.joined("、", purchase.refusals),
        )
        character = replace(character, overrides=(*character.overrides, fitted_record(shown(record))))
    return character


def personal_xp(unnatural: bool, uncooperative: bool, both_well: bool) -> int:
    """個人別: −1 for unnatural role-play, −1 for an uncooperative one, +1 for both done well."""
    return -int(unnatural) - int(uncooperative) + int(both_well)


def scenario_base_xp(succeeded: bool, partial: int = 1) -> int:
    """The scenario's part of an award before 個人別: 5 for 「成功」, else the GM's 1–4."""
    return SUCCESS_XP if succeeded else partial


def scenario_xp(succeeded: bool, partial: int = 1, personal: int = 0) -> int:
    """The award: 5 for 「成功」, else 1–4 as the GM judges; ±1 per person; at least 1."""
    if not succeeded and partial not in PARTIAL_XP_RANGE:
        raise ValueError(Message("シナリオ失敗時の経験点は 1〜4 です（{0}）", partial))
    if personal not in PERSONAL_XP_RANGE:
        raise ValueError(Message("個人別の経験点は −2〜+1 です（{0}）", personal))
    return max(MIN_AWARD, scenario_base_xp(succeeded, partial) + personal)


def award(
    character: FourCardCharacter, xp: int, *, date: str, scenario: str, note: str = ""
) -> FourCardCharacter:
    if xp < 0:
        raise ValueError(Message("獲得経験点は 0 以上です（{0}）", xp))
    entry = LedgerEntry(date=date, scenario=scenario, xp=xp, bought=note)
    return replace(character, growth=(*character.growth, entry))
