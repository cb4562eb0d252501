"""The LotR rule tables a campaign uses: the shipped ones with the GM's edits (session state).

The edits are one JSON document under RULES_KEY (overrides.py describes it), holding only
what differs from the shipped tables, so a later version's corrected tables still show
through wherever the GM changed nothing.  Every model that reads a table asks here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.rules.data import RuleDataError
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.house_rules import UNSET_WOUND_PENALTY
from gmtool.rules.systems.lotr.overrides import apply_overrides
from gmtool.rules.systems.lotr.rules_data import LotRRules, lotr_rules
from gmtool.store.errors import StoreError

RULES_KEY = "lotr.rules"  # session-state key of the GM's edits


def _effective(campaign_model: CampaignModel) -> tuple[LotRRules, str | None]:
    """The effective tables, read once per change of the stored edits (every model asks on each
    refresh, once per row: re-reading or re-serialising a large document each time froze the
    window)."""
    try:
        return campaign_model.parsed_session(RULES_KEY, _apply_edits)
    except StoreError as e:  # the stored value is not even JSON
        return lotr_rules(), _problem(str(e))


def _apply_edits(document: Any) -> tuple[LotRRules, str | None]:
    shipped = lotr_rules()
    try:
        return apply_overrides(shipped, document), None
    except RuleDataError as e:
        return shipped, _problem(e)


def _problem(detail: object) -> str:
    return Message(
        "キャンペーンのルール表（ハウスルール）が正しくないため、同梱の表を使っています: {0}", detail
    )


def campaign_lotr_rules(campaign_model: CampaignModel) -> LotRRules:
    """The tables in force; the shipped ones when the stored edits are bad (never raises).

    They carry the campaign's reading of an unset wound penalty (house rule UNSET_WOUND_PENALTY),
    so every sheet, panel and log line that reads a wound penalty follows the switch; listeners
    re-read them on HOUSE_RULES_KEY as on RULES_KEY."""
    rules = _effective(campaign_model)[0]
    reading = campaign_house_rules(campaign_model).get(UNSET_WOUND_PENALTY)
    if reading == rules.unset_wound_penalty:
        return rules
    key = (id(rules), reading)
    if key not in _read_as or _read_as[key][0] is not rules:
        if len(_read_as) > 32:
            _read_as.clear()
        _read_as[key] = (rules, replace(rules, unset_wound_penalty=reading))
    return _read_as[key][1]


# The tables in force read under a non-default reading, by (tables, reading): one object while
# neither changes, as the models' caches compare the tables by identity.
_read_as: dict[tuple[int, str], tuple[LotRRules, LotRRules]] = {}


def campaign_rules_problem(campaign_model: CampaignModel) -> str | None:
    """Why the campaign's edits are not in force (a hand-edited or damaged file), or None."""
    return _effective(campaign_model)[1]
