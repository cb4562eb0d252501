"""フォーカード's chat-palette lines.

BCDice has no フォーカード bot: the lines are plain ``2D6+n>=t`` (the generic AddDice command)
against the difficulty the judgement panel starts from.  BCDice cannot apply フォーカード's
natural 2/12: the lines are a convenience, gmtool's panel is exact.
"""

from __future__ import annotations

import re
from typing import Any

from gmtool.rules.checks import CheckKind
from gmtool.rules.systems.base import ChatPalette
from gmtool.rules.systems.fourcard.checks import DEFAULT_DIFFICULTY

# A specialisation's check, 「【接近戦】特化【剣】」, names its variable 「接近戦（剣）」.
_SPECIALISED = re.compile(r"【(.+?)】特化【(.+?)】")


def _roll(character: Any, kind: CheckKind, value: str) -> str:
    return f"2D6+{value}>={DEFAULT_DIFFICULTY}"


def _variable_label(kind: CheckKind) -> str:
    return _SPECIALISED.sub(r"\1（\2）", kind.label)


PALETTE = ChatPalette(roll=_roll, variable_label=_variable_label)
