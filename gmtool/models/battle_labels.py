"""What a participant's status and side are called on screen and in the log (the engine keeps codes;
these Japanese sources are translated where they are shown, through `tr()`)."""

from __future__ import annotations

from gmtool.models.shown_text import QT_TRANSLATE_NOOP
from gmtool.rules.battle_types import Side, Status

STATUS_LABELS = {
    Status.ACTIVE: "",
    Status.DEFEATED: QT_TRANSLATE_NOOP("BattleLabels", "戦闘不能"),
    Status.DEAD: QT_TRANSLATE_NOOP("BattleLabels", "死亡"),
    Status.FLED: QT_TRANSLATE_NOOP("BattleLabels", "逃走"),
}
SIDE_LABELS = {
    Side.ALLY: QT_TRANSLATE_NOOP("BattleLabels", "味方"),
    Side.ENEMY: QT_TRANSLATE_NOOP("BattleLabels", "敵"),
}
