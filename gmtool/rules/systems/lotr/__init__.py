"""The Lord of the Rings RPG (Decipher, CODA).

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
    OTHER,
    CreationRecordPart,
    Declarations,
    Demo,
    DiceBot,
    LogKind,
    RuleDataPart,
)

if TYPE_CHECKING:
    from gmtool.rules.systems.lotr.system import SYSTEM as SYSTEM

DECLARATIONS = Declarations(
    # BCDice's TheOneRing bots are another game: the CODA rules roll as the generic DiceBot.
    dice_bot=DiceBot(Message("指輪物語"), own_bot=False),
    log_kinds=(
        LogKind("lotr.army", COMBAT),
        LogKind("lotr.mass_battle", COMBAT),
        LogKind("lotr-condition", COMBAT),
        LogKind("lotr-creation", NOTES),
        LogKind("lotr-advancement", NOTES),
        LogKind("lotr.travel", OTHER),
    ),
    session_keys=(
        "lotr.army",
        "lotr.mass_battle",
        "lotr.renown_test",
        "lotr.on_fire",
        "lotr.courage_round",
        "lotr.rules",
    ),
    demo=Demo("lotr.json"),
    # The GM's edits of the rule tables and the reference tables (the wizard reads races, orders
    # and skills from them).
    rule_data=(RuleDataPart("lotr.rules", Message("指輪物語のルール表"), "overrides:check_overrides"),),
    creation=CreationRecordPart(
        methods=(("random", Message("ランダム法（2d6 ×9）")), ("choice", Message("選択法"))),
        rolls=(
            ("attributes", Message("能力値 2d6 ×9")),
            ("reroll", Message("能力値 2d6 ×9 の振り直し（GM の同意）")),
        ),
        replay="creation_replay:replay",
    ),
)


def __getattr__(name: str) -> Any:
    return lazy_system_attribute(__name__, name)
