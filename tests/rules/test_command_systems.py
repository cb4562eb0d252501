"""The two game-system commands the chat palettes write: the SRS check 2D6+m>=t[c,f]
(アナザーワールド, BCDice's SRS bot) and 千幻抄's SGS+m (BCDice's Sengensyou bot).  Their golden lines
are in tests/data/bcdice_golden.toml; here: exact odds vs every face, seeded rolls, errors, and
every palette line of the demo characters read by the engine."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from gmtool.app.demo import create_demo_campaign
from gmtool.rules.command import CommandError, FixedDice, distribution, parse, roll
from gmtool.rules.command_parse import SengensyouCommand, SrsCommand, SumCommand
from gmtool.rules.command_syntax import normalize
from gmtool.rules.palette import expand, palette_lines, palette_variables, rolls_no_dice
from gmtool.rules.systems import SYSTEMS
from tests.helpers_stats import chi_square_critical, chi_square_statistic


def _enumerate(command: str) -> dict[str, object]:
    """Every equally likely list of d6 faces, rolled through the same code as a real roll."""
    dice = 3 if isinstance(parse(command).body, SengensyouCommand) else 2
    totals: Counter[int] = Counter()
    counts = Counter()
    passing: set[int] = set()
    cases = 6**dice
    for faces in itertools.product(range(1, 7), repeat=dice):
        result = roll(command, FixedDice(list(faces)))
        assert result.total is not None
        totals[result.total] += 1
        counts["success"] += result.success is True
        counts["judged"] += result.success is not None
        counts["critical"] += result.critical
        counts["fumble"] += result.fumble
        if result.success:
            passing.add(result.total)
    return {
        "totals": {t: Fraction(c, cases) for t, c in totals.items()},
        "success": Fraction(counts["success"], cases),
        "judged": Fraction(counts["judged"], cases),
        "critical": Fraction(counts["critical"], cases),
        "fumble": Fraction(counts["fumble"], cases),
        "passing": passing,
    }


@pytest.mark.parametrize(
    "command",
    [
        "2D6+4>=10[11]",
        "2D6>=7[]",
        "2D6-1>=12[11,3]",
        "2D6+8>=10[12,3]",  # the fumble fails a roll the modifier alone would pass
        "2D6+2>=30[]",  # only a critical passes
        "2D6>=7[13]",  # a critical value 2D6 cannot reach
        "2D6>=7[3,5]",  # overlapping values: the critical is checked first, as BCDice does
        "2D6[]",
        "2D6+1[11,3]",
        "SGS",
        "SGS+5",
        "SGS-3",
    ],
)
def test_distribution_matches_enumeration(command):
    odds = distribution(command)
    assert odds is not None
    seen = _enumerate(command)
    assert dict(odds.totals.items()) == seen["totals"]
    assert (odds.critical, odds.fumble) == (seen["critical"], seen["fumble"])
    body = parse(command).body
    if isinstance(body, SrsCommand) and body.target is not None:
        assert seen["judged"] == 1  # every roll of a check with a target is judged
        assert odds.success == seen["success"]
        assert odds.passing == seen["passing"]
    else:
        assert odds.success is None and odds.passing == frozenset()


def test_srs_odds_by_hand():
    odds = distribution("2D6+4>=10[11]")
    assert odds is not None
    # natural 11-12 (3/36) always; natural 6-10 (23/36) by 2D6+4 >= 10
    assert (odds.success, odds.critical, odds.fumble) == (Fraction(26, 36), Fraction(3, 36), Fraction(1, 36))
    plain = distribution("2D6+4>=10")
    assert plain is not None and plain.success == Fraction(26, 36)  # a natural 2 fails either way here
    assert distribution("2D6+9>=10[]").success == Fraction(35, 36)  # the natural 2 still fails
    assert distribution("2D6+9>=10").success == 1


def test_sengensyou_odds_by_hand():
    odds = distribution("SGS+2")
    assert odds is not None
    assert odds.critical == Fraction(10, 216)  # 16, 17, 18: 6 + 3 + 1 ways
    assert odds.fumble == Fraction(10, 216)  # 3, 4, 5: 1 + 3 + 6 ways
    assert min(odds.totals) == 5 and max(odds.totals) == 20
    assert odds.totals[12] == Fraction(27, 216)  # a natural 10


@pytest.mark.parametrize("command", ["2D6+3>=10[11]", "SGS+2"])
def test_seeded_rolls_follow_distribution(command):
    odds = distribution(command)
    assert odds is not None
    rng = random.Random(20251125)
    parsed = parse(command)
    results = [roll(parsed, rng) for _ in range(20_000)]
    statistic, df = chi_square_statistic(Counter(r.total for r in results), odds.totals.probabilities)
    assert statistic < chi_square_critical(df, 0.001), (command, statistic, df)
    marks = Counter((r.critical, r.fumble) for r in results)
    assert odds.critical is not None and odds.fumble is not None
    cells = {(True, False): odds.critical, (False, True): odds.fumble}
    cells[(False, False)] = 1 - odds.critical - odds.fumble
    statistic, df = chi_square_statistic(marks, cells)
    assert statistic < chi_square_critical(df, 0.001), (command, statistic, df)


# ---- what is and is not read as a system command --------------------------------------------
def test_only_the_brackets_make_an_srs_check():
    assert isinstance(parse("2D6+3>=10").body, SumCommand)  # BCDice's generic AddDice
    assert parse("2D6+3>=10[11]").body == SrsCommand(3, 10, 11, 2)
    assert parse("2d6+-2>=10[,4] 回避").body == SrsCommand(-2, 10, 12, 4)
    assert parse("2D6+1-1[11,3]").body == SrsCommand(0, None, 11, 3)


def test_sgs_is_not_a_secret_gs():
    assert parse("SGS+3").body == parse("sgs+3").body == SengensyouCommand(3)
    assert not parse("SGS+3").secret
    secret = parse("SSGS-1")
    assert secret.secret and secret.body == SengensyouCommand(-1)
    assert parse("x3 SGS").repeat == 3 and not parse("x3 SGS").secret
    assert parse("x3 SSGS").secret


@pytest.mark.parametrize(
    ("command", "position"),
    [
        ("2D6>10[11]", 3),  # SRS compares with >= only
        ("3D6>=10[11]", 7),  # only 2D6
        ("2D6*2>=10[11]", 9),  # only 2D6 with + - modifiers
        ("1+2D6>=10[11]", 9),
        ("2D6KH1>=5[11]", 9),
        ("2D6+1>=10[11", 12),
        ("2D6+1>=10[11,]", 13),
        ("2D6+1>=10[x]", 10),
        ("2D6+1>=10[11]3", 13),
        ("SGS+1>=10", 5),  # no target: BCDice would ignore it silently
        ("SGS*2", 3),
        ("SGS+", 4),
        ("SGS3", 3),
    ],
)
def test_error_points_at_bad_character(command, position):
    with pytest.raises(CommandError) as caught:
        parse(command)
    assert caught.value.position == position, str(caught.value)


# ---- chat palettes ---------------------------------------------------------------------------
def _check_palette_lines(system_id: str, character: object) -> list[object]:
    """Every command line of the character's palette, {name} replaced, parses, rolls and has odds;
    the //name=value lines before them define the variables and are not commands."""
    lines = palette_lines(system_id, character)
    variables = palette_variables(system_id, character)
    if rolls_no_dice(system_id):
        assert lines == [] and variables == {}
        return []
    assert lines[: len(variables)] == [f"//{k}={v}" for k, v in variables.items()]
    bodies = []
    for line in lines[len(variables) :]:
        text = expand(line, variables)
        assert "{" not in text, text
        command = parse(text)
        odds = distribution(command)
        assert odds is not None, text
        assert sum(odds.totals.probabilities.values()) == 1
        result = roll(command, random.Random(7))
        assert result.comment and result.comment == normalize(text.split(" ", 1)[1])  # NFKC, as typed
        assert result.total in odds.totals
        body = command.body
        if system_id == "sengensho":
            assert isinstance(body, SengensyouCommand)
            assert odds.critical == odds.fumble == Fraction(10, 216)
        elif system_id == "aw":
            assert isinstance(body, (SrsCommand, SumCommand)) and odds.success is not None
            thresholds = (character.critical, character.fumble)  # type: ignore[attr-defined]
            if isinstance(body, SrsCommand):
                assert (body.critical, body.fumble) == thresholds
            else:  # the brackets are left out at SRS's defaults
                assert thresholds == (12, 2)
        else:
            assert isinstance(body, SumCommand) and odds.success is not None
        bodies.append(body)
    return bodies


def test_every_demo_palette_line_parses_and_has_odds(tmp_path):
    campaign = create_demo_campaign(tmp_path / "demo.gmcampaign", session=False)
    try:
        stored = campaign.list_characters()
    finally:
        campaign.close()
    assert {c.system for c in stored} == set(SYSTEMS)  # a demo character for every system
    bodies = [b for c in stored for b in _check_palette_lines(c.system, c.character)]
    kinds = Counter(type(b).__name__ for b in bodies)
    assert kinds["SrsCommand"] and kinds["SengensyouCommand"] and kinds["SumCommand"], kinds


@pytest.mark.parametrize(("critical", "fumble"), [(12, 2), (11, 2), (12, 3), (10, 4), (13, 1)])
def test_aw_palette_thresholds_reach_the_engine(critical, fumble):
    character = replace(SYSTEMS["aw"].new_character("透"), critical=critical, fumble=fumble)
    bodies = _check_palette_lines("aw", character)
    assert bodies
    if (critical, fumble) == (12, 2):
        assert all(isinstance(b, SumCommand) for b in bodies)  # no brackets at SRS's defaults
    else:
        assert all(isinstance(b, SrsCommand) for b in bodies)
