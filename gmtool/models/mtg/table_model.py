"""The MTGでTRPG table as Qt sees it: the turn, the boosts and checks made in it, and the virtual
libraries.  One JSON document in the campaign's session state (`table.SESSION_KEY`); every change
is one undo step and one log line.  Any number of these models may look at one campaign (the
panel, the library dialog, the sheet): they all re-read on `session_changed`.

A stored document that cannot be read is reported by `problem()` and shown; the next change
replaces it (Ctrl+Z brings it back).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_payload import summary_payload
from gmtool.models.session_document import SessionDocument
from gmtool.rules.dice import new_seed
from gmtool.rules.systems.mtg import library as lib
from gmtool.rules.systems.mtg.character import MTGCharacter
from gmtool.rules.systems.mtg.library import LibraryRefused, VirtualLibrary
from gmtool.rules.systems.mtg.procedure import deck_copies
from gmtool.rules.systems.mtg.table import (
    SESSION_KEY,
    MTGTable,
    TableRefused,
    end_turn,
    load_table,
    set_library,
    table_document,
)

SYSTEM_ID = "mtg"
LOG_KIND = "mtg.table"


class MTGTableModel(QObject):
    changed = Signal()

    def __init__(
        self,
        campaign_model: CampaignModel,
        seed_source: Callable[[], int] = new_seed,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self._seed_source = seed_source
        # Parsed once per change, not once per read (a 250-card library is a large document).
        self.document = SessionDocument(
            campaign_model,
            SESSION_KEY,
            load_table,
            table_document,
            self.tr("MTGでTRPG の卓の状態"),
            TableRefused,
            parent=self,
            errors=(ValidationError, ValueError, TypeError),
        )
        campaign_model.session_changed.connect(self._on_session_changed)
        campaign_model.characters_changed.connect(self.changed)
        campaign_model.character_changed.connect(self._on_character_changed)

    # ---- reading --------------------------------------------------------------------------
    def state(self) -> MTGTable:
        return self.document.read()[0]

    def problem(self) -> str | None:
        return self.document.read()[1]

    def decks(self) -> list[tuple[str, str]]:
        """(id, name) of the campaign's decks, in list order."""
        return [(s.id, s.character.name) for s in self.campaign_model.characters_of(SYSTEM_ID)]

    def deck(self, character_id: str) -> MTGCharacter:
        return self.campaign_model.character_as(character_id, MTGCharacter)

    def name(self, character_id: str) -> str:
        if not self.campaign_model.has_character(character_id):
            return self.tr("（削除されたキャラクター）")
        name: str = self.campaign_model.character(character_id).name  # any system's character has one
        return name

    def library(self, character_id: str) -> VirtualLibrary | None:
        return self.state().libraries.get(character_id)

    def library_outdated(self, character_id: str) -> bool:
        """The deck was edited since its virtual library was built (rebuild to follow it)."""
        library = self.library(character_id)
        if library is None or not self.campaign_model.has_character(character_id):
            return False
        return sorted(map(_copy_key, library.cards)) != sorted(
            map(_copy_key, deck_copies(self.deck(character_id)))
        )

    # ---- changing -------------------------------------------------------------------------
    def commit(self, new: MTGTable, undo_text: str, log_text: str, who: str = "", **extra: Any) -> None:
        """One undo step and one log line.  The document is read back before it is stored, so a
        state the reader would refuse never reaches the file."""
        self.document.write(new, undo_text)
        self.log(log_text, who, **extra)

    def log(self, text: str, who: str = "", dice: str = "", result: str = "", **extra: Any) -> None:
        self.campaign_model.append_log(LOG_KIND, summary_payload(SYSTEM_ID, text, who, dice, result, **extra))

    def new_rng(self) -> tuple[random.Random, int]:
        seed = self._seed_source()
        return random.Random(seed), seed

    def end_turn(self) -> None:
        """ターン終了（シーン終了）: boost cards back to the bottom, boost and repeat counts reset."""
        table = self.state()
        rng, seed = self.new_rng()
        returned = sum(len(lib_.exiled) for lib_ in table.libraries.values())
        new = end_turn(table, rng)
        text = self.tr("ターン {0} 終了").format(table.turn)
        result = self.tr("ターン {0} へ。ブーストで追放したカード {1} 枚をライブラリーの下へ").format(
            new.turn, returned
        )
        self.commit(new, text, text, result=result, seed=seed, action="end_turn")

    def start_library(self, character_id: str) -> None:
        """A virtual library of the deck, shuffled (also rebuilds one after the deck changed)."""
        deck = self.deck(character_id)
        if deck.size < 1:
            raise TableRefused(self.tr("「{0}」のデッキにカードがありません").format(deck.name))
        rng, seed = self.new_rng()
        library = lib.build_library(deck_copies(deck), rng)
        new = set_library(self.state(), character_id, library)
        text = self.tr("仮想ライブラリーを作る（{0}）").format(deck.name)
        self.commit(new, text, text, deck.name, result=self.tr("{0} 枚をシャッフル").format(deck.size),
                    seed=seed, action="start_library")  # fmt: skip

    def remove_library(self, character_id: str) -> None:
        if self.library(character_id) is None:
            return
        text = self.tr("仮想ライブラリーをやめる（{0}）").format(self.name(character_id))
        self.commit(set_library(self.state(), character_id, None), text, text, self.name(character_id))

    def change_library(
        self,
        character_id: str,
        operation: Callable[[VirtualLibrary, random.Random], VirtualLibrary],
        text: str,
        result: str = "",
    ) -> VirtualLibrary:
        """Any library operation as one undo step; LibraryRefused/TableRefused carry the reason."""
        library = self.library(character_id)
        if library is None:
            raise TableRefused(
                self.tr("「{0}」には仮想ライブラリーがありません").format(self.name(character_id))
            )
        rng, seed = self.new_rng()
        try:
            changed = operation(library, rng)
        except LibraryRefused as refused:
            raise TableRefused(str(refused)) from None
        self.commit(set_library(self.state(), character_id, changed), text, text, self.name(character_id),
                    result=result, seed=seed)  # fmt: skip
        return changed

    # ---- the library dialog's moves: each one undo step and one log line ----------------------
    def shuffle(self, character_id: str) -> None:
        self.change_library(character_id, lib.shuffle, self.tr("ライブラリーをシャッフル"))

    def return_all(self, character_id: str) -> None:
        """Hand, graveyard and exile back into the library, shuffled."""
        text = self.tr("すべてのカードをライブラリーに戻してシャッフル")
        self.change_library(character_id, lib.return_all, text)

    def draw(self, character_id: str, count: int) -> None:
        text = self.tr("{0} 枚引く").format(count)
        self.change_library(character_id, lambda library, _rng: lib.draw(library, count), text)

    def mill(self, character_id: str, count: int) -> None:
        text = self.tr("上から {0} 枚を墓地へ").format(count)
        self.change_library(character_id, lambda library, _rng: lib.mill(library, count), text)

    def look_at_top(self, character_id: str, count: int) -> None:
        """The player looks at the top cards: they know them (and the odds do) from now on."""
        text = self.tr("上から {0} 枚を見る").format(count)
        self.change_library(character_id, lambda library, _rng: lib.look_at_top(library, count), text)

    def put_on_bottom(self, character_id: str, instance: int) -> None:
        """A card of the hand or the graveyard to the bottom of the library."""
        text = self.tr("カードをライブラリーの下へ")
        self.change_library(character_id, lambda library, _rng: lib.put_on_bottom(library, instance), text)

    def _on_session_changed(self, key: str) -> None:
        if key == SESSION_KEY:
            self.changed.emit()

    def _on_character_changed(self, character_id: str) -> None:
        if not self.campaign_model.of_another_system(character_id, SYSTEM_ID):
            self.changed.emit()


def _copy_key(card: Any) -> tuple[str, bool, Any]:
    return card.card.name, card.critical, card.card
