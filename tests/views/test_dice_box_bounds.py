"""The dice box says why a command too deep or too large cannot be rolled (issue 21)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gmtool.models.dice_box_model import DiceBoxModel
from gmtool.views import message_catalog
from gmtool.views.dice_box import DiceBoxView


def _view(qtbot, campaign_model) -> DiceBoxView:
    widget = DiceBoxView(DiceBoxModel(campaign_model, seed_source=lambda: 7))
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitUntil(widget.isVisible)
    return widget


def test_a_command_nested_200_deep_is_refused_with_a_pointed_error(qtbot, campaign_model):
    view = _view(qtbot, campaign_model)
    count = len(campaign_model.log_entries())
    view.line.setText("(" * 200 + "1D6" + ")" * 200)
    assert view.error_label.isVisible()
    assert "32 段まで" in view.error_label.text()
    assert view.error_label.text().startswith("33文字目")
    assert not view.roll_button.isEnabled()
    qtbot.keyClick(view.line, Qt.Key.Key_Return)
    assert len(campaign_model.log_entries()) == count


def test_too_many_rerolled_dice_is_said_on_enter(qtbot, campaign_model):
    view = _view(qtbot, campaign_model)
    count = len(campaign_model.log_entries())
    view.line.setText("200U10000[2]")
    qtbot.keyClick(view.line, Qt.Key.Key_Return)
    assert view.error_label.isVisible()
    assert "10000 個まで" in view.error_label.text()
    assert len(campaign_model.log_entries()) == count


def test_the_nesting_refusal_in_english(qtbot, campaign_model):
    message_catalog.install("en")
    try:
        view = _view(qtbot, campaign_model)
        view.line.setText("-" * 100 + "1D6")
        reason = view.error_label.text().splitlines()[0]
        assert "32" in reason
        assert "入れ子" not in reason and "nest" in reason.lower()
    finally:
        message_catalog.install("ja")


def test_a_pasted_100_000_character_command_is_refused_without_widening_the_box(qtbot, campaign_model):
    view = _view(qtbot, campaign_model)
    width = view.width()
    view.line.setText("1+" * 50_000 + "1D6")
    lines = view.error_label.text().splitlines()
    assert lines[0] == "402文字目: 演算が多すぎます（+ - * / は 200 個まで）"
    assert lines[1].startswith("…") and lines[1].endswith("…") and len(lines[1]) <= 63
    assert lines[2] == " " * 31 + "^" and lines[1][31] == "+"  # the caret under the 201st +
    assert view.width() <= max(width, 800)
