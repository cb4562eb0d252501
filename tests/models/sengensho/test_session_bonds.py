"""縁故 in the 千幻抄 session (`SessionBonds`): forming, raising, re-tying and discarding, each one undo
step and one log line naming the impression and the 幻想値 after it."""

from __future__ import annotations

from gmtool.rules.systems.sengensho.character import BondKind
from tests.models.sengensho.session_helpers import (
    last_summary,
    refused,
    to,
    undo_restores,
)


def test_forming_a_bond_names_the_impression_it_applies(model, running, path):
    saku, shiori, *_ = running
    bond = undo_restores(model, path, lambda: model.bonds.form(to(saku, "狩猟者", shiori)))
    assert model.state().bonds == (bond,) and bond.target == "綾瀬 詩織"
    assert last_summary(model) == (
        "白峰 朔",
        "縁故を結ぶ（シーン「神社」）: 狩猟者・キャラクター・集団「綾瀬 詩織」Lv1"
        "／印象効果（綾瀬 詩織へ）: GMの入力した印象",
        "狩猟者の幻想値 1",
    )
    assert model.fantasy.values(saku)["狩猟者"].value == 1


def test_an_impression_the_catalog_lacks_is_named_unset(model, running):
    saku, *_, elder = running
    model.bonds.form(to(saku, "芸術家", elder))
    assert last_summary(model)[1].endswith("／印象効果（町の古老へ）: 未設定（類型カタログ）")


def test_a_memory_applies_no_impression(model, running):
    saku, *_ = running
    model.bonds.form(to(saku, "芸術家", kind=BondKind.MEMORY, target="月下の約束"))
    assert last_summary(model)[1] == "縁故を結ぶ（シーン「神社」）: 芸術家・記憶「月下の約束」Lv1"


def test_the_gm_override_is_recorded(model, running):
    saku, shiori, toru, *_ = running
    model.bonds.form(to(saku, "狩猟者", shiori))
    refused(
        model,
        lambda: model.bonds.form(to(saku, "狩猟者", toru)),
        "縁故の取得（結び直しを含む）は1シーンにつき1つです",
    )
    bond = model.bonds.form(to(saku, "狩猟者", toru, override=True))
    assert bond.override
    assert "／GM裁定で制限を超えて／印象効果（黒羽 透へ）" in last_summary(model)[1]


def test_the_second_pc_bond_gives_half_rounded_up(model, running):
    saku, shiori, toru, *_ = running
    model.bonds.form(to(saku, "狩猟者", shiori))
    model.course.add_scene("川")
    second = model.bonds.form(to(saku, "狩猟者", toru))
    for scene in ("橋", "森"):
        model.course.add_scene(scene)
        model.bonds.raise_level(second.id)
    assert model.bonds.values(saku)[second.id] == 2  # Lv3 → 2
    assert last_summary(model) == (
        "白峰 朔",
        "縁故のレベルを上げる（シーン「森」）: 狩猟者「黒羽 透」Lv2→Lv3",
        "狩猟者の幻想値 3・この縁故 2（半減）",
    )


def test_raising_a_level_waits_for_another_scene(model, running, path):
    saku, *_, elder = running
    bond = model.bonds.form(to(saku, "狩猟者", elder))
    refused(model, lambda: model.bonds.raise_level(bond.id), "レベルは別のシーンで上げられます")
    model.course.add_scene("川")
    raised = undo_restores(model, path, lambda: model.bonds.raise_level(bond.id))
    assert raised.level == 2 and model.fantasy.values(saku)["狩猟者"].value == 2
    bond = model.bonds.raise_level(bond.id, override=True)
    assert bond.level == 3 and last_summary(model)[1].endswith("Lv2→Lv3／GM裁定で制限を超えて")


def test_retying_gives_no_fantasy_value(model, running, path):
    saku, shiori, *_ = running
    bond = model.bonds.form(to(saku, "狩猟者", kind=BondKind.PURPOSE, target="犯人を捜す"))
    model.course.add_scene("川")
    model.bonds.raise_level(bond.id)
    model.course.add_scene("橋")
    retied = undo_restores(model, path, lambda: model.bonds.retie(bond.id, to(saku, "狩猟者", shiori)))
    assert (retied.level, retied.retied, retied.target) == (2, True, "綾瀬 詩織")
    assert model.fantasy.values(saku)["狩猟者"].value == 2 and len(model.state().bonds) == 1
    assert last_summary(model) == (
        "白峰 朔",
        "縁故を結び直す（シーン「橋」）: 「犯人を捜す」→ 狩猟者・キャラクター・集団「綾瀬 詩織」Lv2"
        "（結び直しでは幻想値は増えません）／印象効果（綾瀬 詩織へ）: GMの入力した印象",
        "狩猟者の幻想値 2",
    )


def test_discarding_is_logged_and_undoable(model, running, path):
    saku, shiori, *_ = running
    bond = model.bonds.form(to(saku, "狩猟者", shiori))
    undo_restores(model, path, lambda: model.bonds.discard(bond.id))
    assert model.state().bonds == ()
    assert last_summary(model) == (
        "白峰 朔",
        "縁故を破棄: 狩猟者・キャラクター・集団「綾瀬 詩織」Lv1",
        "狩猟者の幻想値 0",
    )


def test_an_npc_counts_its_preset_bonds(model, running):
    *_, lord, elder = running
    values = model.fantasy.values(lord)
    assert (values["狩猟者"].value, values["芸術家"].value) == (5, 5)
    usage = model.bonds.usage(lord)
    assert (usage.total, usage.memories) == (2, 1)  # presets count toward the seven and the kinds
    model.bonds.form(to(lord, "狩猟者", elder))
    assert model.fantasy.values(lord)["狩猟者"].value == 6


def test_discarding_says_what_it_takes_away(model, running):
    saku, shiori, kuro, *_ = running
    first = model.bonds.form(to(saku, "狩猟者", shiori))
    assert model.bonds.discard_loss(first) == (1, 1)
    model.course.add_scene("竹林")
    second = model.bonds.form(to(saku, "狩猟者", kuro, level=1))
    model.course.add_scene("山頂")
    model.bonds.raise_level(second.id)  # Lv2 to a second PC: gives half, rounded up
    assert model.bonds.discard_loss(model.state().bond(second.id)) == (2, 1)
