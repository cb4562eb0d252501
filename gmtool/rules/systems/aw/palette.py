"""アナザーワールド's chat-palette lines.

BCDice has no アナザーワールド bot; its SRS bot (スタンダードRPGシステム) implements the shared SRS
check.  Its syntax is ``2D6+m>=t[c,f]`` with the critical and fumble values in brackets (default
12 and 2, test/data/SRS.toml); ``@c`` is not SRS syntax.  The brackets are written only when the
character's values differ from those defaults.
"""

from __future__ import annotations

from gmtool.rules.checks import CheckKind
from gmtool.rules.command_parse import SRS_CRITICAL, SRS_FUMBLE
from gmtool.rules.systems.aw.character import AWCharacter
from gmtool.rules.systems.aw.checks import DEFAULT_DIFFICULTY
from gmtool.rules.systems.base import ChatPalette


def srs_thresholds(critical: int, fumble: int) -> str:
    """The SRS bracket suffix: '' at the defaults, '[11]' for critical 11, '[12,3]' …"""
    if critical == SRS_CRITICAL and fumble == SRS_FUMBLE:
        return ""
    if fumble == SRS_FUMBLE:
        return f"[{critical}]"
    return f"[{critical},{fumble}]"


def _roll(character: AWCharacter, kind: CheckKind, value: str) -> str:
    return f"2D6+{value}>={DEFAULT_DIFFICULTY}{srs_thresholds(character.critical, character.fumble)}"


def _comment(kind: CheckKind) -> str:
    return f"【{kind.label}判定】"


PALETTE = ChatPalette(roll=_roll, comment=_comment)
