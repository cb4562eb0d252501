"""What フォーカード writes as text in the XP ledger, in the UI language (issue 35): a purchase and a GM
override's record are written in the language of the moment (as the log is), gmtool's fixed labels
are stored as their Japanese source and shown translated, and the 1TP-per-interlude house rule still
reads a ledger written in English."""

from __future__ import annotations

from gmtool.models.fourcard.terms import INITIAL_XP_LABEL, ledger_text
from gmtool.rules.systems.fourcard.house_rules import TP_PER_INTERLUDE, TP_STEP
from tests.models.fourcard.test_growth_model import make_growth, stored, with_extra_xp
from tests.models.fourcard.test_house_rules_models import flip
from tests.qt_fixtures import english_ui


def test_purchases_and_overrides_are_written_in_english_in_the_english_ui(empty_campaign_model, tmp_path):
    model = make_growth(empty_campaign_model, with_extra_xp(25))
    model.scenario = "廃坑"
    with english_ui(tmp_path):
        model.buy_specialisation("接近戦", "斧")  # 3 XP: the second 特化
        model.buy_attribute("iq")
        model.override = True
        model.buy_skill_tp("魔法")  # its prerequisite 【魔術理論】 not learned: passed by the GM
        shown = ledger_text(INITIAL_XP_LABEL)
    ledger = [entry.bought for entry in stored(model).growth]
    assert ledger[-3:] == [
        "Melee 【接近戦】 Specialization Axe 【斧】",  # the rule text's skill as the sheet names it
        "IQ +1 (+1 over the starting value)",
        "【魔法】1TP",
    ]
    record = stored(model).overrides[-1]
    assert record == (
        "2026-12-01 【魔法】1TP: GM override"
        " (The prerequisite skill 【魔術理論】 has not been learned to 1 TP or more)"
    )
    assert shown == "Starting experience" and ledger_text(INITIAL_XP_LABEL) == "初期経験点"


def test_the_japanese_ui_writes_the_ledger_as_before(empty_campaign_model):
    model = make_growth(empty_campaign_model, with_extra_xp(5))
    model.scenario = "廃坑"
    model.buy_specialisation("接近戦", "斧")
    assert stored(model).growth[-1].bought == "【接近戦】特化【斧】"


def test_one_tp_per_interlude_reads_a_ledger_written_in_english(empty_campaign_model, tmp_path):
    model = make_growth(empty_campaign_model, with_extra_xp(40))
    model.scenario = "廃坑"
    with english_ui(tmp_path):
        model.buy_skill_tp("魔術理論")
    flip(empty_campaign_model, TP_STEP, TP_PER_INTERLUDE)
    assert any("もう1TP上げています" in str(r) for r in model.skill_preview("魔術理論").reasons)


def test_one_tp_per_interlude_reads_the_english_name_of_the_rule_texts_skill(empty_campaign_model, tmp_path):
    """「Melee 【接近戦】1TP」, as the English UI writes the shipped skill's purchase, is still a TP of
    【接近戦】 bought in this interlude."""
    model = make_growth(empty_campaign_model, with_extra_xp(40))
    model.scenario = "廃坑"
    with english_ui(tmp_path):
        model.buy_skill_tp("接近戦")
        assert stored(model).growth[-1].bought.startswith("Melee 【接近戦】")
    flip(empty_campaign_model, TP_STEP, TP_PER_INTERLUDE)
    assert any("もう1TP上げています" in str(r) for r in model.skill_preview("接近戦").reasons)
