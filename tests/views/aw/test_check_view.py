"""The judgement panel: the plots are fed exactly the engine's numbers; Roll shows and logs."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gmtool.models.aw.check_model import AWCheckModel
from gmtool.models.log_table_model import LogTableModel
from gmtool.rules.checks import Outcome, Side
from gmtool.rules.dice import sum_distribution
from gmtool.rules.systems import SYSTEMS
from gmtool.rules.systems.aw.checks import AWCheckSpec, AWRoller, success_curve
from gmtool.views.aw.check_view import AWCheckView


@pytest.fixture
def view(qtbot, campaign_model):
    widget = AWCheckView(AWCheckModel(campaign_model, seed_source=lambda: 42))
    qtbot.addWidget(widget)
    widget.show()
    return widget


def choose(combo, data):
    combo.setCurrentIndex(combo.findData(data))


def test_bars_are_the_2d6_distribution_coloured_by_outcome(view):
    choose(view.action_box.source_combo, "reflex")  # 4
    view.difficulty_spin.setValue(10)
    drawn = view.bars_plot.bar_heights()
    natural = sum_distribution(2, 6)
    assert set(drawn) == set(range(2, 13))
    for total, (height, _outcome) in drawn.items():
        assert height == pytest.approx(float(natural[total]) * 100, abs=1e-9)
    assert drawn[2][1] is Outcome.AUTO_FAILURE
    assert drawn[5][1] is Outcome.FAILURE  # 4 + 5 = 9 < 10
    assert drawn[6][1] is Outcome.SUCCESS  # 4 + 6 = 10
    assert drawn[12][1] is Outcome.AUTO_SUCCESS


def test_curve_and_marker_follow_the_difficulty(view):
    choose(view.action_box.source_combo, "reflex")
    view.difficulty_spin.setValue(13)
    expected = success_curve(AWRoller(4), range(2, 21))
    points = view.curve_plot.curve_points()
    assert points == pytest.approx({d: float(p) * 100 for d, p in expected.items()}, abs=1e-9)
    assert view.curve_plot.marker.value() == 13
    assert view.band_label.text() == "難しい"
    dist = SYSTEMS["aw"].distribution(AWCheckSpec(AWRoller(4), 13))
    assert view.probability_labels[Outcome.FAILURE].text() == f"{float(dist[Outcome.FAILURE]) * 100:.2f}%"
    assert "成功率" in view.success_label.text()


def test_guide_bands_are_shaded_with_their_labels(view):
    labels = [label for _, label in view.curve_plot.guide_items]
    regions = [region.getRegion() for region, _ in view.curve_plot.guide_items]
    assert labels == ["簡単", "普通", "難しい", "至難"]
    assert regions[0] == (5.5, 8.5) and regions[2] == (11.5, 15.5)


def test_modifier_warning_appears_beyond_three(view):
    view.action_box.modifier_spin.setValue(4)
    assert "±3" in view.action_box.modifier_warning.text()
    view.action_box.modifier_spin.setValue(-3)
    assert view.action_box.modifier_warning.text() == ""


def test_roll_button_shows_the_result_and_appends_to_the_log(qtbot, view, campaign_model):
    log = LogTableModel(campaign_model)
    with qtbot.waitSignal(view.model.check_resolved):
        qtbot.mouseClick(view.roll_button, Qt.MouseButton.LeftButton)
    result = view.model.last_result
    assert f"[{result.faces[0]},{result.faces[1]}]" in view.result_label.text()
    assert log.rowCount() == 1
    row = log.row_texts(0)
    assert row[1] == "朝霧 透" and row[5] == "42"
    assert row[3].startswith(f"[{result.faces[0]},{result.faces[1]}]")


def test_opposed_mode_shows_the_reaction_side_and_win_probability(view, campaign_model):
    view.opposed_check.setChecked(True)
    assert view.reaction_box.isVisible() and not view.difficulty_spin.isEnabled()
    assert not view.curve_plot.isVisible()
    bars = view.bars_plot.bar_heights()
    assert bars[2][1] is Outcome.AUTO_FAILURE and bars[12][1] is Outcome.AUTO_SUCCESS
    assert {bars[t][1] for t in range(3, 12)} == {None}  # decided by the reaction's roll
    choose(view.reaction_box.character_combo, campaign_model.characters()[2].id)
    assert view.model.reaction.character_id == campaign_model.characters()[2].id
    assert "アクション側の勝率" in view.success_label.text()
    view.reaction_no_roll.setChecked(True)
    assert view.model.reaction.can_roll is False
    view.model.roll()
    assert "リアクション側" in view.result_label.text()
    assert view.model.last_result.reaction.faces == ()


def test_custom_value_can_be_typed(view):
    choose(view.action_box.source_combo, "custom")
    assert view.action_box.value_spin.isEnabled()
    view.action_box.value_spin.setValue(9)
    assert view.model.value(Side.ACTION) == 9
    view.difficulty_spin.setValue(11)
    assert view.model.success_probability == SYSTEMS["aw"].distribution(
        AWCheckSpec(AWRoller(9), 11)
    ).probability(lambda o: o.succeeded)


def test_log_columns_fit_their_text_after_a_roll(qtbot, view, campaign_model):
    from gmtool.views.log_view import LogView

    log_view = LogView(LogTableModel(campaign_model))
    qtbot.addWidget(log_view)
    log_view.resize(1200, 300)
    log_view.show()
    view.model.roll()
    metrics = log_view.fontMetrics()
    for column in range(4):  # time, character, inputs, dice: never elided
        text = log_view.model().index(0, column).data()
        assert log_view.columnWidth(column) >= metrics.horizontalAdvance(text)


def test_ticking_opposed_clears_the_single_checks_result(qtbot, view):
    """The result beside the button was the single check's: after ticking 対決 it read as the 対決's."""
    with qtbot.waitSignal(view.model.check_resolved):
        qtbot.mouseClick(view.roll_button, Qt.MouseButton.LeftButton)
    assert "達成値" in view.result_label.text() or "出目" in view.result_label.text()
    qtbot.mouseClick(view.opposed_check, Qt.MouseButton.LeftButton)
    assert view.opposed_check.isChecked()
    assert view.result_label.text() == ""
    view.model.roll()
    assert "リアクション側" in view.result_label.text()
    view.opposed_check.setChecked(False)  # and back: the 対決's result goes too
    assert view.result_label.text() == ""


def test_stepping_the_difficulty_through_every_band_moves_nothing(qtbot, view):
    """Issue 36: the band's name (簡単, 普通, 難しい, 至難, none) took its own width, so a step
    across a band's edge widened or narrowed the whole panel: the roll button moved and both plots
    were resized and redrawn on each such step."""
    view.difficulty_spin.setValue(2)
    qtbot.wait_until(lambda: view.band_label.text() == "")  # below every band
    view.resize(view.minimumSizeHint())
    qtbot.waitExposed(view)

    def geometry():
        QApplication.processEvents()
        return (
            view.size(),
            view.roll_button.geometry(),
            view.bars_plot.geometry(),
            view.curve_plot.geometry(),
        )

    first = geometry()
    names = set()
    for difficulty in range(3, 21):
        view.difficulty_spin.setValue(difficulty)
        names.add(view.band_label.text())
        assert geometry() == first, f"難易度 {difficulty} ({view.band_label.text()})"
    assert {"簡単", "普通", "難しい", "至難"} <= names


def test_a_difficulty_step_sets_no_axis_that_has_not_changed(view):
    """Regression guard (issue 36): pyqtgraph takes every setRange and setTicks as a new axis and
    lays it out and draws it again; a step that keeps the curve's range sets neither."""
    view.difficulty_spin.setValue(10)
    plot = view.curve_plot
    calls: list[str] = []
    box, axis = plot.getViewBox(), plot.getAxis("bottom")
    set_range, set_ticks = box.setRange, axis.setTicks
    box.setRange = lambda *a, **k: calls.append("range") or set_range(*a, **k)
    axis.setTicks = lambda *a, **k: calls.append("ticks") or set_ticks(*a, **k)
    xs = set(plot.curve_points())
    view.difficulty_spin.setValue(11)
    assert set(plot.curve_points()) == xs and plot.marker.value() == 11
    assert calls == []


def test_a_roll_walks_no_character_list_again(qtbot, view, campaign_model, monkeypatch):
    """Regression guard (issue 36): each roll re-syncs the panel, which picked the campaign's AW
    characters out of all of them and named each one again for the character boxes (300 characters:
    four walks through all of them per roll) only to find nothing had changed."""
    from gmtool.models.campaign_model import CampaignModel
    from gmtool.views.check import roller_inputs_box

    walks: list[str] = []
    characters, fill = CampaignModel.characters, roller_inputs_box.fill_combo
    monkeypatch.setattr(
        CampaignModel, "characters", lambda self: walks.append("characters") or characters(self)
    )
    monkeypatch.setattr(
        roller_inputs_box,
        "fill_combo",
        lambda combo, items, current: (
            walks.append("named") if combo is view.action_box.character_combo else None,
            fill(combo, items, current),
        ),
    )
    view.roll_button.click()
    view.roll_button.click()
    assert walks == []
    assert view.action_box.character_combo.currentData() == view.model.action.character_id
    # A change of the characters still reaches the box: a renamed one, one more.
    monkeypatch.undo()
    stored = campaign_model.characters_of("aw")[0]
    campaign_model.rename_character(stored.id, "改名した探索者")
    added = campaign_model.add_character("aw", "新しい探索者")
    combo = view.action_box.character_combo
    names = [combo.itemText(i) for i in range(combo.count())]
    assert "改名した探索者" in names and "新しい探索者" in names
    assert combo.findData(added) >= 0 and combo.count() == len(campaign_model.characters_of("aw"))


def test_a_roll_rewrites_no_spin_box(view):
    """Regression guard (issue 36): QSpinBox.setValue writes its text again even when the value is
    already there, and each roll's re-sync repainted every spin box of the panel; a roll changes
    none of them."""
    spins = [view.difficulty_spin, view.action_box.value_spin, view.action_box.modifier_spin]
    spins += [view.reaction_box.value_spin, view.reaction_box.modifier_spin]
    writes: list[int] = []
    for spin in spins:
        original = spin.setValue
        spin.setValue = lambda value, _set=original: writes.append(value) or _set(value)
    view.roll_button.click()
    view.roll_button.click()
    assert writes == []
    view.model.set_difficulty(13)  # a change from the model still shows
    assert writes == [13] and view.difficulty_spin.value() == 13


def test_a_roll_lists_each_sides_checks_once_per_change(qtbot, view, campaign_model, monkeypatch):
    """Regression guard (issue 36): a roll asked the AW system for the roller's checks seven times
    (0.7 ms of a 300-character roll); they are listed again only when that character changes."""
    from gmtool.rules.systems.aw.system import AnotherWorld

    listed: list[str] = []
    checks = AnotherWorld.checks
    monkeypatch.setattr(
        AnotherWorld, "checks", lambda self, character: listed.append("checks") or checks(self, character)
    )
    view.roll_button.click()
    view.roll_button.click()
    assert listed == []
    before = [kind.label for kind in view.model.kinds(Side.ACTION)]
    stored = next(s for s in campaign_model.characters_of("aw") if s.id == view.model.action.character_id)
    campaign_model.rename_character(stored.id, "改名した探索者")  # a new character object: listed again
    assert [kind.label for kind in view.model.kinds(Side.ACTION)] == before
    assert listed == ["checks"]
