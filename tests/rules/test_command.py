"""BCDice-style commands: golden lines with fixed dice, exact odds vs brute force and vs 20 000
seeded rolls, and errors that point at the bad character."""

from __future__ import annotations

import itertools
import random
import tomllib
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from gmtool.rules.command import CommandError, FixedDice, distribution, parse, roll, substitute
from gmtool.rules.command_dist import upper_chance
from tests.helpers_stats import chi_square_critical, chi_square_statistic

GOLDEN = tomllib.loads((Path(__file__).parents[1] / "data" / "bcdice_golden.toml").read_text("utf-8"))["test"]


@pytest.mark.parametrize("case", GOLDEN, ids=[c["input"] for c in GOLDEN])
def test_golden(case):
    dice = FixedDice([(r["sides"], r["value"]) for r in case["rands"]])
    result = roll(case["input"], dice)
    assert result.text == case["output"]
    assert dice.unused == 0, "every listed die is rolled"
    assert result.secret == case.get("secret", False)
    assert result.success == case.get("success")
    if "total" in case:
        assert result.total == case["total"]
    assert result.comment == case.get("comment", result.comment)
    assert (result.critical, result.fumble) == (case.get("critical", False), case.get("fumble", False))
    assert [f for f in result.dice] == [r["value"] for r in case["rands"]] or "choice" in case["input"]


def test_golden_covers_every_form():
    inputs = " ".join(c["input"].upper() for c in GOLDEN)
    for form in ("(", "*", "/", "U", "R", ">=", ">", "<=", "<", "=", "<>", "=>", "=<", "!=", "KH", "KL"):
        assert form in inputs, form
    for form in ("DH", "DL", "3B6", "B6>=", "U10[8]", "[8]>=", "D66", "C(", "CHOICE[", "X3 ", "REP2 "):
        assert form in inputs, form
    for form in ("[]", "[11]", "[11,3]", "[,4]", ">=10[11]", "SGS+", "SGS-", "SSGS"):
        assert form in inputs, form
    for form in ("MAX", "MIN", "2D66", "C1", "REPEAT5 ", "SX5 ", "CHOICE(", "CHOICE ", ">=10@6"):
        assert form in inputs, form
    assert any(c.get("critical") for c in GOLDEN) and any(c.get("fumble") for c in GOLDEN)
    assert any(c.get("secret") for c in GOLDEN) and any(c.get("comment") for c in GOLDEN)
    assert any("２" in c["input"] for c in GOLDEN)


# ---- exact distributions vs brute force ----------------------------------------------------------
class _Recorder(random.Random):
    def __init__(self) -> None:
        super().__init__(0)
        self.sides: list[int] = []

    def randint(self, a: int, b: int) -> int:
        self.sides.append(b)
        return 1


def _brute_force(command: str) -> tuple[dict[int, Fraction], Fraction | None]:
    """Every equally likely list of faces, rolled through the same code as a real roll."""
    recorder = _Recorder()
    roll(command, recorder)
    totals: Counter[int] = Counter()
    successes = 0
    cases = 0
    for faces in itertools.product(*(range(1, s + 1) for s in recorder.sides)):
        result = roll(command, FixedDice(list(faces)))
        totals[result.total] += 1
        successes += bool(result.success)
        cases += 1
    return {t: Fraction(c, cases) for t, c in totals.items()}, Fraction(successes, cases)


@pytest.mark.parametrize(
    "command",
    [
        "2D6+3>=10",
        "2D6+1D4-2",
        "(2+1)D6",
        "1D6*1D4>8",
        "3D6/2<=5",
        "2D6/3U<>3",
        "2D6/4R=2",
        "1D10/(1D4-1)",
        "-1D6+1D8>=0",
        "4D6KH3",
        "4D6KL2>7",
        "5D4DH2",
        "4D6DL1+1=>12",
        "3D5KH0",
        "3B6>=4",
        "2B6+1B4<3",
        "2B6",
        "D66",
        "D66N",
        "D66D",
        "D66A",
        "2D66",
        "1D3+1D66>=40",
        "2D66KL1",
        "3D6MAX+2",
        "3D4MIN",
    ],
)
def test_distribution_matches_enumeration(command):
    odds = distribution(command)
    assert odds is not None
    totals, success = _brute_force(command)
    assert dict(odds.totals.items()) == totals
    if odds.success is not None:
        assert odds.success == success
    assert sum(odds.totals.probabilities.values()) == 1


def test_keep_drop_large_is_exact():
    odds = distribution("10D10KH3")
    assert odds is not None
    assert odds.totals[30] == 1 - Fraction(9, 10) ** 10 - 10 * Fraction(1, 10) * Fraction(9, 10) ** 9 - (
        45 * Fraction(1, 100) * Fraction(9, 10) ** 8
    )


def test_upper_dice_chance_is_exact():
    assert upper_chance(6, 6, 0, ">=", 7) == Fraction(1, 6)  # only a 6 then anything
    assert upper_chance(6, 6, 0, ">=", 8) == Fraction(1, 6) * Fraction(5, 6)
    assert upper_chance(6, 6, 1, "=", 7) == 0  # a sum of 6 is impossible: a 6 is rolled again
    assert upper_chance(6, 6, 1, "=", 8) == Fraction(1, 36)  # 6 then 1
    assert upper_chance(6, 5, 0, "<", 3) == Fraction(2, 6)
    assert upper_chance(6, 7, 0, ">=", 6) == Fraction(1, 6)  # a threshold above the sides never explodes


def test_no_finite_distribution():
    assert distribution("3U6[6]") is None
    assert distribution("choice[a,b]") is None
    assert distribution("200D1000") is None  # too large to enumerate while typing
    calc = distribution("C(1+2)")
    assert calc is not None and dict(calc.totals.items()) == {3: 1}
    assert distribution("C(1/0)") is None  # BCDice's calc refuses a division by zero


# ---- seeded rolls vs the distribution -----------------------------------------------------------
@pytest.mark.parametrize("command", ["2D6+1D4-2>=8", "4D6KH3", "3B6>=5", "D66", "3U6[5]+1>=8", "2D6/2R"])
def test_seeded_rolls_follow_distribution(command):
    odds = distribution(command)
    assert odds is not None
    rng = random.Random(20240611)
    parsed = parse(command)
    n = 20_000
    observed = Counter(roll(parsed, rng).total for _ in range(n))
    statistic, df = chi_square_statistic(observed, odds.totals.probabilities)
    assert statistic < chi_square_critical(df, 0.001), (command, statistic, df)


# ---- errors ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("command", "position"),
    [
        ("2D6+", 4),
        ("2D6>=", 5),
        ("2D6+3>=1D6", 7),
        ("2Q6", 1),
        ("(2D6", 4),
        ("3U6", 3),
        ("0D6", 0),
        ("x0 2D6", 1),
        ("x2 x2 2D6", 3),
        ("2D6KQ2", 4),
        ("2D6+3#", 5),
        ("２Ｄ６＋＊", 4),
        ("2D6>=10)", 7),
        ("C(1+1D6)", 4),
        ("3U6[1]", 4),
        ("3U6>=7@1", 7),
        ("choice[a,b", 10),
    ],
)
def test_error_points_at_bad_character(command, position):
    with pytest.raises(CommandError) as caught:
        parse(command)
    error = caught.value
    assert error.position == position
    lines = str(error).splitlines()
    assert lines[-1] == " " * position + "^"
    assert lines[-2] == error.source


def test_empty_command_is_an_error():
    with pytest.raises(CommandError):
        parse("  ")


# ---- variables ---------------------------------------------------------------------------------
def test_substitute_variables():
    assert substitute("2D6+{器用}>={目標値} 射撃", {"器用": 3, "目標値": "10"}) == "2D6+3>=10 射撃"
    assert substitute("{ＳＴＲ}D6", {"STR": 2}) == "2D6"


def test_substitute_unknown_variable_names_it():
    with pytest.raises(CommandError) as caught:
        substitute("2D6+{DEX}", {"STR": 3})
    assert "DEX" in str(caught.value)
    assert caught.value.position == 4


# ---- BCDice's echo -------------------------------------------------------------------------------
def test_echo_works_out_counts_and_target_but_keeps_the_sum():
    """BCDice folds the dice counts and the target, not the arithmetic around the dice."""
    result = roll("(1+1)D(3*2)KH(3-2)+(1-2)>=2+2", FixedDice([3, 5]))
    assert result.text == "(2D6KH1+(1-2)>=4) ＞ 5[3,5]+(1-2) ＞ 4 ＞ 成功"


def test_bare_d66_is_as_rolled_like_bcdice_dicebot():
    assert roll("D66", FixedDice([6, 1])).total == 61
    assert roll("D66S", FixedDice([6, 1])).total == 16
