"""フォーカード growth between scenarios: the award, skill / 特化 / attribute purchases, caps, override."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.models.fourcard.growth_model import FourCardGrowthModel
from gmtool.models.fourcard.skill_catalog import reset_campaign_catalog, set_campaign_catalog
from gmtool.rules.systems.fourcard.catalog import SkillCatalog, SkillDef, SpecialisationDef
from gmtool.rules.systems.fourcard.character import LedgerEntry, Losses, Skill
from tests.qt_fixtures import reopen_characters, sample_fourcard_character

TODAY = "2026-12-01"


def growth_catalog() -> SkillCatalog:
    """Purchasable skills: one with 特化, a 前提, a 制限, a 総合LV cap, and one with 専門性 未設定."""
    return SkillCatalog(
        (
            SkillDef(
                "接近戦", "dx", 2, specialisations=(SpecialisationDef("剣"), SpecialisationDef("斧", 3))
            ),
            SkillDef("魔術理論", "iq", 1),
            SkillDef("魔法", "iq", 3, prerequisites=("魔術理論",)),
            SkillDef("二刀流", "dx", 2, restrictor="接近戦"),
            SkillDef("隠密", "dx", 1, level_cap=True),
            SkillDef("料理", "iq"),
        )
    )


def make_growth(campaign_model, character=None) -> FourCardGrowthModel:
    set_campaign_catalog(campaign_model, growth_catalog(), "テスト用カタログ")
    character_id = campaign_model.insert_character(
        "fourcard", character or sample_fourcard_character(), "追加"
    )
    return FourCardGrowthModel(campaign_model, character_id, today=lambda: TODAY)


def with_extra_xp(xp: int, **changes) -> object:
    """The sample character after a generous earlier campaign: xp more to spend."""
    sample = sample_fourcard_character()
    extra = LedgerEntry(date="2026-11-20", scenario="前のキャンペーン", xp=xp)
    return replace(sample, growth=(*sample.growth, extra), **changes)


def stored(model: FourCardGrowthModel):
    path = model.campaign_model.campaign.path
    return reopen_characters(path)[model.character.name]


def assert_refused(model: FourCardGrowthModel, action, fragment: str) -> None:
    """The purchase is refused with a message naming the reason, and nothing is written."""
    before, steps, logs = (
        model.character,
        model.campaign_model.undo_stack.count(),
        len(model.campaign_model.log_entries()),
    )
    with pytest.raises(ValueError, match=fragment):
        action()
    assert model.character == before
    assert stored(model) == before
    assert model.campaign_model.undo_stack.count() == steps
    assert len(model.campaign_model.log_entries()) == logs


def test_award_success_failure_minimum_and_bonus(empty_campaign_model):
    model = make_growth(empty_campaign_model)
    assert model.award(True, scenario="古城の謎") == 5
    assert model.award(False, 3, -2, scenario="幽霊船") == 1
    assert model.award(False, 1, -2, scenario="沼地") == 1  # 1 − 2 would be −1: at least 1
    assert model.award(True, personal=1, scenario="竜の巣") == 6

    rows = stored(model).growth[-4:]
    assert [(r.date, r.scenario, r.xp, r.cost) for r in rows] == [
        (TODAY, "古城の謎", 5, 0),
        (TODAY, "幽霊船", 1, 0),
        (TODAY, "沼地", 1, 0),
        (TODAY, "竜の巣", 6, 0),
    ]
    assert stored(model).xp_unspent == 13

    stack = empty_campaign_model.undo_stack
    assert stack.undoText() == "経験点の付与（竜の巣）"
    stack.undo()
    assert stored(model).xp_unspent == 7
    assert [r.scenario for r in model.character.growth[-2:]] == ["幽霊船", "沼地"]
    stack.redo()
    assert stored(model).growth[-1].xp == 6

    entries = [e for e in empty_campaign_model.log_entries() if e.kind == "fourcard-growth"]
    assert len(entries) == 4
    last = entries[-1].payload
    assert last["system"] == "fourcard" and last["xp"] == 6 and last["time"]
    assert last["summary"]["who"] == "ガルド"
    assert "竜の巣" in last["summary"]["inputs"] and "+6" in last["summary"]["result"]


def test_award_needs_a_scenario_name_and_a_valid_partial(empty_campaign_model):
    model = make_growth(empty_campaign_model)
    assert_refused(model, lambda: model.award(True, scenario="  "), "シナリオの名前")
    assert_refused(model, lambda: model.award(False, 5, scenario="幽霊船"), "1〜4")
    assert model.award_preview(False, 4, 1) == 5
    assert model.award_preview(False, 2, -2) == 1


def test_the_award_is_spelled_out_and_personal_xp_is_minus_one_minus_one_plus_one(empty_campaign_model):
    model = make_growth(empty_campaign_model)
    assert model.personal_xp(True, True, False) == -2 and model.personal_xp(False, False, True) == 1
    assert model.award_breakdown(True, 1, 1) == (6, 5, 1, False)
    assert model.award_breakdown(False, 2, -2) == (1, 2, -2, True)  # 「最低でも1点」 raised it


def test_the_skill_lines_read_the_catalog_and_the_next_tp(empty_campaign_model):
    model = make_growth(empty_campaign_model)
    line = model.skill_line("接近戦")
    assert (line.name, line.base, line.expertise, line.tp, line.next_tp) == ("接近戦", "DX", 2, 2, 3)
    assert line.preview == model.skill_preview("接近戦")


def test_skill_tp_costs_expertise_times_new_tp_and_adds_one_tp(empty_campaign_model):
    model = make_growth(empty_campaign_model)
    model.award(True, personal=1, scenario="竜の巣")
    assert model.skill_preview("接近戦") == (6, [])  # 専門性 2 × 3TP

    model.scenario = "竜の巣"
    purchase = model.buy_skill_tp("接近戦")
    assert purchase.cost == 6
    after = stored(model)
    assert after.tp("接近戦") == 3 and after.skill("接近戦").specialisations == ("剣",)
    assert after.xp_unspent == 0
    assert after.growth[-1] == LedgerEntry(TODAY, "竜の巣", 0, "【接近戦】3TP", 6)

    stack = empty_campaign_model.undo_stack
    assert stack.undoText() == "成長: 【接近戦】3TP"
    stack.undo()
    assert stored(model).tp("接近戦") == 2 and stored(model).xp_unspent == 6
    payload = empty_campaign_model.log_entries()[-1].payload
    assert payload["bought"] == "【接近戦】3TP" and payload["cost"] == 6 and payload["overridden"] == []


def test_each_cap_is_refused_with_its_reason(empty_campaign_model):
    model = make_growth(empty_campaign_model)
    model.award(True, personal=1, scenario="竜の巣")
    model.award(True, personal=1, scenario="古城の謎")  # 27 XP earned: still 総合LV 1, 12 to spend

    cost, reasons = model.skill_preview("魔法")
    assert cost == 3 and reasons == ["前提スキル【魔術理論】を 1TP 以上習得していません"]
    assert_refused(model, lambda: model.buy_skill_tp("魔法"), "前提スキル【魔術理論】")

    assert_refused(model, lambda: model.buy_skill_tp("料理"), "専門性が未設定")
    assert model.skill_preview("料理").cost is None

    assert [model.buy_skill_tp("二刀流").cost for _ in range(2)] == [2, 4]
    assert model.skill_preview("二刀流").reasons == [
        "制限スキル【接近戦】が 2TP のため【二刀流】は 2TP までです"
    ]
    assert_refused(model, lambda: model.buy_skill_tp("二刀流"), "制限スキル【接近戦】が 2TP")

    assert model.buy_skill_tp("隠密").cost == 1
    assert_refused(model, lambda: model.buy_skill_tp("隠密"), "総合LV 1 のため【隠密】は 1TP まで")

    assert model.available == 5
    assert_refused(model, lambda: model.buy_skill_tp("接近戦"), r"経験点が足りません（必要 6、残り 5）")
    assert_refused(model, lambda: model.buy_attribute("st"), r"経験点が足りません（必要 10、残り 5）")
    assert stored(model).tp("二刀流") == 2 and stored(model).tp("隠密") == 1


def test_override_passes_a_cap_and_is_recorded(empty_campaign_model):
    model = make_growth(empty_campaign_model)
    model.award(True, scenario="古城の謎")
    model.override = True
    assert model.can_buy(model.skill_preview("魔法"))
    assert model.buy_skill_tp("魔法").cost == 3

    after = stored(model)
    assert after.tp("魔法") == 1
    assert len(after.overrides) == 1
    assert "GM オーバーライド" in after.overrides[0] and "前提スキル【魔術理論】" in after.overrides[0]
    assert empty_campaign_model.log_entries()[-1].payload["overridden"] == [
        "前提スキル【魔術理論】を 1TP 以上習得していません"
    ]
    empty_campaign_model.undo_stack.undo()
    assert stored(model).overrides == () and stored(model).tp("魔法") == 0


def test_nine_tp_and_unset_expertise_are_refused_even_with_override(empty_campaign_model):
    nine = with_extra_xp(50, skills=(Skill("接近戦", "dx", 9, specialised=True, specialisations=("剣",)),))
    model = make_growth(empty_campaign_model, nine)
    model.override = True
    assert model.skill_preview("接近戦").cost is None
    assert not model.can_buy(model.skill_preview("接近戦"))
    assert_refused(model, lambda: model.buy_skill_tp("接近戦"), "9TP")
    assert_refused(model, lambda: model.buy_skill_tp("料理"), "専門性が未設定")


def test_specialisation_first_free_then_catalog_cost(empty_campaign_model):
    unspecialised = replace(sample_fourcard_character(), skills=(Skill("接近戦", "dx", 2, specialised=True),))
    model = make_growth(empty_campaign_model, unspecialised)
    model.award(True, scenario="古城の謎")
    assert model.specialisation_preview("接近戦", "斧") == (0, [])
    assert model.buy_specialisation("接近戦", "斧").description == "【接近戦】初期特化【斧】"
    # 剣 has no cost in the catalog: as a second specialisation it cannot be bought yet.
    assert_refused(model, lambda: model.buy_specialisation("接近戦", "剣"), "経験点が未設定")
    assert stored(model).skill("接近戦").specialisations == ("斧",)
    assert stored(model).xp_unspent == 5


def test_second_specialisation_costs_what_the_catalog_says(empty_campaign_model):
    model = make_growth(empty_campaign_model)  # already 特化【剣】
    assert_refused(model, lambda: model.buy_specialisation("接近戦", "斧"), "経験点が足りません")
    model.award(True, scenario="古城の謎")
    assert model.buy_specialisation("接近戦", "斧").cost == 3
    after = stored(model)
    assert after.skill("接近戦").specialisations == ("剣", "斧")
    assert after.growth[-1].bought == "【接近戦】特化【斧】" and after.xp_unspent == 2
    assert_refused(model, lambda: model.buy_specialisation("接近戦", "斧"), "既に【斧】に特化")
    assert_refused(model, lambda: model.buy_specialisation("魔法", "火"), "まず【魔法】を 1TP")
    assert [(s, f, done) for s, f, done in model.specialisation_rows()] == [
        ("接近戦", "剣", True),
        ("接近戦", "斧", True),
    ]


def test_attribute_costs_and_the_plus_two_cap(empty_campaign_model):
    model = make_growth(empty_campaign_model, with_extra_xp(80))
    assert model.attribute_preview("st") == (10, [])
    assert model.buy_attribute("st").cost == 10
    assert model.attribute_preview("st") == (20, [])
    assert model.buy_attribute("st").cost == 20
    assert model.attribute_preview("st").cost is None
    model.override = True
    assert_refused(model, lambda: model.buy_attribute("st"), r"\+2 が上限")
    model.override = False

    assert [model.buy_attribute("iq").cost for _ in range(2)] == [15, 30]
    after = stored(model)
    assert (after.current("st"), after.gains.st) == (8, 2)
    assert (after.current("iq"), after.gains.iq) == (6, 2)
    assert after.xp_unspent == 5
    assert [e.cost for e in after.growth[-4:]] == [10, 20, 15, 30]
    assert empty_campaign_model.undo_stack.undoText() == "成長: IQ +1（初期値から +2）"


def test_regaining_a_lost_point_costs_five_and_is_outside_the_plus_two(empty_campaign_model):
    model = make_growth(empty_campaign_model, with_extra_xp(35, losses=Losses(st=1)))
    assert model.character.current("st") == 5
    assert model.attribute_preview("st") == (5, [])
    assert model.buy_attribute("st").description == "ST を 1 点取り戻す"
    after = stored(model)
    assert (after.current("st"), after.losses.st, after.gains.st) == (6, 0, 0)
    assert [model.buy_attribute("st").cost for _ in range(2)] == [10, 20]
    assert stored(model).current("st") == 8
    assert_refused(model, lambda: model.buy_attribute("st"), r"\+2 が上限")


def test_catalog_edits_reach_the_previews_and_undo_restores_them(empty_campaign_model):
    model = make_growth(empty_campaign_model)
    model.award(True, personal=1, scenario="竜の巣")
    seen = []
    model.changed.connect(lambda: seen.append(True))
    reset_campaign_catalog(empty_campaign_model, "既定に戻す")
    assert seen
    cost, reasons = model.skill_preview("接近戦")
    assert cost is None and "専門性が未設定" in reasons[0]
    assert model.skill_names() == ["接近戦"]
    empty_campaign_model.undo_stack.undo()
    assert model.skill_preview("接近戦") == (6, [])
