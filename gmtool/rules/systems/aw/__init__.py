"""アナザーワールドSRS 3rd edition.

What generic code reads of the system is declared here (`DECLARATIONS`), light; the system itself
(`SYSTEM`, in `system.py`, with its schemas and rule data) is imported when first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.rules.message import Message
from gmtool.rules.systems import lazy_system_attribute
from gmtool.rules.systems.declarations import (
    CHECKS,
    SESSION,
    BotCommand,
    Declarations,
    Demo,
    DiceBot,
    LogKind,
)

if TYPE_CHECKING:
    from gmtool.rules.systems.aw.system import SYSTEM as SYSTEM, AnotherWorld as AnotherWorld

DECLARATIONS = Declarations(
    # BCDice's SRS bot: アナザーワールド is an SRS game (its palette's docstring says why).
    dice_bot=DiceBot(
        Message("アナザーワールド (SRS)"), "SRS", reads=frozenset({BotCommand.SRS}), sort_add_dice=True
    ),
    log_kinds=(
        LogKind("aw.focus", CHECKS),
        LogKind("aw.supply", CHECKS),
        LogKind("aw.session", SESSION, marks_sessions=True),
    ),
    session_keys=("aw.session", "aw.focus"),
    # The demo's first characters: the screenshots and the self-test roll 反射 for the first.
    demo=Demo("aw.json", shown_check="reflex"),
)


def __getattr__(name: str) -> Any:
    return lazy_system_attribute(__name__, name)
