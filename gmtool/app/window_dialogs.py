"""The questions the main window asks the user, each one method so a test can answer it instead."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

from gmtool.views.file_dialogs import open_file_name, save_file_name
from gmtool.views.screen_fit import keep_under_menu_bar
from gmtool.views.titled_dialogs import answer, item_question, text_question

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

    from gmtool.models.creation_record_model import CreationRecordModel

    _DialogsBase = QWidget  # a mixin of the main window: `self` is the dialogs' parent widget
else:
    _DialogsBase = object


class WindowDialogs(_DialogsBase):
    settings: QSettings  # where the file dialogs remember the last folder (the window's settings)

    def ask_text(self, title: str, label: str, text: str) -> tuple[str, bool]:
        return answer(text_question(self, title, label, text))

    def ask_item(self, title: str, label: str, items: list[str], current: int) -> tuple[str, bool]:
        return answer(item_question(self, title, label, items, current))

    def ask_confirm(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(self, title, text)
        return answer == QMessageBox.StandardButton.Yes

    def ask_choice(self, title: str, text: str, choices: list[str]) -> int:
        """One of `choices` as buttons, the last the default, beside キャンセル: the index of the
        one clicked, or -1 when cancelled (Esc, キャンセル, the window closed)."""
        box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.Cancel, self)
        buttons = [box.addButton(choice, QMessageBox.ButtonRole.AcceptRole) for choice in choices]
        if buttons:
            box.setDefaultButton(buttons[-1])
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        clicked = box.clickedButton()
        return next((i for i, button in enumerate(buttons) if button is clicked), -1)

    def confirm_import(self, record: CreationRecordModel) -> bool:
        """Shows how an imported character was made (or that its file does not say); True: add it."""
        from gmtool.views.creation_record_dialog import CreationRecordDialog

        return CreationRecordDialog(record, self).exec() == QDialog.DialogCode.Accepted

    def run_wizard(self, wizard: QDialog) -> bool:
        """Runs a creation wizard to its end; True when it finished."""
        return wizard.exec() == QDialog.DialogCode.Accepted

    def open_dialog(self, dialog: QDialog) -> None:
        """Shows a tool dialog beside the window (not modal: the table keeps going), under the
        window's menu bar, which the GM goes on using while it is open."""
        keep_under_menu_bar(dialog)
        dialog.show()

    def ask_open_path(self, title: str, file_filter: str) -> str:
        """Starts in the folder of the last file picked, else the documents folder."""
        return open_file_name(self, title, file_filter, self.settings)

    def ask_save_path(self, title: str, file_filter: str, suggested: str | Path = "") -> str:
        return save_file_name(self, title, file_filter, suggested, self.settings)
