"""Sheet steps on a LotR character beyond a field edit: the load carried (1.3), the Armed Combat
actions chosen at ranks 6, 9 and 12 (1.4.2, a house rule) and a renown raise with its reason (1.6.1).

Each is one undo step (`CampaignModel.update_character`) and one session-log line (kind
``lotr-condition``, as the sheet's other steps) saying what changed and why.  A wrong request raises
ValueError with a message naming what is wrong, and changes nothing.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.models.lotr.rules_model import campaign_lotr_rules
from gmtool.models.shown_text import listed, span
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import SYSTEM, armed_combat, renown
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.courage import CouragePerPoint, courage_per_point
from gmtool.rules.systems.lotr.derived import (
    BEYOND_TABLE,
    HEAVY,
    LOAD_WEARINESS_TN,
    NORMAL,
    VERY_HEAVY,
    encumbrance,
    load_level,
    movement,
)
from gmtool.rules.systems.lotr.house_rules import ARMED_BONUS_ON, ARMED_COMBAT_BONUS
from gmtool.rules.systems.lotr.reference_catalog import COURAGE_TRAITS
from gmtool.store.validation import format_validation_error

LOG_KIND = "lotr-condition"
MAX_LOAD = 99_999  # the stored schema's limit


class LotRCharacterSteps(QObject):
    performed = Signal(str)  # the status text of a step just taken

    def __init__(
        self, campaign_model: CampaignModel, character_id: str, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.character_id = character_id

    @property
    def character(self) -> LotRCharacter:
        return self.campaign_model.character_as(self.character_id, LotRCharacter)

    @property
    def armed_combat_on(self) -> bool:
        """House rule ARMED_COMBAT_BONUS (1.4.2, 「省略したほうが安全」: off unless the GM turns it on)."""
        return campaign_house_rules(self.campaign_model).get(ARMED_COMBAT_BONUS) == ARMED_BONUS_ON

    # ---- courage traits (1.2.3) ---------------------------------------------------------------
    def courage_value(self, skill: str) -> CouragePerPoint:
        """What a point of courage gives this character on a test of `skill` ('' = no skill named)."""
        table = campaign_lotr_rules(self.campaign_model).reference_table(COURAGE_TRAITS)
        return courage_per_point(self.character, skill, table)

    # ---- load (1.3) --------------------------------------------------------------------------
    def load_text(self, character: LotRCharacter | None = None) -> str:
        """「重荷（STR × 20 まで）: 移動 ×3/4、荷重による疲労判定の目標値 +10」 or 未入力."""
        c = character if character is not None else self.character
        level = load_level(c)
        if level is None:
            return self.tr("荷重が未入力です（入力すると移動距離と疲労判定の修正を表示します）")
        label = self.level_label(level)
        if level == BEYOND_TABLE:  # 1.3 ends at 「x30まで超重荷」: no movement or TN to claim
            return self.tr(
                "{0}: {1}。本文の荷重表は超重荷（STR × 30 まで）で終わるので、"
                "移動距離と荷重による疲労判定の修正は GM が決めます"
            ).format(c.load, label)
        factor = {NORMAL: "×1", HEAVY: "×3/4", VERY_HEAVY: "×1/2"}[level]
        return self.tr("{0}: {1}、移動 {2}、荷重による疲労判定の目標値 +{3}").format(
            c.load, label, factor, LOAD_WEARINESS_TN[level]
        )

    def load_short_text(self, character: LotRCharacter | None = None) -> str:
        """「重荷: 移動 ×3/4、疲労 TN +10」: short, the whole sentence is `load_text`; '' 未入力."""
        c = character if character is not None else self.character
        level = load_level(c)
        if level is None:
            return ""
        if level == BEYOND_TABLE:
            return self.tr("STR × 30 超: 本文の表の外（GM が判断）")
        factor = {NORMAL: "×1", HEAVY: "×3/4", VERY_HEAVY: "×1/2"}[level]
        label = self.level_label(level)
        return self.tr("{0}: 移動 {1}、疲労 TN +{2}").format(label, factor, LOAD_WEARINESS_TN[level])

    def movement_text(self, character: LotRCharacter | None = None) -> str:
        """The moves of 3.1 at the load's fraction, rounded half up (5.); as unburdened while no load
        is entered; past STR × 30 the text gives none."""
        c = character if character is not None else self.character
        level = load_level(c)
        moves = movement(level or NORMAL)
        if not moves:  # past STR×30 the text gives no fraction of the moves (1.3, 3.1)
            return self.tr("STR × 30 超: 本文に移動距離の定めがありません（GM が判断）")
        text = listed(
            f"{name} {most}" if least is None else f"{name} {span(least, most)}"
            for _, name, least, most in moves
        )
        return self.tr("{0}（荷重未入力）").format(text) if level is None else text

    def level_label(self, level: str) -> str:
        return {
            NORMAL: self.tr("普通"),
            HEAVY: self.tr("重荷"),
            VERY_HEAVY: self.tr("超重荷"),
            BEYOND_TABLE: self.tr("STR × 30 超（本文の表の外）"),
        }[level]

    def set_load(self, load: int | None) -> str:
        """The load carried (None: not entered); one undo step."""
        if load is not None and (
            isinstance(load, bool) or not isinstance(load, int) or not 0 <= load <= MAX_LOAD
        ):
            raise ValueError(self.tr("荷重は 0〜{0} の整数です（{1!r}）").format(MAX_LOAD, load))
        before = self.character
        if before.load == load:
            raise ValueError(self.tr("荷重はすでに {0} です").format("—" if load is None else load))
        after = replace(before, load=load)
        light, heavy, very_heavy = encumbrance(after)
        status = self.tr("荷重を {0} にしました — {1}").format(
            "—" if load is None else load, self.load_text(after)
        )
        details = {"load": load, "limits": [light, heavy, very_heavy], "level": load_level(after)}
        return self._apply("load", after, self.tr("荷重"), status, details)

    # ---- Armed Combat (1.4.2) ------------------------------------------------------------------
    @staticmethod
    def combat_actions() -> tuple[tuple[str, str], ...]:
        """(id, label) of the combat actions an Armed Combat pick may name; labels are templates."""
        return armed_combat.ACTIONS

    @staticmethod
    def combat_action_label(action: str) -> str:
        return armed_combat.ACTION_LABELS.get(action, action)

    def open_milestones(self) -> list[tuple[str, int]]:
        """(skill, rank) of every rank 6, 9 or 12 an Armed Combat skill has reached with no pick yet."""
        return armed_combat.open_milestones(self.character)

    def choose_combat_action(self, skill: str, rank: int, action: str) -> str:
        if not self.armed_combat_on:
            raise ValueError(
                self.tr("Armed Combat の戦闘行動の +1 はハウスルールで使わない設定です（1.4.2）")
            )
        after = armed_combat.choose(self.character, skill, rank, action)
        label = Message(armed_combat.ACTION_LABELS[action])
        status = self.tr("{0} ランク {1}: {2} に +1 を選びました（1.4.2）").format(skill, rank, label)
        details = {"skill": skill, "rank": rank, "combat_action": action}
        return self._apply("armed_combat_pick", after, self.tr("Armed Combat の戦闘行動"), status, details)

    def remove_combat_action(self, skill: str, rank: int) -> str:
        after = armed_combat.unchoose(self.character, skill, rank)
        status = self.tr("{0} ランク {1} の戦闘行動の選択を外しました").format(skill, rank)
        details = {"skill": skill, "rank": rank}
        return self._apply("armed_combat_unpick", after, self.tr("Armed Combat の戦闘行動"), status, details)

    # ---- renown (1.6.1) ------------------------------------------------------------------------
    def raise_renown(self, amount: int, reason: str) -> str:
        """Renown +amount for a Renown Trigger the GM names (Table 11.3 is not in the text)."""
        before = self.character
        after = renown.raise_renown(before, amount, reason)
        status = self.tr("Renown +{0}（{1} → {2}）: {3}").format(
            amount, before.renown, after.renown, reason.strip()
        )
        details = {"amount": amount, "reason": reason.strip(), "renown_before": before.renown}
        return self._apply("renown_raise", after, self.tr("知名度の上昇"), status, details)

    # ---- internals -----------------------------------------------------------------------------
    def _apply(
        self, action: str, after: LotRCharacter, undo_label: str, status: str, details: dict[str, Any]
    ) -> str:
        if not self.campaign_model.has_character(self.character_id):
            raise ValueError(self.tr("このキャラクターは削除されています"))
        before = self.character
        try:  # through the stored schema first: nothing changes if the result cannot be kept
            after = SYSTEM.load_character(SYSTEM.dump_character(after))
        except ValidationError as e:
            raise ValueError(format_validation_error(e)) from None
        self.campaign_model.update_character(self.character_id, after, undo_label)
        payload = {
            "system": SYSTEM.id,
            "time": datetime.now().astimezone().isoformat(timespec="seconds"),
            "action": action,
            "character_id": self.character_id,
            "character": before.name,
            **details,
            "summary": {"who": before.name, "inputs": undo_label, "dice": "—", "result": status},
        }
        self.campaign_model.append_log(LOG_KIND, payload)
        self.performed.emit(status)
        return status
