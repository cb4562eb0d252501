"""The skills page of the LotR creation model (`model.skills`): every rank pool's limit refused with
its reason, the package, points left over, specialisations, race edges."""

from __future__ import annotations

from dataclasses import replace

from gmtool.rules.systems.lotr.rules_data import lotr_rules
from tests.models.lotr.creation_fixtures import make_model, ready, refused


def test_order_allocation_limits(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)
    refused(
        lambda: model.skills.set_ranks("order", "Climb", 4), "Climb が 4 ランク", "一つの技能に 3 ランクまで"
    )
    for name in ("Climb", "Jump", "Search", "Observe", "Stealth"):
        model.skills.set_ranks("order", name, 3)
    refused(
        lambda: model.skills.set_ranks("order", "Healing", 1),
        "職業スキルの配分は 15 ランクまでです（いま 16）",
    )
    model.skills.set_ranks("order_free", "Climb", 3)
    refused(lambda: model.skills.set_ranks("order_free", "Jump", 3), "自由配分は 5 ランクまでです（いま 6）")
    refused(lambda: model.skills.set_ranks("order", "Climb", -1), "0 以上")
    assert model.skills.budgets()["order"].left == 0 and model.skills.budgets()["order_free"].left == 2


def test_skill_total_over_six_is_refused(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)
    model.skills.set_ranks("order", "Climb", 3)
    model.skills.set_ranks("order_free", "Climb", 3)
    refused(
        lambda: model.skills.set_ranks("race", "Climb", 1),
        "Climb が 7 ランク: 初期キャラクターの技能は 6 ランクまで",
    )
    refused(lambda: model.skills.set_ranks("free", "Climb", 1), "6 ランクまで")
    assert model.skills.total("Climb") == 6


def test_language_budget_is_wits_times_three(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)  # WIT 4 + 3 = 7: 21 ranks
    model.skills.set_ranks("language", "Language: Khuzdul", 6)
    model.skills.set_ranks("language", "Language: Westron", 6)
    model.skills.set_ranks("language", "Lore: Realm (Erebor)", 6)
    refused(
        lambda: model.skills.set_ranks("language", "Lore: History (Durin)", 4),
        "言語・知識は Wits × 3 = 21 ランクまでです（いま 22）",
    )
    refused(lambda: model.skills.set_ranks("language", "Climb", 1), "Language / Lore だけです: Climb")
    # Lowering Wits below what the languages use is refused on the attributes too.
    refused(lambda: model.attributes.set_choice_points("wit", 0), "Wits × 3 = 12")


def test_package_mode_needs_a_package(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)
    refused(lambda: model.skills.set_skill_mode("package"), "パッケージの中身はルールデータにありません")
    rules = lotr_rules()
    warrior = replace(rules.order("warrior"), package={"Armed Combat: Axes": 4, "Observe": 2})
    orders = tuple(warrior if o.id == "warrior" else o for o in rules.orders)
    model = make_model(empty_campaign_model, rules=replace(rules, orders=orders))
    ready(model)
    model.skills.set_skill_mode("package")
    assert model.skills.skill_names() == ["Armed Combat: Axes", "Observe"]
    refused(lambda: model.skills.set_ranks("order", "Observe", 3), "自由配分")
    model.skills.set_ranks("free", "Observe", 1)
    character = model.character()
    assert [(s.name, s.ranks, s.order_skill) for s in character.skills] == [
        ("Armed Combat: Axes", 4, True),
        ("Observe", 3, True),
    ]
    refused(lambda: model.set_order("rogue"), "パッケージの中身はルールデータにありません")


def test_points_left_over_are_listed_and_do_not_block(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)  # Wits 7: 21 language ranks
    model.skills.set_ranks("order", "Climb", 3)
    model.skills.set_ranks("race", "Climb", 2)
    assert model.skills.unused_text() == (
        "未使用: 職業スキル 12 / 15、職業・自由 5 / 5、種族 4 / 6、言語・知識 21 / 21、自由ポイント 5 / 5"
    )
    assert model.can_pass("skills")
    model.skills.set_ranks("race", "Climb", 3)
    model.skills.add_race_edge("Hardy", 3)
    model.skills.set_ranks("free", "Jump", 5)
    assert model.skills.unused_text() == "未使用: 職業スキル 12 / 15、職業・自由 5 / 5、言語・知識 21 / 21"
    model.set_override(True)
    model.skills.set_ranks("language", "Climb", 9)  # 3 + 3 + 9 under the GM override
    assert model.skills.over_stored_max() == {"Climb": 15} and model.character().skill("Climb").ranks == 12


def test_free_points_count_a_second_specialisation(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)
    model.skills.set_ranks("free", "Stealth", 4)
    model.skills.add_specialisation("Stealth", "Hide")  # the first one is free
    model.skills.add_specialisation("Stealth", "Sneak")  # 4 + 1 = 5
    assert model.skills.budgets()["free"].used == 5
    refused(
        lambda: model.skills.add_specialisation("Stealth", "Shadow"),
        "自由ポイントは 5 点までです（いま 6、2 つ目以降の特化 1 点ずつを含む）",
    )
    refused(lambda: model.skills.add_specialisation("Stealth", "Hide"), "既に Hide に特化")
    refused(
        lambda: model.skills.add_specialisation("Climb", "Walls"), "ランク 0 の技能は特化できません: Climb"
    )
    refused(lambda: model.skills.set_ranks("free", "Stealth", 0), "ランク 0 の技能は特化できません")
    model.skills.remove_specialisation("Stealth", "Sneak")
    assert model.skills.budgets()["free"].used == 4


def test_race_points_include_edges_with_a_cost(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)
    model.skills.set_ranks("race", "Stonecraft: Masonry", 4)
    refused(lambda: model.skills.add_race_edge("Hardy"), "消費ポイントはルールデータにありません")
    refused(lambda: model.skills.add_race_edge("Hardy", 3), "種族スキルと特徴は 6 ポイントまでです（いま 7）")
    model.skills.add_race_edge("Hardy", 2)
    assert model.skills.budgets()["race"].left == 0
    assert "能力値が未設定の技能があります（技能ごとに選んでください）: Stonecraft: Masonry" in [
        b.reason for b in model.problems_for("skills")
    ]
    refused(
        lambda: model.skills.set_skill_attribute("Climb", "wit"), "ルールデータで Strength に決まっています"
    )
    model.skills.set_skill_attribute("Stonecraft: Masonry", "wit")
    assert model.problems_for("skills") == []


def test_removing_a_skill_takes_its_ranks_and_specialisations(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)
    model.skills.add_skill("Ride")
    refused(lambda: model.skills.add_skill("Ride"), "既に一覧にあります")
    model.skills.set_ranks("order", "Ride", 2)
    model.skills.add_specialisation("Ride", "Ponies")
    model.skills.set_skill_attribute("Ride", "nim")
    model.skills.remove_skill("Ride")
    assert "Ride" not in model.skills.skill_names()
    assert (model.draft.order_ranks, model.draft.specialisations, model.draft.skill_attributes) == (
        {},
        {},
        {},
    )
