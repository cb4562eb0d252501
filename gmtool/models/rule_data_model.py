"""The GM's rule data between a campaign and a rule data file (gmtool.store.rule_data).

ファイル → ルールデータを書き出す… writes what the campaign holds of each kind (the catalogs and
rule tables the GM edited, the house-rule choices); a player's window reads a file into its own
campaign, so the creation wizards read the GM's skills, tables and choices.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from gmtool.models.campaign_model import CampaignModel
from gmtool.store.rule_data import export_rule_data, import_rule_data, rule_data_kinds


def campaign_rule_data(campaign_model: CampaignModel) -> dict[str, Any]:
    """Session key → document, for each kind the campaign set (a kind left at the shipped data is
    not written: the player's gmtool ships it too).  StoreError if a stored value is unreadable."""
    values = {key: campaign_model.session_value(key) for key in rule_data_kinds()}
    return {key: value for key, value in values.items() if value is not None}


def export_campaign_rule_data(campaign_model: CampaignModel, path: str | os.PathLike[str]) -> list[str]:
    """Writes the campaign's rule data to `path`; the names of what it holds (Messages).
    RulesFileError, and nothing written, when a stored document is not valid."""
    values = campaign_rule_data(campaign_model)
    export_rule_data(path, values)
    return labels_of(values)


def read_rule_data(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A rule data file's documents, each checked; RulesFileError naming what is wrong."""
    return import_rule_data(path)


def labels_of(values: Mapping[str, Any]) -> list[str]:
    """The names (Messages) of the kinds `values` holds, in the file's order."""
    kinds = rule_data_kinds()
    return [kinds[key].label for key in kinds if key in values]


def put_rule_data(campaign_model: CampaignModel, values: Mapping[str, Any], text: str) -> None:
    """The campaign plays `values` from now on: every kind is replaced (one absent from `values`
    goes back to the shipped data), as one undo step."""
    stack = campaign_model.undo_stack
    stack.beginMacro(text)
    try:
        for key in rule_data_kinds():
            campaign_model.set_session_value(key, values.get(key), text)
    finally:
        stack.endMacro()
