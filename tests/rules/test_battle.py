"""The system-neutral combat tracker: turns, rounds, conditions, copies, storage."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from pydantic import ValidationError

from gmtool.rules import battle, battle_turns
from gmtool.rules.battle import BattleRefused, Condition, Encounter, Phase, Status
from gmtool.rules.battle_rules import CombatRules, LifeRules, combat_rules
from gmtool.rules.systems import SYSTEMS
from gmtool.rules.systems.aw.combat import AWCombat
from gmtool.rules.systems.fourcard.combat import FourCardCombat
from gmtool.rules.systems.lotr.combat import LotRCombat

GM = CombatRules()


def encounter_of(*names: str, system: str = "sengensho") -> Encounter:
    rules = combat_rules(system)
    people = [battle_turns.participant_from(rules.from_quick(n, {}), f"id-{n}") for n in names]
    return battle.add_participants(Encounter(name="テスト", system=system), people)


def run(encounter: Encounter, steps: int, rules: CombatRules = GM) -> list[str | None]:
    """Who is current after each of `steps` next-turn presses."""
    seen = []
    for _ in range(steps):
        encounter = battle_turns.next_turn(encounter, rules, random.Random(0)).encounter
        seen.append(encounter.current)
    return seen


def test_the_registry_gives_each_system_its_round() -> None:
    assert isinstance(combat_rules("aw"), AWCombat)
    assert isinstance(combat_rules("lotr"), LotRCombat)
    assert isinstance(combat_rules("fourcard"), FourCardCombat)
    assert isinstance(combat_rules("sengensho"), LifeRules)
    assert isinstance(combat_rules("mtg"), LifeRules)
    assert type(combat_rules("no-such-system")) is CombatRules  # a new system: GM-ordered turns


def test_gm_ordered_round_goes_setup_turns_cleanup_next_round() -> None:
    encounter = battle_turns.start(encounter_of("A", "B"), GM, random.Random(0))
    assert (encounter.round, encounter.phase) == (1, Phase.SETUP)
    step = battle_turns.next_turn(encounter, GM, random.Random(0))
    assert step.encounter.current == "id-A"
    step = battle_turns.next_turn(step.encounter, GM, random.Random(0))
    assert step.encounter.current == "id-B"
    assert step.encounter.get("id-A").acted
    step = battle_turns.next_turn(step.encounter, GM, random.Random(0))
    assert step.encounter.phase is Phase.CLEANUP and step.encounter.current is None
    step = battle_turns.next_turn(step.encounter, GM, random.Random(0))
    assert (step.encounter.round, step.encounter.phase) == (2, Phase.SETUP)
    assert not any(p.acted for p in step.encounter.participants)


def test_defeated_participants_are_skipped_and_the_gm_may_reorder() -> None:
    encounter = encounter_of("A", "B", "C")
    encounter = battle.with_participant(encounter, "id-B", lambda p: replace(p, status=Status.DEFEATED))
    encounter = battle.move_participant(encounter, "id-C", -2)
    started = battle_turns.start(encounter, GM, random.Random(0))
    assert run(started, 3) == ["id-C", "id-A", None]


def test_previous_turn_gives_the_last_actor_the_turn_again() -> None:
    encounter = battle_turns.start(encounter_of("A", "B"), GM, random.Random(0))
    for _ in range(2):
        encounter = battle_turns.next_turn(encounter, GM, random.Random(0)).encounter
    back = battle_turns.previous_turn(encounter)
    assert back.current == "id-A" and not back.get("id-A").acted
    with pytest.raises(BattleRefused, match="戻れる手番"):
        battle_turns.previous_turn(battle_turns.start(encounter_of("A"), GM, random.Random(0)))


def test_take_turn_hands_the_turn_to_someone_waiting() -> None:
    encounter = battle_turns.start(encounter_of("A", "B"), GM, random.Random(0))
    with pytest.raises(BattleRefused, match="ラウンドの途中だけ"):
        battle_turns.take_turn(encounter, "id-B", GM)  # setup: the round has not begun
    encounter = battle_turns.next_turn(encounter, GM, random.Random(0)).encounter
    with pytest.raises(BattleRefused, match="今はAの手番"):
        battle_turns.take_turn(encounter, "id-A", GM)
    step = battle_turns.take_turn(encounter, "id-B", GM)
    assert step.encounter.current == "id-B"
    after = battle_turns.next_turn(step.encounter, GM, random.Random(0)).encounter
    assert after.current == "id-A"  # B acted; A still had its turn
    with pytest.raises(BattleRefused, match="もう行動しました"):
        battle_turns.take_turn(after, "id-B", GM)


def test_a_turn_handed_back_does_not_count_its_conditions_twice() -> None:
    encounter = battle.add_condition(encounter_of("A", "B"), "id-A", Condition("放心", 3, "id-A"))
    encounter = battle_turns.start(encounter, GM, random.Random(0))
    encounter = battle_turns.next_turn(encounter, GM, random.Random(0)).encounter  # A: 3 → 2
    encounter = battle_turns.take_turn(encounter, "id-B", GM).encounter
    encounter = battle_turns.next_turn(encounter, GM, random.Random(0)).encounter  # back to A
    assert encounter.current == "id-A"
    encounter = battle_turns.previous_turn(battle_turns.next_turn(encounter, GM, random.Random(0)).encounter)
    assert encounter.current == "id-A"
    assert encounter.get("id-A").conditions[0].rounds == 2  # counted once this round


def test_conditions_counted_on_someone_out_of_the_round_count_at_cleanup() -> None:
    encounter = encounter_of("A", "B", "C")
    encounter = battle.add_condition(encounter, "id-A", Condition("呪い", 1, "id-B"))
    encounter = battle.add_condition(encounter, "id-A", Condition("毒", 1, "id-C"))
    encounter = battle.with_participant(encounter, "id-B", lambda p: replace(p, status=Status.DEFEATED))
    encounter = battle.remove_participant(encounter, "id-C")
    assert [c.counts_on for c in encounter.get("id-A").conditions] == ["id-B", None]
    encounter = battle_turns.start(encounter, GM, random.Random(0))
    ended = []
    for _ in range(3):  # A, cleanup, next round
        step = battle_turns.next_turn(encounter, GM, random.Random(0))
        encounter, ended = step.encounter, ended + step.ended
    assert sorted(ended) == [("A", "呪い"), ("A", "毒")] and encounter.round == 2


def test_a_track_stops_at_its_end_and_no_value_goes_below_zero() -> None:
    lotr_rules = combat_rules("lotr")
    person = battle_turns.participant_from(lotr_rules.from_quick("x", {"health": 3}), "x")
    encounter = battle.add_participants(Encounter(system="lotr"), [person])
    worn = battle.damage(encounter, "x", "weariness", 9)
    assert worn.get("x").resource("weariness").value == 5  # Exhausted, the last level
    with pytest.raises(BattleRefused, match="最大 5"):
        battle.set_resource(encounter, "x", "weariness", 9)
    with pytest.raises(BattleRefused, match="0 以上"):
        battle.set_resource(encounter, "x", "wounds", -1)
    assert battle.damage(encounter, "x", "wounds", -4).get("x").resource("wounds").value == 0


def test_a_condition_counts_down_at_the_chosen_actors_turn_and_ends() -> None:
    encounter = encounter_of("A", "B")
    encounter = battle.add_condition(encounter, "id-A", Condition("放心", 2, "id-B"))
    encounter = battle.add_condition(encounter, "id-A", Condition("重圧"))  # until removed
    encounter = battle_turns.start(encounter, GM, random.Random(0))
    ended = []
    for _ in range(8):  # two full rounds: A, B, cleanup, next round
        step = battle_turns.next_turn(encounter, GM, random.Random(0))
        encounter = step.encounter
        ended += step.ended
    assert ended == [("A", "放心")]
    assert [c.name for c in encounter.get("id-A").conditions] == ["重圧"]


def test_a_condition_without_a_counter_counts_at_cleanup() -> None:
    encounter = battle.add_condition(encounter_of("A"), "id-A", Condition("炎上", 1))
    encounter = battle_turns.start(encounter, GM, random.Random(0))
    steps = [battle_turns.next_turn]
    for _ in range(2):
        encounter = battle_turns.next_turn(encounter, GM, random.Random(0)).encounter
    assert encounter.phase is Phase.CLEANUP and encounter.get("id-A").conditions
    step = steps[0](encounter, GM, random.Random(0))
    assert step.ended == [("A", "炎上")] and not step.encounter.get("id-A").conditions


def test_copies_are_lettered_past_the_names_in_the_fight() -> None:
    assert battle.copy_names("ゴブリン", 3) == ["ゴブリン A", "ゴブリン B", "ゴブリン C"]
    assert battle.copy_names("ゴブリン", 2, ["ゴブリン A"]) == ["ゴブリン B", "ゴブリン C"]
    assert battle.copy_names("オーガ", 1) == ["オーガ"]
    assert battle.copy_names("x", 28)[26:] == ["x AA", "x AB"]
    with pytest.raises(BattleRefused):
        battle.copy_names("x", 0)


def test_hidden_participants_are_left_out_of_the_public_view() -> None:
    encounter = encounter_of("A", "伏兵")
    encounter = battle.with_participant(encounter, "id-伏兵", lambda p: replace(p, hidden=True))
    encounter = replace(encounter, current="id-伏兵")
    public = encounter.public()
    assert [p.name for p in public.participants] == ["A"] and public.current is None


def test_starting_needs_participants_and_turns_need_a_started_fight() -> None:
    with pytest.raises(BattleRefused, match="参加者がいません"):
        battle_turns.start(Encounter(system="aw"), GM, random.Random(0))
    with pytest.raises(BattleRefused, match="始まっていません"):
        battle_turns.next_turn(encounter_of("A"), GM, random.Random(0))


def test_the_document_round_trips_and_a_hostile_one_names_its_problem() -> None:
    encounter = battle.add_condition(encounter_of("A", "B"), "id-A", Condition("毒", 3, "id-B"))
    encounter = battle.log_event(battle_turns.start(encounter, GM, random.Random(0)), "開始")
    assert battle.load_encounter(battle.dump_encounter(encounter)) == encounter
    document = battle.dump_encounter(encounter)
    document["participants"][1]["id"] = "id-A"
    with pytest.raises(ValidationError, match="同じIDの参加者"):
        battle.load_encounter(document)
    with pytest.raises(ValidationError):
        battle.load_encounter({"participants": [{"id": "x", "name": "y", "resources": "z" * 10}]})
    saved = (encounter,)
    assert battle.load_saved(battle.dump_saved(saved)) == saved


def test_life_rules_leave_the_unsized_resource_for_the_gm() -> None:
    from gmtool.rules.systems.mtg.character import MTGCharacter

    seed = combat_rules("mtg").from_character(MTGCharacter(name="デッキ"))
    assert [(r.label, r.value, r.maximum) for r in seed.resources] == [("ライフ", 0, None)]
    quick = combat_rules("sengensho").from_quick("鬼", {"hp": 12})
    assert [(r.label, r.value, r.maximum) for r in quick.resources] == [("HP", 12, 12)]


def test_a_round_can_jump_to_its_cleanup() -> None:
    encounter = battle_turns.start(encounter_of("A", "B"), GM, random.Random(0))
    encounter = battle_turns.next_turn(encounter, GM, random.Random(0)).encounter
    jumped = battle_turns.to_cleanup(encounter)
    assert jumped.phase is Phase.CLEANUP and jumped.current is None
    assert jumped.get("id-A").acted and not jumped.get("id-B").acted  # B lost its turn
    assert battle_turns.next_turn(jumped, GM, random.Random(0)).encounter.round == 2
    with pytest.raises(BattleRefused):
        battle_turns.to_cleanup(encounter_of("A"))


@pytest.mark.parametrize(
    "system_id", sorted(__import__("gmtool.rules.systems", fromlist=["SYSTEMS"]).SYSTEMS)
)
def test_every_system_seeds_participants_from_a_new_character_and_a_quick_npc(system_id: str) -> None:
    rules = combat_rules(system_id)
    character = SYSTEMS[system_id].new_character("テスト")
    made = battle_turns.participant_from(rules.from_character(character), "c", "char-id")
    quick = battle_turns.participant_from(rules.from_quick("NPC", {}), "q")
    encounter = battle.add_participants(
        Encounter(system=system_id), [rules.settle(made), rules.settle(quick)]
    )
    assert made.name == "テスト" and made.character_id == "char-id" and made.resources
    assert {f.key for f in rules.quick_fields}  # the quick-NPC dialog asks for something
    started = battle_turns.start(encounter, rules, random.Random(0))
    assert battle_turns.next_turn(started, rules, random.Random(0)).encounter.current in {"c", "q"}
    assert battle.load_encounter(battle.dump_encounter(started)) == started
    # Writing back what the fight did keeps a valid character for the sheet.
    written = rules.write_back(character, made)
    assert SYSTEMS[system_id].load_character(SYSTEMS[system_id].dump_character(written)) == written
