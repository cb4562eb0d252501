"""The MTG card database as the windows see it: lookups, manual entries, and a card-file import that
runs off the UI thread with progress and Cancel.

The database file is opened on first use, so a table that never plays MTGでTRPG never touches it.
The import works on its own connection in a worker thread (SQLite connections belong to the thread
that made them); the store makes the import one transaction, so a failure or a cancel leaves the
cache as it was, and this model only reports what happened.
"""

from __future__ import annotations

import atexit
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QObject, QThread, Signal

from gmtool.rules.message import Message
from gmtool.rules.systems.mtg.cards import Card
from gmtool.store.errors import StoreError as StoreError
from gmtool.store.mtg.bundled import bundled_meta
from gmtool.store.mtg.database import CardDatabase, CardDatabaseError, default_card_cache_path

# Re-exported for the card windows, which never import gmtool.store: what a finished import reports,
# the error every lookup, entry or import may raise (it names the file and the fault), and the
# wording of a schema's refusal of a card entered by hand.
from gmtool.store.mtg.importers import (
    UNCHANGED,
    CardImportError,
    ImportCancelled,
    ImportSummary as ImportSummary,
    import_card_file,
)

if TYPE_CHECKING:
    from gmtool.models.mtg.card_entry_model import MTGCardEntryModel

# How long closing waits for a cancelled import to roll back: the store polls the cancel every
# 0.05 s, so it is gone in a fraction of this; past it the thread is left to end on its own.
STOP_WAIT_MS = 5_000
# Import threads still running after their job let go of them (a window closed meanwhile): kept
# here, not destroyed under the running thread (Qt aborts the program for that), until they end.
_LEFT_RUNNING: set[QThread] = set()


@atexit.register
def _wait_left_running() -> None:
    """At exit, after the windows are gone: the cancelled imports end before Python does."""
    for thread in list(_LEFT_RUNNING):
        if _running(thread):
            thread.wait()


class CardDatabaseModel(QObject):
    changed = Signal()  # cards were added, replaced or removed
    # True before the first open builds the cache from the shipped table (a second or two), False
    # after: the window shows a wait cursor and says why it pauses.
    preparing = Signal(bool)

    def __init__(self, path: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path = path or default_card_cache_path()
        self._database: CardDatabase | None = None
        self.job: CardImportJob | None = None

    def database(self) -> CardDatabase:
        """The open database; `CardDatabaseError` (with the reason) when the file cannot be used."""
        if self._database is None:
            building = not self.path.exists()
            if building:
                self.preparing.emit(True)
            try:
                self._database = CardDatabase.open(self.path)
            finally:
                if building:
                    self.preparing.emit(False)
        return self._database

    def find(self, name: str) -> Card | None:
        return self.database().find(name)

    def search(self, text: str, limit: int = 30) -> list[Card]:
        return self.database().search(text, limit) if text.strip() else []

    def count(self) -> int:
        return self.database().count()

    def imports(self) -> list[Any]:
        return self.database().imports()

    def shipped_data(self) -> dict[str, Any]:
        """Where the card table shipped with gmtool comes from: source, source_date, licence, cards,
        cards_ja ({} when it cannot be read: the dialog then says nothing about it)."""
        try:
            return bundled_meta()
        except StoreError:
            return {}

    def _refuse_while_importing(self) -> None:
        # The import holds the write lock until it commits: waiting for it would freeze the window.
        if self.job is not None and self.job.running:
            busy = self.tr("カードファイルを読み込んでいます。終わってから、もう一度してください")
            raise CardDatabaseError(busy, self.path)

    def card_entry(self) -> MTGCardEntryModel:
        """A card to type in by hand, told which names this database already has."""
        from gmtool.models.mtg.card_entry_model import MTGCardEntryModel

        return MTGCardEntryModel(self.find)

    def add_manual(self, card: Card) -> None:
        self._refuse_while_importing()
        self.database().add_manual(card)
        self.changed.emit()

    def manual_cards(self) -> list[Card]:
        return self.database().manual_cards()

    def remove_manual(self, name: str) -> None:
        self._refuse_while_importing()
        if self.database().remove_manual(name):
            self.changed.emit()

    def close(self) -> None:
        """Cancels a running import (waiting briefly for its rollback) and closes the database."""
        if self.job is not None:
            self.job.stop()
        if self._database is not None:
            self._database.close()
            self._database = None

    def rebuild(self) -> Path:
        """A damaged cache set aside (renamed, not deleted) and a new one made from the sample.

        The cache holds nothing that cannot be imported again, except the player's own entries:
        the old file is kept beside the new one, its name returned, so nothing is lost for good.
        """
        if self._database is not None:
            self._database.close()
            self._database = None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        for suffix in ("", "-wal", "-shm"):
            part = self.path.with_name(self.path.name + suffix)
            if part.exists():
                part.rename(aside.with_name(aside.name + suffix))
        self.database()
        self.changed.emit()
        return aside

    def start_import(self, file: Path) -> CardImportJob:
        """Starts importing a card file; the job reports progress and its end."""
        if self.job is not None and self.job.running:
            busy = self.tr("別のカードファイルを読み込んでいます。終わるまで待つか、キャンセルしてください")
            raise CardImportError(busy)
        self.database()  # a damaged cache is reported now, before any work starts
        self.job = CardImportJob(self.path, file, self)
        self.job.succeeded.connect(lambda _summary: self.changed.emit())
        self.job.start()
        return self.job


class _ImportThread(QThread):
    progressed = Signal(int, int)

    def __init__(self, database_path: Path, file: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.database_path, self.file = database_path, file
        self.cancel_requested = threading.Event()
        self.outcome: tuple[str, Any] = ("failed", "")

    def run(self) -> None:
        try:
            with CardDatabase.open(self.database_path) as database:
                summary = import_card_file(
                    database, self.file, progress=self.progressed.emit, cancelled=self.cancel_requested.is_set
                )
        except ImportCancelled:
            self.outcome = ("cancelled", None)
        except (CardImportError, CardDatabaseError) as error:
            self.outcome = ("failed", str(error))
        except OSError as error:
            self.outcome = ("failed", Message("「{0}」: {1}", self.file.name, error.strerror or error))
        except MemoryError:  # a file no bound above foresaw: said, never a thread dying in silence
            problem = Message("{0}。{1}", Message("メモリが足りません"), UNCHANGED)
            self.outcome = ("failed", Message("「{0}」: {1}", self.file.name, problem))
        else:
            self.outcome = ("done", summary)


class CardImportJob(QObject):
    """One card-file import.  Exactly one of succeeded / failed / cancelled is emitted at its end."""

    progressed = Signal(int, int)  # bytes read, bytes in all
    succeeded = Signal(object)  # the store's ImportSummary
    failed = Signal(object)  # a Message stays one (a str signal would copy it to a plain str)
    cancelled = Signal()

    def __init__(self, database_path: Path, file: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.file = file
        # No Qt parent: destroying the job (its window closed) must not destroy a running thread.
        self._thread = _ImportThread(database_path, file)
        self._thread.progressed.connect(self.progressed)
        self._thread.finished.connect(self._finished)
        self.running = False
        thread = self._thread
        self.destroyed.connect(lambda *_: _keep_until_finished(thread))

    def start(self) -> None:
        self.running = True
        self._thread.start()

    def cancel(self) -> None:
        self._thread.cancel_requested.set()

    def wait(self, milliseconds: int | None = None) -> bool:
        """Whether the thread has ended within ``milliseconds`` (STOP_WAIT_MS by default)."""
        return self._thread.wait(STOP_WAIT_MS if milliseconds is None else milliseconds)

    def stop(self, milliseconds: int | None = None) -> bool:
        """Cancel, and wait briefly for the rollback; a thread still running is kept until it ends."""
        self.cancel()
        if self.wait(milliseconds):
            return True
        _keep_until_finished(self._thread)
        return False

    def _finished(self) -> None:
        self.running = False
        kind, value = self._thread.outcome
        if kind == "done":
            self.succeeded.emit(value)
        elif kind == "cancelled":
            self.cancelled.emit()
        else:
            self.failed.emit(value)


def _keep_until_finished(thread: QThread) -> None:
    """Holds ``thread`` while it runs.  Threads that have ended are let go here, on the UI thread: a
    thread must never drop the last reference to itself from its own ``finished``."""
    _LEFT_RUNNING.difference_update([t for t in _LEFT_RUNNING if not _running(t)])
    if _running(thread):
        _LEFT_RUNNING.add(thread)


def _running(thread: QThread) -> bool:
    return shiboken6.isValid(thread) and thread.isRunning()  # its C++ side may be gone already
