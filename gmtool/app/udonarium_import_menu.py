"""ファイル → Udonarium から読み込む…: characters from an Udonarium save (a character's
``xml_<name>_<date>.zip``, a room's ``ルームデータ_<date>.zip``, gmtool's own export, or a bare
character XML) into the open campaign.

The file is read first: a hostile or broken file is refused with the reason and nothing changes.
The dialog (gmtool.views.udonarium_import_dialog) then shows where each character goes; 読み込む
adds them as one undo step, selects the first, and a summary says what was read and refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMessageBox

from gmtool.models.shown_text import QT_TRANSLATE_NOOP
from gmtool.store.errors import StoreError
from gmtool.views.widgets import show_refusal

if TYPE_CHECKING:
    from gmtool.app.services import AppServices
    from gmtool.models.udonarium_import_model import UdonariumImportModel
    from gmtool.views.udonarium_import_dialog import UdonariumImportDialog

UDONARIUM_FILTER = QT_TRANSLATE_NOOP(
    "UdonariumImportActions", "Udonarium の保存データ (*.zip *.xml);;すべてのファイル (*)"
)


class UdonariumImportActions(QObject):
    def __init__(self, services: AppServices) -> None:
        super().__init__(services.parent_widget)
        self.services = services
        self.action: QAction = services.make_action(self.tr("Udonarium から読み込む…"), self.ask_and_read)
        self.dialog: UdonariumImportDialog | None = None  # while it is open
        self.summary_box: QMessageBox | None = None  # the last summary shown

    def ask_and_read(self) -> None:
        path = self.services.questions.ask_open_path(
            self.tr("Udonarium から読み込む"), self.tr(UDONARIUM_FILTER)
        )
        if path:
            self.read(Path(path))

    def read(self, path: Path) -> UdonariumImportDialog | None:
        """Reads `path` and shows what it holds; None when the file is refused (with the reason)."""
        # Loaded when used: the window starts without the systems' export code.
        from gmtool.models.udonarium_import_model import UdonariumImportModel
        from gmtool.store.udonarium_read import read_udonarium
        from gmtool.views.udonarium_import_dialog import UdonariumImportDialog

        try:
            characters = read_udonarium(path)
        except StoreError as error:
            show_refusal(self.services.parent_widget, str(error))
            return None
        model = UdonariumImportModel(
            self.services.campaign_model, characters, path.name, self._default_system()
        )
        dialog = UdonariumImportDialog(model, self.services.parent_widget)
        dialog.accepted.connect(lambda: self._done(model))
        dialog.finished.connect(lambda _result: self._forget(dialog))
        self.dialog = dialog
        dialog.open()
        return dialog

    def _default_system(self) -> str:
        """The selected character's system, else the campaign's first character's."""
        model = self.services.campaign_model
        selected = self.services.selected_character_id()
        if selected is not None and model.has_character(selected):
            return model.stored(selected).system
        characters = model.characters()
        return characters[0].system if characters else ""

    def _done(self, model: UdonariumImportModel) -> None:
        if model.imported_ids:
            self.services.select_character(model.imported_ids[0])
        box = QMessageBox(
            QMessageBox.Icon.Information,
            self.tr("Udonarium から読み込みました"),
            model.summary(),
            QMessageBox.StandardButton.Ok,
            self.services.parent_widget,
        )
        self.summary_box = box
        box.open()

    def _forget(self, dialog: UdonariumImportDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()


def install_udonarium_import(services: AppServices) -> QAction:
    """The action for the ファイル menu (the window places it), made once."""
    installed = services.parent_widget.findChild(UdonariumImportActions)
    actions = installed if installed is not None else UdonariumImportActions(services)
    return actions.action
