"""The LotR mass battle (戦争, rule summary 3.11): an hourly track from Defeat to Victory.

Each hour both sides roll plain 2d6 (no exploding: the summary says only "2d6 を振る"); the
characters' side adds the track value and, if the GM uses it, its commander's Siegecraft, the
other side its Siegecraft.  Higher moves the track one step toward Victory, lower one step toward
Defeat, a tie does not move — or, under the house rule BATTLE_TIE's other reading (1.5.2 「同点の場合は
…再度判定する」), both sides roll again within the hour until one is higher, so every hour moves.
Reaching Victory or Defeat ends the battle.

The track is an absorbing Markov chain, so P(Victory) and the expected number of hours from every
position are solved exactly (Fractions).  Where each hero fought and what happened to them are
kept as text: rolled on the GM's Tables 9.24 PRESS and 9.25 Hero Combat (hero_combat.py), or typed.

One frozen document (stored as JSON in the campaign's session state) and pure operations that
return the next document or raise `BattleRefused` with the reason the table hears.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from functools import cache, lru_cache
from typing import Annotated, Any

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StrictStr, TypeAdapter

from gmtool.rules.data import json_object
from gmtool.rules.dice import Faces, roll
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.house_rules import TIE_REROLL, TIE_STAYS
from gmtool.rules.systems.lotr.mass_battle_types import (
    DEFEAT as DEFEAT,
    MANY,
    MAX_SIEGECRAFT as MAX_SIEGECRAFT,
    MAX_TIES,
    POSITIONS as POSITIONS,
    VICTORY as VICTORY,
)

TIE_READINGS = (TIE_STAYS, TIE_REROLL)

Name = Annotated[StrictStr, Field(max_length=200)]
Text = Annotated[StrictStr, Field(max_length=2000)]
Track = Annotated[StrictInt, Field(ge=DEFEAT, le=VICTORY)]
Start = Annotated[StrictInt, Field(ge=POSITIONS.start, le=POSITIONS.stop - 1)]
Rank = Annotated[StrictInt, Field(ge=0, le=MAX_SIEGECRAFT)]
Die = Annotated[StrictInt, Field(ge=1, le=6)]
TwoD6 = Annotated[tuple[Die, ...], Field(min_length=2, max_length=2)]
TiedRoll = tuple[TwoD6, TwoD6]  # (ours, theirs) faces of a roll that tied and was rolled again
Hour = Annotated[StrictInt, Field(ge=1, le=MANY)]


class BattleRefused(ValueError):
    """An action the rules do not allow; the message is the reason shown to the table."""


class BattleResult(StrEnum):
    VICTORY = "victory"
    DEFEAT = "defeat"


@dataclass(frozen=True)
class HourRecord:
    """One hour as rolled.  The Siegecraft added that hour is kept (0 when not used), so a stored
    record can be checked: its totals follow from its faces, its move from its totals."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    hour: Hour
    ours_faces: TwoD6
    theirs_faces: TwoD6
    ours_total: StrictInt
    theirs_total: StrictInt
    before: Start
    after: Track
    siegecraft_ours: Rank = 0
    siegecraft_theirs: Rank = 0
    # Rolls of this hour that tied and were rolled again (house rule BATTLE_TIE, re-roll reading).
    ties: Annotated[tuple[TiedRoll, ...], Field(max_length=MAX_TIES)] = ()

    def __post_init__(self) -> None:
        for ours, theirs in self.ties:
            if sum(ours) + self.before + self.siegecraft_ours != sum(theirs) + self.siegecraft_theirs:
                raise ValueError(Message("{0}時間目の振り直しの記録が同点になっていません", self.hour))
        if self.ours_total != sum(self.ours_faces) + self.before + self.siegecraft_ours:
            raise ValueError(Message("{0}時間目の味方の合計が出目と修正に合いません", self.hour))
        if self.theirs_total != sum(self.theirs_faces) + self.siegecraft_theirs:
            raise ValueError(Message("{0}時間目の敵の合計が出目と修正に合いません", self.hour))
        if self.after != self.before + _step(self.ours_total, self.theirs_total):
            raise ValueError(Message("{0}時間目の戦況の移動が合計に合いません", self.hour))


@dataclass(frozen=True)
class HeroRecord:
    """Where a hero fought in one hour and what came of it: the rows' names rolled on Tables 9.24
    and 9.25 (hero_combat.py), or what the GM typed."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    hour: Hour
    hero: Annotated[StrictStr, Field(min_length=1, max_length=200)]
    position: Text = ""  # Table 9.24 PRESS, chosen by the player or rolled by the GM
    result: Text = ""  # Table 9.25 Hero Combat, read by the GM


@dataclass(frozen=True)
class MassBattle:
    __pydantic_config__ = ConfigDict(extra="forbid")

    ours: Name = ""  # the characters' side
    theirs: Name = ""
    start: Start = 0
    position: Track = 0
    use_siegecraft: StrictBool = False  # "GMが望むなら": the ranks are kept even while unused
    siegecraft_ours: Rank = 0
    siegecraft_theirs: Rank = 0
    hours: Annotated[tuple[HourRecord, ...], Field(max_length=MANY)] = ()
    heroes: Annotated[tuple[HeroRecord, ...], Field(max_length=MANY)] = ()

    def __post_init__(self) -> None:
        # The operations never build these, but a hand-edited file can: the hours must be one
        # unbroken walk from the start to the current position that stops at Victory or Defeat.
        at = self.start
        for number, record in enumerate(self.hours, 1):
            if record.hour != number:
                raise ValueError(
                    Message("hours: {0}番目の記録の時間が {1} になっています", number, record.hour)
                )
            if at in (VICTORY, DEFEAT):
                raise ValueError(Message("hours: 戦いが終わった後に{0}時間目があります", number))
            if record.before != at:
                raise ValueError(Message("hours: {0}時間目の開始時の戦況が前の時間に続いていません", number))
            at = record.after
        if at != self.position:
            raise ValueError(Message("position: 現在の戦況が記録された時間の結果と合いません"))
        if any(h.hour > self.next_hour for h in self.heroes):
            raise ValueError(Message("heroes: まだ始まっていない時間の英雄の記録があります"))

    @property
    def ended(self) -> bool:
        return self.position in (VICTORY, DEFEAT)

    @property
    def result(self) -> BattleResult | None:
        if self.position == VICTORY:
            return BattleResult.VICTORY
        if self.position == DEFEAT:
            return BattleResult.DEFEAT
        return None

    @property
    def next_hour(self) -> int:
        """The hour a hero may be recorded for at most: the coming one, or the last after the end."""
        return len(self.hours) + (0 if self.ended else 1)

    def modifiers(self) -> tuple[int, int]:
        """(ours, theirs) Siegecraft added to the rolls: both 0 when the GM does not use it."""
        if not self.use_siegecraft:
            return 0, 0
        return self.siegecraft_ours, self.siegecraft_theirs


@cache
def _adapter() -> TypeAdapter[MassBattle]:
    # Built on first use: a campaign without a mass battle never pays for it.
    return TypeAdapter(MassBattle)


def load_mass_battle(data: Any) -> MassBattle:
    """The stored document as state (None: no battle yet).  pydantic's ValidationError names the
    bad field; the caller turns it into a message."""
    return MassBattle() if data is None else _adapter().validate_python(data)


def dump_mass_battle(state: MassBattle) -> dict[str, Any]:
    document = json_object(_adapter(), state)
    for hour in document["hours"]:  # an hour without re-rolls is stored as before the house rule
        if not hour["ties"]:
            del hour["ties"]
    return document


# ---- exact odds ---------------------------------------------------------------------------------


def _step(ours_total: int, theirs_total: int) -> int:
    return (ours_total > theirs_total) - (ours_total < theirs_total)


@cache
def _difference_ways() -> dict[int, int]:
    """Ways (out of 36 × 36 faces) for our 2d6 minus their 2d6 to be each difference −10…10."""
    faces = list(itertools.product(range(1, 7), repeat=2))
    ways: dict[int, int] = {}
    for ours, theirs in itertools.product(faces, faces):
        d = sum(ours) - sum(theirs)
        ways[d] = ways.get(d, 0) + 1
    return ways


def hour_step(
    position: int, siegecraft_ours: int = 0, siegecraft_theirs: int = 0, tie: str = TIE_STAYS
) -> dict[int, Fraction]:
    """P(move) for one hour at `position` (−3…3): +1 toward Victory, −1 toward Defeat, 0 a tie.
    Pass 0 for both ranks when the GM does not use Siegecraft.

    `tie` is the house rule's reading: TIE_STAYS, a tied hour does not move; TIE_REROLL, a tie is
    rolled again until decided, so ours wins the hour with P = u + t·u + t²·u + … = u / (1 − t)
    (u, t: one roll's P(ours higher), P(tie)) and the hour never stays."""
    _require_position(position)
    _require_ranks(siegecraft_ours, siegecraft_theirs)
    _require_tie(tie)
    edge = position + siegecraft_ours - siegecraft_theirs  # ours wins when dice difference > −edge
    counts = {1: 0, -1: 0, 0: 0}
    for d, ways in _difference_ways().items():
        counts[_step(d + edge, 0)] += ways
    if tie == TIE_REROLL:  # the geometric series' sum, exactly: ties leave 1296 − ties decided ways
        decided = counts[1] + counts[-1]
        return {1: Fraction(counts[1], decided), -1: Fraction(counts[-1], decided), 0: Fraction(0)}
    return {move: Fraction(n, 36 * 36) for move, n in counts.items()}


@lru_cache(maxsize=256)
def battle_odds(
    siegecraft_ours: int = 0, siegecraft_theirs: int = 0, tie: str = TIE_STAYS
) -> dict[int, tuple[Fraction, Fraction]]:
    """position → (P(Victory), expected hours until the battle ends), for every start −3…3.

    Re-rolling ties (TIE_REROLL) leaves P(Victory) as it is — a tie only delays, it never decides —
    and shortens the expected hours, since every hour moves the track.

    Solves the absorbing chain's two 7×7 systems (v = P v + r, e = P e + 1) by exact Gaussian
    elimination.  Every position moves with positive probability and no two neighbours push into
    each other forever, so the system is never singular."""
    _require_ranks(siegecraft_ours, siegecraft_theirs)
    _require_tie(tie)
    n = len(POSITIONS)
    # Rows of [ (I − Q) | victory right-hand side | hours right-hand side ].
    rows: list[list[Fraction]] = []
    for i, position in enumerate(POSITIONS):
        step = hour_step(position, siegecraft_ours, siegecraft_theirs, tie)
        row = [Fraction(0)] * (n + 2)
        row[i] = 1 - step[0]
        if i + 1 < n:
            row[i + 1] = -step[1]
        if i > 0:
            row[i - 1] = -step[-1]
        row[n] = step[1] if position + 1 == VICTORY else Fraction(0)
        row[n + 1] = Fraction(1)
        rows.append(row)
    solution = _solve(rows, n)
    return {p: solution[i] for i, p in enumerate(POSITIONS)}


def _solve(rows: list[list[Fraction]], n: int) -> list[tuple[Fraction, Fraction]]:
    """Gauss–Jordan on an n × (n + 2) augmented matrix, in place; returns both solution columns."""
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [x / lead for x in rows[col]]
        for r in range(n):
            factor = rows[r][col]
            if r != col and factor != 0:
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [(rows[i][n], rows[i][n + 1]) for i in range(n)]


def clear_caches() -> None:
    """Forget every computed figure (the benchmark measures the work from nothing)."""
    battle_odds.cache_clear()
    _difference_ways.cache_clear()


def odds_from(state: MassBattle, tie: str = TIE_STAYS) -> tuple[Fraction, Fraction]:
    """(P(Victory), expected hours left) from where the battle stands, with its Siegecraft."""
    if state.ended:
        return Fraction(int(state.position == VICTORY)), Fraction(0)
    return battle_odds(*state.modifiers(), tie)[state.position]


# ---- operations ---------------------------------------------------------------------------------


def _require_position(position: int) -> None:
    if position not in POSITIONS:
        raise BattleRefused(Message("戦況 {0} は −3〜+3 の範囲外です", position))


def _require_ranks(*ranks: int) -> None:
    for rank in ranks:
        if not 0 <= rank <= MAX_SIEGECRAFT:
            raise BattleRefused(
                Message("Siegecraft のランク {0} は 0〜{1} の範囲外です", rank, MAX_SIEGECRAFT)
            )


def _require_tie(tie: str) -> None:
    if tie not in TIE_READINGS:
        raise BattleRefused(Message("同点の読み方「{0}」はありません（{1}）", tie, "・".join(TIE_READINGS)))


def _require_running(state: MassBattle) -> None:
    if state.ended:
        label = Message("勝利") if state.result is BattleResult.VICTORY else Message("敗北")
        raise BattleRefused(
            Message("戦いは{0}で終わっています（続けるには開始位置を選んでやり直してください）", label)
        )


def start_battle(state: MassBattle, start: int) -> MassBattle:
    """A new battle (or a restart) at `start`: the hours and heroes are cleared, the side names
    and Siegecraft settings are kept."""
    _require_position(start)
    return replace(state, start=start, position=start, hours=(), heroes=())


def set_siegecraft(state: MassBattle, use: bool, ours: int, theirs: int) -> MassBattle:
    """The commanders' ranks may change mid-battle (a commander falls): only later hours see it."""
    _require_ranks(ours, theirs)
    return replace(state, use_siegecraft=use, siegecraft_ours=ours, siegecraft_theirs=theirs)


def set_names(state: MassBattle, ours: str, theirs: str) -> MassBattle:
    return replace(state, ours=ours.strip(), theirs=theirs.strip())


def play_hour(
    state: MassBattle, ours_faces: Faces, theirs_faces: Faces, ties: tuple[tuple[Faces, Faces], ...] = ()
) -> MassBattle:
    """One hour with the given faces (real dice, or the seeded roll of `roll_hour`); `ties`: the
    rolls of this hour that tied and were rolled again, first to last (the re-roll reading)."""
    _require_running(state)
    for faces in (ours_faces, theirs_faces, *(f for pair in ties for f in pair)):
        if len(faces) != 2 or not all(1 <= f <= 6 for f in faces):
            raise BattleRefused(Message("2d6 の出目 {0} が正しくありません", faces))
    if len(ties) > MAX_TIES:
        raise BattleRefused(Message("1 時間の振り直しは {0} 回までです", MAX_TIES))
    bonus_ours, bonus_theirs = state.modifiers()
    for ours, theirs in ties:
        if sum(ours) + state.position + bonus_ours != sum(theirs) + bonus_theirs:
            raise BattleRefused(Message("振り直しの記録 {0} 対 {1} は同点ではありません", ours, theirs))
    ours_total = sum(ours_faces) + state.position + bonus_ours
    theirs_total = sum(theirs_faces) + bonus_theirs
    record = HourRecord(
        hour=len(state.hours) + 1,
        ours_faces=tuple(ours_faces),
        theirs_faces=tuple(theirs_faces),
        ours_total=ours_total,
        theirs_total=theirs_total,
        before=state.position,
        after=state.position + _step(ours_total, theirs_total),
        siegecraft_ours=bonus_ours,
        siegecraft_theirs=bonus_theirs,
        ties=tuple((tuple(ours), tuple(theirs)) for ours, theirs in ties),
    )
    return replace(state, position=record.after, hours=(*state.hours, record))


def roll_hour(state: MassBattle, rng: random.Random, tie: str = TIE_STAYS) -> MassBattle:
    """The GM's hourly roll: 2d6 for our side, then 2d6 for theirs, from the injected rng — again,
    while they tie, under the re-roll reading (TIE_REROLL).  The new hour is the returned state's
    `hours[-1]`; refused once the battle has ended."""
    _require_running(state)
    _require_tie(tie)
    bonus_ours, bonus_theirs = state.modifiers()
    ties: list[tuple[Faces, Faces]] = []
    while True:
        ours, theirs = roll(rng, 2, 6), roll(rng, 2, 6)
        tied = sum(ours) + state.position + bonus_ours == sum(theirs) + bonus_theirs
        if tie == TIE_STAYS or not tied or len(ties) == MAX_TIES:  # the last: never, see MAX_TIES
            return play_hour(state, ours, theirs, tuple(ties))
        ties.append((ours, theirs))


def record_hero(state: MassBattle, hour: int, hero: str, position: str, result: str) -> MassBattle:
    hero = hero.strip()
    if not hero:
        raise BattleRefused(Message("英雄の名前を入れてください"))
    last = max(1, state.next_hour)
    if not 1 <= hour <= last:
        raise BattleRefused(Message("{0}時間目の記録はできません（1〜{1}時間目）", hour, last))
    entry = HeroRecord(hour, hero, position.strip(), result.strip())
    return replace(state, heroes=(*state.heroes, entry))
