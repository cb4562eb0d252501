"""長距離移動 (rule summary 4.): 「Table 9.41 は旅の速度を,Table 9.42 は場所の距離を表現する.
もちろん,複数の人間が一緒に旅をする場合は,最も遅い者に合わせる.」

Both tables are the GM's (reference_catalog.TRAVEL_SPEEDS / TRAVEL_DISTANCES): a mode's distance
a day and an hour, a route's distance, in whatever unit the GM uses for both.  The party moves at
the pace of its slowest member, a day's pace and an hour's pace each taken on its own (the slowest
by the day need not be the slowest by the hour).  Times are exact fractions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.reference_tables import CellRef, ReferenceTable, UnsetCell, parse_decimal

WHERE = Message("ルール表 → 参照表")
PER_DAY, PER_HOUR = "per_day", "per_hour"
MAX_DISTANCE = 10**6  # a typed distance's bound: a tool limit, not a rule


class TravelRefused(ValueError):
    """The plan cannot be worked out yet; the message says what to enter."""


@dataclass(frozen=True)
class Member:
    name: str
    mode: str  # a row of Table 9.41


@dataclass(frozen=True)
class Pace:
    """The party's pace by the day and by the hour (None: a member's mode lacks that figure, and
    `missing_*` names the mode).  `slowest_*`: the member who sets it."""

    per_day: Fraction | None
    per_hour: Fraction | None
    slowest_day: str = ""
    slowest_hour: str = ""
    missing_day: str = ""
    missing_hour: str = ""


def _speed(table: ReferenceTable, mode: str, column: str) -> Fraction | None:
    row = table.row(mode)
    if row is None:
        raise TravelRefused(Message("{0} に「{1}」の行はありません", table.title, mode))
    return row.number(column)


def party_pace(speeds: ReferenceTable, members: Sequence[Member]) -> Pace:
    """「最も遅い者に合わせる」: the least distance a day (and an hour) among the members."""
    if speeds.is_empty:  # said first: without the table no member can be added at all
        first = CellRef(speeds.id, speeds.rows[0].name, PER_DAY) if speeds.rows else CellRef(speeds.id)
        refusal = Message(
            "{0}（{1}）が未設定です。{2} で入力してください", speeds.title, speeds.source, WHERE
        )
        raise TravelRefused(UnsetCell(first, refusal))
    if not members:
        raise TravelRefused(Message("旅をする人を加えてください"))
    found: dict[str, tuple[Fraction | None, str, str]] = {}
    for column in (PER_DAY, PER_HOUR):
        slowest: tuple[Fraction, str] | None = None
        missing = ""
        for member in members:
            speed = _speed(speeds, member.mode, column)
            if speed is None:
                missing = missing or member.mode
                continue
            if slowest is None or speed < slowest[0]:
                slowest = (speed, member.name)
        if missing or slowest is None:
            found[column] = (None, "", missing)
        else:
            found[column] = (slowest[0], slowest[1], "")
    (day, day_who, day_missing), (hour, hour_who, hour_missing) = found[PER_DAY], found[PER_HOUR]
    if day is None and hour is None:
        raise TravelRefused(
            UnsetCell(
                CellRef(speeds.id, day_missing or hour_missing, PER_DAY),
                Message(
                    "{0}（{1}）の「{2}」の距離が未設定です。{3} で入力してください",
                    speeds.title,
                    speeds.source,
                    day_missing or hour_missing,
                    WHERE,
                ),
            )
        )
    return Pace(day, hour, day_who, hour_who, day_missing, hour_missing)


def route_distance(distances: ReferenceTable, route: str) -> Fraction:
    """A distance from Table 9.42."""
    row = distances.row(route)
    if row is None:
        raise TravelRefused(Message("{0} に「{1}」の行はありません", distances.title, route))
    distance = row.number("distance")
    if distance is None:
        raise TravelRefused(
            UnsetCell(
                CellRef(distances.id, route, "distance"),
                Message(
                    "{0}（{1}）の「{2}」の距離が未設定です。{3} で入力してください",
                    distances.title,
                    distances.source,
                    route,
                    WHERE,
                ),
            )
        )
    return distance


def parse_distance(text: str) -> Fraction:
    """A typed distance: 「120」「37.5」「75/2」."""
    try:
        distance = parse_decimal(text)
    except ValueError:
        raise TravelRefused(
            Message("距離は「120」や「37.5」のような数で入れてください（{0}）", text)
        ) from None
    if not 0 <= distance <= MAX_DISTANCE:
        raise TravelRefused(Message("距離 {0} は 0〜{1} の範囲外です", text, MAX_DISTANCE))
    return distance


@dataclass(frozen=True)
class TravelTime:
    days: Fraction | None
    hours: Fraction | None


def travel_time(distance: Fraction, pace: Pace) -> TravelTime:
    if distance < 0:
        raise TravelRefused(Message("距離は 0 以上です"))
    for speed, who in ((pace.per_day, pace.slowest_day), (pace.per_hour, pace.slowest_hour)):
        if speed == 0 and distance > 0:
            raise TravelRefused(Message("{0} の速度が 0 なので着きません", who))
    days = None if pace.per_day is None else (distance / pace.per_day if distance else Fraction(0))
    hours = None if pace.per_hour is None else (distance / pace.per_hour if distance else Fraction(0))
    return TravelTime(days, hours)


def mixed_fraction(value: Fraction) -> str:
    """「3 1/3」: the whole part and the exact rest (「4」 when there is none)."""
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(int(whole))
    if whole == 0:
        return f"{rest.numerator}/{rest.denominator}"
    return f"{int(whole)} {rest.numerator}/{rest.denominator}"
