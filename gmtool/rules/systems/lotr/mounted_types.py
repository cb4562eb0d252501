"""3.9 騎乗戦闘's values: a participant's horse (`Mount`, kept in its tracker values under
MOUNT_KEYS), a row of the horse speeds table (`HorseMove`), the rule numbers and the bounds the
tracker's fields and the CLI take.  `mounted` plays them in the tracker.

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.rules.message import Message

FROM_HORSEBACK = -4  # ranged attacks from horseback
MOUNTED_CHARGE_TN = -3  # a mounted charge against someone on foot
LARGE = "large"
RIDE_PENALTY_BOUNDS = (-4, -1)
RIDE_BOUNDS = (-99, 99)
HORSE_STR_BOUNDS = (-20, 20)
HORSE_ATTACK = "horse_attack"
HORSE_MOVE = "horse_move"
HORSE_FULL = "horse_gallop"
TABLE = Message("馬の移動速度（Table 9.22）")
UNSET = Message("未設定（ルール表 → 参照表 で入力）")
MOUNT_KEYS = (
    "mounted",
    "horse_war_trained",
    "horse_steady",
    "horse_has_ride",
    "horse_ride",
    "horse_has_str",
    "horse_str",
)


@dataclass(frozen=True)
class Mount:
    """A participant's horse.  ride: a Mearas' or Elven-steed's own Ride (None: an ordinary horse).
    horse_str: its STR modifier (None: the GM has not entered it)."""

    mounted: bool = False
    war_trained: bool = False
    steady: bool = False
    ride: int | None = None
    horse_str: int | None = None

    def values(self) -> dict[str, int]:
        return {
            "mounted": int(self.mounted),
            "horse_war_trained": int(self.war_trained),
            "horse_steady": int(self.steady),
            "horse_has_ride": int(self.ride is not None),
            "horse_ride": self.ride or 0,
            "horse_has_str": int(self.horse_str is not None),
            "horse_str": self.horse_str or 0,
        }


@dataclass(frozen=True)
class HorseMove:
    name: str
    yards: int | None
    cost: int | None  # actions; None: a full-round action
    run_tn: int | None  # a Run test at this TN (None: no test, or 未設定)
