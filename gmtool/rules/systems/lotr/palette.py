"""The Lord of the Rings RPG's chat-palette lines.

BCDice has no LotR (CODA) bot: the lines are plain ``2D6+n>=t`` (the generic AddDice command)
against the TN the judgement panel starts from.  BCDice cannot apply LotR's exploding double
six: the lines are a convenience, gmtool's panel is exact.
"""

from __future__ import annotations

from typing import Any

from gmtool.rules.checks import CheckKind
from gmtool.rules.systems.base import ChatPalette
from gmtool.rules.systems.lotr.kinds import DEFAULT_TN


def _roll(character: Any, kind: CheckKind, value: str) -> str:
    return f"2D6+{value}>={DEFAULT_TN}"


PALETTE = ChatPalette(roll=_roll)
