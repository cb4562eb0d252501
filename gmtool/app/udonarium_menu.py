"""The キャラクター menu's Udonarium exports: the selected character, or every character of the
campaign, as the ZIP an Udonarium room takes by drag and drop (gmtool.store.udonarium).  The battle
tracker saves its participants itself (BattleDialog, through BattleModel).

Built by `ExportActions.build` (gmtool.app.export_menu), right after the CCFolia actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMenu

from gmtool.file_names import with_suffix
from gmtool.views.widgets import show_refusal, show_unwritable

if TYPE_CHECKING:
    from gmtool.app.services import AppServices


class UdonariumActions(QObject):
    def __init__(self, services: AppServices) -> None:
        super().__init__(services.parent_widget)
        self.services = services

    def build(self, menu: QMenu) -> None:
        services = self.services
        menu.addAction(services.make_action(self.tr("Udonarium 形式で保存…"), self.save_selected))
        menu.addAction(services.make_action(self.tr("全キャラクターを Udonarium 形式で保存…"), self.save_all))

    def save_selected(self) -> Path | None:
        """Saves the selected character; returns the path written (None: refused or cancelled)."""
        character_id = self.services.selected_or_refuse(
            self.tr("Udonarium 形式で保存するキャラクターを選んでください")
        )
        if character_id is None:
            return None
        stored = self.services.campaign_model.stored(character_id)
        return self._save(
            [(stored.system, stored.id, stored.character)], stored.character.name or "character"
        )

    def save_all(self) -> Path | None:
        """Saves every character of the campaign into one ZIP (one XML each)."""
        everyone = [(s.system, s.id, s.character) for s in self.services.campaign_model.characters()]
        if not everyone:
            show_refusal(self.services.parent_widget, self.tr("キャンペーンにキャラクターがいません"))
            return None
        return self._save(everyone, self.tr("キャラクター"))

    def _save(self, characters: Sequence[tuple[str, str, Any]], title: str) -> Path | None:
        from gmtool.app.systems import hooks_for
        from gmtool.store.udonarium import (
            NO_SESSION,
            SUFFIX,
            character_to_udonarium,
            suggested_file_name,
            write_udonarium,
        )

        campaign_model = self.services.campaign_model
        path = self.services.questions.ask_save_path(
            self.tr("Udonarium 形式で保存"), self.tr("Udonarium の ZIP (*.zip)"), suggested_file_name(title)
        )
        if not path:
            return None
        path = with_suffix(path, SUFFIX)
        try:
            exported = []
            for system_id, character_id, character in characters:
                # What the campaign's session adds (千幻抄's 幻想値, 縁故 and 幻想能力).
                sheet = hooks_for(system_id).session_sheet
                session = sheet(campaign_model, character_id) if sheet is not None else NO_SESSION
                exported.append(character_to_udonarium(system_id, character, session))
            written = write_udonarium(path, exported)
        except OSError as error:
            show_unwritable(self.services.parent_widget, error)
            return None
        except ValueError as refusal:
            show_refusal(self.services.parent_widget, str(refusal))
            return None
        self.services.status_bar.showMessage(
            self.tr("{0} 人を {1} に書き出しました（Udonarium のルームにドラッグ＆ドロップできます）").format(
                len(exported), path
            ),
            5000,
        )
        return written
