"""`gmtool prob mtg --physical-odds deck|library --not-in-library "Name:N,…"`: the library-only
reading's odds are the independent count over the cards left; the whole-deck default is today's;
a card not in the deck, more copies than it has, or the list without the library reading exits 2
naming what is wrong."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from gmtool.rules.systems.mtg.cards import Card
from gmtool.rules.systems.mtg.deck import deck_from_cards
from gmtool.store.exchange import export_character
from tests.cli_helpers import run_prob
from tests.rules.mtg.test_physical_odds import DECK, count

# A fictional card whose name holds a comma, as many legendary cards' names do.
COMMA = Card("Test Lord, the Comma", 3, ("R",), types=("Creature",))


def prob(capsys, monkeypatch, tmp_path, cards, *args: str) -> tuple[int, dict | str]:
    monkeypatch.setenv("GMTOOL_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "deck.gmchar.json"
    export_character(path, "mtg", deck_from_cards("PC", cards))
    deck = ("--deck", str(path), "--color", "G", "--difficulty", "4")
    code, out, err = run_prob(capsys, "mtg", *deck, *args, "--json")
    return code, (json.loads(out) if code == 0 else err)


def test_the_library_reading_counts_only_the_cards_left(capsys, monkeypatch, tmp_path):
    code, out = prob(
        capsys,
        monkeypatch,
        tmp_path,
        DECK,
        "--physical-odds",
        "library",
        "--not-in-library",
        "Forest:2,ルーン爪の熊:1",
    )
    assert code == 0 and isinstance(out, dict)
    plain, boosted = count("FFBBRAA", 4)
    assert plain == Fraction(10, 21)
    assert out["success"] == pytest.approx(float(plain), abs=1e-12)
    assert out["success_with_boost"] == pytest.approx(float(boosted), abs=1e-12)
    assert (out["physical_odds"], out["library_cards"], out["cards"]) == ("library", 7, 10)


def test_the_default_counts_the_whole_deck(capsys, monkeypatch, tmp_path):
    code, out = prob(capsys, monkeypatch, tmp_path, DECK)
    assert code == 0 and isinstance(out, dict) and "physical_odds" not in out
    assert out["success"] == pytest.approx(float(count("FFFFBBBRAA", 4)[0]), abs=1e-12)


def test_a_name_with_a_comma_is_read_whole(capsys, monkeypatch, tmp_path):
    cards = [*DECK, (COMMA, 1)]
    code, out = prob(
        capsys, monkeypatch, tmp_path, cards, "--physical-odds", "library",
        "--not-in-library", "Test Lord, the Comma:1,Forest:2", "--not-in-library", "ルーン爪の熊",
    )  # fmt: skip
    assert code == 0 and isinstance(out, dict) and out["library_cards"] == 7
    assert out["success"] == pytest.approx(float(count("FFBBRAA", 4)[0]), abs=1e-12)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--not-in-library", "Forest:5"],
            "《森》はデッキに4枚なので、ライブラリー外は0〜4枚です（5枚にはできません）",
        ),
        (["--not-in-library", "Forest:3,Forest:2"], "デッキに4枚なので"),  # the same card twice adds up
        (["--not-in-library", "Mountain:1"], "「Mountain」はメインデッキにありません"),
        (["--not-in-library", "*Forest:1"], "《森》（クリティカル・カード）はデッキに0枚"),
        (["--not-in-library", "Forest:0"], "「Forest」の枚数は1枚以上です"),
    ],
)
def test_a_list_the_deck_does_not_allow_exits_2_naming_the_card(capsys, monkeypatch, tmp_path, args, message):
    code, err = prob(capsys, monkeypatch, tmp_path, DECK, "--physical-odds", "library", *args)
    assert code == 2 and isinstance(err, str) and message in err and "Traceback" not in err


def test_the_list_without_the_library_reading_exits_2(capsys, monkeypatch, tmp_path):
    code, err = prob(capsys, monkeypatch, tmp_path, DECK, "--not-in-library", "Forest:1")
    assert code == 2 and "--physical-odds library のとき" in err
