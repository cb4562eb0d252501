"""A logged dice-box roll replays from its seed (the seed is shown), and a secret roll's result can
be seen by the GM before 公開 without the log giving it away."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from gmtool.models.dice_box_model import DiceBoxModel
from gmtool.models.log_table_model import LogTableModel
from gmtool.rules.command import roll
from gmtool.views.dice_box import DiceBoxView
from gmtool.views.log_view import LogView

SEED = 424242


@pytest.fixture
def table(qtbot, campaign_model):
    dice = DiceBoxModel(campaign_model, seed_source=lambda: SEED)
    box = DiceBoxView(dice)
    log = LogView(LogTableModel(campaign_model))
    for widget in (box, log):
        qtbot.addWidget(widget)
    shown: list[tuple[str, str]] = []
    box.show_message = log.show_message = lambda title, text: shown.append((title, text))
    return dice, box, log, shown


def test_a_logged_roll_replays_from_its_seed(table):
    dice, _box, log, shown = table
    dice.set_text("2D6+1>=8 攻撃")
    dice.roll()
    row = log.log_model.rowCount() - 1
    assert log.log_model.row_texts(row)[5] == str(SEED)  # the seed column
    assert str(SEED) in log.log_model.index(row, 5).data(Qt.ItemDataRole.ToolTipRole)

    menu = {a.text(): a for a in log.line_menu(row).actions()}
    assert menu["同じシードで振り直す"].isEnabled() and menu["シードをコピー"].isEnabled()
    menu["同じシードで振り直す"].trigger()
    expected = roll("2D6+1>=8 攻撃", random.Random(SEED)).text
    title, text = shown[-1]
    assert title == "同じシードで振り直す"
    assert expected in text and "記録と同じ結果です" in text and f"--seed {SEED}" in text
    assert log.log_model.rowCount() == row + 1  # nothing logged


def test_a_line_that_is_not_a_dice_box_roll_is_not_offered_a_replay(table, campaign_model):
    _dice, _box, log, _shown = table
    campaign_model.append_log("note", {"summary": {"inputs": "メモ"}})
    menu = {a.text(): a for a in log.line_menu(log.log_model.rowCount() - 1).actions()}
    assert not menu["同じシードで振り直す"].isEnabled()
    assert not menu["結果を見る（GMのみ、ログには出しません）"].isEnabled()


def test_the_gm_sees_a_secret_roll_before_revealing_it(table):
    dice, box, log, shown = table
    dice.set_text("S2D6")
    dice.roll()
    row = log.log_model.rowCount() - 1
    hidden = log.log_model.row_texts(row)
    assert hidden[4] == "シークレットダイス" and hidden[3] == "—"
    result = roll("S2D6", random.Random(SEED)).text

    box.results.setCurrentRow(box.results.count() - 1)
    assert box.peek_button.isEnabled() and box.reveal_button.isEnabled()
    box.peek_button.click()
    assert shown[-1] == ("シークレットダイスの結果（GMのみ）", result)
    {a.text(): a for a in log.line_menu(row).actions()}["結果を見る（GMのみ、ログには出しません）"].trigger()
    assert shown[-1][1] == result
    assert log.log_model.rowCount() == row + 1 and log.log_model.row_texts(row) == hidden  # still secret
    assert box.reveal_button.isEnabled()  # not revealed by looking
