"""The GM's edits of the LotR rule tables, kept in the campaign (house rules).

`apply_overrides(rules, document)` returns the shipped tables with the campaign's
edits applied; a bad document raises RuleDataError naming the key.  The document
is JSON and holds only what differs from the shipped tables (overrides_document.diff_document):

    {
      "schema": 1,
      "modifier_rows": [{"low": 0, "high": 1, "modifier": -3}, ...],  # the whole table
      "beyond_step": 2,                                 # above the table: +1 per N points
      "degrees": {"superior_success": 6},               # min margin (達成値 − 目標値) of a band
      "wound_penalties": {"wounded": -3, "dazed": null},  # null = 未設定 (the GM clears it)
      "weariness_penalties": {"winded": -1},
      "races": {"dwarf": {"size": "small", "wound_levels": 5, "courage": 1,
                          "bonuses": {"str": 2, "vit": 2}, "bonuses_known": true},
                "hobbit": {"subraces": {"harfoot": {"bonuses": {"nim": 1}}}}},
      "orders": {"warrior": {"skills": ["Armed Combat"], "package": {"Armed Combat": 3},
                             "courage": 0}},
      "skills": {"Run": {"attribute": "str", "untrained": true},   # per-skill edits,
                 "Cooking": {"name_ja": "料理", "attribute": "wit"},  # a new skill,
                 "Siegecraft": null},                                # a removed one
      "picks": {"attribute": 3, "skill_rank": null}     # null = 未設定
    }

"skills" may instead be a whole list of rows shaped like skills.toml.  Giving
"bonuses" makes them known (bonuses_known true) unless the document says otherwise.
The edited tables go through `rules_from_tables`, the loader's own checks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from gmtool.rules.data import RuleDataError, short_input
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.overrides_values import (
    MAX_NAME,
    MAX_RULE_ROWS,
    MAX_SKILLS,
    WHERE,
    _at_most,
    _bool,
    _fail,
    _int,
    _keys,
    _known_id,
    _mapping,
    _set_optional,
)
from gmtool.rules.systems.lotr.reference_tables import apply_tables
from gmtool.rules.systems.lotr.rules_data import (
    ATTRIBUTE_IDS,
    PICK_KINDS,
    Degree,
    LotRRules,
    rules_from_tables,
)

SCHEMA = 1
DOCUMENT_KEYS = (
    "schema",
    "modifier_rows",
    "beyond_step",
    "degrees",
    "wound_penalties",
    "weariness_penalties",
    "races",
    "orders",
    "skills",
    "picks",
    "tables",
)
MODIFIER_ROW_KEYS = ("low", "high", "modifier")
RACE_KEYS = ("size", "wound_levels", "courage", "bonuses", "bonuses_known", "subraces")
SUBRACE_KEYS = ("bonuses", "bonuses_known")
ORDER_KEYS = ("skills", "package", "courage")
SKILL_KEYS = ("name_ja", "attribute", "untrained", "group")
PENALTY_TABLES = (("wound_penalties", "wound_levels"), ("weariness_penalties", "weariness_levels"))
# How the loader's own messages name an edited table (they cannot name the document key).
TABLE_WHERE = {
    "attributes": f"{WHERE}（能力値修正表）",
    "degrees": f"{WHERE}（成功度 degrees）",
    "conditions": f"{WHERE}（負傷・疲労）",
    "races": f"{WHERE}（種族 races）",
    "orders": f"{WHERE}（職業 orders）",
    "skills": f"{WHERE}（技能 skills）",
    "advancement": f"{WHERE}（成長ポイント picks）",
}


def apply_overrides(rules: LotRRules, document: Mapping[str, Any] | None) -> LotRRules:
    """The tables with the GM's edits; RuleDataError (naming the key) if the document is bad."""
    if document is None or (isinstance(document, Mapping) and not document):
        return rules
    if not isinstance(document, Mapping):
        raise RuleDataError(
            Message("{0}: {{項目: 値}} の表でなければなりません（{1}）", WHERE, type(document).__name__)
        )
    _keys(document, DOCUMENT_KEYS, "")
    if document.get("schema", SCHEMA) != SCHEMA:
        _fail(
            "schema",
            Message("この版が読めるのは schema {0} です（{1}）", SCHEMA, short_input(document["schema"])),
        )
    tables = rules_to_tables(rules)
    _apply_modifiers(tables["attributes"], document)
    if "degrees" in document:
        _apply_degrees(tables["degrees"], document["degrees"])
    for key, table in PENALTY_TABLES:
        if key in document:
            _apply_penalties(tables["conditions"][table], document[key], key)
    if "races" in document:
        sizes = [s["id"] for s in tables["conditions"]["sizes"]]
        _apply_races(tables["races"]["races"], document["races"], sizes)
    if "orders" in document:
        _apply_orders(tables["orders"]["orders"], document["orders"])
    if "skills" in document:
        _apply_skills(tables["skills"], document["skills"])
    if "picks" in document:
        _apply_picks(tables["advancement"], document["picks"])
    edited = rules_from_tables(tables, TABLE_WHERE)
    return replace(edited, reference=apply_tables(rules.reference, document.get("tables")))


def overrides_problem(rules: LotRRules, document: Any) -> str | None:
    """The message apply_overrides would refuse the document with, or None if it is good."""
    try:
        apply_overrides(rules, document)
    except RuleDataError as e:
        return str(e)
    return None


def check_overrides(document: Any) -> None:
    """A rule data file's LotR part (gmtool.store.rule_data): RuleDataError unless the shipped
    tables take the document's edits."""
    from gmtool.rules.systems.lotr.rules_data import lotr_rules

    apply_overrides(lotr_rules(), document)


# ---- the tables as the loader reads them ------------------------------------------------------
def rules_to_tables(rules: LotRRules) -> dict[str, dict[str, Any]]:
    """Fresh raw tables shaped like the TOML files, so rules_from_tables gives the rules back."""

    def named(item: Any) -> dict[str, Any]:
        return {"id": item.id, "name": item.name, "name_ja": item.name_ja}

    def optional(row: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
        if value is not None:
            row[key] = value
        return row

    def bonuses(item: Any) -> dict[str, Any]:
        return {"bonuses": dict(item.bonuses), "bonuses_known": item.bonuses_known}

    def level(item: Any) -> dict[str, Any]:
        return optional(named(item), "penalty", item.penalty)

    degrees = []
    for band in rules.degrees:
        degrees.append(optional(optional(named(band), "min_margin", band.min_margin), "time", band.time))
    races = []
    for race in rules.races:
        row = {**named(race), "size": race.size, "wound_levels": race.wound_levels, **bonuses(race)}
        row["subraces"] = [{**named(sub), **bonuses(sub)} for sub in race.subraces]
        races.append(optional(row, "courage", race.courage))
    orders = [
        optional(
            {**named(order), "skills": list(order.skills), "package": dict(order.package)},
            "courage",
            order.courage,
        )
        for order in rules.orders
    ]
    return {
        "attributes": {
            "rows": [dict(zip(MODIFIER_ROW_KEYS, row, strict=True)) for row in rules.modifier_rows],
            "beyond": {"from": rules.beyond_from, "step": rules.beyond_step},
        },
        "degrees": {"degrees": degrees},
        "conditions": {
            "wound_levels": [level(x) for x in rules.wound_levels],
            "weariness_levels": [level(x) for x in rules.weariness_levels],
            "sizes": [{**named(s), "order": s.order, "extra_healthy": s.extra_healthy} for s in rules.sizes],
        },
        "races": {"races": races},
        "orders": {"orders": orders},
        "skills": {"skills": [skill_row(s) for s in rules.skills]},
        "advancement": {"picks": dict(rules.picks), "inferred": sorted(rules.inferred_picks)},
    }


def skill_row(skill: Any) -> dict[str, Any]:
    row = {"name": skill.name, "name_ja": skill.name_ja, "attribute": skill.attribute, "group": skill.group}
    if skill.untrained is not None:
        row["untrained"] = skill.untrained
    return row


# ---- applying each part ---------------------------------------------------------------------------
def _apply_modifiers(table: dict[str, Any], document: Mapping[str, Any]) -> None:
    if "modifier_rows" in document:
        rows = document["modifier_rows"]
        if not isinstance(rows, list) or not rows:
            _fail("modifier_rows", Message("{{low, high, modifier}} の行の並びでなければなりません"))
        _at_most(rows, MAX_RULE_ROWS, "modifier_rows")
        clean = []
        for i, raw in enumerate(rows):
            path = f"modifier_rows[{i}]"
            _keys(_mapping(raw, path), MODIFIER_ROW_KEYS, path)
            clean.append({k: _int(raw.get(k), f"{path}.{k}") for k in MODIFIER_ROW_KEYS})
        table["rows"] = clean
    if "beyond_step" in document:
        step = _int(document["beyond_step"], "beyond_step")
        if step < 1:
            _fail("beyond_step", Message("1 以上の整数です（{0}）", step))
        table["beyond"]["step"] = step
    # The table goes on above its last row: where that is follows the rows the GM set.
    table["beyond"]["from"] = table["rows"][-1]["high"] + 1


def _apply_degrees(table: dict[str, Any], edits: Any) -> None:
    bands = {band["id"]: band for band in table["degrees"]}
    for degree_id, value in _mapping(edits, "degrees").items():
        path = f"degrees.{degree_id}"
        band = _known_id(bands, degree_id, path, "成功度")
        if degree_id == Degree.DISASTROUS_FAILURE:
            _fail(path, Message("最も低い帯（Disastrous Failure）には下限がありません"))
        band["min_margin"] = _int(value, path)


def _apply_penalties(levels: list[dict[str, Any]], edits: Any, key: str) -> None:
    by_id = {level["id"]: level for level in levels}
    for level_id, value in _mapping(edits, key).items():
        path = f"{key}.{level_id}"
        level = _known_id(by_id, level_id, path, "段階")
        penalty = _int(value, path, optional=True)
        if penalty is not None and penalty > 0:
            _fail(path, Message("ペナルティは 0 以下の整数です（{0}）", penalty))
        _set_optional(level, "penalty", penalty)


def _apply_bonuses(row: dict[str, Any], edits: Mapping[str, Any], path: str) -> None:
    if "bonuses" in edits:
        bonuses = _mapping(edits["bonuses"], f"{path}.bonuses")
        unknown = sorted(str(a) for a in bonuses if a not in ATTRIBUTE_IDS)
        if unknown:
            _fail(
                f"{path}.bonuses",
                Message(
                    "未知の能力値があります: {0}（{1}）",
                    Message.joined(", ", unknown),
                    Message.joined(", ", ATTRIBUTE_IDS),
                ),
            )
        values = {a: _int(bonuses[a], f"{path}.bonuses.{a}") for a in ATTRIBUTE_IDS if a in bonuses}
        row["bonuses"] = {a: v for a, v in values.items() if v != 0}  # 0 and absent mean the same
        row["bonuses_known"] = True  # the GM has given them
    if "bonuses_known" in edits:
        row["bonuses_known"] = _bool(edits["bonuses_known"], f"{path}.bonuses_known")


def _apply_races(races: list[dict[str, Any]], edits: Any, sizes: list[str]) -> None:
    by_id = {race["id"]: race for race in races}
    for race_id, raw in _mapping(edits, "races").items():
        path = f"races.{race_id}"
        race = _known_id(by_id, race_id, path, "種族")
        _keys(_mapping(raw, path), RACE_KEYS, path)
        if "size" in raw:
            if raw["size"] not in sizes:
                shown = short_input(raw["size"])
                _fail(
                    f"{path}.size",
                    Message("サイズは {0} のどれかです（{1}）", Message.joined(", ", sizes), shown),
                )
            race["size"] = raw["size"]
        if "wound_levels" in raw:
            count = _int(raw["wound_levels"], f"{path}.wound_levels")
            if not 1 <= count <= 5:
                _fail(f"{path}.wound_levels", Message("Healthy を除く負傷段階の数は 1〜5 です（{0}）", count))
            race["wound_levels"] = count
        if "courage" in raw:
            _set_optional(race, "courage", _int(raw["courage"], f"{path}.courage", optional=True))
        if ("bonuses" in raw or "bonuses_known" in raw) and race["subraces"]:
            # race_bonuses() reads a sub-race's row: bonuses set here would never be used.
            _fail(
                f"{path}.bonuses",
                Message("亜種族のある種族の能力値ボーナスは亜種族ごと（subraces）に設定します"),
            )
        _apply_bonuses(race, raw, path)
        if "subraces" in raw:
            subraces = {sub["id"]: sub for sub in race["subraces"]}
            for sub_id, sub_raw in _mapping(raw["subraces"], f"{path}.subraces").items():
                sub_path = f"{path}.subraces.{sub_id}"
                sub = _known_id(subraces, sub_id, sub_path, "亜種族")
                _keys(_mapping(sub_raw, sub_path), SUBRACE_KEYS, sub_path)
                _apply_bonuses(sub, sub_raw, sub_path)


def _skill_names(value: Any, path: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(n, str) and n.strip() for n in value):
        _fail(path, Message("技能名（空でない文字列）の並びでなければなりません（{0}）", short_input(value)))
    duplicates = sorted(n for n, times in Counter(value).items() if times > 1)
    if duplicates:
        _fail(path, Message("技能名が重複しています: {0}", Message.joined(", ", duplicates)))
    return list(value)


def _apply_orders(orders: list[dict[str, Any]], edits: Any) -> None:
    by_id = {order["id"]: order for order in orders}
    for order_id, raw in _mapping(edits, "orders").items():
        path = f"orders.{order_id}"
        order = _known_id(by_id, order_id, path, "職業")
        _keys(_mapping(raw, path), ORDER_KEYS, path)
        if "skills" in raw:
            order["skills"] = _skill_names(raw["skills"], f"{path}.skills")
        if "package" in raw:
            package = _mapping(raw["package"], f"{path}.package")
            ranks = {}
            for name, rank in package.items():
                if not str(name).strip():
                    _fail(f"{path}.package", Message("技能名が空です"))
                ranks[name] = _int(rank, f"{path}.package.{name}")
                if ranks[name] < 0:
                    _fail(f"{path}.package.{name}", Message("ランクは 0 以上です（{0}）", rank))
            order["package"] = ranks
        if "courage" in raw:
            _set_optional(order, "courage", _int(raw["courage"], f"{path}.courage", optional=True))


def _apply_skills(table: dict[str, Any], edits: Any) -> None:
    if isinstance(edits, list | Mapping):
        _at_most(edits, MAX_SKILLS, "skills")
    if isinstance(edits, list):  # the whole list, rows as in skills.toml: the loader checks them
        table["skills"] = [dict(_mapping(row, f"skills[{i}]")) for i, row in enumerate(edits)]
        return
    rows: list[dict[str, Any]] = table["skills"]
    by_name = {row["name"]: row for row in rows}
    removed: set[int] = set()  # ids of the rows taken out, dropped in one pass at the end
    for name, raw in _mapping(edits, "skills").items():
        path = f"skills.{name}"
        if not isinstance(name, str) or not name.strip():
            _fail("skills", Message("技能名が空です（{0}）", short_input(name)))
        if len(name) > MAX_NAME:
            _fail("skills", Message("技能名は{0}文字までです（{1}）", MAX_NAME, short_input(name)))
        if raw is None:
            removed.add(id(_known_id(by_name, name, path, "技能")))
            del by_name[name]
            continue
        _keys(_mapping(raw, path), SKILL_KEYS, path)
        row = by_name.get(name)
        if row is None:  # a skill the GM adds
            row = by_name[name] = {"name": name, "name_ja": "", "attribute": "", "group": False}
            rows.append(row)
        if "name_ja" in raw:
            if not isinstance(raw["name_ja"], str):
                _fail(
                    f"{path}.name_ja",
                    Message("文字列でなければなりません（{0}）", short_input(raw["name_ja"])),
                )
            if len(raw["name_ja"]) > MAX_NAME:
                _fail(
                    f"{path}.name_ja",
                    Message(
                        "{0}文字までの文字列でなければなりません（{1}）",
                        MAX_NAME,
                        short_input(raw["name_ja"]),
                    ),
                )
            row["name_ja"] = raw["name_ja"]
        if "attribute" in raw:
            if raw["attribute"] not in ("", *ATTRIBUTE_IDS):
                choices = Message.joined(", ", ATTRIBUTE_IDS)
                shown = short_input(raw["attribute"])
                _fail(f"{path}.attribute", Message('{0} のどれか（未設定は ""）です（{1}）', choices, shown))
            row["attribute"] = raw["attribute"]
        if "untrained" in raw:
            _set_optional(row, "untrained", _bool(raw["untrained"], f"{path}.untrained", optional=True))
        if "group" in raw:
            row["group"] = _bool(raw["group"], f"{path}.group")
    if removed:
        rows[:] = [row for row in rows if id(row) not in removed]


def _apply_picks(table: dict[str, Any], edits: Any) -> None:
    picks, inferred = table["picks"], set(table["inferred"])
    for kind, value in _mapping(edits, "picks").items():
        path = f"picks.{kind}"
        if kind not in PICK_KINDS:
            _fail(path, Message("未知の項目です（{0} のどれか）", Message.joined(", ", PICK_KINDS)))
        cost = _int(value, path, optional=True)
        if cost is not None and cost < 0:
            _fail(path, Message("0 以上の整数です（{0}）", cost))
        _set_optional(picks, kind, cost)
        inferred.discard(kind)  # the GM's value is no longer a reading of the text
    table["inferred"] = sorted(inferred)
