"""ファイル → Udonarium から読み込む…: the characters of an Udonarium save into the campaign.

The file is read before anything is shown (gmtool.store.udonarium_read: a hostile or broken file
is refused with the reason, nothing changed); the dialog then shows each character with the
system whose sheet it goes on, what is read onto it and kept in its notes, or why it is refused
(gmtool.store.udonarium_import).  The GM chooses the system of the characters that do not name
theirs.  Reading them in is one undo step and one transaction; a name the campaign has already
becomes 「名前 (2)」, as a second import of a character file does.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel, first_free_name
from gmtool.models.shown_text import shown
from gmtool.models.system_names import system_choices, system_name
from gmtool.rules.systems import SYSTEMS
from gmtool.store.udonarium import UdonariumCharacter
from gmtool.store.udonarium_import import ImportedCharacter, plan_import


@dataclass(frozen=True)
class ImportRow:
    """One line of the dialog's table."""

    name: str  # as it goes in (numbered when the campaign has the name)
    system: str  # the system's name, and whether the character names it or the GM chose it
    result: str  # what is read, or why not
    accepted: bool


class UdonariumImportModel(QObject):
    changed = Signal()  # the GM chose another system for the characters that name none

    def __init__(
        self,
        campaign_model: CampaignModel,
        characters: list[UdonariumCharacter],
        file_name: str,
        default_system: str,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.file_name = file_name
        self._characters = characters
        self._fallback = default_system if default_system in SYSTEMS else next(iter(SYSTEMS))
        self._as_npc = False
        self._plans = self._plan()
        self.imported_ids: list[str] = []
        self._rows_read: list[ImportRow] = []

    # ---- the choices ------------------------------------------------------------------------
    def systems(self) -> list[tuple[str, str]]:
        return system_choices()

    @property
    def fallback_system(self) -> str:
        """The system of the characters that do not name theirs."""
        return self._fallback

    def set_fallback_system(self, system_id: str) -> None:
        if system_id not in SYSTEMS:
            raise ValueError(self.tr("そのシステムはありません"))
        if system_id != self._fallback:
            self._fallback = system_id
            self._plans = self._plan()
            self.changed.emit()

    @property
    def as_npc(self) -> bool:
        """The characters go in as NPCs (their notes the GM's alone); PCs by default."""
        return self._as_npc

    def set_as_npc(self, as_npc: bool) -> None:
        if as_npc != self._as_npc:
            self._as_npc = as_npc
            self._plans = self._plan()
            self.changed.emit()

    @property
    def unnamed_count(self) -> int:
        """How many characters do not name their system (the choice applies to them)."""
        return sum(not plan.detected for plan in self._plans)

    def _plan(self) -> list[ImportedCharacter]:
        return [plan_import(character, self._fallback, self._as_npc) for character in self._characters]

    # ---- what the table shows ---------------------------------------------------------------
    def rows(self) -> list[ImportRow]:
        names = self._names()
        return [self._row(plan, name) for plan, name in zip(self._plans, names, strict=True)]

    def _names(self) -> list[str]:
        taken = {s.character.name for s in self.campaign_model.characters()}
        names = []
        for plan in self._plans:
            name = first_free_name(plan.source.name.strip(), taken) if plan.character is not None else ""
            taken.add(name)
            names.append(name or plan.source.name)
        return names

    def _row(self, plan: ImportedCharacter, name: str) -> ImportRow:
        system = system_name(plan.system_id)
        system = system if plan.detected else self.tr("{0}（選んだシステム）").format(system)
        if plan.refusal is not None:
            return ImportRow(name, system, self.tr("読み込まない: {0}").format(shown(plan.refusal)), False)
        counts = (len(plan.read), len(plan.computed), len(plan.kept))
        if plan.from_sheet:
            result = self.tr(
                "読み込む（gmtool のシートごと。ファイルの値はシートへ {0} 個、"
                "計算どおり {1} 個、メモへ {2} 個）"
            ).format(*counts)
        else:
            result = self.tr(
                "読み込む（シートへ {0} 個、計算どおり {1} 個、メモへ {2} 個。"
                "ファイルにないシートの欄は新しいシートのまま）"
            ).format(*counts)
        if plan.differing:
            result += " " + self.differing_text(plan)
        return ImportRow(name, system, result, True)

    def differing_text(self, plan: ImportedCharacter) -> str:
        """The file's values the sheet computes otherwise, each with both values: not read."""
        values = self.tr("、").join(
            self.tr("{0}（ファイル {1}、シート {2}）").format(d.label, d.in_file, d.on_sheet)
            for d in plan.differing
        )
        return self.tr("シートから計算する値なので読まない値: {0}").format(values)

    def count_text(self) -> str:
        """How many of the characters will be read: the noun agrees with the count in English."""
        total, accepted = len(self._plans), self.accepted_count
        if total == 1:
            return self.tr("1 人中 {0} 人を読み込みます。").format(accepted)
        return self.tr("{0} 人中 {1} 人を読み込みます。").format(total, accepted)

    def import_button_text(self) -> str:
        accepted = self.accepted_count
        return self.tr("1 人を読み込む") if accepted == 1 else self.tr("{0} 人を読み込む").format(accepted)

    @property
    def accepted_count(self) -> int:
        return sum(plan.character is not None for plan in self._plans)

    # ---- reading them in ----------------------------------------------------------------------
    def import_characters(self) -> list[str]:
        """Adds every accepted character, as one undo step; their ids.  ValueError when none fits."""
        self._rows_read = self.rows()  # the names they went in under, for the summary
        accepted = [
            (plan, row.name) for plan, row in zip(self._plans, self._rows_read, strict=True) if row.accepted
        ]
        if not accepted:
            raise ValueError(
                self.tr("読み込めるキャラクターがいません（どれもシステムのシートに合いません）")
            )
        model = self.campaign_model
        text = (
            self.tr("Udonarium から読み込む（1 人）")
            if len(accepted) == 1
            else self.tr("Udonarium から読み込む（{0} 人）").format(len(accepted))
        )
        model.undo_stack.beginMacro(text)
        try:
            self.imported_ids = [
                model.insert_character(plan.system_id, plan.character, text, name=name)
                for plan, name in accepted
            ]
        finally:
            model.undo_stack.endMacro()
        return self.imported_ids

    def summary(self) -> str:
        """What was read and what was not, after `import_characters`."""
        rows = self._rows_read or self.rows()
        count = len(self.imported_ids)
        lines = [
            self.tr("「{0}」から 1 人を読み込みました。").format(self.file_name)
            if count == 1
            else self.tr("「{0}」から {1} 人を読み込みました。").format(self.file_name, count)
        ]
        lines += [
            self.tr("・{0}: {1}").format(row.name, self.differing_text(plan))
            for row, plan in zip(rows, self._plans, strict=True)
            if row.accepted and plan.differing
        ]
        refused = [(row, plan) for row, plan in zip(rows, self._plans, strict=True) if not row.accepted]
        if refused:
            lines.append(self.tr("読み込まなかったキャラクター:"))
            lines += [
                self.tr("・{0}: {1}").format(row.name, shown(plan.refusal or "")) for row, plan in refused
            ]
        if any(plan.kept for plan in self._plans if plan.character is not None):
            lines.append(self.tr("シートにない値と Udonarium のメモは、各キャラクターのメモに残しました。"))
        lines.append(self.tr("チャットパレットと画像は読みません（gmtool は判定からパレットを作ります）。"))
        return "\n".join(lines)
