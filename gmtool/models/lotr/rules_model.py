"""The LotR rule tables a campaign uses: the shipped ones with the GM's edits (session state).

The edits are one JSON document under RULES_KEY (overrides.py describes it), holding only
what differs from the shipped tables, so a later version's corrected tables still show
through wherever the GM changed nothing.  Every edit is one undo step of the campaign.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.models.shown_text import shown
from gmtool.rules.data import RuleDataError
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.house_rules import UNSET_WOUND_PENALTY
from gmtool.rules.systems.lotr.overrides import apply_overrides, skill_row
from gmtool.rules.systems.lotr.overrides_document import diff_document, with_value, without_value
from gmtool.rules.systems.lotr.reference_tables import Cell, ReferenceTable, with_cell, with_row, without_row
from gmtool.rules.systems.lotr.rules_data import LotRRules, lotr_rules
from gmtool.store.errors import StoreError

RULES_KEY = "lotr.rules"  # session-state key of the GM's edits
# Japanese names of the advancement pick costs (advancement.toml), for the editor and undo texts.
PICK_LABELS = {
    "skill_rank": "技能ランク +1",
    "attribute": "能力値 +1",
    "favoured_attribute": "得意能力値 +1",
    "reaction": "リアクション +1",
    "favoured_reaction": "得意リアクション +1",
    "health": "Health +1",
    "edge": "Edge 1 つ",
    "specialisation": "技能の特化 1 つ",
    "order_ability": "職業の特殊能力 1 つ",
    "new_order": "職業の兼業（新しい職業）",
    "flaw_picks": "新たな Flaw で得る成長ポイント",
}
PENALTY_KEYS = {
    "wound": ("wound_penalties", "wound_levels"),
    "weariness": ("weariness_penalties", "weariness_levels"),
}

# The effective tables by stored document: every model asks for them on each refresh.
_cache: dict[tuple[int, str], tuple[LotRRules, str | None]] = {}


def _effective(campaign_model: CampaignModel) -> tuple[LotRRules, str | None]:
    shipped = lotr_rules()
    try:
        document = campaign_model.session_value(RULES_KEY)
    except StoreError as e:  # the stored value is not even JSON
        return shipped, _problem(str(e))
    key = (id(shipped), json.dumps(document, sort_keys=True, ensure_ascii=False))
    if key not in _cache:
        if len(_cache) > 32:
            _cache.clear()
        try:
            _cache[key] = apply_overrides(shipped, document), None
        except RuleDataError as e:
            _cache[key] = shipped, _problem(e)
    return _cache[key]


def _problem(detail: object) -> str:
    return Message(
        "キャンペーンのルール表（ハウスルール）が正しくないため、同梱の表を使っています: {0}", detail
    )


def campaign_lotr_rules(campaign_model: CampaignModel) -> LotRRules:
    """The tables in force; the shipped ones when the stored edits are bad (never raises).

    They carry the campaign's reading of an unset wound penalty (house rule UNSET_WOUND_PENALTY),
    so every sheet, panel and log line that reads a wound penalty follows the switch; listeners
    re-read them on HOUSE_RULES_KEY as on RULES_KEY."""
    rules = _effective(campaign_model)[0]
    reading = campaign_house_rules(campaign_model).get(UNSET_WOUND_PENALTY)
    if reading == rules.unset_wound_penalty:
        return rules
    key = (id(rules), reading)
    if key not in _read_as or _read_as[key][0] is not rules:
        if len(_read_as) > 32:
            _read_as.clear()
        _read_as[key] = (rules, replace(rules, unset_wound_penalty=reading))
    return _read_as[key][1]


# The tables in force read under a non-default reading, by (tables, reading): one object while
# neither changes, as the models' caches compare the tables by identity.
_read_as: dict[tuple[int, str], tuple[LotRRules, LotRRules]] = {}


def campaign_rules_problem(campaign_model: CampaignModel) -> str | None:
    """Why the campaign's edits are not in force (a hand-edited or damaged file), or None."""
    return _effective(campaign_model)[1]


class LotRRulesModel(QObject):
    """The rule-table editor's model: every setter validates the whole tables first.

    A refused edit raises ValueError (RuleDataError) naming the key and stores nothing.
    """

    changed = Signal()  # the effective tables changed (an edit, undo, redo, another window)

    def __init__(self, campaign_model: CampaignModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        # The edits in force, worked out once until RULES_KEY changes: the editor asks whether each
        # row is edited, and reading and diffing the tables for each of thousands of skills was n².
        self._edits: dict[str, Any] | None = None
        campaign_model.session_changed.connect(self._on_session_changed)

    # ---- reading ------------------------------------------------------------------------------
    @property
    def shipped(self) -> LotRRules:
        return lotr_rules()

    @property
    def rules(self) -> LotRRules:
        return campaign_lotr_rules(self.campaign_model)

    @property
    def problem(self) -> str | None:
        return campaign_rules_problem(self.campaign_model)

    def document(self) -> dict[str, Any]:
        """The edits in force, only what differs from the shipped tables ({} = none); a copy."""
        return copy.deepcopy(self._document())

    def _document(self) -> dict[str, Any]:
        if self._edits is None:
            self._edits = diff_document(self.shipped, self.rules)
        return self._edits

    def is_edited(self, *path: str) -> bool:
        node: Any = self._document()
        for key in path:
            if isinstance(node, list):  # a whole replaced list (reordered skills): all of it is edited
                return True
            if not isinstance(node, Mapping) or key not in node:
                return False
            node = node[key]
        return True

    def is_edited_any(self) -> bool:
        return bool(self._document())

    # ---- generic editing ----------------------------------------------------------------------
    def set_value(self, path: Sequence[str], value: Any, what: str) -> None:
        self._store(with_value(self.document(), path, value), self.tr("ルール表: {0}").format(what))

    def reset_value(self, path: Sequence[str], what: str) -> None:
        self.reset_values((path,), what)

    def reset_values(self, paths: Sequence[Sequence[str]], what: str) -> None:
        """Back to the shipped values, as one undo step."""
        document = self.document()
        for path in paths:
            document = without_value(document, path)
            if path and path[-1] == "bonuses":  # bonuses and whether they are known go together
                document = without_value(document, (*path[:-1], "bonuses_known"))
        self._store(document, self.tr("ルール表を既定に戻す: {0}").format(what))

    def reset_all(self) -> None:
        self.campaign_model.set_session_value(RULES_KEY, None, self.tr("ルール表をすべて既定に戻す"))

    # ---- one table at a time --------------------------------------------------------------------
    def set_penalty(self, track: str, level_id: str, value: int | None) -> None:
        """track "wound" or "weariness"; None = 未設定."""
        key, table = PENALTY_KEYS[track]
        level = next((x for x in getattr(self.rules, table) if x.id == level_id), None)
        label = level.label if level else level_id
        self.set_value((key, level_id), value, self.tr("{0} のペナルティ").format(label))

    def set_degree_margin(self, degree_id: str, value: int) -> None:
        band = next((b for b in self.rules.degrees if b.id == degree_id), None)
        what = self.tr("{0} の下限").format(band.label if band else degree_id)
        self.set_value(("degrees", degree_id), value, what)

    def set_pick_cost(self, kind: str, value: int | None) -> None:
        what = self.tr("成長ポイント {0}").format(PICK_LABELS.get(kind, kind))
        self.set_value(("picks", kind), value, what)

    def modifier_rows(self) -> list[list[int]]:
        return [list(row) for row in self.rules.modifier_rows]

    def set_modifier_row(self, index: int, high: int | None = None, modifier: int | None = None) -> None:
        """One row's upper end or modifier; the next row starts right above the new upper end."""
        rows = self.modifier_rows()
        if high is not None:
            rows[index][1] = high
            if index + 1 < len(rows):
                rows[index + 1][0] = high + 1
        if modifier is not None:
            rows[index][2] = modifier
        self._set_modifier_rows(rows, self.tr("能力値修正表 {0} 行目").format(index + 1))

    def add_modifier_row(self) -> None:
        rows = self.modifier_rows()
        _, high, modifier = rows[-1]
        rows.append([high + 1, high + 1, modifier + 1])
        self._set_modifier_rows(rows, self.tr("能力値修正表に行を追加"))

    def remove_modifier_row(self) -> None:
        rows = self.modifier_rows()
        if len(rows) < 2:
            raise ValueError(self.tr("能力値修正表の最後の 1 行は削除できません"))
        self._set_modifier_rows(rows[:-1], self.tr("能力値修正表の最後の行を削除"))

    def _set_modifier_rows(self, rows: list[list[int]], what: str) -> None:
        value = [{"low": low, "high": high, "modifier": m} for low, high, m in rows]
        self.set_value(("modifier_rows",), value, what)

    def set_beyond_step(self, step: int) -> None:
        self.set_value(("beyond_step",), step, self.tr("能力値修正表の上の伸び方"))

    def set_race_value(self, race_id: str, key: str, value: Any) -> None:
        """key: size, wound_levels or courage (None = 未設定)."""
        race = self.rules.race(race_id)
        names = {
            "size": self.tr("サイズ"),
            "wound_levels": self.tr("負傷段階の数"),
            "courage": self.tr("Courage 修正"),
        }
        what = f"{race.label if race else race_id} {names.get(key, key)}"
        self.set_value(("races", race_id, key), value, what)

    def bonus_path(self, race_id: str, subrace_id: str = "") -> tuple[str, ...]:
        if subrace_id:
            return ("races", race_id, "subraces", subrace_id, "bonuses")
        return ("races", race_id, "bonuses")

    def set_bonus(self, race_id: str, subrace_id: str, attribute: str, value: int | None) -> None:
        """One attribute bonus; giving any bonus makes the row's bonuses known (the others 0)."""
        bonuses, known = self.rules.race_bonuses(race_id, subrace_id)
        if value is None and not known:
            return  # an empty cell left empty
        bonuses[attribute] = value or 0
        path = self.bonus_path(race_id, subrace_id)
        document = with_value(self.document(), path, bonuses)
        document = with_value(document, (*path[:-1], "bonuses_known"), True)
        what = self.tr("{0} の能力値ボーナス").format(self._race_label(race_id, subrace_id))
        self._store(document, self.tr("ルール表: {0}").format(what))

    def reset_bonuses(self, race_id: str, subrace_id: str = "") -> None:
        what = self.tr("{0} の能力値ボーナス").format(self._race_label(race_id, subrace_id))
        self.reset_value(self.bonus_path(race_id, subrace_id), what)

    def _race_label(self, race_id: str, subrace_id: str) -> str:
        race = self.rules.race(race_id)
        sub = race.subrace(subrace_id) if race else None
        named = sub or race
        return named.label if named else race_id

    def set_order_value(self, order_id: str, key: str, value: Any) -> None:
        """key: skills (list of names), package ({name: ranks}) or courage (None = 未設定)."""
        order = self.rules.order(order_id)
        names = {
            "skills": self.tr("職業スキル"),
            "package": self.tr("パッケージ"),
            "courage": self.tr("Courage 修正"),
        }
        what = f"{order.label if order else order_id} {names.get(key, key)}"
        self.set_value(("orders", order_id, key), value, what)

    # ---- the skill list ---------------------------------------------------------------------------
    def set_skill_value(self, name: str, key: str, value: Any) -> None:
        """key: name_ja, attribute ("" = 未設定), untrained (None = 未設定) or group."""
        if self.rules.skill(name) is None:
            raise ValueError(self.tr("技能「{0}」は技能一覧にありません").format(name))
        what = self.tr("技能 {0}").format(name)
        if self._skills_stored_whole():
            rows = [skill_row(s) for s in self.rules.skills]
            row = next(r for r in rows if r["name"] == name)
            row[key] = value
            if row.get("untrained", False) is None:
                del row["untrained"]
            self.set_value(("skills",), rows, what)
        else:
            self.set_value(("skills", name, key), value, what)

    def add_skill(self, name: str, name_ja: str = "") -> None:
        name = name.strip()
        if not name:
            raise ValueError(self.tr("追加する技能の名前（英語名）を入れてください"))
        if self.rules.skill(name) is not None:
            raise ValueError(self.tr("技能「{0}」はもう技能一覧にあります").format(name))
        row = {"name_ja": name_ja.strip(), "attribute": "", "group": False}
        what = self.tr("技能 {0} を追加").format(name)
        if self._skills_stored_whole():
            rows = [skill_row(s) for s in self.rules.skills]
            self.set_value(("skills",), [*rows, {"name": name, **row}], what)
        else:
            self.set_value(("skills", name), row, what)

    def remove_skill(self, name: str) -> None:
        if self.rules.skill(name) is None:
            raise ValueError(self.tr("削除する技能を選んでください"))
        what = self.tr("技能 {0} を削除").format(name)
        if self._skills_stored_whole():
            self.set_value(("skills",), [skill_row(s) for s in self.rules.skills if s.name != name], what)
        elif self.shipped.skill(name) is None:  # one the GM added: drop the addition
            self._store(
                without_value(self.document(), ("skills", name)), self.tr("ルール表: {0}").format(what)
            )
        else:
            self.set_value(("skills", name), None, what)

    # ---- the tables the summary refers to (reference_tables.py) -----------------------------------
    def reference_table(self, table_id: str) -> ReferenceTable:
        return self.rules.reference_table(table_id)

    def set_reference_cell(self, table_id: str, row_index: int, column: str, value: Cell) -> None:
        """One cell (or, column NAME, a row's name); None = 未設定.  One undo step."""
        table = self.reference_table(table_id)
        if not 0 <= row_index < len(table.rows):
            raise ValueError(self.tr("その行はもうありません"))
        rows = with_cell(table, row_index, column, value)
        label = table.rows[row_index].name
        self.set_value(("tables", table_id), rows, self.tr("{0} の {1}").format(shown(table.title), label))

    def add_reference_row(self, table_id: str, name: str) -> None:
        table = self.reference_table(table_id)
        if table.fixed_rows:
            raise ValueError(self.tr("この表の行は本文のものです。値だけを変えられます"))
        name = name.strip()
        if not name:
            raise ValueError(self.tr("行の名前を入れてください"))
        if table.row(name) is not None:
            raise ValueError(self.tr("「{0}」はもうあります").format(name))
        what = self.tr("{0} に「{1}」を追加").format(shown(table.title), name)
        self.set_value(("tables", table_id), with_row(table, name), what)

    def remove_reference_row(self, table_id: str, row_index: int) -> None:
        table = self.reference_table(table_id)
        if table.fixed_rows:
            raise ValueError(self.tr("この表の行は本文のものです。値だけを変えられます"))
        if not 0 <= row_index < len(table.rows):
            raise ValueError(self.tr("削除する行を選んでください"))
        name = table.rows[row_index].name
        what = self.tr("{0} から「{1}」を削除").format(shown(table.title), name)
        self.set_value(("tables", table_id), without_row(table, row_index), what)

    def reset_reference_table(self, table_id: str) -> None:
        table = self.reference_table(table_id)
        self.reset_value(("tables", table_id), shown(table.title))

    def _skills_stored_whole(self) -> bool:
        """The GM reordered the list (a hand-edited file): edits keep the whole list."""
        return isinstance(self._document().get("skills"), list)

    # ---- internals --------------------------------------------------------------------------------
    def _store(self, document: Mapping[str, Any], text: str) -> None:
        rules = apply_overrides(self.shipped, document)  # RuleDataError names the bad key
        self.campaign_model.set_session_value(RULES_KEY, diff_document(self.shipped, rules) or None, text)

    def _on_session_changed(self, key: str) -> None:
        if key == RULES_KEY:
            self._edits = None
            self.changed.emit()
