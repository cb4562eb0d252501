"""The tables the LotR summary only refers to: shipped empty except where the text gives a value,
filled in by the GM, stored whole when edited, and a bad stored table refused by name."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.rules.data import RuleDataError
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.overrides import apply_overrides, overrides_problem
from gmtool.rules.systems.lotr.overrides_document import diff_document
from gmtool.rules.systems.lotr.reference_tables import (
    MAX_ROWS,
    parse_decimal,
    with_cell,
    with_row,
    without_row,
)
from gmtool.rules.systems.lotr.rules_data import lotr_rules


def test_only_what_the_text_states_is_shipped_as_a_value():
    rules = lotr_rules()
    horse = rules.reference_table(catalog.HORSE_SPEEDS)
    # 3.9 (Table 9.22), with the text's two corrections: Canter 24, Run costs 2.
    assert [(r.name, r.get("yards")) for r in horse.rows] == [
        ("Crawl/Step", 2),
        ("Walk", 12),
        ("Canter", 24),
        ("Run", 72),
        ("Gallop", 160),
    ]
    assert (horse.value("Run", "actions"), horse.value("Run", "run_tn")) == (2, 5)
    assert (horse.value("Gallop", "full_round"), horse.value("Gallop", "run_tn")) == (True, 10)
    assert horse.value("Walk", "actions") is None  # the text gives no cost for a walk
    assert rules.reference_table(catalog.CALLED_SHOTS).value(catalog.HEAD, "tn") == 12
    renown = rules.reference_table(catalog.RENOWN)
    assert (renown.value("Local", "tn"), renown.value("Area", "tn")) == (5, 10)
    for empty in (catalog.WEAPONS, catalog.STUN, catalog.FEAR, catalog.HEALING, catalog.TRAVEL_SPEEDS):
        assert rules.reference_table(empty).is_empty, empty
    healing = rules.reference_table(catalog.HEALING)
    assert [r.name for r in healing.rows] == list(catalog.WOUND_ROWS)


def test_a_filled_in_table_is_stored_whole_and_read_back_exactly():
    shipped = lotr_rules()
    added = apply_overrides(
        shipped, {"tables": {"weapons": with_row(shipped.reference_table("weapons"), "Longsword")}}
    )
    rows = with_cell(added.reference_table("weapons"), 0, "damage", "2d6+1")
    edited = apply_overrides(shipped, {"tables": {"weapons": rows}})
    document = diff_document(shipped, edited)
    assert list(document["tables"]) == ["weapons"]
    again = apply_overrides(shipped, document)
    assert again.reference_table("weapons").value("Longsword", "damage") == "2d6+1"
    assert again.reference_table("weapons").value("Longsword", "long") is None
    factor = apply_overrides(shipped, {"tables": {"unit_size": [{"name": "Orc", "factor": "1.5"}]}})
    assert factor.reference_table("unit_size").rows[0].number("factor") == Fraction(3, 2)
    removed = apply_overrides(
        shipped, {"tables": {"weapons": without_row(again.reference_table("weapons"), 0)}}
    )
    assert diff_document(shipped, removed) == {}


@pytest.mark.parametrize(
    ("tables", "named"),
    [
        ({"weapons": [{"name": "Bow", "damage": "lots"}]}, "ダメージは「2d6+1」のように書きます"),
        ({"weapons": [{"name": "Bow", "long": -5}]}, "範囲外"),
        ({"weapons": [{"name": "Bow", "long": "far"}]}, "整数でなければなりません"),
        ({"weapons": [{"name": "Bow", "range": 3}]}, "知らない列です"),
        ({"weapons": [{"name": "Bow"}, {"name": "Bow"}]}, "同じ名前の行が二つあります"),
        ({"weapons": [{"name": ""}]}, "名前は"),
        ({"weapons": [{"name": "x"}] * (MAX_ROWS + 1)}, f"{MAX_ROWS}行まで"),
        ({"horse_speeds": [{"name": "Trot", "yards": 30}]}, "この表の行は本文のもの"),
        ({"horse_speeds": [{"name": "Run", "full_round": "yes"}]}, "はい・いいえ"),
        ({"unit_size": [{"name": "Orc", "factor": "1/0"}]}, "「1.5」のような数"),
        ({"dragons": []}, "知らない表です"),
    ],
)
def test_a_bad_stored_table_is_refused_naming_what_is_wrong(tables, named):
    problem = overrides_problem(lotr_rules(), {"tables": tables})
    assert problem is not None and named in problem and "参照表" in problem


def test_a_flag_cell_takes_only_yes_or_no():
    rows = with_cell(lotr_rules().reference_table("horse_speeds"), 4, "full_round", "yes")
    with pytest.raises(RuleDataError, match="はい・いいえ"):
        apply_overrides(lotr_rules(), {"tables": {"horse_speeds": rows}})


@pytest.mark.parametrize("text", ["1e999999999", "1E5", "-1", "1/0", "0x10", "1_000", " ", "１．５"])
def test_a_decimal_cell_takes_only_plain_numbers_and_refuses_at_once(text):
    """An exponent would make Fraction build a huge integer before any range check: refused first."""
    problem = overrides_problem(lotr_rules(), {"tables": {"unit_size": [{"name": "Orc", "factor": text}]}})
    assert text.strip() == "" or (problem is not None and "「1.5」のような数" in problem)


@pytest.mark.parametrize(("text", "value"), [("1.5", Fraction(3, 2)), ("75/2", Fraction(75, 2)), ("12", 12)])
def test_a_decimal_cell_reads_exactly(text, value):
    assert parse_decimal(text) == value
