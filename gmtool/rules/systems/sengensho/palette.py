"""千幻抄's chat-palette lines.

BCDice's ``Sengensyou`` bot takes ``SGS+m`` and rolls 3D6 with critical ≥16 and fumble ≤5; it
compares against no target, so no ``>=`` is written.  A check adds one 特性値 and at most one
skill (「{知性}+〈交渉〉」), and the sheet does not pair skills with 特性値, so a skill line says to
add the 特性値.
"""

from __future__ import annotations

from typing import Any

from gmtool.rules.checks import CheckKind
from gmtool.rules.systems.base import ChatPalette


def _roll(character: Any, kind: CheckKind, value: str) -> str:
    return f"SGS+{value}"


def _comment(kind: CheckKind) -> str:
    if kind.id.startswith("skill:"):
        return f"{kind.label}（＋特性値）"
    return f"【{kind.label}】"


PALETTE = ChatPalette(roll=_roll, comment=_comment)
