"""The language walks' checks find what a user would notice, and let through what may stay."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLabel, QPushButton, QVBoxLayout, QWidget

from tests.text_audit import japanese_leftovers, japanese_punctuation, raw_ids, visible_texts


def test_japanese_outside_user_data_and_kept_spans_is_found():
    texts = [
        ("a", "Skill 【接近戦】 rank 2"),
        ("b", "The text says 「原則として一度」"),
        ("c", "朝霧 透: Damage 3"),
        ("d", "Settings 設定…"),
        ("e", "ランク 2"),
    ]
    assert japanese_leftovers(texts, user_data=["朝霧 透"]) == [("d", "Settings 設定…"), ("e", "ランク 2")]


def test_raw_ids_are_found_but_not_in_file_names_or_user_data():
    texts = [
        ("a", "combat_picks 2"),
        ("b", "Race dwarf"),
        ("c", "my_notes.txt"),
        ("d", "Race Dwarf"),
        ("e", "x_y"),
    ]
    assert raw_ids(texts, ids=["dwarf"], user_data=["x_y"]) == [("a", "combat_picks 2"), ("b", "Race dwarf")]


def test_only_visible_widgets_are_read(qtbot):
    root = QWidget()
    qtbot.addWidget(root)
    layout = QVBoxLayout(root)
    shown, hidden, combo = QLabel("見える"), QPushButton("隠れた"), QComboBox()
    combo.addItems(["one", "二"])
    for widget in (shown, hidden, combo):
        layout.addWidget(widget)
    hidden.hide()
    root.show()
    texts = [text for _where, text in visible_texts(root)]
    assert "見える" in texts and "二" in texts and "隠れた" not in texts


def test_full_width_brackets_outside_quotes_and_user_data_are_japanese_punctuation():
    texts = [
        ("a", "Reflex（4）"),
        ("b", "The text says 「原則として一度。」"),
        ("c", "Note: 「unclosed"),
        ("d", "朝霧（透）: Damage 3"),
        ("e", "Reflex (4), Body 3、Luck 2"),
        ("f", "Walk 3〜6, Jog 7–9"),
        ("g", "No character chosen。"),
        ("h", "ナール 9、オーク 7: Initiative"),
    ]
    assert japanese_punctuation(texts, user_data=["朝霧（透）"]) == [
        ("a", "Reflex（4）"),
        ("c", "Note: 「unclosed"),
        ("e", "Reflex (4), Body 3、Luck 2"),  # a list joined the Japanese way
        ("f", "Walk 3〜6, Jog 7–9"),  # a range: an en dash in English
        ("g", "No character chosen。"),
        ("h", "ナール 9、オーク 7: Initiative"),  # the names are data, the 、 between them is not
    ]
    assert japanese_punctuation(texts[5:6], also="・") == [("f", "Walk 3〜6, Jog 7–9")]
