"""The registry of game systems: adding a system is one entry here."""

from __future__ import annotations

from gmtool.rules.systems import aw, fourcard, lotr, mtg, sengensho
from gmtool.rules.systems.base import GameSystem

SYSTEMS: dict[str, GameSystem] = {
    system.id: system for system in (aw.SYSTEM, sengensho.SYSTEM, fourcard.SYSTEM, lotr.SYSTEM, mtg.SYSTEM)
}


def get_system(system_id: str) -> GameSystem:
    try:
        return SYSTEMS[system_id]
    except KeyError:
        known = ", ".join(sorted(SYSTEMS))
        raise KeyError(f"未対応のシステム '{system_id}'（対応: {known}）") from None
