"""The session log's sessions, scenarios and days, found once per campaign and shared by the log
export (ファイル → セッションログを書き出す) and the log window's セッション filter.

Finding them reads the whole log (`gmtool.store.log_spans.scan`; 200 000 lines take seconds), so it
is done when first asked for and kept with the campaign model (`log_sessions(campaign_model)`, one
per model).  From then on a line logged is added as it comes, without reading the log
(`log_spans.follow`); lines logged unseen in between are read then, and only those.  A refused step
takes its lines back (`log_reset`): the spans are forgotten and the next ask reads the log again.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.store.campaign import LogEntry
from gmtool.store.errors import CampaignError
from gmtool.store.log_spans import LogSpans, Span, follow, scan


class LogSessions(QObject):
    """One campaign model's log spans, read once; a child of the campaign model."""

    changed = Signal()  # a line logged into the spans, or the spans forgotten (read again when asked)

    def __init__(self, campaign_model: CampaignModel) -> None:
        super().__init__(campaign_model)
        self._campaign_model = campaign_model
        self._spans: LogSpans | None = None
        self.problem: str | None = None  # why the sessions could not be read (a Message)
        campaign_model.log_appended.connect(self._on_appended)
        campaign_model.log_reset.connect(self._forget)

    @property
    def known(self) -> bool:
        """The log has been read (asking for the spans now reads nothing, or only new lines)."""
        return self._spans is not None

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

    def _forget(self) -> None:
        self._spans = None
        self.changed.emit()


def log_sessions(campaign_model: CampaignModel) -> LogSessions:
    """The campaign model's one LogSessions (made on first use)."""
    found = campaign_model.findChild(LogSessions, "", Qt.FindChildOption.FindDirectChildrenOnly)
    return found if found is not None else LogSessions(campaign_model)
