"""LotR skills read in Japanese too: the skill table's 「隠密」 beside 「Stealth」 on the sheet, in the
judgement panel's choices and in the wizard's skill table."""

from __future__ import annotations

from gmtool.models.lotr.check_model import LotRCheckModel
from gmtool.views.lotr.check_view import LotRCheckView
from tests.views.lotr.test_sheet_view import make_sheet
from tests.views.lotr.test_wizard import make_wizard, to_skills_page


def test_the_sheet_names_skills_in_both_languages(qtbot, empty_campaign_model):
    view = make_sheet(qtbot, empty_campaign_model)
    assert view.skills_box.label_of("Stealth") == "Stealth（隠密）"
    assert view.skills_box.label_of("Language: Westron") == "Language: Westron（言語）"
    assert view.skills_box.label_of("Lore: Realm (Shire)").endswith("）")


def test_the_judgement_panel_offers_skills_in_both_languages(qtbot, campaign_model):
    view = LotRCheckView(LotRCheckModel(campaign_model))
    qtbot.addWidget(view)
    combo = view.a_box.source_combo
    shown = {combo.itemData(i): combo.itemText(i) for i in range(combo.count())}
    assert shown["skill:Observe"].startswith("Observe（知覚）")
    assert shown["untrained:Stealth"].startswith("Stealth（隠密）（ランク 0）")


def test_the_wizard_skill_table_names_skills_in_both_languages(qtbot, empty_campaign_model, refusals):
    wizard = make_wizard(qtbot, empty_campaign_model)
    to_skills_page(wizard, refusals)
    page = wizard.currentPage()
    page.skill_edit.setCurrentText("Stealth")
    page.add_button.click()
    names = [page.table.item(r, 0).text() for r in range(page.table.rowCount())]
    assert "Stealth（隠密）" in names
