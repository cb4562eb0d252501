"""The readings the review tightened: a 結び直し never raises 幻想値, a level rises only in a later
scene (going back to an earlier one does not reopen it), and the ラスボス's reveal never gives it a
second 類型's 縁故 to a PC it already holds one to."""

from __future__ import annotations

import pytest

from gmtool.rules.systems.sengensho import session as s
from gmtool.rules.systems.sengensho.bonds import BondRequest, raise_level, retie_bond, reveal_last_boss
from gmtool.rules.systems.sengensho.character import LAST_BOSS
from gmtool.rules.systems.sengensho.fantasy import fantasy_values, halved_bonds
from gmtool.rules.systems.sengensho.session import SessionRefused
from tests.rules.sengensho.test_bonds import CAST, CHAR, form, running, scene, total


def two_pc_bonds():
    """朔: 狩猟者 → 詩織 (Lv1, first PC: full), then → 蓮 raised to Lv4 (second PC: half, 2)."""
    state, first = form(running(), "saku", "狩猟者", target_id="shiori")
    state, second = form(scene(state), "saku", "狩猟者", target_id="ren")
    for _ in range(3):
        state, _ = raise_level(scene(state), second.id)
    assert total(state, "saku") == 1 + 2 and halved_bonds(state, CAST, "saku") == {second.id}
    return scene(state), first, second


def test_re_tying_the_first_pc_bond_away_is_refused_because_it_would_raise_fantasy_value():
    state, first, _ = two_pc_bonds()
    request = BondRequest("saku", "狩猟者", CHAR, "妖怪の山の天狗たち")
    with pytest.raises(SessionRefused, match="結び直しでは幻想値は増えません（この結び直しで 3→5"):
        retie_bond(state, CAST, first.id, request)


def test_the_gm_override_lets_that_re_tie_through_and_it_is_recorded():
    state, first, _ = two_pc_bonds()
    request = BondRequest("saku", "狩猟者", CHAR, "妖怪の山の天狗たち", override=True)
    state, bond, _ = retie_bond(state, CAST, first.id, request)
    assert bond.override and bond.retied and total(state, "saku") == 5


def test_a_re_tie_between_archetypes_keeps_the_total():
    state, first, _ = two_pc_bonds()
    state, _, _ = retie_bond(state, CAST, first.id, BondRequest("saku", "芸術家", CHAR, target_id="shiori"))
    values = fantasy_values(state, CAST, "saku")
    assert (values["狩猟者"].value, values["芸術家"].value) == (2, 1) and total(state, "saku") == 3


def test_going_back_to_an_earlier_scene_does_not_reopen_a_level_raise():
    state, bond = form(running(scenes=2), "saku", "狩猟者", target_id="shiori")  # formed in scene 2
    first_scene = state.scenes[0].id
    state = s.set_current_scene(state, first_scene)
    with pytest.raises(SessionRefused, match="後のシーン2で結んだか上げています。レベルはそれより後のシーン"):
        raise_level(state, bond.id)
    state = scene(state)  # a new, later scene
    state, raised = raise_level(state, bond.id)
    assert raised.level == 2
    state = s.set_current_scene(state, state.scenes[1].id)  # back to where it was formed
    with pytest.raises(SessionRefused):
        raise_level(state, bond.id)


def test_the_reveal_gives_no_second_archetype_bond_to_a_pc_the_boss_already_holds():
    state = s.set_last_boss(running(), CAST, "lord")
    state, held = form(state, "lord", "狩猟者", target_id="ren")
    state, formed = reveal_last_boss(scene(state), CAST)
    # 白峰 朔 is held by a preset 縁故 (芸術家), 蓮 by the one just formed: only 詩織 gets a ラスボス 縁故.
    assert [(b.target_id, b.archetype) for b in formed] == [("shiori", LAST_BOSS)]
    assert [b for b in state.bonds_of("lord") if b.target_id == "ren"] == [held]


def test_a_refusal_names_a_renamed_target_by_its_current_name():
    state, bond = form(running(), "saku", "狩猟者", target_id="shiori")
    renamed = {**CAST, "shiori": s.Member("綾瀬 しおり", True, ("芸術家",))}
    with pytest.raises(SessionRefused, match="「綾瀬 しおり」の縁故はこのシーンで"):
        raise_level(state, bond.id, cast=renamed)
