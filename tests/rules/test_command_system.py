"""The dice box's ダイスボット setting: BCDice's SRS and Sengensyou bots and the generic DiceBot, each
reading the same text its own way.  Golden lines from BCDice's own SRS.toml and Sengensyou.toml
(tests/data/bcdice3_systems.toml) and worked out by hand; exact odds against every face."""

from __future__ import annotations

import itertools
import random
import tomllib
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from helpers_stats import chi_square_critical, chi_square_statistic

from gmtool.rules.command_parse import SrsCommand, SumCommand
from gmtool.rules.command_srs_syntax import read_srs
from gmtool.rules.command_syntax import CommandError
from gmtool.rules.command_system import (
    DICE_SYSTEMS,
    FixedDice,
    distribution_for,
    parse_for,
    roll_for,
    with_thresholds,
)

GOLDEN = tomllib.loads((Path(__file__).parents[1] / "data" / "bcdice3_systems.toml").read_text("utf-8"))[
    "test"
]
PREFIX = {"aw": "SRS : ", "sengensho": "Sengensyou : "}


def _faces(case: dict) -> list[tuple[int, int]]:
    return [(r["sides"], r["value"]) for r in case["rands"]]


@pytest.mark.parametrize(
    "case", GOLDEN, ids=[f"{c['source']}:{c['input']}:{i}" for i, c in enumerate(GOLDEN)]
)
def test_bcdice_bot_golden_lines(case):
    if case.get("refused"):
        assert case.get("differs"), "a refusal where BCDice is silent is a deliberate difference: say why"
        with pytest.raises(CommandError):
            roll_for(case["input"], FixedDice(_faces(case)), case["system"])
        return
    dice = FixedDice(_faces(case))
    result = roll_for(case["input"], dice, case["system"])
    assert result.text == PREFIX[case["system"]] + case["output"]
    assert dice.unused == 0
    assert result.critical == case.get("critical", False)
    assert result.fumble == case.get("fumble", False)
    if case.get("success"):
        assert result.success is True
    elif case.get("failure"):
        assert result.success is False
    else:
        assert result.success is None


@pytest.mark.parametrize(
    ("command", "faces", "line"),
    [
        # BCDice works out (…) first: the modifier is 2 (issue 23's command)
        ("2D6+(1+1)>=8[11]", [6, 5], "SRS : (2D6+2>=8[11,2]) ＞ 11[5,6]+2 ＞ 13 ＞ 自動成功"),
        ("2D6+(1+1)>=8[11]", [3, 2], "SRS : (2D6+2>=8[11,2]) ＞ 5[2,3]+2 ＞ 7 ＞ 失敗"),
        # @ and # after the modifier, in either order; # alone keeps the critical at 12
        ("2D6+1#3@11>=8", [6, 4], "SRS : (2D6+1>=8[11,3]) ＞ 10[4,6]+1 ＞ 11 ＞ 成功"),
        ("2D6@10+3>=9", [5, 5], "SRS : (2D6+3>=9[10,2]) ＞ 10[5,5]+3 ＞ 13 ＞ 自動成功"),
        ("2D6+5/2>=8", [3, 2], "SRS : (2D6+2>=8[12,2]) ＞ 5[2,3]+2 ＞ 7 ＞ 失敗"),  # / rounds down
        ("2D6>=4+4", [4, 4], "SRS : (2D6>=8[12,2]) ＞ 8[4,4] ＞ 8 ＞ 成功"),
        ("2d6-1=>5 回避", [1, 2], "SRS : (2D6-1>=5[12,2]) ＞ 3[1,2]-1 ＞ 2 ＞ 失敗"),  # => is >=
        ("2D6[,1]", [1, 1], "SRS : (2D6[12,1]) ＞ 2[1,1] ＞ 2"),
        # not SRS: the generic sum, its dice sorted as the SRS bot sorts them (sort_add_dice)
        ("2D6>8", [6, 3], "SRS : (2D6>8) ＞ 9[3,6] ＞ 9 ＞ 成功"),
        ("3D6+1", [5, 1, 3], "SRS : (3D6+1) ＞ 9[1,3,5]+1 ＞ 10"),
        ("2D6+1D6", [6, 2, 4], "SRS : (2D6+1D6) ＞ 8[2,6]+4[4] ＞ 12"),
        ("2D6+3", [6, 1], "SRS : (2D6+3) ＞ 7[1,6]+3 ＞ 10"),  # no target, no [c,f]: a plain sum
        ("2B6", [6, 1], "SRS : (2B6) ＞ 6,1"),  # the bot does not sort xBy
    ],
)
def test_srs_bot_lines_by_hand(command, faces, line):
    dice = FixedDice(faces)
    assert roll_for(command, dice, "aw").text == line
    assert dice.unused == 0


def test_srs_secret_repeat_and_comment():
    result = roll_for("x2 S2D6+2>=8 回避", FixedDice([1, 1, 6, 6]), "aw")
    assert result.secret and result.comment == "回避"
    assert result.text == (
        "#1\nSRS : (2D6+2>=8[12,2]) ＞ 2[1,1]+2 ＞ 4 ＞ 自動失敗\n\n"
        "#2\nSRS : (2D6+2>=8[12,2]) ＞ 12[6,6]+2 ＞ 14 ＞ 自動成功"
    )
    assert [p.fumble for p in result.parts] == [True, False]


def test_a_plain_check_is_srs_under_aw_and_a_sum_under_generic():
    assert parse_for("2D6+3>=10", "aw").body == SrsCommand(3, 10, 12, 2)
    assert isinstance(parse_for("2D6+3>=10", "generic").body, SumCommand)
    assert roll_for("2D6+9>=10", FixedDice([1, 1]), "generic").text == "(2D6+9>=10) ＞ 2[1,1]+9 ＞ 11 ＞ 成功"
    assert roll_for("2D6+9>=10", FixedDice([1, 1]), "aw").text.endswith("＞ 自動失敗")
    assert distribution_for("2D6+9>=10", "aw").success == Fraction(35, 36)
    assert distribution_for("2D6+9>=10", "generic").success == 1


@pytest.mark.parametrize(
    ("command", "system", "needs"),
    [
        ("2D6+1@11#3>=8", "generic", "アナザーワールド"),
        ("2D6+1>=8[11]", "generic", "アナザーワールド"),
        ("S2D6[]", "lotr", "アナザーワールド"),
        ("2D6+1#3>=8", "sengensho", "アナザーワールド"),
        ("SGS+2", "generic", "千幻抄"),
        ("SGS+2", "aw", "千幻抄"),
        ("x2 SSGS", "fourcard", "千幻抄"),
    ],
)
def test_a_command_of_another_bot_is_refused_naming_the_setting(command, system, needs):
    with pytest.raises(CommandError) as caught:
        parse_for(command, system)
    assert needs in caught.value.message and DICE_SYSTEMS[system].label in caught.value.message


def test_generic_lines_are_unchanged_and_bots_without_bcdice_say_so():
    assert roll_for("2D6+1>=8", FixedDice([5, 2]), "generic").text == "(2D6+1>=8) ＞ 7[5,2]+1 ＞ 8 ＞ 成功"
    for system, name in (("fourcard", "フォーカード"), ("lotr", "指輪物語")):
        text = roll_for("2D6+1>=8", FixedDice([5, 2]), system).text
        assert text == f"DiceBot（BCDiceに{name}のボットなし・汎用） : (2D6+1>=8) ＞ 7[5,2]+1 ＞ 8 ＞ 成功"
    sgs = roll_for("SGS+2", FixedDice([4, 1, 3]), "sengensho")
    assert sgs.text == "Sengensyou : (3D6+2) ＞ 8[4,1,3] ＞ 8+2 ＞ 10"
    with pytest.raises(CommandError, match="ダイスボット「nope」"):
        parse_for("2D6", "nope")


def test_read_srs_follows_srs_rb_grammar():
    assert read_srs("2D6") is None and read_srs("2D6+3") is None  # SRS.rb falls back to the sum
    assert read_srs("2D6@11+1#3>=8") is None  # options are not split around the modifier
    assert read_srs("2D6@11@10>=8") is None  # each at most once
    assert read_srs("2D6+1>=8[x]") is None and read_srs("2D6+1@11>=8[12]") is None
    assert read_srs("2D6+1D6>=8") is None and read_srs("2D6*2>=8") is None
    assert read_srs("2D6+1/0>=8") is None  # Command::Parser gives up on a division by zero
    read = read_srs("2D6+1-2+3-4>=8")
    assert read is not None and (read.modifier, read.target, read.explicit) == (-2, 8, False)
    read = read_srs("2D+1>=8")  # 2D is 2D6
    assert read is not None and read.modifier == 1


@pytest.mark.parametrize(
    ("command", "faces", "system", "line"),
    [
        # BCDice's ? target: the total is rolled and shown, nothing judged (AddDice's UndecidedTarget,
        # as Arianrhod.toml's "(3D6>=?) ＞ 9[3,3,3] ＞ 9"); the SRS bot reads no ?, so its generic sum
        # rolls it: no 自動成功 / 自動失敗 even on a double 6 or a double 1, the dice sorted.
        ("2D6>=?", [1, 1], "generic", "(2D6>=?) ＞ 2[1,1] ＞ 2"),
        ("2D6+4>=?", [6, 6], "aw", "SRS : (2D6+4>=?) ＞ 12[6,6]+4 ＞ 16"),
        ("2D6+4>=? 交渉", [4, 1], "aw", "SRS : (2D6+4>=?) ＞ 5[1,4]+4 ＞ 9"),
        ("1D6<>?", [3], "generic", "(1D6<>?) ＞ 3"),
        ("3D6>=?", [3, 3, 3], "sengensho", "Sengensyou : (3D6>=?) ＞ 9[3,3,3] ＞ 9"),
    ],
)
def test_an_undecided_target_rolls_the_sum_and_judges_nothing(command, faces, system, line):
    dice = FixedDice(faces)
    result = roll_for(command, dice, system)
    assert result.text == line and dice.unused == 0
    assert result.success is None and not result.critical and not result.fumble
    odds = distribution_for(command, system)
    assert odds is not None and odds.success is None and odds.critical is None


@pytest.mark.parametrize(
    ("command", "system", "words"),
    [
        ("2D6+1@11>=?", "aw", "SRS の判定（@c #f）の目標値に ? は使えません"),  # BCDice reads neither
        ("2D6#3>=?", "generic", "SRS の判定（@c #f）の目標値に ? は使えません"),
        ("2D6+1>=?[11]", "aw", "目標値が ? の判定には [c,f] を書けません"),
        ("2D6>?a", "generic", "「A」"),  # AddDice.toml: 不正な目標値
        ("2D6>12?a", "generic", "「?」"),
    ],
)
def test_an_undecided_target_bcdice_does_not_read_is_refused_saying_why(command, system, words):
    with pytest.raises(CommandError) as caught:
        parse_for(command, system)
    assert words in caught.value.message


@pytest.mark.parametrize(
    "command",
    [
        "2D6+4>=10",
        "2D6-1@11#3>=12",
        "2D6+1@11#3>=8",
        "2D6@10+3>=9",
        "2D6>=?",
        "2D6+4>=?",
        "2D6+2>=10[,4]",
        "2D6@11",
        "2D6+(1+1)>=8[11]",
        "2D6+9>=10",
        "2D6[]",
        "2D6+1-1[11,3]",
        "2D6+1#3>=8",
        "2D6+1-2+3-4>=8",
    ],
)
def test_srs_odds_match_every_face(command):
    odds = distribution_for(command, "aw")
    assert odds is not None
    totals: dict[int, Fraction] = {}
    success = critical = fumble = Fraction(0)
    for faces in itertools.product(range(1, 7), repeat=2):
        result = roll_for(command, FixedDice(list(faces)), "aw")
        assert result.total is not None
        totals[result.total] = totals.get(result.total, Fraction(0)) + Fraction(1, 36)
        success += Fraction(result.success is True, 36)
        critical += Fraction(result.critical, 36)
        fumble += Fraction(result.fumble, 36)
    assert dict(odds.totals.items()) == totals
    assert (odds.critical or 0, odds.fumble or 0) == (critical, fumble)  # None: the sum has neither
    if odds.success is not None:
        assert odds.success == success


def test_the_characters_thresholds_are_written_out_only_where_the_check_left_them():
    assert with_thresholds("S2D6+3>=10 攻撃", "aw", 11, 2) == "S2D6+3>=10[11,2] 攻撃"
    assert with_thresholds("2D6+3>=10", "aw", 12, 2) == "2D6+3>=10"  # the defaults: as typed
    assert with_thresholds("2D6+3>=10[12]", "aw", 11, 2) == "2D6+3>=10[12]"  # its own values win
    assert with_thresholds("2D6+3", "aw", 11, 2) == "2D6+3"  # no check: BCDice sums it
    assert with_thresholds("2D6+3>=10", "generic", 11, 2) == "2D6+3>=10"


def test_seeded_rolls_with_an_undecided_target_follow_the_distribution():
    # 20 000 seeded rolls of the SRS bot's sum (dice sorted as they are drawn) against its odds
    odds = distribution_for("2D6+4>=?", "aw")
    assert odds is not None
    rng = random.Random(20261207)
    parsed = parse_for("2D6+4>=?", "aw")
    results = [roll_for(parsed, rng, "aw") for _ in range(20_000)]
    assert all(r.success is None and not r.critical and not r.fumble for r in results)
    statistic, df = chi_square_statistic(Counter(r.total for r in results), odds.totals.probabilities)
    assert statistic < chi_square_critical(df, 0.001), (statistic, df)
