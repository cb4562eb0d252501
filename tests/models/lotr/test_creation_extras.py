"""The last page of the LotR creation model (`model.extras`): free-point buys and flaws."""

from __future__ import annotations

from dataclasses import replace

from gmtool.rules.systems.lotr.rules_data import lotr_rules
from tests.models.lotr.creation_fixtures import make_model, ready, refused


def test_free_pick_costs_come_from_the_table_or_are_typed(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)
    refused(
        lambda: model.extras.add_free_pick("attribute", "per"), "ルールデータにありません", "入力してください"
    )
    refused(lambda: model.extras.add_free_pick("order_ability", "x", 1), "自由ポイントで買えるのは")
    model.extras.add_free_pick("edge", "Hardy", 3)
    refused(lambda: model.extras.add_free_pick("attribute", "per", 3), "自由ポイントは 5 点までです（いま 6")
    model.extras.add_free_pick("attribute", "per", 2)
    assert model.preview().attributes["per"] == 8
    assert model.character().edges == ("Hardy",)

    rules = replace(lotr_rules(), picks={**lotr_rules().picks, "attribute": 3, "favoured_attribute": 2})
    model = make_model(empty_campaign_model, rules=rules)
    ready(model)
    model.extras.add_free_pick("attribute", "per", 0)  # the table's 3, not the typed 0
    assert [b.cost for b in model.extras.free_buys()] == [3]
    model.set_favoured_attributes(["per", "str"])  # favoured: the cheaper cost
    assert [b.cost for b in model.extras.free_buys()] == [2]


def test_a_fifth_flaw_is_refused(empty_campaign_model):
    model = make_model(empty_campaign_model)
    for flaw in ("Arrogant", "Stubborn", "Greedy", "Proud"):
        model.extras.add_flaw(flaw)
    refused(lambda: model.extras.add_flaw("Dour"), "Flaw は種族と職業を合わせて 4 つまでです（いま 5）")
    model.extras.remove_flaw(0)
    model.extras.add_flaw("Dour")
    assert model.draft.flaws == ("Stubborn", "Greedy", "Proud", "Dour")
