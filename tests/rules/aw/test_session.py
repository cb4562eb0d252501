"""The AW session engine without Qt: contracts, 令呪, event keys, scenes, the ends of session and
scenario (rules text: 契約ルール, イベントキールール).  The combat round is the battle tracker's."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pydantic import ValidationError

from gmtool.rules.systems.aw import session as s
from gmtool.rules.systems.aw.contract_tree import contract_rows
from gmtool.rules.systems.aw.session import (
    AWSession,
    BreakMethod,
    Roster,
    SessionRefused,
    SpellEffect,
)

SPELLS = 3
ROSTER = Roster({"toru": "透", "mina": "ミナ", "shadow": "影の使徒", "rin": "リン"}, {"toru", "mina", "rin"})


def contracted(*pairs: tuple[str, str]) -> AWSession:
    state = AWSession()
    for master, servant in pairs:
        state = s.form_contract(state, master, servant, ROSTER)
    return state


def spell(state: AWSession, effect: SpellEffect, master: str = "toru", servant: str = "mina") -> AWSession:
    return s.use_command_spell(state, master, servant, effect, ROSTER, SPELLS)


def with_scene(state: AWSession, present: tuple[str, ...] = ("toru",)) -> AWSession:
    return s.add_scene(state, "sc1", "学校の屋上", present)


# ---- contracts ---------------------------------------------------------------------------------


def test_a_master_may_have_many_servants_and_a_servant_servants():
    state = contracted(("toru", "mina"), ("toru", "shadow"), ("mina", "rin"))
    assert state.servants_of("toru") == ["mina", "shadow"]
    assert state.master_of("rin") == "mina" and state.master_of("toru") is None
    assert state.contracted("mina", "toru") and not state.contracted("toru", "rin")


def test_a_servant_has_one_master():
    state = contracted(("toru", "mina"))
    with pytest.raises(SessionRefused, match="既にマスター（透）がいます"):
        s.form_contract(state, "shadow", "mina", ROSTER)


def test_self_contract_is_refused():
    with pytest.raises(SessionRefused, match="自分自身と契約することはできません"):
        s.form_contract(AWSession(), "toru", "toru", ROSTER)


def test_a_character_outside_the_campaign_cannot_contract():
    with pytest.raises(SessionRefused, match="キャンペーンにいません"):
        s.form_contract(AWSession(), "toru", "nobody", ROSTER)


def test_the_same_direction_is_refused_after_a_break_and_the_reverse_is_allowed():
    state = contracted(("toru", "mina"))
    state = s.break_contract(state, "mina", BreakMethod.SPIRITUAL_HEALING, "教会で", ROSTER, SPELLS)
    with pytest.raises(SessionRefused, match="同じ契約はもう結べません（逆向きなら結べます）"):
        s.form_contract(state, "toru", "mina", ROSTER)
    state = s.form_contract(state, "mina", "toru", ROSTER)
    assert state.master_of("toru") == "mina"
    assert [(c.master, c.servant, c.active) for c in state.contracts] == [
        ("toru", "mina", False),
        ("mina", "toru", True),
    ]


def test_the_reverse_contract_waits_until_the_current_one_is_broken():
    state = contracted(("toru", "mina"))
    with pytest.raises(SessionRefused) as refused:
        s.form_contract(state, "mina", "toru", ROSTER)
    assert (
        str(refused.value) == "ミナは透のサーヴァントです。逆向きの契約は、今の契約を破棄した後なら結べます"
    )
    state = s.break_contract(state, "mina", BreakMethod.OTHER, "", ROSTER, SPELLS)
    assert s.form_contract(state, "mina", "toru", ROSTER).master_of("toru") == "mina"


@pytest.mark.parametrize(
    "method",
    [BreakMethod.SEVERING, BreakMethod.SPIRITUAL_HEALING, BreakMethod.OTHER, BreakMethod.COMMAND_SPELL],
)
def test_each_break_method_ends_the_contract_and_is_recorded(method):
    state = replace(contracted(("toru", "mina")), session_number=4)
    state = s.break_contract(state, "mina", method, "  左腕ごと  ", ROSTER, SPELLS)
    assert state.master_of("mina") is None and not state.servants_of("toru")
    broken = state.contracts[0].broken
    assert broken == s.ContractBreak(method, "左腕ごと", 4)
    assert state.spells_left("toru", SPELLS) == (2 if method is BreakMethod.COMMAND_SPELL else 3)


def test_breaking_by_command_spell_with_none_left_is_refused():
    state = contracted(("toru", "mina"))
    for _ in range(3):
        state = spell(state, SpellEffect.ORDER)
    with pytest.raises(SessionRefused, match="透の令呪は残っていません"):
        s.break_contract(state, "mina", BreakMethod.COMMAND_SPELL, "", ROSTER, SPELLS)
    # Severing needs no 令呪.
    assert s.break_contract(state, "mina", BreakMethod.SEVERING, "", ROSTER, SPELLS).master_of("mina") is None


def test_breaking_needs_a_contract():
    with pytest.raises(SessionRefused, match="ミナにはマスターがいません"):
        s.break_contract(AWSession(), "mina", BreakMethod.OTHER, "", ROSTER, SPELLS)


# ---- 令呪 --------------------------------------------------------------------------------------


def test_an_order_spends_one_and_changes_nothing_else():
    state = with_scene(contracted(("toru", "mina")))
    after = spell(state, SpellEffect.ORDER)
    assert after.spells_left("toru", SPELLS) == 2
    assert replace(after, spells_used={}) == state


def test_summon_brings_the_servant_into_the_current_scene():
    state = spell(with_scene(contracted(("toru", "mina"))), SpellEffect.SUMMON)
    assert state.scene("sc1").present == ("toru", "mina")


def test_summon_leaves_the_old_combat_field_alone():
    """The battle tracker owns the round (the model moves it): the engine no longer writes `combat`."""
    old = s.Combat(active=True, round=3, phase=s.CombatPhase.MAIN)
    state = replace(with_scene(contracted(("toru", "mina"))), combat=old)
    assert spell(state, SpellEffect.SUMMON).combat == old
    assert spell(with_scene(contracted(("toru", "mina"))), SpellEffect.SUMMON).combat == s.Combat()


def test_summon_and_dismiss_check_who_is_there():
    state = with_scene(contracted(("toru", "mina")), ("toru", "mina"))
    with pytest.raises(SessionRefused, match="ミナは既にシーンに登場しています"):
        spell(state, SpellEffect.SUMMON)
    state = spell(state, SpellEffect.DISMISS)
    assert state.scene("sc1").present == ("toru",)
    with pytest.raises(SessionRefused, match="ミナはシーンに登場していません"):
        spell(state, SpellEffect.DISMISS)


def test_summon_and_dismiss_need_a_scene():
    with pytest.raises(SessionRefused, match="現在のシーンがありません"):
        spell(contracted(("toru", "mina")), SpellEffect.SUMMON)


def test_a_boost_spends_one():
    assert spell(contracted(("toru", "mina")), SpellEffect.BOOST).spells_left("toru", SPELLS) == 2


def test_spells_are_counted_per_master_and_refused_at_zero_with_the_reason():
    state = contracted(("toru", "mina"), ("toru", "shadow"), ("mina", "rin"))
    state = spell(state, SpellEffect.ORDER)
    state = spell(state, SpellEffect.BOOST, servant="shadow")
    state = spell(state, SpellEffect.ORDER)
    assert state.spells_left("toru", SPELLS) == 0 and state.spells_left("mina", SPELLS) == 3
    for effect in SpellEffect:
        with pytest.raises(SessionRefused) as refused:
            spell(with_scene(state), effect, servant="shadow")
        assert (
            str(refused.value)
            == "透の令呪は残っていません（1シナリオに3回まで。セッション終了時に回復します）"
        )
    assert spell(state, SpellEffect.ORDER, master="mina", servant="rin").spells_left("mina", SPELLS) == 2


def test_a_spell_is_for_the_masters_own_servant():
    state = contracted(("toru", "mina"), ("mina", "rin"))
    with pytest.raises(SessionRefused, match="リンは透のサーヴァントではありません"):
        spell(state, SpellEffect.ORDER, servant="rin")
    with pytest.raises(SessionRefused, match="ミナは影の使徒のサーヴァントではありません"):
        spell(state, SpellEffect.ORDER, master="shadow")


def test_a_spell_for_a_special_rule_spends_one_of_a_masters():
    state = contracted(("toru", "mina"))
    after = s.spend_command_spell(state, "toru", ROSTER, SPELLS)
    assert after.spells_left("toru", SPELLS) == 2 and replace(after, spells_used={}) == state
    with pytest.raises(SessionRefused, match="ミナはマスターではありません"):
        s.spend_command_spell(state, "mina", ROSTER, SPELLS)
    for _ in range(2):
        after = s.spend_command_spell(after, "toru", ROSTER, SPELLS)
    with pytest.raises(SessionRefused, match="透の令呪は残っていません"):
        s.spend_command_spell(after, "toru", ROSTER, SPELLS)


def test_no_spell_acts_on_or_for_a_deleted_character():
    state = contracted(("toru", "mina"))
    without_mina = Roster({"toru": "透"}, {"toru"})
    without_toru = Roster({"mina": "ミナ"}, {"mina"})
    for roster in (without_mina, without_toru):
        with pytest.raises(SessionRefused, match="キャンペーンから削除されています。令呪は使えません"):
            s.use_command_spell(state, "toru", "mina", SpellEffect.ORDER, roster, SPELLS)
    with pytest.raises(SessionRefused, match="キャンペーンから削除されています"):
        s.spend_command_spell(state, "toru", without_toru, SPELLS)
    # The ghost contract can still be ended.
    assert (
        s.break_contract(state, "mina", BreakMethod.OTHER, "", without_mina, SPELLS).master_of("mina") is None
    )


# ---- event keys ---------------------------------------------------------------------------------


def test_a_key_goes_to_a_pc_with_its_scene():
    state = s.give_key(with_scene(AWSession()), "k1", " 不審な人物 ", "toru", ROSTER)
    key = state.keys_of("toru")[0]
    assert (key.name, key.scene, key.session, key.scenario) == ("不審な人物", "学校の屋上", 1, 1)
    assert state.holders_of("不審な人物") == {"toru"} and state.key_names() == ["不審な人物"]


def test_keys_for_npcs_duplicates_and_empty_names_are_refused():
    state = s.give_key(AWSession(), "k1", "不審な人物", "toru", ROSTER)
    with pytest.raises(SessionRefused, match="影の使徒はPCではありません"):
        s.give_key(state, "k2", "鍵", "shadow", ROSTER)
    with pytest.raises(SessionRefused, match="透は既に「イベントキー:不審な人物」を持っています"):
        s.give_key(state, "k2", "不審な人物", "toru", ROSTER)
    with pytest.raises(SessionRefused, match="名前を入れてください"):
        s.give_key(state, "k2", "  ", "mina", ROSTER)
    # Another PC may get a key of the same name (they saw it themselves).
    assert s.give_key(state, "k2", "不審な人物", "mina", ROSTER).holders_of("不審な人物") == {"toru", "mina"}


def test_the_gm_moves_a_key_to_another_pc_only():
    state = s.give_key(AWSession(), "k1", "古い鍵", "toru", ROSTER)
    moved = s.move_key(state, "k1", "mina", ROSTER)
    assert moved.keys_of("toru") == [] and [k.id for k in moved.keys_of("mina")] == ["k1"]
    with pytest.raises(SessionRefused, match="影の使徒はPCではありません"):
        s.move_key(state, "k1", "shadow", ROSTER)
    with pytest.raises(SessionRefused, match="既にそのイベントキーを持っています"):
        s.move_key(state, "k1", "toru", ROSTER)
    with pytest.raises(SessionRefused, match="そのイベントキーはありません"):
        s.move_key(state, "nope", "mina", ROSTER)


def test_a_moved_key_merges_into_the_same_key_of_the_new_holder():
    state = s.give_key(
        s.give_key(AWSession(), "k1", "古い鍵", "toru", ROSTER), "k2", "古い鍵", "mina", ROSTER
    )
    moved = s.move_key(state, "k1", "mina", ROSTER)
    assert [k.id for k in moved.event_keys] == ["k2"]


def test_removing_a_key():
    state = s.give_key(AWSession(), "k1", "古い鍵", "toru", ROSTER)
    assert s.remove_key(state, "k1").event_keys == ()
    with pytest.raises(SessionRefused):
        s.remove_key(state, "k2")


# ---- session, scenario, scenes --------------------------------------------------------------------


def busy_session() -> AWSession:
    state = with_scene(contracted(("toru", "mina")))
    state = s.give_key(state, "k1", "不審な人物", "toru", ROSTER)
    return replace(spell(state, SpellEffect.SUMMON), scenario="赤い月")


def test_end_session_restores_spells_and_ends_the_scene():
    state = s.end_session(busy_session())
    assert state.session_number == 2 and state.spells_left("toru", SPELLS) == 3
    assert state.current_scene is None
    assert state.scenario == "赤い月" and len(state.scenes) == 1 and state.keys_of("toru")
    assert state.master_of("mina") == "toru"


def test_end_scenario_closes_scenes_retires_keys_and_keeps_contracts():
    state = s.end_scenario(busy_session())
    assert (state.scenario, state.scenario_number, state.session_number) == ("", 2, 2)
    assert state.scenes == () and state.current_scene is None
    assert state.keys_of("toru") == [] and state.key_names() == [] and state.holders_of("不審な人物") == set()
    assert [k.retired for k in state.event_keys] == [True]  # kept for history
    assert state.master_of("mina") == "toru" and state.spells_left("toru", SPELLS) == 3
    # A retired key does not block the same name in the next scenario.
    assert s.give_key(state, "k2", "不審な人物", "toru", ROSTER).holders_of("不審な人物") == {"toru"}


def test_scenes_record_their_session_and_who_is_present():
    state = s.add_scene(replace(AWSession(), session_number=3), "a", " 廃ビル ", ("toru", "toru", "mina"))
    assert state.current_scene == "a" and state.scene("a") == s.Scene("a", "廃ビル", 3, ("toru", "mina"))
    assert s.set_present(state, "a", ("shadow",)).scene("a").present == ("shadow",)
    with pytest.raises(SessionRefused, match="そのシーンはありません"):
        s.set_present(state, "b", ())


# ---- the tree and the stored document -----------------------------------------------------------------


def tree(state: AWSession, characters=("toru", "mina", "shadow", "rin")) -> list[tuple[str, int, bool]]:
    return [(r.character, r.depth, r.cycle) for r in contract_rows(state, list(characters))]


def test_the_tree_nests_servants_under_their_master():
    state = contracted(("mina", "rin"), ("toru", "mina"), ("toru", "shadow"))
    assert tree(state) == [("toru", 0, False), ("mina", 1, False), ("rin", 2, False), ("shadow", 1, False)]


def test_the_tree_survives_a_cycle_of_contracts():
    state = contracted(("toru", "mina"), ("mina", "rin"), ("rin", "toru"))
    assert tree(state) == [
        ("shadow", 0, False),
        ("toru", 0, False),
        ("mina", 1, False),
        ("rin", 2, False),
        ("toru", 3, True),
    ]


def test_the_tree_keeps_a_deleted_master_with_its_servants():
    state = contracted(("toru", "mina"))
    assert tree(state, ("mina", "rin")) == [("rin", 0, False), ("toru", 0, False), ("mina", 1, False)]


@pytest.mark.parametrize(
    ("contracts", "scenes", "reason"),
    [
        ([{"master": "toru", "servant": "toru"}], [], "自分自身との契約"),
        (
            [{"master": "toru", "servant": "mina"}, {"master": "rin", "servant": "mina"}],
            [],
            "有効な契約（マスター）が2つあります",
        ),
        ([], [{"id": "a"}, {"id": "a"}], "同じIDのシーンが2つあります"),
    ],
)
def test_a_hand_edited_document_that_breaks_the_rules_is_refused(contracts, scenes, reason):
    with pytest.raises(ValidationError, match=reason):
        s.load_session({"contracts": contracts, "scenes": scenes})


def test_two_contracts_for_one_servant_load_when_only_one_is_active():
    broken = {"method": "other"}
    data = {
        "contracts": [
            {"master": "toru", "servant": "mina", "broken": broken},
            {"master": "rin", "servant": "mina"},
        ]
    }
    assert s.load_session(data).master_of("mina") == "rin"


def test_the_document_round_trips_and_bad_data_is_named():
    state = busy_session()
    assert s.load_session(s.dump_session(state)) == state
    assert s.load_session(None) == AWSession()
    with pytest.raises(ValidationError, match="session_number"):
        s.load_session({"session_number": 0})


def test_an_old_document_with_the_stand_in_combat_still_loads():
    """Saved by a version whose 戦闘 tab counted the processes: it loads, keeps its `combat` as it
    was, and the operations work on it (the session's end no longer touches it)."""
    data = s.dump_session(with_scene(contracted(("toru", "mina"))))
    data["combat"] = {"active": True, "round": 2, "phase": "initiative"}
    state = s.load_session(data)
    assert state.combat == s.Combat(active=True, round=2, phase=s.CombatPhase.INITIATIVE)
    assert s.dump_session(state)["combat"] == data["combat"]
    assert spell(state, SpellEffect.SUMMON).scene("sc1").present == ("toru", "mina")
    assert s.end_session(state).combat == state.combat
