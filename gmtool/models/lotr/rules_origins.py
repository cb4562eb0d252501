"""The LotR rule-table editor's races and orders: a race's size, wound levels, Courage modifier and
attribute bonuses (a sub-race's too), an order's skills, package and Courage modifier."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject

from gmtool.models.lotr.rules_edits import RuleEdits
from gmtool.models.lotr.shown_names import shown_name
from gmtool.rules.systems.lotr.overrides_document import with_value


class LotROriginTables(QObject):
    def __init__(self, edits: RuleEdits, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._edits = edits

    def set_race_value(self, race_id: str, key: str, value: Any) -> None:
        """key: size, wound_levels or courage (None = 未設定)."""
        race = self._edits.rules.race(race_id)
        names = {
            "size": self.tr("サイズ"),
            "wound_levels": self.tr("負傷段階の数"),
            "courage": self.tr("Courage 修正"),
        }
        what = f"{shown_name(race) if race else race_id} {names.get(key, key)}"
        self._edits.set_value(("races", race_id, key), value, what)

    @staticmethod
    def bonus_path(race_id: str, subrace_id: str = "") -> tuple[str, ...]:
        if subrace_id:
            return ("races", race_id, "subraces", subrace_id, "bonuses")
        return ("races", race_id, "bonuses")

    def set_bonus(self, race_id: str, subrace_id: str, attribute: str, value: int | None) -> None:
        """One attribute bonus; giving any bonus makes the row's bonuses known (the others 0)."""
        bonuses, known = self._edits.rules.race_bonuses(race_id, subrace_id)
        if value is None and not known:
            return  # an empty cell left empty
        bonuses[attribute] = value or 0
        path = self.bonus_path(race_id, subrace_id)
        document = with_value(self._edits.document(), path, bonuses)
        document = with_value(document, (*path[:-1], "bonuses_known"), True)
        what = self.tr("{0} の能力値ボーナス").format(self._race_label(race_id, subrace_id))
        self._edits.store(document, self.tr("ルール表: {0}").format(what))

    def reset_bonuses(self, race_id: str, subrace_id: str = "") -> None:
        what = self.tr("{0} の能力値ボーナス").format(self._race_label(race_id, subrace_id))
        self._edits.reset_value(self.bonus_path(race_id, subrace_id), what)

    def _race_label(self, race_id: str, subrace_id: str) -> str:
        race = self._edits.rules.race(race_id)
        sub = race.subrace(subrace_id) if race else None
        named = sub or race
        return shown_name(named) if named else race_id

    def set_order_value(self, order_id: str, key: str, value: Any) -> None:
        """key: skills (list of names), package ({name: ranks}) or courage (None = 未設定)."""
        order = self._edits.rules.order(order_id)
        names = {
            "skills": self.tr("職業スキル"),
            "package": self.tr("パッケージ"),
            "courage": self.tr("Courage 修正"),
        }
        what = f"{shown_name(order) if order else order_id} {names.get(key, key)}"
        self._edits.set_value(("orders", order_id, key), value, what)
