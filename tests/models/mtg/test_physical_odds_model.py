"""The judgement panel's cards out of the library (house rule mtg.physical_odds): each change one
undo step and one log line, kept with the campaign for that deck; the odds follow the reading in
force and the line under them says which; the procedure refuses a revealed card that is out of the
library under the library-only reading."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.models.mtg.table_model import LOG_KIND
from gmtool.rules.systems.mtg.checks import LibraryCard
from gmtool.rules.systems.mtg.house_rules import ODDS_LIBRARY_ONLY, PHYSICAL_ODDS
from gmtool.rules.systems.mtg.table import TableRefused
from tests.models.mtg.test_house_rules_mtg_model import panel
from tests.rules.mtg.fixtures import BEAR, FOREST, RED, RELIC
from tests.rules.mtg.test_physical_odds import DECK, count


@pytest.fixture
def ten(empty_campaign_model):
    model = panel(empty_campaign_model, DECK)
    model.set_difficulty(4)
    return model


def library_only(model) -> None:
    HouseRulesModel(model.campaign_model).set_reading(PHYSICAL_ODDS, ODDS_LIBRARY_ONLY)


def test_the_cards_out_leave_the_odds_only_under_the_library_reading_and_each_change_undoes(ten):
    cm = ten.campaign_model
    ten.set_outside(LibraryCard(FOREST), 2)
    ten.set_outside(LibraryCard(BEAR), 1)
    assert ten.plan.success == count("FFFFBBBRAA", 4)[0] == Fraction(8, 15)  # today: the whole deck
    assert (
        "デッキ全体 10 枚で計算" in ten.basis_text()
        and "ライブラリー外の 3 枚も数えています" in ten.basis_text()
    )
    library_only(ten)
    assert (ten.plan.success, ten.plan.success_with_boost) == count("FFBBRAA", 4)
    assert ten.plan.success == Fraction(10, 21)
    assert "ライブラリーに残る 7 枚で計算" in ten.basis_text()
    cm.undo_stack.undo()  # the house rule
    cm.undo_stack.undo()  # 熊 1 out
    library_only(ten)
    assert ten.plan.success == count("FFBBBRAA", 4)[0]
    entries = [e for e in cm.log_entries() if e.kind == LOG_KIND]
    lines = [e.payload["summary"]["inputs"] for e in entries]
    assert lines == [
        "ライブラリー外のカード: 《森》 2枚（PC）",
        "ライブラリー外のカード: 《ルーン爪の熊》 1枚（PC）",
    ]
    assert entries[-1].id in cm.undone_log_ids()


def test_the_list_is_stored_per_deck_in_the_campaign(ten):
    ten.set_outside(LibraryCard(RELIC), 2)
    stored = ten.campaign_model.session_value("mtg")["outside"]
    assert stored == {ten.character_id: [{"name": RELIC.name, "critical": False, "count": 2}]}
    ten.clear_outside()
    assert "outside" not in ten.campaign_model.session_value("mtg")
    ten.campaign_model.undo_stack.undo()
    assert ten.outside_count(LibraryCard(RELIC)) == 2


def test_more_copies_than_the_deck_has_are_refused_naming_the_card(ten):
    with pytest.raises(TableRefused, match="デッキに1枚なので、ライブラリー外は0〜1枚です（2枚"):
        ten.set_outside(LibraryCard(RED), 2)
    ten.set_known_top([LibraryCard(RED)])
    with pytest.raises(TableRefused, match="PLの知っている上のカード"):
        ten.set_outside(LibraryCard(RED), 1)
    assert ten.outside() == ()


def test_a_revealed_card_must_be_in_the_library_under_the_library_reading(ten):
    library_only(ten)
    ten.set_outside(LibraryCard(RED), 1)
    with pytest.raises(TableRefused, match="0枚しか残っていません"):
        ten.procedure.reveal_physical(LibraryCard(RED), LibraryCard(BEAR))


def test_a_known_top_card_must_be_left_in_the_library_under_the_library_reading(ten):
    ten.set_outside(LibraryCard(RED), 1)
    ten.set_known_top([LibraryCard(RED)])  # the whole-deck reading: the cards out are not counted
    library_only(ten)
    assert ten.known_top == [] and "もう残っていません" in ten.problem  # forgotten, and said so
    with pytest.raises(TableRefused, match="もう残っていません"):
        ten.set_known_top([LibraryCard(RED)])
