"""The フォーカード wizard's way out on a fresh campaign (issue 34): the skill catalog opened from the
skills page with the rolls kept, a restarted wizard keeping its rolls, a cancelled one's log lines
marked 取り消し, and the guide where the catalog offers nothing."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard

from gmtool.models.fourcard.creation_model import FourCardCreationModel, KeptRolls
from gmtool.models.log_table_model import LogTableModel
from gmtool.rules.systems.fourcard.catalog import SkillCatalog, shipped_catalog
from gmtool.views.fourcard.wizard import FourCardWizard
from tests.models.fourcard.creation_helpers import TODAY, fixed_seeds

SEEDS = (31, 32, 33, 34, 35, 36)


def make_wizard(qtbot, campaign_model, catalog=None, kept=None, offers_catalog=True) -> FourCardWizard:
    model = FourCardCreationModel(
        campaign_model,
        shipped_catalog() if catalog is None else catalog,
        seed_source=fixed_seeds(*SEEDS),
        today=lambda: TODAY,
        kept=kept,
        offers_catalog=offers_catalog,
    )
    wizard = FourCardWizard(model)
    qtbot.addWidget(wizard)
    wizard.show()
    return wizard


def next_page(wizard: FourCardWizard) -> None:
    before = wizard.currentPage()
    wizard.button(QWizard.WizardButton.NextButton).click()
    assert wizard.currentPage() is not before


def to_skills_page(wizard: FourCardWizard) -> None:
    wizard.identity_page.name_edit.setText("リナ")
    wizard.identity_page.male_radio.setChecked(True)
    next_page(wizard)
    wizard.attributes_page.roll_button.click()
    next_page(wizard)
    next_page(wizard)
    assert wizard.currentPage() is wizard.skills_page


def test_the_skills_page_opens_the_catalog_and_offers_what_the_gm_stored_with_the_rolls_kept(
    qtbot, empty_campaign_model
):
    wizard = make_wizard(qtbot, empty_campaign_model)
    to_skills_page(wizard)
    page, model = wizard.skills_page, wizard.model
    rolled = dict(model.attribute_faces or {})

    # The shipped 【接近戦】 has no 専門性: nothing to buy, and the page says what to do.
    assert page.guide_label.isVisible() and page.catalog_button.isVisible()
    assert "専門性が未設定" in page.guide_label.text()
    assert "「スキルカタログを開く…」" in page.guide_label.text()
    assert page.table.item(0, 4).text() == "—"

    page.catalog_button.click()
    dialog = page.catalog_dialog
    assert dialog is not None and dialog.isVisible()
    dialog.select_row(0)
    dialog.expertise_spin.setValue(2)
    assert dialog.save()
    dialog.close()
    assert page.catalog_dialog is None

    # Back in the wizard: the same rolls, 【接近戦】 offered at 専門性 2 and bought.
    assert model.attribute_faces == rolled
    assert not wizard.attributes_page.roll_button.isEnabled()
    assert [page.table.item(0, c).text() for c in (0, 2, 4)] == ["【接近戦】", "2", "2"]
    assert not page.guide_label.isVisible()
    page.select_skill("接近戦")
    page.buy_button.click()
    assert [e.bought for e in model.skills.purchases] == ["【接近戦】1TP"]
    assert wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    assert [wizard.experience_page.earmark_list.item(0).text()] == ["【接近戦】"]


def test_a_cancelled_wizard_marks_its_rolls_cancelled_and_a_restarted_one_keeps_them(
    qtbot, empty_campaign_model
):
    kept = KeptRolls()
    first = make_wizard(qtbot, empty_campaign_model, kept=kept)
    to_skills_page(first)
    first.model.fortune.roll_money()
    faces, money = first.model.attribute_faces, first.model.fortune.money_faces
    first.reject()

    # The log: the two rolls struck through as 取り消し (no character of リナ's), then why.
    log = LogTableModel(empty_campaign_model)
    texts = [log.row_texts(r) for r in range(log.rowCount())]
    assert [t[4].startswith("（取り消し）") for t in texts] == [True, True, False]
    assert texts[2][2] == "キャラクター作成の取り消し"
    assert "キャラクターは作られていません" in texts[2][4]
    assert "取り消した手続きの記録です" in log.index(0, 4).data(Qt.ItemDataRole.ToolTipRole)

    second = make_wizard(qtbot, empty_campaign_model, kept=kept)
    assert second.model.attribute_faces == faces
    assert second.model.fortune.money_faces == money
    second.restart()
    second.identity_page.name_edit.setText("リナ")
    second.identity_page.male_radio.setChecked(True)
    next_page(second)
    page = second.attributes_page
    assert not page.roll_button.isEnabled() and page.face_labels["iq"].text() != "—"
    assert page.carried_label.isVisible() and "引き継いでいます" in page.carried_label.text()
    assert first.attributes_page.carried_label.isHidden()
    assert not second.fortune_page.money_button.isEnabled()
    carried = log.row_texts(log.rowCount() - 1)
    assert carried[2] == "取り消した作成ウィザードの出目を引き継ぐ"
    assert not carried[4].startswith("（取り消し）")

    # The user re-rolls (with the GM's consent): the new faces replace the kept ones.
    page.consent_check.setChecked(True)
    page.reroll_button.click()
    rerolled = [e.payload for e in empty_campaign_model.log_entries() if e.payload.get("roll") == "reroll"]
    assert [p["previous_faces"] for p in rerolled] == [{a: list(f) for a, f in faces.items()}]
    second.reject()
    assert kept.attribute_faces == {a: tuple(f) for a, f in rerolled[0]["faces"].items()}


def test_a_finished_character_takes_the_kept_rolls_with_it(qtbot, empty_campaign_model):
    kept = KeptRolls()
    model = make_wizard(qtbot, empty_campaign_model, kept=kept).model
    model.set_name("リナ")
    model.set_sex("male")
    model.roll_attributes()
    model.fortune.roll_handedness()
    if not model.fortune.handedness:
        model.fortune.set_handedness("left")
    model.fortune.roll_money()
    model.set_gm_override(True)
    model.finish()
    assert kept.empty
    assert not empty_campaign_model.cancelled_log_ids()


def test_an_empty_catalog_is_said_instead_of_an_empty_list(qtbot, empty_campaign_model):
    wizard = make_wizard(qtbot, empty_campaign_model, catalog=SkillCatalog(()))
    to_skills_page(wizard)
    page = wizard.skills_page
    assert not page.table.isVisible()
    assert page.guide_label.text() == (
        "スキルカタログにスキルがありません。「スキルカタログを開く…」でスキルを追加してください"
    )


def test_a_player_wizard_has_no_catalog_button_and_is_told_to_ask_the_gm(qtbot, empty_campaign_model):
    wizard = make_wizard(qtbot, empty_campaign_model, offers_catalog=False)
    to_skills_page(wizard)
    page = wizard.skills_page
    assert not page.catalog_button.isVisible()
    assert page.guide_label.text().endswith("GM に設定してもらってください")


def test_the_menu_keeps_a_cancelled_wizards_rolls_for_the_campaign(window, monkeypatch):
    """Through the window's フォーカード menu: cancel, restart, the same rolls."""
    models: list[FourCardCreationModel] = []

    def run(wizard) -> bool:
        models.append(wizard.model)
        if len(models) == 1:
            wizard.model.roll_attributes()
        wizard.reject()
        return False

    monkeypatch.setattr(window, "run_wizard", run)
    menu = window.menus["fourcard"]
    assert menu.create_character() is None
    assert menu.create_character() is None
    assert models[0].attribute_faces is not None
    assert models[1].attribute_faces == models[0].attribute_faces
