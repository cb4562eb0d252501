"""Each system's round in the tracker: AW initiative and 離脱, LotR actions, Four Card lines."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from helpers_stats import chi_square_critical, chi_square_statistic

from gmtool.rules import battle, battle_turns
from gmtool.rules.battle import BattleRefused, Encounter, Resource, Side, Status
from gmtool.rules.dice import all_faces
from gmtool.rules.systems.aw import combat as aw
from gmtool.rules.systems.fourcard import combat as fourcard
from gmtool.rules.systems.lotr import combat as lotr
from tests.rules.lotr.gm_tables import with_gm_wound_penalties

AW = aw.AWCombat()


def aw_person(pid: str, initiative: int, pc: bool, **values: int) -> battle.Participant:
    seed = AW.from_quick(pid, {"initiative": initiative, **values})
    person = battle_turns.participant_from(replace(seed, is_pc=pc), pid)
    return person


def aw_fight(*people: battle.Participant) -> Encounter:
    encounter = battle.add_participants(Encounter(system="aw"), people)
    return battle_turns.start(encounter, AW, random.Random(0))


def order(encounter: Encounter, rules: battle_turns.CombatRules) -> list[str]:
    seen = []
    while True:
        encounter = battle_turns.next_turn(encounter, rules, random.Random(0)).encounter
        if encounter.current is None:
            return seen
        seen.append(encounter.current)


# ---- AW -----------------------------------------------------------------------------------------


def test_aw_initiative_highest_first_pc_before_npc_then_reflex_perception_luck() -> None:
    fight = aw_fight(
        aw_person("npc", 8, False),
        aw_person("slow", 3, True),
        aw_person("pc-low-luck", 8, True, reflex=4, perception=3, luck=1),
        aw_person("pc-high-luck", 8, True, reflex=4, perception=3, luck=5),
        aw_person("fast", 12, False),
    )
    assert order(fight, AW) == ["fast", "pc-high-luck", "pc-low-luck", "npc", "slow"]


def test_aw_pcs_level_on_initiative_are_ordered_by_the_rule_of_thumb_and_said_so() -> None:
    fight = aw_fight(aw_person("a", 8, True, reflex=3), aw_person("b", 8, True, reflex=5))
    step = battle_turns.next_turn(fight, AW, random.Random(0))
    assert step.encounter.current == "b" and step.tied == ()
    assert step.encounter.ordered_by_principle == ("a",)  # the GM may still choose otherwise


def test_aw_no_move_while_an_enemy_shares_the_engagement() -> None:
    fight = engaged_fight()
    with pytest.raises(BattleRefused, match="戦闘移動はできません"):
        aw.record_action(fight, "hero", aw.MINOR, "戦闘移動")
    with pytest.raises(BattleRefused, match="全力移動はできません"):
        aw.record_action(fight, "hero", aw.MAJOR, "全力移動")
    assert aw.record_action(fight, "hero", aw.MAJOR, "攻撃").get("hero").actions[-1].name == "攻撃"


def test_aw_tie_between_npcs_is_left_to_the_gm() -> None:
    fight = aw_fight(aw_person("orc1", 6, False), aw_person("orc2", 6, False))
    step = battle_turns.next_turn(fight, AW, random.Random(0))
    assert step.encounter.current == "orc1" and step.tied == ("orc2",)


def test_aw_initiative_reads_the_value_each_process() -> None:
    """A 行動値 changed mid-round (a feat) changes who acts next: the order is not fixed."""
    fight = aw_fight(aw_person("a", 9, True), aw_person("b", 7, True), aw_person("c", 5, True))
    fight = battle_turns.next_turn(fight, AW, random.Random(0)).encounter
    assert fight.current == "a"
    fight = battle.with_participant(fight, "c", lambda p: replace(p, initiative=10))
    assert battle_turns.next_turn(fight, AW, random.Random(0)).encounter.current == "c"


def opposed_action_wins(action: int, reaction: int) -> Fraction:
    """By hand: both roll 2D6 (12 critical, 2 fumble); the reaction wins ties and its criticals."""
    wins = Fraction(0)
    for a in all_faces(2, 6):
        for r in all_faces(2, 6):
            na, nr = sum(a), sum(r)
            if na == 2:
                won = False
            elif nr == 2:
                won = True
            elif nr == 12:
                won = False
            elif na == 12:
                won = True
            else:
                won = action + na > reaction + nr
            wins += Fraction(int(won), 36 * 36)
    return wins


def engaged_fight() -> Encounter:
    fight = aw_fight(aw_person("hero", 6, True), aw_person("orc", 5, False), aw_person("troll", 7, False))
    fight = aw.engage(fight, "orc", "hero")
    return aw.engage(fight, "troll", "hero")


def test_aw_withdraw_odds_are_the_product_of_every_opposed_check() -> None:
    fight = engaged_fight()
    assert {p.id for p in aw.blockers(fight, "hero")} == {"orc", "troll"}
    expected = opposed_action_wins(6, 5) * opposed_action_wins(6, 7)
    assert aw.withdraw_probability(fight, "hero", ["orc", "troll"]) == expected
    assert aw.withdraw_probability(fight, "hero", []) == 1


def test_aw_withdraw_resolves_against_every_blocker_and_leaves_only_on_winning_all() -> None:
    fight = engaged_fight()
    outcomes = Counter()
    for seed in range(20_000):
        result = aw.withdraw(fight, "hero", ["orc", "troll"], random.Random(seed))
        outcomes[result.succeeded] += 1
        if seed < 200:
            hero = result.encounter.get("hero")
            assert (hero.engagement is None) == result.succeeded
            assert [a.kind for a in hero.actions] == [aw.MAJOR]
    p = aw.withdraw_probability(fight, "hero", ["orc", "troll"])
    statistic, df = chi_square_statistic(outcomes, {True: p, False: 1 - p})
    assert statistic < chi_square_critical(df, 0.001), (outcomes, float(p))


def test_aw_actions_one_minor_then_one_major() -> None:
    fight = aw_fight(aw_person("hero", 6, True))
    fight = aw.record_action(fight, "hero", aw.MINOR, "戦闘移動")
    with pytest.raises(BattleRefused, match="マイナーアクション"):
        aw.record_action(fight, "hero", aw.MINOR, "特技")
    fight = aw.record_action(fight, "hero", aw.MAJOR, "攻撃")
    with pytest.raises(BattleRefused, match="メジャーアクション"):
        aw.record_action(fight, "hero", aw.MAJOR, "攻撃")
    assert aw.move_distances(fight.get("hero")) == (11, 22)


def test_aw_flee_refused_while_engaged_and_finish_off_only_the_defeated() -> None:
    fight = engaged_fight()
    with pytest.raises(BattleRefused, match="逃走できません"):
        aw.flee(fight, "hero")
    with pytest.raises(BattleRefused, match="戦闘不能ではありません"):
        aw.finish_off(fight, "hero", "orc")
    fight = battle.with_participant(fight, "orc", lambda p: replace(p, status=Status.DEFEATED))
    assert aw.finish_off(fight, "hero", "orc").get("orc").status is Status.DEAD
    alone = aw_fight(aw_person("hero", 6, True))
    assert aw.flee(alone, "hero").get("hero").status is Status.FLED


def test_aw_identify_is_intellect_against_ten_plus_the_gm_difficulty() -> None:
    fight = aw_fight(aw_person("hero", 6, True, intellect=3), aw_person("orc", 5, False))
    spec = aw.identify_spec(fight, "hero", 2)
    assert spec.difficulty == 12 and spec.roller.value == 3
    # 3 + 2D6 ≥ 12 needs 9+: 10/36; a natural 12 is in it; a natural 2 never.
    assert aw.identify_probability(spec) == Fraction(10, 36)
    new, result = aw.identify(fight, "hero", "orc", spec, random.Random(3))
    assert new.get("orc").revealed is result.outcome.succeeded


# ---- LotR ---------------------------------------------------------------------------------------

LOTR = lotr.LotRCombat()


def lotr_fight(**values: int) -> Encounter:
    hero = battle_turns.participant_from(LOTR.from_quick("hero", {"swiftness": 3, **values}), "hero")
    orc = battle_turns.participant_from(LOTR.from_quick("orc", {"swiftness": 1}), "orc")
    return battle.add_participants(Encounter(system="lotr"), [hero, orc])


def test_lotr_extra_actions_cost_five_cumulative() -> None:
    fight = battle_turns.start(lotr_fight(), LOTR, random.Random(1))
    penalties = []
    for kind in ("aim", "attack", "dodge", "parry"):
        spent = lotr.spend_action(fight, "hero", kind)
        fight = spent.encounter
        penalties.append((kind, spent.penalty, spent.aim))
    assert penalties == [("aim", 0, 0), ("attack", 0, 1), ("dodge", -5, 0), ("parry", -10, 0)]
    assert lotr.spend_action(fight, "hero", "free").penalty == 0  # costs nothing
    assert lotr.extra_penalty(2, 4) == -10 and lotr.extra_penalty(3, 3) == 0


def test_lotr_two_action_options_and_full_round_actions() -> None:
    fight = battle_turns.start(lotr_fight(), LOTR, random.Random(1))
    assert lotr.spend_action(fight, "hero", "sweep").penalty == 0
    after_move = lotr.spend_action(fight, "hero", "move").encounter
    assert lotr.spend_action(after_move, "hero", "charge").penalty == -5  # actions 2 and 3
    with pytest.raises(BattleRefused, match="full-round"):
        lotr.spend_action(after_move, "hero", "sprint")
    assert lotr.spend_action(fight, "hero", "sprint").penalty == 0


def test_lotr_initiative_is_a_swiftness_test_each_round_or_kept() -> None:
    fight = lotr_fight()
    rolled = battle_turns.start(fight, LOTR, random.Random(7))
    hero = rolled.get("hero")
    assert hero.initiative == hero.value("initiative_dice") + 3
    kept = lotr.set_keep_initiative(rolled, True)
    again = kept
    for _ in range(4):  # hero, orc, cleanup, round 2
        again = battle_turns.next_turn(again, LOTR, random.Random(99)).encounter
    assert again.round == 2
    assert [p.initiative for p in again.participants] == [p.initiative for p in rolled.participants]


def test_lotr_order_follows_the_rolled_initiative() -> None:
    for seed in range(30):
        fight = battle_turns.start(lotr_fight(), LOTR, random.Random(seed))
        totals = [fight.get(pid).initiative for pid in order(fight, LOTR)]
        assert totals == sorted(totals, reverse=True) and len(totals) == 2


def test_lotr_level_initiative_is_left_to_the_gm() -> None:
    fight = battle_turns.start(lotr_fight(), LOTR, random.Random(1))
    fight = battle.with_participant(
        fight, "orc", lambda p: replace(p, initiative=fight.get("hero").initiative)
    )
    step = battle_turns.next_turn(fight, LOTR, random.Random(0))
    assert step.encounter.current == "hero" and step.tied == ("orc",)  # the GM's order, then the GM


def test_lotr_exhausted_is_unconscious_until_it_recovers() -> None:
    fight = lotr_fight()
    spent = battle.with_participant(
        battle.set_resource(fight, "hero", lotr.WEARINESS, 5), "hero", LOTR.settle
    )
    assert spent.get("hero").status is Status.DEFEATED
    rested = battle.with_participant(
        battle.set_resource(spent, "hero", lotr.WEARINESS, 4), "hero", LOTR.settle
    )
    assert rested.get("hero").status is Status.ACTIVE


def test_lotr_nothing_else_after_a_full_round_action() -> None:
    fight = battle_turns.start(lotr_fight(), LOTR, random.Random(1))
    sprinted = lotr.spend_action(fight, "hero", "sprint").encounter
    with pytest.raises(BattleRefused, match="ほかの行動ができません"):
        lotr.spend_action(sprinted, "hero", "attack")
    assert lotr.spend_action(sprinted, "hero", "free").penalty == 0  # a shout is still free


def test_lotr_dodge_replaces_defence_for_the_round_only_when_higher() -> None:
    fight = battle_turns.start(lotr_fight(), LOTR, random.Random(1))
    assert lotr.current_defence(fight.get("hero")) == 10
    low = lotr.dodge_result(fight, "hero", 8)
    assert lotr.current_defence(low.get("hero")) == 10
    high = lotr.dodge_result(fight, "hero", 14)
    assert lotr.current_defence(high.get("hero")) == 14
    for _ in range(4):
        high = battle_turns.next_turn(high, LOTR, random.Random(2)).encounter
    assert high.round == 2 and lotr.current_defence(high.get("hero")) == 10
    # P(2d6 (exploding) + 3 > 10) = P(dice ≥ 8) = 15/36, a double six counts with its extra die
    assert lotr.dodge_probability(fight.get("hero")) == Fraction(15, 36)


def test_lotr_parry_tie_goes_to_the_defender() -> None:
    # bonus 5 against an attack total of 12: dice ≥ 7 → 21/36
    assert lotr.parry_probability(5, 12) == Fraction(21, 36)


def test_lotr_wounds_fill_the_track_and_kill_at_its_end() -> None:
    fight = lotr_fight(health=4, wound_levels=5)
    hero = fight.get("hero")
    assert hero.resource(lotr.WOUNDS).maximum == 4 * 6  # Healthy + five wound levels
    hurt = battle.set_resource(fight, "hero", lotr.WOUNDS, 5)
    assert LOTR.states(hurt.get("hero"))[0] == "dazed"
    assert LOTR.penalty(hurt.get("hero")) == 0  # the summary gives Dazed no penalty: 未設定
    gm = lotr.LotRCombat(with_gm_wound_penalties())  # the GM's table: Dazed −1 … Incapacitated −5
    assert gm.penalty(hurt.get("hero")) == -1
    wounded = battle.set_resource(fight, "hero", lotr.WOUNDS, 13).get("hero")  # Wounded, empty
    assert gm.penalty(wounded) == -1  # Injured's, the lighter level's (the tracker reads as the sheet)
    dead = battle.with_participant(battle.set_resource(fight, "hero", lotr.WOUNDS, 24), "hero", LOTR.settle)
    assert dead.get("hero").status is Status.DEAD


# ---- Four Card ----------------------------------------------------------------------------------

FOURCARD = fourcard.FourCardCombat()


def test_fourcard_falls_through_the_lines() -> None:
    seed = FOURCARD.from_quick("戦士", {"st": 5, "wp": 4, "vt": 6})
    person = battle_turns.participant_from(seed, "w")
    lines = fourcard.lines(person)
    assert (lines.weakened, lines.unconscious, lines.dead) == (16, 24, 36)
    fight = battle.add_participants(Encounter(system="fourcard"), [person])

    def hit(encounter: Encounter, key: str, value: int) -> battle.Participant:
        changed = battle.set_resource(encounter, "w", key, value)
        return FOURCARD.settle(changed.get("w"))

    assert FOURCARD.penalty(hit(fight, fourcard.INJURY, 15)) == 0
    fight = battle.with_participant(
        fight,
        "w",
        lambda p: replace(
            p, resources=(Resource(fourcard.FATIGUE, "疲労", 6), Resource(fourcard.INJURY, "負傷", 10))
        ),
    )
    weak = FOURCARD.settle(fight.get("w"))
    assert FOURCARD.states(weak) == ("weakened",) and FOURCARD.penalty(weak) == -2
    assert weak.status is Status.ACTIVE
    out = hit(fight, fourcard.INJURY, 18)
    assert FOURCARD.states(out) == ("unconscious",) and out.status is Status.DEFEATED
    dead = hit(fight, fourcard.INJURY, 30)
    assert dead.status is Status.DEAD
    healed = FOURCARD.settle(
        replace(out, resources=(Resource(fourcard.FATIGUE, "疲労", 0), Resource(fourcard.INJURY, "負傷", 10)))
    )
    assert healed.status is Status.ACTIVE


def test_sides_follow_pc_and_npc() -> None:
    assert aw_person("a", 1, True).side is Side.ALLY
    assert aw_person("b", 1, False).side is Side.ENEMY
