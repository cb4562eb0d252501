"""What the campaign's 千幻抄 session adds to a character's Udonarium export: its 幻想値 per 類型, its
縁故 and its 幻想能力 as they stand (the engine's `session_sheet`), read the way every 千幻抄 view
reads them (`state`).  The app's export reaches it through the system's hooks (`session_sheet`)."""

from __future__ import annotations

from dataclasses import replace

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.sengensho.state import cast_of, read_catalog, read_session, readings_for
from gmtool.models.shown_text import shown
from gmtool.rules.systems.base import SessionSheet
from gmtool.rules.systems.sengensho.ccfolia import session_sheet


def sengensho_session_sheet(campaign_model: CampaignModel, character_id: str) -> SessionSheet:
    """The character's session part; an unreadable session document exports as an empty one."""
    session, _ = read_session(campaign_model)
    catalog, _ = read_catalog(campaign_model)
    sheet = session_sheet(
        session, cast_of(campaign_model), catalog, character_id, readings_for(campaign_model)
    )
    # The memo lines are messages: written in the UI language, as the rest of the export's text.
    return replace(sheet, memo=tuple(shown(line) for line in sheet.memo))
