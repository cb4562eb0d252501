"""The GM's dice tables in BCDice's user-defined format: reading, refusals that name the line,
golden rolls with fixed dice, exact odds against an independent count, and the text round trip.

The golden rolls and the valid/invalid tables are BCDice 3's own test data,
test/test_user_defined_dice_table.rb (RandomizerMock dice in the same order)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from gmtool.rules.command import FixedDice
from gmtool.rules.dice_table import (
    MAX_ROW_CHARS,
    MAX_TEXT_CHARS,
    TableError,
    find_call,
    parse_table,
    roll_table,
    row_odds,
    table_text,
    value_odds,
)

TEXT_1D6 = "テスト表\n1D6\n1:いち\n2:に\n3:さん\n4:し\n5:ご\n6:ろく\n"
TEXT_3D4 = (
    "3-4テスト表\n3D4\n3:さん\n4:し\n5:ご\n6:ろく\n7:なな\n8:はち\n9:きゅう\n10:じゅう\n"
    "11:じゅういち\n12:じゅうに\n"
)


def d66_text(name: str, dice: str, numbers: list[int], named: dict[int, str]) -> str:
    return "\n".join([name, dice, *(f"{n}:{named.get(n, 'a')}" for n in numbers)]) + "\n"


D66_ALL = [10 * a + b for a in range(1, 7) for b in range(1, 7)]
D66_ASC = [10 * a + b for a in range(1, 7) for b in range(a, 7)]
D66_DESC = sorted(10 * a + b for b in range(1, 7) for a in range(b, 7))
TEXT_D66 = d66_text("ソートなし表", "D66", D66_ALL, {16: "いちろく", 61: "ろくいち"})
TEXT_D66A = d66_text("ソート昇順表", "D66a", D66_ASC, {16: "いちろく"})
TEXT_D66D = d66_text("ソート降順表", "D66d", D66_DESC, {61: "ろくいち"})


@pytest.mark.parametrize(
    ("text", "faces", "printed"),
    [
        (TEXT_1D6, [(6, 1)], "テスト表(1) ＞ いち"),
        (TEXT_1D6, [(6, 6)], "テスト表(6) ＞ ろく"),
        (TEXT_3D4, [(4, 1)] * 3, "3-4テスト表(3) ＞ さん"),
        (TEXT_3D4, [(4, 4)] * 3, "3-4テスト表(12) ＞ じゅうに"),
        (TEXT_D66, [(6, 1), (6, 6)], "ソートなし表(16) ＞ いちろく"),
        (TEXT_D66, [(6, 6), (6, 1)], "ソートなし表(61) ＞ ろくいち"),
        (TEXT_D66A, [(6, 1), (6, 6)], "ソート昇順表(16) ＞ いちろく"),
        (TEXT_D66A, [(6, 6), (6, 1)], "ソート昇順表(16) ＞ いちろく"),
        (TEXT_D66D, [(6, 1), (6, 6)], "ソート降順表(61) ＞ ろくいち"),
        (TEXT_D66D, [(6, 6), (6, 1)], "ソート降順表(61) ＞ ろくいち"),
    ],
)
def test_golden_rolls_from_bcdice(text, faces, printed):
    dice = FixedDice(faces)
    rolled = roll_table(parse_table(text), dice)
    assert rolled.text == printed
    assert dice.unused == 0
    assert rolled.faces == tuple(face for _, face in faces)


def test_a_row_prints_its_line_breaks_and_loses_its_outer_spaces():
    table = parse_table("飲み物表\n1D2\n1:  水\\nまたはお湯  \n2:緑茶\n")
    assert roll_table(table, FixedDice([1])).text == "飲み物表(1) ＞ 水\nまたはお湯"


def test_reading_skips_blank_lines_and_keeps_row_numbers_of_the_text():
    table = parse_table("\n\n飲み物表\n\n1d2\n1:水\n\n2:緑茶\n")
    assert (table.name, table.dice) == ("飲み物表", "1D2")
    assert [(r.value, r.text, r.line) for r in table.rows] == [(1, "水", 6), (2, "緑茶", 8)]


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        # BCDice's invalid tables (test_verify_*, test_invalid_*), each refused with where and why
        (
            "抜けありテスト表\n3D4\n3:さん\n4:し\n5:ご\n6:ろく\n12:じゅうに\n",
            2,
            "出目 7, 8, 9, 10, 11 の行がありません",
        ),
        ("不正な表\nD100\n100:ひゃく\n", 2, "ダイス「D100」は表に使えません"),
        (
            "重複あり表\n2D4\n2:a\n2:b\n4:c\n5:d\n6:e\n7:f\n8:g\n",
            4,
            "出目 2 の行が2つあります（3行目にもあります）",
        ),
        ("範囲外表\n1D4\n1:a\n2:b\n3:c\n5:d\n", 6, "出目 5 は 1D4 では出ません"),
        (d66_text("フォーマット確認(D66)", "D66", D66_ASC, {}), 2, "出目 21, 31, 32, 41"),
        (d66_text("フォーマット確認(D66d)", "D66a", D66_DESC, {}), 4, "出目 21 は D66A では出ません"),
        (d66_text("フォーマット確認(D66d)", "D66d", D66_ASC, {}), 4, "出目 12 は D66D では出ません"),
        # gmtool's own refusals
        ("", None, "表が空です"),
        ("名前だけ表\n", 2, "ダイスの行がありません"),
        ("行なし表\n1D6\n", 2, "「出目:内容」の行がありません"),
        ("区切りなし表\n1D2\n1 水\n2:茶\n", 3, "「出目:内容」の形ではありません"),
        ("空白 入り表\n1D2\n1:a\n2:b\n", 1, "表の名前に空白は使えません"),
        ("2D6\n1D2\n1:a\n2:b\n", 1, "「2D6」はダイスコマンドとして読まれる"),
        ("零個表\n0D6\n0:a\n", 2, "ダイスの数と面の数は1以上です"),
        ("大きすぎ表\n1D1001\n1:a\n", 2, "1D1001 は出目が1,001通りあります。表は1,000行までです"),
        ("多すぎ表\n201D2\n1:a\n", 2, "ダイスは200個までです"),
        ("長い行表\n1D2\n1:" + "あ" * (MAX_ROW_CHARS + 1) + "\n2:b\n", 3, "行が長すぎます"),
    ],
)
def test_a_malformed_table_is_refused_naming_the_line(text, line, reason):
    with pytest.raises(TableError) as caught:
        parse_table(text)
    assert caught.value.line == line
    assert reason in caught.value.reason
    if line is not None:
        assert str(caught.value).startswith(f"{line}行目: ")


def test_many_missing_rows_are_counted_not_all_listed():
    with pytest.raises(TableError, match=r"出目 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 ほか89個 の行がありません"):
        parse_table("百面表\n1D100\n1:a\n")


def test_a_table_text_past_the_limit_is_refused_before_reading():
    with pytest.raises(TableError, match="表が長すぎます"):
        parse_table("長い表\n1D1\n1:" + "a" * MAX_TEXT_CHARS)


def test_full_width_numbers_and_leading_zeros_are_read_and_exported_as_bcdice_reads_them():
    table = parse_table("全角表\n１Ｄ２\n０１：水\n２:茶\n")
    assert table.dice == "1D2"
    assert table_text(table) == "全角表\n1D2\n1:水\n2:茶\n"


@pytest.mark.parametrize("text", [TEXT_1D6, TEXT_3D4, TEXT_D66, TEXT_D66A, TEXT_D66D])
def test_export_round_trips(text):
    table = parse_table(text)
    again = parse_table(table_text(table))
    assert (again.name, again.dice, [(r.value, r.text) for r in again.rows]) == (
        table.name,
        table.dice,
        [(r.value, r.text) for r in table.rows],
    )
    assert table_text(again) == table_text(table)


def enumerate_odds(dice: str) -> dict[int, Fraction]:
    """Every way the dice can fall, counted: independent of value_odds's convolution."""
    if dice.startswith("D66"):
        order = dice[3:] or "N"
        counts: Counter[int] = Counter()
        for a, b in itertools.product(range(1, 7), repeat=2):
            low, high = sorted((a, b))
            pair = {"N": (a, b), "A": (low, high), "S": (low, high), "D": (high, low)}[order]
            counts[pair[0] * 10 + pair[1]] += 1
        return {v: Fraction(c, 36) for v, c in counts.items()}
    times, sides = map(int, dice.split("D"))
    sums = Counter(sum(faces) for faces in itertools.product(range(1, sides + 1), repeat=times))
    return {v: Fraction(c, sides**times) for v, c in sums.items()}


@pytest.mark.parametrize("dice", ["1D6", "2D6", "3D4", "3D6", "1D20", "D66", "D66N", "D66A", "D66S", "D66D"])
def test_exact_odds_agree_with_counting_every_throw(dice):
    assert value_odds(dice) == enumerate_odds(dice)


def test_row_odds_are_each_rows_chance():
    odds = dict((row.value, p) for row, p in row_odds(parse_table(TEXT_3D4)))
    assert odds[3] == Fraction(1, 64) and odds[7] == Fraction(12, 64)
    two_d6 = parse_table("二六表\n2D6\n" + "".join(f"{n}:x\n" for n in range(2, 13)))
    assert dict((r.value, p) for r, p in row_odds(two_d6))[7] == Fraction(6, 36)
    assert {p for _, p in row_odds(parse_table(TEXT_D66))} == {Fraction(1, 36)}
    ascending = dict((r.value, p) for r, p in row_odds(parse_table(TEXT_D66A)))
    assert (ascending[11], ascending[16]) == (Fraction(1, 36), Fraction(2, 36))
    assert sum(ascending.values()) == 1


def test_the_dice_box_finds_a_table_by_name_secret_and_comment():
    tables = [parse_table(TEXT_1D6), parse_table(TEXT_D66)]
    call = find_call("テスト表", tables)
    assert call is not None and call.table.name == "テスト表" and not call.secret
    call = find_call("Sソートなし表 宝物を探す", tables)
    assert call is not None and call.table.name == "ソートなし表" and call.secret
    assert call.comment == "宝物を探す"
    assert find_call("ｓテスト表", tables) is not None  # full-width, as commands are read
    assert find_call("テスト", tables) is None
    assert find_call("2D6", tables) is None
