"""The LotR wizard's list of skills to add names each skill as its races and orders are named (the
walk: English only, 「Armed Combat」, beside 「Dwarf（ドワーフ）」): 「Stealth（隠密）」 in Japanese,
"Stealth" in English; the skill picked from the list is added by its name."""

from __future__ import annotations

from tests.qt_fixtures import language  # noqa: F401 (a fixture)
from tests.views.lotr.test_wizard import make_wizard, to_skills_page

SHOWN = {
    "ja": {
        "Stealth": "Stealth（隠密）",
        "Armed Combat": "Armed Combat（武器戦闘）",
        "Dwarf": "Dwarf（ドワーフ）",
    },
    "en": {"Stealth": "Stealth", "Armed Combat": "Armed Combat", "Dwarf": "Dwarf"},
}


def test_skills_are_listed_as_races_are(qtbot, empty_campaign_model, language):  # noqa: F811
    wizard = make_wizard(qtbot, empty_campaign_model)
    combo = wizard.skills_page.skill_edit
    listed = {combo.itemData(i): combo.itemText(i) for i in range(combo.count())}
    races = wizard.origin_page.race_combo
    race = races.itemText(races.findData("dwarf"))
    assert (listed["Stealth"], listed["Armed Combat"], race) == tuple(SHOWN[language].values())


def test_a_skill_picked_from_the_list_is_added_by_its_name(qtbot, empty_campaign_model, refusals):
    wizard = make_wizard(qtbot, empty_campaign_model)
    to_skills_page(wizard, refusals)
    page = wizard.skills_page
    refused_before = len(refusals)  # the attribute steps' own refusals
    page.skill_edit.setCurrentIndex(page.skill_edit.findData("Stealth"))
    assert page.skill_edit.currentText() == "Stealth（隠密）"
    page.add_button.click()
    assert "Stealth" in page.rows and len(refusals) == refused_before
    page.skill_edit.setCurrentText("Observe")  # typed as the rules name it: still taken
    page.add_button.click()
    assert "Observe" in page.rows and len(refusals) == refused_before
