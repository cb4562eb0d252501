"""The 千幻抄 session dialog driven as the GM would: every 縁故 limit is hit through the bond dialog,
which shows the refusal and stays open while nothing changes (state, undo stack, log); 前借り is
refused while a 類型 owes; the ラスボス is revealed; the session ends."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from PySide6.QtCore import Qt

from gmtool.models.sengensho_session_model import SengenshoSessionModel
from gmtool.models.sengensho_state import CATALOG_KEY, SESSION_KEY
from gmtool.rules.systems.sengensho.catalog import (
    AbilityKind,
    Archetype,
    ArchetypeCatalog,
    FantasyAbility,
    catalog_to_document,
)
from gmtool.rules.systems.sengensho.character import BondKind
from gmtool.views.sengensho_bond_dialog import FREE_TARGET, SengenshoBondDialog
from gmtool.views.sengensho_session_dialog import SengenshoSessionDialog
from tests.models.test_sengensho_session_model import GM_CATALOG, add_cast, set_gm_catalog

ONE_PER_SCENE = (
    "縁故の取得（結び直しを含む）は1シーンにつき1つです（白峰 朔はこのシーンで「綾瀬 詩織」と結びました）"
)


@dataclass
class Seen:
    """What the GM saw of one bond dialog after pressing its button."""

    title: str
    hints: str
    refusal: str | None  # the red line inside the dialog
    still_open: bool


@pytest.fixture
def dialog(qtbot, empty_campaign_model) -> SengenshoSessionDialog:
    dialog = SengenshoSessionDialog(SengenshoSessionModel(empty_campaign_model))
    dialog.people = add_cast(empty_campaign_model)
    set_gm_catalog(empty_campaign_model)
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


@pytest.fixture
def table(dialog) -> SengenshoSessionDialog:
    """The session is running, in the scene 「神社」."""
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


# ---- the window ----------------------------------------------------------------------------------


def test_a_non_modal_window_with_the_session_state(dialog, qtbot):
    assert not dialog.isModal() and dialog.windowTitle() == "セッション管理（千幻抄）"
    assert [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())] == [
        "縁故・幻想能力",
        "シーン",
        "ラスボス",
    ]
    assert dialog.session_label.text() == "セッション 1・準備中" and not dialog.end_button.isEnabled()
    dialog.start_button.click()
    assert dialog.session_label.text() == "セッション 1・セッション中"
    assert dialog.scene_label.text() == "現在のシーン: なし（「シーン」で追加してください）"
    assert last_log(dialog) == ("", "セッション 1 開始", "セッション中")
    dialog.model.campaign_model.undo_stack.undo()
    assert dialog.session_label.text() == "セッション 1・準備中"
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def test_a_damaged_state_is_shown_and_replaced_by_the_next_action(dialog):
    dialog.model.campaign_model.set_session_value(SESSION_KEY, {"running": "yes"}, "壊す")
    assert dialog.problem_label.isVisible() and "running" in dialog.problem_label.text()
    assert "次の操作で新しい状態に置き換わります" in dialog.problem_label.text()
    dialog.start_button.click()
    assert not dialog.problem_label.isVisible() and dialog.model.state().running


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


def test_scenes_are_added_renamed_and_chosen(table, refusals):
    tab = table.scenes_tab
    add_scene(table, "川辺")
    assert (
        column(tab.scene_table, 0) == ["神社", "▶ 川辺"] and table.scene_label.text() == "現在のシーン: 川辺"
    )
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


# ---- every 縁故 limit ------------------------------------------------------------------------------


def test_the_bond_dialog_names_its_scene_and_gives_the_hints(table):
    saku, shiori, *_ = table.people
    seen = formed(table, holder=saku, archetype="狩猟者", target=shiori)
    assert seen.title == "縁故を結ぶ — シーン「神社」"
    assert seen.hints.splitlines() == [
        "縁故の指針: GMの入力した指針",
        "結ぶと対象に必ず適用されます — 印象効果: GMの入力した印象",
        "PCとの縁故は2人目以降、幻想値が半分（切り上げ）（白峰 朔のPCとの縁故: 0）",
        "使用中: 縁故 0/7・記憶 0/2・目的 0/1",
        "このシーンの新しい縁故（結び直しを含む、1シーンに1つ）: まだ結んでいません",
    ]
    assert bonds_rows(table) == [["狩猟者", "キャラクター・集団", "綾瀬 詩織", "1", "1", "神社", ""]]
    assert last_log(table) == (
        "白峰 朔",
        "縁故を結ぶ（シーン「神社」）: 狩猟者・キャラクター・集団「綾瀬 詩織」Lv1"
        "／綾瀬 詩織へ 印象効果: GMの入力した印象",
        "狩猟者の幻想値 1",
    )
    table.model.campaign_model.undo_stack.undo()
    assert bonds_rows(table) == []


def test_one_new_bond_per_scene(table):
    saku, shiori, toru, *_ = table.people
    formed(table, holder=saku, archetype="狩猟者", target=shiori)
    seen = refused_in_dialog(
        table,
        ONE_PER_SCENE,
        holder=saku,
        archetype="狩猟者",
        target=toru,
    )
    assert "このシーンの新しい縁故（結び直しを含む、1シーンに1つ）: 「綾瀬 詩織」と結びました" in seen.hints
    add_scene(table, "川辺")
    formed(table, holder=saku, archetype="狩猟者", target=toru)


def test_at_most_seven_bonds_and_the_gm_override_is_recorded(table):
    saku = table.people[0]
    for n in range(1, 8):
        if n > 1:
            add_scene(table, f"シーン{n}")
        formed(table, holder=saku, archetype="狩猟者", text=f"集団{n}")
    add_scene(table, "シーン8")
    seen = refused_in_dialog(
        table,
        "縁故は最大7個までです（白峰 朔は7個持っています）",
        holder=saku,
        archetype="狩猟者",
        text="集団8",
    )
    assert "使用中: 縁故 7/7・記憶 0/2・目的 0/1" in seen.hints
    formed(table, holder=saku, archetype="狩猟者", text="集団8", override=True)
    assert bonds_rows(table)[-1][-1] == "GM裁定"
    assert "／GMの裁定で制限を超えて" in last_log(table)[1]


def test_at_most_two_memories_and_one_purpose(table):
    saku = table.people[0]
    scenes = iter(f"シーン{n}" for n in range(2, 10))
    formed(table, holder=saku, archetype="芸術家", kind=BondKind.MEMORY, text="月下の約束")
    add_scene(table, next(scenes))
    formed(table, holder=saku, archetype="芸術家", kind=BondKind.MEMORY, text="古い手紙の一文")
    add_scene(table, next(scenes))
    refused_in_dialog(
        table, "記憶の縁故は最大2つまでです", holder=saku, archetype="芸術家", kind=BondKind.MEMORY, text="夢"
    )
    formed(table, holder=saku, archetype="狩猟者", kind=BondKind.PURPOSE, text="犯人を捜す")
    assert (
        last_log(table)[1] == "縁故を結ぶ（シーン「シーン3」）: 狩猟者・目的「犯人を捜す」Lv1"
    )  # no 印象効果
    add_scene(table, next(scenes))
    refused_in_dialog(
        table,
        "目的の縁故は最大1つまでです",
        holder=saku,
        archetype="狩猟者",
        kind=BondKind.PURPOSE,
        text="逃げる",
    )


def test_one_target_from_one_type_until_discarded(table):
    saku, shiori, *_ = table.people
    formed(table, holder=saku, archetype="狩猟者", target=shiori)
    add_scene(table, "川辺")
    refused_in_dialog(
        table,
        "白峰 朔は「綾瀬 詩織」に類型「狩猟者」の縁故を持っています。"
        "別の類型から結ぶには、先にその縁故を破棄してください",
        holder=saku,
        archetype="芸術家",
        target=shiori,
    )
    tab = table.bonds_tab
    tab.bonds_table.selectRow(0)
    table.answer = False
    tab.discard_button.click()
    assert len(table.model.state().bonds) == 1  # the GM said no
    assert table.questions[-1] == (
        "白峰 朔の縁故「綾瀬 詩織」（狩猟者・キャラクター・集団・Lv1）を破棄しますか？\n\n"
        "狩猟者の幻想値は 1 から 1 点減ります。\n（メインウィンドウの「元に戻す」で取り消せます）"
    )
    table.answer = True
    tab.discard_button.click()
    assert (
        bonds_rows(table) == []
        and last_log(table)[1] == "縁故を破棄: 狩猟者・キャラクター・集団「綾瀬 詩織」Lv1"
    )
    formed(table, holder=saku, archetype="芸術家", target=shiori)


def test_a_level_rises_only_in_another_scene(table, refusals):
    saku, *_, elder = table.people
    formed(table, holder=saku, archetype="狩猟者", target=elder)
    tab = table.bonds_tab
    tab.bonds_table.selectRow(0)
    before = trace(table)
    tab.raise_button.click()
    assert refusals == [
        "「町の古老」の縁故はこのシーンで結んだか上げたばかりです。レベルは別のシーンで上げられます"
    ]
    assert trace(table) == before
    add_scene(table, "川辺")
    tab.bonds_table.selectRow(0)
    tab.raise_button.click()
    assert bonds_rows(table)[0][3:5] == ["2", "2"]
    assert last_log(table) == (
        "白峰 朔",
        "縁故のレベルを上げる（シーン「川辺」）: 狩猟者「町の古老」Lv1→Lv2",
        "狩猟者の幻想値 2",
    )
    tab.bonds_table.selectRow(0)
    tab.raise_override_check.setChecked(True)  # the GM allows a second rise in the same scene
    tab.raise_button.click()
    assert bonds_rows(table)[0][3] == "3" and bonds_rows(table)[0][-1] == "GM裁定"
    assert not tab.raise_override_check.isChecked()
    table.model.campaign_model.undo_stack.undo()
    assert bonds_rows(table)[0][3] == "2"


def test_retying_gives_no_fantasy_value(table):
    saku, shiori, *_, elder = table.people
    formed(table, holder=saku, archetype="狩猟者", target=elder)
    add_scene(table, "川辺")
    table.bonds_tab.bonds_table.selectRow(0)
    table.bonds_tab.raise_button.click()
    add_scene(table, "橋")
    values = table.bonds_tab.abilities.values_table
    assert column(values, 1)[:1] == ["2"]
    seen = formed(table, holder=saku, archetype="狩猟者", target=shiori, retie=0)
    assert seen.title == "縁故を結び直す — シーン「橋」"
    assert bonds_rows(table) == [["狩猟者", "キャラクター・集団", "綾瀬 詩織", "2", "2", "橋", "結び直し"]]
    assert column(values, 1)[:1] == ["2"]  # the same 幻想値: 結び直し gives none
    assert "（結び直しのため幻想値は増えません）" in last_log(table)[1]
    refused_in_dialog(
        table,
        ONE_PER_SCENE,
        holder=saku,
        archetype="狩猟者",
        text="森の獣たち",
    )


def test_the_second_pc_bond_gives_half_rounded_up(table):
    saku, shiori, toru, *_ = table.people
    formed(table, holder=saku, archetype="狩猟者", target=shiori)
    add_scene(table, "川辺")
    seen = formed(table, holder=saku, archetype="狩猟者", target=toru)
    assert "（白峰 朔のPCとの縁故: 1）" in seen.hints
    for scene in ("橋", "森"):
        add_scene(table, scene)
        table.bonds_tab.bonds_table.selectRow(1)
        table.bonds_tab.raise_button.click()
    assert bonds_rows(table)[1][3:5] == ["3", "2（PC2人目以降・半分）"]
    assert column(table.bonds_tab.abilities.values_table, 1)[:1] == ["3"]  # 1 + 2
    assert last_log(table)[2] == "狩猟者の幻想値 3（この縁故は PC との縁故 2 人目以降のため 2）"


# ---- 幻想能力 and 前借り -----------------------------------------------------------------------------


def use(dialog: SengenshoSessionDialog, holder: str, row: int, borrow: bool = False) -> None:
    box = dialog.bonds_tab.abilities
    choose(dialog.bonds_tab.holder_combo, holder)
    box.abilities_table.selectRow(row)
    (box.borrow_button if borrow else box.use_button).click()


def test_abilities_show_their_state_and_using_one_is_logged(table, refusals):
    saku, shiori, *_ = table.people
    choose(table.bonds_tab.holder_combo, saku)
    box = table.bonds_tab.abilities
    assert (
        column(box.abilities_table, 4)
        == ["使用不可（幻想値 0/2）", "使用不可（幻想値 0/4）", "未設定"] + ["未設定"] * 3
    )
    assert column(box.abilities_table, 1)[2:] == ["未設定"] * 4  # 芸術家 is empty in the GM's catalog
    formed(table, holder=saku, archetype="狩猟者", target=shiori)
    add_scene(table, "川辺")
    table.bonds_tab.bonds_table.selectRow(0)
    table.bonds_tab.raise_button.click()
    assert column(box.abilities_table, 4)[0] == "使用可"
    use(table, saku, 0)
    assert column(box.abilities_table, 4)[0] == "このセッションで使用済み"
    assert box.detail_label.text() == "能力甲: GMの入力した効果"
    assert column(box.values_table, 1)[:1] == ["2"]  # not spent
    assert last_log(table) == (
        "白峰 朔",
        "幻想能力「能力甲」（狩猟者・ボーナス・必要幻想値 2）: 効果 GMの入力した効果",
        "使用（幻想値 2 は減りません）",
    )
    use(table, saku, 0)
    use(table, saku, 2)
    assert refusals == [
        "能力甲はこのセッションで使用済みです（各幻想能力は1セッションに1回）",
        "幻想能力3（名称未設定）の必要幻想値が未設定です（類型カタログで入力してください）",
    ]
    table.model.campaign_model.undo_stack.undo()
    assert column(box.abilities_table, 4)[0] == "使用可"


def test_borrowing_shows_the_debt_and_is_refused_while_a_type_owes(table, refusals):
    saku, *_, elder = table.people
    box = table.bonds_tab.abilities
    use(table, saku, 1)
    assert refusals == ["能力乙には幻想値が足りません（0/4）。前借りすれば使えます"]
    assert not box.debt_note.isVisible()
    use(table, saku, 1, borrow=True)
    assert column(box.values_table, 1)[:1] == ["4"] and column(box.values_table, 3)[:1] == [
        "前借り中: あと 4 点"
    ]
    assert box.debt_note.isVisible()
    assert box.debt_note.text() == "前借り中: GMの判断で縁故を与えられます（印象効果も通常どおり）"
    assert last_log(table)[2] == "前借りして使用（前借り中: あと 4 点）"
    assert "／前借り: 幻想値 0 → 4（以後のシーンで縁故を結び、あと 4 点を確保）" in last_log(table)[1]
    artist = Archetype("芸術家", abilities=(FantasyAbility("能力丙", AbilityKind.SPECIAL, 1, ""),) * 3)
    catalog = ArchetypeCatalog((GM_CATALOG.archetypes[0], artist))
    table.model.campaign_model.set_session_value(CATALOG_KEY, catalog_to_document(catalog), "カタログ")
    assert column(box.abilities_table, 4)[3] == "使用不可（幻想値 0/1）"
    before = trace(table)
    use(table, saku, 3, borrow=True)
    assert refusals[-1] == "縁故が幻想値に満たない類型があるあいだは前借りできません（狩猟者 あと4点）"
    assert trace(table) == before
    seen = formed(table, holder=saku, archetype="狩猟者", target=elder)
    assert "前借り中: GMの判断で縁故を与えられます（印象効果も通常どおり）" in seen.hints
    assert column(box.values_table, 3)[:1] == ["前借り中: あと 3 点"]


def test_an_npc_shows_its_presets_and_the_guideline(table):
    lord = table.people[3]
    choose(table.bonds_tab.holder_combo, lord)
    assert bonds_rows(table) == [
        ["狩猟者", "キャラクター・集団", "人里", "5", "5", "セッション開始前", "事前設定"],
        ["芸術家", "記憶", "古い歌", "5", "5", "セッション開始前", "事前設定"],
    ]
    values = table.bonds_tab.abilities.values_table
    assert column(values, 4) == ["NPCの縁故は類型ごとに5〜6点が目安"] * 2 and not values.isColumnHidden(4)
    choose(table.bonds_tab.holder_combo, table.people[0])
    assert values.isColumnHidden(4)


# ---- ラスボス ------------------------------------------------------------------------------------------


def test_the_last_boss_is_revealed_and_pcs_bond_to_it_without_level_limits(table):
    saku, shiori, _, lord, _ = table.people
    box = table.last_boss_box
    choose(box.boss_combo, lord)
    box.choose_button.click()
    assert box.status_label.text() == "ラスボス: 宵闇の主（まだ明かしていません）" and not table.questions
    box.reveal_button.click()
    assert (
        box.status_label.text()
        == "ラスボス: 宵闇の主（明かしました）。ラスボスの縁故Lv1 → 白峰 朔、綾瀬 詩織、黒羽 透"
    )
    assert last_log(table)[1].startswith(
        "ラスボス「宵闇の主」を明かした（クライマックス・シーン「神社」）: "
        "ラスボスの縁故Lv1 → 白峰 朔、綾瀬 詩織、黒羽 透。"
    )
    assert not box.reveal_button.isEnabled()
    choose(table.bonds_tab.holder_combo, lord)
    assert [r[0] for r in bonds_rows(table)][:3] == ["ラスボス"] * 3
    formed(table, holder=saku, archetype="狩猟者", target=shiori)  # the scene's one new 縁故 is used
    formed(table, holder=saku, archetype="芸術家", target=lord, level=3)
    assert bonds_rows(table)[-1] == ["芸術家", "キャラクター・集団", "宵闇の主", "3", "3", "神社", "ラスボス"]
    assert "ラスボスへの縁故: 白峰 朔（芸術家・Lv3）" in box.status_label.text()
    table.model.campaign_model.undo_stack.undo()
    table.model.campaign_model.undo_stack.undo()
    table.model.campaign_model.undo_stack.undo()
    assert box.status_label.text() == "ラスボス: 宵闇の主（まだ明かしていません）"


def test_choosing_a_pc_as_last_boss_asks_first(table):
    saku = table.people[0]
    box = table.last_boss_box
    choose(box.boss_combo, saku)
    table.answer = False
    box.choose_button.click()
    assert table.model.state().last_boss is None
    assert (
        "白峰 朔はPCです。類型「ラスボス」は原則としてセッションに一人のNPCだけに認められます。"
        in table.questions[-1]
    )
    table.answer = True
    box.choose_button.click()
    assert table.model.state().last_boss == saku and last_log(table)[1] == "ラスボス: 白峰 朔（PC・GMの裁定）"
    box.clear_button.click()
    assert box.status_label.text() == "ラスボスは決まっていません"


# ---- the end of the session ---------------------------------------------------------------------------


def test_ending_the_session_asks_and_says_what_resets(table):
    saku, shiori, _, lord, _ = table.people
    formed(table, holder=saku, archetype="狩猟者", target=shiori)
    add_scene(table, "川辺")
    table.bonds_tab.bonds_table.selectRow(0)
    table.bonds_tab.raise_button.click()
    use(table, saku, 0)
    choose(table.last_boss_box.boss_combo, lord)
    table.last_boss_box.choose_button.click()
    assert not table.keep_check.isChecked()
    table.answer = False
    table.end_button.click()
    assert table.model.state().running  # the GM said no
    assert table.questions[-1] == (
        "セッション 1 を終了しますか？\n\n"
        "・リセット: 幻想能力の使用回数、シーン、ラスボス\n"
        "・このセッションの縁故と前借りは記録に移ります（縁故は各セッションで結ぶもの）\n"
        "・類型は次のセッションの開始前に変更できます\n"
        "（メインウィンドウの「元に戻す」で取り消せます）"
    )
    table.answer = True
    table.end_button.click()
    assert table.session_label.text() == "セッション 2・準備中"
    assert table.scenes_tab.scene_table.rowCount() == 0 and bonds_rows(table) == []
    assert table.last_boss_box.status_label.text() == "ラスボスは決まっていません"
    assert column(table.bonds_tab.abilities.abilities_table, 4)[0] == "使用不可（幻想値 0/2）"
    assert last_log(table)[1].startswith(
        "セッション 1 終了: 幻想能力の使用回数、シーン、ラスボスをリセット。"
    )
    table.model.campaign_model.undo_stack.undo()
    assert table.session_label.text() == "セッション 1・セッション中"
    assert column(table.bonds_tab.abilities.abilities_table, 4)[0] == "このセッションで使用済み"


def test_the_gm_may_carry_the_bonds_over(table):
    saku, shiori, *_ = table.people
    formed(table, holder=saku, archetype="狩猟者", target=shiori)
    table.keep_check.setChecked(True)
    table.end_button.click()
    assert "・縁故と前借りは次のセッションに持ち越します（GMの判断）" in table.questions[-1]
    assert bonds_rows(table) == [
        ["狩猟者", "キャラクター・集団", "綾瀬 詩織", "1", "1", "前のセッション", ""]
    ]
    assert not table.keep_check.isChecked()  # decided again at the next end
