"""Issue 37's walk of the LotR attack form (3.2), in Japanese and in English: each finding as the GM
saw it — a charge's knockdown row that stayed under another option, a knockdown result only the log
showed, controls an option cannot use, a preview silent about what a charge costs, a penalty not
explained, Japanese brackets, commas and notes in the English UI."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.tracker_model import LotRTrackerModel
from gmtool.rules import battle as fight
from gmtool.rules.systems.lotr import combat
from gmtool.views.lotr.attack_box import LotRTrackerBox
from tests.qt_fixtures import english_ui
from tests.views.lotr.test_lotr_attack_box import boromir_at_the_orc, seed_where

HIT = seed_where(lambda f: len(f) == 2 and sum(f) == 8)  # 8 + 4 + 1 = 13 vs 10: a charge hits


def no_japanese(text: str) -> bool:
    return re.search(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]", text) is None


def choose(combo, data) -> None:
    combo.setCurrentIndex(combo.findData(data))


def shown(ab, widget) -> bool:
    return widget.isVisibleTo(ab)


def charged(qtbot, campaign_model):
    ab, (orc,) = boromir_at_the_orc(qtbot, campaign_model, lambda: HIT)
    choose(ab.option_combo, "charge")
    ab.roll_button.click()
    return ab, orc


def test_another_option_takes_the_charges_knockdown_away(qtbot, campaign_model):
    ab, _orc = charged(qtbot, campaign_model)
    row = ab.knockdown_row
    assert shown(ab, row.roll_button) and shown(ab, row.status_label)
    choose(ab.option_combo, "grab")
    assert not shown(ab, row.roll_button) and not shown(ab, row.str_spin)
    assert not shown(ab, row.status_label)
    assert ab.attack.fall.waiting() is None


def test_the_knockdowns_result_shows_in_the_form(qtbot, campaign_model):
    ab, orc = charged(qtbot, campaign_model)
    row = ab.knockdown_row
    assert "転倒の判定を振る" in row.status_label.text()  # what to do next
    row.str_spin.setValue(10)
    row.bonus_spin.setValue(0)
    row.roll_button.click()
    assert shown(ab, row.status_label)
    assert "振ります" not in row.status_label.text()
    outcome = (
        "転倒した"
        if "転倒" in [c.name for c in ab.attack.model.participant(orc).conditions]
        else "踏みとどまった"
    )
    assert outcome in row.status_label.text() and "目標値 12" in row.status_label.text()
    assert not shown(ab, row.roll_button)  # rolled once


def test_the_knockdown_odds_say_what_the_targets_penalty_is(qtbot, campaign_model):
    ab, orc = charged(qtbot, campaign_model)
    battle = ab.attack.model
    state = battle.state()  # a fear attack's −2 on the orc (3.8): a condition with its penalty
    state = fight.with_participant(state, orc, lambda p: replace(p, values={**p.values, "penalty:怯え": -2}))
    battle.commit(fight.add_condition(state, orc, fight.Condition("怯え")), "怯え", "怯え")
    penalty = battle.rules().penalty(battle.participant(orc))
    assert penalty == -2
    row = ab.knockdown_row
    row.str_spin.setValue(10)
    row.bonus_spin.setValue(0)
    assert f"Strength {penalty:+d}" in row.odds_label.text()
    assert "状態異常\u00a0-2 を含む" in row.odds_label.text()


def test_a_grab_offers_no_missile_and_no_damage(qtbot, campaign_model):
    ab, _ = boromir_at_the_orc(qtbot, campaign_model, lambda: HIT)
    assert shown(ab, ab.ranged_check) and shown(ab, ab.damage_edit) and shown(ab, ab.break_button)
    for option in ("grab", "trip"):
        choose(ab.option_combo, option)
        assert not shown(ab, ab.ranged_check), option
        assert not shown(ab, ab.range_spin) and not shown(ab, ab.str_spin), option  # none left floating
        assert not shown(ab, ab.damage_edit) and not shown(ab, ab.max_button), option
        assert not shown(ab, ab.break_button), option
    choose(ab.option_combo, "punch")  # close combat, but it does damage
    assert not shown(ab, ab.ranged_check) and shown(ab, ab.damage_edit)


def test_a_grabs_extraordinary_hit_speaks_of_no_damage(qtbot, campaign_model):
    best = seed_where(lambda f: sum(f) >= 20)  # 20+ + 4 vs 10: Extraordinary
    ab, _ = boromir_at_the_orc(qtbot, campaign_model, lambda: best)
    choose(ab.option_combo, "grab")
    ab.roll_button.click()
    assert "Extraordinary" in ab.result_label.text()
    assert "最大ダメージ" not in ab.result_label.text() and "ダメージを与えて" not in ab.result_label.text()


def test_the_charges_preview_says_the_knockdown_and_the_attackers_defense(qtbot, campaign_model):
    ab, _ = boromir_at_the_orc(qtbot, campaign_model, lambda: HIT)
    choose(ab.option_combo, "charge")
    odds = ab.odds_label.text()
    assert "防御 -3" in odds and "転倒の判定" in odds
    assert "Complete\u00a0Success\u00a0" in odds  # a degree and its chance never part at a line end


def test_the_trips_resist_spin_is_as_wide_as_its_text(qtbot, campaign_model):
    ab, _ = boromir_at_the_orc(qtbot, campaign_model, lambda: HIT)
    ab.setParent(None)  # on its own, laid out as in the tracker's side pane
    qtbot.addWidget(ab)
    ab.resize(500, 900)
    ab.show()
    choose(ab.option_combo, "trip")
    spin = ab.option_rows.resist_spin
    assert spin.isVisible() and spin.width() < ab.width() / 2


def test_the_english_form_reads_english(qtbot, campaign_model, tmp_path: Path):
    with english_ui(tmp_path):
        ab, _ = boromir_at_the_orc(qtbot, campaign_model, lambda: HIT)
        choose(ab.option_combo, "two_weapons")
        assert ab.option_rows.main_spin.text() == "Main hand: not set"
        assert ab.option_rows.ambidextrous_check.isVisibleTo(ab)
        choose(ab.option_combo, "charge")
        assert "Defense -3" in ab.odds_label.text() and "knockdown" in ab.odds_label.text()
        ab.roll_button.click()
        line = campaign_model.log_entries()[-1].payload["summary"]["inputs"]
        assert "Attack (charge)" in line and "（" not in line
        ab.knockdown_row.str_spin.setValue(10)
        ab.knockdown_row.bonus_spin.setValue(0)
        ab.knockdown_row.roll_button.click()
        _name, result = ab.knockdown_row.status_label.text().split(": ", 1)
        assert no_japanese(result) and "knockdown" in result


def test_the_english_action_notes_read_english(qtbot, campaign_model, tmp_path: Path):
    with english_ui(tmp_path):
        battle = BattleModel(campaign_model, seed_source=lambda: 1)
        battle.new_encounter("lotr", "")
        battle.roster.add_quick("Orc", {"swiftness": 0, "defence": 10, "health": 6})
        box = LotRTrackerBox(LotRTrackerModel(battle), lambda *_: True)
        qtbot.addWidget(box)
        box.sync()
        choose(box.kind_combo, "move")
        assert "Walk 3–6 yards" in box.cost_label.text()
        for kind in (*combat.ACTION_KINDS, *combat.MOUNT_ACTION_KINDS):
            if kind.note:
                assert no_japanese(QCoreApplication.translate("LotRActionsBox", kind.note)), kind.note


def test_the_english_lists_are_joined_with_commas(qtbot, campaign_model, tmp_path: Path):
    with english_ui(tmp_path):
        battle = BattleModel(campaign_model, seed_source=lambda: 1)
        battle.new_encounter("lotr", "")
        battle.roster.add_quick("Orc", {"swiftness": 0, "defence": 10, "health": 6}, count=2)
        assert campaign_model.log_entries()[-1].payload["summary"]["inputs"].endswith("Orc A, Orc B")


def test_the_english_sweep_refusal_says_how_many_targets(qtbot, campaign_model, tmp_path: Path):
    with english_ui(tmp_path):
        ab, _ = boromir_at_the_orc(qtbot, campaign_model, lambda: HIT)
        choose(ab.option_combo, "sweep")
        assert "1 target chosen" in ab.odds_label.text()


def test_the_japanese_option_list_names_each_option_one_way(qtbot, campaign_model):
    """「defensive」, 「sweep（なぎ払い）」, 「つかむ（Grab）」, 「両手に武器」 were four styles: each is now
    the rules' English name, with 3.2's Japanese gloss where it gives one (as LotR names are shown)."""
    ab, _ = boromir_at_the_orc(qtbot, campaign_model, lambda: HIT)
    names = [ab.option_combo.itemText(i) for i in range(ab.option_combo.count())]
    assert all(re.fullmatch(r"[a-z][a-z/ -]*(（[^（）]+）)?", name) for name in names), names
    assert "grab（つかむ）" in names and "charge" in names
