"""Courage counted per round wherever it is spent (1.2.3 「1ラウンドには4点まで使用可能」).

One count in the campaign's session state (COURAGE_KEY) serves the judgement panel, the sheet and
the combat tracker.  Which round it counts on: the combat tracker's while a LotR encounter is
running (its 次のラウンド starts a new count), else the panel's own round (its 次のラウンド).  The
count remembers the round it was made on (`counted`), so when the tracker's round moves on, what
was spent before simply stops counting: nothing has to be reset, and undo puts it back.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from gmtool.models.battle_keys import ENCOUNTER_KEY
from gmtool.models.campaign_model import CampaignModel
from gmtool.rules.battle import load_encounter
from gmtool.rules.systems.lotr.checks import COURAGE_PER_ROUND

COURAGE_KEY = "lotr.courage_round"  # {"round": n, "spent": {id: points}, "counted": "...", "roll": {...}}
TRACKER, PANEL = "tracker", "panel"


def tracker_round(campaign_model: CampaignModel) -> int | None:
    """The running LotR encounter's round, or None (none running, another system's, unreadable)."""
    try:
        encounter = load_encounter(campaign_model.session_value(ENCOUNTER_KEY))
    except ValueError:  # a damaged document: the tracker says so; courage counts on the panel's
        return None
    if encounter.active and encounter.system == "lotr" and encounter.round > 0:
        return encounter.round
    return None


def courage_state(campaign_model: CampaignModel) -> dict[str, Any]:
    state = campaign_model.session_value(COURAGE_KEY) or {}
    panel_round = int(state.get("round", 1))
    return {
        "round": panel_round,
        "spent": dict(state.get("spent", {})),
        # A count from before the tracker was followed belongs to the panel's round it was made in.
        "counted": str(state.get("counted", f"{PANEL}:{panel_round}")),
        "roll": dict(state.get("roll", {})),
    }


def current_round(campaign_model: CampaignModel) -> tuple[str, int]:
    """(TRACKER or PANEL, the round number) that courage is counted on now."""
    fight = tracker_round(campaign_model)
    if fight is not None:
        return TRACKER, fight
    return PANEL, courage_state(campaign_model)["round"]


def round_label(campaign_model: CampaignModel) -> str:
    where, number = current_round(campaign_model)
    if where == TRACKER:
        return QCoreApplication.translate("LotRCourage", "ラウンド {0}（戦闘トラッカー）").format(number)
    return QCoreApplication.translate("LotRCourage", "ラウンド {0}").format(number)


def _key(campaign_model: CampaignModel) -> str:
    where, number = current_round(campaign_model)
    return f"{where}:{number}"


def spent_this_round(campaign_model: CampaignModel, character_id: str | None) -> int:
    state = courage_state(campaign_model)
    if state["counted"] != _key(campaign_model):
        return 0
    return int(state["spent"].get(character_id or "", 0))


def round_refusal(campaign_model: CampaignModel, character_id: str, name: str, points: int) -> str:
    """Why `points` more courage breaks the round's limit for this character, or ''."""
    spent = spent_this_round(campaign_model, character_id)
    if spent + points <= COURAGE_PER_ROUND:
        return ""
    where, _number = current_round(campaign_model)
    how = (
        QCoreApplication.translate("LotRCourage", "戦闘トラッカーの次のラウンドで数え直します")
        if where == TRACKER
        else QCoreApplication.translate("LotRCourage", "「次のラウンド」で数え直します")
    )
    return QCoreApplication.translate(
        "LotRCourage",
        "1 ラウンドに使える勇気は {0} 点までです（「{1}」はこのラウンドで {2} 点使用済み）。{3}",
    ).format(COURAGE_PER_ROUND, name, spent, how)


def with_spent(campaign_model: CampaignModel, character_id: str, points: int) -> dict[str, Any]:
    """The state with `points` more counted for this character in the current round (to store in
    the same undo step as the character's courage_spent)."""
    state = courage_state(campaign_model)
    key = _key(campaign_model)
    if state["counted"] != key:
        state["spent"], state["counted"] = {}, key
    state["spent"][character_id] = int(state["spent"].get(character_id, 0)) + points
    return state
