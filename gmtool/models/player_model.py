"""A player's character creation, without a campaign to understand.

Behind the player's window sits a throwaway campaign in a temporary folder: the systems' wizards
write into a campaign as they do for the GM, the GM's rule data file (ルールデータを読み込む…) is read
into it so the wizards see the GM's catalogs and tables, and the finished character is saved as a
``.gmchar.json`` to send to the GM.  `close()` removes the folder: nothing is left on disk.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from gmtool.file_names import with_suffix
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.rule_data_model import labels_of, put_rule_data, read_rule_data
from gmtool.models.system_names import system_choices
from gmtool.store.campaign import Campaign
from gmtool.store.exchange import SUFFIX, export_character

FOLDER_PREFIX = "gmtool-player-"


class PlayerModel(QObject):
    changed = Signal()  # rule data read, a character made or saved

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # Named after the process: a window killed before its clean-up leaves a folder the next
        # player's start removes (gmtool.app.gui).
        prefix = f"{FOLDER_PREFIX}{os.getpid()}-"
        self._folder: tempfile.TemporaryDirectory[str] | None = tempfile.TemporaryDirectory(prefix=prefix)
        self.campaign_model = CampaignModel(
            Campaign.create(Path(self._folder.name) / "player.gmcampaign"), self
        )
        self.rule_file: Path | None = None  # the GM's rule data file read, if any
        self.rule_labels: list[str] = []  # what it held (Messages)
        self.created_id: str | None = None  # the character made last
        self.saved_path: Path | None = None  # where it was saved, once it was

    @property
    def folder(self) -> Path | None:
        """The temporary folder of the campaign behind the window (None once closed)."""
        return Path(self._folder.name) if self._folder is not None else None

    def systems(self) -> list[tuple[str, str]]:
        """(system id, its name) of every system, in the registry's order."""
        return system_choices()

    def load_rule_data(self, path: str | os.PathLike[str]) -> None:
        """Reads the GM's rule data file: the wizards play it from now on.  RulesFileError naming
        the fault, and nothing changed, when the file is not one."""
        values = read_rule_data(path)
        put_rule_data(self.campaign_model, values, self.tr("ルールデータの読み込み"))
        self.rule_file, self.rule_labels = Path(path), labels_of(values)
        self.changed.emit()

    def created(self, character_id: str | None) -> None:
        """A wizard finished (its character's id) or was cancelled (None: nothing changes)."""
        if character_id is None:
            return
        self.created_id, self.saved_path = character_id, None
        self.changed.emit()

    def created_name(self) -> str:
        if self.created_id is None:
            return ""
        return str(getattr(self.campaign_model.character(self.created_id), "name", ""))

    def suggested_file_name(self) -> str:
        return f"{self.created_name() or 'character'}{SUFFIX}"

    def save(self, path: str) -> Path:
        """Saves the character made last as a ``.gmchar.json`` (the suffix added when missing);
        ExchangeError when it cannot be written."""
        assert self.created_id is not None, "nothing made to save"
        target = Path(with_suffix(path, SUFFIX))
        stored = self.campaign_model.stored(self.created_id)
        creation = self.campaign_model.creation_record(self.created_id)
        export_character(target, stored.system, stored.character, creation)
        self.saved_path = target
        self.changed.emit()
        return target

    def close(self) -> None:
        """Lets go of the throwaway campaign and removes its folder."""
        if self._folder is None:
            return
        self.campaign_model.flush()
        self.campaign_model.undo_stack.clear()  # its steps hold the model: freed while it lives
        self.campaign_model.campaign.close()
        self._folder.cleanup()
        self._folder = None
