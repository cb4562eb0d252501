"""LotR house-rule switches in the engine: both readings of each, with fixed dice and exact odds
checked against counts written here from the rule text (not the engine's own tables)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

import pytest

from gmtool.rules.house_rules import HouseRules, house_rule, house_rules_of
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.checks import (
    GroupSpec,
    LotRRoller,
    RollSpec,
    group_distribution,
    resolve_group,
    resolve_roll,
    roll_distribution,
)
from gmtool.rules.systems.lotr.derived import wound_track
from gmtool.rules.systems.lotr.house_rules import (
    ARMED_BONUS_OFF,
    COURAGE_REST_OFF,
    MARGINAL_HELPER,
    MARGINAL_ONE,
    MARGINAL_ZERO,
    MORALE_BONUS_OFF,
    STUN_RELIEF_OFF,
    TIE_REROLL,
    TIE_STAYS,
    UNSET_LIGHTER,
    UNSET_WOUND_PENALTY,
    UNSET_ZERO,
)
from gmtool.rules.systems.lotr.kinds import roller_for
from gmtool.rules.systems.lotr.mass_battle import (
    BattleRefused,
    MassBattle,
    battle_odds,
    dump_mass_battle,
    hour_step,
    load_mass_battle,
    play_hour,
    roll_hour,
    start_battle,
)
from gmtool.rules.systems.lotr.rules_data import Degree, LotRRules, lotr_rules
from tests.qt_fixtures import sample_lotr_character
from tests.rules.lotr.gm_tables import with_gm_wound_penalties


class Dice:
    """An rng that deals the given faces in order (the engine asks randint(1, 6) per die)."""

    def __init__(self, *faces: int) -> None:
        self._faces: Iterator[int] = iter(faces)

    def randint(self, low: int, high: int) -> int:
        face = next(self._faces)
        assert low <= face <= high
        return face


# ---- an independent count of a CODA test (1.5) -----------------------------------------------
def band(margin: int) -> str:
    """1.5 成功度, read straight from the text's table."""
    if margin >= 11:
        return "extraordinary"
    if margin >= 6:
        return "superior"
    if margin >= 1:
        return "complete"
    if margin == 0:
        return "marginal"
    if margin >= -5:
        return "failure"
    if margin >= -10:
        return "complete_failure"
    return "disastrous"


def counted_test(bonus: int, tn: int) -> dict[str, Fraction]:
    """P of each degree, by walking every face: 2d6, a double six adds d6 while the d6 shows 6.
    Once every further die can only land in the top band, the whole rest of the chain goes there."""
    odds: dict[str, Fraction] = {}

    def add(degree: str, p: Fraction) -> None:
        odds[degree] = odds.get(degree, Fraction(0)) + p

    def explode(total: int, p: Fraction) -> None:
        if total + 1 + bonus - tn >= 11:
            add("extraordinary", p)
            return
        for die in range(1, 7):
            if die == 6:
                explode(total + 6, p / 6)
            else:
                add(band(total + die + bonus - tn), p / 6)

    for a, b in itertools.product(range(1, 7), repeat=2):
        if a == b == 6:
            explode(12, Fraction(1, 36))
        else:
            add(band(a + b + bonus - tn), Fraction(1, 36))
    assert sum(odds.values()) == 1
    return odds


SUCCESSES = ("marginal", "complete", "superior", "extraordinary")
DEGREES = {
    "disastrous": Degree.DISASTROUS_FAILURE,
    "complete_failure": Degree.COMPLETE_FAILURE,
    "failure": Degree.FAILURE,
    "marginal": Degree.MARGINAL_SUCCESS,
    "complete": Degree.COMPLETE_SUCCESS,
    "superior": Degree.SUPERIOR_SUCCESS,
    "extraordinary": Degree.EXTRAORDINARY_SUCCESS,
}
# 1.5.1 「成功度によって +0〜+3 のボーナス」, each reading's helper bonus by degree.
HELP = {
    MARGINAL_ZERO: {"marginal": 0, "complete": 1, "superior": 2, "extraordinary": 3},
    MARGINAL_ONE: {"marginal": 1, "complete": 1, "superior": 2, "extraordinary": 3},
}


def counted_group_success(leader: int, tn: int, helpers: tuple[int, ...], reading: str) -> Fraction:
    """P(the leader succeeds): every combination of the helpers' degrees (each at TN − 5)."""
    per_helper = [counted_test(h, tn - 5) for h in helpers]
    success = Fraction(0)
    for combo in itertools.product(*(d.items() for d in per_helper)):
        p = Fraction(1)
        help_total = 0
        for degree, q in combo:
            p *= q
            help_total += HELP[reading].get(degree, 0)
        leader_odds = counted_test(leader + help_total, tn)
        success += p * sum(leader_odds.get(d, Fraction(0)) for d in SUCCESSES)
    return success


def group(leader: int, tn: int, helpers: tuple[int, ...], reading: str) -> GroupSpec:
    return GroupSpec(
        RollSpec(LotRRoller(modifier=leader), tn), tuple(LotRRoller(modifier=h) for h in helpers), reading
    )


# ---- 1. a Marginal helper --------------------------------------------------------------------
def test_the_switches_default_to_todays_readings():
    rules = HouseRules()
    assert [r.id for r in house_rules_of("lotr")] == [
        MARGINAL_HELPER,
        "lotr.battle_tie",
        "lotr.unset_wound_penalty",
        "lotr.armed_combat_bonus",
        "lotr.courage_weariness",
        "lotr.stun_relief",
        "lotr.unit_morale_bonus",
    ]
    assert all(rules.get(r.id) == r.default for r in house_rules_of("lotr"))
    assert rules.get(MARGINAL_HELPER) == MARGINAL_ZERO
    optional = {r.id: rules.get(r.id) for r in house_rules_of("lotr")[3:]}
    assert optional == {  # the text's optional rules (「GMが望むなら」…) are off unless chosen
        "lotr.armed_combat_bonus": ARMED_BONUS_OFF,
        "lotr.courage_weariness": COURAGE_REST_OFF,
        "lotr.stun_relief": STUN_RELIEF_OFF,
        "lotr.unit_morale_bonus": MORALE_BONUS_OFF,
    }


@pytest.mark.parametrize("reading", [MARGINAL_ZERO, MARGINAL_ONE])
@pytest.mark.parametrize(
    ("leader", "tn", "helpers"),
    [(3, 12, (0,)), (2, 14, (0, 2)), (0, 10, (-1, 1, 3))],
)
def test_group_odds_of_each_reading_agree_with_a_count(reading, leader, tn, helpers):
    exact = group_distribution(group(leader, tn, helpers, reading)).probability(lambda d: d.succeeded)
    assert exact == counted_group_success(leader, tn, helpers, reading)


def test_a_marginal_helper_adds_one_only_under_the_house_rule():
    # Helper 0 vs TN 7 is Marginal with P(2d6 = 7) = 1/6; the leader (3 vs TN 12) needs 2d6 ≥ 9,
    # and with that +1 also succeeds on 2d6 = 8 (5/36).  Every other help is the same in both.
    zero = counted_group_success(3, 12, (0,), MARGINAL_ZERO)
    one = counted_group_success(3, 12, (0,), MARGINAL_ONE)
    assert counted_test(0, 7)["marginal"] == Fraction(1, 6)
    assert one - zero == Fraction(1, 6) * Fraction(5, 36)


@pytest.mark.parametrize(
    ("reading", "bonus", "degree"),
    [(MARGINAL_ZERO, 0, Degree.FAILURE), (MARGINAL_ONE, 1, Degree.MARGINAL_SUCCESS)],
)
def test_fixed_dice_a_marginal_helper_decides_the_leaders_roll(reading, bonus, degree):
    # The helper rolls 3+4 = 7 against TN 12 − 5 = 7: Marginal.  The leader then rolls 4+4 + 3.
    result = resolve_group(group(3, 12, (0,), reading), Dice(3, 4, 4, 4))
    assert result.helpers[0].degree is Degree.MARGINAL_SUCCESS
    assert result.help_bonus == bonus and result.gives(result.helpers[0]) == bonus
    assert result.leader.total == 11 + bonus and result.leader.degree is degree
    assert result.marginal_helper == reading


def test_an_unknown_reading_is_refused_by_name():
    with pytest.raises(ValueError, match="sometimes"):
        group(0, 10, (0,), "sometimes")


# ---- 2. a tied hour in a mass battle ---------------------------------------------------------
def counted_hour(position: int, edge: int, tie: str) -> tuple[Fraction, Fraction]:
    """(P(ours moves up), P(down)) in one hour, from all 36 × 36 faces; a re-rolled tie is summed
    as the geometric series u·(1 + t + t² + …) = u / (1 − t), checked against its partial sums."""
    up = down = tied = 0
    for faces in itertools.product(range(1, 7), repeat=4):
        ours, theirs = faces[0] + faces[1] + position + edge, faces[2] + faces[3]
        up, down, tied = up + (ours > theirs), down + (ours < theirs), tied + (ours == theirs)
    u, d, t = Fraction(up, 1296), Fraction(down, 1296), Fraction(tied, 1296)
    if tie == TIE_STAYS:
        return u, d
    partial = sum(u * t**k for k in range(40))
    assert 0 < u / (1 - t) - partial < t**40  # the series' tail, exactly
    return u / (1 - t), d / (1 - t)


def counted_battle(edge: int, tie: str) -> dict[int, tuple[Fraction, Fraction]]:
    """P(Victory) and expected hours from each position, by first-step analysis solved with the
    tridiagonal (Thomas) algorithm: x_i = 1·[hour] + up_i x_{i+1} + down_i x_{i−1} + stay_i x_i."""
    positions = list(range(-3, 4))
    steps = [counted_hour(p, edge, tie) for p in positions]

    def solve(rhs: list[Fraction]) -> list[Fraction]:
        # (1 − stay_i) x_i − up_i x_{i+1} − down_i x_{i−1} = rhs_i, boundaries folded into rhs.
        n = len(positions)
        a = [-steps[i][1] for i in range(n)]  # below the diagonal
        b = [steps[i][0] + steps[i][1] for i in range(n)]  # 1 − stay
        c = [-steps[i][0] for i in range(n)]  # above
        cp, dp = [Fraction(0)] * n, [Fraction(0)] * n
        for i in range(n):
            denom = b[i] - (a[i] * cp[i - 1] if i else 0)
            cp[i] = c[i] / denom
            dp[i] = (rhs[i] - (a[i] * dp[i - 1] if i else 0)) / denom
        x = [Fraction(0)] * n
        for i in reversed(range(n)):
            x[i] = dp[i] - (cp[i] * x[i + 1] if i + 1 < n else 0)
        return x

    victory = solve([steps[-1][0] if p == 3 else Fraction(0) for p in positions])
    hours = solve([Fraction(1)] * len(positions))
    return {p: (victory[i], hours[i]) for i, p in enumerate(positions)}


@pytest.mark.parametrize("tie", [TIE_STAYS, TIE_REROLL])
@pytest.mark.parametrize(("ours", "theirs"), [(0, 0), (3, 1), (0, 4)])
def test_battle_odds_of_each_reading_agree_with_a_count(tie, ours, theirs):
    assert battle_odds(ours, theirs, tie) == counted_battle(ours - theirs, tie)
    for position in range(-3, 4):
        up, down = counted_hour(position, ours - theirs, tie)
        assert hour_step(position, ours, theirs, tie) == {1: up, -1: down, 0: 1 - up - down}


def test_rerolled_ties_keep_victory_and_shorten_the_battle():
    stays, reroll = battle_odds(), battle_odds(tie=TIE_REROLL)
    for position in range(-3, 4):
        assert reroll[position][0] == stays[position][0]  # a tie delays, it never decides
        assert 4 - abs(position) <= reroll[position][1] < stays[position][1]
    assert hour_step(0, tie=TIE_REROLL) == {1: Fraction(1, 2), -1: Fraction(1, 2), 0: 0}


@pytest.mark.parametrize(
    ("tie", "after", "ties"),
    [(TIE_STAYS, 0, ()), (TIE_REROLL, 1, (((3, 4), (2, 5)),))],
)
def test_fixed_dice_a_tied_hour_stays_or_is_rolled_again(tie, after, ties):
    # Even battle: 3+4 against 2+5 ties; rolled again, 6+5 beats 1+1.
    state = roll_hour(start_battle(MassBattle(), 0), Dice(3, 4, 2, 5, 6, 5, 1, 1), tie)
    record = state.hours[-1]
    assert state.position == after and record.ties == ties
    assert (record.ours_faces, record.theirs_faces) == (
        ((3, 4), (2, 5)) if tie == TIE_STAYS else ((6, 5), (1, 1))
    )
    assert load_mass_battle(dump_mass_battle(state)) == state
    assert ("ties" in dump_mass_battle(state)["hours"][0]) == bool(
        ties
    )  # a file without re-rolls is as before


def test_a_stored_reroll_that_did_not_tie_or_an_unknown_reading_is_refused():
    state = start_battle(MassBattle(), 0)
    with pytest.raises(BattleRefused, match="同点ではありません"):
        play_hour(state, (6, 5), (1, 1), (((3, 4), (2, 2)),))
    with pytest.raises(BattleRefused, match="sometimes"):
        battle_odds(tie="sometimes")


# ---- 3. wound penalties the summary does not give ---------------------------------------------
def wounded(level_index: int, rules: LotRRules) -> LotRCharacter:
    """A Medium character (five wound levels) in the given bucket (0 Healthy … 5 Near Death)."""
    sample = sample_lotr_character()
    assert isinstance(sample, LotRCharacter)
    character = replace(sample, size="medium", wound_levels=5)
    return replace(character, damage=level_index * character.health)


def counted_penalty(level_index: int, rules: LotRRules, reading: str) -> int:
    """The penalty read off the table by hand: a set value; an unset one 0, or (lighter) the
    first set value met walking up toward Healthy."""
    levels = rules.wound_levels
    if levels[level_index].penalty is not None or reading == UNSET_ZERO:
        return levels[level_index].penalty or 0
    for lighter in reversed(levels[:level_index]):
        if lighter.penalty is not None:
            return lighter.penalty
    return 0


def test_the_summary_gives_no_wound_penalty_so_every_level_ships_unset():
    # What the shipped table leaves empty: the levels the house rule is about (no number invented;
    # the Dazed −1, Injured −1, Incapacitated −5 shipped before as 既知 are not in the summary).
    unset = [lv.id for lv in lotr_rules().wound_levels if lv.penalty is None]
    assert unset == ["dazed", "injured", "wounded", "incapacitated", "near_death"]


def test_the_default_reading_is_the_lighter_levels_penalty():
    """The issue's finding: under the old default (0) a GM who filled in only the lighter levels
    saw Wounded roll better than Injured.  The default is now the reading where no worse level
    rolls better, for the house-rule switch and for the engine's tables alike."""
    assert house_rule(UNSET_WOUND_PENALTY).default == UNSET_LIGHTER
    assert HouseRules().get(UNSET_WOUND_PENALTY) == UNSET_LIGHTER
    assert lotr_rules().unset_wound_penalty == UNSET_LIGHTER
    gm = with_gm_wound_penalties()
    by_default = [wound_track(wounded(i, gm), gm).penalty for i in range(6)]
    assert all(a >= b for a, b in itertools.pairwise(by_default))


@pytest.mark.parametrize("reading", [UNSET_ZERO, UNSET_LIGHTER])
@pytest.mark.parametrize("index", range(6))
def test_each_levels_test_odds_follow_the_reading(reading, index):
    rules = replace(with_gm_wound_penalties(), unset_wound_penalty=reading)
    character = wounded(index, rules)
    healthy = roller_for(replace(character, damage=0), "attribute:nim", rules)
    roller = roller_for(character, "attribute:nim", rules)
    penalty = counted_penalty(index, rules, reading)
    assert roller.condition == penalty and wound_track(character, rules).penalty == penalty
    assert roll_distribution(RollSpec(roller, 10)) == roll_distribution(RollSpec(healthy, 10 - penalty))
    exact = roll_distribution(RollSpec(roller, 10))
    counted = counted_test(healthy.bonus + penalty, 10)
    assert dict(exact.items()) == {DEGREES[k]: p for k, p in counted.items() if p}


def test_with_the_gms_table_wounded_rolls_better_than_dazed_unless_the_lighter_value_is_carried():
    # The GM filled in Dazed, Injured and Incapacitated only (the shipped table is all empty now).
    shipped = replace(with_gm_wound_penalties(), unset_wound_penalty=UNSET_ZERO)
    zero = [wound_track(wounded(i, shipped), shipped).penalty for i in range(6)]
    assert zero == [0, -1, -1, 0, -5, 0]  # Wounded and Near Death: no value, counted 0
    assert wound_track(wounded(3, shipped), shipped).lighter_worse.id == "dazed"
    carried = replace(shipped, unset_wound_penalty=UNSET_LIGHTER)
    lighter = [wound_track(wounded(i, carried), carried).penalty for i in range(6)]
    assert lighter == [0, -1, -1, -1, -5, -5]
    assert all(a >= b for a, b in itertools.pairwise(lighter))  # no worse level rolls better
    track = wound_track(wounded(5, carried), carried)
    assert track.penalty_unset and track.carried_from.id == "incapacitated" and track.lighter_worse is None


@pytest.mark.parametrize(
    ("reading", "degree"), [(UNSET_ZERO, Degree.MARGINAL_SUCCESS), (UNSET_LIGHTER, Degree.FAILURE)]
)
def test_fixed_dice_a_wounded_roll_at_the_tn_succeeds_only_without_the_carried_penalty(reading, degree):
    rules = replace(with_gm_wound_penalties(), unset_wound_penalty=reading)
    roller = roller_for(wounded(3, rules), "attribute:nim", rules)
    tn = 8 + roller.bonus - roller.condition  # 4 + 4 lands exactly on it with no penalty
    result = resolve_roll(RollSpec(roller, tn), Dice(4, 4))
    assert result.degree is degree
