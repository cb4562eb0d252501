"""Session documents are read once per stored change (issue 39, case 3; issue 36): a panel asking for
the house rules or the LotR tables on every refresh, once per row, no longer re-parses the stored
JSON each time — a hand-edited document of 100 000 keys froze the ルール表 dialog for over a minute."""

from __future__ import annotations

import pytest

from gmtool.models.house_rules_model import HouseRulesModel, campaign_house_rules
from gmtool.models.lotr.rules_campaign import RULES_KEY, campaign_lotr_rules
from gmtool.rules.house_rules import HOUSE_RULES_KEY, HouseRules
from gmtool.rules.systems.lotr import overrides


@pytest.fixture
def counted(monkeypatch):
    calls = {"house": 0, "lotr": 0}
    real_house, real_lotr = HouseRules.from_document.__func__, overrides.apply_overrides

    def house(cls, document):
        calls["house"] += 1
        return real_house(cls, document)

    def lotr(shipped, document):
        calls["lotr"] += 1
        return real_lotr(shipped, document)

    monkeypatch.setattr(HouseRules, "from_document", classmethod(house))
    monkeypatch.setattr("gmtool.models.lotr.rules_campaign.apply_overrides", lotr)
    return calls


def test_the_house_rules_are_read_once_per_change(campaign_model, counted):
    for _ in range(200):  # a panel's refresh over 200 rows
        campaign_house_rules(campaign_model)
    assert counted["house"] == 1
    campaign_model.campaign.set_session(HOUSE_RULES_KEY, {})  # a change, even by another program
    rules = campaign_house_rules(campaign_model)
    assert counted["house"] == 2 and campaign_house_rules(campaign_model) is rules


def test_the_lotr_tables_are_read_once_per_change(campaign_model, counted):
    first = campaign_lotr_rules(campaign_model)
    for _ in range(200):
        assert campaign_lotr_rules(campaign_model) is first
    assert counted["lotr"] == 1
    campaign_model.campaign.set_session(RULES_KEY, {"version": 1})
    campaign_lotr_rules(campaign_model)
    assert counted["lotr"] == 2


def test_a_house_rules_document_of_100000_keys_is_read_once_and_said(campaign_model, counted):
    campaign_model.campaign.set_session(HOUSE_RULES_KEY, {f"x{i}": "a" for i in range(100_000)})
    model = HouseRulesModel(campaign_model)
    for _ in range(50):
        assert campaign_house_rules(campaign_model) == HouseRules()  # the defaults are played
        assert model.problem  # and why is said
    assert counted["house"] == 1
