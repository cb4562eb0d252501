"""The LotR creation model: logged rolls, every creation limit refused with its reason, overrides, finish."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from gmtool.models.lotr.creation_model import CreationRefused, LotRCreationModel
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.rules.systems.lotr.rules_data import lotr_rules
from tests.qt_fixtures import reopen_characters

SEED, REROLL_SEED = 2024, 99
CHOICE = {"str": 10, "vit": 9, "nim": 7, "per": 7, "brg": 5, "wit": 4}


def nine_rolls(seed: int) -> list[list[int]]:
    """What random.Random(seed) gives for nine 2d6, worked out without the engine."""
    rng = random.Random(seed)
    return [[rng.randint(1, 6), rng.randint(1, 6)] for _ in range(9)]


def logs(campaign_model, roll: str | None = None) -> list[dict]:
    entries = [e.payload for e in campaign_model.log_entries() if e.kind == "lotr-creation"]
    return [p for p in entries if roll is None or p["roll"] == roll]


def make_model(campaign_model, rules=None, seeds=(SEED, REROLL_SEED)) -> LotRCreationModel:
    it = iter(seeds)
    return LotRCreationModel(campaign_model, rules=rules, seed_source=lambda: next(it))


def dwarf_by_choice(model: LotRCreationModel, points=(("str", 2), ("vit", 3), ("wit", 3))) -> None:
    model.set_race("dwarf")
    model.set_order("warrior")
    model.set_method("choice")
    for attribute, value in CHOICE.items():
        model.assign(attribute, value)
    for attribute, value in points:
        model.set_choice_points(attribute, value)


def ready(model: LotRCreationModel) -> None:
    """Everything the engine needs for a finished dwarf (STR 14, VIT 14, WIT 7)."""
    dwarf_by_choice(model)
    model.set_favoured_attributes(["str", "vit"])
    model.set_favoured_reaction("stamina")
    model.set_order_ability("Swift Strike")
    model.set_name("ギムリ")


def refused(action, *fragments: str) -> str:
    with pytest.raises(CreationRefused) as caught:
        action()
    for fragment in fragments:
        assert fragment in str(caught.value)
    return str(caught.value)


# ---- rolls ------------------------------------------------------------------------------------
def test_single_2d6_distribution_is_exact_before_rolling(empty_campaign_model):
    distribution = make_model(empty_campaign_model).random_roll_distribution()
    assert {v: distribution[v] for v in (2, 7, 12)} == {
        2: Fraction(1, 36),
        7: Fraction(1, 6),
        12: Fraction(1, 36),
    }
    assert sorted(distribution) == list(range(2, 13))


def test_roll_is_logged_with_seed_faces_values_and_summary(empty_campaign_model):
    model = make_model(empty_campaign_model)
    model.set_name("ピピン")
    model.roll_attributes()
    faces = nine_rolls(SEED)
    values = [sum(f) for f in faces]
    assert list(model.draft.rolls) == values
    assert list(model.value_pool()) == sorted(values, reverse=True)[:6]
    [entry] = logs(empty_campaign_model)
    assert (entry["roll"], entry["seed"], entry["faces"], entry["values"]) == (
        "attributes",
        SEED,
        faces,
        values,
    )
    assert entry["best_six"] == sorted(values, reverse=True)[:6]
    assert entry["distribution"]["7"] == "1/6"
    assert entry["summary"]["who"] == "ピピン"
    assert entry["summary"]["dice"].startswith(f"[{faces[0][0]},{faces[0][1]}]")
    assert set(entry["summary"]) == {"who", "inputs", "dice", "result"}
    refused(model.roll_attributes, "既に振りました", "GM の同意")


def test_reroll_needs_gm_consent_and_is_logged_as_such(empty_campaign_model):
    model = make_model(empty_campaign_model)
    refused(lambda: model.reroll_attributes(True), "まだ振っていません")
    model.roll_attributes()
    model.assign("str", model.value_pool()[0])
    refused(lambda: model.reroll_attributes(False), "GM の同意が必要")
    assert len(logs(empty_campaign_model)) == 1
    model.reroll_attributes(True)
    assert list(model.draft.rolls) == [sum(f) for f in nine_rolls(REROLL_SEED)]
    assert model.draft.assigned == {}  # the old values are gone with the old rolls
    entry = logs(empty_campaign_model, "reroll")[0]
    assert entry["consent"] is True and entry["seed"] == REROLL_SEED
    assert entry["previous_faces"] == nine_rolls(SEED)
    assert "GM の同意あり" in entry["summary"]["inputs"]


def test_switching_methods_never_rolls_again(empty_campaign_model):
    model = make_model(empty_campaign_model)
    model.roll_attributes()
    model.set_method("choice")
    refused(model.roll_attributes, "ランダム法")
    assert model.value_pool() == (10, 9, 7, 7, 5, 4)
    model.set_method("random")
    assert list(model.draft.rolls) == [sum(f) for f in nine_rolls(SEED)]
    refused(model.roll_attributes, "既に振りました")


# ---- attributes -------------------------------------------------------------------------------
def test_only_the_remaining_values_can_be_assigned(empty_campaign_model):
    model = make_model(empty_campaign_model)
    refused(lambda: model.assign("str", 7), "先に 2d6 を 9 回振って")
    model.set_method("choice")
    model.assign("nim", 7)
    model.assign("per", 7)
    assert model.available_values("brg") == [10, 9, 5, 4]
    refused(lambda: model.assign("brg", 7), "7 は割り当てられません", "残っている値: 10, 9, 5, 4")
    refused(lambda: model.assign("brg", 11), "11 は割り当てられません")
    model.assign("nim", None)
    assert 7 in model.available_values("brg")


def test_choice_value_over_12_and_points_over_8_are_refused(empty_campaign_model):
    model = make_model(empty_campaign_model)
    dwarf_by_choice(model, points=())
    refused(
        lambda: model.set_choice_points("str", 3), "Strength が 13: 選択法では種族ボーナスの前に 12 までです"
    )
    model.set_choice_points("str", 2)
    model.set_choice_points("wit", 6)
    refused(lambda: model.set_choice_points("brg", 1), "8 ポイントまでです（いま 9）")
    refused(lambda: model.set_choice_points("brg", -1), "0 以上")
    assert model.choice_points_left() == 0
    assert model.problems_for("attributes") == []


def test_race_bonuses_apply_and_never_drop_below_one(empty_campaign_model):
    rules = lotr_rules()
    weak = replace(rules.race("dwarf"), id="weakling", bonuses={"str": -6, "vit": 2})
    model = make_model(empty_campaign_model, rules=replace(rules, races=(*rules.races, weak)))
    model.set_race("weakling")
    model.set_method("choice")
    model.assign("str", 4)
    model.assign("vit", 9)
    preview = model.preview()
    assert preview.attributes["str"] == 1 and preview.attributes["vit"] == 11
    assert preview.modifiers["str"] == -3 and preview.damage_bonus == -3


def test_dwarf_preview_has_every_derived_value(empty_campaign_model):
    model = make_model(empty_campaign_model)
    dwarf_by_choice(model)
    p = model.preview()
    assert p.attributes == {"brg": 5, "nim": 7, "per": 7, "str": 14, "vit": 14, "wit": 7}
    assert p.modifiers == {"brg": 0, "nim": 0, "per": 0, "str": 4, "vit": 4, "wit": 0}
    assert p.reactions == {"stamina": 4, "swiftness": 0, "willpower": 0, "wisdom": 0}
    assert (p.health, p.defence, p.renown, p.damage_bonus) == (18, 10, 0, 4)
    assert (p.courage, p.courage_known) == (3, False)
    assert p.size == "Small（小型）" and p.wound_levels == 5
    assert p.encumbrance == (140, 280, 420)
    model.assign("vit", None)
    assert model.preview().reactions is None and model.preview().health is None


# ---- skills -----------------------------------------------------------------------------------
def test_order_allocation_limits(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)
    refused(lambda: model.set_ranks("order", "Climb", 4), "Climb が 4 ランク", "一つの技能に 3 ランクまで")
    for name in ("Climb", "Jump", "Search", "Observe", "Stealth"):
        model.set_ranks("order", name, 3)
    refused(lambda: model.set_ranks("order", "Healing", 1), "職業スキルの配分は 15 ランクまでです（いま 16）")
    model.set_ranks("order_free", "Climb", 3)
    refused(lambda: model.set_ranks("order_free", "Jump", 3), "自由配分は 5 ランクまでです（いま 6）")
    refused(lambda: model.set_ranks("order", "Climb", -1), "0 以上")
    assert model.budgets()["order"].left == 0 and model.budgets()["order_free"].left == 2


def test_skill_total_over_six_is_refused(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)
    model.set_ranks("order", "Climb", 3)
    model.set_ranks("order_free", "Climb", 3)
    refused(
        lambda: model.set_ranks("race", "Climb", 1),
        "Climb が 7 ランク: 初期キャラクターの技能は 6 ランクまで",
    )
    refused(lambda: model.set_ranks("free", "Climb", 1), "6 ランクまで")
    assert model.total("Climb") == 6


def test_language_budget_is_wits_times_three(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)  # WIT 4 + 3 = 7: 21 ranks
    model.set_ranks("language", "Language: Khuzdul", 6)
    model.set_ranks("language", "Language: Westron", 6)
    model.set_ranks("language", "Lore: Realm (Erebor)", 6)
    refused(
        lambda: model.set_ranks("language", "Lore: History (Durin)", 4),
        "言語・知識は Wits × 3 = 21 ランクまでです（いま 22）",
    )
    refused(lambda: model.set_ranks("language", "Climb", 1), "Language / Lore だけです: Climb")
    # Lowering Wits below what the languages use is refused on the attributes too.
    refused(lambda: model.set_choice_points("wit", 0), "Wits × 3 = 12")


def test_package_mode_needs_a_package(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)
    refused(lambda: model.set_skill_mode("package"), "パッケージの中身はルールデータにありません")
    rules = lotr_rules()
    warrior = replace(rules.order("warrior"), package={"Armed Combat: Axes": 4, "Observe": 2})
    orders = tuple(warrior if o.id == "warrior" else o for o in rules.orders)
    model = make_model(empty_campaign_model, rules=replace(rules, orders=orders))
    ready(model)
    model.set_skill_mode("package")
    assert model.skill_names() == ["Armed Combat: Axes", "Observe"]
    refused(lambda: model.set_ranks("order", "Observe", 3), "自由配分")
    model.set_ranks("free", "Observe", 1)
    character = model.character()
    assert [(s.name, s.ranks, s.order_skill) for s in character.skills] == [
        ("Armed Combat: Axes", 4, True),
        ("Observe", 3, True),
    ]
    refused(lambda: model.set_order("rogue"), "パッケージの中身はルールデータにありません")


def test_points_left_over_are_listed_and_do_not_block(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)  # Wits 7: 21 language ranks
    model.set_ranks("order", "Climb", 3)
    model.set_ranks("race", "Climb", 2)
    assert model.unused_text() == (
        "未使用: 職業スキル 12 / 15、職業・自由 5 / 5、種族 4 / 6、言語・知識 21 / 21、自由ポイント 5 / 5"
    )
    assert model.can_pass("skills")
    model.set_ranks("race", "Climb", 3)
    model.add_race_edge("Hardy", 3)
    model.set_ranks("free", "Jump", 5)
    assert model.unused_text() == "未使用: 職業スキル 12 / 15、職業・自由 5 / 5、言語・知識 21 / 21"
    model.set_override(True)
    model.set_ranks("language", "Climb", 9)  # 3 + 3 + 9 under the GM override
    assert model.over_stored_max() == {"Climb": 15} and model.character().skill("Climb").ranks == 12


def test_free_points_count_a_second_specialisation(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)
    model.set_ranks("free", "Stealth", 4)
    model.add_specialisation("Stealth", "Hide")  # the first one is free
    model.add_specialisation("Stealth", "Sneak")  # 4 + 1 = 5
    assert model.budgets()["free"].used == 5
    refused(
        lambda: model.add_specialisation("Stealth", "Shadow"),
        "自由ポイントは 5 点までです（いま 6、2 つ目以降の特化 1 点ずつを含む）",
    )
    refused(lambda: model.add_specialisation("Stealth", "Hide"), "既に Hide に特化")
    refused(lambda: model.add_specialisation("Climb", "Walls"), "ランク 0 の技能は特化できません: Climb")
    refused(lambda: model.set_ranks("free", "Stealth", 0), "ランク 0 の技能は特化できません")
    model.remove_specialisation("Stealth", "Sneak")
    assert model.budgets()["free"].used == 4


def test_free_pick_costs_come_from_the_table_or_are_typed(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)
    refused(lambda: model.add_free_pick("attribute", "per"), "ルールデータにありません", "入力してください")
    refused(lambda: model.add_free_pick("order_ability", "x", 1), "自由ポイントで買えるのは")
    model.add_free_pick("edge", "Hardy", 3)
    refused(lambda: model.add_free_pick("attribute", "per", 3), "自由ポイントは 5 点までです（いま 6")
    model.add_free_pick("attribute", "per", 2)
    assert model.preview().attributes["per"] == 8
    assert model.character().edges == ("Hardy",)

    rules = replace(lotr_rules(), picks={**lotr_rules().picks, "attribute": 3, "favoured_attribute": 2})
    model = make_model(empty_campaign_model, rules=rules)
    ready(model)
    model.add_free_pick("attribute", "per", 0)  # the table's 3, not the typed 0
    assert [b.cost for b in model.free_buys()] == [3]
    model.set_favoured_attributes(["per", "str"])  # favoured: the cheaper cost
    assert [b.cost for b in model.free_buys()] == [2]


def test_race_points_include_edges_with_a_cost(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)
    model.set_ranks("race", "Stonecraft: Masonry", 4)
    refused(lambda: model.add_race_edge("Hardy"), "消費ポイントはルールデータにありません")
    refused(lambda: model.add_race_edge("Hardy", 3), "種族スキルと特徴は 6 ポイントまでです（いま 7）")
    model.add_race_edge("Hardy", 2)
    assert model.budgets()["race"].left == 0
    assert "能力値が未設定の技能があります（技能ごとに選んでください）: Stonecraft: Masonry" in [
        b.reason for b in model.problems_for("skills")
    ]
    refused(lambda: model.set_skill_attribute("Climb", "wit"), "ルールデータで Strength に決まっています")
    model.set_skill_attribute("Stonecraft: Masonry", "wit")
    assert model.problems_for("skills") == []


# ---- extras, problems, override, finish --------------------------------------------------------
def test_a_fifth_flaw_is_refused(empty_campaign_model):
    model = make_model(empty_campaign_model)
    for flaw in ("Arrogant", "Stubborn", "Greedy", "Proud"):
        model.add_flaw(flaw)
    refused(lambda: model.add_flaw("Dour"), "Flaw は種族と職業を合わせて 4 つまでです（いま 5）")
    model.remove_flaw(0)
    model.add_flaw("Dour")
    assert model.draft.flaws == ("Stubborn", "Greedy", "Proud", "Dour")


def test_each_step_lists_its_problems_and_the_name_is_never_overridden(empty_campaign_model):
    model = make_model(empty_campaign_model)
    assert [b.reason for b in model.problems_for("origin")] == [
        "種族を選んでください",
        "職業を選んでください",
    ]
    model.set_race("hobbit")
    assert "Hobbit（ホビット） の亜種族を選んでください" in [b.reason for b in model.problems_for("origin")]
    refused(lambda: model.set_subrace("noldor"), "亜種族 'noldor' はありません")
    refused(lambda: model.set_race("orc"), "'orc' はルールデータにありません")
    ready(model)
    model.set_name("")
    assert [b.reason for b in model.problems_for("extras")] == ["名前を入力してください"]
    model.set_override(True)
    assert not model.can_finish()
    refused(model.finish, "名前を入力してください")
    model.set_name("ギムリ")
    assert model.can_finish()


def test_gm_override_lets_limits_pass_and_records_them(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)
    model.set_override(True)
    model.set_ranks("order", "Climb", 4)
    model.set_ranks("free", "Climb", 3)
    reasons = [b.reason for b in model.problems_for("skills")]
    assert "職業スキルの配分は一つの技能に 3 ランクまでです: Climb" in reasons
    model.set_override(False)
    assert not model.can_pass("skills") and not model.can_finish()
    refused(model.finish, "3 ランクまでです: Climb")
    model.set_override(True)
    character = empty_campaign_model.character(model.finish())
    assert character.overrides == (
        "作成時の GM 許可: 職業スキルの配分は一つの技能に 3 ランクまでです: Climb",
        "作成時の GM 許可: 初期キャラクターの技能は 6 ランクまでです: Climb（7）",
    )
    [entry] = logs(empty_campaign_model, "override")
    assert entry["reasons"] == [r.removeprefix("作成時の GM 許可: ") for r in character.overrides]


def test_finish_inserts_once_as_one_undo_step(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)
    model.set_money("金貨 10 枚")
    model.set_notes("エレボールの出")
    new_id = model.finish()
    stored = reopen_characters(empty_campaign_model.campaign.path)["ギムリ"]
    assert stored == empty_campaign_model.character(new_id)
    assert (stored.attributes.str, stored.attributes.vit, stored.health, stored.courage) == (14, 14, 18, 3)
    assert (stored.money, stored.notes, stored.order_abilities) == (
        "金貨 10 枚",
        "エレボールの出",
        ("Swift Strike",),
    )
    [entry] = logs(empty_campaign_model, "finish")
    assert entry["character_id"] == new_id and entry["summary"]["who"] == "ギムリ"
    refused(model.finish, "既に作成しました")
    assert empty_campaign_model.undo_stack.count() == 1
    empty_campaign_model.undo_stack.undo()
    assert not empty_campaign_model.has_character(new_id)
    assert reopen_characters(empty_campaign_model.campaign.path) == {}


def test_removing_a_skill_takes_its_ranks_and_specialisations(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)
    model.add_skill("Ride")
    refused(lambda: model.add_skill("Ride"), "既に一覧にあります")
    model.set_ranks("order", "Ride", 2)
    model.add_specialisation("Ride", "Ponies")
    model.set_skill_attribute("Ride", "nim")
    model.remove_skill("Ride")
    assert "Ride" not in model.skill_names()
    assert (model.draft.order_ranks, model.draft.specialisations, model.draft.skill_attributes) == (
        {},
        {},
        {},
    )


def test_the_campaigns_edited_tables_apply_while_the_wizard_is_open(empty_campaign_model):
    model = make_model(empty_campaign_model)
    model.set_race("hobbit")
    model.set_subrace("harfoot")
    changes = []
    model.changed.connect(lambda: changes.append(True))
    assert model.preview().bonuses_known is False
    LotRRulesModel(empty_campaign_model).set_bonus("hobbit", "harfoot", "nim", 1)
    assert changes and model.preview().bonuses_known is True
    assert model.preview().bonuses.get("nim") == 1
