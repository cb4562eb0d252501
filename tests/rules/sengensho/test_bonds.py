"""Every 縁故 limit of the rule text, each with the reason the table hears, 結び直し, 印象効果 and the
ラスボス's reveal.  The quotes are from 類型と幻想能力のルール 1.3."""

from __future__ import annotations

import pytest

from gmtool.rules.systems.sengensho import session as s
from gmtool.rules.systems.sengensho.bonds import (
    MAX_BONDS,
    BondRequest,
    discard_bond,
    form_bond,
    raise_level,
    retie_bond,
    reveal_last_boss,
)
from gmtool.rules.systems.sengensho.character import LAST_BOSS, BondKind, PresetBond, SengenshoCharacter
from gmtool.rules.systems.sengensho.fantasy import bond_values, fantasy_values
from gmtool.rules.systems.sengensho.session import Bond, Impression, Member, SengenshoSession, SessionRefused

CHAR, MEMORY, PURPOSE = BondKind.CHARACTER, BondKind.MEMORY, BondKind.PURPOSE
LORD = SengenshoCharacter(
    name="宵闇の主",
    is_pc=False,
    archetypes=("狩猟者", "芸術家"),
    preset_bonds=(  # 5 points per 類型, as the text's guideline 「5~6点程度」
        PresetBond("狩猟者", "里の人間たち", CHAR, 3),
        PresetBond("狩猟者", "満月の夜", MEMORY, 2),
        PresetBond("芸術家", "最高の舞台", PURPOSE, 2),
        PresetBond("芸術家", "白峰 朔", CHAR, 3),
    ),
)
CAST = {
    "saku": Member("白峰 朔", True, ("狩猟者", "芸術家")),
    "shiori": Member("綾瀬 詩織", True, ("芸術家",)),
    "ren": Member("蓮", True, ("狩猟者",)),
    "lord": s.member_of(LORD),
    "girl": Member("町娘", False, ("芸術家",)),
}
PCS = {"saku", "shiori", "ren"}


def running(scenes: int = 1) -> SengenshoSession:
    state = s.start_session(SengenshoSession())
    for number in range(scenes):
        state = s.add_scene(state, f"シーン{number + 1}")
    return state


def scene(state: SengenshoSession) -> SengenshoSession:
    return s.add_scene(state, "")


def form(
    state: SengenshoSession, holder: str, archetype: str, target: str = "", kind: BondKind = CHAR, **kw
) -> tuple[SengenshoSession, Bond]:
    state, bond, _ = form_bond(state, CAST, BondRequest(holder, archetype, kind, target, **kw))
    return state, bond


def refused(state: SengenshoSession, message: str, holder: str, archetype: str, target: str = "", **kw):
    with pytest.raises(SessionRefused, match=message):
        form(state, holder, archetype, target, **kw)


def one_per_scene(
    state: SengenshoSession, holder: str, archetype: str, targets: list[str]
) -> SengenshoSession:
    for target in targets:
        state, _ = form(scene(state), holder, archetype, target)
    return state


def total(state: SengenshoSession, holder: str) -> int:
    return sum(v.earned for v in fantasy_values(state, CAST, holder).values())


def boss_revealed(state: SengenshoSession, boss: str = "lord") -> SengenshoSession:
    state, _ = reveal_last_boss(s.set_last_boss(state, CAST, boss), CAST)
    return state


# ---- 「縁故は最大で7個まで」 ----------------------------------------------------------------------


def test_the_eighth_bond_is_refused():
    state = one_per_scene(running(0), "saku", "狩猟者", list("ABCDEFG"))
    assert len(state.bonds_of("saku")) == MAX_BONDS == 7
    refused(scene(state), r"縁故は最大7個までです（白峰 朔は7個持っています）", "saku", "狩猟者", "H")


def test_an_npcs_preset_bonds_count_towards_the_seven():
    state = one_per_scene(running(0), "lord", "狩猟者", ["A", "B", "C"])
    refused(scene(state), r"縁故は最大7個までです（宵闇の主は7個持っています）", "lord", "狩猟者", "D")


def test_a_discarded_bond_frees_its_place():
    state = one_per_scene(running(0), "saku", "狩猟者", list("ABCDEFG"))
    state, _ = discard_bond(state, state.bonds[0].id)
    state, bond = form(scene(state), "saku", "狩猟者", "H")
    assert bond.target == "H"


# ---- 「1シーンあたり1つ取得できる」 -----------------------------------------------------------------


def test_one_new_bond_per_scene():
    state, _ = form(running(), "saku", "狩猟者", "山の天狗")
    refused(
        state, r"1シーンにつき1つです（白峰 朔はこのシーンで「山の天狗」と結びました）", "saku", "狩猟者", "B"
    )
    state, bond = form(scene(state), "saku", "狩猟者", "B")
    assert bond.formed_scene == state.current_scene


def test_the_scene_slot_is_each_holders_own():
    state, _ = form(running(), "saku", "狩猟者", "A")
    state, bond = form(state, "shiori", "芸術家", "A")
    assert bond.holder == "shiori"


def test_raising_a_level_does_not_take_the_scene_slot():
    state, old = form(running(), "saku", "狩猟者", "A")
    state, _ = raise_level(scene(state), old.id)
    state, bond = form(state, "saku", "狩猟者", "B")
    assert bond.target == "B"


def test_a_retie_takes_the_scene_slot():
    state, old = form(running(), "saku", "狩猟者", "A")
    state = scene(state)
    state, _, _ = retie_bond(state, CAST, old.id, BondRequest("saku", "狩猟者", CHAR, "B"))
    refused(state, "結び直しを含む", "saku", "狩猟者", "C")


def test_a_retie_needs_a_free_scene_slot():
    state, old = form(running(), "saku", "狩猟者", "A")
    state, _ = form(scene(state), "saku", "狩猟者", "B")
    with pytest.raises(SessionRefused, match="このシーンで「B」と結びました"):
        retie_bond(state, CAST, old.id, BondRequest("saku", "狩猟者", CHAR, "C"))


def test_a_bond_to_the_revealed_boss_does_not_take_the_scene_slot():
    state, _ = form(boss_revealed(running()), "saku", "狩猟者", target_id="lord")
    state, bond = form(state, "saku", "芸術家", "山の天狗")
    assert bond.target == "山の天狗"


def test_the_scene_slot_does_not_stop_the_bond_to_the_revealed_boss():
    state, _ = form(running(), "saku", "狩猟者", "山の天狗")
    state, bond = form(boss_revealed(state), "saku", "芸術家", target_id="lord")
    assert bond.last_boss


# ---- 記憶（最大2つ）, 目的（最大1つ） -----------------------------------------------------------


def test_at_most_two_memories():
    state = running(0)
    for memory in ("満月の夜", "古い手紙"):
        state, _ = form(scene(state), "saku", "狩猟者", memory, MEMORY)
    refused(scene(state), "記憶の縁故は最大2つまでです", "saku", "芸術家", "夢", kind=MEMORY)


def test_at_most_one_purpose():
    state, _ = form(running(), "saku", "狩猟者", "天狗を討つ", PURPOSE)
    refused(scene(state), "目的の縁故は最大1つまでです", "saku", "芸術家", "舞を奉納する", kind=PURPOSE)


def test_an_npcs_preset_memory_and_purpose_count_towards_their_limits():
    state, _ = form(running(), "lord", "狩猟者", "血の匂い", MEMORY)  # with the preset: two
    refused(scene(state), "記憶の縁故は最大2つまでです", "lord", "狩猟者", "夢", kind=MEMORY)
    refused(scene(state), "目的の縁故は最大1つまでです", "lord", "芸術家", "夜を統べる", kind=PURPOSE)


# ---- one target, one 類型 -------------------------------------------------------------------------


def test_a_target_held_from_one_archetype_cannot_be_bonded_from_another():
    state, held = form(running(), "saku", "狩猟者", target_id="girl")
    refused(
        scene(state),
        "白峰 朔は「町娘」に類型「狩猟者」の縁故を持っています。"
        "別の類型から結ぶには、先にその縁故を破棄してください",
        "saku",
        "芸術家",
        target_id="girl",
    )
    state, _ = discard_bond(state, held.id)
    state, bond = form(scene(state), "saku", "芸術家", target_id="girl")
    assert bond.archetype == "芸術家"


def test_a_named_target_is_the_same_whatever_its_case_and_spaces():
    state, _ = form(running(), "saku", "狩猟者", "Kappa")
    refused(scene(state), "「Kappa」に類型「狩猟者」の縁故を持っています", "saku", "芸術家", "  kappa ")


def test_the_same_archetype_and_target_again_is_a_raise_not_a_new_bond():
    state, _ = form(running(), "saku", "狩猟者", target_id="girl")
    refused(
        scene(state),
        r"「町娘」との縁故をもう持っています（レベルを上げられます）",
        "saku",
        "狩猟者",
        target_id="girl",
    )


def test_memories_and_purposes_are_not_targets_of_the_one_archetype_rule():
    state, _ = form(running(), "saku", "狩猟者", "満月の夜", MEMORY)
    state, bond = form(scene(state), "saku", "芸術家", "満月の夜", CHAR)
    assert bond.kind is CHAR


def test_an_npcs_preset_target_cannot_be_bonded_from_its_other_archetype():
    refused(
        running(),
        "宵闇の主は「白峰 朔」に類型「芸術家」の縁故を事前設定で持っています",
        "lord",
        "狩猟者",
        target_id="saku",
    )
    refused(running(), "「白峰 朔」との縁故を事前設定で持っています", "lord", "芸術家", target_id="saku")
    refused(running(), "「里の人間たち」に類型「狩猟者」", "lord", "芸術家", "里の人間たち")


def test_the_override_does_not_pass_the_one_archetype_rule():
    state, _ = form(running(), "saku", "狩猟者", target_id="girl")
    refused(state, "別の類型から結ぶには", "saku", "芸術家", target_id="girl", override=True)


# ---- who, to what --------------------------------------------------------------------------------


def test_a_bond_to_oneself_is_refused():
    refused(running(), "自分自身とは縁故を結べません", "saku", "狩猟者", target_id="saku")


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        (CHAR, "縁故の対象（キャラクターか集団の名前）を入れてください"),
        (MEMORY, "記憶の内容を入れてください"),
        (PURPOSE, "目的の内容を入れてください"),
    ],
)
def test_an_empty_target_is_refused(kind, message):
    refused(running(), message, "saku", "狩猟者", "   ", kind=kind)


def test_a_deleted_character_cannot_be_the_target():
    refused(
        running(), "キャラクター ghost は千幻抄のキャラクターにいません", "saku", "狩猟者", target_id="ghost"
    )


def test_the_holder_must_have_the_archetype():
    refused(running(), "綾瀬 詩織は類型「狩猟者」を持っていません", "shiori", "狩猟者", "A")
    refused(running(), f"町娘は類型「{LAST_BOSS}」を持っていません", "girl", LAST_BOSS, "A")


def test_a_bond_needs_a_current_scene_of_a_running_session():
    refused(SengenshoSession(), "セッションが始まっていません", "saku", "狩猟者", "A")
    refused(running(0), "現在のシーンがありません", "saku", "狩猟者", "A")


def test_a_bond_to_a_character_is_named_after_it_and_a_memory_has_no_character():
    state, bond = form(running(), "saku", "狩猟者", "無視される名前", target_id="girl")
    assert (bond.target, bond.target_id) == ("町娘", "girl")
    state, memory = form(scene(state), "saku", "狩猟者", " 満月の夜 ", MEMORY, target_id="girl")
    assert (memory.target, memory.target_id) == ("満月の夜", None)


# ---- levels ------------------------------------------------------------------------------------


def test_a_new_bond_starts_at_level_one():
    refused(running(), "新しい縁故はレベル1から始まります", "saku", "狩猟者", "A", level=2)


@pytest.mark.parametrize("level", [0, -1, 100])
def test_no_bond_has_a_level_outside_one_to_99_even_with_the_override(level):
    refused(running(), "縁故のレベルは1から99までです", "saku", "狩猟者", "A", level=level, override=True)


def test_the_override_passes_the_count_scene_kind_and_level_limits_and_is_recorded():
    state = one_per_scene(running(0), "saku", "狩猟者", ["A", "B", "C", "D", "E"])
    for memory in ("満月の夜", "古い手紙"):
        state, _ = form(scene(state), "saku", "芸術家", memory, MEMORY)
    state, eighth = form(state, "saku", "芸術家", "夢", MEMORY, level=3, override=True)
    assert len(state.bonds_of("saku")) == 8
    assert eighth.override and eighth.level == 3
    assert fantasy_values(state, CAST, "saku")["芸術家"].earned == 1 + 1 + 3


def test_a_level_rises_only_in_another_scene_than_its_last_change():
    state, bond = form(running(), "saku", "狩猟者", "A")
    with pytest.raises(SessionRefused, match="「A」の縁故はこのシーンで結んだか上げたばかりです"):
        raise_level(state, bond.id)
    state, raised = raise_level(scene(state), bond.id)
    assert raised.level == 2 and raised.changed_scene == state.current_scene
    assert raised.formed_scene == bond.formed_scene
    with pytest.raises(SessionRefused, match="レベルは別のシーンで上げられます"):
        raise_level(state, bond.id)
    state, raised = raise_level(scene(state), bond.id)
    assert raised.level == 3


def test_going_back_to_the_scene_of_the_last_change_does_not_reopen_the_raise():
    state, bond = form(running(), "saku", "狩猟者", "A")
    state = s.set_current_scene(scene(state), bond.formed_scene)
    with pytest.raises(SessionRefused, match="別のシーン"):
        raise_level(state, bond.id)


def test_the_override_raises_in_the_same_scene_and_is_recorded():
    state, bond = form(running(), "saku", "狩猟者", "A")
    state, raised = raise_level(state, bond.id, override=True)
    assert raised.level == 2 and raised.override


def test_raising_needs_a_current_scene_and_a_known_bond():
    state, bond = form(running(), "saku", "狩猟者", "A")
    with pytest.raises(SessionRefused, match="縁故 99 はありません"):
        raise_level(scene(state), 99)
    with pytest.raises(SessionRefused, match="セッションが始まっていません"):
        raise_level(s.end_session(state, keep_bonds=True), bond.id)


# ---- 結び直し: 「新規に取得する代わりに結び直しても良いが、この場合、幻想値は増加しない」 -----------------


def test_a_retie_keeps_the_level_and_gives_no_fantasy_value():
    state, bond = form(running(), "saku", "狩猟者", "A")
    state, _ = raise_level(scene(state), bond.id)
    state, _ = raise_level(scene(state), bond.id)
    before = total(state, "saku")
    state, tied, impression = retie_bond(
        scene(state), CAST, bond.id, BondRequest("saku", "狩猟者", CHAR, "", "girl")
    )
    assert (tied.id, tied.level, tied.target, tied.target_id, tied.retied) == (
        bond.id,
        3,
        "町娘",
        "girl",
        True,
    )
    assert len(state.bonds_of("saku")) == 1 and total(state, "saku") == before == 3
    assert impression == Impression(state.current_scene, "saku", "狩猟者", "町娘", "girl")


def test_a_retie_to_another_archetype_moves_its_fantasy_value():
    state, bond = form(running(), "saku", "狩猟者", "A")
    state, _ = raise_level(scene(state), bond.id)
    state, _, _ = retie_bond(scene(state), CAST, bond.id, BondRequest("saku", "芸術家", MEMORY, "舞台の記憶"))
    values = fantasy_values(state, CAST, "saku")
    assert (values["狩猟者"].earned, values["芸術家"].earned) == (0, 2)


def test_a_retie_is_allowed_with_seven_bonds():
    state = one_per_scene(running(0), "saku", "狩猟者", list("ABCDEFG"))
    state, tied, _ = retie_bond(
        scene(state), CAST, state.bonds[0].id, BondRequest("saku", "狩猟者", CHAR, "H")
    )
    assert tied.target == "H" and len(state.bonds_of("saku")) == 7


def test_a_retie_follows_the_target_and_kind_limits():
    state, memory = form(running(), "saku", "狩猟者", "満月の夜", MEMORY)
    state, _ = form(scene(state), "saku", "芸術家", target_id="girl")
    state, other = form(scene(state), "saku", "狩猟者", "古い手紙", MEMORY)
    state = scene(state)
    with pytest.raises(SessionRefused, match="類型「芸術家」の縁故を持っています"):
        retie_bond(state, CAST, memory.id, BondRequest("saku", "狩猟者", CHAR, "", "girl"))
    # re-tying one memory to another keeps the count of memories: allowed
    state, tied, _ = retie_bond(state, CAST, other.id, BondRequest("saku", "狩猟者", MEMORY, "夢"))
    assert tied.target == "夢"


def test_only_ones_own_bond_can_be_retied():
    state, bond = form(running(), "saku", "狩猟者", "A")
    with pytest.raises(SessionRefused, match="結び直せるのは自分の縁故だけです"):
        retie_bond(scene(state), CAST, bond.id, BondRequest("ren", "狩猟者", CHAR, "B"))


def test_a_bond_retied_away_from_the_boss_loses_the_exemption():
    state, bond = form(boss_revealed(running()), "saku", "狩猟者", target_id="lord", level=3)
    state, tied, _ = retie_bond(scene(state), CAST, bond.id, BondRequest("saku", "狩猟者", CHAR, "A"))
    assert not tied.last_boss and tied.level == 3
    with pytest.raises(SessionRefused, match="別のシーン"):
        raise_level(state, bond.id)


# ---- 印象効果: 「縁故を結んだ場合、その時点で必ず印象効果が適用される」 ------------------------------------


def test_a_bond_to_a_character_applies_the_impression_a_memory_does_not():
    state, _, impression = form_bond(running(), CAST, BondRequest("saku", "狩猟者", CHAR, "", "girl"))
    assert impression == Impression(1, "saku", "狩猟者", "町娘", "girl")
    assert state.impressions == (impression,)
    state, _, none = form_bond(scene(state), CAST, BondRequest("saku", "狩猟者", MEMORY, "満月の夜"))
    assert none is None and len(state.impressions) == 1


def test_one_archetypes_impression_per_target_per_scene():
    state, first = form(running(), "saku", "狩猟者", target_id="girl")
    state, _ = discard_bond(state, first.id)
    state, _ = form(state, "saku", "芸術家", target_id="girl", override=True)
    assert [(i.archetype, i.target_id) for i in state.impressions] == [("芸術家", "girl")]


def test_a_new_scene_keeps_the_earlier_scenes_impression():
    state, first = form(running(), "saku", "狩猟者", target_id="girl")
    state, _ = discard_bond(state, first.id)
    state, _ = form(scene(state), "saku", "芸術家", target_id="girl")
    second = state.current_scene
    assert [(i.scene, i.archetype) for i in state.impressions] == [(1, "狩猟者"), (second, "芸術家")]


def test_impressions_of_other_holders_and_targets_stay():
    state, _ = form(running(), "saku", "狩猟者", target_id="girl")
    state, _ = form(state, "ren", "狩猟者", target_id="girl")
    state, _ = form(state, "shiori", "芸術家", "山の天狗")
    assert [(i.holder, i.target) for i in state.impressions] == [
        ("saku", "町娘"),
        ("ren", "町娘"),
        ("shiori", "山の天狗"),
    ]


# ---- ラスボス: 「同時にPC全員に対して縁故を1Lv取得する」 -----------------------------------------------


def test_the_reveal_needs_a_boss_a_scene_and_happens_once():
    with pytest.raises(SessionRefused, match="ラスボスが決まっていません"):
        reveal_last_boss(running(), CAST)
    with pytest.raises(SessionRefused, match="現在のシーンがありません"):
        reveal_last_boss(s.set_last_boss(running(0), CAST, "lord"), CAST)
    with pytest.raises(SessionRefused, match=r"ラスボス（宵闇の主）はもう明かされています"):
        reveal_last_boss(boss_revealed(running()), CAST)


def test_the_boss_bonds_to_every_pc_at_level_one():
    # 町娘 holds no 縁故 to any PC yet (宵闇の主 has a preset one to 白峰 朔: see test_sengensho_bond_order).
    state, formed = reveal_last_boss(s.set_last_boss(running(), CAST, "girl"), CAST)
    assert state.last_boss_revealed
    assert {b.target_id for b in formed} == PCS
    assert all(
        (b.holder, b.archetype, b.level, b.kind, b.last_boss) == ("girl", LAST_BOSS, 1, CHAR, True)
        for b in formed
    )
    assert {(i.holder, i.archetype, i.target_id) for i in state.impressions} == {
        ("girl", LAST_BOSS, pc) for pc in PCS
    }
    assert fantasy_values(state, CAST, "girl")[LAST_BOSS].earned == 3


def test_a_pc_boss_bonds_to_the_other_pcs_not_to_itself():
    _, formed = reveal_last_boss(s.set_last_boss(running(), CAST, "saku"), CAST)
    assert {b.target_id for b in formed} == {"shiori", "ren"}


def test_after_the_reveal_a_pc_bonds_to_the_boss_at_any_level():
    refused(
        s.set_last_boss(running(), CAST, "lord"), "レベル1から", "saku", "狩猟者", target_id="lord", level=4
    )
    state, bond = form(boss_revealed(running()), "saku", "狩猟者", target_id="lord", level=4)
    assert bond.last_boss and bond.level == 4 and not bond.override
    assert fantasy_values(state, CAST, "saku")["狩猟者"].earned == 4


def test_an_npc_does_not_get_the_pcs_exemption():
    refused(
        boss_revealed(running()),
        "新しい縁故はレベル1から始まります",
        "girl",
        "芸術家",
        target_id="lord",
        level=3,
    )


def test_a_bond_to_the_revealed_boss_rises_in_the_same_scene():
    state, bond = form(boss_revealed(running()), "saku", "狩猟者", target_id="lord")
    state, _ = raise_level(state, bond.id)
    state, raised = raise_level(state, bond.id)
    assert raised.level == 3


def test_a_pcs_existing_bond_to_the_boss_becomes_free_an_npcs_does_not():
    state, pcs = form(running(), "saku", "狩猟者", target_id="lord")
    state, npcs = form(state, "girl", "芸術家", target_id="lord")
    state = boss_revealed(scene(state))
    assert state.bond(pcs.id).last_boss and not state.bond(npcs.id).last_boss
    state, _ = raise_level(state, pcs.id)
    state, raised = raise_level(state, pcs.id)
    assert raised.level == 3
    state, _ = raise_level(state, npcs.id)
    with pytest.raises(SessionRefused, match="別のシーン"):
        raise_level(state, npcs.id)


def test_the_boss_bond_still_counts_towards_the_seven():
    state = one_per_scene(running(0), "saku", "狩猟者", list("ABCDEFG"))
    refused(boss_revealed(scene(state)), "縁故は最大7個までです", "saku", "芸術家", target_id="lord")


def test_the_reveal_bonds_do_not_take_the_boss_scene_slot():
    _, bond = form(boss_revealed(running(), "girl"), "girl", "芸術家", "山の天狗")
    assert bond.target == "山の天狗"


def test_bond_values_are_keyed_by_bond():
    state, a = form(running(), "saku", "狩猟者", "A")
    state, b = form(scene(state), "saku", "狩猟者", "B", override=True, level=2)
    assert bond_values(state, CAST, "saku") == {a.id: 1, b.id: 2}
