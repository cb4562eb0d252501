"""MTGでTRPG — a Magic: the Gathering deck is the character; 行動判定 reveals library cards.

What generic code reads of the system is declared here (`DECLARATIONS`), light; the system itself
(`SYSTEM`, in `system.py`, with its schemas and rule data) is imported when first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.rules.systems import lazy_system_attribute
from gmtool.rules.systems.declarations import CHECKS, Declarations, Demo, LogKind

if TYPE_CHECKING:
    from gmtool.rules.systems.mtg.system import COLOR_NAMES as COLOR_NAMES, SYSTEM as SYSTEM

DECLARATIONS = Declarations(
    # Its checks reveal cards, no dice: no dice bot (the dice box reads its lines as the generic one).
    dice_bot=None,
    log_kinds=(LogKind("mtg.table", CHECKS),),
    session_keys=("mtg",),
    demo=Demo("mtg.json"),
)


def __getattr__(name: str) -> Any:
    return lazy_system_attribute(__name__, name)
