"""The LotR rule-table editor's skill list: a skill's Japanese name, attribute, whether it may be
used untrained and whether it is a group; adding and removing skills."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject

from gmtool.models.lotr.rules_edits import RuleEdits
from gmtool.rules.systems.lotr.overrides import skill_row
from gmtool.rules.systems.lotr.overrides_document import without_value


class LotRSkillList(QObject):
    def __init__(self, edits: RuleEdits, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._edits = edits

    def set_value(self, name: str, key: str, value: Any) -> None:
        """key: name_ja, attribute ("" = 未設定), untrained (None = 未設定) or group."""
        rules = self._edits.rules
        if rules.skill(name) is None:
            raise ValueError(self.tr("技能「{0}」は技能一覧にありません").format(name))
        what = self.tr("技能 {0}").format(name)
        if self._edits.stored_whole("skills"):
            rows = [skill_row(s) for s in rules.skills]
            row = next(r for r in rows if r["name"] == name)
            row[key] = value
            if row.get("untrained", False) is None:
                del row["untrained"]
            self._edits.set_value(("skills",), rows, what)
        else:
            self._edits.set_value(("skills", name, key), value, what)

    def add(self, name: str, name_ja: str = "") -> None:
        name = name.strip()
        if not name:
            raise ValueError(self.tr("追加する技能の名前（英語名）を入れてください"))
        rules = self._edits.rules
        if rules.skill(name) is not None:
            raise ValueError(self.tr("技能「{0}」はもう技能一覧にあります").format(name))
        row = {"name_ja": name_ja.strip(), "attribute": "", "group": False}
        what = self.tr("技能 {0} を追加").format(name)
        if self._edits.stored_whole("skills"):
            rows = [skill_row(s) for s in rules.skills]
            self._edits.set_value(("skills",), [*rows, {"name": name, **row}], what)
        else:
            self._edits.set_value(("skills", name), row, what)

    def remove(self, name: str) -> None:
        rules = self._edits.rules
        if rules.skill(name) is None:
            raise ValueError(self.tr("削除する技能を選んでください"))
        what = self.tr("技能 {0} を削除").format(name)
        if self._edits.stored_whole("skills"):
            self._edits.set_value(("skills",), [skill_row(s) for s in rules.skills if s.name != name], what)
        elif self._edits.shipped.skill(name) is None:  # one the GM added: drop the addition
            self._edits.store(
                without_value(self._edits.document(), ("skills", name)), self.tr("ルール表: {0}").format(what)
            )
        else:
            self._edits.set_value(("skills", name), None, what)
