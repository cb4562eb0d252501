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


def test_while_nothing_is_written_the_stored_text_is_not_read_again(campaign_model, counted, monkeypatch):
    """Issue 36: the check is one pragma while the campaign's revision stands; the stored text (1.5 MB
    for a hand-edited document) is read again only after a write, and parsed only if it changed."""
    campaign = campaign_model.campaign
    campaign_house_rules(campaign_model)
    reads: list[str] = []
    text = type(campaign).get_session_text
    monkeypatch.setattr(
        type(campaign), "get_session_text", lambda self, key: reads.append(key) or text(self, key)
    )
    for _ in range(200):
        campaign_house_rules(campaign_model)
    assert reads == [] and counted["house"] == 1
    campaign.set_session("unrelated", 1)  # a write elsewhere: the text compared, not parsed again
    campaign_house_rules(campaign_model)
    campaign_house_rules(campaign_model)
    assert reads == [HOUSE_RULES_KEY] and counted["house"] == 1


def test_the_revision_moves_with_own_writes_a_rollback_and_another_programs_commit(campaign_model, tmp_path):
    import sqlite3

    campaign = campaign_model.campaign
    first = campaign.revision()
    assert campaign.revision() == first  # reading changes nothing
    campaign.set_session("k", 1)
    written = campaign.revision()
    assert written != first
    campaign.begin()
    campaign.set_session("k", 2)
    campaign.rollback()  # the value is back to 1: a reader must look again
    assert campaign.revision() not in (written,) and campaign.get_session("k") == 1
    taken_back = campaign.revision()
    other = sqlite3.connect(campaign.path)  # another program writing the same file
    try:
        other.execute("UPDATE session SET value = '3' WHERE key = 'k'")
        other.commit()
    finally:
        other.close()
    assert campaign.revision() != taken_back and campaign.get_session("k") == 3
