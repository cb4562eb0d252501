"""BCDice 3's own golden cases for its generic DiceBot (tests/data/bcdice3_generic.toml, copied from
BCDice's test/data: None.toml, AddDice.toml, calc.toml, choice.toml, tally_*.toml, Repeat.toml,
UpperDice.toml, D66Dice.toml): the same dice give the same printed line, and every command BCDice
does not roll is refused with a message."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from gmtool.rules.command import CommandError, FixedDice, distribution, parse, roll
from gmtool.rules.command_dist import no_odds_reason

CASES = tomllib.loads((Path(__file__).parents[1] / "data" / "bcdice3_generic.toml").read_text("utf-8"))[
    "test"
]
LINES = [c for c in CASES if not c.get("refused")]
REFUSED = [c for c in CASES if c.get("refused")]


def _id(case: dict) -> str:
    return f"{case['source']}: {case['input']}"


@pytest.mark.parametrize("case", LINES, ids=[_id(c) for c in LINES])
def test_printed_as_bcdice_prints_it(case):
    dice = FixedDice([(r["sides"], r["value"]) for r in case["rands"]])
    result = roll(case["input"], dice)
    assert result.text == case["output"]
    assert dice.unused == 0, "every die BCDice rolled is rolled"
    assert result.secret == case.get("secret", False)
    if case.get("success"):
        assert result.success is True
    if case.get("failure"):
        assert result.success is False


@pytest.mark.parametrize("case", REFUSED, ids=[_id(c) for c in REFUSED])
def test_what_bcdice_does_not_roll_is_refused_with_a_message(case):
    """BCDice prints nothing, or only a complaint: gmtool says what is wrong, at a character."""
    assert (
        case["output"] == ""
        or "＞" not in case["output"]
        or "条件" in case["output"]
        or "面数" in case["output"]
    )
    with pytest.raises(CommandError) as caught:
        parse(case["input"])
    assert caught.value.message
    assert caught.value.position is not None


def test_the_data_covers_every_new_form():
    inputs = " ".join(c["input"].upper() for c in LINES)
    for form in (
        "D20+3D4",
        "2D6+1",
        "5D10KH ",
        "5DKH3",
        "5DDL ",
        "3DMAX",
        "2R6>=3",
        "2R6[3]",
        "[>4]",
        "@<=2",
    ):
        assert form in inputs, form
    for form in (
        "20TY6",
        "TZ",
        "CHOICE2[",
        "CHOICE[A-F]",
        "CHOICE[3-10]",
        "C(1/0)",
        "C1+4*3/2",
        "REPEAT100 C1",
    ):
        assert form in inputs, form
    assert len(REFUSED) >= 40 and len(LINES) >= 250


# ---- by hand, where BCDice's data has no case -------------------------------------------------
@pytest.mark.parametrize(
    ("command", "faces", "line"),
    [
        ("D6", [5], "(1D6) ＞ 5"),
        ("D100", [42], "(1D100) ＞ 42"),
        ("d20+3", [20], "(1D20+3) ＞ 20[20]+3 ＞ 23"),
        ("D6>=4", [3], "(1D6>=4) ＞ 3 ＞ 失敗"),
        ("2D", [2, 5], "(2D6) ＞ 7[2,5] ＞ 7"),
        ("1D", [4], "(1D6) ＞ 4"),
        ("4D6KH", [3, 6, 1, 2], "(4D6KH1) ＞ 6[1,2,3,6] ＞ 6"),
        ("4D6DL+1>=10", [3, 6, 1, 2], "(4D6DL1+1>=10) ＞ 11[1,2,3,6]+1 ＞ 12 ＞ 成功"),
        ("2D6+(1+1)>=8", [3, 4], "(2D6+(1+1)>=8) ＞ 7[3,4]+(1+1) ＞ 9 ＞ 成功"),
        ("C(1+2)", [], "c(1+2) ＞ 3"),
        ("C1+2*3", [], "c(1+2*3) ＞ 7"),
        ("C(1/0U)", [], "c(1/0C) ＞ ゼロ除算が発生したため計算できませんでした"),
        ("C(7/2U)", [], "c(7/2C) ＞ 4"),
        ("choice[1-10]", [10], "(choice[1,2,3,4,5,6,7,8,9,10]) ＞ 10"),
        ("choice2[a,b,c]", [2, 2], "(choice2[a,b,c]) ＞ b, c"),
        ("2R6[6]>=5", [6, 2, 5], "(2R6[6]>=5) ＞ 6,2 + 5 ＞ 成功数2"),
        ("3R6[4]", [4, 1, 6, 2, 3], "(3R6[>=4]) ＞ 4,1,6 + 2,3 ＞ 成功数0"),
        ("3R6>=5", [5, 1, 2, 6, 3], "(3R6[5]>=5) ＞ 5,1,2 + 6 + 3 ＞ 成功数2"),
        ("3TY6", [6, 6, 1], "(3TY6) ＞ 6,6,1 ＞ [1]×1, [6]×2"),
        ("２Ｒ６＞＝５", [5, 1, 2], "(2R6[5]>=5) ＞ 5,1 + 2 ＞ 成功数1"),
    ],
)
def test_new_forms_by_hand(command, faces, line):
    dice = FixedDice(faces)
    assert roll(command, dice).text == line
    assert dice.unused == 0


@pytest.mark.parametrize(
    ("command", "position", "words"),
    [
        ("0D6", 0, "ダイスの個数は 1〜200 です（0）"),
        ("D", 1, "D の後にダイスの面数が必要です（例: D6）"),
        ("D66+1", 0, "D66 は単独で振るか、個数をつけて 1D66 と書きます"),
        ("2R6", 3, "振り足しの条件が必要です（例: 2R6>=5 か 2R6[5]）"),
        ("2R6<=7", 6, "6 面のダイスはどの目も <=7 で振り足しになります（止まる目のある条件にします）"),
        ("1R1[=1]", 7, "1 面のダイスはどの目も =1 で振り足しになります（止まる目のある条件にします）"),
        ("2R6[5]>=5@5", 9, "振り足しの条件は [n] か @n のどちらか一方に書きます"),
        ("2TY21", 3, "ダイスの面数は 1〜20 です（21）"),
        ("choice[abc]", 7, "項目が 1 つだけです（2 つ以上書くか、A-F や 1-10 のように範囲を書きます）"),
        ("choice3[a,b]", 6, "3 個は選べません（項目は 2 個です）"),
        ("choice[Z-A]", 7, "範囲「Z-A」が逆向きです（小さいほうを先に書きます）"),
    ],
)
def test_refusals_say_what_is_wrong(command, position, words):
    with pytest.raises(CommandError) as caught:
        parse(command)
    assert (caught.value.message, caught.value.position) == (words, position)


@pytest.mark.parametrize(
    ("command", "words"),
    [
        ("3TY6", "個数の集計（TY/TZ）には合計がないので、分布は出しません"),
        ("choice[a,b]", "choice は項目を選ぶだけなので、分布は出しません"),
        ("C(1/0)", "0 で割っているので計算できません"),
        ("200R6[>=2]>=2", "計算が大きすぎるので、分布は省きます"),
    ],
)
def test_no_odds_says_why(command, words):
    assert distribution(command) is None
    assert no_odds_reason(parse(command)) == words


def test_odds_have_no_reason_to_give():
    assert no_odds_reason(parse("2R6>=5")) is None
