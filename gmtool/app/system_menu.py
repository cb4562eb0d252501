"""What each system's menu shares: running its creation wizard, keeping its tool dialogs open,
and refusing a tool for a character of another system."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QMenu, QWidget, QWizard

from gmtool.views.widgets import show_refusal

if TYPE_CHECKING:
    from gmtool.app.main_window import MainWindow


class SystemMenu(QObject):
    system_id = ""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.dialogs: list[QDialog] = []  # the open ones, kept alive (they are not modal)

    def title(self) -> str:
        """The menu's title in the menu bar, with its mnemonic."""
        raise NotImplementedError

    def build(self, menu: QMenu) -> None:
        raise NotImplementedError

    def create_character(self) -> str | None:
        """Makes a new character through the system's creation procedure; its id, or None."""
        return None

    def attach_panel(self, view: QWidget, model: Any) -> None:
        """The system's judgement panel was built: answer what it asks of the window."""

    def attach_sheet(self, sheet: QWidget) -> None:
        """A sheet of this system was shown: answer what it asks of the window."""

    def deleted_note(self) -> str:
        """What the status bar adds after a character of this system was deleted."""
        return ""

    def house_rules_label(self) -> str:
        """The settings dialog's button for the system's GM-editable tables ('' when it has none)."""
        return ""

    def edit_house_rules(self) -> None:
        """Opens the system's GM-editable tables."""

    def window_closing(self) -> None:
        """The window is closing: let go of what the menu holds open."""

    def run_creation(self, wizard: QWizard) -> str | None:
        """Runs a creation wizard; selects and returns the new character, or None if cancelled."""
        if not self.window.run_wizard(wizard):
            return None
        created = getattr(wizard, "created_id", None)
        if created:
            self.window.select_character(created)
        return created

    def show_dialog(self, dialog: QDialog) -> None:
        # Closed (閉じる, Esc, the title bar's ×: all end in `finished`), the dialog is let go and
        # deleted: a session opens many of them, and each kept its model listening to the campaign.
        dialog.finished.connect(lambda _result, d=dialog: self._forget(d))
        # Ctrl+Z / Ctrl+Shift+Z while the tool is the active window, as its questions promise.
        dialog.addActions([self.window.undo_action, self.window.redo_action])
        self.window.open_dialog(dialog)
        self.dialogs.append(dialog)

    def show_single(self, dialog_type: type[QDialog], make: Callable[[], QDialog]) -> QDialog:
        """A tool the table needs once (a session's state): raise the open one, else open it."""
        for dialog in self.dialogs:
            if isinstance(dialog, dialog_type):
                dialog.raise_()
                dialog.activateWindow()
                return dialog
        dialog = make()
        self.show_dialog(dialog)
        return dialog

    def close_dialogs(self) -> None:
        """Another campaign is opening: the open tools belong to the old one."""
        for dialog in list(self.dialogs):
            dialog.close()
            self._forget(dialog)

    def _forget(self, dialog: QDialog) -> None:
        if dialog in self.dialogs:
            self.dialogs.remove(dialog)
            dialog.deleteLater()

    def selected_of_system(self, no_selection: str, wrong_system: str) -> str | None:
        """The selected character if it belongs to this menu's system; else None after saying why."""
        window = self.window
        character_id = window.selected_or_refuse(no_selection)
        if character_id is None:
            return None
        if window.campaign_model.stored(character_id).system != self.system_id:
            show_refusal(window, wrong_system)
            return None
        return character_id
