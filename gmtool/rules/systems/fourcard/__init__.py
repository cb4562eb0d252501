"""フォーカード basic rules.

What generic code reads of the system is declared here (`DECLARATIONS`), light; the system itself
(`SYSTEM`, in `system.py`, with its schemas and rule data) is imported when first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.rules.message import Message
from gmtool.rules.systems import lazy_system_attribute
from gmtool.rules.systems.declarations import (
    COMBAT,
    NOTES,
    CreationRecordPart,
    Declarations,
    Demo,
    DiceBot,
    LogKind,
    RuleDataPart,
)

if TYPE_CHECKING:
    from gmtool.rules.systems.fourcard.system import SYSTEM as SYSTEM

DECLARATIONS = Declarations(
    # BCDice has no bot for フォーカード: the generic DiceBot rolls it, and its lines say so.
    dice_bot=DiceBot(Message("フォーカード"), own_bot=False),
    log_kinds=(
        LogKind("fourcard-damage", COMBAT),
        LogKind("fourcard-creation", NOTES),
        LogKind("fourcard-growth", NOTES),
    ),
    session_keys=("fourcard.skill_catalog", "fourcard.day"),
    demo=Demo("fourcard.json"),
    rule_data=(
        RuleDataPart(
            "fourcard.skill_catalog", Message("フォーカードのスキルカタログ"), "catalog:catalog_from_document"
        ),
    ),
    creation=CreationRecordPart(
        methods=(("random", Message("能力値はダイス（2D3+1）")),),
        rolls=(
            ("attributes", Message("能力値 2D3+1 ×5")),
            ("reroll", Message("能力値の振り直し（GM の同意）")),
            ("handedness", Message("利き腕 2D6")),
            ("money", Message("所持金 3D6×100+1000 CP")),
        ),
        replay="creation_replay:replay",
        face_labels=(("iq", "IQ"), ("dx", "DX"), ("st", "ST"), ("wp", "WP"), ("vt", "VT")),
    ),
)


def __getattr__(name: str) -> Any:
    return lazy_system_attribute(__name__, name)
