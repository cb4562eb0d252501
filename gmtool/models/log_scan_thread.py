"""The session scan of a long log, and the check of the log's table, in threads of their own, so the
window stays usable meanwhile.

SQLite's connections belong to the thread that made them: the thread reads through a read-only
connection of its own (`log_spans.LogReader`), which sees what the window has committed.  It
reports its progress a page at a time (`progressed(done, total)`) and stops at the next page when
cancelled; it hands back the spans it found (`found`), or why it could not (`failed`, a Message), or
nothing when cancelled.  The spans it was given are copied first: the caller's stay as they were.

Opening a campaign checks every table but the log (`validation.check_gmtool_database`'s `deferred`):
`LogCheckThread` runs SQLite's check of the log's table after the window is up, and says what is
wrong if it finds damage.  `start_kept` keeps each thread until it ends (a QThread must not be
deleted while it runs) and stops them all before the program quits.
"""

from __future__ import annotations

import copy
import threading
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal

from gmtool.store.errors import CampaignError
from gmtool.store.log_spans import Cancelled, LogReader, LogSpans, scan
from gmtool.store.validation import check_table

_RUNNING: set[QThread] = set()


def start_kept(thread: QThread) -> None:
    """Starts `thread`, kept until it has finished, and waited for before the program quits."""
    _RUNNING.add(thread)
    thread.finished.connect(lambda: _RUNNING.discard(thread))
    thread.finished.connect(thread.deleteLater)
    app = QCoreApplication.instance()
    if app is not None and not app.property("gmtool_stops_threads"):
        app.setProperty("gmtool_stops_threads", True)
        app.aboutToQuit.connect(stop_all)
    thread.start()


def stop_all() -> None:
    """Cancels every kept thread that can be (a scan stops at its next page) and waits for each."""
    for thread in list(_RUNNING):
        if isinstance(thread, LogScanThread):
            thread.cancel()
        thread.wait()
        _RUNNING.discard(thread)


class LogCheckThread(QThread):
    """SQLite's check of the log's table, which opening the campaign left for later."""

    failed = Signal(
        object
    )  # what is wrong (a Message naming the file: a str signal would copy it to plain text)
    passed = Signal()  # the log's table is intact
    counted = Signal(int, int)  # the log's lines and its last id (the table's rows, counted later)

    def __init__(self, path: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._path = path

    def run(self) -> None:
        try:
            reader = LogReader(self._path)
            try:
                count, _first, last = reader.log_span()
            finally:
                reader.close()
            self.counted.emit(count, last)
            check_table(self._path, "log", CampaignError)
        except CampaignError as error:
            self.failed.emit(error.args[0] if error.args else str(error))
        else:
            self.passed.emit()


class LogScanThread(QThread):
    progressed = Signal(int, int)  # lines read, lines to read
    found = Signal(object)  # the LogSpans, up to date with the file as the scan began
    failed = Signal(object)  # why the log could not be read (a Message, kept one for the UI language)

    def __init__(self, path: Path, spans: LogSpans | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._path = path
        self._spans = copy.deepcopy(spans)
        self._stop = threading.Event()

    def cancel(self) -> None:
        """Stops at the next page (nothing is found)."""
        self._stop.set()

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    def run(self) -> None:
        try:
            reader = LogReader(self._path)
        except CampaignError as error:
            self.failed.emit(error.args[0] if error.args else str(error))
            return
        try:
            spans = scan(reader, self._progress, self._spans)
        except Cancelled:
            return
        except CampaignError as error:  # its message names the file and the problem
            self.failed.emit(error.args[0] if error.args else str(error))
            return
        finally:
            reader.close()
        self.found.emit(spans)

    def _progress(self, done: int, total: int) -> bool:
        self.progressed.emit(done, total)
        return not self._stop.is_set()
