"""What the log window filters by: the groups of log kinds, a session, a day, a character, a text.

Every log kind gmtool writes (`LOG_KIND = …` and the `append_log(…)` calls) belongs to one group:
the shared kinds are listed here, each system declares its own (`Declarations.log_kinds`,
gmtool.rules.systems.declarations), and the groups are derived from the registry's declarations; a
kind no group lists (a newer gmtool's, a hand-edited file's, one declared in OTHER) is in 「その他」.
A session is a range of lines, as the session log export finds them
(`gmtool.store.log_spans`: the systems' own marks, else a new day after a pause); a day is the GM's
local day.  The filter becomes a `LogQuery` that the store answers in SQL.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from gmtool.rules.systems import all_declarations, derived_table
from gmtool.rules.systems.declarations import CHECKS, COMBAT, LOG_GROUPS, NOTES, OTHER, SESSION
from gmtool.store.log_query import MAX_TEXT_CHARS, LogQuery

__all__ = [
    "CHECKS",
    "COMBAT",
    "GROUPS",
    "MAX_TEXT_CHARS",
    "NOTES",
    "OTHER",
    "SESSION",
    "SHARED_KINDS",
    "LogFilter",
    "group_of",
    "kind_groups",
    "utc_text",
]

# The groups: 判定 — rolls against a number, the dice box, opposed rolls; 戦闘 — the combat tracker,
# armies, damage and conditions; セッション — scenes, scenario and session start/end, contracts,
# house rules; 記録 — a character made or grown (the record of the sheet, not a roll); その他.
GROUPS = LOG_GROUPS  # in the order the filter offers them
# The kinds every campaign may hold, whichever its systems.
SHARED_KINDS: dict[str, tuple[str, ...]] = {
    CHECKS: ("check", "command"),
    COMBAT: ("battle",),
    NOTES: ("demo",),
}


@derived_table
def kind_groups() -> dict[str, tuple[str, ...]]:
    """Group → its kinds: the shared ones, then each registered system's declared ones (OTHER
    lists none: it is every kind not listed).  Shared: never change it."""
    groups = {group: list(SHARED_KINDS.get(group, ())) for group in GROUPS if group != OTHER}
    for declared in all_declarations().values():
        for log_kind in declared.log_kinds:
            if log_kind.group in groups:
                groups[log_kind.group].append(log_kind.kind)
    return {group: tuple(kinds) for group, kinds in groups.items()}


def group_of(kind: str) -> str:
    return next((group for group, kinds in kind_groups().items() if kind in kinds), OTHER)


@dataclass(frozen=True)
class LogFilter:
    """The log window's filter; the default shows the whole log."""

    text: str = ""
    group: str | None = None  # one of GROUPS
    character: tuple[str, str] | None = None  # (id, name)
    day: date | None = None  # a local day
    # A session's lines: (first id, last id), the last None for the newest session (its lines to come).
    ids: tuple[int, int | None] | None = None

    @property
    def empty(self) -> bool:
        return self == LogFilter()

    def query(self) -> LogQuery:
        """As the store's query; the text cut to MAX_TEXT_CHARS (the field allows no more)."""
        kinds: tuple[str, ...] | None = None
        not_kinds: tuple[str, ...] = ()
        if self.group == OTHER:
            not_kinds = tuple(kind for listed in kind_groups().values() for kind in listed)
        elif self.group is not None:
            kinds = kind_groups()[self.group]
        after = before = ""
        if self.day is not None:
            after, before = utc_text(self.day), utc_text(self.day + timedelta(days=1))
        name = None if self.character is None else self.character[1]
        first, last = self.ids if self.ids is not None else (None, None)
        return LogQuery(kinds, not_kinds, name, self.text[:MAX_TEXT_CHARS], after, before, first, last)


def utc_text(when: date | datetime) -> str:
    """A local day's start, or a local time, as the log stores times (ISO 8601 UTC)."""
    if not isinstance(when, datetime):
        when = datetime.combine(when, time())
    if when.tzinfo is None:
        when = when.astimezone()  # naive: the computer's local time
    return when.astimezone(UTC).isoformat(timespec="milliseconds")
