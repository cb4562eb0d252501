"""ラスボス in the 千幻抄 session (`LastBoss`): choosing it, a PC only by the GM's ruling, and revealing
it with its 縁故 to every PC."""

from __future__ import annotations

from tests.models.sengensho.session_helpers import (
    last_summary,
    refused,
    to,
    undo_restores,
)


def test_revealing_the_last_boss_forms_a_bond_to_every_pc(model, running, path):
    saku, shiori, toru, lord, _ = running
    undo_restores(model, path, lambda: model.boss.choose(lord))
    assert last_summary(model) == ("宵闇の主", "ラスボス: 宵闇の主", "")
    formed = undo_restores(model, path, model.boss.reveal)
    assert [(b.holder, b.target_id, b.level, b.archetype) for b in formed] == [
        (lord, pc, 1, "ラスボス") for pc in (saku, shiori, toru)
    ]
    assert last_summary(model) == (
        "宵闇の主",
        "ラスボス「宵闇の主」を明かした（クライマックス・シーン「神社」）: "
        "ラスボスの縁故Lv1 → 白峰 朔、綾瀬 詩織、黒羽 透。"
        "PCは宵闇の主への縁故を、選択している類型からレベルの制限なしで結べます"
        "／印象効果（白峰 朔、綾瀬 詩織、黒羽 透へ）: 未設定（ラスボスの印象効果は本文にありません）",
        "縁故 3 つ",
    )
    model.bonds.form(to(saku, "狩猟者", shiori))  # the scene's one new 縁故
    bond = model.bonds.form(to(saku, "芸術家", lord, level=3))  # free of the level limits
    assert bond.level == 3 and "／ラスボスへの縁故（レベルの制限なし）" in last_summary(model)[1]
    refused(model, lambda: model.boss.choose(None), "もう明かされています")


def test_a_pc_as_last_boss_is_logged_as_the_gms_ruling(model, running):
    saku, *_ = running
    model.boss.choose(saku)
    assert last_summary(model)[1] == "ラスボス: 白峰 朔（PC・GM裁定）"
    assert "ラスボス" in model.members.archetypes(saku)
    model.boss.choose(None)
    assert last_summary(model)[1] == "ラスボスを解除（白峰 朔）"


def test_one_last_boss_per_session(model, running):
    *_, lord, elder = running
    model.boss.choose(lord)
    refused(model, lambda: model.boss.choose(elder), "ラスボスはセッションに1人だけです")


def test_after_the_reveal_the_boss_bonds_and_who_was_skipped(model, running):
    saku, shiori, toru, lord, _ = running
    model.boss.choose(lord)
    assert not model.boss.to_boss(saku, lord)  # not revealed yet
    model.bonds.form(to(lord, "狩猟者", shiori))  # the ラスボス already holds a 縁故 to 詩織
    model.course.add_scene("決戦")
    model.boss.reveal()
    assert [b.target_id for b in model.boss.revealed_bonds()] == [saku, toru]
    assert model.boss.skipped() == [(shiori, "狩猟者")]
    assert model.boss.to_boss(saku, lord) and not model.boss.to_boss(lord, saku)
    assert not model.boss.to_boss(saku, None) and model.boss.binding_cap() is None
    model.bonds.form(to(saku, "芸術家", lord, level=3))
    assert [(b.holder, b.level) for b in model.boss.bonds_to_boss()] == [(saku, 3)]
