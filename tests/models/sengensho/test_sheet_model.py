"""What the 千幻抄 sheet edits through its model (`SengenshoSheetModel`): the skills list, the 類型
and an NPC's preset 縁故 — each edit one named undo step, refused with the text's reason or the
session lock — without a sheet on screen."""

from __future__ import annotations

import pytest

from gmtool.models.character_model import CharacterModel
from gmtool.models.sengensho.preset_bonds import BondCount, PresetPoints
from gmtool.models.sengensho.sheet_archetypes import ChosenArchetype
from gmtool.models.sengensho.sheet_model import SengenshoSheetModel
from gmtool.rules.systems.sengensho.character import BondKind, PresetBond, Skill
from gmtool.rules.systems.sengensho.session import SengenshoSession, start_session
from tests.views.sengensho.test_sheet_view import add_cast, store

LOCKED = "セッション 1 の最中は{0}を変更できません（次のセッションの開始前に変更してください）"


@pytest.fixture
def campaign(empty_campaign_model):
    return add_cast(empty_campaign_model)


def sheet_model(campaign_model, character_id) -> SengenshoSheetModel:
    return SengenshoSheetModel(CharacterModel(campaign_model, character_id))


def test_skills_are_named_once_and_each_edit_is_named_in_the_undo_history(campaign):
    model, ids = campaign
    skills = sheet_model(model, ids["白峰 朔"]).skills
    assert skills.skill(" 〈隠密〉 ", 2) == Skill("隠密", 2)
    with pytest.raises(ValueError, match="スキル名を入力してください"):
        skills.skill("〈〉", 1)
    assert skills.add(Skill("隠密", 2)) == 1
    assert model.undo_stack.undoText() == "スキル〈隠密〉の追加"
    with pytest.raises(ValueError, match=r"スキル〈交渉〉はもうあります（選択して更新してください）"):
        skills.add(Skill("交渉", 1))
    with pytest.raises(ValueError, match=r"スキル〈交渉〉はもうあります（同じ名前のスキルは1つだけ）"):
        skills.update(1, Skill("交渉", 1))
    skills.update(0, Skill("交渉", 3))
    assert model.undo_stack.undoText() == "スキル〈交渉〉の変更"
    skills.remove(1)
    assert skills.items() == (Skill("交渉", 3),) and model.undo_stack.undoText() == "スキル〈隠密〉の削除"


def test_archetypes_come_from_the_catalog_and_take_their_presets_with_them(campaign):
    model, ids = campaign
    archetypes = sheet_model(model, ids["宵闇の主"]).archetypes
    assert archetypes.chosen() == [ChosenArchetype("狩猟者", True), ChosenArchetype("芸術家", True)]
    assert archetypes.offered() == ["守護者", "語り部"]
    archetypes.add("語り部")
    with pytest.raises(ValueError, match="類型は3つまでです"):
        archetypes.add("守護者")
    assert archetypes.presets_of("狩猟者") == 2
    archetypes.remove("狩猟者")
    assert model.undo_stack.undoText() == "類型「狩猟者」を外す（事前設定の縁故2個も削除）"
    character = model.character(ids["宵闇の主"])
    assert character.archetypes == ("芸術家", "語り部")
    assert [b.archetype for b in character.preset_bonds] == ["芸術家"]
    with pytest.raises(ValueError, match="類型「芸術家」はもう持っています"):
        archetypes.add("芸術家")
    store(model, start_session(SengenshoSession()))
    assert archetypes.lock_reason() == LOCKED.format("類型")
    with pytest.raises(ValueError, match="最中は類型を変更できません"):
        archetypes.remove("芸術家")


def test_presets_sum_per_archetype_count_towards_seven_and_keep_the_texts_limits(campaign):
    model, ids = campaign
    presets = sheet_model(model, ids["宵闇の主"]).presets
    assert presets.shown()
    assert presets.points() == [PresetPoints("狩猟者", 5, False), PresetPoints("芸術家", 5, False)]
    assert presets.count() == BondCount(3, 7, 3, 0)
    with pytest.raises(ValueError, match="縁故の対象を入れてください"):
        presets.preset("狩猟者", BondKind.CHARACTER, "  ", 1)
    with pytest.raises(ValueError, match="縁故の類型がありません"):
        presets.preset(None, BondKind.CHARACTER, "人里", 1)
    with pytest.raises(ValueError, match="記憶の縁故は最大2つまでです"):
        presets.add(PresetBond("芸術家", "夕焼け", BondKind.MEMORY, 1))  # 満月の夜 and one more: fine
        presets.add(PresetBond("芸術家", "朝焼け", BondKind.MEMORY, 1))
    presets.add(PresetBond("狩猟者", "博麗神社", BondKind.CHARACTER, 2))
    assert presets.points()[0] == PresetPoints("狩猟者", 7, True)  # outside the guideline: shown, not refused
    assert model.undo_stack.undoText() == "事前設定の縁故「博麗神社」の追加"
    pc_presets = sheet_model(model, ids["白峰 朔"]).presets
    assert not pc_presets.shown()
    with pytest.raises(ValueError, match="事前設定の縁故はNPCのものです"):
        pc_presets.add(PresetBond("狩猟者", "人里", BondKind.CHARACTER, 1))
    store(model, start_session(SengenshoSession()))
    assert presets.lock_reason() == LOCKED.format("事前設定の縁故")
