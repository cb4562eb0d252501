"""千幻抄's chat-palette lines.

BCDice's ``Sengensyou`` bot takes ``SGS+m`` (its parser reads ``SGS+3+2`` as +5) and rolls 3D6
with critical ≥16 and fumble ≤5; it compares against no target, so no ``>=`` is written.  A check
adds one 特性値 and at most one skill (「{知性}+〈交渉〉」), and the sheet does not pair skills with
特性値 (the text gives no fixed pairing), so a skill line adds the palette variable ``{特性値}``
too: the player sets it once to the 特性値 the check uses (CCFolia's and Udonarium's parameter of
that name) and every skill line then rolls with it.  Udonarium resolves a palette's ``{name}``
from the character's values and again inside a value, so there it may even be ``{身体}``; CCFolia
replaces one level, so there it is the number.  Unset, it is 0, as the variable line shows.
"""

from __future__ import annotations

from typing import Any

from gmtool.rules.checks import CheckKind
from gmtool.rules.systems.base import ChatPalette

CHOSEN_ATTRIBUTE = "特性値"  # the variable a skill line adds: the 特性値 chosen for the check


def _is_skill(kind: CheckKind) -> bool:
    return kind.id.startswith("skill:")


def _roll(character: Any, kind: CheckKind, value: str) -> str:
    if _is_skill(kind):
        return f"SGS+{{{CHOSEN_ATTRIBUTE}}}+{value}"
    return f"SGS+{value}"


def _comment(kind: CheckKind) -> str:
    if _is_skill(kind):
        return f"{kind.label}＋特性値（「{CHOSEN_ATTRIBUTE}」に入れた値）"
    return f"【{kind.label}】"


def _variables(character: Any) -> dict[str, int]:
    return {CHOSEN_ATTRIBUTE: 0}


PALETTE = ChatPalette(roll=_roll, comment=_comment, variables=_variables)
