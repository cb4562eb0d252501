"""The campaign's フォーカード skill catalog: the shipped one until the GM edits it.

Stored in the campaign's session state, so it travels with the campaign file and
its edits are undoable like any other.
"""

from __future__ import annotations

from pydantic import ValidationError

from gmtool.models.campaign_model import CampaignModel
from gmtool.rules.message import Message
from gmtool.rules.systems.fourcard.catalog import (
    SkillCatalog,
    catalog_from_document,
    catalog_to_document,
    shipped_catalog,
)
from gmtool.store.validation import format_validation_error as format_validation_error  # views: no store

CATALOG_KEY = "fourcard.skill_catalog"


class CatalogProblem(ValueError):
    """The stored catalog is not valid; the message names the bad field."""


def campaign_catalog(campaign_model: CampaignModel) -> SkillCatalog:
    """The catalog in force: the campaign's, or the shipped one if the GM never edited it.

    A stored catalog that fails validation (a hand-edited file) raises CatalogProblem
    rather than silently falling back, so the GM learns the edit was lost.
    """
    document = campaign_model.session_value(CATALOG_KEY)
    if document is None:
        return shipped_catalog()
    try:
        return catalog_from_document(document)
    except (ValidationError, TypeError) as e:
        detail = format_validation_error(e) if isinstance(e, ValidationError) else str(e)
        raise CatalogProblem(Message("キャンペーンのスキルカタログが正しくありません: {0}", detail)) from None


def set_campaign_catalog(campaign_model: CampaignModel, catalog: SkillCatalog, text: str) -> None:
    """Undoable: store the GM's catalog with the campaign."""
    campaign_model.set_session_value(CATALOG_KEY, catalog_to_document(catalog), text)


def reset_campaign_catalog(campaign_model: CampaignModel, text: str) -> None:
    """Undoable: back to the shipped catalog."""
    campaign_model.set_session_value(CATALOG_KEY, None, text)
