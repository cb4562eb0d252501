"""The フォーカード creation draft: rolls, budget, caps, overrides and the finished ledger."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import pytest

from gmtool.models.fourcard.creation_model import CreationRefused, FourCardCreationModel
from gmtool.rules.systems.fourcard.advancement import PurchaseBlocked
from gmtool.rules.systems.fourcard.catalog import SkillCatalog, SkillDef, SpecialisationDef, shipped_catalog
from tests.qt_fixtures import reopen_characters

TODAY = "2026-11-22"
ORDER = ("iq", "dx", "st", "wp", "vt")
CATALOG = SkillCatalog(
    (
        SkillDef("接近戦", "dx", 2, specialisations=(SpecialisationDef("剣", 3), SpecialisationDef("斧", 4))),
        SkillDef("知識", "iq", 1, level_cap=True),
        SkillDef("呪文", "iq", 1, restrictor="知識"),
        SkillDef("魔法", "iq", 3, prerequisites=("知識",)),
        SkillDef("料理", "iq", 1),
        SkillDef("隠密", "dx", 1),
    )
)


def fixed_seeds(*seeds: int) -> Callable[[], int]:
    it = iter(seeds)
    return lambda: next(it)


def expected_faces(seed: int, dice: Iterable[tuple[int, int]]) -> list[list[int]]:
    """What random.Random(seed) gives for these dice, worked out without the engine."""
    rng = random.Random(seed)
    return [[rng.randint(1, sides) for _ in range(count)] for count, sides in dice]


def attribute_faces(seed: int) -> dict[str, list[int]]:
    return dict(zip(ORDER, expected_faces(seed, [(2, 3)] * 5), strict=True))


def seed_where(predicate: Callable[[int], bool]) -> int:
    return next(s for s in range(100_000) if predicate(s))


def creation_logs(campaign_model, roll: str | None = None) -> list[dict]:
    entries = [e.payload for e in campaign_model.log_entries() if e.kind == "fourcard-creation"]
    return [p for p in entries if roll is None or p["roll"] == roll]


def make_model(campaign_model, catalog=CATALOG, seeds=(1, 2, 3, 4), sex="male") -> FourCardCreationModel:
    model = FourCardCreationModel(
        campaign_model, catalog, seed_source=fixed_seeds(*seeds), today=lambda: TODAY
    )
    model.set_name("リナ")
    model.set_sex(sex)
    return model


def ready_to_finish(model: FourCardCreationModel) -> None:
    model.roll_attributes()
    model.roll_handedness()
    if not model.handedness:
        model.set_handedness("left")
    model.roll_money()


# ---- rolls ------------------------------------------------------------------------------
def test_every_roll_is_logged_with_its_seed_faces_and_summary(empty_campaign_model):
    model = make_model(empty_campaign_model, seeds=(1234, 55, 66))
    model.roll_attributes()
    model.roll_handedness()
    model.roll_money()

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
    assert money["money"] == model.money == sum(money_faces) * 100 + 1000
    for payload in (attributes, handedness, money):
        assert payload["system"] == "fourcard" and payload["time"]
        assert set(payload["summary"]) == {"who", "inputs", "dice", "result"}
        assert payload["summary"]["who"] == "リナ"
    assert "IQ[" in attributes["summary"]["dice"]
    assert money["summary"]["result"] == f"{model.money} CP"


def test_each_creation_roll_happens_once(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready_to_finish(model)
    for roll, message in (
        (model.roll_attributes, "GM の同意"),
        (model.roll_handedness, "既に振りました"),
        (model.roll_money, "既に振りました"),
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


def test_handedness_twelve_is_ambidextrous_else_the_player_picks(empty_campaign_model):
    model = make_model(
        empty_campaign_model, seeds=(seed_where(lambda s: sum(expected_faces(s, [(2, 6)])[0]) != 12),)
    )
    with pytest.raises(CreationRefused, match="先に 2D6"):
        model.set_handedness("right")
    model.roll_handedness()
    assert model.handedness == "" and model.fortune_blockers()
    model.set_handedness("right")
    assert model.handedness == "right"

    both = seed_where(lambda s: sum(expected_faces(s, [(2, 6)])[0]) == 12)
    model = make_model(empty_campaign_model, seeds=(both,))
    model.roll_handedness()
    assert model.handedness == "both"
    with pytest.raises(CreationRefused, match="両手利き"):
        model.set_handedness("left")


# ---- XP and purchases -------------------------------------------------------------------
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


def test_earmarked_xp_pays_only_for_its_skills(empty_campaign_model):
    model = make_model(empty_campaign_model)
    model.set_extra_xp(10)
    model.set_earmarked(["接近戦"])
    for _ in range(5):  # 隠密 1+2+3+4+5 = 15: the general pool, all of it
        model.buy_tp("隠密")
    assert (model.budget.general, model.budget.extra) == (0, 10)
    status = {row.name: row.status for row in model.skill_rows()}
    assert status["隠密"] == "経験点が足りません（必要 6、残り 0）"  # the 10 earmarked XP do not count
    with pytest.raises(PurchaseBlocked, match="経験点が足りません"):
        model.buy_tp("隠密")
    model.buy_tp("接近戦")
    model.buy_tp("接近戦")
    assert (model.budget.general, model.budget.extra) == (0, 4)
    assert model.draft.tp("接近戦") == 2


def test_every_cap_kind_is_refused_with_the_reason_the_page_shows(empty_campaign_model):
    model = make_model(empty_campaign_model)

    def refused(name: str, reason: str) -> None:
        row = next(r for r in model.skill_rows() if r.name == name)
        assert reason in row.status
        with pytest.raises(PurchaseBlocked, match=reason):
            model.buy_tp(name)

    refused("魔法", "前提スキル【知識】を 1TP 以上習得していません")
    refused("呪文", "制限スキル【知識】が 0TP のため【呪文】は 0TP までです")
    model.buy_tp("知識")
    refused("知識", "総合LV 1 のため【知識】は 1TP までです")
    for _ in range(3):
        model.buy_tp("接近戦")  # 2 + 4 + 6 = 12 of the 14 left
    refused("接近戦", "経験点が足りません（必要 8、残り 2）")
    assert model.draft.tp("魔法") == model.draft.tp("呪文") == 0
    assert model.draft.tp("知識") == 1


def test_nine_tp_is_the_limit_even_for_the_gm(empty_campaign_model):
    model = make_model(empty_campaign_model)
    model.set_extra_xp(30)
    model.set_earmarked(["料理"])
    for _ in range(9):  # 1 + 2 + … + 9 = 45 = 15 + 30
        model.buy_tp("料理")
    assert model.draft.tp("料理") == 9 and model.leftover == 0
    model.set_gm_override(True)
    row = next(r for r in model.skill_rows() if r.name == "料理")
    assert row.next_cost is None and "9TP が上限" in row.status
    with pytest.raises(PurchaseBlocked, match="9TP が上限"):
        model.buy_tp("料理")


def test_first_specialisation_free_the_second_at_its_cost(empty_campaign_model):
    model = make_model(empty_campaign_model)
    with pytest.raises(PurchaseBlocked, match="まず【接近戦】を 1TP"):
        model.specialise("接近戦", "剣")
    model.buy_tp("接近戦")
    first = model.specialise("接近戦", "剣")
    second = model.specialise("接近戦", "斧")
    assert (first.cost, second.cost) == (0, 4)
    assert model.budget.general == 15 - 2 - 4
    assert [(e.bought, e.cost) for e in model.purchases] == [
        ("【接近戦】1TP", 2),
        ("【接近戦】初期特化【剣】", 0),
        ("【接近戦】特化【斧】", 4),
    ]
    assert model.draft.skill("接近戦").specialisations == ("剣", "斧")


def test_a_gm_override_passes_a_refused_purchase_and_is_recorded(empty_campaign_model):
    model = make_model(empty_campaign_model)
    model.set_gm_override(True)
    model.buy_tp("魔法")
    assert model.draft.tp("魔法") == 1
    [record] = model.overrides
    assert "【魔法】1TP" in record and "前提スキル【知識】" in record
    [override] = creation_logs(empty_campaign_model, "override")
    assert override["target"] == "【魔法】1TP"
    assert override["reasons"] == ["前提スキル【知識】を 1TP 以上習得していません"]


def test_undo_purchase_and_purchases_dropped_when_the_budget_shrinks(empty_campaign_model):
    model = make_model(empty_campaign_model)
    model.buy_tp("隠密")
    assert model.undo_purchase() == "【隠密】1TP"
    assert model.draft.tp("隠密") == 0 and model.budget.general == 15
    with pytest.raises(CreationRefused, match="戻せる購入がありません"):
        model.undo_purchase()

    model.set_extra_xp(20)
    model.set_earmarked(["料理"])
    for _ in range(6):  # 21 XP: 20 earmarked + 1 general
        model.buy_tp("料理")
    model.set_extra_xp(0)  # now only 15: 料理 6TP no longer fits
    assert model.draft.tp("料理") == 5
    assert "【料理】" in model.notice and "経験点が足りません" in model.notice


# ---- the shipped catalog and the finished character ------------------------------------
def test_shipped_catalog_blocks_the_skill_page_until_the_gm_overrides(empty_campaign_model):
    model = make_model(empty_campaign_model, catalog=shipped_catalog())
    [blocker] = model.skill_blockers()
    assert "【接近戦】の専門性が未設定" in blocker.reason
    with pytest.raises(PurchaseBlocked, match="専門性が未設定"):
        model.buy_tp("接近戦")
    with pytest.raises(CreationRefused, match="専門性が未設定"):
        model.pass_page("スキル", model.skill_blockers())
    model.set_gm_override(True)
    with pytest.raises(PurchaseBlocked, match="専門性"):  # an unknown cost stays unbuyable
        model.buy_tp("接近戦")
    model.pass_page("スキル", model.skill_blockers())
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
    model.buy_tp("接近戦")  # 2 from the earmarked 3
    model.buy_tp("隠密")  # 1 from the general 15
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
