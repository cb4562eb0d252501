"""The フォーカード creation wizard in the English UI (issue 35): a GM override on the skill page with
the shipped catalog (nothing can be bought) records its English reasons — longer than the Japanese —
cut to what a record holds, and the character is created."""

from __future__ import annotations

from gmtool.rules.systems.fourcard.catalog import shipped_catalog
from gmtool.rules.systems.fourcard.character import SHORT_TEXT
from tests.qt_fixtures import english_ui, reopen_characters
from tests.views.fourcard.test_wizard import click_next, make_wizard


def test_an_english_override_on_the_skill_page_still_creates_the_character(
    qtbot, empty_campaign_model, tmp_path
):
    with english_ui(tmp_path):
        wizard = make_wizard(qtbot, empty_campaign_model, shipped_catalog())
        wizard.identity_page.name_edit.setText("リナ")
        wizard.identity_page.female_radio.setChecked(True)
        click_next(wizard)
        wizard.attributes_page.roll_button.click()
        click_next(wizard)
        wizard.experience_page.extra_spin.setValue(3)
        wizard.experience_page.set_earmark("接近戦", True)
        click_next(wizard)
        assert "There are no skills that can be learned" in wizard.skills_page.reason_label.text()
        wizard.override_check.setChecked(True)
        click_next(wizard)
        wizard.fortune_page.hand_button.click()
        wizard.fortune_page.money_button.click()
        wizard.fortune_page.left_radio.setChecked(True)
        click_next(wizard)
        assert "Cannot be created" not in wizard.summary_page.summary.toPlainText()
        wizard.accept()
    saved = reopen_characters(empty_campaign_model.campaign.path)["リナ"]
    record = saved.overrides[-1]
    assert "GM override (There are no skills that can be learned" in record
    assert len(record) <= SHORT_TEXT
