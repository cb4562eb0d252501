"""The LotR creation model: the race and the preview, each step's problems, overrides, finish."""

from __future__ import annotations

from dataclasses import replace

from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.rules.systems.lotr.rules_data import lotr_rules
from tests.models.lotr.creation_fixtures import dwarf_by_choice, logs, make_model, ready, refused
from tests.qt_fixtures import reopen_characters


def test_race_bonuses_apply_and_never_drop_below_one(empty_campaign_model):
    rules = lotr_rules()
    weak = replace(rules.race("dwarf"), id="weakling", bonuses={"str": -6, "vit": 2})
    model = make_model(empty_campaign_model, rules=replace(rules, races=(*rules.races, weak)))
    model.set_race("weakling")
    model.attributes.set_method("choice")
    model.attributes.assign("str", 4)
    model.attributes.assign("vit", 9)
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
    model.attributes.assign("vit", None)
    assert model.preview().reactions is None and model.preview().health is None


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
    model.extras.set_name("")
    assert [b.reason for b in model.problems_for("extras")] == ["名前を入力してください"]
    model.set_override(True)
    assert not model.can_finish()
    refused(model.finish, "名前を入力してください")
    model.extras.set_name("ギムリ")
    assert model.can_finish()


def test_gm_override_lets_limits_pass_and_records_them(empty_campaign_model):
    model = make_model(empty_campaign_model)
    ready(model)
    model.set_override(True)
    model.skills.set_ranks("order", "Climb", 4)
    model.skills.set_ranks("free", "Climb", 3)
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
    model.extras.set_money("金貨 10 枚")
    model.extras.set_notes("エレボールの出")
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


def test_the_campaigns_edited_tables_apply_while_the_wizard_is_open(empty_campaign_model):
    model = make_model(empty_campaign_model)
    model.set_race("hobbit")
    model.set_subrace("harfoot")
    changes = []
    model.changed.connect(lambda: changes.append(True))
    assert model.preview().bonuses_known is False
    LotRRulesModel(empty_campaign_model).origins.set_bonus("hobbit", "harfoot", "nim", 1)
    assert changes and model.preview().bonuses_known is True
    assert model.preview().bonuses.get("nim") == 1
