"""The LotR judgement panel as the GM sees it: the odds before the roll, plots fed the same numbers,
the wound penalty shown, courage after the roll with its refusals, the four kinds of test."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QRect
from PySide6.QtWidgets import QApplication, QWidget

from gmtool.models.lotr.check_model import CORRUPTION, CUSTOM, GROUP, OPPOSED, TEST, LotRCheckModel
from gmtool.models.lotr.rules_model import RULES_KEY
from gmtool.models.outcome_text import percent
from gmtool.rules.systems.lotr import exploding
from gmtool.rules.systems.lotr.checks import Contestant, TieRule
from gmtool.rules.systems.lotr.rules_data import DEGREE_ORDER, Degree
from gmtool.views.appearance import tone_colour
from gmtool.views.lotr.check_view import LotRCheckView
from gmtool.views.lotr.plots import DEGREE_COLORS
from tests.models.lotr.check_fixtures import nar_id, set_nar
from tests.qt_fixtures import sample_lotr_character
from tests.rules.lotr.gm_tables import enter_gm_wound_penalties

A, B = Contestant.A, Contestant.B
TWO_FACE_SEED = next(s for s in range(1000) if len(exploding.roll_test(random.Random(s))) == 2)
TWO_FACES = exploding.roll_test(random.Random(TWO_FACE_SEED))


@pytest.fixture
def view(qtbot, campaign_model):
    v = LotRCheckView(LotRCheckModel(campaign_model, seed_source=lambda: TWO_FACE_SEED))
    qtbot.addWidget(v)
    return v


def test_shows_the_odds_of_every_degree_before_rolling(view):
    odds = view.model.odds
    for degree, label in view.probability_labels.items():
        assert label.text() == percent(float(odds.degree_probabilities[degree]))
    assert percent(float(odds.success_probability)) in view.headline.text()
    assert view.result_label.text() == "まだ振っていません"
    assert view.a_box.character_combo.currentText() == "ナール"
    # courage odds: ナール has 2 courage left, so up to 2 points
    assert "2 点まで: " + percent(float(odds.courage_probabilities[2])) in view.detail_label.text()


def test_stacked_plot_is_the_seven_degrees_at_every_tn(view):
    view.tn_spin.setValue(13)
    model = view.model
    assert model.tn == 13
    drawn = view.stack_plot.stack_heights()
    assert sorted(drawn) == list(range(5, 26))  # 21 TNs from a multiple of 5, 13 among the middle
    for tn, layers in model.odds.stack.items():
        expected = {d: float(p) * 100 for d, p in layers.items() if p}
        assert drawn[tn] == pytest.approx(expected)
    current = {d: float(p) * 100 for d, p in model.odds.degree_probabilities.items() if p}
    assert drawn[13] == pytest.approx(current)
    assert view.stack_plot.marker.value() == 13
    # stacked: each segment starts where the one below it ends, lowest degree first
    bottoms = view.stack_plot.stack_bottoms()[13]
    heights = [current[d] for d in DEGREE_ORDER if d in current]
    assert bottoms == pytest.approx([sum(heights[:i]) for i in range(len(heights))])
    # The odds' rows, each beside its colour, are the plots' legend: the legend adds no degree.
    names = [label.text() for label in view.degree_rows[1::3]]
    assert names == [model.rules.band(d).label for d in DEGREE_ORDER]
    assert not set(names) & {text for _, text in view.legend.entries()}


def test_totals_plot_colours_each_total_by_its_degree(view):
    model = view.model
    model.set_source(A, CUSTOM)
    model.set_custom_value(A, 3)  # TN 10: 7 is Marginal, 8 Complete, 6 Failure
    bars = view.totals_plot.bar_heights()
    assert bars[7] == (pytest.approx(600 / 36), Degree.MARGINAL_SUCCESS)
    assert bars[8][1] is Degree.COMPLETE_SUCCESS and bars[6][1] is Degree.FAILURE
    assert 12 not in bars  # a double six always explodes: 13 or more
    assert bars[13] == (pytest.approx(100 / 216), Degree.SUPERIOR_SUCCESS)  # 12 + 1: margin 6
    tail = model.odds.tail_total
    assert bars[tail] == (pytest.approx(float(exploding.at_least(tail)) * 100), Degree.EXTRAORDINARY_SUCCESS)
    assert view.totals_plot.tail_label() == f"≥{tail}"
    assert sum(h for h, _ in bars.values()) == pytest.approx(100)
    assert DEGREE_COLORS[Degree.MARGINAL_SUCCESS] != DEGREE_COLORS[Degree.COMPLETE_SUCCESS]


def test_a_dazed_character_shows_and_gets_the_penalty(view, campaign_model):
    enter_gm_wound_penalties(campaign_model)  # the summary gives none: the GM's Dazed −1
    view.a_box.source_combo.setCurrentIndex(view.a_box.source_combo.findData("skill:Observe"))
    before = view.model.odds.success_probability
    assert "Healthy" in view.a_box.note_label.toolTip()
    set_nar(campaign_model, damage=20)
    assert "Dazed（朦朧） -1" in view.a_box.note_label.toolTip()
    assert view.a_box.note_label.text().startswith("負傷 -1、")
    assert "負傷・疲労 -1" in view.a_box.bonus_label.text()
    assert view.model.odds.success_probability < before
    assert percent(float(view.model.odds.success_probability)) in view.headline.text()
    view.a_box.wounds_check.setChecked(False)  # a test the wound does not touch
    assert view.model.odds.success_probability == before
    assert "（適用しない）" in view.a_box.note_label.text()
    assert "この判定には適用しない" in view.a_box.note_label.toolTip()  # the whole sentence


def test_roll_then_courage_then_the_limits(view, campaign_model, refusals):
    set_nar(campaign_model, courage=9, courage_spent=0)
    model = view.model
    model.set_source(A, CUSTOM)
    model.set_custom_value(A, 0)
    view.tn_spin.setValue(sum(TWO_FACES) + 2)  # fails by 2
    view.roll_button.click()
    assert "Failure（失敗）" in view.result_label.text()
    assert campaign_model.log_entries()[-1].payload["seed"] == TWO_FACE_SEED
    view.courage_button.click()
    assert "Complete Success（完全な成功）" in view.result_label.text()
    assert "勇気 1 点（+3）込み" in view.result_label.text()
    assert "このラウンド 1 / 4 点使用" in view.courage_label.text()
    for _ in range(3):
        view.courage_button.click()
    assert refusals == []
    view.courage_button.click()
    assert len(refusals) == 1 and "4 点まで" in refusals[0]
    view.next_round_button.click()
    assert "ラウンド 2" in view.courage_label.text() and "このラウンド 0 / 4" in view.courage_label.text()
    campaign_model.undo_stack.undo()
    assert "ラウンド 1" in view.courage_label.text()


def test_no_courage_left_is_refused_with_the_reason(view, campaign_model, refusals):
    set_nar(campaign_model, courage=3, courage_spent=3)
    view.courage_button.click()
    assert "まだ振っていません" in refusals[-1]
    view.roll_button.click()
    view.courage_button.click()
    assert "勇気が残っていません" in refusals[-1]


def test_group_mode_states_the_helper_reading_and_adds_helpers(view):
    view.mode_buttons[GROUP].setChecked(True)
    assert view.model.mode == GROUP
    text = view.help_label.toolTip()
    assert "目標値 −5" in text and "Marginal +0 / Complete +1 / Superior +2 / Extraordinary +3" in text
    assert not view.add_helper_button.isHidden() and view.b_box.isHidden()
    view.add_helper_button.click()
    assert len(view.helper_boxes) == 1 and not view.helpers_area.isHidden()
    box = view.helper_boxes[0]
    assert box.character_combo.currentData() is None  # ナール leads; no one else: a typed bonus
    box.value_spin.setValue(4)
    assert view.model.inputs(0).custom_value == 4
    gives = view.model.odds.helper_bonus[0]
    assert percent(float(gives[3])) in box.gives_label.text()
    assert "助けの合計（助ける人は目標値 5）" in view.detail_label.text()
    box.remove_button.click()
    assert view.model.helpers == [] and view.helper_boxes == []


def test_opposed_mode_shows_both_sides_and_each_tie_rule(view):
    view.mode_buttons[OPPOSED].setChecked(True)
    model = view.model
    assert not view.b_box.isHidden() and not view.tn_spin.isEnabled() and not view.tie_combo.isHidden()
    assert "A の勝率 50.00% / B の勝率 50.00%" in view.headline.text()
    assert percent(float(model.odds.tie_per_round)) in view.detail_label.text()
    view.tie_combo.setCurrentIndex(view.tie_combo.findData(TieRule.DODGE))
    dodge = model.odds.wins[A]
    assert "同点は攻撃側（A）の勝ち" in view.detail_label.text() and dodge > 0.5
    view.tie_combo.setCurrentIndex(view.tie_combo.findData(TieRule.PARRY))
    assert model.odds.wins[A] < 0.5 and model.odds.wins[B] == dodge
    drawn = view.stack_plot.stack_heights()[model.odds.stack_marker]
    assert drawn[A] == pytest.approx(float(model.odds.wins[A]) * 100)
    # 1.2.3: either side may spend courage after an opposed roll (this used to be disabled)
    assert view.courage_button.text().startswith("A: 勇気") and not view.courage_b_button.isHidden()
    view.roll_button.click()
    assert "の勝ち" in view.result_label.text()
    spent = model.character(A).courage_spent
    view.courage_b_button.click()  # B is ナール too here (the only LotR character)
    assert model.character(A).courage_spent == spent + 1
    assert "勇気 A 0 点・B 1 点込み" in view.result_label.text()


def test_corruption_mode_shows_each_change_and_applies_it(view, campaign_model):
    view.mode_buttons[CORRUPTION].setChecked(True)
    model = view.model
    assert model.a.source == "reaction:willpower" and not view.a_box.source_combo.isEnabled()
    assert "Corruption 2 / Bearing 7" in view.detail_label.text()
    p_fail = percent(float(model.odds.corruption_probabilities[1]))
    assert f"+1 → 3: {p_fail}" in view.detail_label.text()
    view.tn_spin.setValue(sum(TWO_FACES) + model.roller(A).bonus + 3)  # Failure: +1
    view.roll_button.click()
    assert campaign_model.character(nar_id(campaign_model)).corruption == 3
    assert "Corruption 2 → 3" in view.result_label.text()
    assert view.warning_label.isHidden()


def test_reaching_bearing_is_a_visible_warning(view, campaign_model):
    set_nar(campaign_model, corruption=6)
    view.mode_buttons[CORRUPTION].setChecked(True)
    view.tn_spin.setValue(sum(TWO_FACES) + view.model.roller(A).bonus + 3)
    view.roll_button.click()
    assert not view.warning_label.isHidden() and "NPC" in view.warning_label.text()


# ---- fits beside the sheet; old rolls; helpers; opposed plot; dead; table edits --------------
def pippin(campaign_model) -> str:
    return campaign_model.insert_character("lotr", sample_lotr_character("ピピン"), "x")


def settle(qtbot, view, width: int = 690, height: int = 640) -> None:
    view.resize(width, height)
    view.show()
    qtbot.waitExposed(view)
    QApplication.processEvents()


def test_the_panel_fits_600_px_in_every_mode_and_the_legend_adds_only_other_colours(
    view, qtbot, campaign_model
):
    pippin(campaign_model)
    settle(qtbot, view, width=600)
    for mode in (TEST, GROUP, OPPOSED, CORRUPTION):
        view.mode_buttons[mode].setChecked(True)
        QApplication.processEvents()
        assert view.minimumSizeHint().width() <= 600, mode
    view.mode_buttons[GROUP].setChecked(True)
    view.add_helper_button.click()
    QApplication.processEvents()
    assert view.minimumSizeHint().width() <= 600
    content = view.scroll_area.widget()
    assert content.width() <= view.scroll_area.viewport().width()  # nothing cut off at the right
    assert [text for _, text in view.legend.entries()] == ["助けの結果しだい"] and view.legend.rows() == 1
    view.mode_buttons[OPPOSED].setChecked(True)  # the odds and the sides' colours beside the roll
    assert len(view.legend.entries()) == 2 and view.legend.rows() == 2  # one above the other
    assert view.roll_row.indexOf(view.odds_box) >= 0 and view.roll_row.indexOf(view.legend) >= 0
    # 1.2.3: each side's 勇気 button stays (it used to be hidden here), the count gives up its place
    assert not view.courage_button.isHidden() and not view.courage_b_button.isHidden()
    assert view.courage_label.isHidden()
    view.mode_buttons[TEST].setChecked(True)
    assert view.legend.isHidden() and view.inputs_row.indexOf(view.odds_box) >= 0


def test_helpers_column_shows_only_with_a_helper_and_then_a_whole_one(view, qtbot, campaign_model):
    pippin(campaign_model)
    view.mode_buttons[GROUP].setChecked(True)
    settle(qtbot, view)
    # no helper: no column, the add button beside the roll, the leader and the odds take the room
    assert view.helpers_area.isHidden() and view.roll_row.indexOf(view.add_helper_button) >= 0
    assert view.a_box.width() + view.odds_box.width() > view.width() - 50
    view.add_helper_button.click()
    settle(qtbot, view)
    scroll = view.helpers_area.scroll_area
    button = view.helper_boxes[0].remove_button
    qtbot.waitUntil(lambda: scroll.verticalScrollBar().maximum() == 0)
    where = QRect(button.mapTo(scroll.viewport(), QPoint(0, 0)), button.size())
    assert scroll.viewport().rect().contains(where)  # 外す: reachable without scrolling


def test_an_old_roll_is_greyed_and_takes_no_courage_after_the_mode_changes(view, campaign_model, refusals):
    set_nar(campaign_model, courage=9, courage_spent=0)
    view.mode_buttons[CORRUPTION].setChecked(True)
    view.roll_button.click()
    shown = view.result_label.text()
    assert view.courage_button.isEnabled() and not shown.startswith("前回")
    view.mode_buttons[TEST].setChecked(True)
    assert view.result_label.text() == f"前回（堕落判定・ナール）: {shown}"
    assert tone_colour("muted").name() in view.result_label.styleSheet()  # greyed
    assert not view.courage_button.isEnabled()
    view.tn_spin.setValue(view.model.tn + 2)
    view.mode_buttons[CORRUPTION].setChecked(True)  # the TN differs: still not this test's roll
    assert view.result_label.text().startswith("前回") and not view.courage_button.isEnabled()
    view.tn_spin.setValue(view.model.tn - 2)
    assert view.result_label.text() == shown and view.courage_button.isEnabled()
    assert refusals == []


def test_leaving_corruption_shows_the_check_chosen_before(view):
    combo = view.a_box.source_combo
    combo.setCurrentIndex(combo.findData("skill:Observe"))
    view.mode_buttons[CORRUPTION].setChecked(True)
    assert combo.currentData() == "reaction:willpower" and not combo.isEnabled()
    view.mode_buttons[TEST].setChecked(True)
    assert combo.currentData() == "skill:Observe" and combo.isEnabled()


def test_opposed_plot_shows_each_sides_totals_and_b_is_someone_else(qtbot, campaign_model):
    pippin(campaign_model)
    view = LotRCheckView(LotRCheckModel(campaign_model))
    qtbot.addWidget(view)
    view.mode_buttons[OPPOSED].setChecked(True)
    assert view.b_box.character_combo.currentText() == "ピピン"
    assert view.a_box.character_combo.currentText() == "ナール"
    model = view.model
    drawn = view.totals_plot.side_heights()
    for side in (A, B):
        expected = {t: float(p) * 100 for t, p in model.odds.side_totals[side].items()}
        assert drawn[side] == pytest.approx(expected)
        peak = max(drawn[side], key=drawn[side].get)
        assert peak == 7 + model.roller(side).bonus  # the likeliest 2d6 plus that side's bonus
    texts = [text for _, text in view.legend.entries()]
    assert not any("決まらない" in t for t in texts) and any("B の達成値" in t for t in texts)
    view.mode_buttons[TEST].setChecked(True)  # back to one total coloured by degree
    assert view.totals_plot.bar_heights()[7][1] is not None


def test_a_helper_cannot_pick_the_leader(view, campaign_model, refusals):
    pippin(campaign_model)
    view.mode_buttons[GROUP].setChecked(True)
    view.add_helper_button.click()
    combo = view.helper_boxes[0].character_combo
    names = [combo.itemText(i) for i in range(combo.count())]
    assert "ピピン" in names and "ナール" not in names
    with pytest.raises(ValueError, match="自分を助けられません"):
        view.model.add_helper(nar_id(campaign_model))


def test_a_dead_character_shows_a_red_warning_and_may_still_roll(view, campaign_model):
    assert "死亡" not in view.a_box.note_label.text()
    set_nar(campaign_model, damage=10_000)
    note = view.a_box.note_label
    assert note.text().startswith("死亡: 判定できません（GM の判断で振る場合のみ）")
    assert tone_colour("error").name() in note.styleSheet()
    before = len(campaign_model.log_entries())
    assert view.roll_button.isEnabled()
    view.roll_button.click()
    assert len(campaign_model.log_entries()) == before + 1


def test_a_table_edit_that_removes_the_chosen_check_shows_the_first_one(view, campaign_model):
    model, combo = view.model, view.a_box.source_combo
    name = next(k.id for k in model.kinds(A) if k.id.startswith("untrained:")).partition(":")[2]
    combo.setCurrentIndex(combo.findData(f"untrained:{name}"))
    assert "技能なし判定" in view.a_box.note_label.toolTip()  # the one line leaves it to the ボーナス row
    campaign_model.set_session_value(RULES_KEY, {"schema": 1, "skills": {name: {"untrained": False}}}, "x")
    first = model.kinds(A)[0]
    assert combo.currentData() == first.id and combo.findData(f"untrained:{name}") == -1
    assert view.a_box.value_spin.value() == first.value
    assert "技能なし判定" not in view.a_box.note_label.toolTip()


def test_the_panel_and_the_helpers_column_keep_qwidgets_own_scroll(view):
    """Their scroll areas are `scroll_area`: `scroll` stays QWidget.scroll(dx, dy)."""
    for widget in (view, view.helpers_area):
        widget.scroll(0, 0)
    assert view.scroll_area.widget() is view.content


def test_a_tn_change_redraws_the_stack_and_leaves_the_totals_axes_alone(view):
    """Regression guard (issue 36): each refresh gave both plots their axis titles, the totals
    plot its ticks and range again, and pyqtgraph laid out and drew those axes anew; a TN change
    moves the stack's range and nothing else of the axes."""
    view.tn_spin.setValue(10)
    calls: list[str] = []
    for name, plot in (("stack", view.stack_plot), ("totals", view.totals_plot)):
        axis, box = plot.getAxis("bottom"), plot.getViewBox()
        for target, method in ((axis, "setLabel"), (axis, "setTicks"), (box, "setRange")):
            original = getattr(target, method)
            setattr(
                target,
                method,
                lambda *a, _o=original, _c=f"{name} {method}", **k: calls.append(_c) or _o(*a, **k),
            )
    view.tn_spin.setValue(11)
    assert calls == []  # 0…20 still: only the marker moved
    assert set(view.stack_plot.stack_heights()) == set(range(0, 21))
    view.tn_spin.setValue(13)  # past the middle five: the 21 TNs move by five
    assert calls == ["stack setRange"]
    assert set(view.stack_plot.stack_heights()) == set(range(5, 26))


def test_a_tn_step_inside_the_shown_tns_moves_only_the_marker(view):
    """Regression guard (issue 36): the stacked plot's columns do not depend on the current TN,
    and redrawing every bar on each step was a third of the step's redraw."""
    view.tn_spin.setValue(10)
    drawn = []
    original = view.stack_plot.bars.setOpts
    view.stack_plot.bars.setOpts = lambda *a, **k: drawn.append(1) or original(*a, **k)
    for tn in (9, 11, 12, 8):  # all inside 0…20 (the middle five, 8…12)
        view.tn_spin.setValue(tn)
        assert view.stack_plot.marker.value() == tn
        assert view.stack_plot.marker_label.toPlainText().endswith(str(tn))
    assert drawn == []
    view.a_box.modifier_spin.setValue(view.a_box.modifier_spin.value() + 3)  # other columns
    assert drawn == [1]  # redrawn at once, and once
    model = view.model
    expected = {d: float(p) * 100 for d, p in model.odds.degree_probabilities.items() if p}
    assert view.stack_plot.stack_heights()[8] == pytest.approx(expected)


def test_a_tn_change_paints_the_stacked_plot_once(qtbot, view):
    """Regression guard (issue 36): the marker's label moved itself to the new range at paint time
    and asked for a second paint of the whole plot on every TN step."""
    view.resize(1000, 900)  # both plots in view, not scrolled out of the panel's area
    view.show()
    qtbot.waitExposed(view)
    view.tn_spin.setValue(10)
    QApplication.processEvents()
    qtbot.waitUntil(lambda: not view.stack_plot.viewport().visibleRegion().isEmpty(), timeout=3000)
    paints = PaintCounter(view.stack_plot.viewport())
    for tn in (11, 12, 13):
        view.tn_spin.setValue(tn)
        QApplication.processEvents()
    assert paints.count == 3
    assert view.stack_plot.marker.value() == 13


class PaintCounter(QObject):
    """Counts the paint events a widget receives."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.count = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False
