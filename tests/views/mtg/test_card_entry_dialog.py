"""Entering a card by hand: what the player types becomes the card, and the preview says how the
行動判定 will read it (a land with basic land types is their color for 色の修正, colorless for the
boost; 欠色 is colorless)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox

from gmtool.models.mtg.card_entry_model import MTGCardEntryModel
from gmtool.rules.systems.mtg.cards import Card
from gmtool.views.mtg.card_entry_dialog import MTGCardEntryDialog


def _ok(dialog):
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)


def test_a_japanese_card_can_be_entered_without_its_english_name(qtbot):
    dialog = MTGCardEntryDialog(MTGCardEntryModel(), "《謎の土地》")
    qtbot.addWidget(dialog)
    assert dialog.name_ja_edit.text() == "謎の土地" and dialog.name_edit.text() == ""
    assert _ok(dialog).isEnabled()
    dialog.accept()
    assert dialog.card.name == "謎の土地" and dialog.card.name_ja == "謎の土地"
    dialog.name_ja_edit.clear()
    assert not _ok(dialog).isEnabled() and "カード名を入力してください" in dialog.error_label.text()


def test_a_name_the_database_knows_is_pointed_out(qtbot):
    known = {"Test Known": Card("Test Known", 2, ("R",), name_ja="既知のカード")}
    dialog = MTGCardEntryDialog(MTGCardEntryModel(known.get), "Test Known")
    qtbot.addWidget(dialog)
    assert "既知のカード" in dialog.error_label.text() and _ok(dialog).isEnabled()


def test_a_dual_land_is_two_colors_for_the_modifier_and_colorless_for_the_boost(qtbot):
    dialog = MTGCardEntryDialog(MTGCardEntryModel(), "Test Typed Land")
    qtbot.addWidget(dialog)
    dialog.type_checks["Land"].setChecked(True)
    dialog.land_type_checks["Forest"].setChecked(True)
    dialog.land_type_checks["Plains"].setChecked(True)
    assert _ok(dialog).isEnabled()
    assert "色の修正では 白緑" in dialog.preview_label.text()
    assert "ブーストでは無色として数える" in dialog.preview_label.text()
    dialog.accept()
    card = dialog.card
    assert card.name == "Test Typed Land" and card.types == ("Land",)
    assert (
        set(card.subtypes) == {"Forest", "Plains"} and card.modifier_colors == ("W", "G") and card.colorless
    )


def test_a_devoid_card_keeps_its_colors_but_counts_as_colorless(qtbot):
    dialog = MTGCardEntryDialog(MTGCardEntryModel(), "Test Typed Devoid")
    qtbot.addWidget(dialog)
    dialog.mana_spin.setValue(3)
    dialog.color_checks["U"].setChecked(True)
    dialog.devoid_check.setChecked(True)
    dialog.type_checks["Creature"].setChecked(True)
    dialog.subtypes_edit.setText("Eldrazi Drone")
    dialog.accept()
    card = dialog.card
    assert card.colors == ("U",) and card.keywords == ("Devoid",) and card.colorless
    assert card.subtypes == ("Eldrazi", "Drone") and card.mana_value == 3


def test_basic_land_types_on_a_nonland_are_pointed_out(qtbot):
    dialog = MTGCardEntryDialog(MTGCardEntryModel(), "Test Typed Creature")
    qtbot.addWidget(dialog)
    dialog.type_checks["Creature"].setChecked(True)
    dialog.land_type_checks["Forest"].setChecked(True)
    assert "土地ではない" in dialog.error_label.text()
    assert "色の修正では 無色" in dialog.preview_label.text()
