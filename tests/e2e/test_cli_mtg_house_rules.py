"""`gmtool prob mtg` follows MTG's house rules: --boost-cards after|including moves the boosted odds
to the independent count over every ordering, --known-result lifts the refusal of a check certain
only with the boost; the defaults are today's readings with today's output."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.rules.systems.mtg.deck import deck_from_cards
from gmtool.store.exchange import export_character
from tests.cli_helpers import prob_json
from tests.rules.mtg.fixtures import BEAR, FOREST, RED, RELIC
from tests.rules.mtg.test_house_rules_mtg import EIGHT, count


def prob(capsys, monkeypatch, tmp_path, cards, *args: str) -> dict:
    monkeypatch.setenv("GMTOOL_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "deck.gmchar.json"
    export_character(path, "mtg", deck_from_cards("PC", cards))
    return prob_json(capsys, "mtg", "--deck", str(path), "--color", "G", *args)


@pytest.mark.parametrize("reading", ["after", "including"])
def test_the_boosted_odds_follow_the_boost_cards_reading(capsys, monkeypatch, tmp_path, reading):
    cards = [(FOREST, 3), (BEAR, 2), (RED, 1), (RELIC, 2)]
    out = prob(capsys, monkeypatch, tmp_path, cards, "--difficulty", "5", "--boost-cards", reading)
    plain, boosted = count(EIGHT, 5, reading == "including")
    assert out["success"] == pytest.approx(float(plain), abs=1e-12)
    assert out["success_with_boost"] == pytest.approx(float(boosted), abs=1e-12)
    assert boosted == (Fraction(73, 84) if reading == "including" else Fraction(6, 7))
    assert out.get("boost_cards") == (None if reading == "after" else "including")


def test_the_known_result_reading_lifts_the_refusal(capsys, monkeypatch, tmp_path):
    cards = [(FOREST, 6), (BEAR, 2)]
    today = prob(capsys, monkeypatch, tmp_path, cards, "--difficulty", "5")
    assert "必ず成功します" in today["refusal"] and "known_result" not in today
    other = prob(capsys, monkeypatch, tmp_path, cards, "--difficulty", "5", "--known-result", "without_boost")
    assert "refusal" not in other and other["known_result"] == "without_boost"
    assert other["success_with_boost"] == 1 and other["success"] == today["success"] < 1
