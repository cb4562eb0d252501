"""The dice box in the main window: `{name}` and AW's SRS reading follow the selected character,
and opening another campaign shows that campaign's rolls — a secret of the old one is never
revealed into the new one."""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gmtool.app.demo import create_demo_campaign
from gmtool.app.main_window import MainWindow
from gmtool.models.campaign_model import CampaignModel


@pytest.fixture
def window(window, refusals):
    return window


def select(window: MainWindow, name: str) -> None:
    window.select_character(
        next(s.id for s in window.campaign_model.characters() if s.character.name == name)
    )


def test_variables_and_the_srs_reading_follow_the_selected_character(window):
    dice = window.dice_box_model
    assert dice.system_setting == "character"  # the default: キャラクターに合わせる
    select(window, "朝霧 透")  # AW, 体力 3, critical 12 / fumble 2: BCDice's SRS bot reads it
    dice.set_text("2D6+{体力}+6>=10")
    assert dice.system() == "aw" and dice.expanded == "2D6+3+6>=10"
    assert dice.odds.success == Fraction(35, 36)  # a natural 2 fails even at +9
    select(window, "ミナ・クローデル")  # critical 11: written out, so the log and a replay keep it
    dice.set_text("2D6+{体力}>=10 【体力判定】")
    assert dice.expanded.startswith("2D6+2>=10[11,2]")
    select(window, "リゼ・アルノー")  # Four Card: BCDice has no bot, the generic plain sum
    dice.set_text("2D6+1>=10")
    assert dice.system() == "fourcard"
    assert dice.expanded == "2D6+1>=10" and dice.odds.success == Fraction(10, 36)
    dice.set_text("2D6+1>=10[11]")  # the SRS form is refused outside アナザーワールド
    assert dice.error is not None and "アナザーワールド" in dice.error.message


def test_the_palette_is_read_once_per_change_of_the_selected_character(window, monkeypatch):
    """Regression guard (issue 36): the box asks for `{name}`s on every keystroke and roll, and a
    palette is all of a character's checks; it is read again only when the character changed."""
    from gmtool.rules import palette

    reads: list[str] = []
    variables = palette.palette_variables
    monkeypatch.setattr(palette, "palette_variables", lambda *a: reads.append("read") or variables(*a))
    dice = window.dice_box_model
    select(window, "朝霧 透")
    dice.set_text("2D6+{体力}>=10")
    reads.clear()
    for text in ("2D6+{体力}>=9", "2D6+{体力}>=8", ""):
        dice.set_text(text)
    assert reads == []
    stored = next(s for s in window.campaign_model.characters() if s.character.name == "朝霧 透")
    window.campaign_model.rename_character(stored.id, "朝霧 透 改")  # a changed character: read again
    dice.set_text("2D6+{体力}>=10")
    assert reads == ["read"] and dice.expanded == "2D6+3>=10"


def test_the_system_setting_is_saved_with_the_campaign_and_undone_in_one_step(window):
    dice, view = window.dice_box_model, window.dice_box_view
    select(window, "リゼ・アルノー")
    dice.set_text("2D6+9>=10")
    assert dice.odds.success == 1  # the generic sum: +9 always reaches 10
    view.system_combo.setCurrentIndex(view.system_combo.findData("aw"))
    view.system_combo.activated.emit(view.system_combo.currentIndex())
    assert window.campaign_model.session_value("dice_system") == "aw"
    assert dice.system() == "aw" and dice.odds.success == Fraction(35, 36)  # SRS: a natural 2 fails
    result = dice.roll()
    assert result is not None and result.text.startswith("SRS : (2D6+9>=10[12,2]) ＞ ")
    entry = dice.recent[-1]
    assert entry.payload["dice_system"] == "aw" and dice.replay(entry).same
    assert "--system aw" in dice.replay(entry).cli
    steps = window.campaign_model.undo_stack
    assert "ダイスボット" in steps.undoText()  # the roll's log line is no undo step of its own
    steps.undo()
    assert dice.system_setting == "character" and dice.system() == "fourcard"
    assert view.system_combo.currentData() == "character"


def test_a_secret_roll_of_another_campaign_is_never_revealed_into_the_open_one(window, tmp_path, refusals):
    dice = window.dice_box_model
    dice.set_text("S2D6+3>=10")
    secret = dice.roll()
    assert secret is not None and secret.secret
    entry = dice.recent[-1]
    other = create_demo_campaign(tmp_path / "other.gmcampaign", session=False)
    window.set_campaign_model(CampaignModel(other))
    assert dice.recent == [] and window.dice_box_view.results.count() == 0
    with pytest.raises(ValueError, match="開いているキャンペーンのもの"):
        dice.reveal(entry)
    assert other.log_entries() == []


def _log_rows(window: MainWindow, last: int) -> list[tuple[str, str, str]]:
    """The last rows of the window's session log: (character, input, result) as shown."""
    model = window.log_view.model()
    rows = range(max(0, model.rowCount() - last), model.rowCount())
    return [tuple(model.index(r, c).data() for c in (1, 2, 4)) for r in rows]


def test_typed_commands_a_secret_a_table_and_a_palette_variable_reach_the_log(window, qtbot, monkeypatch):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    import gmtool.views.dice_tables_dialog as tables_dialog

    monkeypatch.setattr(tables_dialog.DiceTablesDialog, "confirm", lambda *_: True)
    line = window.dice_box_view.line

    def type_and_roll(text: str) -> None:
        line.clear()
        line.insert(text)  # typed (QTest cannot key in kanji; insert is what an input method does)
        qtbot.keyClick(line, Qt.Key.Key_Return)

    # A table typed into ダイス表… (the menu's action), then rolled by its name.
    from PySide6.QtGui import QAction

    action = next(a for a in window.findChildren(QAction) if a.text() == "ダイス表…")
    action.trigger()
    dialog = window.services.dialogs.find(tables_dialog.DiceTablesDialog)
    dialog.editor.setPlainText("硬貨表\n1D2\n1:表\n2:裏\n")
    dialog.save()
    assert dialog.model.names() == ["硬貨表"]
    select(window, "朝霧 透")  # AW: {反射} is the sheet's value, the SRS bot judges the check
    type_and_roll("2D6+3>=10 攻撃")
    type_and_roll("S2D6")
    type_and_roll("硬貨表 表なら右")
    type_and_roll("2D6+{反射}>=10 【反射判定】")
    QApplication.processEvents()
    rows = _log_rows(window, 4)
    assert [r[1] for r in rows[:3]] == ["2D6+3>=10 攻撃", "S2D6", "硬貨表 表なら右"]
    assert rows[0][2].startswith("SRS : (2D6+3>=10[12,2]) ＞ ")
    assert rows[1][2] == "シークレットダイス"  # the secret's result stays out of the log
    assert rows[2][2].startswith("硬貨表(") and rows[2][2].split(" ＞ ")[1] in ("表", "裏")
    reflex = window.dice_box_model.variables["反射"]  # the sheet's value, as the palette has it
    assert rows[3][1] == f"2D6+{{反射}}>=10 【反射判定】 → 2D6+{reflex}>=10 【反射判定】"
    assert all(r[0] == "朝霧 透" for r in rows)
    dialog.close()


def test_after_revealing_the_keyboard_stays_with_the_recent_results_not_the_sheets_name(window, qtbot):
    """Found in a first session (issue 34): 公開 pressed, the button turns disabled and Qt handed the
    keyboard on to the next field in the window — the sheet's 名前, its text selected — so the next
    thing typed replaced the character's name.  The focus now stays with the recent results, the
    revealed roll the current one."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    view = window.dice_box_view
    view.line.setFocus()
    qtbot.keyClicks(view.line, "S2D6>=7")
    qtbot.keyClick(view.line, Qt.Key.Key_Return)
    row = view.results.count() - 1
    view.results.setCurrentRow(row)
    qtbot.mouseClick(view.reveal_button, Qt.MouseButton.LeftButton)  # the button takes the focus
    assert window.campaign_model.log_entries()[-1].payload.get("reveals")
    assert not view.reveal_button.isEnabled()
    assert QApplication.focusWidget() is view.results
    assert view.results.currentRow() == row and view.results.item(row).text().startswith("公開:")
    name = window.sheet_view.name_edit
    assert not name.hasFocus() and not name.hasSelectedText()
