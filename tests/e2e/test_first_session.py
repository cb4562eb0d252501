"""Issue 34's "Done when": a GM's first session per system, played through the real window at
1366×768 from a fresh data folder, without the GM override — the start page's 新しいキャンペーン, a
character made (the system's wizard, or the sheet filled in), a check, a fight in the combat tracker,
a secret roll revealed, and the session log showing those lines in order.  The steps are in
tests/e2e/first_session.py."""

from __future__ import annotations

from tests.e2e.first_session import (
    add_character,
    assert_in_order,
    choose_text,
    damage,
    log_lines,
    new_campaign_window,
    open_tracker,
    roll_check,
    secret_roll_revealed,
    start_fight,
    type_into,
)

SECRET = [r"\| S2D6>=8 \| — \| シークレットダイス \|", r"シークレットダイス公開: S2D6>=8 \| \d,\d \| SRS"]


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
        assert "達成値" in roll_check(window, panel.difficulty_spin, 10)

        tracker = open_tracker(window)
        hero, orc = start_fight(tracker, monkeypatch, "aw", "朝霧 透", ("オーク", {"initiative": 7, "hp": 10}))
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
        assert "達成値" in roll_check(window, panel.difficulty_spin, 9)
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
                *SECRET,
            ],
        )
