"""LotR (CODA) rule tables (resources/rules/lotr/*.toml), validated on load.

Values the summary does not give stay `None` ("未設定"): the engine treats a
missing penalty or bonus as 0 and the views say that the GM has not set it.  The value types
(`LotRRules`, `Degree`, the attribute names…) live in `rules_types` and are re-exported here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from itertools import pairwise
from typing import Any, cast

from gmtool.rules.data import RuleDataError, load_table, require
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.rules_types import (
    ATTRIBUTE_IDS,
    ATTRIBUTE_NAMES,
    DEGREE_ORDER,
    PICK_KINDS,
    REACTION_IDS,
    REACTION_NAMES,
    SIZE_IDS,
    SKILL_ATTRIBUTES,
    AttributeId,
    Degree,
    DegreeBand,
    Level,
    LotRRules,
    Named,
    Order,
    Race,
    ReactionId,
    Size,
    SizeId,
    SkillAttribute,
    SkillDef,
    Subrace,
)

__all__ = [
    "ATTRIBUTE_IDS",
    "ATTRIBUTE_NAMES",
    "DEGREE_ORDER",
    "PICK_KINDS",
    "REACTION_IDS",
    "REACTION_NAMES",
    "SIZE_IDS",
    "SKILL_ATTRIBUTES",
    "AttributeId",
    "Degree",
    "DegreeBand",
    "Level",
    "LotRRules",
    "Named",
    "Order",
    "Race",
    "ReactionId",
    "Size",
    "SizeId",
    "SkillAttribute",
    "SkillDef",
    "Subrace",
    "load_rules",
    "lotr_rules",
    "rules_from_tables",
]


# ---- loading ---------------------------------------------------------------------------
def _rows(data: Mapping[str, Any], key: str, where: str) -> list[dict[str, Any]]:
    rows = data.get(key)
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        raise RuleDataError(Message("{0}: '{1}' は表の並びでなければなりません", where, key))
    return rows


def _optional_int(raw: Mapping[str, Any], key: str, where: str) -> int | None:
    return require(raw, key, int, where) if key in raw else None


def _named(raw: Mapping[str, Any], where: str) -> dict[str, Any]:
    return {
        "id": require(raw, "id", str, where),
        "name": require(raw, "name", str, where),
        "name_ja": raw.get("name_ja", "") if isinstance(raw.get("name_ja", ""), str) else "",
    }


def _unique(items: tuple[Any, ...], attribute: str, where: str) -> None:
    counts = Counter(getattr(i, attribute) for i in items)
    duplicates = sorted(k for k, n in counts.items() if n > 1)
    if duplicates:
        raise RuleDataError(
            Message("{0}: {1} が重複しています: {2}", where, attribute, Message.joined(", ", duplicates))
        )


def _bonuses(raw: Mapping[str, Any], where: str) -> dict[str, int]:
    bonuses = raw.get("bonuses", {})
    if not isinstance(bonuses, dict):
        raise RuleDataError(Message("{0}: bonuses は {{能力値 = 数}} の表です", where))
    unknown = sorted(set(bonuses) - set(ATTRIBUTE_IDS))
    if unknown:
        raise RuleDataError(
            Message("{0}: bonuses に未知の能力値があります: {1}", where, Message.joined(", ", unknown))
        )
    for key in bonuses:
        require(bonuses, key, int, f"{where} bonuses")
    return dict(bonuses)


def _known(raw: Mapping[str, Any], where: str) -> bool:
    known = raw.get("bonuses_known", False)
    if not isinstance(known, bool):
        raise RuleDataError(Message("{0}: bonuses_known は true / false です", where))
    return known


def _load_modifiers(data: Mapping[str, Any], where: str) -> tuple[tuple[tuple[int, int, int], ...], int, int]:
    rows = []
    for i, raw in enumerate(_rows(data, "rows", where)):
        at = f"{where} rows[{i}]"
        rows.append(
            (require(raw, "low", int, at), require(raw, "high", int, at), require(raw, "modifier", int, at))
        )
    if rows[0][0] != 0:
        raise RuleDataError(Message("{0}: rows は能力値 0 から始めてください", where))
    for (_, high, mod), (low, next_high, next_mod) in pairwise(rows):
        if low != high + 1 or next_high < low or next_mod <= mod:
            raise RuleDataError(
                Message("{0}: rows は切れ目なく、修正が昇順でなければなりません（{1}）", where, low)
            )
    beyond = data.get("beyond")
    if not isinstance(beyond, dict):
        raise RuleDataError(Message("{0}: beyond（表の上の伸び方）がありません", where))
    start, step = (
        require(beyond, "from", int, f"{where} beyond"),
        require(beyond, "step", int, f"{where} beyond"),
    )
    if start != rows[-1][1] + 1 or step < 1:
        raise RuleDataError(
            Message("{0}: beyond.from は最後の行の次（{1}）、step は 1 以上です", where, rows[-1][1] + 1)
        )
    return tuple(rows), start, step


def _load_degrees(data: Mapping[str, Any], where: str) -> tuple[DegreeBand, ...]:
    bands = []
    for i, raw in enumerate(_rows(data, "degrees", where)):
        at = f"{where} degrees[{i}]"
        time = raw.get("time")
        if time is not None and not isinstance(time, int | float):
            raise RuleDataError(Message("{0}: time は数です", at))
        bands.append(
            DegreeBand(**_named(raw, at), min_margin=_optional_int(raw, "min_margin", at), time=time)
        )
    if [b.id for b in bands] != [d.value for d in Degree]:
        raise RuleDataError(
            Message("{0}: degrees は {1} の順に 7 行です", where, Message.joined(", ", Degree))
        )
    for i, (raw, band) in enumerate(zip(data["degrees"], bands, strict=True)):
        fixed = Degree(band.id).succeeded  # which bands count as success is the rule text's, not data
        if raw.get("succeeded", fixed) is not fixed:
            raise RuleDataError(
                Message("{0} degrees[{1}]: succeeded は {2} です（固定）", where, i, str(fixed).lower())
            )
    if bands[0].min_margin is not None or any(b.min_margin is None for b in bands[1:]):
        raise RuleDataError(Message("{0}: 最初の帯以外は min_margin が必要です（最初の帯は下限なし）", where))
    margins = [b.min_margin for b in bands[1:] if b.min_margin is not None]  # all of them (above)
    if any(b <= a for a, b in pairwise(margins)):
        raise RuleDataError(Message("{0}: min_margin は昇順でなければなりません（{1}）", where, margins))
    marginal = next(b for b in bands if b.id == Degree.MARGINAL_SUCCESS)
    if marginal.min_margin != 0:
        raise RuleDataError(
            Message("{0}: Marginal Success は 達成値 = 目標値（min_margin = 0）から始まります", where)
        )
    return tuple(bands)


def _load_levels(data: Mapping[str, Any], key: str, where: str) -> tuple[Level, ...]:
    levels = []
    for i, raw in enumerate(_rows(data, key, where)):
        at = f"{where} {key}[{i}]"
        penalty = _optional_int(raw, "penalty", at)
        if penalty is not None and penalty > 0:
            raise RuleDataError(Message("{0}: penalty は 0 以下です（{1}）", at, penalty))
        levels.append(Level(**_named(raw, at), penalty=penalty))
    _unique(tuple(levels), "id", f"{where} {key}")
    return tuple(levels)


def _load_sizes(data: Mapping[str, Any], where: str) -> tuple[Size, ...]:
    sizes = []
    for i, raw in enumerate(_rows(data, "sizes", where)):
        at = f"{where} sizes[{i}]"
        sizes.append(
            Size(
                **_named(raw, at),
                order=require(raw, "order", int, at),
                extra_healthy=require(raw, "extra_healthy", int, at),
            )
        )
    _unique(tuple(sizes), "id", f"{where} sizes")
    unknown = [s.id for s in sizes if s.id not in SIZE_IDS]
    if unknown:
        raise RuleDataError(
            Message(
                "{0} sizes: キャラクターの持てないサイズです: {1}（{2}）",
                where,
                Message.joined(", ", unknown),
                Message.joined(", ", SIZE_IDS),
            )
        )
    return tuple(sizes)


def _load_races(data: Mapping[str, Any], where: str, sizes: tuple[Size, ...]) -> tuple[Race, ...]:
    size_ids = {s.id for s in sizes}
    races = []
    for i, raw in enumerate(_rows(data, "races", where)):
        at = f"{where} races[{i}]"
        size = require(raw, "size", str, at)
        if size not in size_ids:
            raise RuleDataError(Message("{0}: size '{1}' は conditions.toml の sizes にありません", at, size))
        wound_levels = require(raw, "wound_levels", int, at)
        if not 1 <= wound_levels <= 5:
            raise RuleDataError(Message("{0}: wound_levels は 1〜5 です（{1}）", at, wound_levels))
        subraces = []
        for j, sub in enumerate(raw.get("subraces", [])):
            sub_at = f"{at} subraces[{j}]"
            if not isinstance(sub, dict):
                raise RuleDataError(Message("{0}: 表でなければなりません", sub_at))
            subraces.append(
                Subrace(
                    **_named(sub, sub_at), bonuses=_bonuses(sub, sub_at), bonuses_known=_known(sub, sub_at)
                )
            )
        _unique(tuple(subraces), "id", f"{at} subraces")
        races.append(
            Race(
                **_named(raw, at),
                size=cast(SizeId, size),  # one of the sizes conditions.toml gives, all of them SIZE_IDS
                wound_levels=wound_levels,
                bonuses=_bonuses(raw, at),
                bonuses_known=_known(raw, at),
                subraces=tuple(subraces),
                courage=_optional_int(raw, "courage", at),
            )
        )
    _unique(tuple(races), "id", f"{where} races")
    return tuple(races)


def _load_orders(data: Mapping[str, Any], where: str) -> tuple[Order, ...]:
    orders = []
    for i, raw in enumerate(_rows(data, "orders", where)):
        at = f"{where} orders[{i}]"
        skills = raw.get("skills", [])
        package = raw.get("package", {})
        if not isinstance(skills, list) or not all(isinstance(s, str) for s in skills):
            raise RuleDataError(Message("{0}: skills は技能名の並びです", at))
        if not isinstance(package, dict):
            raise RuleDataError(Message("{0}: package は {{技能名 = ランク}} の表です", at))
        for name in package:
            if require(package, name, int, f"{at} package") < 0:
                raise RuleDataError(Message("{0} package: '{1}' のランクは 0 以上です", at, name))
        orders.append(
            Order(
                **_named(raw, at),
                skills=tuple(skills),
                package=dict(package),
                courage=_optional_int(raw, "courage", at),
            )
        )
    _unique(tuple(orders), "id", f"{where} orders")
    return tuple(orders)


def _load_skills(data: Mapping[str, Any], where: str) -> tuple[SkillDef, ...]:
    skills = []
    for i, raw in enumerate(_rows(data, "skills", where)):
        at = f"{where} skills[{i}]"
        attribute = raw.get("attribute", "")
        if attribute not in ("", *ATTRIBUTE_IDS):
            raise RuleDataError(
                Message(
                    '{0}: attribute は {1} のどれか（未設定は ""）です',
                    at,
                    Message.joined(", ", ATTRIBUTE_IDS),
                )
            )
        untrained = raw.get("untrained")
        group = raw.get("group", False)
        if (untrained is not None and not isinstance(untrained, bool)) or not isinstance(group, bool):
            raise RuleDataError(Message("{0}: untrained と group は true / false です", at))
        name = require(raw, "name", str, at)
        skills.append(
            SkillDef(
                id=name,
                name=name,
                name_ja=raw.get("name_ja", ""),
                attribute=attribute,
                untrained=untrained,
                group=group,
            )
        )
    _unique(tuple(skills), "name", f"{where} skills")
    return tuple(skills)


def _load_picks(data: Mapping[str, Any], where: str) -> tuple[dict[str, int], frozenset[str]]:
    picks = data.get("picks")
    if not isinstance(picks, dict):
        raise RuleDataError(Message("{0}: [picks] がありません", where))
    unknown = sorted(set(picks) - set(PICK_KINDS))
    if unknown:
        raise RuleDataError(
            Message("{0}: picks に未知の項目があります: {1}", where, Message.joined(", ", unknown))
        )
    for key in picks:
        if require(picks, key, int, f"{where} picks") < 0:
            raise RuleDataError(Message("{0} picks: {1} は 0 以上です", where, key))
    inferred = data.get("inferred", [])
    if not isinstance(inferred, list) or not set(inferred) <= set(PICK_KINDS):
        raise RuleDataError(Message("{0}: inferred は picks の項目名の並びです", where))
    return dict(picks), frozenset(inferred)


TABLE_NAMES = ("attributes", "degrees", "conditions", "races", "orders", "skills", "advancement")


def load_rules() -> LotRRules:
    tables = {name: load_table("lotr", name) for name in TABLE_NAMES}
    where = {name: path.name for name, (path, _) in tables.items()}
    data = {name: d for name, (_, d) in tables.items()}
    return rules_from_tables(data, where)


def rules_from_tables(data: Mapping[str, Mapping[str, Any]], where: Mapping[str, str]) -> LotRRules:
    """Validated rules from raw tables shaped like the TOML files (keyed by TABLE_NAMES).

    The GM's house rules (overrides.py) are checked by this very function, so an edited
    table passes exactly the checks a shipped one does; `where` names each table in messages.
    """
    rows, beyond_from, beyond_step = _load_modifiers(data["attributes"], where["attributes"])
    sizes = _load_sizes(data["conditions"], where["conditions"])
    wounds = _load_levels(data["conditions"], "wound_levels", where["conditions"])
    weariness = _load_levels(data["conditions"], "weariness_levels", where["conditions"])
    if len(wounds) != 6 or len(weariness) != 6:
        raise RuleDataError(Message("{0}: 負傷段階と疲労段階はそれぞれ 6 行です", where["conditions"]))
    picks, inferred = _load_picks(data["advancement"], where["advancement"])
    return LotRRules(
        modifier_rows=rows,
        beyond_from=beyond_from,
        beyond_step=beyond_step,
        degrees=_load_degrees(data["degrees"], where["degrees"]),
        wound_levels=wounds,
        weariness_levels=weariness,
        sizes=sizes,
        races=_load_races(data["races"], where["races"], sizes),
        orders=_load_orders(data["orders"], where["orders"]),
        skills=_load_skills(data["skills"], where["skills"]),
        picks=picks,
        inferred_picks=inferred,
    )


@cache
def lotr_rules() -> LotRRules:
    return load_rules()
