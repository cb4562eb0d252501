"""The 千幻抄 rows of tests/e2e/test_house_rules_window.py: each setup drives the real window (千幻抄 →
セッション管理…, the bond dialog, the sheet) on the demo campaign and returns what the GM reads.  Here
too: `Shown`, and `menu_action` (the window's menus by their titles), which the rows of every
system use."""

from __future__ import annotations

from collections.abc import Callable

from gmtool.app.main_window import MainWindow
from gmtool.models.sengensho.catalog_model import SengenshoCatalogModel
from gmtool.rules.systems import SYSTEMS
from gmtool.rules.systems.sengensho.character import BondKind
from gmtool.views.sengensho.bond_dialog import FREE_TARGET, SengenshoBondDialog
from gmtool.views.sengensho.session_dialog import SengenshoSessionDialog
from gmtool.views.sengensho.sheet_view import SengenshoSheetView
from tests.models.sengensho.session_helpers import GM_CATALOG

Shown = Callable[[], str]  # what the user reads, read again after each change


def menu_action(window: MainWindow, menu_title: str, text: str):
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == menu_title)
    return next(a for a in menu.actions() if a.text() == text)


# ---- 千幻抄 -------------------------------------------------------------------------------------
SENGENSHO_SESSION = "セッション管理（縁故・幻想能力・ラスボス）…"


def sengensho_table(window: MainWindow) -> SengenshoSessionDialog:
    """千幻抄 → セッション管理…, with the GM's catalog (能力甲 needs 2, 能力乙 4), the session started
    and the scene 「神社」; `ask` answers yes for the GM."""
    SengenshoCatalogModel(window.campaign_model).save(GM_CATALOG)
    menu_action(window, "千幻抄(&S)", SENGENSHO_SESSION).trigger()
    dialog = window.opened[-1]
    assert isinstance(dialog, SengenshoSessionDialog)
    dialog.ask = lambda _question: True
    dialog.start_button.click()
    new_scene(dialog, "神社")
    return dialog


def new_scene(dialog: SengenshoSessionDialog, name: str) -> None:
    dialog.scenes_tab.new_scene_edit.setText(name)
    dialog.scenes_tab.add_button.click()


def choose(combo, data) -> None:
    index = combo.findData(data)
    assert index >= 0, f"{data!r} is not offered"
    combo.setCurrentIndex(index)


def in_bond_dialog(dialog: SengenshoSessionDialog, holder: str, act: Callable[[SengenshoBondDialog], object]):
    """縁故を結ぶ… for `holder`: `act` does what the GM does in the bond dialog; what it returns."""
    seen: list[object] = []

    def run(bond_dialog: SengenshoBondDialog) -> int:
        bond_dialog.show()
        seen.append(act(bond_dialog))
        if bond_dialog.isVisible():
            bond_dialog.reject()
        return bond_dialog.result()

    dialog.exec_bond_dialog = run
    choose(dialog.bonds_tab.holder_combo, holder)
    dialog.bonds_tab.form_button.click()
    assert len(seen) == 1, "the bond dialog did not open"
    return seen[0]


def form_bond(dialog: SengenshoSessionDialog, holder: str, target: str, text: str = "") -> None:
    """A 狩猟者 縁故 of `holder` to the character `target` (or to `text`, with FREE_TARGET), at Lv1."""

    def act(bond_dialog: SengenshoBondDialog) -> None:
        choose(bond_dialog.archetype_combo, "狩猟者")
        choose(bond_dialog.kind_combo, BondKind.CHARACTER)
        choose(bond_dialog.target_combo, target)
        bond_dialog.target_edit.setText(text)
        bond_dialog.ok_button.click()
        assert not bond_dialog.refusal_label.isVisibleTo(bond_dialog), bond_dialog.refusal_label.text()

    in_bond_dialog(dialog, holder, act)


def sengensho_ids(window: MainWindow) -> dict[str, str]:
    return {s.character.name: s.id for s in window.campaign_model.characters() if s.system == "sengensho"}


def summary_of(window: MainWindow, character_id: str) -> Shown:
    """What 白峰 朔's sheet reads at its top: 「幻想値 狩猟者 3　前借り中: …」."""
    window.select_character(character_id)
    sheet = window.sheet_view
    assert isinstance(sheet, SengenshoSheetView)
    return sheet.fantasy_box.summary_label.text


def sengensho_three_pc_bonds(window: MainWindow) -> Shown:
    """Two PCs added (キャラクターの追加, 千幻抄); 白峰 朔 ties 狩猟者 縁故 Lv1 to 綾瀬 詩織 and both
    newcomers, one a scene: the second and third are halved, each or as a sum."""
    window.ask_item = lambda _title, _label, names, _current: (SYSTEMS["sengensho"].name, True)
    window.add_character()
    window.add_character()
    ids = sengensho_ids(window)
    # 「新しいキャラクター」 and 「新しいキャラクター (2)」: each added one is named apart
    newcomers = [
        s.id for s in window.campaign_model.characters() if s.character.name.startswith("新しいキャラクター")
    ]
    dialog = sengensho_table(window)
    for n, target in enumerate((ids["綾瀬 詩織"], *newcomers)):
        if n:
            new_scene(dialog, f"シーン{n + 1}")
        form_bond(dialog, ids["白峰 朔"], target)
    return summary_of(window, ids["白峰 朔"])


def sengensho_debt(window: MainWindow) -> Shown:
    """白峰 朔: a 縁故 to 「山の天狗」 raised to Lv2 in the next scene, then 能力乙 (needs 4) used by
    borrowing: 2 points owed, or 3 縁故 under the count reading."""
    ids = sengensho_ids(window)
    dialog = sengensho_table(window)
    form_bond(dialog, ids["白峰 朔"], FREE_TARGET, "山の天狗")
    new_scene(dialog, "山道")
    tab = dialog.bonds_tab
    tab.bonds_table.selectRow(0)
    tab.raise_button.click()
    abilities = tab.abilities
    abilities.abilities_table.selectRow(1)
    assert abilities.abilities_table.item(1, 1).text() == "能力乙"
    abilities.borrow_button.click()
    return summary_of(window, ids["白峰 朔"])


def revealed_boss(window: MainWindow) -> tuple[SengenshoSessionDialog, dict[str, str]]:
    """The session with 宵闇の主 chosen as ラスボス and revealed (the ラスボス tab)."""
    ids = sengensho_ids(window)
    dialog = sengensho_table(window)
    box = dialog.last_boss_box
    choose(box.boss_combo, ids["宵闇の主"])
    box.choose_button.click()
    box.reveal_button.click()
    return dialog, ids


def sengensho_boss_level(window: MainWindow) -> Shown:
    """The GM's cap Lv3 was entered on the ラスボス tab (kept from a game that played it); what the bond
    dialog says of 白峰 朔's 縁故 to the revealed ラスボス, and the cap field the tab shows."""
    dialog, ids = revealed_boss(window)
    box = dialog.last_boss_box
    box.cap_spin.setValue(3)
    box.cap_spin.editingFinished.emit()

    def note(bond_dialog: SengenshoBondDialog) -> str:
        choose(bond_dialog.target_combo, ids["宵闇の主"])
        return bond_dialog.level_note.text()

    def shown() -> str:
        cap = box.cap_spin.text() if box.cap_spin.isVisibleTo(box) else "上限の欄なし"
        return f"{in_bond_dialog(dialog, ids['白峰 朔'], note)} | {cap}"

    return shown


def sengensho_boss_slot(window: MainWindow) -> Shown:
    """白峰 朔 has tied a 縁故 to the revealed ラスボス in this scene: whether the bond dialog counts it
    as the scene's one new 縁故."""
    dialog, ids = revealed_boss(window)
    form_bond(dialog, ids["白峰 朔"], ids["宵闇の主"])

    def taken(bond_dialog: SengenshoBondDialog) -> str:
        return next(
            line for line in bond_dialog.hints.text().splitlines() if "このシーンの新しい縁故" in line
        )

    return lambda: str(in_bond_dialog(dialog, ids["白峰 朔"], taken))


def sengensho_ability_period(window: MainWindow) -> Shown:
    """白峰 朔 used 能力甲 (a 縁故 Lv2 from two scenes); the GM ends the session saying the scenario
    goes on and keeping the 縁故, then starts the next: 能力甲's state there (both steps undone after
    reading, so each reading starts from the same session)."""
    ids = sengensho_ids(window)
    dialog = sengensho_table(window)
    form_bond(dialog, ids["白峰 朔"], FREE_TARGET, "山の天狗")
    new_scene(dialog, "山道")
    tab = dialog.bonds_tab
    tab.bonds_table.selectRow(0)
    tab.raise_button.click()
    tab.abilities.abilities_table.selectRow(0)
    tab.abilities.use_button.click()
    undo_stack = window.campaign_model.undo_stack

    def shown() -> str:
        steps = undo_stack.index()
        dialog.keep_check.setChecked(True)
        dialog.scenario_check.setChecked(True)  # ticked where it is offered; unread per session
        dialog.end_button.click()
        dialog.start_button.click()
        assert undo_stack.index() == steps + 2
        choose(tab.holder_combo, ids["白峰 朔"])
        state = tab.abilities.abilities_table.item(0, 4).text()
        undo_stack.undo()
        undo_stack.undo()
        return f"次のセッションの能力甲: {state}"

    return shown
