"""Where a hero fights in a mass battle's hour, and how it goes (rule summary 3.11).

「各ラウンドで,キャラクターがどのあたりで戦っているかを, プレイヤーに選ばせるか,あるいは 2d6 で
P.239 Table 9.24 PRESS を参照して 決定する.そして,2d6 を振って Thick of Battle のときは +1,
Heart of Battle のときは +2 の修正を加えて, P.239 Table 9.25 Hero Combat を参照する.」

Both tables are the GM's (reference_catalog.PRESS / HERO_COMBAT): each row is a range of the roll
and what it means.  The rolls are plain 2d6 (the text says only 「2d6 を振って」, as for the hourly
roll of the battle itself).  A table that is empty, or whose ranges leave a total without a row or
give it two, is refused with the total named: the odds shown before the roll would otherwise not
add up to the roll's result.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from gmtool.rules.dice import Faces
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.reference_tables import CellRef, ReferenceRow, ReferenceTable, UnsetCell

# The two bonuses the text itself gives (used when the row's own bonus cell is empty).  Every other
# place adds nothing: the text names a modifier for these two only.
TEXT_BONUS = {"Thick of Battle": 1, "Heart of Battle": 2}
WHERE = Message("ルール表 → 参照表")


class HeroCombatRefused(ValueError):
    """The tables do not allow the step yet; the message names the table and what to fill in."""


@dataclass(frozen=True)
class Band:
    """One row of PRESS or Hero Combat: the totals `low`…`high` (None: open that way)."""

    name: str
    low: int | None
    high: int | None
    bonus: int = 0  # PRESS only: added to the Hero Combat roll
    result: str = ""  # Hero Combat only: what the GM reads out

    def holds(self, total: int) -> bool:
        return (self.low is None or total >= self.low) and (self.high is None or total <= self.high)

    def label(self) -> str:
        return self.result or self.name


def _two_d6_ways() -> dict[int, int]:
    ways: dict[int, int] = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        ways[a + b] = ways.get(a + b, 0) + 1
    return ways


TWO_D6_WAYS = _two_d6_ways()


def _bands(table: ReferenceTable, bonus_of: bool) -> list[Band]:
    if table.is_empty:
        first = CellRef(table.id, table.rows[0].name, "low") if table.rows else CellRef(table.id)
        refusal = Message("{0}（{1}）が未設定です。{2} で入力してください", table.title, table.source, WHERE)
        raise HeroCombatRefused(UnsetCell(first, refusal))
    bands = []
    for row in table.rows:
        low, high = _int(row, "low"), _int(row, "high")
        if low is None and high is None:
            raise HeroCombatRefused(
                UnsetCell(
                    CellRef(table.id, row.name, "low"),
                    Message(
                        "{0} の行「{1}」の出目の範囲が未設定です。{2} で入力してください",
                        table.title,
                        row.name,
                        WHERE,
                    ),
                )
            )
        if low is not None and high is not None and low > high:
            raise HeroCombatRefused(
                Message("{0} の行「{1}」は下限 {2} が上限 {3} より大きい", table.title, row.name, low, high)
            )
        if bonus_of:
            cell = _int(row, "bonus")
            bonus = cell if cell is not None else TEXT_BONUS.get(row.name, 0)
            bands.append(Band(row.name, low, high, bonus=bonus))
        else:
            result = row.get("result")
            bands.append(Band(row.name, low, high, result=str(result) if result else ""))
    return bands


def _int(row: ReferenceRow, column: str) -> int | None:
    value = row.get(column)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _band_for(bands: Sequence[Band], total: int, table: ReferenceTable) -> Band:
    found = [b for b in bands if b.holds(total)]
    if not found:
        raise HeroCombatRefused(
            Message("{0} に出目 {1} の行がありません。{2} で範囲を直してください", table.title, total, WHERE)
        )
    if len(found) > 1:
        raise HeroCombatRefused(
            Message(
                "{0} で出目 {1} が二つの行（{2}・{3}）に入ります。{4} で範囲を直してください",
                table.title,
                total,
                found[0].name,
                found[1].name,
                WHERE,
            )
        )
    return found[0]


def _odds(bands: Sequence[Band], table: ReferenceTable, shift: int) -> list[tuple[Band, Fraction]]:
    """Every row with its exact chance on 2d6 + `shift`; refused if a total has no row or two."""
    ways = {b.name: 0 for b in bands}
    for total, n in TWO_D6_WAYS.items():
        ways[_band_for(bands, total + shift, table).name] += n
    return [(b, Fraction(ways[b.name], 36)) for b in bands]


# ---- Table 9.24 PRESS ---------------------------------------------------------------------------
def press_bands(press: ReferenceTable) -> list[Band]:
    """The places a hero may fight, with their Hero Combat bonus (the text's +1 / +2)."""
    return _bands(press, bonus_of=True)


def press_odds(press: ReferenceTable) -> list[tuple[Band, Fraction]]:
    return _odds(press_bands(press), press, 0)


def press_for(press: ReferenceTable, faces: Faces) -> Band:
    _check_faces(faces)
    bands = press_bands(press)
    _odds(bands, press, 0)  # the whole table must be usable, not just the rolled total's row
    return _band_for(bands, sum(faces), press)


def press_named(press: ReferenceTable, name: str) -> Band:
    """The place the player chose."""
    for band in press_bands(press):
        if band.name == name:
            return band
    raise HeroCombatRefused(Message("{0} に「{1}」の行はありません", press.title, name))


# ---- Table 9.25 Hero Combat ---------------------------------------------------------------------
def hero_bands(hero: ReferenceTable) -> list[Band]:
    return _bands(hero, bonus_of=False)


def hero_odds(hero: ReferenceTable, bonus: int) -> list[tuple[Band, Fraction]]:
    """Each result row's exact chance for 2d6 + `bonus` (the place's +1 / +2)."""
    return _odds(hero_bands(hero), hero, bonus)


def hero_for(hero: ReferenceTable, bonus: int, faces: Faces) -> Band:
    _check_faces(faces)
    bands = hero_bands(hero)
    _odds(bands, hero, bonus)
    return _band_for(bands, sum(faces) + bonus, hero)


@dataclass(frozen=True)
class HeroHour:
    """One hero's hour: the place (rolled: `press_faces`, chosen: empty) and the Hero Combat roll."""

    place: Band
    press_faces: tuple[int, ...]
    faces: tuple[int, ...]
    result: Band

    @property
    def total(self) -> int:
        return sum(self.faces) + self.place.bonus


def hero_hour(
    press: ReferenceTable,
    hero: ReferenceTable,
    faces: Faces,
    place: str | None = None,
    press_faces: Faces | None = None,
) -> HeroHour:
    """The place chosen by name, or read from `press_faces`; then 2d6 `faces` + its bonus."""
    hero_bands(hero)  # both tables are checked before anything is read from either
    if place is None:
        if press_faces is None:
            raise HeroCombatRefused(Message("場所を選ぶか、PRESS の 2d6 を振ってください"))
        band = press_for(press, press_faces)
    else:
        band = press_named(press, place)
    return HeroHour(band, tuple(press_faces or ()), tuple(faces), hero_for(hero, band.bonus, faces))


def _check_faces(faces: Faces) -> None:
    if len(faces) != 2 or not all(1 <= f <= 6 for f in faces):
        raise HeroCombatRefused(Message("2d6 の出目 {0} が正しくありません", list(faces)))
