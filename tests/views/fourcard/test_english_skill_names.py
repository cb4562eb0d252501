"""フォーカード's own skill named as its table names it, wherever the English UI shows it (the walk:
「【接近戦】（その他）」 in the Base list and the log, 「【接近戦】: Expertise not set」 and
「【接近戦】1TP」 in the wizard, 「接近戦」「剣」「斧」 in the skill catalog): "Melee 【接近戦】",
"Sword 【剣】", "Axe 【斧】" in English, the Japanese UI as before; 「（その他）」 and 「特化」 in the
UI language."""

from __future__ import annotations

from gmtool.models.fourcard.catalog_model import FourCardCatalogModel
from gmtool.models.fourcard.check_model import FourCardCheckModel
from gmtool.models.fourcard.skill_catalog import CATALOG_KEY
from gmtool.rules.systems.fourcard.catalog import shipped_catalog
from gmtool.rules.systems.fourcard.checks import Contestant
from gmtool.rules.systems.fourcard.palette import PALETTE
from gmtool.rules.systems.fourcard.system import SYSTEM
from gmtool.views.fourcard.catalog_dialog import SkillCatalogDialog
from gmtool.views.fourcard.check_view import FourCardCheckView
from tests.qt_fixtures import language, sample_fourcard_character, stored_session  # noqa: F401 (a fixture)
from tests.views.fourcard.test_wizard import to_skills_page

BASES = {
    "ja": ["【接近戦】（その他）（6）", "【接近戦】特化【剣】（8）"],
    "en": ["Melee 【接近戦】 (other) (6)", "Melee 【接近戦】: Sword 【剣】 (8)"],
}
LOGGED = {"ja": "【接近戦】（その他） 6", "en": "Melee 【接近戦】 (other) 6"}


def test_the_base_list_and_the_log_name_the_skill_in_the_ui_language(qtbot, empty_campaign_model, language):  # noqa: F811
    empty_campaign_model.insert_character("fourcard", sample_fourcard_character("ガルド"), "x")
    model = FourCardCheckModel(empty_campaign_model, seed_source=lambda: 1)
    view = FourCardCheckView(model)
    qtbot.addWidget(view)
    combo = view.a_box.source_combo
    assert [combo.itemText(i) for i in range(2)] == BASES[language]
    model.set_source(Contestant.A, "skill:接近戦")
    model.roll()
    [entry] = [e for e in empty_campaign_model.log_entries() if e.kind == "check"]
    assert LOGGED[language] in entry.payload["summary"]["inputs"]


def test_the_chat_palette_keeps_the_rule_texts_words(empty_campaign_model):
    """What goes to a BCDice room stays the game's Japanese, whatever the UI language."""
    kinds = SYSTEM.checks(sample_fourcard_character("ガルド"))
    assert [k.label for k in kinds[:2]] == ["【接近戦】（その他）", "【接近戦】特化【剣】"]
    assert PALETTE.variable_label(kinds[1]) == "接近戦（剣）"


def test_the_wizard_names_the_skill_as_its_table_does(qtbot, empty_campaign_model, language):  # noqa: F811
    wizard = to_skills_page(qtbot, empty_campaign_model, shipped_catalog())
    page = wizard.skills_page
    name, why = page.table.item(0, 0).text(), page.table.item(0, 6).text()
    reason = page.reason_label.text()
    page.select_skill("接近戦")
    page.buy_button.click()
    if language == "en":
        assert name == "Melee 【接近戦】"
        assert why.startswith("Melee 【接近戦】: Expertise not set")
        assert "(Melee 【接近戦】: Expertise not set)" in reason
        assert page.refusal_label.text().startswith("Melee 【接近戦】: Expertise not set")
    else:
        assert name == "【接近戦】"
        assert why.startswith("【接近戦】の専門性が未設定です")
        assert "（【接近戦】の専門性が未設定）" in reason
        assert page.refusal_label.text().startswith("【接近戦】の専門性が未設定です")


def test_the_wizards_purchases_name_the_skill_as_its_table_does(qtbot, empty_campaign_model, language):  # noqa: F811
    wizard = to_skills_page(qtbot, empty_campaign_model)
    page = wizard.skills_page
    page.select_skill("接近戦")
    page.buy_button.click()
    bought = page.purchase_list.item(0).text()
    assert bought == {"ja": "【接近戦】1TP — 2 点", "en": "Melee 【接近戦】1TP — 2 points"}[language]


def test_the_catalog_shows_the_shipped_skill_as_the_table_does(qtbot, empty_campaign_model, language):  # noqa: F811
    dialog = SkillCatalogDialog(FourCardCatalogModel(empty_campaign_model))
    qtbot.addWidget(dialog)
    dialog.select_row(0)
    cells = [dialog.table_model.index(0, c).data() for c in (0, 6)]
    fields = [dialog.specialisation_table.item(i, 0).text() for i in range(2)]
    shown = {
        "ja": (["接近戦", "剣（未設定）, 斧（未設定）"], "接近戦", ["剣", "斧"]),
        "en": (
            ["Melee 【接近戦】", "Sword 【剣】 (Not set), Axe 【斧】 (Not set)"],
            "Melee 【接近戦】",
            ["Sword 【剣】", "Axe 【斧】"],
        ),
    }
    assert (cells, dialog.name_edit.text(), fields) == shown[language]
    dialog.expertise_spin.setValue(2)  # an edit, then saved: the names stay the rule text's
    dialog.save_button.click()
    melee = stored_session(empty_campaign_model.campaign.path, CATALOG_KEY)["skills"][0]
    assert (melee["name"], [f["name"] for f in melee["specialisations"]], melee["expertise"]) == (
        "接近戦",
        ["剣", "斧"],
        2,
    )


def test_the_printed_sheet_names_the_checks_as_the_panel_does(language):  # noqa: F811
    from gmtool.views.fourcard.print_parts import PARTS
    from gmtool.views.print.sheet_sections import check_name

    kinds = SYSTEM.checks(sample_fourcard_character("ガルド"))
    names = [check_name(kind, PARTS) for kind in kinds[:2]]
    assert (
        names
        == {
            "ja": ["【接近戦】（その他）", "【接近戦】特化【剣】"],
            "en": ["Melee 【接近戦】 (other)", "Melee 【接近戦】: Sword 【剣】"],
        }[language]
    )
