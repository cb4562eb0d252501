"""千幻抄 — 類型と幻想能力 (rule 1.3), with 3D6 checks.

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
    RuleDataPart,
)

if TYPE_CHECKING:
    from gmtool.rules.systems.sengensho.system import (
        ATTRIBUTE_GROUP as ATTRIBUTE_GROUP,
        SYSTEM as SYSTEM,
        attribute_kind_id as attribute_kind_id,
    )

DECLARATIONS = Declarations(
    dice_bot=DiceBot(Message("千幻抄 (SGS)"), "Sengensyou", reads=frozenset({BotCommand.SGS})),
    log_kinds=(
        LogKind("sengensho.opposed", CHECKS),
        LogKind("sengensho.session", SESSION, marks_sessions=True),
    ),
    session_keys=(
        "sengensho.session",
        "sengensho.archetypes",
        "sengensho.thresholds",
        "sengensho.boss_level_cap",
    ),
    demo=Demo("sengensho.json"),
    rule_data=(
        RuleDataPart(
            "sengensho.archetypes", Message("千幻抄の類型カタログ"), "catalog:catalog_from_document"
        ),
    ),
)


def __getattr__(name: str) -> Any:
    return lazy_system_attribute(__name__, name)
