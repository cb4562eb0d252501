"""The 千幻抄 session dialog driven as the GM would: the window, the session's start and its scenes.

This module also holds the fixtures and helpers of the other `test_sengensho_session_dialog_*`
modules (limits, abilities, the ラスボス and the end, targets and names, impressions): `dialog` is the
window over a campaign with the test cast, `table` the same with a running session in 「神社」, and
`bond()` fills the bond dialog in as the GM would and reports what the GM saw."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from gmtool.models.sengensho.session_model import SengenshoSessionModel
from gmtool.models.sengensho.state import SESSION_KEY
from gmtool.rules.systems.sengensho.character import BondKind, SengenshoCharacter
from gmtool.views.sengensho.bond_dialog import FREE_TARGET, SengenshoBondDialog
from gmtool.views.sengensho.session_dialog import SengenshoSessionDialog
from tests.models.sengensho.session_helpers import add_cast, set_gm_catalog


@dataclass
class Seen:
    """What the GM saw of one bond dialog after pressing its button."""

    title: str
    hints: str
    refusal: str | None  # the red line inside the dialog
    still_open: bool


def open_dialog(qtbot, campaign_model) -> SengenshoSessionDialog:
    """The dialog over `campaign_model` with the test cast and the GM's catalog, shown; `ask` and
    `exec_bond_dialog` answer for the GM (see `questions`, `answer`, `fill_bond`)."""
    dialog = SengenshoSessionDialog(SengenshoSessionModel(campaign_model))
    dialog.people = add_cast(campaign_model)
    set_gm_catalog(campaign_model)
    dialog.questions = []  # what ask was asked; `answer` is the GM's reply
    dialog.answer = True

    def ask(question: str) -> bool:
        dialog.questions.append(question)
        return dialog.answer

    dialog.ask = ask
    dialog.bond_dialogs = 0
    dialog.fill_bond = None  # set by `bond()`: fills the bond dialog in and presses its button

    def exec_bond_dialog(bond_dialog: SengenshoBondDialog) -> int:
        dialog.bond_dialogs += 1
        bond_dialog.show()
        dialog.fill_bond(bond_dialog)
        return bond_dialog.result()

    dialog.exec_bond_dialog = exec_bond_dialog
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def open_table(qtbot, campaign_model) -> SengenshoSessionDialog:
    """The dialog with the session running, in the scene 「神社」."""
    dialog = open_dialog(qtbot, campaign_model)
    dialog.start_button.click()
    add_scene(dialog, "神社")
    return dialog


def choose(combo, data) -> None:
    index = combo.findData(data)
    assert index >= 0, f"{data!r} is not offered"
    combo.setCurrentIndex(index)


def column(table, index: int) -> list[str]:
    return [table.item(r, index).text() for r in range(table.rowCount())]


def add_scene(dialog: SengenshoSessionDialog, name: str) -> None:
    dialog.scenes_tab.new_scene_edit.setText(name)
    dialog.scenes_tab.add_button.click()


def trace(dialog: SengenshoSessionDialog) -> tuple[object, int, int]:
    campaign_model = dialog.model.campaign_model
    return dialog.model.state(), campaign_model.undo_stack.count(), len(campaign_model.log_entries())


def last_log(dialog: SengenshoSessionDialog) -> tuple[str, str, str]:
    summary = dialog.model.campaign_model.log_entries()[-1].payload["summary"]
    return summary["who"], summary["inputs"], summary["result"]


def bond(
    dialog: SengenshoSessionDialog,
    holder: str,
    archetype: str,
    target: str | None = None,
    text: str = "",
    kind: BondKind = BondKind.CHARACTER,
    level: int | None = None,
    override: bool = False,
    retie: int | None = None,
) -> Seen:
    """Chooses `holder`, presses 縁故を結ぶ… (or selects row `retie` and presses 結び直す…), fills
    the bond dialog in (a campaign character `target`, or the free `text`) and presses its button."""
    tab = dialog.bonds_tab
    choose(tab.holder_combo, holder)
    seen: list[Seen] = []

    def fill(bond_dialog: SengenshoBondDialog) -> None:
        choose(bond_dialog.archetype_combo, archetype)
        choose(bond_dialog.kind_combo, kind)
        if kind is BondKind.CHARACTER:
            choose(bond_dialog.target_combo, target or FREE_TARGET)
        bond_dialog.target_edit.setText(text)
        bond_dialog.override_check.setChecked(override)
        if level is not None:
            assert bond_dialog.level_spin.isEnabled()
            bond_dialog.level_spin.setValue(level)
        bond_dialog.ok_button.click()
        refusal = bond_dialog.refusal_label.text() if bond_dialog.refusal_label.isVisible() else None
        seen.append(
            Seen(bond_dialog.windowTitle(), bond_dialog.hints.text(), refusal, bond_dialog.isVisible())
        )

    dialog.fill_bond = fill
    if retie is None:
        tab.form_button.click()
    else:
        tab.bonds_table.selectRow(retie)
        tab.retie_button.click()
    assert len(seen) == 1, "the bond dialog did not open"
    return seen[0]


def refused_in_dialog(dialog: SengenshoSessionDialog, reason: str, **request) -> Seen:
    """The bond dialog shows `reason` and stays open; nothing is stored, undoable or logged."""
    before = trace(dialog)
    seen = bond(dialog, **request)
    assert seen.refusal == reason and seen.still_open
    assert trace(dialog) == before
    return seen


def formed(dialog: SengenshoSessionDialog, **request) -> Seen:
    seen = bond(dialog, **request)
    assert seen.refusal is None and not seen.still_open, seen.refusal
    return seen


def bonds_rows(dialog: SengenshoSessionDialog) -> list[list[str]]:
    table = dialog.bonds_tab.bonds_table
    return [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]


def use(dialog: SengenshoSessionDialog, holder: str, row: int, borrow: bool = False) -> None:
    box = dialog.bonds_tab.abilities
    choose(dialog.bonds_tab.holder_combo, holder)
    box.abilities_table.selectRow(row)
    (box.borrow_button if borrow else box.use_button).click()


def look_at_bond_dialog(dialog: SengenshoSessionDialog, holder: str, look, retie: int | None = None) -> None:
    """Opens the bond dialog for `holder` (re-tying row `retie`) and lets `look` read it; nothing
    is pressed, so the dialog is then cancelled."""
    tab = dialog.bonds_tab
    choose(tab.holder_combo, holder)
    seen = []
    dialog.fill_bond = lambda bond_dialog: seen.append(look(bond_dialog))
    if retie is None:
        tab.form_button.click()
    else:
        tab.bonds_table.selectRow(retie)
        tab.retie_button.click()
    assert len(seen) == 1, "the bond dialog did not open"


def visible_texts(widget) -> list[str]:
    return [label.text() for label in widget.findChildren(QLabel) if label.isVisible() and label.text()]


# ---- the window ----------------------------------------------------------------------------------


def test_a_non_modal_window_with_the_session_state(dialog, qtbot):
    assert not dialog.isModal() and dialog.windowTitle() == "セッション管理（千幻抄）"
    assert [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())] == [
        "縁故・幻想能力",
        "シーン",
        "ラスボス",
        "過去のセッション",
    ]
    assert dialog.session_label.text() == "セッション 1（開始前）" and not dialog.end_button.isEnabled()
    dialog.start_button.click()
    assert dialog.session_label.text() == "セッション 1（進行中）"
    assert dialog.bonds_tab.scene_label.text() == "シーンがありません（「シーン」でシーンを追加してください）"
    assert last_log(dialog) == ("", "セッション 1 開始", "セッション 1（進行中）")
    dialog.model.campaign_model.undo_stack.undo()
    assert dialog.session_label.text() == "セッション 1（開始前）"
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def test_the_window_opens_at_its_default_width_and_names_the_current_scene_once(dialog):
    # 1360 px (the 幻想能力 columns whole in English) where the screen has room, else the screen's
    # width: never wider than both, whatever its contents (not widened on show)
    room = dialog.screen().availableGeometry().width()
    assert dialog.minimumSizeHint().width() <= 1150
    assert dialog.width() <= max(min(1360, room), dialog.minimumSizeHint().width())
    table = dialog
    table.start_button.click()
    add_scene(table, "神社")
    assert table.session_label.text() == "セッション 1（進行中・現在のシーン: 神社）"
    shown = " ".join(visible_texts(table))
    assert shown.count("現在のシーン") == 1 and not table.bonds_tab.scene_label.isVisible()


def test_a_damaged_state_is_shown_and_replaced_by_the_next_action(dialog):
    dialog.model.campaign_model.set_session_value(SESSION_KEY, {"running": "yes"}, "壊す")
    assert dialog.problem_label.isVisible() and "running" in dialog.problem_label.text()
    assert "次の操作で新しい状態に置き換わります" in dialog.problem_label.text()
    dialog.start_button.click()
    assert not dialog.problem_label.isVisible() and dialog.model.state().running


def test_starting_asks_first_when_a_pc_has_no_archetype(dialog):
    dialog.model.campaign_model.insert_character("sengensho", SengenshoCharacter(name="名無しの子"), "追加")
    dialog.answer = False
    dialog.start_button.click()
    assert not dialog.model.state().running  # the GM said no: the sheet can still give a 類型
    assert dialog.questions == [
        "類型のないPCがいます: 名無しの子\n\n"
        "類型はセッション中には変えられないため、このセッションでは縁故を結べません"
        "（類型は次のセッションの開始前にシートで選びます）。\n\n"
        "このままセッション 1 を開始しますか？"
    ]  # the NPC 町の古老 has none either, but an NPC without 類型 is usual
    dialog.answer = True
    dialog.start_button.click()
    assert dialog.model.state().running


def test_starting_asks_nothing_when_every_pc_has_an_archetype(dialog):
    dialog.start_button.click()
    assert dialog.model.state().running and dialog.questions == []


def test_the_bond_dialog_needs_a_running_session_and_a_scene(dialog, refusals):
    saku = dialog.people[0]
    choose(dialog.bonds_tab.holder_combo, saku)
    dialog.bonds_tab.form_button.click()
    dialog.start_button.click()
    dialog.bonds_tab.form_button.click()
    assert refusals == [
        "セッションが始まっていません（「セッション開始」を押してください）",
        "現在のシーンがありません（シーンを追加してください）",
    ]
    assert dialog.bond_dialogs == 0


# ---- scenes ----------------------------------------------------------------------------------------


def test_scenes_are_added_renamed_and_made_current(table, refusals):
    tab = table.scenes_tab
    add_scene(table, "川辺")
    assert column(tab.scene_table, 0) == ["神社", "▶ 川辺"]
    assert table.session_label.text() == "セッション 1（進行中・現在のシーン: 川辺）"
    tab.scene_table.selectRow(0)
    tab.make_current_button.click()
    assert column(tab.scene_table, 0) == ["▶ 神社", "川辺"]
    assert tab.rename_edit.text() == "神社"
    tab.rename_edit.setText("夜の神社")
    tab.rename_button.click()
    assert column(tab.scene_table, 0)[0] == "▶ 夜の神社"
    assert last_log(table)[1] == "シーン名の変更: 「神社」→「夜の神社」"
    tab.scene_table.clearSelection()
    tab.make_current_button.click()
    assert refusals == ["現在のシーンにするシーンを一覧から選んでください"]
