"""When 令呪 come back (house rule aw.command_spell_restore): at every session end (the default, the
text's 「セッションが終了したとき…回復」) or only at a scenario's end (「1シナリオに3回まで」 over the
scenario)."""

from __future__ import annotations

import pytest

from gmtool.rules.systems.aw import session as s
from gmtool.rules.systems.aw.house_rules import RESTORE_SCENARIO, RESTORE_SESSION
from gmtool.rules.systems.aw.session import AWSession, Roster, SessionRefused, SpellEffect

SPELLS = 3
ROSTER = Roster({"toru": "透", "mina": "ミナ"}, {"toru", "mina"})


def two_used(restore: str) -> AWSession:
    state = s.form_contract(AWSession(), "toru", "mina", ROSTER)
    for _ in range(2):
        state = s.use_command_spell(state, "toru", "mina", SpellEffect.ORDER, ROSTER, SPELLS, restore)
    return state


def test_by_default_a_session_end_restores_every_spell():
    state = s.end_session(two_used(RESTORE_SESSION))
    assert state.spells_left("toru", SPELLS) == 3 and state.session_number == 2


def test_per_scenario_the_spells_carry_over_a_session_end_and_run_out():
    state = s.end_session(two_used(RESTORE_SCENARIO), RESTORE_SCENARIO)
    assert state.spells_left("toru", SPELLS) == 1 and state.session_number == 2
    state = s.use_command_spell(state, "toru", "mina", SpellEffect.BOOST, ROSTER, SPELLS, RESTORE_SCENARIO)
    with pytest.raises(SessionRefused, match="1シナリオに3回まで。シナリオ終了時に回復します"):
        s.use_command_spell(state, "toru", "mina", SpellEffect.ORDER, ROSTER, SPELLS, RESTORE_SCENARIO)
    # The scenario's end restores them under either reading.
    assert s.end_scenario(state).spells_left("toru", SPELLS) == 3


def test_the_refusal_says_when_they_come_back_under_each_reading():
    used_up = two_used(RESTORE_SESSION)
    used_up = s.use_command_spell(used_up, "toru", "mina", SpellEffect.ORDER, ROSTER, SPELLS)
    with pytest.raises(SessionRefused, match="セッション終了時に回復します"):
        s.spend_command_spell(used_up, "toru", ROSTER, SPELLS)
    with pytest.raises(SessionRefused, match="シナリオ終了時に回復します"):
        s.break_contract(used_up, "mina", s.BreakMethod.COMMAND_SPELL, "", ROSTER, SPELLS, RESTORE_SCENARIO)


def test_an_unknown_reading_is_refused_by_name():
    with pytest.raises(SessionRefused, match="「weekly」"):
        s.end_session(AWSession(), "weekly")
