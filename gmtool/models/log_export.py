"""The session log for sharing: which lines, in the words the log window uses, with their odds.

A line reads as the log table shows it (`LogTableModel`'s own text functions), so the page says
what the window said; the odds are the exact probability gmtool computed for the roll, where its
payload keeps one.  Left out: a secret roll (its result appears where the GM revealed it — the
reveal is its own line), a line whose step was undone, and a line that cannot be read.  A session
begins with a heading, a scene (「シーン」 marks of AW and 千幻抄) is a heading of its own, and a new
day inside a session gets its date (`gmtool.store.log_spans`).  The lines are read a page at a time
and written as they come (`gmtool.store.log_export`): memory stays small for any length of log.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_sessions import LogSessions
from gmtool.models.log_table_model import LogTableModel
from gmtool.models.outcome_text import percent
from gmtool.store.campaign import LogEntry
from gmtool.store.log_export import HTML, SUFFIXES, TEXT, Heading, Labels, Row, atomic_stream, writer_for
from gmtool.store.log_spans import (
    PAGE,
    SCENE_ACTIONS,
    Cancelled,
    LogSpans,
    Span,
    action,
    iter_lines,
    local_time,
)

SESSION, SCENARIO, PERIOD = "session", "scenario", "period"
__all__ = ["HTML", "PERIOD", "SCENARIO", "SESSION", "TEXT", "LogExportModel"]  # the dialog's names


def _day(moment: datetime | None) -> str:
    return moment.date().isoformat() if moment is not None else ""


def _when(span: Span) -> str:
    """2026-11-26 19:02–23:40, or both dates when the span runs past midnight."""
    if span.start is None or span.end is None:
        return ""
    end = span.end.strftime("%H:%M" if span.start.date() == span.end.date() else "%Y-%m-%d %H:%M")
    return f"{span.start.strftime('%Y-%m-%d %H:%M')}–{end}"


class LogExportModel(QObject):
    """What the export dialog chooses (the range and the format) and the writing itself."""

    spans_changed = Signal()  # the sessions counted: the ranges to offer are there
    progressed = Signal(int, int)  # the counting's lines read and lines to read

    def __init__(
        self,
        campaign_model: CampaignModel,
        spans: LogSpans,
        parent: QObject | None = None,
        counting: LogSessions | None = None,
    ) -> None:
        """`counting`: the sessions still being counted in the background (`spans` empty until
        then): the model takes them when done (`spans_changed`)."""
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.format = HTML
        self._use(spans)
        self._counting = counting if counting is not None and not counting.known else None
        if self._counting is not None:
            self.range_kind = SESSION  # what will be offered once counted (a GM shares the last session)
        if self._counting is not None:
            self._counting.changed.connect(self._on_counted)
            self._counting.progressed.connect(self.progressed)
            self._counting.scanning_changed.connect(self._on_scanning_changed)
        self.skipped = {"secret": 0, "undone": 0, "unreadable": 0}
        # Translated once: odds_text runs for every line of a long log.
        self._odds_labels = (self.tr("アクション側の勝率 {0}"), self.tr("成功率 {0}"), self.tr("{0}（{1}）"))

    def _use(self, spans: LogSpans) -> None:
        self.spans = spans
        self.range_kind = SESSION if spans.sessions else PERIOD
        self.session_index = len(spans.sessions) - 1  # the last session: what a GM shares after play
        self.scenario_index = len(spans.scenarios) - 1
        last = self.last_day
        self.period = (last, last) if last is not None else None

    @property
    def counting(self) -> bool:
        """The sessions are still being counted: no range to offer yet."""
        return self._counting is not None

    @property
    def count_progress(self) -> tuple[int, int]:
        return self._counting.progress if self._counting is not None else (0, 0)

    def _on_counted(self) -> None:
        sessions = self._counting
        if sessions is None or not (sessions.known or (sessions.problem and not sessions.scanning)):
            return
        sessions.changed.disconnect(self._on_counted)
        sessions.progressed.disconnect(self.progressed)
        sessions.scanning_changed.disconnect(self._on_scanning_changed)
        self._counting = None
        if sessions.known:
            self._use(sessions.spans())  # a copy, up to date (only lines logged since are read)
        self.spans_changed.emit()

    def _on_scanning_changed(self, scanning: bool) -> None:
        sessions = self._counting
        if sessions is not None and not scanning and not sessions.known and not sessions.problem:
            sessions.request()  # stopped elsewhere (the log window's キャンセル): this dialog still waits

    # ---- the choices ----------------------------------------------------------------------
    @property
    def campaign_name(self) -> str:
        return self.campaign_model.campaign.path.stem

    def session_labels(self) -> list[str]:
        return [
            self.tr("セッション {0}（{1}、{2}）").format(s.number, _when(s), self._lines(s.lines))
            for s in self.spans.sessions
        ]

    def scenario_labels(self) -> list[str]:
        """Empty when the log names no scenario: the dialog then offers no シナリオ choice."""
        return [
            self.tr("{0}（{1}、{2}）").format(self._scenario_name(s), _when(s), self._lines(s.lines))
            for s in self.spans.scenarios
        ]

    @property
    def first_day(self) -> date | None:
        days = [d.start.date() for d in self.spans.days if d.start is not None]
        return days[0] if days else None

    @property
    def last_day(self) -> date | None:
        days = [d.start.date() for d in self.spans.days if d.start is not None]
        return days[-1] if days else None

    def chosen(self) -> tuple[int, int, str] | None:
        """(first id, last id, what the range is called) of the choice; None when it holds no line."""
        if self.range_kind == SESSION and 0 <= self.session_index < len(self.spans.sessions):
            span = self.spans.sessions[self.session_index]
            label = self.tr("セッション {0}（{1}）").format(span.number, _when(span))
            return span.first_id, span.last_id, label
        if self.range_kind == SCENARIO and 0 <= self.scenario_index < len(self.spans.scenarios):
            span = self.spans.scenarios[self.scenario_index]
            label = self.tr("シナリオ: {0}（{1}）").format(self._scenario_name(span), _when(span))
            return span.first_id, span.last_id, label
        if self.range_kind == PERIOD and self.period is not None:
            start, end = sorted(self.period)
            days = [d for d in self.spans.days if d.start is not None and start <= d.start.date() <= end]
            if days:
                label = self.tr("期間: {0} 〜 {1}").format(start.isoformat(), end.isoformat())
                return days[0].first_id, days[-1].last_id, label
        return None

    def suggested_name(self) -> str:
        chosen = self.chosen()
        tail = ""
        if self.range_kind == SESSION and chosen is not None:
            tail = f"-session{self.spans.sessions[self.session_index].number}"
        elif self.range_kind == SCENARIO and chosen is not None:
            tail = f"-scenario{self.spans.scenarios[self.scenario_index].number}"
        elif self.period is not None:
            start, end = sorted(self.period)
            tail = f"-{start.isoformat()}" + (f"_{end.isoformat()}" if end != start else "")
        return f"{self.campaign_name}-log{tail}{SUFFIXES[self.format]}"

    def _lines(self, count: int) -> str:
        return self.tr("1 行") if count == 1 else self.tr("{0:,} 行").format(count)

    def _scenario_name(self, span: Span) -> str:
        return span.name or self.tr("シナリオ {0}").format(span.number)

    # ---- writing --------------------------------------------------------------------------
    def labels(self, subtitle: str) -> Labels:
        # The page's language is the one its labels came out in: the catalog translates this code too.
        lang = self.tr("ja")
        return Labels(
            lang=lang,
            title=self.tr("{0} — セッションログ").format(self.campaign_name),
            subtitle=subtitle,
            note=self.tr("公開されていないシークレットダイスと、元に戻した操作は含めていません。"),
            columns=(
                self.tr("時刻"),
                self.tr("キャラクター"),
                self.tr("入力"),
                self.tr("出目"),
                self.tr("結果"),
                self.tr("確率"),
            ),
            empty=self.tr("この範囲に書き出す行はありません。"),
        )

    def write(self, path: Path, progress: Callable[[int, int], bool] | None = None) -> int:
        """Writes the chosen range to `path` (atomically); returns the number of lines written.
        `progress(done, total)` returning False cancels (`Cancelled`; nothing is left behind)."""
        chosen = self.chosen()
        if chosen is None:
            raise ValueError(self.tr("選んだ範囲にログの行がありません"))
        first_id, last_id, label = chosen
        exported = datetime.now().astimezone().strftime("%Y-%m-%d %H:%M")
        labels = self.labels(self.tr("{0} ／ 書き出し {1}").format(label, exported))
        table = LogTableModel(self.campaign_model)
        try:
            with atomic_stream(path) as out:
                writer = writer_for(self.format, out, labels)
                writer.begin()
                self._write_lines(writer, table, first_id, last_id, progress)
                writer.end(self._footer(writer.rows))
        finally:
            table.deleteLater()
        return writer.rows

    def _write_lines(
        self,
        writer: Any,
        table: LogTableModel,
        first_id: int,
        last_id: int,
        progress: Callable[[int, int], bool] | None,
    ) -> None:
        sessions = {s.first_id: s for s in self.spans.sessions}
        # a cancelled procedure's lines stand for nothing made: left out as undone ones are
        undone = self.campaign_model.undone_log_ids() | self.campaign_model.cancelled_log_ids()
        self.skipped = dict.fromkeys(self.skipped, 0)
        hidden: set[int] = set()  # secret rolls not (yet) revealed on this page
        total, done = last_id - first_id + 1, 0
        shown_day = ""
        for line in iter_lines(self.campaign_model.campaign, first_id, last_id):
            done += 1
            if progress is not None and done % PAGE == 0 and not progress(done, total):
                raise Cancelled
            moment = local_time(line)
            session = sessions.get(line.id)
            if session is not None or line.id == first_id:
                writer.heading(self._session_heading(session, moment))
                shown_day = _day(moment)
            if not isinstance(line, LogEntry):
                self.skipped["unreadable"] += 1
                continue
            if line.id in undone:
                self.skipped["undone"] += 1
                continue
            if line.payload.get("secret"):
                hidden.add(line.id)
                continue
            hidden.discard(line.payload.get("reveals"))
            if moment is not None and _day(moment) != shown_day:
                shown_day = _day(moment)
                writer.heading(Heading(3, shown_day))
            # The table's own text functions: the export says what the log window says.
            texts = table.line_texts(line)
            if action(line) in SCENE_ACTIONS:
                writer.heading(Heading(3, texts[2], texts[0]))
                continue
            time, who, inputs, dice, result = texts[:5]
            writer.row(Row(time, who, inputs, dice, result, self.odds_text(line.payload)))
        self.skipped["secret"] = len(hidden)

    def _session_heading(self, session: Span | None, moment: datetime | None) -> Heading:
        if session is None:  # a range that starts inside a session (a scenario, a period)
            return Heading(2, self.tr("（続き）"), _day(moment))
        return Heading(2, self.tr("セッション {0}").format(session.number), _when(session))

    def _footer(self, rows: int) -> str:
        s = self.skipped
        written = self.tr("書き出した行: {0}").format(rows)
        left_out = self.tr("含めていない行: 未公開のシークレットダイス {0}、取り消し {1}、読めない行 {2}")
        left_out = left_out.format(s["secret"], s["undone"], s["unreadable"])
        return self.tr("{0} ／ {1}").format(written, left_out)

    def odds_text(self, payload: dict[str, Any]) -> str:
        """The probability gmtool computed for the roll, as a fraction when the payload keeps the exact
        one; '' where it computed none, or where the number's meaning differs by system (a contest's
        winner)."""
        p = payload.get("probability")
        if not isinstance(p, int | float) or isinstance(p, bool) or not 0 <= p <= 1:
            return ""
        exact = payload.get("probability_exact")
        exact_text = isinstance(exact, str) and "/" in exact
        value = self._odds_labels[2].format(exact, percent(p)) if exact_text else percent(p)
        if payload.get("mode") == "opposed":  # AW: the action side's chance of winning
            return self._odds_labels[0].format(value)
        if "winner" in payload:
            return ""
        return self._odds_labels[1].format(value)
