"""The attacker's weapon from the campaign's weapons table (P.230, reference_catalog.WEAPONS): its
damage dice, its range bands PB/S/M/L and its step S beyond L (3.4), and whether the STR bonus
is added to its damage (1.3).

3.4 「X+S の表記は,"L" より遠くなった場合に,距離 S ごとに+2の修正が加わる」: at L or nearer no step;
beyond L every S started counts one step (L+1 … L+S yards is already beyond L: one step, +2).

1.3 「STR 能力値修正は,そのまま手持ち武器,手投げ武器のダメージ値に加算される. 弓のような射撃武器には
影響を与えない」: a weapon with range bands adds STR only when the table marks it thrown
(手投げ武器); a ranged weapon whose mark is 未設定 is refused rather than guessed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.attack import DamageDice, parse_damage
from gmtool.rules.systems.lotr.attack_types import DISTANCE_BOUNDS as DISTANCE_BOUNDS
from gmtool.rules.systems.lotr.reference_catalog import WEAPONS
from gmtool.rules.systems.lotr.reference_tables import CellRef, ReferenceRow, ReferenceTable, UnsetCell

BAND_COLUMNS = ("point_blank", "short", "medium", "long")
BAND_NAMES = {"point_blank": "PB", "short": "S", "medium": "M", "long": "L"}
UNSET = Message("未設定（ルール表 → 参照表 で入力）")
TABLE = Message("武器表（P.230）")


@dataclass(frozen=True)
class Weapon:
    name: str
    damage: DamageDice | None  # None: the table's damage is 未設定
    bands: tuple[int | None, ...]  # PB, S, M, L in yards
    step: int | None
    thrown: bool | None

    @property
    def ranged(self) -> bool:
        """A weapon with any range band is a missile weapon (3.4)."""
        return any(b is not None for b in self.bands)


def _int(row: ReferenceRow, column: str) -> int | None:
    value = row.get(column)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def weapon_from_row(row: ReferenceRow) -> Weapon:
    text = row.get("damage")
    damage = parse_damage(text) if isinstance(text, str) and text.strip() else None
    thrown = row.get("thrown")
    return Weapon(
        name=row.name,
        damage=damage,
        bands=tuple(_int(row, c) for c in BAND_COLUMNS),
        step=_int(row, "step"),
        thrown=thrown if isinstance(thrown, bool) else None,
    )


def weapon(table: ReferenceTable, name: str) -> Weapon:
    row = table.row(name)
    if row is None:
        raise ValueError(Message("{0}に「{1}」はありません", TABLE, name))
    return weapon_from_row(row)


def range_steps(w: Weapon, yards: int) -> int:
    """The range steps S beyond L at this distance (each +2 to the TN, 3.4)."""
    low, high = DISTANCE_BOUNDS
    if not low <= yards <= high:
        raise ValueError(Message("距離 {0} ヤードは {1}〜{2} の範囲外です", yards, low, high))
    if not w.ranged:
        raise ValueError(Message("「{0}」は射撃武器ではありません（{1}に射程がありません）", w.name, TABLE))
    long = w.bands[3]
    if long is None:
        where = CellRef(WEAPONS, w.name, "long")
        raise ValueError(UnsetCell(where, Message("{0}の「{1}」の L（ヤード）が{2}", TABLE, w.name, UNSET)))
    if yards <= long:
        return 0
    if w.step is None:
        where = CellRef(WEAPONS, w.name, "step")
        raise ValueError(
            UnsetCell(where, Message("{0}の「{1}」の S（L より先の1段階）が{2}", TABLE, w.name, UNSET))
        )
    return math.ceil((yards - long) / w.step)


def band_name(w: Weapon, yards: int) -> str | None:
    """PB, S, M or L: the nearest band reaching this distance (None: beyond L, or bands 未設定)."""
    for column, reach in zip(BAND_COLUMNS, w.bands, strict=True):
        if reach is not None and yards <= reach:
            return BAND_NAMES[column]
    return None


def adds_str(w: Weapon) -> bool:
    """1.3: the STR bonus counts for hand-held and thrown weapons, not for bows and the like."""
    if not w.ranged:
        return True
    if w.thrown is None:
        raise ValueError(
            UnsetCell(
                CellRef(WEAPONS, w.name, "thrown"),
                Message(
                    "{0}の「{1}」が手投げ武器かどうかが{2}（1.3: 弓には STR 修正を足さない）",
                    TABLE,
                    w.name,
                    UNSET,
                ),
            )
        )
    return w.thrown
