"""ダイス表 dialog: tables listed, the text read as it is typed (the bad line named and marked), each
row's exact chance, 保存 as one undo step, unsaved edits kept unless let go, examples, files; and
in the window: the 判定 menu's 「ダイス表…」 and the dice box rolling a table into the log."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QKeySequence

from gmtool.models.dice_tables_model import DiceTablesModel
from gmtool.rules.command import FixedDice
from gmtool.views.dice_tables_dialog import DiceTablesDialog

COINS = "硬貨表\n1D2\n1:表\n2:裏\n"


@pytest.fixture
def dialog(qtbot, empty_campaign_model):
    d = DiceTablesDialog(DiceTablesModel(empty_campaign_model))
    qtbot.addWidget(d)
    d.answers = []  # what confirm() says, in turn; then yes (closing at the end of the test)
    d.confirm = lambda title, text: d.answers.pop(0) if d.answers else True
    d.show()
    return d


def odds_rows(dialog) -> list[tuple[str, str, str]]:
    table = dialog.odds
    return [tuple(table.item(r, c).text() for c in range(3)) for r in range(table.rowCount())]


def test_new_table_is_stored_and_shows_each_rows_chance(dialog):
    dialog.new_button.click()
    assert dialog.model.names() == ["新しい表"]
    assert dialog.list.currentRow() == 0
    assert odds_rows(dialog)[0] == ("1", "16.67% (1/6)", "")
    dialog.new_button.click()
    assert dialog.model.names() == ["新しい表", "新しい表2"]


def test_a_malformed_line_is_named_and_marked_and_cannot_be_saved(dialog):
    dialog.editor.setPlainText("宝物表\n2D6\n2:銅貨\n13:金貨\n")
    assert dialog.error_label.isVisible()
    assert dialog.error_label.text() == "4行目: 出目 13 は 2D6 では出ません（2〜12 のうち 11通り）"
    marks = dialog.editor.extraSelections()
    assert len(marks) == 1 and marks[0].cursor.blockNumber() == 3
    assert dialog.odds.rowCount() == 0
    dialog.save_button.click()
    assert dialog.model.texts() == []
    assert "4行目" in dialog.error_label.text()


def test_typing_a_good_table_shows_odds_and_save_is_one_undo_step(dialog):
    rows = "".join(f"{n}:{'当たり' if n == 7 else 'はずれ'}\n" for n in range(2, 13))
    dialog.editor.setPlainText("くじ表\n2D6\n" + rows)
    assert not dialog.error_label.isVisible()
    assert odds_rows(dialog)[5] == ("7", "16.67% (1/6)", "当たり")
    assert odds_rows(dialog)[0] == ("2", "2.78% (1/36)", "はずれ")
    assert "「くじ表」 2D6: 11行" in dialog.summary_label.text()
    dialog.save_button.click()
    assert dialog.model.names() == ["くじ表"]
    stack = dialog.model.campaign_model.undo_stack
    assert stack.count() == 1
    stack.undo()
    assert dialog.list.count() == 0


def test_a_taken_name_is_refused_under_the_text(dialog):
    dialog.model.add(COINS)
    dialog.new_button.click()
    dialog.editor.setPlainText(COINS.replace("表\n2", "おもて\n2"))
    dialog.save_button.click()
    assert "「硬貨表」という名前のダイス表はもうあります" in dialog.error_label.text()


def test_an_unsaved_edit_is_kept_unless_the_gm_lets_it_go(dialog):
    dialog.model.add(COINS)
    dialog.model.add("骰子表\n1D2\n1:a\n2:b\n")
    dialog.list.setCurrentRow(0)
    dialog.editor.setPlainText(COINS.replace("裏", "うら"))
    dialog.answers = [False]
    dialog.list.setCurrentRow(1)
    assert dialog.list.currentRow() == 0 and "うら" in dialog.editor.toPlainText()
    dialog.answers = [True]
    dialog.list.setCurrentRow(1)
    assert dialog.editor.toPlainText().startswith("骰子表")
    assert dialog.model.texts()[0] == COINS


def test_duplicate_remove_and_the_example(dialog):
    dialog.model.add(COINS)
    dialog.list.setCurrentRow(0)
    dialog.duplicate_button.click()
    assert dialog.model.names() == ["硬貨表", "硬貨表_コピー"]
    assert dialog.list.currentRow() == 1
    dialog.answers = [True]
    dialog.remove_button.click()
    assert dialog.model.names() == ["硬貨表"]
    [example] = dialog.example_button.menu().actions()
    assert example.text() == "利き腕"
    example.trigger()
    assert dialog.model.names() == ["硬貨表", "利き腕"]
    assert odds_rows(dialog)[-1] == ("12", "2.78% (1/36)", "両手利き")


def test_import_and_export(dialog, tmp_path):
    source = tmp_path / "coins.txt"
    source.write_text(COINS, encoding="utf-8")
    dialog.ask_open_path = lambda: str(source)
    dialog.import_button.click()
    assert dialog.model.names() == ["硬貨表"]
    target = tmp_path / "out.txt"
    dialog.ask_save_path = lambda suggested: str(target) if suggested == "硬貨表.txt" else ""
    dialog.export_button.click()
    assert target.read_text(encoding="utf-8") == COINS


def test_fits_a_laptop_screen(dialog):
    hint = dialog.minimumSizeHint()
    assert hint.width() <= 1366 and hint.height() <= 700


# ---- in the window ------------------------------------------------------------------------------
@pytest.fixture
def window(window):
    window.finish_building()
    return window


def test_the_check_menu_opens_it_with_a_shortcut_no_other_action_has(window):
    from gmtool.app.dice_tables_menu import SHORTCUT

    actions = [a for menu in window.menuBar().actions() if menu.menu() for a in menu.menu().actions()]
    [mine] = [a for a in actions if a.text() == "ダイス表…"]
    check_menu = next(m.menu() for m in window.menuBar().actions() if m.text() == "判定(&J)")
    assert mine in check_menu.actions()
    assert mine.shortcut() == QKeySequence(SHORTCUT)
    assert [a for a in actions if a is not mine and a.shortcut() == mine.shortcut()] == []
    mine.trigger()
    dialog = window.services.dialogs.find(DiceTablesDialog)
    assert dialog.isVisible()
    assert dialog.model.campaign_model is window.campaign_model


def test_the_dice_box_rolls_the_campaigns_table_and_shows_its_odds(window, monkeypatch):
    import gmtool.models.dice_box_model as box

    DiceTablesModel(window.campaign_model).add(COINS)
    view = window.dice_box_view
    view.line.setText("S硬貨表 賭け")
    assert window.dice_box_model.table is not None
    assert view.odds_label.text() == "ダイス表「硬貨表」（1D2、2行）: 出目ごとの確率"
    # every row's chance, after the whole line where the label is cut (issue 34: one line, elided)
    assert view.odds_label.toolTip().splitlines()[-2:] == ["1: 50.00% (1/2)  表", "2: 50.00% (1/2)  裏"]
    assert view.plot.bar_heights() == {1: 50.0, 2: 50.0}
    monkeypatch.setattr(box.random, "Random", lambda seed: FixedDice([1]))
    view.roll_button.click()
    entry = window.campaign_model.log_entries()[-1]
    assert entry.payload["secret"] and entry.payload["text"] == "硬貨表(1) ＞ 表"
    assert view.results.item(view.results.count() - 1).text() == "シークレットダイス（非公開）: S硬貨表 賭け"
