"""Issue 34's "Done when": a GM's first session per system, played through the real window at
1366×768 from a fresh data folder, without the GM override — the start page's 新しいキャンペーン, a
character made (the system's wizard, or the sheet filled in), a check, a fight in the combat tracker,
a secret roll revealed, and the session log showing those lines in order.  The steps are in
tests/e2e/first_session.py."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QPushButton, QWizard

from gmtool.rules.systems.mtg.checks import CheckColor
from gmtool.views.fourcard.sheet_view import FourCardSheetView
from gmtool.views.fourcard.wizard import FourCardWizard
from gmtool.views.lotr.sheet_view import LotRSheetView
from gmtool.views.lotr.wizard import LotRWizard
from gmtool.views.mtg.decklist_dialog import MTGDecklistDialog
from gmtool.views.mtg.sheet_view import MTGSheetView
from tests.e2e.first_session import (
    add_character,
    assert_in_order,
    assert_lines_read_whole,
    choose_text,
    combo_texts,
    damage,
    log_lines,
    new_campaign_window,
    open_tracker,
    roll_check,
    secret_roll_revealed,
    start_fight,
    turn_fight_lines,
    turn_with_damage,
    type_into,
)
from tests.views.fourcard.test_wizard import click_next, fill_identity, next_enabled, roll_fortune
from tests.views.lotr.test_wizard import click_next as click_lotr_next, fill_attributes, fill_origin

# A secret 2D6 roll in the log, then its reveal.
SECRET_2D6 = [r"\| S2D6>=8 \| — \| シークレットダイス \|", r"シークレットダイス公開: S2D6>=8 \| \d,\d \| "]


def test_aw_first_session(qtbot, settings, tmp_path, monkeypatch):
    """AW has no creation procedure: the new character's sheet is filled in.  Its fight: the turn
    order from the sheet's 行動値, エンゲージ and メジャー「攻撃」 in the tracker's AW tab, the hit
    rolled in the panel with the sheet's 物理命中値, and the damage taken off the orc's HP."""
    with new_campaign_window(qtbot, settings, tmp_path) as window:
        add_character(window, "aw", None)
        sheet = window.sheet_view
        assert sheet.name_edit.text() == "新しいキャラクター"
        type_into(qtbot, sheet.name_edit, "朝霧 透")
        for path, value in (
            ("attributes.reflex", 4),
            ("attributes.intellect", 3),
            ("combat.physical_hit", 6),
            ("combat.initiative", 9),
            ("hp_max", 28),
            ("hp", 28),
        ):
            type_into(qtbot, sheet.spins[path], str(value))
        assert window.list_view.currentIndex().data() == "朝霧 透"

        panel = window.check_stack.currentWidget()
        side = panel.action_box
        assert side.character_combo.currentText() == "朝霧 透"
        choose_text(side.source_combo, "反射（4）")
        assert side.value_spin.value() == 4
        assert roll_check(window, panel.difficulty_spin, 10).startswith("出目 [")

        tracker = open_tracker(window)
        orc = start_fight(tracker, monkeypatch, "aw", "朝霧 透", ("オーク", {"initiative": 7, "hp": 10}))
        aw = tracker.action_boxes["aw"]
        assert tracker.side_tabs.currentWidget() is tracker.side_tabs.area_of(aw)
        assert "セットアッププロセス" in tracker.status_label.text()
        tracker.next_button.click()
        assert "メインプロセス: 朝霧 透" in tracker.status_label.text()  # 行動値 9 before the orc's 7
        assert aw.actor_label.text() == "手番: 朝霧 透（行動値 9）"
        assert aw.target_combo.currentText() == "オーク"
        aw.engage_button.click()
        choose_text(aw.major_combo, "攻撃")
        aw.major_button.click()
        assert aw.move_label.text().endswith("このラウンドのアクション: 攻撃")
        # The hit, in the panel beside the tracker: the sheet's 物理命中値.
        choose_text(side.source_combo, "物理命中値（6）")
        assert side.value_spin.value() == 6
        assert roll_check(window, panel.difficulty_spin, 9).startswith("出目 [")
        assert damage(tracker, orc, 4) == (10, 6)
        tracker.next_button.click()
        assert "メインプロセス: オーク" in tracker.status_label.text()

        assert secret_roll_revealed(window, qtbot, "S2D6>=8").startswith("公開: SRS")
        assert_in_order(
            log_lines(window),
            [
                r"\| 朝霧 透 \| 反射 4 修正 \+0 難易度 10 \|",
                r"新しい戦闘「戦闘」（アナザーワールドSRS 3rd）",
                r"参加: 朝霧 透",
                r"参加: オーク",
                r"戦闘開始「戦闘」: ラウンド 1",
                r"ラウンド 1: 朝霧 透の手番",
                r"朝霧 透がオークとエンゲージ",
                r"朝霧 透: メジャーアクション「攻撃」",
                r"\| 朝霧 透 \| 物理命中値 6 修正 \+0 難易度 9 \|",
                r"オークのHP: 10 → 6/10",
                r"ラウンド 1: オークの手番",
                *SECRET_2D6,
            ],
        )


def test_sengensho_first_session(qtbot, settings, tmp_path, monkeypatch):
    """千幻抄 has no creation procedure: the sheet's 特性値 and a 技能 are filled in, the name given in
    the character list (the sheet says so).  Its tracker has no attack of its own: the fight is the
    turn order, the character's turn, and the damage taken off the opponent's HP in the side pane."""
    with new_campaign_window(qtbot, settings, tmp_path) as window:
        add_character(window, "sengensho", None)
        sheet = window.sheet_view
        assert sheet.name_label.toolTip() == "名前はキャラクター一覧で変更します"
        asked: list[tuple[str, str]] = []
        window.ask_text = lambda _title, label, text: (asked.append((label, text)), ("白峰 朔", True))[1]
        rename = next(
            b for b in window.characters_dock.widget().findChildren(QPushButton) if b.text() == "名前の変更"
        )
        rename.click()
        assert asked == [("新しい名前:", "新しいキャラクター")]
        sheet = window.sheet_view
        assert sheet.name_label.text() == "白峰 朔"
        for key, value in (("body", 5), ("sense", 6), ("intellect", 4)):
            type_into(qtbot, sheet.attribute_spins[key], str(value))
        skills = sheet.skills_box
        skills.name_edit.setFocus()
        skills.name_edit.insert("隠密")  # typed, then Tab to the level: Enter there adds the skill
        type_into(qtbot, skills.level_spin, "2")
        assert [skills.table.item(0, c).text() for c in range(2)] == ["〈隠密〉", "2"]

        panel = window.check_stack.currentWidget()
        inputs = panel.inputs_box
        assert inputs.character_combo.currentText() == "白峰 朔"
        choose_text(inputs.source_combo, "感覚（6）")
        choose_text(inputs.skill_combo, "〈隠密〉（2）")
        assert roll_check(window, panel.target_spin, 12).startswith("3D6 [")

        tracker = open_tracker(window)
        oni = start_fight(tracker, monkeypatch, "sengensho", "白峰 朔", ("鬼", {"hp": 12}))
        assert turn_with_damage(tracker, "白峰 朔", ("鬼", oni), 5) == (12, 7)

        assert secret_roll_revealed(window, qtbot, "S3D6").startswith("公開:")
        assert_in_order(
            log_lines(window),
            [
                r"\| 白峰 朔 \| \{感覚\}\+〈隠密〉 6\+2 / 目標値 12 \| 3D6 \[",
                *turn_fight_lines("千幻抄", "白峰 朔", "鬼", "鬼のHP: 12 → 7"),
                r"\| S3D6 \| — \| シークレットダイス \|",
                r"シークレットダイス公開: S3D6",
            ],
        )


def fourcard_wizard(qtbot) -> Callable[[FourCardWizard], bool]:
    """The wizard on a new campaign: the skills page offers nothing (【接近戦】 has no 専門性), so the
    GM opens the skill catalog from the page, gives 【接近戦】 its 専門性, saves, closes, and buys it
    with the rolls unchanged — no GM override."""

    def run(wizard: FourCardWizard) -> bool:
        wizard.show()
        fill_identity(wizard)
        wizard.attributes_page.roll_button.click()
        rolled = dict(wizard.model.attribute_faces or {})
        shown = {key: label.text() for key, label in wizard.attributes_page.face_labels.items()}
        click_next(wizard)
        click_next(wizard)  # 経験点: no extra
        page = wizard.skills_page
        assert wizard.currentPage() is page and not next_enabled(wizard)
        assert "専門性が未設定" in page.guide_label.text() and page.catalog_button.isVisible()
        page.catalog_button.click()
        catalog = page.catalog_dialog
        assert catalog is not None and catalog.isVisible()
        catalog.select_row(0)
        assert catalog.name_edit.text() == "接近戦" and catalog.expertise_spin.text() == "未設定"
        type_into(qtbot, catalog.expertise_spin, "2")
        catalog.save_button.click()
        catalog.close()
        assert page.catalog_dialog is None and wizard.isVisible() and wizard.currentPage() is page
        assert wizard.model.attribute_faces == rolled  # the rolls kept
        assert {key: label.text() for key, label in wizard.attributes_page.face_labels.items()} == shown
        assert not wizard.attributes_page.roll_button.isEnabled()
        assert not page.guide_label.isVisible()
        page.select_skill("接近戦")
        page.buy_button.click()
        assert page.purchase_list.item(0).text().startswith("【接近戦】1TP")
        assert not wizard.override_check.isChecked()
        click_next(wizard)
        roll_fortune(wizard)
        wizard.button(QWizard.WizardButton.FinishButton).click()
        return wizard.result() == QDialog.DialogCode.Accepted

    return run


def test_fourcard_first_session(qtbot, settings, tmp_path, monkeypatch):
    """フォーカード: its wizard, the catalog opened from it (above).  Its tracker has no attack of its
    own: the fight is the turn order, the character's turn and the damage taken off the opponent."""
    with new_campaign_window(qtbot, settings, tmp_path) as window:
        add_character(window, "fourcard", fourcard_wizard(qtbot))
        sheet = window.sheet_view
        assert isinstance(sheet, FourCardSheetView)
        assert window.list_view.currentIndex().data() == "リナ"
        character = window.campaign_model.character(window.selected_character_id())
        assert [(s.name, s.tp) for s in character.skills] == [("接近戦", 1)] and not character.overrides

        panel = window.check_stack.currentWidget()
        roller = panel.a_box
        assert roller.character_combo.currentText() == "リナ"
        choose_text(roller.source_combo, next(t for t in combo_texts(roller.source_combo) if "接近戦" in t))
        assert roll_check(window, panel.difficulty_spin, 10).startswith("出目 [")

        tracker = open_tracker(window)
        goblin = start_fight(
            tracker, monkeypatch, "fourcard", "リナ", ("ゴブリン", {"st": 5, "wp": 4, "vt": 5})
        )
        assert turn_with_damage(tracker, "リナ", ("ゴブリン", goblin), 3, "負傷") == (0, 3)

        assert secret_roll_revealed(window, qtbot, "S2D6>=8").startswith("公開:")
        assert_in_order(
            log_lines(window),
            [
                r"\| リナ \| 能力値 2D3\+1 ×5 \| IQ\[",
                r"\| リナ \| 利き腕 2D6",
                r"\| リナ \| 所持金 3D6×100\+1000 CP",
                r"\| リナ \| キャラクターの作成 \|  \| リナ を作成",
                r"\| リナ \| 目標ロール: 【接近戦】.* 難易度 10 \|",
                *turn_fight_lines("フォーカード", "リナ", "ゴブリン", "ゴブリンの負傷: 0 → 3"),
                *SECRET_2D6,
            ],
        )
        # The fight's lines read whole beside the creation's wide dice (IQ[…] DX[…] …), the
        # result still in view: 出目 gives up its width before 入力 does.
        assert_lines_read_whole(window, ["ゴブリンの負傷: 0 → 3", "ラウンド 1: ゴブリンの手番"])


def lotr_wizard(refusals: list[str]) -> Callable[[LotRWizard], bool]:
    """A dwarf warrior by the choice method, 6 ranks of Armed Combat: Axes (its order's 3 and 3 of
    its free order points): everything within the limits, no GM override."""

    def run(wizard: LotRWizard) -> bool:
        wizard.show()
        fill_origin(wizard, "dwarf", "warrior")
        fill_attributes(wizard, "choice", refusals)
        click_lotr_next(wizard)
        favoured = wizard.favoured_page
        favoured.favoured_checks["str"].setChecked(True)
        favoured.favoured_checks["vit"].setChecked(True)
        favoured.reaction_radios["stamina"].setChecked(True)
        click_lotr_next(wizard)
        page = wizard.skills_page
        page.skill_edit.setCurrentText("Armed Combat: Axes")
        page.add_button.click()
        page.rank_spins[("Armed Combat: Axes", "order")].setValue(3)
        page.rank_spins[("Armed Combat: Axes", "order_free")].setValue(3)
        assert page.table.item(0, page.table.columnCount() - 1).text() == "6"
        click_lotr_next(wizard)
        extras = wizard.extras_page
        extras.name_edit.setText("ギムリ")
        extras.order_ability_edit.setText("Swift Strike")
        assert not wizard.override_check.isChecked()
        finish = wizard.button(QWizard.WizardButton.FinishButton)
        assert finish.isEnabled(), extras.reason_label.text()
        finish.click()
        return wizard.result() == QDialog.DialogCode.Accepted

    return run


def test_lotr_first_session(qtbot, settings, tmp_path, monkeypatch, refusals):
    """LotR: its wizard; the fight's attack in the tracker's attack step, its bonus the sheet's Armed
    Combat: Axes (with the STR modifier), the target an opponent by default."""
    with new_campaign_window(qtbot, settings, tmp_path) as window:
        add_character(window, "lotr", lotr_wizard(refusals))
        assert isinstance(window.sheet_view, LotRSheetView)
        assert window.list_view.currentIndex().data() == "ギムリ"
        panel = window.check_stack.currentWidget()
        assert panel.a_box.character_combo.currentText() == "ギムリ"
        assert panel.a_box.source_combo.currentText().startswith("Armed Combat: Axes")
        assert roll_check(window, panel.tn_spin, 10).startswith("出目 [")

        tracker = open_tracker(window)
        orc = start_fight(
            tracker, monkeypatch, "lotr", "ギムリ", ("オーク", {"swiftness": 0, "defence": 9, "health": 6})
        )
        attack = tracker.action_boxes["lotr"].attack_box
        assert tracker.side_tabs.currentWidget() is tracker.side_tabs.area_of(attack)
        tracker.next_button.click()  # the order is the initiative rolled at the start (3.1)
        if tracker.status_label.text() == "ラウンド 1・オークの手番":
            tracker.next_button.click()
        assert tracker.status_label.text() == "ラウンド 1・ギムリの手番"
        assert attack.attacker_combo.currentText() == "ギムリ"
        assert attack.target_combo.currentData() == orc  # an opponent, not himself
        # The bonus from the sheet: Armed Combat: Axes 6 ranks + STR modifier 1.
        assert attack.bonus_spin.value() == 7 and attack.bonus_link.note.text() == "シートから"
        assert "Armed Combat: Axes" in attack.bonus_link.note.toolTip()
        assert "100" in attack.odds_label.text()  # 2d6 + 7 against Defence 9: always a hit
        attack.roll_button.click()
        result = attack.result_label.text()
        assert "目標値 9" in result and "命中しなかった" not in result  # 命中, or Extraordinary
        type_into(qtbot, attack.rolled_spin, "3")
        assert attack.str_spin.value() == 4 and attack.apply_button.isEnabled()
        attack.apply_button.click()
        tracker.next_button.click()
        assert tracker.status_label.text() != "ラウンド 1・ギムリの手番"

        assert secret_roll_revealed(window, qtbot, "S2D6>=8").startswith("公開:")
        assert_in_order(
            log_lines(window),
            [
                r"\| ギムリ \| キャラクターの作成 \|  \| ギムリ を作成（Dwarf（ドワーフ）・Warrior（戦士）",
                r"\| ギムリ \| 判定: Armed Combat: Axes（武器戦闘）（ランク \+6 能力値修正 \+1 = \+7）"
                r" 目標値 10 \|",
                r"新しい戦闘「戦闘」（指輪物語RPG（CODA））",
                r"参加: ギムリ",
                r"参加: オーク",
                r"戦闘開始「戦闘」: ラウンド 1 \| ギムリ \d+、オーク \d+",
                r"ラウンド 1: ギムリの手番",
                r"ギムリ → オーク: 攻撃 達成値 \d+ / 目標値 9",
                r"オークにダメージ 7（出目 3 \+ STR \+4）→ 負傷 7",
                r"ラウンド 1: (オークの手番|ラウンド終了)",  # whichever the initiative left next
                *SECRET_2D6,
            ],
        )


# A decklist from the shipped sample cards, in Japanese as a GM pastes it.
DECKLIST = "20 森\n4 エルフの神秘家\n《ルーン爪の熊》 4枚\n"


def paste_decklist(dialog: QDialog) -> bool:
    """The deck wizard (デッキリストから): the deck's name, the list pasted, 読み取る, then OK."""
    assert isinstance(dialog, MTGDecklistDialog)
    dialog.show()
    dialog.name_edit.setText("森の民")
    dialog.text_edit.setPlainText(DECKLIST)
    dialog.read_button.click()
    assert "28枚" in dialog.summary_label.text()
    assert dialog.ok_button.isEnabled(), dialog.summary_label.text()
    dialog.ok_button.click()
    return dialog.result() == QDialog.DialogCode.Accepted


def test_mtg_first_session(qtbot, settings, tmp_path, monkeypatch):
    """MTGでTRPG: the PC is a deck, made by its wizard from a decklist of the shipped sample cards;
    the check reveals two cards; the tracker has no attack of its own: the fight is the turn order,
    the deck's turn and the life taken off the opponent (the GM enters life: the text gives none)."""
    with new_campaign_window(qtbot, settings, tmp_path) as window:
        add_character(window, "mtg", paste_decklist)
        assert isinstance(window.sheet_view, MTGSheetView)
        assert window.list_view.currentIndex().data() == "森の民"
        assert "ライブラリー 28枚" in window.sheet_view.summary_label.text()

        panel = window.check_stack.currentWidget()
        assert panel.deck_combo.currentText() == "森の民"
        panel.color_buttons[CheckColor.GREEN].click()
        type_into(qtbot, panel.difficulty_spin, "5")
        assert panel.success_label.text().startswith("成功率")
        procedure = panel.procedure_box
        rows = window.log_model.rowCount()
        assert procedure.reveal_button.isEnabled()
        procedure.reveal_button.click()
        assert procedure.finish_button.isEnabled()
        procedure.finish_button.click()
        assert "達成値" in procedure.result_detail.text() and window.log_model.rowCount() == rows + 1

        tracker = open_tracker(window)
        goblin = start_fight(tracker, monkeypatch, "mtg", "森の民", ("ゴブリン", {"life": 10}))
        assert turn_with_damage(tracker, "森の民", ("ゴブリン", goblin), 3, "ライフ") == (10, 7)

        assert secret_roll_revealed(window, qtbot, "S2D6>=8").startswith("公開:")
        assert_in_order(
            log_lines(window),
            [
                r"\| 森の民 \| 緑判定・難易度 5 \| 公開: 《",
                *turn_fight_lines("MTGでTRPG", "森の民", "ゴブリン", "ゴブリンのライフ: 10 → 7"),
                *SECRET_2D6,
            ],
        )
