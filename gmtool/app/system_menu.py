"""What each system's menu shares: running its creation wizard, keeping its tool dialogs open,
and refusing a tool for a character of another system."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QMenu, QWidget

from gmtool.views.widgets import show_refusal

if TYPE_CHECKING:
    from gmtool.app.services import AppServices
    from gmtool.views.wizard.creation_wizard import CreationWizard

D = TypeVar("D", bound=QDialog)


class SystemMenu(QObject):
    system_id = ""

    def __init__(self, services: AppServices) -> None:
        super().__init__(services.parent_widget)
        self.services = services

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

    def campaign_opened(self) -> None:
        """The window shows a campaign (the first, or another): answer what its models ask of the
        window (`services.campaign_model` is the new one)."""

    def window_closing(self) -> None:
        """The window is closing: let go of what the menu holds open."""

    def made_in(self) -> str:
        """Whose window a wizard runs in, for the creation record: the GM's or a player's."""
        from gmtool.rules.creation_record import MADE_IN_GM, MADE_IN_PLAYER

        return MADE_IN_GM if self.services.gm else MADE_IN_PLAYER

    def run_creation(self, wizard: CreationWizard) -> str | None:
        """Runs a creation wizard; selects and returns the new character, or None if cancelled.
        The wizard goes once it has closed: kept as a hidden child of the window, each one run
        stayed for the session, its model listening to the campaign."""
        try:
            finished = self.services.questions.run_wizard(wizard)
            created = wizard.created_id if finished else None
        finally:
            wizard.deleteLater()
        if created:
            self.services.select_character(created)
        return created

    def show_dialog(self, dialog: QDialog) -> None:
        """Opens one of the menu's tools beside the window (`AppServices.dialogs`)."""
        self.services.dialogs.show(dialog)

    def show_single(self, dialog_type: type[D], make: Callable[[], D]) -> D:
        """A tool the table needs once (a session's state): raise the open one, else open it."""
        return self.services.dialogs.show_single(dialog_type, make)

    def show_sheet_tool(self, dialog_type: type[D], make: Callable[[], D], sheet: QWidget) -> D:
        """A dialog a sheet opens (LotR's 回復・手当て…), docked at the bottom of the window as the
        trackers are (gmtool.app.tool_dock), one at a time.  It shows the sheet's models, which
        live as long as the sheet: it closes when the sheet goes (another character selected)."""
        services = self.services
        before = services.dialogs.find(dialog_type)
        dialog = services.dialogs.show_docked(
            dialog_type, make, services.main_window, f"{dialog_type.__name__}_dock"
        )
        if dialog is not before:
            sheet.destroyed.connect(dialog.reject)
        return dialog

    def selected_of_system(self, no_selection: str, wrong_system: str) -> str | None:
        """The selected character if it belongs to this menu's system; else None after saying why."""
        services = self.services
        character_id = services.selected_or_refuse(no_selection)
        if character_id is None:
            return None
        if services.campaign_model.stored(character_id).system != self.system_id:
            show_refusal(services.parent_widget, wrong_system)
            return None
        return character_id
