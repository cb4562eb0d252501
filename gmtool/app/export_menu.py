"""The キャラクター menu's exports for online play: the BCDice chat palette and CCFolia's
clipboard JSON of the selected character, and the battle tracker's participants for CCFolia.

Installed from outside the main window (`install_export_actions(services)`), it adds its actions
to the window's キャラクター menu.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu

from gmtool.app.services import MenuId
from gmtool.views.widgets import show_refusal, show_unwritable

if TYPE_CHECKING:
    from gmtool.app.services import AppServices
    from gmtool.app.udonarium_menu import UdonariumActions
    from gmtool.models.battle_model import BattleModel

PALETTE_SHORTCUT = "Ctrl+Shift+C"
CCFOLIA_SHORTCUT = "Ctrl+Shift+X"  # eXport; Ctrl+Shift+E is the PDF export, Ctrl+Shift+S Save As


def copy_text(text: str) -> None:
    QGuiApplication.clipboard().setText(text)


class ExportActions(QObject):
    def __init__(self, services: AppServices) -> None:
        super().__init__(services.parent_widget)
        self.services = services
        self.udonarium: UdonariumActions | None = None  # made by `build`

    def build(self, menu: QMenu) -> None:
        services = self.services
        menu.addSeparator()
        for text, slot, shortcut in (
            (self.tr("チャットパレットをコピー"), self.copy_palette, PALETTE_SHORTCUT),
            (self.tr("チャットパレットを表示…"), self.show_palette, None),
            (self.tr("CCFolia 形式でコピー"), self.copy_ccfolia, CCFOLIA_SHORTCUT),
            (self.tr("CCFolia 形式で保存…"), self.save_ccfolia, None),
        ):
            menu.addAction(services.make_action(text, slot, shortcut))
        from gmtool.app.udonarium_menu import UdonariumActions  # the Udonarium ZIPs, after CCFolia

        self.udonarium = UdonariumActions(services)
        self.udonarium.build(menu)

    # ---- the selected character ------------------------------------------------------------
    def _selected(self, refusal: str) -> tuple[str, Any] | None:
        """(system id, character) of the selected character, or None after saying why not."""
        character_id = self.services.selected_or_refuse(refusal)
        if character_id is None:
            return None
        stored = self.services.campaign_model.stored(character_id)
        return stored.system, stored.character

    def _palette(self, refusal: str) -> tuple[Any, list[str]] | None:
        selected = self._selected(refusal)
        if selected is None:
            return None
        system_id, character = selected
        from gmtool.rules.palette import palette_lines, rolls_no_dice  # loaded when first used

        if rolls_no_dice(system_id):
            show_refusal(
                self.services.parent_widget,
                self.tr(
                    "MTGでTRPGの行動判定はライブラリーのカードを公開して行い、ダイスを振らないため、"
                    "チャットパレットはありません"
                ),
            )
            return None
        return character, palette_lines(system_id, character)

    def copy_palette(self) -> str | None:
        """Copies the selected character's palette; returns the text copied."""
        found = self._palette(self.tr("チャットパレットをコピーするキャラクターを選んでください"))
        if found is None:
            return None
        character, lines = found
        text = "\n".join(lines)
        copy_text(text)
        self.services.status_bar.showMessage(
            self.tr("「{0}」のチャットパレット（{1} 行）をコピーしました").format(character.name, len(lines)),
            5000,
        )
        return text

    def show_palette(self) -> None:
        from gmtool.views.palette_dialog import PaletteDialog

        found = self._palette(self.tr("チャットパレットを表示するキャラクターを選んでください"))
        if found is None:
            return
        character, lines = found
        title = self.tr("チャットパレット — {0}").format(character.name)
        variable = self.tr("名前")  # the palette's own word for a variable, in the UI language
        note = self.tr("{0} は前半の //{1}=値 の行の値に置き換わります（CCFolia、BCDice 互換）").format(
            "{" + variable + "}", variable
        )
        dialog = PaletteDialog("\n".join(lines), title, note, self.services.parent_widget)
        self.services.questions.open_dialog(dialog)

    def copy_ccfolia(self) -> str | None:
        """Copies the selected character as CCFolia clipboard JSON; returns the text copied."""
        selected = self._selected(self.tr("CCFolia 形式でコピーするキャラクターを選んでください"))
        if selected is None:
            return None
        system_id, character = selected
        from gmtool.store.ccfolia import character_to_ccfolia, dumps

        text = dumps(character_to_ccfolia(system_id, character))
        copy_text(text)
        self.services.status_bar.showMessage(
            self.tr("「{0}」を CCFolia 形式でコピーしました（CCFolia の盤面に貼り付けられます）").format(
                character.name
            ),
            5000,
        )
        return text

    def save_ccfolia(self) -> Path | None:
        selected = self._selected(self.tr("CCFolia 形式で保存するキャラクターを選んでください"))
        if selected is None:
            return None
        system_id, character = selected
        from gmtool.store.ccfolia import SUFFIX, character_to_ccfolia, write_ccfolia

        suggested = f"{character.name or 'character'}{SUFFIX}"
        path = self.services.questions.ask_save_path(
            self.tr("CCFolia 形式で保存"), self.tr("CCFolia キャラクター (*.ccfolia.json *.json)"), suggested
        )
        if not path:
            return None
        if not path.lower().endswith(".json"):  # any JSON name the user chose, else ours
            path += SUFFIX
        try:
            written = write_ccfolia(path, character_to_ccfolia(system_id, character))
        except OSError as error:
            show_unwritable(self.services.parent_widget, error)
            return None
        self.services.status_bar.showMessage(self.tr("{0} に書き出しました").format(path), 5000)
        return written


def install_export_actions(services: AppServices) -> ExportActions:
    """Adds the export actions to the window's キャラクター menu, once: a second call returns the
    installed ones (a child of the window)."""
    installed = services.parent_widget.findChild(ExportActions)
    if installed is not None:
        return installed
    actions = ExportActions(services)
    actions.build(services.menu(MenuId.CHARACTER))
    return actions


# ---- the battle tracker ------------------------------------------------------------------------


def encounter_ccfolia(model: BattleModel, include_hidden: bool = False) -> list[dict[str, Any]]:
    """The current encounter's participants as CCFolia characters; hidden ones only on request."""
    return model.exports.ccfolia_encounter(include_hidden)


def copy_encounter_to_ccfolia(model: BattleModel, include_hidden: bool = False) -> int:
    """Copies the participants as a JSON list (for a file or a tool that reads many; CCFolia itself
    pastes one character at a time: `copy_participant_to_ccfolia`).  Returns how many; raises
    ValueError with the reason when there is nobody to copy."""
    text, count = model.exports.ccfolia_encounter_text(include_hidden)
    copy_text(text)
    return count


def copy_participant_to_ccfolia(model: BattleModel, participant_id: str, include_hidden: bool = False) -> str:
    """Copies one participant as CCFolia clipboard JSON; a hidden one only with `include_hidden`."""
    text = model.exports.ccfolia_participant_text(participant_id, include_hidden)
    copy_text(text)
    return text
