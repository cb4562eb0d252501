"""The LotR creation wizard driven through its widgets as a player and GM would, down to the file."""

from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QWizard

from gmtool.models.lotr.creation_model import LotRCreationModel
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.views.lotr.wizard import LotRWizard
from tests.qt_fixtures import reopen_characters

FIRST_SEED, REROLL_SEED = 4242, 777
# The order values are given out in: highest first.
ASSIGN_ORDER = ("vit", "str", "nim", "per", "wit", "brg")
CHOICE_VALUES = (10, 9, 7, 7, 5, 4)
CHOICE_POINTS = {"vit": 2, "str": 3, "nim": 2, "per": 1}  # the 8 points, none past 12
RACE_BONUS = {"dwarf": {"str": 2, "vit": 2}, "hobbit": {}}  # 1.1 / issue: Dwarf STR +2 VIT +2


def table_modifier(value: int) -> int:
    """1.1.1 能力値修正表, written out independently of the rule data."""
    for high, modifier in ((1, -3), (2, -2), (3, -1), (7, 0), (9, 1), (11, 2), (13, 3), (15, 4), (17, 5)):
        if value <= high:
            return modifier
    return 6 + (value - 18) // 2


def nine_rolls(seed: int) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    return [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(9)]


def make_wizard(qtbot, campaign_model, seeds=(FIRST_SEED, REROLL_SEED)) -> LotRWizard:
    it = iter(seeds)
    wizard = LotRWizard(LotRCreationModel(campaign_model, seed_source=lambda: next(it)))
    qtbot.addWidget(wizard)
    wizard.show()
    return wizard


def next_enabled(wizard: LotRWizard) -> bool:
    return wizard.button(QWizard.WizardButton.NextButton).isEnabled()


def click_next(wizard: LotRWizard) -> None:
    before = wizard.currentPage()
    wizard.button(QWizard.WizardButton.NextButton).click()
    assert wizard.currentPage() is not before


def choose(combo, data) -> None:
    index = combo.findData(data)
    assert index >= 0, data
    combo.setCurrentIndex(index)


def fill_origin(wizard: LotRWizard, race: str, order: str) -> None:
    page = wizard.origin_page
    assert not next_enabled(wizard) and "種族を選んでください" in page.reason_label.text()
    choose(page.race_combo, race)
    if race == "hobbit":
        assert page.subrace_combo.isVisible()
        assert "亜種族を選んでください" in page.reason_label.text()
        choose(page.subrace_combo, "harfoot")
        assert "ボーナス未設定（GM が設定）" in page.race_info.text()
        assert "負傷段階: 4" in page.race_info.text()
    else:
        assert not page.subrace_combo.isVisible()
        assert "STR +2, VIT +2" in page.race_info.text()
        assert "負傷段階: 5" in page.race_info.text()
    assert "Small" in page.race_info.text()
    assert "種族・職業の修正は未設定" in page.race_info.text()
    choose(page.order_combo, order)
    assert next_enabled(wizard) and not page.reason_label.isVisible()
    click_next(wizard)


def fill_attributes(wizard: LotRWizard, method: str, refusals: list[str]) -> dict[str, int]:
    """Gives out the values through the combos (and spins); returns the values before race bonuses."""
    page = wizard.attributes_page
    assert not next_enabled(wizard)
    if method == "random":
        assert page.random_radio.isChecked() and page.random_box.isVisible()
        table = page.distribution_table
        shown = {table.item(0, c).text(): table.item(1, c).text() for c in range(table.columnCount())}
        assert shown == {str(t): f"{6 - abs(t - 7)}/36" for t in range(2, 13)}
        assert "2d6 を 9 回振ってください" in page.reason_label.text()
        page.roll_button.click()
        assert not page.roll_button.isEnabled()
        page.reroll_button.click()
        assert "GM の同意が必要" in refusals[-1]
        page.consent_check.setChecked(True)
        page.reroll_button.click()
        assert not page.consent_check.isChecked()  # consent covers one reroll
        rolls = nine_rolls(REROLL_SEED)
        totals = [sum(r) for r in rolls]
        assert [label.text() for label in page.face_labels] == [f"[{a},{b}] {a + b}" for a, b in rolls]
        kept = sorted(range(9), key=lambda i: -totals[i])[:6]
        highlighted = [i for i, label in enumerate(page.face_labels) if "bold" in label.styleSheet()]
        assert highlighted == sorted(kept)
        values = sorted(totals, reverse=True)[:6]
    else:
        page.choice_radio.setChecked(True)
        assert not page.random_box.isVisible()
        values = list(CHOICE_VALUES)
    before = dict(zip(ASSIGN_ORDER, values, strict=True))
    for attribute in ASSIGN_ORDER:
        combo = page.assign_combos[attribute]
        offered = [combo.itemData(i) for i in range(1, combo.count())]
        assert before[attribute] == max(offered)  # only the values still left are offered
        choose(combo, before[attribute])
    if method == "choice":
        assert "8 ポイントを配分しきってください（いま 0）" in page.reason_label.text()
        page.point_spins["vit"].setValue(3)  # 10 + 3 = 13: past 12 before race bonuses
        assert "Vitality が 13: 選択法では種族ボーナスの前に 12 までです" in refusals[-1]
        assert page.point_spins["vit"].value() == 0
        for attribute, points in CHOICE_POINTS.items():
            page.point_spins[attribute].setValue(points)
            before[attribute] += points
        assert "残り 0 ポイント" in page.points_label.text()
    assert next_enabled(wizard)
    return before


def test_distribution_and_live_values_shown_on_the_attribute_page(qtbot, empty_campaign_model, refusals):
    wizard = make_wizard(qtbot, empty_campaign_model)
    fill_origin(wizard, "dwarf", "warrior")
    before = fill_attributes(wizard, "choice", refusals)
    page = wizard.attributes_page
    # Dwarf: STR 9+3+2 = 14 (+4), VIT 10+2+2 = 14 (+4)
    assert before["str"] == 12 and page.final_labels["str"].text() == "14"
    assert page.modifier_labels["str"].text() == "+4" and page.bonus_labels["vit"].text() == "+2"
    assert page.final_labels["wit"].text() == "5" and page.modifier_labels["wit"].text() == "+0"


@pytest.mark.parametrize("race", ["hobbit", "dwarf"])
@pytest.mark.parametrize("method", ["random", "choice"])
def test_builds_a_character_through_every_page(qtbot, empty_campaign_model, refusals, race, method):
    wizard = make_wizard(qtbot, empty_campaign_model)
    fill_origin(wizard, race, "rogue" if race == "hobbit" else "warrior")
    before = fill_attributes(wizard, method, refusals)
    click_next(wizard)

    final = {a: max(1, v + RACE_BONUS[race].get(a, 0)) for a, v in before.items()}
    mods = {a: table_modifier(v) for a, v in final.items()}
    reactions = {
        "stamina": max(mods["str"], mods["vit"]),
        "swiftness": max(mods["nim"], mods["per"]),
        "willpower": max(mods["brg"], mods["wit"]),
        "wisdom": max(mods["brg"], mods["per"]),
    }
    health = final["vit"] + mods["str"]

    page = wizard.favoured_page
    assert "得意能力値を異なる 2 つ選んでください" in page.reason_label.text()
    page.favoured_checks["vit"].setChecked(True)
    page.favoured_checks["str"].setChecked(True)
    page.favoured_checks["nim"].setChecked(True)  # a third one is refused
    assert "得意能力値は 2 つです" in refusals[-1] and not page.favoured_checks["nim"].isChecked()
    page.reaction_radios["stamina"].setChecked(True)
    derived = page.derived.labels
    assert derived["health"].text().startswith(f"{health}（VIT + STR 修正）")
    assert derived["defence"].text() == str(10 + mods["nim"])
    assert derived["courage"].text() == "3（種族・職業の修正は未設定）"
    assert derived["renown"].text() == "0"
    assert derived["damage"].text() == f"{mods['str']:+d}"
    assert (
        derived["encumbrance"].text()
        == f"{final['str'] * 10} / {final['str'] * 20} / {final['str'] * 30} まで"
    )
    assert f"Stamina {reactions['stamina']:+d}" in derived["reactions"].text()
    assert next_enabled(wizard)
    click_next(wizard)

    page = wizard.skills_page
    assert page.custom_radio.isChecked()
    for name in ("Stealth", "Observe", "Language: Westron"):
        page.skill_edit.setCurrentText(name)
        page.add_button.click()
    page.rank_spins[("Stealth", "order")].setValue(3)
    page.rank_spins[("Stealth", "order_free")].setValue(2)
    page.rank_spins[("Observe", "order")].setValue(3)
    page.rank_spins[("Language: Westron", "language")].setValue(3)
    page.select_skill("Stealth")
    page.special_edit.setText("Hide")
    page.special_button.click()
    assert page.special_list.item(0).text() == "Stealth（Hide）"
    assert "職業スキル: 6/15（残り 9）" in page.budget_label.text()
    assert next_enabled(wizard)
    click_next(wizard)

    page = wizard.extras_page
    assert wizard.button(QWizard.WizardButton.FinishButton).isVisible()
    assert "名前を入力してください" in page.reason_label.text()
    assert "職業の特殊能力を一つ選んでください" in page.reason_label.text()
    page.name_edit.setText("ビルボ" if race == "hobbit" else "ギムリ")
    page.order_ability_edit.setText("Sneak" if race == "hobbit" else "Swift Strike")
    page.flaws.edit.setText("Curious")
    page.flaws.add_button.click()
    assert f"Health {health}" in page.summary.toPlainText()
    wizard.button(QWizard.WizardButton.FinishButton).click()
    assert wizard.result() == QWizard.DialogCode.Accepted

    name = "ビルボ" if race == "hobbit" else "ギムリ"
    character = reopen_characters(empty_campaign_model.campaign.path)[name]
    assert empty_campaign_model.character(wizard.created_id) == character
    assert (character.race, character.size) == (race, "small")
    assert character.wound_levels == (4 if race == "hobbit" else 5)
    assert {a: character.attributes.get(a) for a in final} == final
    assert {r: character.reactions.get(r) for r in reactions} == reactions
    assert character.health == health
    assert character.courage == 3 and character.renown == 0
    assert character.favoured_attributes == ("vit", "str") and character.favoured_reaction == "stamina"
    assert [(s.name, s.ranks, s.specialisations, s.order_skill) for s in character.skills] == [
        ("Language: Westron", 3, (), False),
        ("Observe", 3, (), True),
        ("Stealth", 5, ("Hide",), True),
    ]
    assert character.flaws == ("Curious",) and character.overrides == ()
    rolls = [e.payload for e in empty_campaign_model.log_entries() if e.kind == "lotr-creation"]
    expected = ["attributes", "reroll", "finish"] if method == "random" else ["finish"]
    assert [p["roll"] for p in rolls] == expected


def to_skills_page(wizard: LotRWizard, refusals: list[str]) -> None:
    fill_origin(wizard, "dwarf", "warrior")
    fill_attributes(wizard, "choice", refusals)
    click_next(wizard)
    wizard.favoured_page.favoured_checks["str"].setChecked(True)
    wizard.favoured_page.favoured_checks["vit"].setChecked(True)
    wizard.favoured_page.reaction_radios["stamina"].setChecked(True)
    click_next(wizard)


def test_skill_page_refuses_past_the_limits_and_blocks_until_fixed(qtbot, empty_campaign_model, refusals):
    wizard = make_wizard(qtbot, empty_campaign_model)
    to_skills_page(wizard, refusals)

    page = wizard.skills_page
    assert not page.package_radio.isEnabled()  # the shipped orders have no package to choose
    assert "パッケージの中身はルールデータにありません（GM: ルール表 → 職業" in page.package_radio.toolTip()
    assert page.custom_radio.isChecked()
    page.skill_edit.setCurrentText("Armed Combat: Axes")
    page.add_button.click()
    axes = ("Armed Combat: Axes", "order")
    page.rank_spins[axes].setValue(4)
    assert "職業スキルの配分は一つの技能に 3 ランクまでです" in refusals[-1]
    assert page.rank_spins[axes].value() == 0
    page.rank_spins[axes].setValue(3)
    page.rank_spins[("Armed Combat: Axes", "order_free")].setValue(3)
    page.rank_spins[("Armed Combat: Axes", "race")].setValue(1)
    assert "初期キャラクターの技能は 6 ランクまでです" in refusals[-1]
    assert page.table.item(0, page.table.columnCount() - 1).text() == "6"

    page.skill_edit.setCurrentText("Stonecraft")  # its attribute is not in the rule data
    page.add_button.click()
    page.rank_spins[("Stonecraft", "race")].setValue(2)
    assert not next_enabled(wizard)
    assert "能力値が未設定の技能があります" in page.reason_label.text()
    choose(page.attribute_combos["Stonecraft"], "wit")
    assert next_enabled(wizard) and not page.reason_label.isVisible()

    page.race_edge_edit.setText("Hardy")
    page.race_edge_cost.setValue(5)  # 2 ranks + 5 > the race's 6 points
    page.race_edge_button.click()
    assert "種族スキルと特徴は 6 ポイントまでです（いま 7）" in refusals[-1]
    wizard.override_check.setChecked(True)
    page.race_edge_button.click()
    assert page.race_edge_list.count() == 1
    assert "GM オーバーライドが有効です" in page.reason_label.text() and next_enabled(wizard)
    click_next(wizard)

    page = wizard.extras_page
    page.name_edit.setText("ダイン")
    page.order_ability_edit.setText("Swift Strike")
    wizard.override_check.setChecked(False)
    assert not wizard.button(QWizard.WizardButton.FinishButton).isEnabled()
    assert "技能: 種族スキルと特徴は 6 ポイントまでです（いま 7）" in page.reason_label.text()
    wizard.override_check.setChecked(True)
    wizard.button(QWizard.WizardButton.FinishButton).click()
    character = reopen_characters(empty_campaign_model.campaign.path)["ダイン"]
    assert character.overrides == ("作成時の GM 許可: 種族スキルと特徴は 6 ポイントまでです（いま 7）",)
    assert "Hardy" in character.edges

    empty_campaign_model.undo_stack.undo()
    assert reopen_characters(empty_campaign_model.campaign.path) == {}


def test_free_points_flaws_and_a_second_specialisation_on_the_last_pages(
    qtbot, empty_campaign_model, refusals
):
    wizard = make_wizard(qtbot, empty_campaign_model)
    to_skills_page(wizard, refusals)
    page = wizard.skills_page
    page.skill_edit.setCurrentText("Observe")
    page.add_button.click()
    page.rank_spins[("Observe", "free")].setValue(3)
    page.select_skill("Observe")
    for field in ("Tracks", "Sounds"):  # the first is free, the second costs a free point
        page.special_edit.setText(field)
        page.special_button.click()
    assert "自由ポイント: 4/5（残り 1）" in page.budget_label.text()
    click_next(wizard)

    page = wizard.extras_page
    choose(page.kind_combo, "edge")
    assert page.cost_spin.isEnabled() and "未設定" in page.cost_label.text()
    page.free_edge_edit.setText("Hardy")
    page.cost_spin.setValue(2)
    page.buy_button.click()
    assert "自由ポイントは 5 点までです（いま 6、2 つ目以降の特化 1 点ずつを含む）" in refusals[-1]
    page.cost_spin.setValue(1)
    page.buy_button.click()
    assert page.buy_list.item(0).text() == "Edge: Hardy — 1 点"
    assert "使用 5 / 5（残り 0" in page.free_label.text()
    for flaw in ("Arrogant", "Stubborn", "Greedy", "Proud", "Dour"):
        page.flaws.edit.setText(flaw)
        page.flaws.add_button.click()
    assert "Flaw は種族と職業を合わせて 4 つまでです（いま 5）" in refusals[-1]
    assert page.flaws.list.count() == 4 and page.flaws.edit.text() == "Dour"
    page.flaws.list.setCurrentRow(0)
    page.flaws.remove_button.click()
    assert [page.flaws.list.item(i).text() for i in range(3)] == ["Stubborn", "Greedy", "Proud"]
    page.name_edit.setText("バーリン")
    page.order_ability_edit.setText("Swift Strike")
    page.money_edit.setText("銀貨 3 枚")
    assert "Observe（Tracks）（Sounds） 3 [Perception]" in page.summary.toPlainText()
    wizard.button(QWizard.WizardButton.FinishButton).click()
    character = reopen_characters(empty_campaign_model.campaign.path)["バーリン"]
    assert character.edges == ("Hardy",) and character.money == "銀貨 3 枚"
    assert character.skill("Observe").specialisations == ("Tracks", "Sounds")
    assert character.flaws == ("Stubborn", "Greedy", "Proud")


def test_a_package_the_gm_enters_while_the_wizard_is_open_can_be_chosen(
    qtbot, empty_campaign_model, refusals
):
    wizard = make_wizard(qtbot, empty_campaign_model)
    to_skills_page(wizard, refusals)
    page = wizard.skills_page
    assert not page.package_radio.isEnabled()
    LotRRulesModel(empty_campaign_model).origins.set_order_value("warrior", "package", {"Observe": 3})
    assert page.package_radio.isEnabled() and page.package_radio.toolTip() == ""
    page.package_radio.click()
    assert wizard.model.draft.skill_mode == "package" and page.rows == ["Observe"]


def test_points_left_over_are_said_on_the_skills_page_and_in_the_summary(
    qtbot, empty_campaign_model, refusals
):
    wizard = make_wizard(qtbot, empty_campaign_model)
    to_skills_page(wizard, refusals)  # a dwarf warrior, Wits 5: 15 language ranks
    page = wizard.skills_page
    everything = "職業スキル 15 / 15、職業・自由 5 / 5、種族 6 / 6、言語・知識 15 / 15、自由ポイント 5 / 5"
    assert page.unused_label.text() == f"未使用: {everything}"
    assert page.unused_label.isVisible() and "#b35c00" in page.unused_label.styleSheet()  # orange
    for name, pool, ranks in (("Observe", "order", 3), ("Observe", "race", 3), ("Climb", "race", 3)):
        if name not in page.rows:
            page.skill_edit.setCurrentText(name)
            page.add_button.click()
        page.rank_spins[(name, pool)].setValue(ranks)
    left = "職業スキル 12 / 15、職業・自由 5 / 5、言語・知識 15 / 15、自由ポイント 5 / 5"  # race all spent
    assert page.unused_label.text() == f"未使用: {left}"
    assert next_enabled(wizard)  # said, not blocking
    click_next(wizard)
    page = wizard.extras_page
    page.name_edit.setText("ダイン")
    page.order_ability_edit.setText("Swift Strike")
    assert page.unused_label.text() == f"未使用: {left}" and page.unused_label.isVisible()
    assert page.summary.toPlainText().splitlines()[-1] == f"未使用: {left}"


def test_the_summary_says_a_total_over_twelve_is_stored_as_twelve(qtbot, empty_campaign_model, refusals):
    wizard = make_wizard(qtbot, empty_campaign_model)
    to_skills_page(wizard, refusals)
    wizard.override_check.setChecked(True)
    page = wizard.skills_page
    page.skill_edit.setCurrentText("Observe")
    page.add_button.click()
    page.rank_spins[("Observe", "free")].setValue(12)
    page.rank_spins[("Observe", "race")].setValue(2)
    click_next(wizard)
    page = wizard.extras_page
    page.name_edit.setText("ダイン")
    page.order_ability_edit.setText("Swift Strike")
    note = "※ Observe は合計 14 ランクですが、技能は 12 ランクまでしか記録できないため 12 になります"
    assert note in page.summary.toPlainText()
    wizard.button(QWizard.WizardButton.FinishButton).click()
    assert reopen_characters(empty_campaign_model.campaign.path)["ダイン"].skill("Observe").ranks == 12
