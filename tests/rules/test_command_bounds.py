"""Dice commands do bounded work: deep nesting, long sums, huge numbers and endless rerolls are
refused with a pointed CommandError, never a RecursionError, a traceback or a hang."""

from __future__ import annotations

import random
import time

import pytest

from gmtool.rules.command import CommandError, distribution, parse, roll
from gmtool.rules.command_roll import MAX_ROLLED_DICE
from gmtool.rules.command_syntax import MAX_DIGITS, MAX_NESTING, MAX_OPERATIONS, MAX_TOKENS, tokenize


def _deep(depth: int, core: str = "1D6") -> str:
    return "(" * depth + core + ")" * depth


def _within_frames(frames: int, call):
    """Runs `call` with `frames` Python frames already on the stack, as a deep GUI call chain has."""
    if frames == 0:
        return call()
    return _within_frames(frames - 1, call)


@pytest.mark.parametrize(
    "command",
    [
        _deep(200),
        "-" * 2000 + "1D6",
        "(-" * 150 + "1D6" + ")" * 150,
        "C" + _deep(300, "1"),
        "1D6>=" + _deep(200, "1"),
    ],
)
def test_deep_nesting_is_a_pointed_error(command):
    with pytest.raises(CommandError) as caught:
        parse(command)
    assert f"{MAX_NESTING} 段まで" in caught.value.message
    assert caught.value.position is not None and caught.value.position <= 2 * (MAX_NESTING + 2)


def test_nesting_up_to_the_limit_still_rolls_and_has_odds():
    command = _deep(MAX_NESTING - 1, "2D6+1") + ">=8"
    assert roll(command, random.Random(1)).total is not None
    assert distribution(command) is not None


@pytest.mark.parametrize("term", ["1", "1D6", "2*3", "1D6/2U"])
def test_a_long_sum_is_refused_in_time_that_does_not_grow_with_it(term):
    """100 000 characters of 1+1+… (and the like): refused at the operation past the limit; reading
    stops MAX_TOKENS in, so 400 000 characters cost what 25 000 do (counted in tokens read, not
    timed: CI's machine load would make a timing flaky; make bench has the times)."""
    for length in (25_000, 100_000, 400_000):
        command = "1D6+" + "+".join([term] * (length // (len(term) + 1)))
        assert len(tokenize(command, 0, len(command))) <= MAX_TOKENS + 2  # and a "cut" mark
        with pytest.raises(CommandError) as caught:
            parse(command)
        assert f"{MAX_OPERATIONS} 個まで" in caught.value.message
        shown, caret = str(caught.value).splitlines()[1:]
        assert len(shown) <= 63 and caret.endswith("^")  # the command cut around the caret


def test_a_command_of_too_many_tokens_is_refused_where_it_is_cut():
    operand = "(" * (MAX_NESTING - 1) + "1" + ")" * (MAX_NESTING - 1)  # 63 tokens, nesting allowed
    command = "1D6+" + "+".join([operand] * 40)  # 39 operations: only the length is wrong
    with pytest.raises(CommandError) as caught:
        parse(command)
    assert f"{MAX_TOKENS} 個まで" in caught.value.message
    assert caught.value.position is not None and 2000 <= caught.value.position < len(command)


def test_the_largest_command_allowed_runs_even_from_a_deep_call_stack():
    """The limits keep the syntax tree shallow enough for the evaluators' recursion: the worst
    command allowed rolls, echoes and has odds with 400 frames already in use."""
    inner = "+".join(["1D2"] * (MAX_OPERATIONS // 2))
    command = _deep(MAX_NESTING - 1, inner) + "+" + "-".join(["1"] * (MAX_OPERATIONS // 2)) + ">=3"
    parsed = parse(command)
    result = _within_frames(400, lambda: roll(parsed, random.Random(2)))
    assert result.success is not None
    _within_frames(400, lambda: distribution(parsed))


def test_a_number_too_long_is_a_pointed_error():
    with pytest.raises(CommandError) as caught:
        parse("1D6+" + "9" * 5000)
    assert caught.value.position == 4
    assert f"{MAX_DIGITS} 桁まで" in caught.value.message
    assert parse("1D6+" + "9" * MAX_DIGITS).body is not None


@pytest.mark.parametrize(
    "command",
    [
        "x100 " + "+".join(["200D10000"] * 20),
        "x100 " + "+".join(["200B10000"] * 20),
        "200U10000[2]",  # each die is rolled again 9 999 times in 10 000: ~2 million dice
        "x100 " + "+".join(["200U10000"] * 20) + "[2]",
        "200R10000[>=2]",  # the same through xRy's reroll queue
        "x100 200TY20",
    ],
)
def test_too_many_dice_is_refused_quickly(command):
    start = time.perf_counter()
    with pytest.raises(CommandError) as caught:
        roll(command, random.Random(3))
    assert time.perf_counter() - start < 5.0  # a guard against a hang (minutes), not a benchmark
    assert f"{MAX_ROLLED_DICE} 個まで" in caught.value.message


def test_the_most_dice_bcdice_rolls_in_one_command_still_roll():
    """BCDice's Randomizer stops at 10 000 dice in one command (UPPER_LIMIT_RANDS), repeats included."""
    assert MAX_ROLLED_DICE == 10_000
    result = roll("x50 200D6", random.Random(4))
    assert len(result.dice) == MAX_ROLLED_DICE


@pytest.mark.parametrize(
    ("command", "position", "words"),
    [
        # BCDice rolls nothing past 200 dice in one term and prints 0: gmtool says why instead.
        ("201D6", 0, "ダイスの個数は 1〜200 です（201）"),
        ("1000D1000", 0, "ダイスの個数は 1〜200 です（1000）"),
        ("2D6+201D6", 4, "ダイスの個数は 1〜200 です（201）"),
        ("201B6", 0, "ダイスの個数は 1〜200 です（201）"),
        ("201R6>=5", 0, "ダイスの個数は 1〜200 です（201）"),
        ("201TY6", 0, "ダイスの個数は 1〜200 です（201）"),
        # BCDice shows 0 for every die past 10 000 sides.
        ("1D10001", 2, "ダイスの面数は 1〜10000 です（10001）"),
        ("D10001", 1, "ダイスの面数は 1〜10000 です（10001）"),
        ("2R10001>=5", 2, "ダイスの面数は 1〜10000 です（10001）"),
        # Ranges are counted before they are written out.
        ("choice[1-99999999999]", 7, "項目は 100 個までです（99999999999 個あります）"),
    ],
)
def test_over_bcdice_limits_is_refused_with_the_limit(command, position, words):
    with pytest.raises(CommandError) as caught:
        parse(command)
    assert caught.value.message == words
    assert caught.value.position == position


def test_the_most_dice_one_term_allows_roll():
    assert len(roll("200D6", random.Random(5)).dice) == 200
    assert distribution("200D6") is None  # too large to count while typing: no odds, no freeze


def test_odds_of_a_long_sum_stop_at_a_total_budget():
    """Each operation within the per-step limit, 200 of them: the live odds give up, not freeze."""
    block = "(1D387-1D387)*0"
    command = "+".join([block] * (MAX_OPERATIONS // 3))
    start = time.perf_counter()
    distribution(command)
    assert time.perf_counter() - start < 5.0  # a guard against a freeze, not a benchmark
