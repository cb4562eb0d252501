"""The player's path: the GM writes the campaign's rule data (ファイル → ルールデータを書き出す…), the
player's window reads it, walks the フォーカード wizard with the GM's skills, and saves a
``.gmchar.json`` for the GM — leaving nothing of its campaign behind."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QWizard

from gmtool.app.player import PlayerWindow
from gmtool.app.start_page import StartFlow
from gmtool.app.systems import SYSTEM_HOOKS
from gmtool.models.fourcard.skill_catalog import set_campaign_catalog
from gmtool.rules.systems.fourcard.catalog import SkillCatalog, SkillDef, SpecialisationDef
from gmtool.store.exchange import import_character
from gmtool.views.fourcard.wizard import FourCardWizard
from gmtool.views.start_page import StartChoice
from tests.views.fourcard.test_wizard import click_next, fill_identity, roll_fortune

pytestmark = pytest.mark.window(empty=True)

GM_SKILLS = SkillCatalog(
    (SkillDef("接近戦", "dx", 2, specialisations=(SpecialisationDef("剣", 3), SpecialisationDef("槍", 3))),)
)


def file_action(window, text: str):
    file_menu = window.menuBar().actions()[0].menu()
    return next(a for a in file_menu.actions() if a.text() == text)


def export_from_the_gm(window, path: Path) -> Path:
    """The GM's ファイル → ルールデータを書き出す…, answered with `path` (no suffix: it is added)."""
    asked: list[str] = []
    window.ask_save_path = lambda title, _filter, _suggested="": asked.append(title) or str(path)
    file_action(window, "ルールデータを書き出す…").trigger()
    assert asked == ["ルールデータを書き出す"]
    written = path.with_name(path.name + ".gmrules.json")
    assert written.exists()
    assert "フォーカードのスキルカタログ" in window.statusBar().currentMessage()
    return written


@pytest.fixture
def player(qtbot, settings):
    made = PlayerWindow(settings)
    qtbot.addWidget(made)
    made.show()
    yield made
    made.close()


def drive_fourcard_wizard(seen: list[str]):
    """Answers `run_wizard`: the player walks the wizard, buying the GM's 【接近戦】 and its 剣."""

    def run(wizard: QDialog) -> bool:
        assert isinstance(wizard, FourCardWizard)
        wizard.show()
        seen.extend(skill.name for skill in wizard.model.catalog.skills)
        fill_identity(wizard)
        wizard.attributes_page.roll_button.click()
        click_next(wizard)
        click_next(wizard)  # 経験点
        page = wizard.skills_page
        page.select_skill("接近戦")
        page.buy_button.click()
        page.specialise_button.click()
        assert "【接近戦】1TP" in page.purchase_list.item(0).text()
        click_next(wizard)  # no GM override needed: the GM's catalog prices the skill
        roll_fortune(wizard)
        wizard.button(QWizard.WizardButton.FinishButton).click()
        return wizard.result() == QDialog.DialogCode.Accepted

    return run


def test_the_players_fourcard_character_is_made_with_the_gms_skills_and_saved(
    window, qtbot, settings, tmp_path
):
    set_campaign_catalog(window.campaign_model, GM_SKILLS, "GM のカタログ")
    rules = export_from_the_gm(window, tmp_path / "table")

    # The player's first start: the start page's プレイヤーとしてキャラクターを作る, then the player's
    # window (what gmtool.app.gui makes of that outcome).
    flow = StartFlow(settings)
    qtbot.addWidget(flow.page)
    flow.page.show()
    flow.page.buttons[StartChoice.PLAYER].click()
    assert flow.outcome is not None and flow.outcome.player and not flow.page.isVisible()
    player = PlayerWindow(settings)
    qtbot.addWidget(player)
    player.show()

    player.ask_open_path = lambda *_args: str(rules)
    player.view.load_button.click()
    assert "table.gmrules.json" in player.view.rule_label.text()
    assert "フォーカードのスキルカタログ" in player.view.rule_label.text()

    seen: list[str] = []
    player.run_wizard = drive_fourcard_wizard(seen)
    saved_to = tmp_path / "リナ"
    player.ask_save_path = lambda _title, _filter, suggested="": (
        seen.append(f"suggested {suggested}") or str(saved_to)
    )
    box = player.view.system_box
    box.setCurrentIndex(box.findData("fourcard"))
    player.view.create_button.click()

    assert "接近戦" in seen and "suggested リナ.gmchar.json" in seen
    saved = tmp_path / "リナ.gmchar.json"
    system_id, character = import_character(saved)
    assert system_id == "fourcard" and character.name == "リナ"
    assert [(s.name, s.tp, s.specialisations) for s in character.skills] == [("接近戦", 1, ("剣",))]
    assert not character.overrides  # nothing passed by a GM override
    assert str(saved) in player.view.saved_label.text()

    folder = player.model.folder
    assert folder is not None and folder.exists()
    player.close()
    assert not folder.exists()  # nothing of the throwaway campaign is left on disk


def test_a_bad_rule_data_file_is_refused_and_changes_nothing(player, tmp_path, refusals):
    bad = tmp_path / "bad.gmrules.json"
    bad.write_text('{"format": "gmtool/rules", "version": 9, "data": {}}', encoding="utf-8")
    before = player.view.rule_label.text()
    player.ask_open_path = lambda *_args: str(bad)
    player.view.load_button.click()
    assert refusals and "bad.gmrules.json" in refusals[-1] and "version" in refusals[-1]
    assert player.view.rule_label.text() == before
    assert player.model.rule_file is None


def test_a_cancelled_wizard_saves_nothing(player):
    player.run_wizard = lambda _wizard: False
    asked: list[str] = []
    player.ask_save_path = lambda *_args: asked.append("asked") or ""
    assert player.create_character("fourcard") is None
    assert asked == [] and not player.view.save_button.isEnabled()


def test_the_rule_data_written_by_the_gm_holds_the_house_rules_too(window, tmp_path):
    from gmtool.models.house_rules_model import HouseRulesModel
    from gmtool.store.rule_data import import_rule_data
    from tests.store.test_rule_data import some_house_rule

    rule_id, reading = some_house_rule()
    HouseRulesModel(window.campaign_model).set_reading(rule_id, reading)
    window.ask_save_path = lambda *_args: str(tmp_path / "h")
    file_action(window, "ルールデータを書き出す…").trigger()
    assert import_rule_data(tmp_path / "h.gmrules.json") == {"house_rules": {rule_id: reading}}


@pytest.mark.parametrize("system_id", [s for s, hooks in SYSTEM_HOOKS.items() if not hooks.has_wizard])
def test_a_system_without_a_wizard_gives_its_sheet_to_fill_in(player, tmp_path, system_id):
    shown: list[str] = []

    def fill_in(dialog: QDialog) -> bool:
        shown.append(dialog.windowTitle())
        return True

    player.run_wizard = fill_in
    player.ask_save_path = lambda *_args: str(tmp_path / "pc")
    created = player.create_character(system_id)
    assert created is not None and shown == ["キャラクターシートに記入"]
    assert import_character(tmp_path / "pc.gmchar.json")[0] == system_id


def test_the_players_wizard_offers_no_catalog_editor_and_keeps_a_cancelled_wizards_rolls(player):
    """The player's フォーカード wizard: no GM tool to open (the guide says to ask the GM), and a
    restarted wizard rolls nothing anew — the player's window keeps the rolls as the GM's does."""
    wizards: list[FourCardWizard] = []

    def run(wizard: QDialog) -> bool:
        assert isinstance(wizard, FourCardWizard)
        wizards.append(wizard)
        if len(wizards) == 1:
            wizard.model.roll_attributes()
        wizard.reject()
        return False

    player.run_wizard = run
    assert player.create_character("fourcard") is None
    assert player.create_character("fourcard") is None
    first, second = (wizard.model for wizard in wizards)
    assert not first.offers_catalog and not second.offers_catalog
    assert first.attribute_faces is not None and second.attribute_faces == first.attribute_faces
