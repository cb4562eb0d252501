"""Exact LotR (CODA) probabilities against an independent enumeration.

The reference never calls the engine's judges or its closed forms: it walks the dice the way a
player rolls them — 36 pairs of d6, and after a double six one more d6 at a time while it shows 6 —
in Fractions, dropping a branch once its probability is below 1e-30, and reads the degree from
the margin with the bands written out from the rule text (1.5 成功度).  The engine's values are
Fractions summed in closed form (no truncation); SPEC.md asks for agreement to 1e-9.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from gmtool.app.cli import run_prob
from gmtool.rules.systems.lotr import exploding
from gmtool.rules.systems.lotr.checks import (
    Contestant,
    CorruptionSpec,
    GroupSpec,
    LotRRoller,
    OpposedSpec,
    RollSpec,
    TieRule,
    corruption_distribution,
    distribution,
    group_distribution,
    help_bonus_distribution,
    opposed_distribution,
    opposed_round,
    roll_distribution,
    success_probability,
    with_courage_probabilities,
)
from gmtool.rules.systems.lotr.rules_data import DEGREE_ORDER, Degree

TOLERANCE = 1e-9
CUTOFF = Fraction(1, 10**30)
REPO = Path(__file__).resolve().parents[3]
BONUSES = [-14, -6, -2, 0, 1, 3, 5, 8, 12, 21]
TNS = [-4, 0, 4, 7, 10, 12, 13, 15, 18, 20, 25, 31, 40]
SUCCESSES = ("marginal_success", "complete_success", "superior_success", "extraordinary_success")


# --- the independent reference -------------------------------------------------------------------


@cache
def ref_totals() -> dict[int, Fraction]:
    """P(dice total = t) by walking the rolls; branches below CUTOFF are dropped (mass < 1e-30)."""
    table: dict[int, Fraction] = {}

    def extra_die(p: Fraction, so_far: int) -> None:
        for face in range(1, 7):
            q = p / 6
            if face < 6:
                table[so_far + face] = table.get(so_far + face, Fraction(0)) + q
            elif q >= CUTOFF:
                extra_die(q, so_far + 6)

    for a, b in itertools.product(range(1, 7), repeat=2):
        if a == b == 6:
            extra_die(Fraction(1, 36), 12)
        else:
            table[a + b] = table.get(a + b, Fraction(0)) + Fraction(1, 36)
    return table


def ref_degree(margin: int) -> str:
    """「11- Disastrous / 6-10 Complete Failure / 1-5 Failure / = Marginal / 1-5 Complete /
    6-10 Superior / 11- Extraordinary」."""
    if margin <= -11:
        return "disastrous_failure"
    if margin <= -6:
        return "complete_failure"
    if margin <= -1:
        return "failure"
    if margin == 0:
        return "marginal_success"
    if margin <= 5:
        return "complete_success"
    if margin <= 10:
        return "superior_success"
    return "extraordinary_success"


@cache
def ref_roll(bonus: int, tn: int) -> dict[str, Fraction]:
    table: dict[str, Fraction] = {}
    for total, p in ref_totals().items():
        degree = ref_degree(total + bonus - tn)
        table[degree] = table.get(degree, Fraction(0)) + p
    return table


def ref_success(bonus: int, tn: int) -> Fraction:
    return sum((p for d, p in ref_roll(bonus, tn).items() if d in SUCCESSES), Fraction(0))


@cache
def ref_float_totals() -> tuple[tuple[int, float], ...]:
    return tuple((t, float(p)) for t, p in ref_totals().items() if p > Fraction(1, 10**20))


def ref_opposed_round(a_bonus: int, b_bonus: int) -> tuple[float, float, float]:
    """(P(a ahead), P(b ahead), P(tie)) over every pair of totals (mass dropped < 1e-17)."""
    a_ahead = b_ahead = tie = 0.0
    for ta, pa in ref_float_totals():
        for tb, pb in ref_float_totals():
            if ta + a_bonus > tb + b_bonus:
                a_ahead += pa * pb
            elif ta + a_bonus < tb + b_bonus:
                b_ahead += pa * pb
            else:
                tie += pa * pb
    return a_ahead, b_ahead, tie


def _close(engine: dict[str, Fraction], reference: dict[str, Fraction], what: str) -> None:
    for key in set(engine) | set(reference):
        difference = abs(float(engine.get(key, 0)) - float(reference.get(key, 0)))
        assert difference < TOLERANCE, (
            f"{what} {key}: engine {engine.get(key)} reference {reference.get(key)}"
        )


def _spec(bonus: int, tn: int) -> RollSpec:
    return RollSpec(LotRRoller(modifier=bonus), tn)


def _as_str(dist: object) -> dict[str, Fraction]:
    return {str(k): p for k, p in dist.items()}  # type: ignore[attr-defined]


def test_reference_is_a_distribution() -> None:
    totals = ref_totals()
    missing = 1 - sum(totals.values())
    assert 0 <= missing < CUTOFF * 10
    assert totals[2] == Fraction(1, 36) and totals[11] == Fraction(2, 36)
    assert 12 not in totals and 18 not in totals
    assert totals[13] == Fraction(1, 216) and totals[19] == Fraction(1, 1296)


# --- single tests --------------------------------------------------------------------------------


@pytest.mark.parametrize("bonus", BONUSES)
def test_roll_distribution_matches_the_enumeration(bonus: int) -> None:
    for tn in TNS:
        dist = roll_distribution(_spec(bonus, tn))
        _close(_as_str(dist), ref_roll(bonus, tn), f"bonus {bonus} TN {tn}")
        assert sum(p for _, p in dist.items()) == 1, "exactly 1 in Fractions"
        assert all(isinstance(p, Fraction) and p > 0 for _, p in dist.items())
        assert list(dist) == [d for d in DEGREE_ORDER if d in set(dist)], "listed lowest first"


def test_only_the_sum_of_the_roller_matters() -> None:
    """Rank, attribute, specialisation, affinity, untrained, condition and modifier all just add."""
    parts = LotRRoller(
        rank=5, attribute_modifier=2, specialisation=2, affinity=1, untrained=True, condition=-1, modifier=-3
    )
    assert parts.bonus == 4
    assert roll_distribution(RollSpec(parts, 14)) == roll_distribution(_spec(4, 14))
    assert distribution(RollSpec(parts, 14)) == roll_distribution(_spec(4, 14))


def test_the_top_and_bottom_degrees_only_when_reachable() -> None:
    assert Degree.DISASTROUS_FAILURE not in set(roll_distribution(_spec(0, 12)))  # 2 − 12 = −10
    assert roll_distribution(_spec(0, 13))[Degree.DISASTROUS_FAILURE] == Fraction(1, 36)
    assert roll_distribution(_spec(30, 10)).probabilities == {Degree.EXTRAORDINARY_SUCCESS: 1}
    # Extraordinary at TN 13 needs 24+: a double six, then a 6, then 6+: 1/36 · 1/6 · 1/6.
    assert roll_distribution(_spec(0, 13))[Degree.EXTRAORDINARY_SUCCESS] == Fraction(1, 1296)


def test_truncated_totals_for_the_bar_plot() -> None:
    listing, tail = exploding.truncated_totals()
    assert tail < Fraction(1, 10**12)
    assert sum(listing.values()) + tail == 1
    assert abs(float(sum(listing.values())) - 1) < 1e-12
    reference = ref_totals()
    for total, p in listing.items():
        assert p > 0 and total != 12
        assert abs(p - reference[total]) < CUTOFF * 10, total
    assert min(listing) == 2
    # The listing stops at the first total whose remaining mass is below the limit, not before.
    assert exploding.at_least(max(listing)) >= Fraction(1, 10**12)


def test_no_total_of_twelve_or_of_twelve_plus_a_multiple_of_six() -> None:
    """A double six is always followed by a non-6 last die, so R ∈ {2…11} ∪ {12 + x : 6 ∤ x}."""
    for total in (12, 18, 24, 30, 36):
        assert exploding.pmf(total) == 0
    assert exploding.pmf(1) == 0 and exploding.pmf(0) == 0
    assert exploding.pmf(13) == Fraction(1, 216)


@pytest.mark.parametrize("total", range(-3, 70))
def test_at_least_in_closed_form(total: int) -> None:
    reference = sum((p for t, p in ref_totals().items() if t >= total), Fraction(0))
    assert abs(exploding.at_least(total) - reference) < CUTOFF * 10
    assert exploding.pmf(total) == exploding.at_least(total) - exploding.at_least(total + 1)


def test_at_least_exact_values() -> None:
    assert exploding.at_least(2) == 1
    assert exploding.at_least(11) == Fraction(3, 36)
    assert exploding.at_least(12) == exploding.at_least(13) == Fraction(1, 36)
    assert exploding.at_least(18) == exploding.at_least(19) == Fraction(1, 216)
    assert exploding.at_least(14) == Fraction(1, 36) * Fraction(5, 6)


# --- courage -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("bonus", "tn"), [(0, 12), (3, 14), (-2, 20), (5, 30), (8, 8)])
def test_courage_probabilities(bonus: int, tn: int) -> None:
    spec = _spec(bonus, tn)
    table = with_courage_probabilities(spec, 4)
    assert list(table) == [0, 1, 2, 3, 4]
    assert table[0] == success_probability(spec)
    values = list(table.values())
    assert all(a <= b for a, b in itertools.pairwise(values)), "more courage never hurts"
    for n, p in table.items():
        assert abs(float(p) - float(ref_success(bonus + 3 * n, tn))) < TOLERANCE, n


def test_courage_probability_grows_where_it_can() -> None:
    table = with_courage_probabilities(_spec(0, 15), 4)
    assert all(a < b for a, b in itertools.pairwise(table.values()))
    bold = with_courage_probabilities(_spec(0, 15), 2, per_point=5)  # 「+3 を +5 にする」 traits
    assert abs(float(bold[2]) - float(ref_success(10, 15))) < TOLERANCE


# --- opposed tests -------------------------------------------------------------------------------

OPPOSED = [(0, 0), (3, 0), (0, 3), (5, 2), (-2, 4), (10, 0), (0, 12), (7, 7)]


@pytest.mark.parametrize(("a_bonus", "b_bonus"), OPPOSED)
def test_opposed_round_matches_a_double_enumeration(a_bonus: int, b_bonus: int) -> None:
    spec = OpposedSpec(LotRRoller(rank=a_bonus), LotRRoller(rank=b_bonus))
    one = opposed_round(spec)
    assert sum(one.values()) == 1
    a_ahead, b_ahead, tie = ref_opposed_round(a_bonus, b_bonus)
    assert abs(float(one[Contestant.A]) - a_ahead) < TOLERANCE
    assert abs(float(one[Contestant.B]) - b_ahead) < TOLERANCE
    assert abs(float(one[None]) - tie) < TOLERANCE


@pytest.mark.parametrize(("a_bonus", "b_bonus"), OPPOSED)
def test_opposed_tie_rules(a_bonus: int, b_bonus: int) -> None:
    a_ahead, b_ahead, tie = ref_opposed_round(a_bonus, b_bonus)
    a, b = LotRRoller(rank=a_bonus), LotRRoller(rank=b_bonus)
    expected = {
        TieRule.REROLL: a_ahead / (a_ahead + b_ahead),  # ties rolled again drop out
        TieRule.DODGE: a_ahead + tie,  # a tie is a hit: the attacker
        TieRule.PARRY: a_ahead,  # a tie is a parry: the defender
    }
    for rule, p_a in expected.items():
        dist = opposed_distribution(OpposedSpec(a, b, rule))
        assert dist[Contestant.A] + dist[Contestant.B] == 1
        assert set(dist) <= {Contestant.A, Contestant.B}
        assert abs(float(dist[Contestant.A]) - p_a) < TOLERANCE, rule
        assert distribution(OpposedSpec(a, b, rule)) == dist


def test_opposed_is_symmetric_and_even_when_equal() -> None:
    for a_bonus, b_bonus in OPPOSED:
        forward = opposed_distribution(OpposedSpec(LotRRoller(rank=a_bonus), LotRRoller(rank=b_bonus)))
        back = opposed_distribution(OpposedSpec(LotRRoller(rank=b_bonus), LotRRoller(rank=a_bonus)))
        assert forward[Contestant.A] == back[Contestant.B]
    even = opposed_distribution(OpposedSpec(LotRRoller(rank=4), LotRRoller(rank=4)))
    assert even[Contestant.A] == Fraction(1, 2)
    dodge = opposed_distribution(OpposedSpec(LotRRoller(), LotRRoller(), TieRule.DODGE))
    parry = opposed_distribution(OpposedSpec(LotRRoller(), LotRRoller(), TieRule.PARRY))
    assert dodge[Contestant.A] > Fraction(1, 2) > parry[Contestant.A]
    assert dodge[Contestant.A] == parry[Contestant.B]


# --- group tests ---------------------------------------------------------------------------------

HELP = {"marginal_success": 0, "complete_success": 1, "superior_success": 2, "extraordinary_success": 3}
GROUPS = [
    (0, 12, (0,)),
    (2, 15, (0, 3)),
    (-1, 10, (5, -2, 1)),
    (4, 20, (8, 8)),
    (0, 8, (-6, 12)),
]


def ref_group(
    leader: int, tn: int, helpers: tuple[int, ...]
) -> tuple[dict[str, Fraction], dict[int, Fraction]]:
    """Brute force over every combination of the helpers' degrees (each at TN − 5)."""
    degrees: dict[str, Fraction] = {}
    bonuses: dict[int, Fraction] = {}
    per_helper = [list(ref_roll(h, tn - 5).items()) for h in helpers]
    for outcome in itertools.product(*per_helper):
        p = Fraction(1)
        for _, q in outcome:
            p *= q
        bonus = sum(HELP.get(d, 0) for d, _ in outcome)
        bonuses[bonus] = bonuses.get(bonus, Fraction(0)) + p
        for degree, q in ref_roll(leader + bonus, tn).items():
            degrees[degree] = degrees.get(degree, Fraction(0)) + p * q
    return degrees, bonuses


@pytest.mark.parametrize(("leader", "tn", "helpers"), GROUPS)
def test_group_distribution_matches_brute_force(leader: int, tn: int, helpers: tuple[int, ...]) -> None:
    spec = GroupSpec(_spec(leader, tn), tuple(LotRRoller(rank=h) for h in helpers))
    degrees, bonuses = ref_group(leader, tn, helpers)
    dist = group_distribution(spec)
    assert sum(p for _, p in dist.items()) == 1
    _close(_as_str(dist), degrees, "group")
    assert distribution(spec) == dist
    help_dist = help_bonus_distribution(spec)
    assert max(help_dist) <= 3 * len(helpers) and min(help_dist) >= 0
    for bonus in set(help_dist) | set(bonuses):
        assert abs(float(help_dist[bonus]) - float(bonuses.get(bonus, 0))) < TOLERANCE, bonus


def test_help_never_lowers_the_odds() -> None:
    alone = success_probability(_spec(2, 15))
    helped = group_distribution(GroupSpec(_spec(2, 15), (LotRRoller(rank=3),)))
    assert helped.probability(lambda d: d.succeeded) > alone
    assert group_distribution(GroupSpec(_spec(2, 15))) == roll_distribution(_spec(2, 15))


# --- corruption ----------------------------------------------------------------------------------

CHANGE = {
    "disastrous_failure": 3,
    "complete_failure": 2,
    "failure": 1,
    "marginal_success": 0,
    "complete_success": 0,
    "superior_success": -1,
    "extraordinary_success": -2,
}


@pytest.mark.parametrize(("bonus", "tn"), [(0, 13), (2, 10), (-3, 20), (6, 8)])
def test_corruption_distribution(bonus: int, tn: int) -> None:
    dist = corruption_distribution(CorruptionSpec(_spec(bonus, tn)))
    reference: dict[int, Fraction] = {}
    for degree, p in ref_roll(bonus, tn).items():
        reference[CHANGE[degree]] = reference.get(CHANGE[degree], Fraction(0)) + p
    assert sum(p for _, p in dist.items()) == 1
    for change in set(dist) | set(reference):
        assert abs(float(dist[change]) - float(reference.get(change, 0))) < TOLERANCE, change


# --- the CLI -------------------------------------------------------------------------------------

DEGREE_KEYS = [
    "disastrous_failure",
    "complete_failure",
    "failure",
    "marginal_success",
    "complete_success",
    "superior_success",
    "extraordinary_success",
]


def _check_cli_output(out: dict, bonus: int, tn: int) -> None:
    assert list(out) == ["system", "success", "degrees"]
    assert out["system"] == "lotr"
    assert list(out["degrees"]) == DEGREE_KEYS
    reference = ref_roll(bonus, tn)
    for key, p in out["degrees"].items():
        assert isinstance(p, float)
        assert abs(p - float(reference.get(key, 0))) < TOLERANCE, key
    assert abs(out["success"] - sum(out["degrees"][k] for k in SUCCESSES)) < 1e-12
    assert abs(out["success"] - float(ref_success(bonus, tn))) < TOLERANCE


@pytest.mark.parametrize(("bonus", "tn"), [(3, 12), (0, 13), (-5, 4), (20, 5)])
def test_cli_json(capsys: pytest.CaptureFixture[str], bonus: int, tn: int) -> None:
    assert run_prob(["lotr", "--bonus", str(bonus), "--tn", str(tn), "--json"]) == 0
    _check_cli_output(json.loads(capsys.readouterr().out), bonus, tn)


def test_cli_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_prob(["lotr", "--bonus", "3", "--tn", "12"]) == 0
    text = capsys.readouterr().out
    for name in ("Disastrous Failure", "Marginal Success", "Extraordinary Success", "目標値 12", "+3"):
        assert name in text


def test_cli_refuses_a_missing_tn(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        run_prob(["lotr", "--bonus", "3"])
    assert info.value.code == 2
    assert "--tn" in capsys.readouterr().err


def test_cli_as_a_program() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "gmtool", "prob", "lotr", "--bonus", "3", "--tn", "12", "--json"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    _check_cli_output(json.loads(out.stdout), 3, 12)


def test_a_degree_distribution_reads_the_roll_once_per_band_edge(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression guard (issue 36): the stacked plot asks for 21 TNs at every TN change, and a sum
    over every dice total made that change slow; one distribution reads P(R ≥ t) at each band edge
    and nothing else."""
    reads: list[str] = []
    at_least, pmf = exploding.at_least, exploding.pmf
    monkeypatch.setattr(exploding, "at_least", lambda t: reads.append("at_least") or at_least(t))
    monkeypatch.setattr(exploding, "pmf", lambda t: reads.append("pmf") or pmf(t))
    spec = _spec(5, 17)
    roll_distribution.cache_clear()
    dist = roll_distribution(spec)
    edges = {low for _degree, low in spec.bands if low is not None}
    assert "pmf" not in reads and 0 < reads.count("at_least") <= len(edges)
    _close(_as_str(dist), ref_roll(5, 17), "bonus 5 TN 17")
