"""令呪 A/B and the tracker's fight (spell_combat): who joins, who leaves, and when nothing changes."""

from __future__ import annotations

from dataclasses import replace

from gmtool.rules.battle import Encounter, Participant, Phase, Side, Status
from gmtool.rules.systems.aw.spell_combat import dismiss_from_fight, join_fight


def fight(*participants: Participant) -> Encounter:
    return Encounter(
        name="森", system="aw", active=True, round=2, phase=Phase.TURN, participants=participants
    )


TORU = Participant(id="p1", name="透", character_id="toru", is_pc=True, side=Side.ALLY)
SHADOW = Participant(id="p2", name="影", character_id="shadow", side=Side.ENEMY)
MINA = Participant(id="p3", name="ミナ", character_id="mina", side=Side.ENEMY)  # a fresh NPC seed


def test_a_dismissed_servant_flees_and_keeps_its_place():
    before = fight(TORU, MINA, SHADOW)
    after = dismiss_from_fight(before, "mina")
    assert after is not None
    assert [(p.name, p.status) for p in after.participants] == [
        ("透", Status.ACTIVE),
        ("ミナ", Status.FLED),
        ("影", Status.ACTIVE),
    ]
    assert not after.get("p3").in_play


def test_a_defeated_servant_is_taken_out_too():
    after = dismiss_from_fight(fight(TORU, replace(MINA, status=Status.DEFEATED)), "mina")
    assert after is not None and after.get("p3").status is Status.FLED


def test_dismissal_changes_nothing_for_a_servant_not_fighting_gone_or_dead():
    assert dismiss_from_fight(fight(TORU, SHADOW), "mina") is None
    for status in (Status.FLED, Status.DEAD):
        gone = Participant(id="p3", name="ミナ", character_id="mina", status=status)
        assert dismiss_from_fight(fight(TORU, gone), "mina") is None


def test_a_summoned_servant_joins_on_its_masters_side():
    after = join_fight(fight(TORU, SHADOW), "mina", MINA, "toru")
    assert after is not None
    assert [(p.name, p.side, p.status) for p in after.participants] == [
        ("透", Side.ALLY, Status.ACTIVE),
        ("影", Side.ENEMY, Status.ACTIVE),
        ("ミナ", Side.ALLY, Status.ACTIVE),
    ]


def test_without_its_master_in_the_fight_the_servant_keeps_its_own_side():
    after = join_fight(fight(SHADOW), "mina", MINA, "toru")
    assert after is not None and after.get("p3").side is Side.ENEMY


def test_a_servant_that_fled_comes_back_in_play():
    gone = Participant(id="p9", name="ミナ", character_id="mina", status=Status.FLED)
    after = join_fight(fight(TORU, gone), "mina", MINA, "toru")
    assert after is not None
    assert [(p.id, p.status) for p in after.participants] == [("p1", Status.ACTIVE), ("p9", Status.ACTIVE)]


def test_a_servant_already_fighting_defeated_or_dead_is_left_alone():
    for status in (Status.ACTIVE, Status.DEFEATED, Status.DEAD):
        there = Participant(id="p9", name="ミナ", character_id="mina", status=status)
        assert join_fight(fight(TORU, there), "mina", MINA, "toru") is None
