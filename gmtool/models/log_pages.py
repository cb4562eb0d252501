"""The session log read a page at a time: what the log table shows, never the whole log.

A campaign's log grows for years of sessions (200 000 lines are 120 MB of JSON); opening reads none
of it.  `LogPages` knows how many lines there are and which id each row has — one `COUNT(*)` and the
first and last id when the ids run without gaps, as gmtool writes them (AUTOINCREMENT, append-only);
the list of ids for a hand-edited file whose ids have gaps — and reads the lines of a row's page
when the row is first asked for, keeping the last `CACHED_PAGES` pages (each line as the table
shows it).  A line appended by this window is added to its page if that page is kept, otherwise it
is read with its page like any other.

The window's table counts later (`counted=False`): counting reads the whole table, so opening takes
the ids to run without gaps from the first and the last id alone, and the log's background check
counts them (`LogTableModel.check_in_background`), the table read again with its ids if they do not.

Filtered (`show_ids`), the rows are the given ids — those the store found matching — read a page at
a time as before; `total` still counts the whole log.
"""

from __future__ import annotations

import bisect
from array import array
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from gmtool.rules.message import Message
from gmtool.store.campaign import Campaign, LogEntry
from gmtool.store.errors import CampaignError
from gmtool.store.log_lines import UnreadableLine

PAGE_ROWS = 64
CACHED_PAGES = 8  # at most 512 lines in memory, whatever the length of the log


@dataclass(frozen=True)
class Line:
    """One row: its log id, the entry (None when the line cannot be read) and its shown texts."""

    id: int
    entry: LogEntry | None
    texts: tuple[str, ...]


class LogPages:
    def __init__(
        self,
        campaign: Callable[[], Campaign],
        show: Callable[[LogEntry | UnreadableLine], tuple[str, ...]],
        counted: bool = True,
    ) -> None:
        self._campaign = campaign
        self._show = show
        self.rows_read = 0  # lines read from the file so far (the tests count the work)
        self._count = 0
        self.total = 0  # lines in the whole log, filtered or not
        self._first = 0  # the first line's id, when the ids run without gaps
        self._ids: array[int] | None = None  # every id, when they do not
        self._pages: OrderedDict[int, list[Line]] = OrderedDict()
        self.reload(counted)

    def reload(self, counted: bool = True) -> None:
        """Forget what was read: the log is read again as it is in the file (not `counted`: its ids
        taken to run without gaps until counted)."""
        self._pages.clear()
        try:
            if counted:
                count, first, last = self._campaign().log_span()
            else:
                first, last = self._campaign().log_bounds()
                count = last - first + 1 if last else 0
            ids = None if count == 0 or last - first + 1 == count else array("q", self._campaign().log_ids())
        except CampaignError:  # the file cannot be read now: an empty log until it can
            count, first, ids = 0, 0, None
        self._count, self._first, self._ids = count, first, ids
        self.total = count

    def runs_without_gaps(self, count: int, last: int) -> bool:
        """Whether `count` lines up to id `last` (a count made elsewhere) are what the rows assume."""
        return self._ids is not None or last - self._first + 1 == count or count == 0

    def show_ids(self, ids: list[int]) -> None:
        """Only these lines (in this order, ascending), e.g. those a filter matched; `reload` shows
        the whole log again."""
        self._pages.clear()
        self._ids, self._first, self._count = array("q", ids), 0, len(ids)

    def row_at_or_after(self, entry_id: int) -> int | None:
        """The first row whose line's id is `entry_id` or later; None when every row is earlier."""
        if self._ids is None:
            row = max(0, entry_id - self._first)
        else:
            row = bisect.bisect_left(self._ids, entry_id)
        return row if row < self._count else None

    def __len__(self) -> int:
        return self._count

    def id_of(self, row: int) -> int:
        return self._first + row if self._ids is None else self._ids[row]

    def row_of(self, entry_id: int) -> int | None:
        """The row of the line with that id, or None when it is not in the log."""
        if self._ids is None:
            row = entry_id - self._first
            return row if 0 <= row < self._count else None
        row = bisect.bisect_left(self._ids, entry_id)
        return row if row < self._count and self._ids[row] == entry_id else None

    def line(self, row: int) -> Line:
        page = row // PAGE_ROWS
        lines = self._pages.get(page)
        if lines is None:
            lines = self._read(page)
        else:
            self._pages.move_to_end(page)
        return lines[row - page * PAGE_ROWS]

    def cached(self, row: int) -> Line | None:
        """The row's line if its page is kept (nothing is read)."""
        lines = self._pages.get(row // PAGE_ROWS)
        offset = row % PAGE_ROWS
        return lines[offset] if lines is not None and offset < len(lines) else None

    def append(self, entry: LogEntry, shown: bool = True) -> None:
        """A line this window logged: the last row (counted only, when not `shown` by a filter)."""
        self.total += 1
        if not shown:
            return
        row = self._count
        if self._count == 0:
            self._first, self._ids = entry.id, None
        elif self._ids is None and entry.id != self._first + self._count:
            self._ids = array("q", range(self._first, self._first + self._count))
        if self._ids is not None:
            self._ids.append(entry.id)
        self._count += 1
        lines = self._pages.get(row // PAGE_ROWS)
        if lines is not None and len(lines) == row % PAGE_ROWS:
            lines.append(Line(entry.id, entry, self._show(entry)))

    def _read(self, page: int) -> list[Line]:
        start, end = page * PAGE_ROWS, min((page + 1) * PAGE_ROWS, self._count)
        try:
            first, last = self.id_of(start), self.id_of(end - 1)
            if last - first < 2 * PAGE_ROWS:  # (nearly) consecutive: one range of the table's key
                read = self._campaign().log_range(first, last)
            else:  # a filtered page's lines lie far apart: those lines only, not all between them
                read = self._campaign().log_lines([self.id_of(row) for row in range(start, end)])
        except CampaignError as exc:  # not kept: read again when next shown
            return [self._line(UnreadableLine(self.id_of(r), "", "", exc.problem)) for r in range(start, end)]
        found = {line.id: line for line in read}
        self.rows_read += len(found)
        lines = []
        for row in range(start, end):
            entry_id = self.id_of(row)
            missing = UnreadableLine(entry_id, "", "", Message("ログ（{0}）が見つかりません", entry_id))
            lines.append(self._line(found.get(entry_id, missing)))
        self._pages[page] = lines
        while len(self._pages) > CACHED_PAGES:
            self._pages.popitem(last=False)
        return lines

    def _line(self, line: LogEntry | UnreadableLine) -> Line:
        return Line(line.id, line if isinstance(line, LogEntry) else None, self._show(line))
