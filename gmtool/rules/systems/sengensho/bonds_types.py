"""千幻抄 縁故 as values: the text's limits (7 縁故, 記憶 ≤ 2, 目的 ≤ 1, levels up to 99), the kinds'
names, what the bond dialog asks for (`BondRequest`) and what a holder has used (`BondUsage`).

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.rules.message import template
from gmtool.rules.systems.sengensho.character import BondKind
from gmtool.rules.systems.sengensho.session_types import Bond

MAX_BONDS = 7
KIND_LIMITS = {BondKind.MEMORY: 2, BondKind.PURPOSE: 1}
# Templates too: a refusal names the kind (「{0}の内容を入れてください」) and is translated at display.
KIND_LABELS = {
    BondKind.CHARACTER: template("キャラクター・集団"),
    BondKind.MEMORY: template("記憶"),
    BondKind.PURPOSE: template("目的"),
}
NPC_POINTS_GUIDE = (5, 6)  # 「一つの類型あたり5~6点程度を目安」
MAX_LEVEL = 99  # the stored document's bound: a higher level could not be loaded again


@dataclass(frozen=True)
class BondRequest:
    """What the bond dialog asks for: whose 縁故, from which 類型, to what."""

    holder: str
    archetype: str
    kind: BondKind
    target: str = ""
    target_id: str | None = None
    level: int = 1  # above 1 only for a PC's 縁故 to the revealed ラスボス (or with the override)
    override: bool = False


@dataclass(frozen=True)
class BondUsage:
    """What the holder has used of each limit (an NPC's preset 縁故 count too)."""

    total: int
    memories: int
    purposes: int
    to_pcs: int
    taken_in_scene: Bond | None  # the 縁故 that took the current scene's one new 縁故
