"""幻想能力 and 前借り in the 千幻抄 session (`SessionFantasy`): using an ability spends no 幻想値, a
borrowing is recorded until 縁故 pay it."""

from __future__ import annotations

from gmtool.models.sengensho.state import CATALOG_KEY
from gmtool.rules.systems.sengensho.catalog import (
    Archetype,
    ArchetypeCatalog,
    FantasyAbility,
    catalog_to_document,
)
from gmtool.rules.systems.sengensho.fantasy import AbilityState
from tests.models.sengensho.session_helpers import (
    GM_CATALOG,
    last_summary,
    refused,
    to,
    undo_restores,
)


def test_using_an_ability_is_logged_and_spends_nothing(model, running, path):
    saku, shiori, *_ = running
    model.bonds.form(to(saku, "狩猟者", shiori))
    model.course.add_scene("川")
    model.bonds.raise_level(model.state().bonds[0].id)
    undo_restores(model, path, lambda: model.fantasy.use_ability(saku, "狩猟者", 0))
    assert last_summary(model) == (
        "白峰 朔",
        "幻想能力「能力甲」（狩猟者・ボーナス・必要幻想値 2）: 効果 GMの入力した効果",
        "使用（幻想値 2 は減りません）",
    )
    states = {(s.archetype, s.index): s.state for s in model.fantasy.statuses(saku)}
    assert states[("狩猟者", 0)] is AbilityState.USED and states[("狩猟者", 1)] is AbilityState.LOCKED
    assert states[("狩猟者", 2)] is AbilityState.UNSET
    assert model.fantasy.values(saku)["狩猟者"].value == 2
    refused(
        model, lambda: model.fantasy.use_ability(saku, "狩猟者", 0), "能力甲はこのセッションで使用済みです"
    )
    refused(model, lambda: model.fantasy.use_ability(saku, "狩猟者", 2), "の必要幻想値が未設定です")


def test_borrowing_records_the_debt_until_bonds_pay_it(model, running, path):
    saku, *_, elder = running
    refused(
        model,
        lambda: model.fantasy.use_ability(saku, "狩猟者", 1),
        "幻想値が足りません（0/4）。前借りすれば使えます",
    )
    undo_restores(model, path, lambda: model.fantasy.use_ability(saku, "狩猟者", 1, borrow_if_short=True))
    value = model.fantasy.values(saku)["狩猟者"]
    assert (value.value, value.debt) == (4, 4)
    assert last_summary(model) == (
        "白峰 朔",
        "幻想能力「能力乙」（狩猟者・情報収集・必要幻想値 4）: 効果 未設定"
        "／前借り: 幻想値 0→4（以後のシーンで縁故を結び、あと4点を確保）",
        "前借りして使用・前借り中: あと4点（縁故で返す）",
    )
    model.bonds.form(to(saku, "狩猟者", elder))
    assert last_summary(model)[2] == "狩猟者の幻想値 4・前借り中: あと3点（縁故で返す）"


def test_borrowing_is_refused_while_a_type_owes(model, running):
    saku, *_ = running
    catalog = ArchetypeCatalog(
        (GM_CATALOG.archetypes[0], Archetype("芸術家", abilities=(FantasyAbility("能力丙", required=1),) * 3))
    )
    model.campaign_model.set_session_value(CATALOG_KEY, catalog_to_document(catalog), "カタログ")
    model.fantasy.use_ability(saku, "狩猟者", 0, borrow_if_short=True)
    refused(
        model,
        lambda: model.fantasy.use_ability(saku, "芸術家", 0, borrow_if_short=True),
        "縁故が幻想値に満たない類型があるあいだは前借りできません（狩猟者 あと2点）",
    )


def test_archetypes_the_catalog_lacks_are_named(model, cast):
    saku, *_, elder = cast
    assert model.fantasy.missing_from_catalog(saku) == []
    model.campaign_model.set_session_value(
        CATALOG_KEY, catalog_to_document(ArchetypeCatalog((Archetype("芸術家"),))), "カタログ"
    )
    assert model.fantasy.missing_from_catalog(saku) == ["狩猟者"]
    assert (
        model.fantasy.missing_from_catalog(elder) == [] and model.fantasy.missing_from_catalog("gone") == []
    )
