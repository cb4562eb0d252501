"""The session log's sessions, scenarios and days, found once per campaign and shared by the log
export (ファイル → セッションログを書き出す) and the log window's セッション filter.

Finding them reads the whole log (`gmtool.store.log_spans.scan`; 200 000 lines take a second or
two), so it is done when first asked for and kept with the campaign model
(`log_sessions(campaign_model)`, one per model).  The window asks with `request()`: the log is read
in a thread of its own (`log_scan_thread`) while the window stays usable, `progressed(done, total)`
says how far it is, `cancel()` stops it (nothing kept, asked again later), and `changed` says when
the spans are there.  From then on a line logged is added as it comes, without reading the log
(`log_spans.follow`); lines logged unseen in between — during the scan too — are read then, and only
those.  A refused step takes its lines back (`log_reset`): the spans are forgotten, and read again
in the background when they had been asked for.  `sessions()` and `spans()` read on the caller's
thread (the export's own progress dialog, scripts and tests).
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_scan_thread import LogScanThread, start_kept
from gmtool.store.campaign import LogEntry
from gmtool.store.errors import CampaignError
from gmtool.store.log_spans import LogSpans, Span, follow, scan


class LogSessions(QObject):
    """One campaign model's log spans, read once; a child of the campaign model."""

    changed = Signal()  # the spans found, a line logged into them, or the spans forgotten
    progressed = Signal(int, int)  # the background scan's lines read and lines to read
    scanning_changed = Signal(bool)  # a background scan began (True) or ended (False)

    def __init__(self, campaign_model: CampaignModel) -> None:
        super().__init__(campaign_model)
        self._campaign_model = campaign_model
        self._spans: LogSpans | None = None
        self._thread: LogScanThread | None = None
        self._wanted = False  # asked for once: read again in the background after a reset
        self.progress = (0, 0)  # the running scan's (done, total)
        self.problem: str | None = None  # why the sessions could not be read (a Message)
        campaign_model.log_appended.connect(self._on_appended)
        campaign_model.log_reset.connect(self._forget)

    @property
    def known(self) -> bool:
        """The log has been read (asking for the spans now reads nothing, or only new lines)."""
        return self._spans is not None

    @property
    def scanning(self) -> bool:
        """A background scan is running (`request`)."""
        return self._thread is not None

    def request(self) -> None:
        """The spans wanted: read in the background unless known or being read; `changed` when
        they are there, `problem` set when they cannot be."""
        self._wanted = True
        if self._spans is not None or self._thread is not None:
            return
        campaign = self._campaign_model.campaign
        if campaign.detached is not None or not campaign.path.is_file():
            self.sessions()  # no file of its own to read in another thread: what the window has
            self.changed.emit()
            return
        thread = LogScanThread(campaign.path, None)
        thread.progressed.connect(self._on_progressed)
        thread.found.connect(self._on_found)
        thread.failed.connect(self._on_failed)
        self._thread, self.progress, self.problem = thread, (0, 0), None
        self.destroyed.connect(thread.cancel)  # the window closed: the thread stops at its next page
        start_kept(thread)
        self.scanning_changed.emit(True)

    def cancel(self) -> None:
        """Stops the background scan: nothing is kept, the next `request` reads the log again."""
        thread = self._thread
        if thread is not None:
            thread.cancel()
            self._end_scan()

    def spans(self, progress: Callable[[int, int], bool] | None = None) -> LogSpans:
        """The spans, up to date: the log read the first time, then only the lines added since.
        `progress(done, total)` returning False stops with `Cancelled` (the kept spans unchanged).
        A copy, which the caller may keep while the log grows (the export dialog's choice)."""
        self._spans = scan(self._campaign_model.campaign, progress, self._spans)
        return copy.deepcopy(self._spans)

    def sessions(self) -> list[Span]:
        """The sessions, oldest first, the log read if it has not been yet (none when it cannot be:
        `problem` says why); each is the kept span, which a line logged later may extend: read it
        now, do not keep it."""
        if self._spans is None:
            try:
                self._spans = scan(self._campaign_model.campaign)
            except CampaignError as error:  # its message names the file and the problem
                self.problem = error.args[0] if error.args else str(error)
                return []
            self.problem = None
        return list(self._spans.sessions)

    def ids_of(self, number: int) -> tuple[int, int | None] | None:
        """Session `number`'s lines (first id, last id) for the log filter, the last None for the
        newest session, whose lines are still to come; None when there is no such session."""
        sessions = self.sessions()
        if not 1 <= number <= len(sessions):
            return None
        span = sessions[number - 1]
        return span.first_id, None if number == len(sessions) else span.last_id

    def label(self, span: Span) -> str:
        """「セッション 3（11/20 19:02〜23:40、312行）」"""
        lines = self.tr("1行") if span.lines == 1 else self.tr("{0:,}行").format(span.lines)
        if span.start is None or span.end is None:
            return self.tr("セッション {0}（{1}）").format(span.number, lines)
        start = f"{span.start.month}/{span.start.day} {span.start:%H:%M}"
        end = f"{span.end:%H:%M}"
        if span.end.date() != span.start.date():
            end = f"{span.end.month}/{span.end.day} {end}"
        when = self.tr("{0}〜{1}").format(start, end)
        return self.tr("セッション {0}（{1}、{2}）").format(span.number, when, lines)

    def _on_appended(self, entry: LogEntry) -> None:
        if self._spans is None:
            return  # nobody has asked yet: nothing to keep up to date
        if not follow(self._spans, entry):
            try:  # lines logged unseen in between (another program's): read them
                self._spans = scan(self._campaign_model.campaign, None, self._spans)
            except CampaignError:
                self._spans = None  # read again when next asked for, and the problem said then
        self.changed.emit()

    def _on_progressed(self, done: int, total: int) -> None:
        if self.sender() is self._thread:
            self.progress = (done, total)
            self.progressed.emit(done, total)

    def _on_found(self, spans: LogSpans) -> None:
        if self.sender() is not self._thread:
            return  # cancelled, or the log reset meanwhile: a reading of the file as it was
        try:  # the lines logged during the scan (they were not followed): only those
            self._spans = scan(self._campaign_model.campaign, None, spans)
        except CampaignError as error:
            self.problem = error.args[0] if error.args else str(error)
        self._end_scan()
        self.changed.emit()

    def _on_failed(self, problem: str) -> None:
        if self.sender() is self._thread:
            self.problem = problem
            self._end_scan()
            self.changed.emit()

    def _end_scan(self) -> None:
        self._thread, self.progress = None, (0, 0)
        self.scanning_changed.emit(False)

    def _forget(self) -> None:
        self._spans = None
        if self._thread is not None:
            self._thread.cancel()
            self._end_scan()
        if self._wanted:
            self.request()  # read again in the background; `changed` when done
        self.changed.emit()


def log_sessions(campaign_model: CampaignModel) -> LogSessions:
    """The campaign model's one LogSessions (made on first use)."""
    found = campaign_model.findChild(LogSessions, "", Qt.FindChildOption.FindDirectChildrenOnly)
    return found if found is not None else LogSessions(campaign_model)
