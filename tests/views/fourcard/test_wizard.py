"""The フォーカード creation wizard driven as a player and GM would, down to the saved file."""

from __future__ import annotations

import random

from PySide6.QtWidgets import QApplication, QLabel, QMessageBox, QWizard

from gmtool.models.fourcard.creation_model import FourCardCreationModel
from gmtool.rules.systems.fourcard.catalog import SkillCatalog, SkillDef, SpecialisationDef, shipped_catalog
from gmtool.views.fourcard.wizard import FourCardWizard
from tests.qt_fixtures import reopen_characters

TODAY = "2026-11-22"
ORDER = ("iq", "dx", "st", "wp", "vt")
CATALOG = SkillCatalog(
    (
        SkillDef("接近戦", "dx", 2, specialisations=(SpecialisationDef("剣", 3), SpecialisationDef("斧", 4))),
        SkillDef("知識", "iq", 1, level_cap=True),
        SkillDef("魔法", "iq", 3, prerequisites=("知識",)),
    )
)
ATTRIBUTE_SEED, REROLL_SEED, HAND_SEED, MONEY_SEED = 31, 32, 33, 34


def faces_of(seed: int, count: int, sides: int, times: int = 1) -> list[list[int]]:
    rng = random.Random(seed)
    return [[rng.randint(1, sides) for _ in range(count)] for _ in range(times)]


def make_wizard(qtbot, campaign_model, catalog) -> FourCardWizard:
    seeds = iter((ATTRIBUTE_SEED, REROLL_SEED, HAND_SEED, MONEY_SEED))
    model = FourCardCreationModel(
        campaign_model, catalog, seed_source=lambda: next(seeds), today=lambda: TODAY
    )
    wizard = FourCardWizard(model)
    qtbot.addWidget(wizard)
    wizard.show()
    return wizard


def next_enabled(wizard: FourCardWizard) -> bool:
    return wizard.button(QWizard.WizardButton.NextButton).isEnabled()


def click_next(wizard: FourCardWizard) -> None:
    before = wizard.currentPage()
    wizard.button(QWizard.WizardButton.NextButton).click()
    assert wizard.currentPage() is not before


def fill_identity(wizard: FourCardWizard, female: bool = True, npc: bool = False) -> None:
    page = wizard.identity_page
    assert not next_enabled(wizard)
    assert "名前を入力してください" in page.reason_label.text()
    page.name_edit.setText("リナ")
    assert "性別を選んでください" in page.reason_label.text()
    (page.female_radio if female else page.male_radio).setChecked(True)
    if npc:
        page.npc_radio.setChecked(True)
    assert next_enabled(wizard) and page.reason_label.text() == ""
    click_next(wizard)


def roll_fortune(wizard: FourCardWizard) -> None:
    page = wizard.fortune_page
    assert not next_enabled(wizard)
    page.hand_button.click()
    page.money_button.click()
    assert not page.hand_button.isEnabled() and not page.money_button.isEnabled()
    if wizard.model.fortune.handedness != "both":
        assert "右利きか左利きかを選んでください" in page.reason_label.text()
        page.left_radio.setChecked(True)
    assert "1300〜2800 CP" in " ".join(label.text() for label in page.findChildren(QLabel))
    assert next_enabled(wizard)
    click_next(wizard)


def test_wizard_creates_a_saved_character_with_a_blocked_step_and_a_gm_override(
    qtbot, empty_campaign_model, refusals
):
    wizard = make_wizard(qtbot, empty_campaign_model, CATALOG)
    fill_identity(wizard)

    # 能力値: blocked until rolled; the roll button then goes grey; a reroll needs consent.
    page = wizard.attributes_page
    assert not next_enabled(wizard) and "能力値をまだ振っていません" in page.reason_label.text()
    page.roll_button.click()
    assert not page.roll_button.isEnabled()
    page.reroll_button.click()
    assert refusals and "GM の同意が必要" in refusals[-1]
    page.consent_check.setChecked(True)
    page.reroll_button.click()
    assert not page.consent_check.isChecked()  # consent covers one reroll
    rolled = dict(zip(ORDER, faces_of(REROLL_SEED, 2, 3, times=5), strict=True))
    expected = {a: sum(f) + 1 for a, f in rolled.items()}
    expected["st"] = max(3, expected["st"] - 1)
    expected["wp"] = min(7, expected["wp"] + 1)
    for attribute in ORDER:
        assert page.face_labels[attribute].text() == f"[{', '.join(map(str, rolled[attribute]))}]"
        assert page.value_labels[attribute].text() == str(expected[attribute])
    weakened = expected["st"] * 2 + expected["vt"]
    assert f"衰弱 {weakened}" in page.hp_label.text()
    assert f"移動力 {expected['dx'] + 5}" in page.movement_label.text()
    assert "3/9（33.3%）" in [page.distribution_table.item(1, c).text() for c in range(5)]
    click_next(wizard)

    # 経験点: extra XP without a use is the blocked step.
    page = wizard.experience_page
    page.extra_spin.setValue(3)
    assert not next_enabled(wizard)
    assert "追加初期経験点の用途（どのスキルに使うか）を選んでください" in page.reason_label.text()
    page.set_earmark("接近戦", True)
    assert next_enabled(wizard) and not page.reason_label.isVisible()
    click_next(wizard)

    # スキル: buy, specialise, a refusal shown, then the GM override.
    page = wizard.skills_page
    page.select_skill("接近戦")
    page.buy_button.click()
    page.specialise_button.click()  # 剣, the first field: 初期特化 is free
    page.select_skill("魔法")
    assert "前提スキル【知識】を 1TP 以上習得していません" in page.table.item(2, 6).text()
    page.buy_button.click()
    assert "前提スキル【知識】を 1TP 以上習得していません" in page.refusal_label.text()
    assert not any("前提スキル【知識】" in refusal for refusal in refusals)  # said once, on the page
    wizard.override_check.setChecked(True)
    page.buy_button.click()
    assert page.refusal_label.text() == ""
    assert [page.purchase_list.item(i).text() for i in range(page.purchase_list.count())] == [
        "【接近戦】1TP — 2 点",
        "【接近戦】初期特化【剣】 — 0 点",
        "【魔法】1TP — 3 点",
    ]
    assert "残り経験点: 13 点" in page.budget_label.text()
    assert "13 点は失われます" in page.warning_label.text()
    assert next_enabled(wizard)  # unspent XP warns, it does not block
    wizard.override_check.setChecked(False)
    click_next(wizard)

    roll_fortune(wizard)
    summary = wizard.summary_page.summary.toPlainText()
    assert "使い切れなかった初期経験点（失われた） −13" in summary
    wizard.button(QWizard.WizardButton.FinishButton).click()
    assert wizard.result() == QWizard.DialogCode.Accepted

    character = reopen_characters(empty_campaign_model.campaign.path)["リナ"]
    assert wizard.created_id == wizard.model.created_id
    assert empty_campaign_model.character(wizard.created_id) == character
    assert (character.is_pc, character.sex) == (True, "female")
    assert {a: getattr(character.attributes, a) for a in ORDER} == expected
    assert [(s.name, s.tp, s.specialisations) for s in character.skills] == [
        ("接近戦", 1, ("剣",)),
        ("魔法", 1, ()),
    ]
    assert (character.xp_earned, character.xp_spent, character.xp_unspent) == (18, 18, 0)
    assert [e.cost for e in character.growth] == [0, 0, 2, 0, 3, 13]
    assert character.earmarked_skills == ("接近戦",)
    [money_faces] = faces_of(MONEY_SEED, 3, 6)
    assert character.money == sum(money_faces) * 100 + 1000
    [hand_faces] = faces_of(HAND_SEED, 2, 6)
    assert character.handedness == ("both" if sum(hand_faces) == 12 else "left")
    [record] = character.overrides
    assert "【魔法】1TP: GM オーバーライド（前提スキル【知識】を 1TP 以上習得していません）" in record

    logs = [e.payload for e in empty_campaign_model.log_entries() if e.kind == "fourcard-creation"]
    assert [p["roll"] for p in logs] == ["attributes", "reroll", "override", "handedness", "money", "finish"]
    assert logs[1]["consent"] is True and logs[1]["seed"] == REROLL_SEED
    assert logs[2]["target"] == "【魔法】1TP"


def test_shipped_catalog_skill_page_passes_only_by_gm_override(qtbot, empty_campaign_model, refusals):
    wizard = make_wizard(qtbot, empty_campaign_model, shipped_catalog())
    fill_identity(wizard, female=False, npc=True)
    wizard.attributes_page.roll_button.click()
    click_next(wizard)
    click_next(wizard)

    page = wizard.skills_page
    assert not next_enabled(wizard)
    assert "【接近戦】の専門性が未設定" in page.reason_label.text()
    assert "GM オーバーライドを有効にすると進めます" in page.reason_label.text()
    page.select_skill("接近戦")
    page.buy_button.click()
    assert "専門性が未設定です" in page.refusal_label.text() and not refusals
    wizard.override_check.setChecked(True)
    assert next_enabled(wizard)
    assert "「次へ」で進むと、そのことが記録されます" in page.reason_label.text()
    click_next(wizard)
    roll_fortune(wizard)
    wizard.button(QWizard.WizardButton.FinishButton).click()

    character = reopen_characters(empty_campaign_model.campaign.path)["リナ"]
    assert (character.is_pc, character.sex, character.skills) == (False, "male", ())
    assert [(e.bought, e.cost) for e in character.growth][-1] == (
        "使い切れなかった初期経験点（失われた）",
        15,
    )
    assert any("スキル: GM オーバーライド" in o for o in character.overrides)
    overrides = [
        e.payload
        for e in empty_campaign_model.log_entries()
        if e.kind == "fourcard-creation" and e.payload["roll"] == "override"
    ]
    assert [p["target"] for p in overrides] == ["スキル"]
    empty_campaign_model.undo_stack.undo()
    assert reopen_characters(empty_campaign_model.campaign.path) == {}


def to_skills_page(qtbot, campaign_model, catalog=CATALOG):
    """The wizard on スキル (a name, a sex and rolled attributes before it), in either UI language.
    The wizard itself is returned: a test holding only its page let it be freed with the page in use."""
    wizard = make_wizard(qtbot, campaign_model, catalog)
    wizard.identity_page.name_edit.setText("Rina")  # the identity page's checks are fill_identity's
    wizard.identity_page.female_radio.setChecked(True)
    click_next(wizard)
    wizard.attributes_page.roll_button.click()
    click_next(wizard)
    click_next(wizard)
    return wizard


def buy_magic_without_its_prerequisite(qtbot, campaign_model):
    """The wizard on スキル, +1TP clicked for 【魔法】, whose prerequisite 【知識】 is not learned."""
    wizard = to_skills_page(qtbot, campaign_model)
    wizard.skills_page.select_skill("魔法")
    wizard.skills_page.buy_button.click()
    return wizard


def test_a_blocked_tp_is_said_once_on_the_page_without_a_message_box(qtbot, empty_campaign_model, refusals):
    """+1TP refused: the reason under the buttons, and no message box on top saying it again."""
    wizard = buy_magic_without_its_prerequisite(qtbot, empty_campaign_model)
    page = wizard.skills_page
    assert "前提スキル【知識】を 1TP 以上習得していません" in page.refusal_label.text()
    assert page.refusal_label.isVisible()
    assert refusals == []
    assert not [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
    page.table.clearSelection()
    page.buy_button.click()  # nothing chosen: said the same way
    assert page.refusal_label.text() == "TP を買うスキルを一覧から選んでください" and refusals == []


def test_the_skill_pages_reasons_read_in_english_in_the_english_ui(
    qtbot, empty_campaign_model, refusals, tmp_path
):
    """The table's 習得できない理由 and the reason under +1TP were the Japanese messages."""
    from tests.qt_fixtures import english_ui

    with english_ui(tmp_path):
        wizard = buy_magic_without_its_prerequisite(qtbot, empty_campaign_model)
        page = wizard.skills_page
        reasons = [page.table.item(2, 6).text(), page.refusal_label.text()]
    assert all("prerequisite" in reason.lower() for reason in reasons), reasons
    assert not any("習得" in reason for reason in reasons)
    assert refusals == []
