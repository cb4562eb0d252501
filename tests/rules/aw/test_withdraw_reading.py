"""離脱 through several blockers under both readings of 「そのすべてに勝利しなければならない」 (house rule
aw.withdraw_roll): exact odds against a count of every roll written here from the rule text, and
fixed dice showing who rolls what."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from fractions import Fraction

import pytest

from gmtool.rules import battle, battle_turns
from gmtool.rules.battle import BattleRefused, Encounter
from gmtool.rules.checks import Side
from gmtool.rules.systems.aw import combat as aw
from gmtool.rules.systems.aw.checks import AWRoller
from gmtool.rules.systems.aw.house_rules import WITHDRAW_EACH, WITHDRAW_SINGLE

AW = aw.AWCombat()
SUMS = [a + b for a in range(1, 7) for b in range(1, 7)]  # the 36 equally likely 2D6 totals


def person(pid: str, initiative: int, pc: bool = False) -> battle.Participant:
    return battle_turns.participant_from(
        replace(AW.from_quick(pid, {"initiative": initiative}), is_pc=pc), pid
    )


def blockade(leaver: int, *blockers: int) -> tuple[Encounter, list[str]]:
    ids = [f"b{n}" for n in range(len(blockers))]
    people = [person("hero", leaver, True)] + [person(i, v) for i, v in zip(ids, blockers, strict=True)]
    fight = battle_turns.start(battle.add_participants(Encounter(system="aw"), people), AW, random.Random(0))
    for i in ids:
        fight = aw.engage(fight, i, "hero")
    return fight, ids


def leaver_beats(mine: int, my_sum: int, theirs: int, their_sum: int) -> bool:
    """The rule text's 対決, critical 12 and fumble 2: a blocker's critical wins, its fumble loses, the
    leaver's critical wins otherwise, and equal 達成値 go to the blocker (リアクション優先)."""
    if their_sum == 12:
        return False
    if their_sum == 2:
        return True
    if my_sum == 12:
        return True
    return mine + my_sum > theirs + their_sum


def count_each(mine: int, blockers: tuple[int, ...]) -> Fraction:
    """Every blocker met with a fresh roll of the leaver: 36 × 36 rolls per blocker."""
    p = Fraction(1)
    for theirs in blockers:
        won = sum(a != 2 and leaver_beats(mine, a, theirs, b) for a in SUMS for b in SUMS)
        p *= Fraction(won, 36 * 36)
    return p


def count_single(mine: int, blockers: tuple[int, ...]) -> Fraction:
    """One roll of the leaver against every blocker's own roll: all 36^(n+1) rolls counted."""
    won = 0
    for a in SUMS:
        for theirs_sums in itertools.product(SUMS, repeat=len(blockers)):
            # A fumbling leaver loses at once (the blockers need not roll).
            if a != 2 and all(
                leaver_beats(mine, a, t, b) for t, b in zip(blockers, theirs_sums, strict=True)
            ):
                won += 1
    return Fraction(won, 36 ** (len(blockers) + 1))


def test_the_issues_figures_five_against_two_fives():
    fight, ids = blockade(5, 5, 5)
    each = aw.withdraw_probability(fight, "hero", ids, WITHDRAW_EACH)
    single = aw.withdraw_probability(fight, "hero", ids, WITHDRAW_SINGLE)
    assert f"{float(each):.1%}" == "19.7%" and f"{float(single):.1%}" == "27.9%"
    assert aw.withdraw_probability(fight, "hero", ids) == each  # the default reading is today's


@pytest.mark.slow  # counts every roll of up to four dice pairs
@pytest.mark.parametrize(
    "mine, blockers", [(5, (5, 5)), (6, (5, 7)), (3, (8,)), (9, (2, 4, 6)), (0, (12, 0))]
)
def test_both_readings_match_a_count_of_every_roll(mine, blockers):
    fight, ids = blockade(mine, *blockers)
    assert aw.withdraw_probability(fight, "hero", ids, WITHDRAW_EACH) == count_each(mine, blockers)
    assert aw.withdraw_probability(fight, "hero", ids, WITHDRAW_SINGLE) == count_single(mine, blockers)


def test_one_blocker_reads_the_same_either_way_and_none_always_succeeds():
    fight, ids = blockade(4, 6)
    assert aw.withdraw_probability(fight, "hero", ids, WITHDRAW_EACH) == aw.withdraw_probability(
        fight, "hero", ids, WITHDRAW_SINGLE
    )
    assert aw.withdraw_probability(fight, "hero", [], WITHDRAW_SINGLE) == 1
    assert aw.blockade_probability(AWRoller(5), [AWRoller(5)] * 2, WITHDRAW_SINGLE) == count_single(5, (5, 5))


class Dice(random.Random):
    """Hands out the given die faces in order (randint only, as gmtool.rules.dice.roll asks)."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


def test_single_the_leaver_rolls_once_and_every_blocker_rolls_against_it():
    fight, ids = blockade(5, 5, 5)
    # Leaver 4+4 = 13; the first blocker 3+3 = 11, the second 4+4 = 13 (a tie: the blocker wins).
    dice = Dice(4, 4, 3, 3, 4, 4)
    out = aw.withdraw(fight, "hero", ids, dice, WITHDRAW_SINGLE)
    assert not dice.faces and out.reading == WITHDRAW_SINGLE
    assert [r.action.faces for _, r in out.results] == [(4, 4), (4, 4)]
    assert [r.winner for _, r in out.results] == [Side.ACTION, Side.REACTION]
    assert not out.succeeded and out.encounter.get("hero").engagement is not None
    # Both blockers roll below 13: through.
    out = aw.withdraw(fight, "hero", ids, Dice(4, 4, 3, 3, 2, 5), WITHDRAW_SINGLE)
    assert out.succeeded and out.encounter.get("hero").engagement is None


def test_each_the_leaver_rolls_afresh_and_the_first_loss_stops_it():
    fight, ids = blockade(5, 5, 5)
    # 5+8 against 5+6, then a fresh 5+6 against 5+4: two wins.
    out = aw.withdraw(fight, "hero", ids, Dice(4, 4, 3, 3, 3, 3, 2, 2), WITHDRAW_EACH)
    assert [r.action.faces for _, r in out.results] == [(4, 4), (3, 3)]
    assert [r.winner for _, r in out.results] == [Side.ACTION, Side.ACTION] and out.succeeded
    dice = Dice(1, 2, 6, 6, 6, 6)  # the first blocker's critical stops it: the second is never met
    out = aw.withdraw(fight, "hero", ids, dice, WITHDRAW_EACH)
    assert len(out.results) == 1 and not out.succeeded and dice.faces == [6, 6]


def test_single_a_fumbling_leaver_fails_and_no_blocker_rolls():
    fight, ids = blockade(5, 5, 5)
    dice = Dice(1, 1, 6)
    out = aw.withdraw(fight, "hero", ids, dice, WITHDRAW_SINGLE)
    assert dice.faces == [6] and not out.succeeded
    assert all(r.reaction is None and r.winner is Side.REACTION for _, r in out.results)


def test_an_unknown_reading_is_refused_by_name():
    fight, ids = blockade(5, 5)
    with pytest.raises(BattleRefused, match="「twice」"):
        aw.withdraw_probability(fight, "hero", ids, "twice")
