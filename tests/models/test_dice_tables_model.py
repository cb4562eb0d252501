"""The campaign's dice tables: stored with the campaign, one undo step per change, files read and
written (and their failures said), and rolled from the dice box by name into the session log."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.models.dice_box_model import DiceBoxModel
from gmtool.models.dice_tables_model import (
    DICE_TABLES_KEY,
    DiceTablesModel,
    DiceTablesProblem,
    campaign_tables,
    example_tables,
)
from gmtool.rules.command import FixedDice
from gmtool.rules.dice_table import TableError, parse_table, row_odds
from tests.qt_fixtures import stored_session

DRINKS = "飲み物表\n1D6\n1:水\n2:緑茶\n3:麦茶\n4:コーラ\n5:オレンジジュース\n6:選ばれし者の知的飲料\n"
COINS = "硬貨表\n1D2\n1:表\n2:裏\n"


@pytest.fixture
def model(empty_campaign_model):
    return DiceTablesModel(empty_campaign_model)


def test_tables_are_stored_with_the_campaign_and_each_change_is_one_undo_step(model):
    stack = model.campaign_model.undo_stack
    assert model.add(DRINKS) == 0
    assert model.add(COINS) == 1
    model.replace(1, COINS.replace("裏", "うら"))
    assert model.names() == ["飲み物表", "硬貨表"]
    assert stack.count() == 3 and stack.undoText() == "ダイス表の変更"
    stack.undo()
    assert model.texts()[1] == COINS
    stack.undo()
    assert model.texts() == [DRINKS]
    stack.redo()
    model.remove(0)
    assert model.texts() == [COINS]
    stack.undo()
    assert model.texts() == [DRINKS, COINS]


def test_the_tables_survive_reopening_the_campaign(model, empty_campaign_model):
    model.add(DRINKS)
    model.add(COINS)
    path = empty_campaign_model.campaign.path
    assert stored_session(path, DICE_TABLES_KEY) == {"tables": [DRINKS, COINS]}


def test_a_malformed_table_or_a_taken_name_is_refused_and_nothing_is_stored(model):
    model.add(DRINKS)
    with pytest.raises(TableError) as caught:
        model.add("壊れた表\n1D6\n1:a\n7:b\n")
    assert caught.value.line == 4
    with pytest.raises(DiceTablesProblem, match="「飲み物表」という名前のダイス表はもうあります"):
        model.add("飲み物表\n1D2\n1:水\n2:茶\n")
    model.add("Coins\n1D2\n1:a\n2:b\n")
    with pytest.raises(DiceTablesProblem, match="もうあります"):  # the dice box reads ｓ as s, too
        model.add("Ｃｏｉｎｓ\n1D2\n1:a\n2:b\n")
    model.remove(1)
    model.add(COINS)
    with pytest.raises(DiceTablesProblem, match="「硬貨表」"):
        model.replace(0, DRINKS.replace("飲み物表", "硬貨表"))
    assert model.texts() == [DRINKS, COINS]
    assert model.campaign_model.undo_stack.count() == 4  # the refusals added no step


def test_duplicate_gives_a_new_name_and_the_same_rows(model):
    model.add(COINS)
    assert model.duplicate(0) == 1
    assert model.duplicate(0) == 2
    assert model.names() == ["硬貨表", "硬貨表_コピー", "硬貨表_コピー2"]
    copy = model.table(1)
    assert [(r.value, r.text) for r in copy.rows] == [(1, "表"), (2, "裏")]


def test_import_and_export_through_files(model, tmp_path):
    source = tmp_path / "drinks.txt"
    source.write_bytes(b"\xef\xbb\xbf" + DRINKS.replace("\n", "\r\n").encode("utf-8"))  # Notepad's
    assert model.import_file(source) == 0
    target = tmp_path / "out.txt"
    model.export_file(0, target)
    assert target.read_bytes() == DRINKS.encode("utf-8")
    assert model.campaign_model.undo_stack.undoText() == "ダイス表の読み込み"


def test_file_problems_are_said(model, tmp_path):
    with pytest.raises(DiceTablesProblem, match=r"nothing\.txt を読めません"):
        model.import_file(tmp_path / "nothing.txt")
    shift_jis = tmp_path / "sjis.txt"
    shift_jis.write_bytes(COINS.encode("cp932"))  # an old Windows editor's
    with pytest.raises(DiceTablesProblem, match=r"sjis\.txt は UTF-8 のテキストではありません"):
        model.import_file(shift_jis)
    bad = tmp_path / "bad.txt"
    bad.write_text("壊れた表\n1D2\n1:a\n", encoding="utf-8")
    with pytest.raises(DiceTablesProblem, match=r"bad\.txt: 2行目: 1D2 の表には出目 2 の行がありません"):
        model.import_file(bad)
    model.add(COINS)
    with pytest.raises(DiceTablesProblem, match="に書き出せません"):
        model.export_file(0, tmp_path / "no" / "such" / "folder.txt")
    assert model.texts() == [COINS]


def test_the_shipped_example_is_the_rule_texts_handedness_table(model):
    examples = dict(example_tables())
    assert list(examples) == ["fourcard_handedness"]
    table = parse_table(examples["fourcard_handedness"])
    odds = {row.value: (p, row.shown) for row, p in row_odds(table)}
    assert odds[12][1] == "両手利き" and odds[12][0] * 36 == 1
    assert odds[7][1].startswith("右利きもしくは左利き")
    model.add_example("fourcard_handedness")
    assert model.names() == ["利き腕"]


def test_the_dice_box_rolls_a_table_by_name_into_the_log(model, monkeypatch):
    import gmtool.models.dice_box_model as box

    model.add(DRINKS)
    dice = DiceBoxModel(model.campaign_model, seed_source=lambda: 7)
    dice.tables_source = lambda: campaign_tables(model.campaign_model)
    dice.set_text("飲み物表 喉が渇いた")
    assert dice.error is None and dice.table is not None
    assert dict(dice.odds.totals.items()) == {n: pytest.approx(1 / 6) for n in range(1, 7)}
    monkeypatch.setattr(box.random, "Random", lambda seed: FixedDice([6]))
    result = dice.roll()
    assert result is not None and result.text == "飲み物表(6) ＞ 選ばれし者の知的飲料"
    entry = model.campaign_model.log_entries()[-1]
    assert entry.kind == "command"
    assert entry.payload["text"] == "飲み物表(6) ＞ 選ばれし者の知的飲料"
    assert entry.payload["comment"] == "喉が渇いた" and entry.payload["faces"] == [6]
    assert entry.payload["summary"]["result"] == "飲み物表(6) ＞ 選ばれし者の知的飲料"


def test_the_dice_box_lists_the_named_tables_rows_with_their_odds(model):
    model.add(DRINKS)
    dice = DiceBoxModel(model.campaign_model)
    dice.tables_source = lambda: campaign_tables(model.campaign_model)
    assert dice.table_rows() == ()  # nothing typed: no table
    dice.set_text("飲み物表")
    rows = dice.table_rows()
    assert [row.value for row in rows] == [1, 2, 3, 4, 5, 6]
    assert all(row.probability == Fraction(1, 6) for row in rows)
    assert rows[0].shown == "水" and rows[5].shown == "選ばれし者の知的飲料"
    dice.set_text("2D6")
    assert dice.table_rows() == ()


def test_a_secret_table_roll_is_hidden_until_revealed(model, monkeypatch):
    import gmtool.models.dice_box_model as box

    model.add(COINS)
    dice = DiceBoxModel(model.campaign_model, seed_source=lambda: 7)
    dice.tables_source = lambda: campaign_tables(model.campaign_model)
    monkeypatch.setattr(box.random, "Random", lambda seed: FixedDice([2]))
    dice.set_text("S硬貨表")
    result = dice.roll()
    assert result is not None and result.secret
    entry = model.campaign_model.log_entries()[-1]
    assert entry.payload["summary"]["result"] == "シークレットダイス"
    assert entry.payload["summary"]["dice"] == "—"
    assert dice.peek(entry) == "硬貨表(2) ＞ 裏"
    revealed = dice.reveal(entry)
    assert revealed is not None and revealed.payload["summary"]["result"] == "硬貨表(2) ＞ 裏"


def test_without_tables_the_name_is_an_ordinary_malformed_command(model):
    dice = DiceBoxModel(model.campaign_model)
    dice.tables_source = lambda: campaign_tables(model.campaign_model)
    dice.set_text("飲み物表")
    assert dice.error is not None and dice.table is None
    model.add(DRINKS)
    dice.set_text("飲み物表")
    assert dice.error is None and dice.table is not None
    model.campaign_model.undo_stack.undo()  # the table is gone again: so is the roll
    dice.set_text("飲み物表")
    assert dice.error is not None


def test_a_table_roll_replays_from_its_seed_with_the_table_as_it_was(model):
    model.add(DRINKS)
    dice = DiceBoxModel(model.campaign_model, seed_source=lambda: 12345)
    dice.tables_source = lambda: campaign_tables(model.campaign_model)
    dice.set_text("飲み物表")
    result = dice.roll()
    entry = model.campaign_model.log_entries()[-1]
    model.replace(0, DRINKS.replace("水", "白湯"))  # edited after the roll: the log keeps what was rolled
    again = dice.replay(entry)
    assert again is not None and again.same and again.text == result.text
    assert again.cli == ""  # a campaign's table has no terminal command
    forged = dict(entry.payload, table="not a table")
    assert dice.replay(type(entry)(entry.id, entry.at, entry.kind, forged)) is None


def test_saving_a_table_reads_the_typed_command_again(model):
    dice = DiceBoxModel(model.campaign_model)
    dice.tables_source = lambda: campaign_tables(model.campaign_model)
    dice.set_text("硬貨表")
    assert dice.error is not None  # no such table yet
    model.add(COINS)
    assert dice.error is None and dice.table is not None
    model.campaign_model.undo_stack.undo()
    assert dice.error is not None


def test_a_typed_table_reads_with_each_rows_chance_or_says_its_bad_line(model):
    reading = model.read(COINS)
    assert (reading.name, reading.dice, reading.readable) == ("硬貨表", "1D2", True)
    assert [(r.value, r.probability, r.shown) for r in reading.rows] == [
        (1, Fraction(1, 2), "表"),
        (2, Fraction(1, 2), "裏"),
    ]
    assert [(r.value, r.probability) for r in model.read(DRINKS).rows] == [
        (row.value, p) for row, p in row_odds(parse_table(DRINKS))
    ]
    bad = model.read("宝物表\n2D6\n2:銅貨\n13:金貨\n")
    assert bad.line == 4 and bad.problem.startswith("4行目: 出目 13 は 2D6 では出ません")
    assert bad.rows == () and not bad.readable
    empty = model.read("  \n")
    assert empty.problem is None and empty.rows == () and not empty.readable
    assert model.texts() == []  # reading stores nothing


def test_a_new_table_takes_a_name_no_table_has(model):
    first = model.new_table_text()
    assert first == "新しい表\n1D6\n1:\n2:\n3:\n4:\n5:\n6:\n"
    model.add(first)
    assert model.new_table_text().startswith("新しい表2\n1D6\n")
