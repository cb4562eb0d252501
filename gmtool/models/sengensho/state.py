"""Reading the campaign's 千幻抄 state: the session document, the 類型 catalog, the cast.

Every 千幻抄 model and view reads through here, so they agree.  A stored document that fails
validation (a hand-edited or damaged file) is reported, not silently replaced: the readers return
the empty state together with the problem, and the view shows it.  Writing is each model's own
(`SengenshoSessionModel`, the catalog editor, the thresholds).
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.rules.message import Message
from gmtool.rules.systems.sengensho.bonds import MAX_LEVEL
from gmtool.rules.systems.sengensho.catalog import ArchetypeCatalog, catalog_from_document, shipped_catalog
from gmtool.rules.systems.sengensho.house_rules import SengenshoReadings, readings_of
from gmtool.rules.systems.sengensho.session import (
    Cast,
    SengenshoSession,
    member_of,
    session_from_document,
)
from gmtool.store.errors import StoreError
from gmtool.store.validation import format_validation_error

SYSTEM_ID = "sengensho"
SESSION_KEY = "sengensho.session"
CATALOG_KEY = "sengensho.archetypes"
THRESHOLDS_KEY = "sengensho.thresholds"  # {"critical": int, "fumble": int}: the campaign's house rule
LOG_KIND = "sengensho.session"
# The GM's cap on a PC's 縁故 to the revealed ラスボス (an int 1–99; absent: none, i.e. 99), played
# under the BOSS_LEVEL house rule's capped reading: the text gives no number, so the GM enters it.
BOSS_CAP_KEY = "sengensho.boss_level_cap"


def _read(campaign_model: CampaignModel, key: str, label: str) -> tuple[Any, str | None]:
    try:
        return campaign_model.session_value(key), None
    except StoreError as e:
        return None, Message("{0}が読めません: {1}", label, e)


def read_session(campaign_model: CampaignModel) -> tuple[SengenshoSession, str | None]:
    """(the session, None) or (an empty session, why the stored one could not be used)."""
    raw, problem = _read(campaign_model, SESSION_KEY, Message("千幻抄のセッション状態"))
    if raw is None:
        return SengenshoSession(), problem
    try:
        return session_from_document(raw), None
    except (ValidationError, TypeError) as e:
        detail = format_validation_error(e, SESSION_KEY) if isinstance(e, ValidationError) else str(e)
        return SengenshoSession(), Message("千幻抄のセッション状態が正しくありません（{0}）", detail)


def read_catalog(campaign_model: CampaignModel) -> tuple[ArchetypeCatalog, str | None]:
    """The catalog in force: the campaign's, or the shipped one until the GM edits it."""
    raw, problem = _read(campaign_model, CATALOG_KEY, Message("類型カタログ"))
    if raw is None:
        return shipped_catalog(), problem
    try:
        return catalog_from_document(raw), None
    except (ValidationError, TypeError) as e:
        detail = format_validation_error(e, CATALOG_KEY) if isinstance(e, ValidationError) else str(e)
        return shipped_catalog(), Message("キャンペーンの類型カタログが正しくありません（{0}）", detail)


def read_boss_cap(campaign_model: CampaignModel) -> int | None:
    """The GM's cap on the level of a PC's 縁故 to the revealed ラスボス, or None (not entered, or
    not a level: a hand-edited file plays no cap rather than refusing the campaign)."""
    try:
        raw = campaign_model.session_value(BOSS_CAP_KEY)
    except StoreError:
        return None
    if isinstance(raw, int) and not isinstance(raw, bool) and 1 <= raw <= MAX_LEVEL:
        return raw
    return None


def readings_for(campaign_model: CampaignModel) -> SengenshoReadings:
    """The campaign's 千幻抄 house rules, as the engine takes them."""
    return readings_of(campaign_house_rules(campaign_model), read_boss_cap(campaign_model))


def cast_of(campaign_model: CampaignModel) -> Cast:
    """Every 千幻抄 character of the campaign, by id, in list order."""
    return {s.id: member_of(s.character) for s in campaign_model.characters_of(SYSTEM_ID)}
