"""The skill-catalog editor's model (`FourCardCatalogModel`): reading the campaign's catalog, what
the GM typed as catalog values, new rows' names, the whole catalog checked before it is stored, and
saving or resetting as one undo step each."""

from __future__ import annotations

import pytest

from gmtool.models.fourcard.catalog_model import FourCardCatalogModel, split_names
from gmtool.models.fourcard.skill_catalog import CATALOG_KEY
from gmtool.rules.systems.fourcard.catalog import SkillDef, shipped_catalog


def test_split_names_accepts_japanese_separators():
    assert split_names("魔術理論, 古代語、 料理，") == ("魔術理論", "古代語", "料理")
    assert split_names("  ") == ()


def test_a_specialisation_cost_is_blank_or_one_to_ninety_nine(empty_campaign_model):
    model = FourCardCatalogModel(empty_campaign_model)
    assert model.specialisation_cost("剣", " ") is None
    assert model.specialisation_cost("剣", "3") == 3
    for typed in ("0", "100", "たくさん", "-1"):
        with pytest.raises(ValueError, match="特化【剣】の経験点は 1〜99 の整数か、空欄"):
            model.specialisation_cost("剣", typed)


def test_new_rows_take_the_first_free_name(empty_campaign_model):
    model = FourCardCatalogModel(empty_campaign_model)
    assert model.new_skill_name(["接近戦"]) == "新しいスキル"
    assert model.new_skill_name(["新しいスキル", "新しいスキル2"]) == "新しいスキル3"
    assert model.new_field_name(["分野1", "剣"]) == "分野2"


def test_a_catalog_is_checked_whole_before_it_is_stored(empty_campaign_model):
    model = FourCardCatalogModel(empty_campaign_model)
    with pytest.raises(ValueError, match="2 行目のスキル名が空です"):
        model.validated((SkillDef("料理"), SkillDef("")))
    with pytest.raises(ValueError, match="スキル名が重複しています: 料理"):
        model.validated((SkillDef("料理"), SkillDef("料理")))
    assert model.validated((SkillDef("料理", "iq", 1),)).names == ["料理"]


def test_save_and_reset_are_one_undo_step_each_and_signalled(empty_campaign_model):
    model = FourCardCatalogModel(empty_campaign_model)
    stored = []
    model.stored_changed.connect(lambda: stored.append(True))
    assert model.load() == (shipped_catalog(), "")
    catalog = model.validated((SkillDef("料理", "iq", 1),))
    model.save(catalog)
    assert model.load() == (catalog, "") and len(stored) == 1
    assert empty_campaign_model.undo_stack.undoText() == "スキルカタログの編集"
    model.reset_to_shipped()
    assert model.load() == (shipped_catalog(), "") and len(stored) == 2
    assert empty_campaign_model.undo_stack.undoText() == "スキルカタログを既定に戻す"
    empty_campaign_model.undo_stack.undo()
    assert model.load()[0] == catalog and len(stored) == 3


def test_a_stored_catalog_that_cannot_be_read_shows_the_shipped_one_and_why(empty_campaign_model):
    empty_campaign_model.set_session_value(CATALOG_KEY, {"skills": "壊れた"}, "x")
    catalog, problem = FourCardCatalogModel(empty_campaign_model).load()
    assert catalog == shipped_catalog()
    assert problem.startswith("キャンペーンのスキルカタログが正しくありません")
