"""The フォーカード creation draft: rolls, budget, caps, overrides and the finished ledger."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.models.fourcard.creation_model import CreationRefused
from gmtool.rules.systems.fourcard.advancement import PurchaseBlocked
from gmtool.rules.systems.fourcard.catalog import shipped_catalog
from tests.models.fourcard.creation_helpers import (
    ORDER,
    TODAY,
    attribute_faces,
    creation_logs,
    expected_faces,
    make_model,
    ready_to_finish,
    seed_where,
)
from tests.qt_fixtures import reopen_characters


# ---- rolls ------------------------------------------------------------------------------
def test_every_roll_is_logged_with_its_seed_faces_and_summary(empty_campaign_model):
    model = make_model(empty_campaign_model, seeds=(1234, 55, 66))
    model.roll_attributes()
    model.fortune.roll_handedness()
    model.fortune.roll_money()

    faces = attribute_faces(1234)
    assert {a: list(f) for a, f in model.attribute_faces.items()} == faces
    assert model.rolled == {a: sum(f) + 1 for a, f in faces.items()}
    attributes, handedness, money = creation_logs(empty_campaign_model)
    assert (attributes["roll"], attributes["seed"], attributes["faces"]) == ("attributes", 1234, faces)
    assert attributes["distribution"] == {"3": "1/9", "4": "2/9", "5": "1/3", "6": "2/9", "7": "1/9"}
    [hand_faces] = expected_faces(55, [(2, 6)])
    assert (handedness["roll"], handedness["seed"], handedness["faces"]) == ("handedness", 55, hand_faces)
    assert handedness["ambidextrous"] == (sum(hand_faces) == 12)
    assert handedness["probability"] == "1/36"
    [money_faces] = expected_faces(66, [(3, 6)])
    assert (money["roll"], money["seed"], money["faces"]) == ("money", 66, money_faces)
    assert money["money"] == model.fortune.money == sum(money_faces) * 100 + 1000
    for payload in (attributes, handedness, money):
        assert payload["system"] == "fourcard" and payload["time"]
        assert set(payload["summary"]) == {"who", "inputs", "dice", "result"}
        assert payload["summary"]["who"] == "リナ"
    assert "IQ[" in attributes["summary"]["dice"]
    assert money["summary"]["result"] == f"{model.fortune.money} CP"


def test_each_creation_roll_happens_once(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready_to_finish(model)
    for roll, message in (
        (model.roll_attributes, "GM の同意"),
        (model.fortune.roll_handedness, "既に振りました"),
        (model.fortune.roll_money, "既に振りました"),
    ):
        with pytest.raises(CreationRefused, match=message):
            roll()
    assert len(creation_logs(empty_campaign_model)) == 3


def test_reroll_needs_gm_consent_and_is_logged_with_it(empty_campaign_model):
    model = make_model(empty_campaign_model, seeds=(10, 20))
    with pytest.raises(CreationRefused, match="まだ振っていません"):
        model.reroll_attributes(consent=True)
    model.roll_attributes()
    with pytest.raises(CreationRefused, match="GM の同意が必要"):
        model.reroll_attributes(consent=False)
    assert {a: list(f) for a, f in model.attribute_faces.items()} == attribute_faces(10)
    assert [p["roll"] for p in creation_logs(empty_campaign_model)] == ["attributes"]

    model.reroll_attributes(consent=True)
    assert {a: list(f) for a, f in model.attribute_faces.items()} == attribute_faces(20)
    [reroll] = creation_logs(empty_campaign_model, "reroll")
    assert (reroll["seed"], reroll["consent"]) == (20, True)
    assert reroll["previous_faces"] == attribute_faces(10)
    assert reroll["faces"] == attribute_faces(20)


def test_the_attribute_odds_are_the_exact_table_in_order(empty_campaign_model):
    model = make_model(empty_campaign_model)
    assert model.attribute_odds() == {
        3: Fraction(1, 9),
        4: Fraction(2, 9),
        5: Fraction(3, 9),
        6: Fraction(2, 9),
        7: Fraction(1, 9),
    }
    assert list(model.attribute_odds()) == [3, 4, 5, 6, 7]


def test_female_modifier_is_clamped_to_three_and_seven(empty_campaign_model):
    extreme = seed_where(lambda s: sum(attribute_faces(s)["st"]) == 2 and sum(attribute_faces(s)["wp"]) == 6)
    model = make_model(empty_campaign_model, seeds=(extreme,), sex="female")
    model.roll_attributes()
    assert (model.rolled["st"], model.rolled["wp"]) == (3, 7)
    assert (model.attributes["st"], model.attributes["wp"]) == (3, 7)  # not 2, not 8

    middle = seed_where(lambda s: sum(attribute_faces(s)["st"]) == 4 and sum(attribute_faces(s)["wp"]) == 3)
    model = make_model(empty_campaign_model, seeds=(middle,), sex="female")
    model.roll_attributes()
    assert (model.attributes["st"], model.attributes["wp"]) == (4, 5)
    lines = model.hp_lines()
    vt = model.attributes["vt"]
    assert (lines.weakened, lines.unconscious, lines.dead) == (8 + vt, 8 + vt + 10, 8 + vt + 10 + vt * 2)
    assert model.movement() == model.attributes["dx"] + 5
    model.set_sex("male")
    assert (model.attributes["st"], model.attributes["wp"]) == (5, 4)


# ---- XP ---------------------------------------------------------------------------------
def test_extra_xp_without_earmark_blocks_until_the_gm_overrides(empty_campaign_model):
    model = make_model(empty_campaign_model)
    model.set_extra_xp(5)
    [blocker] = model.xp_blockers()
    assert "追加初期経験点の用途" in blocker.reason
    with pytest.raises(CreationRefused, match="追加初期経験点の用途"):
        model.pass_page("経験点", model.xp_blockers())
    model.set_gm_override(True)
    model.pass_page("経験点", model.xp_blockers())
    assert any("経験点: GM オーバーライド" in o for o in model.overrides)
    [override] = creation_logs(empty_campaign_model, "override")
    assert "追加初期経験点の用途" in override["summary"]["result"]


# ---- the shipped catalog and the finished character ------------------------------------
def test_shipped_catalog_blocks_the_skill_page_until_the_gm_overrides(empty_campaign_model):
    model = make_model(empty_campaign_model, catalog=shipped_catalog())
    [blocker] = model.skills.blockers()
    assert "【接近戦】の専門性が未設定" in blocker.reason
    with pytest.raises(PurchaseBlocked, match="専門性が未設定"):
        model.skills.buy_tp("接近戦")
    with pytest.raises(CreationRefused, match="専門性が未設定"):
        model.pass_page("スキル", model.skills.blockers())
    model.set_gm_override(True)
    with pytest.raises(PurchaseBlocked, match="専門性"):  # an unknown cost stays unbuyable
        model.skills.buy_tp("接近戦")
    model.pass_page("スキル", model.skills.blockers())
    ready_to_finish(model)
    model.finish()
    character = reopen_characters(empty_campaign_model.campaign.path)["リナ"]
    assert character.skills == ()
    assert character.growth[-1].bought == "使い切れなかった初期経験点（失われた）"
    assert character.growth[-1].cost == 15 and character.xp_unspent == 0
    assert any("スキル: GM オーバーライド" in o and "専門性が未設定" in o for o in character.overrides)


def test_finish_writes_the_ledger_and_leftover_xp_is_lost(empty_campaign_model):
    model = make_model(empty_campaign_model, seeds=(7, 8, 9))
    model.set_extra_xp(3)
    model.set_earmarked(["接近戦", "料理"])
    model.skills.buy_tp("接近戦")  # 2 from the earmarked 3
    model.skills.buy_tp("隠密")  # 1 from the general 15
    ready_to_finish(model)
    new_id = model.finish()

    character = reopen_characters(empty_campaign_model.campaign.path)["リナ"]
    assert empty_campaign_model.character(new_id) == character
    rows = [(e.date, e.scenario, e.xp, e.bought, e.cost) for e in character.growth]
    assert rows == [
        (TODAY, "作成", 15, "初期経験点", 0),
        (TODAY, "作成", 3, "追加初期経験点（用途: 【接近戦】、【料理】）", 0),
        (TODAY, "作成", 0, "【接近戦】1TP", 2),
        (TODAY, "作成", 0, "【隠密】1TP", 1),
        (TODAY, "作成", 0, "使い切れなかった初期経験点（失われた）", 15),
    ]
    assert (character.xp_earned, character.xp_spent) == (18, 18)
    assert character.earmarked_skills == ("接近戦", "料理")
    faces = attribute_faces(7)
    assert {a: getattr(character.attributes, a) for a in ORDER} == {a: sum(f) + 1 for a, f in faces.items()}
    [money_faces] = expected_faces(9, [(3, 6)])
    assert character.money == sum(money_faces) * 100 + 1000
    [finish] = creation_logs(empty_campaign_model, "finish")
    assert finish["character_id"] == new_id and finish["lost_xp"] == 15
    with pytest.raises(CreationRefused, match="既に作成しました"):
        model.finish()


def test_finish_refuses_an_unfinished_draft(empty_campaign_model):
    model = make_model(empty_campaign_model)
    with pytest.raises(CreationRefused, match="能力値をまだ振っていません"):
        model.finish()
    assert empty_campaign_model.characters() == []


def test_undo_after_finish_removes_the_character(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready_to_finish(model)
    new_id = model.finish()
    stack = empty_campaign_model.undo_stack
    assert stack.count() == 1 and stack.undoText() == "キャラクターの作成"
    stack.undo()
    assert not empty_campaign_model.has_character(new_id)
    assert reopen_characters(empty_campaign_model.campaign.path) == {}
    stack.redo()
    assert "リナ" in reopen_characters(empty_campaign_model.campaign.path)
