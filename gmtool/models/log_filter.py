"""What the log window filters by: the groups of log kinds, a session, a day, a character, a text.

Every log kind gmtool writes (`LOG_KIND = …` and the `append_log(…)` calls) belongs to one group
here, the one place that knows them; a kind not listed (a newer gmtool's, a hand-edited file's) is
in 「その他」.  A session is a range of lines, as the session log export finds them
(`gmtool.store.log_spans`: the systems' own marks, else a new day after a pause); a day is the GM's
local day.  The filter becomes a `LogQuery` that the store answers in SQL.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from gmtool.store.log_query import MAX_TEXT_CHARS, LogQuery

CHECKS, COMBAT, SESSION, NOTES, OTHER = "checks", "combat", "session", "notes", "other"

KIND_GROUPS: dict[str, tuple[str, ...]] = {
    # 判定: rolls against a number, the dice box, opposed rolls
    CHECKS: (
        "check",
        "command",
        "sengensho.opposed",
        "aw.focus",
        "aw.supply",
        "mtg.table",
    ),
    # 戦闘: the combat tracker, armies, damage and conditions
    COMBAT: ("battle", "lotr.army", "lotr.mass_battle", "fourcard-damage", "lotr-condition"),
    # セッション: scenes, scenario and session start/end, contracts, house rules
    SESSION: ("aw.session", "sengensho.session"),
    # 記録: a character made or grown (the record of the sheet, not a roll)
    NOTES: ("fourcard-creation", "lotr-creation", "fourcard-growth", "lotr-advancement", "demo"),
}
GROUPS = (CHECKS, COMBAT, SESSION, NOTES, OTHER)  # in the order the filter offers them
KNOWN_KINDS = tuple(kind for kinds in KIND_GROUPS.values() for kind in kinds)


def group_of(kind: str) -> str:
    return next((group for group, kinds in KIND_GROUPS.items() if kind in kinds), OTHER)


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
            not_kinds = KNOWN_KINDS
        elif self.group is not None:
            kinds = KIND_GROUPS[self.group]
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
