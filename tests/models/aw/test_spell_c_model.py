"""The judgement panel follows aw.command_spell_boost_timing: under "after" the 令呪 +20 box is refused,
the odds before the roll say how often a 令呪 is used, and a failed roll may take it afterwards (one
undo step, the same dice judged again, a follow-up log line).  Undoing the flip brings "before" back."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from gmtool.models.aw.check_model import AWCheckModel
from gmtool.models.aw.session_model import AWSessionModel
from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.rules.checks import Outcome, Side
from gmtool.rules.dice import roll
from gmtool.rules.systems.aw.house_rules import BOOST_AFTER, SPELL_BOOST_TIMING
from gmtool.rules.systems.aw.session import SessionRefused
from gmtool.views.aw.check_view import AWCheckView


def seed_for(wanted):
    return next(s for s in range(1000) if wanted(sum(roll(random.Random(s), 2, 6))))


@pytest.fixture
def servant_check(campaign_model):
    """影の使徒 (反射 3) serves 朝霧 透; the panel: 影の使徒's 反射 against 20, failing but for a critical."""
    toru, _, shadow = (s.id for s in campaign_model.characters_of("aw"))
    session = AWSessionModel(campaign_model)
    session.contracts.form_contract(toru, shadow)
    seed = seed_for(lambda n: 3 <= n <= 11)
    model = AWCheckModel(campaign_model, seed_source=lambda: seed)
    model.set_character(Side.ACTION, shadow)
    model.set_source(Side.ACTION, "reflex")
    model.set_difficulty(20)
    return model, session, toru, seed


def test_after_the_dice_the_spell_is_taken_on_a_failure(servant_check, campaign_model):
    model, session, toru, seed = servant_check
    assert model.spell_c.odds() == []  # "before": the box, as always
    HouseRulesModel(campaign_model).set_reading(SPELL_BOOST_TIMING, BOOST_AFTER)
    with pytest.raises(SessionRefused, match="出目を見てから、振った後"):
        model.set_boost(True)
    (odds,) = model.spell_c.odds()
    # 3 + 2D6 + 20 ≥ 20 but for the fumble; without it only the critical: used on 34 of 36 rolls.
    assert (odds.success, odds.use) == (Fraction(35, 36), Fraction(34, 36))
    assert model.success_probability == Fraction(1, 36)  # the roll itself is made without it

    result = model.roll()
    natural = sum(roll(random.Random(seed), 2, 6))
    assert result.outcome is Outcome.FAILURE and session.contracts.spells_left(toru) == 3  # nothing spent yet
    assert model.spell_c.available()
    again = model.spell_c.use()
    assert again.outcome is Outcome.SUCCESS and again.total == 3 + natural + 20
    assert session.contracts.spells_left(toru) == 2 and model.last_result == again
    line = campaign_model.log_entries()[-1].payload
    assert line["mode"] == "command_spell_after" and "出目を見てから" in line["summary"]["inputs"]
    assert f"失敗（達成値 {3 + natural}）→ 成功（達成値 {23 + natural}）" in line["summary"]["result"]
    with pytest.raises(SessionRefused, match="先に振って"):
        model.spell_c.use()  # one 令呪 per roll

    stack = campaign_model.undo_stack
    stack.undo()  # the 令呪
    assert session.contracts.spells_left(toru) == 3
    stack.undo()  # the switch
    assert model.spell_c.odds() == [] and model.spell_c.pending() is None
    model.set_boost(True)
    assert model.success_probability == Fraction(35, 36)


def test_a_success_or_a_fumble_takes_no_spell(campaign_model):
    toru, _, shadow = (s.id for s in campaign_model.characters_of("aw"))
    AWSessionModel(campaign_model).contracts.form_contract(toru, shadow)
    HouseRulesModel(campaign_model).set_reading(SPELL_BOOST_TIMING, BOOST_AFTER)
    fumble = seed_for(lambda n: n == 2)
    model = AWCheckModel(campaign_model, seed_source=lambda: fumble)
    model.set_character(Side.ACTION, shadow)
    model.set_difficulty(20)
    model.roll()
    assert "ファンブル" in model.spell_c.reason() and not model.spell_c.available()
    model.set_difficulty(2)
    model._seed_source = lambda: seed_for(lambda n: 3 <= n <= 11)
    model.roll()
    assert model.spell_c.reason() == "成功しているので令呪は要りません"


def test_the_panel_shows_the_odds_and_the_button(qtbot, servant_check, campaign_model):
    model, session, toru, _ = servant_check
    view = AWCheckView(model)
    qtbot.addWidget(view)
    view.show()
    assert view.boost_check.isVisible() and not view.spell_odds_label.isVisible()
    HouseRulesModel(campaign_model).set_reading(SPELL_BOOST_TIMING, BOOST_AFTER)
    assert not view.boost_check.isVisible()
    assert "令呪を使う確率 94.44%" in view.spell_odds_label.text()
    assert "成功率 97.22%（振る前に使うのと同じ）" in view.spell_odds_label.text()
    assert not view.spell_after.isVisible()
    view.roll_button.click()
    assert view.spell_after.isVisible() and view.spell_after.button.isEnabled()
    view.spell_after.button.click()
    assert "令呪を使用: 達成値 +20" in view.result_label.text() and "成功" in view.result_label.text()
    assert session.contracts.spells_left(toru) == 2 and not view.spell_after.isVisible()


def test_the_boxes_before_the_roll_are_the_action_sides_and_in_a_duel_both(campaign_model):
    model = AWCheckModel(campaign_model)
    assert model.boost_sides_in_play == (Side.ACTION,)
    model.set_opposed(True)
    assert model.boost_sides_in_play == (Side.ACTION, Side.REACTION)
    HouseRulesModel(campaign_model).set_reading(SPELL_BOOST_TIMING, BOOST_AFTER)
    assert model.boost_sides_in_play == ()  # the 令呪 is taken after the dice


def test_ticking_opposed_ends_the_offer_on_the_single_checks_roll(qtbot, servant_check, campaign_model):
    """The result beside the button goes when 対決 is ticked, and the 令呪 button that offered to turn
    it goes with it: it would name a roll no longer shown."""
    model, session, toru, _ = servant_check
    HouseRulesModel(campaign_model).set_reading(SPELL_BOOST_TIMING, BOOST_AFTER)
    view = AWCheckView(model)
    qtbot.addWidget(view)
    view.show()
    model.roll()
    assert view.spell_after.isVisible() and view.result_label.text()
    view.opposed_check.setChecked(True)
    assert view.result_label.text() == "" and not view.spell_after.isVisible()
    assert model.last_result is None and model.spell_c.pending() is None
    with pytest.raises(SessionRefused, match="先に振って"):
        model.spell_c.use()
    assert session.contracts.spells_left(toru) == 3
