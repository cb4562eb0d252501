"""The LotR rule tables a campaign uses: the shipped ones with the GM's edits (session state)."""

from __future__ import annotations

from gmtool.models.campaign_model import CampaignModel
from gmtool.rules.systems.lotr.overrides import apply_overrides
from gmtool.rules.systems.lotr.rules_data import LotRRules, lotr_rules

RULES_KEY = "lotr.rules"  # session-state key of the GM's edits


def campaign_lotr_rules(campaign_model: CampaignModel) -> LotRRules:
    return apply_overrides(lotr_rules(), campaign_model.session_value(RULES_KEY))
