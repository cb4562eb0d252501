"""The AW judgement panel with a session: the 令呪 +20 box and the event-key restriction, as seen."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPointF

from gmtool.models.aw.check_model import AWCheckModel
from gmtool.models.aw.session_model import AWSessionModel
from gmtool.rules.checks import Outcome, Side
from gmtool.rules.dice import roll
from gmtool.rules.systems.aw.checks import AWRoller, success_curve
from gmtool.rules.systems.aw.session import SpellEffect
from gmtool.views.aw.check_view import AWCheckView

# A seed whose 2D6 is neither a fumble nor a critical, so the boosted roll is an ordinary success.
SEED = next(s for s in range(1000) if 3 <= sum(roll(random.Random(s), 2, 6)) <= 11)


@pytest.fixture
def setup(qtbot, campaign_model):
    """影の使徒 (反射 3) serves 朝霧 透; the panel is open on 朝霧 透."""
    toru, mina, shadow = (s.id for s in campaign_model.characters_of("aw"))
    session = AWSessionModel(campaign_model)
    session.contracts.form_contract(toru, shadow)
    view = AWCheckView(AWCheckModel(campaign_model, seed_source=lambda: SEED))
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(view.isVisible)
    return view, session, toru, mina, shadow


def choose(combo, data):
    combo.setCurrentIndex(combo.findData(data))


def combo_items(combo):
    return [combo.itemText(i) for i in range(combo.count())]


def test_the_box_is_hidden_for_a_character_without_a_master(setup):
    view, _, _, _, shadow = setup
    assert not view.boost_check.isVisible()  # 朝霧 透 is a master, not a servant
    choose(view.action_box.character_combo, shadow)
    assert view.boost_check.isVisible() and view.boost_check.isEnabled()
    assert view.boost_check.text() == "令呪 +20（マスター: 朝霧 透、残り 3）"


def test_ticking_recomputes_odds_bars_and_an_extended_curve(setup):
    view, _, _, _, shadow = setup
    choose(view.action_box.character_combo, shadow)
    choose(view.action_box.source_combo, "reflex")
    view.difficulty_spin.setValue(20)
    assert "2.78%" in view.success_label.text()  # only the critical: 1/36
    assert view.bars_plot.bar_heights()[11][1] is Outcome.FAILURE
    view.boost_check.setChecked(True)
    assert "97.22%" in view.success_label.text()
    assert view.boost_odds_label.isVisible() and view.boost_odds_label.text() == "令呪 +20 込み"
    assert view.bars_plot.bar_heights()[3][1] is Outcome.SUCCESS
    assert view.bars_plot.bar_heights()[2][1] is Outcome.AUTO_FAILURE
    points = view.curve_plot.curve_points()
    expected = success_curve(AWRoller(3, 20), range(2, 37))
    assert points == pytest.approx({d: float(p) * 100 for d, p in expected.items()})
    assert points[35] == pytest.approx(100 / 36)  # the curve reaches where only a critical succeeds
    note = view.boost_note.text()
    assert view.boost_note.isVisible() and "目標値は 20 が目安" in note and "20 を超える難易度" in note
    assert view.action_box.note_label.text() == ""  # no ±3 修正 warning for the +20


def test_rolling_spends_one_command_spell_and_unticks(setup, campaign_model):
    view, session, toru, _, shadow = setup
    choose(view.action_box.character_combo, shadow)
    choose(view.action_box.source_combo, "reflex")
    view.difficulty_spin.setValue(20)
    view.boost_check.setChecked(True)
    view.roll_button.click()
    assert session.contracts.spells_left(toru) == 2
    assert not view.boost_check.isChecked()
    assert view.boost_check.text() == "令呪 +20（マスター: 朝霧 透、残り 2）"
    natural = sum(roll(random.Random(SEED), 2, 6))
    text = view.result_label.text()
    assert f"達成値 {23 + natural}" in text and "成功" in text and "令呪を使用" in text and "残り 2" in text
    assert campaign_model.log_entries()[-1].payload["command_spell"]["master"] == "朝霧 透"


def test_refused_at_zero_the_roll_is_not_made(setup, campaign_model, refusals):
    view, session, toru, _, shadow = setup
    choose(view.action_box.character_combo, shadow)
    view.boost_check.setChecked(True)
    for _ in range(3):
        session.contracts.use_command_spell(toru, shadow, SpellEffect.ORDER)
    before = len(campaign_model.log_entries())
    view.roll_button.click()
    assert len(refusals) == 1 and "朝霧 透の令呪は残っていません" in refusals[0]
    assert len(campaign_model.log_entries()) == before
    assert view.result_label.text() == "まだ振っていません"
    assert "令呪は残っていません" in view.boost_note.text()
    view.boost_check.setChecked(False)  # still offered while ticked, so it can be unticked
    assert not view.boost_check.isEnabled()
    assert "令呪は残っていません" in view.boost_check.toolTip()
    assert view.boost_check.text() == "令呪 +20（マスター: 朝霧 透、残り 0）"


def test_key_restriction_filters_the_action_list_and_follows_new_keys(setup):
    view, session, toru, mina, _ = setup
    assert combo_items(view.key_combo) == ["全員"] and not view.key_combo.isEnabled()
    session.keys.give("不審な人物", mina)
    assert combo_items(view.key_combo) == ["全員", "イベントキー:不審な人物 を持つPC"]
    choose(view.key_combo, "不審な人物")
    assert combo_items(view.action_box.character_combo) == ["ミナ・クローデル"]
    assert len(combo_items(view.reaction_box.character_combo)) == 3
    session.keys.give("不審な人物", toru)
    assert combo_items(view.action_box.character_combo) == ["朝霧 透", "ミナ・クローデル"]
    assert view.action_box.character_combo.currentData() == mina
    choose(view.key_combo, None)
    assert len(combo_items(view.action_box.character_combo)) == 3


def test_no_holder_is_said(setup, campaign_model, refusals):
    view, session, _, mina, _ = setup
    session.keys.give("手紙", mina)
    choose(view.key_combo, "手紙")
    campaign_model.delete_character(mina)
    assert view.key_note.text() == "このイベントキーを持つPCがいません"
    assert combo_items(view.action_box.character_combo) == []
    view.roll_button.click()
    assert refusals == ["このイベントキーを持つPCがいません"]


def fits(label):
    """The label's whole text is drawn inside it (not cut off at its right or bottom edge)."""
    metrics = label.fontMetrics()
    if label.wordWrap():
        return label.heightForWidth(label.width()) <= label.height()
    return metrics.horizontalAdvance(label.text()) <= label.contentsRect().width()


def test_the_boost_line_under_the_odds_is_not_cut_off(setup, qtbot):
    view, _, _, _, shadow = setup
    view.resize(1000, 700)  # about the panel's share of a 1280-px main window
    choose(view.action_box.character_combo, shadow)
    view.difficulty_spin.setValue(20)
    view.boost_check.setChecked(True)
    qtbot.waitUntil(lambda: view.boost_odds_label.isVisible() and view.boost_odds_label.height() > 0)
    assert fits(view.success_label) and fits(view.boost_odds_label)
    assert view.boost_odds_label.text() == "令呪 +20 込み"
    view.boost_check.setChecked(False)
    assert not view.boost_odds_label.isVisible()


def test_a_servant_on_the_reaction_side_gets_its_own_box_in_a_duel(setup, campaign_model):
    view, session, toru, mina, shadow = setup
    box = view.reaction_boost_check
    choose(view.reaction_box.character_combo, shadow)
    assert not box.isVisible()  # no 対決: the reaction side does not roll
    view.opposed_check.setChecked(True)
    choose(view.action_box.character_combo, mina)
    assert box.isVisible() and box.text() == "令呪 +20（マスター: 朝霧 透、残り 3）"
    assert not view.boost_check.isVisible()  # ミナ has no master
    before = view.model.action_wins
    box.setChecked(True)
    assert view.model.action_wins < before
    assert view.success_label.text() == f"アクション側の勝率 {float(view.model.action_wins) * 100:.2f}%"
    assert view.boost_odds_label.text() == "令呪 +20 込み（リアクション側）"
    assert "振ると令呪を 1 つ使います" in view.boost_boxes[Side.REACTION].note.text()
    view.roll_button.click()
    assert session.contracts.spells_left(toru) == 2 and not box.isChecked()
    assert "リアクション側に令呪を使用: 達成値 +20。朝霧 透の令呪 残り 2" in view.result_label.text()
    assert campaign_model.log_entries()[-1].payload["reaction"]["boost"] == 20


def shown_band_labels(plot):
    """The band labels drawn, as scene rectangles, each checked to stand over its own band (its
    centre inside it: an English label may be wider than a band of three difficulties)."""
    box = plot.getViewBox()
    shown = []
    for text, left, right in plot.band_labels:
        if text.isVisible():
            rect = text.sceneBoundingRect()
            band = box.mapViewToScene(QPointF(left, 0)).x(), box.mapViewToScene(QPointF(right, 0)).x()
            assert band[0] <= rect.center().x() <= band[1], text.toPlainText()
            shown.append(rect)
    return shown


def test_with_the_boost_the_curve_labels_neither_overlap_nor_leave_the_plot(setup, qtbot):
    view, _, _, _, shadow = setup
    view.resize(1000, 700)
    plot = view.curve_plot
    box = plot.getViewBox()
    choose(view.action_box.character_combo, shadow)
    choose(view.action_box.source_combo, "reflex")
    view.difficulty_spin.setValue(10)
    qtbot.waitUntil(lambda: box.width() > 300)
    assert len(shown_band_labels(plot)) == 4  # 2–20: every band has room
    view.boost_check.setChecked(True)  # the curve now runs to 36 and the bands get narrow
    assert max(plot.curve_points()) >= 35
    for width in (1000, max(700, view.minimumSizeHint().width())):
        view.resize(width, 700)
        qtbot.waitUntil(lambda width=width: view.width() == width)
        shown = shown_band_labels(plot)
        assert all(not a.intersects(b) for i, a in enumerate(shown) for b in shown[i + 1 :])
        marker = plot.marker_label.sceneBoundingRect()
        assert plot.marker_label.toPlainText() == "10: 97.2%"
        assert box.sceneBoundingRect().contains(marker)
        assert all(not marker.intersects(rect) for rect in shown)
    # Too narrow for the labels side by side: a second row keeps every one, none run together.
    assert len(shown) == 4 and len({rect.top() for rect in shown}) == 2
    view.difficulty_spin.setValue(36)  # at the right edge the label turns to the marker's left
    assert plot.marker_label.toPlainText().startswith("36: ")
    assert box.sceneBoundingRect().contains(plot.marker_label.sceneBoundingRect())
