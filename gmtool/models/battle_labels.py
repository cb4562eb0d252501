"""What a participant's status and side are called on screen and in the log (the engine keeps codes;
these Japanese sources are translated where they are shown, through `tr()`)."""

from __future__ import annotations

from gmtool.rules.battle_types import Side, Status

STATUS_LABELS = {
    Status.ACTIVE: "",
    Status.DEFEATED: "戦闘不能",
    Status.DEAD: "死亡",
    Status.FLED: "逃走",
}
SIDE_LABELS = {Side.ALLY: "味方", Side.ENEMY: "敵"}
