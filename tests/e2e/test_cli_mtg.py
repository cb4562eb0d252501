"""`python -m gmtool prob mtg`: a deck's exact odds from a decklist (resolved against the card
database) or a gmtool deck file; an unknown card exits 2 naming it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gmtool.rules.systems.mtg.checks import CheckColor
from gmtool.rules.systems.mtg.deck import deck_from_cards
from gmtool.rules.systems.mtg.odds import check_odds
from gmtool.rules.systems.mtg.procedure import physical_view
from gmtool.store.cards.database import CardDatabase
from gmtool.store.exchange import export_character
from tests.rules.mtg_fixtures import BEAR, FOREST, GOLD

ROOT = Path(__file__).resolve().parents[2]
ARENA = "Deck\n20 森\n4 Elvish Mystic (M14) 169\n4 ルーン爪の熊\n2 Fire // Ice\n\nSideboard\n3 Forest\n"


def prob(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}  # prob needs no display
    env["GMTOOL_DATA_DIR"] = str(data_dir)
    return subprocess.run(
        [sys.executable, "-m", "gmtool", "prob", "mtg", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def expected(deck, color: CheckColor, difficulty: int) -> tuple[float, float]:
    odds = check_odds(physical_view(deck), color)
    return float(odds.success(difficulty)), float(odds.success_with_boost(difficulty))


def test_an_arena_list_with_japanese_names_gives_the_exact_odds(tmp_path, private_data_dir):
    path = tmp_path / "deck.txt"
    path.write_text(ARENA, encoding="utf-8")
    result = prob(private_data_dir, "--deck", str(path), "--color", "g", "--difficulty", "4", "--json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert set(out) == {"system", "success", "success_with_boost", "cards"}
    with CardDatabase.open(private_data_dir / "cards.sqlite") as cards:  # the same sample the CLI used
        wanted = (("森", 20), ("Elvish Mystic", 4), ("ルーン爪の熊", 4), ("火 // 氷", 2))
        deck = deck_from_cards("x", [(cards.find(n), k) for n, k in wanted])
    plain, boosted = expected(deck, CheckColor.GREEN, 4)
    assert out == {"system": "mtg", "success": pytest.approx(plain, abs=1e-12),
                   "success_with_boost": pytest.approx(boosted, abs=1e-12), "cards": 30}  # fmt: skip
    assert 0 < plain < boosted < 1


def test_a_deck_file_is_read_as_it_is(tmp_path, private_data_dir):
    deck = deck_from_cards("ファイルのPC", [(FOREST, 10), (BEAR, 6), (GOLD, 4)])
    path = tmp_path / "deck.gmchar.json"
    export_character(path, "mtg", deck)
    result = prob(private_data_dir, "--deck", str(path), "--color", "U", "--difficulty", "3", "--json")
    assert result.returncode == 0, result.stderr
    plain, boosted = expected(deck, CheckColor.BLUE, 3)
    out = json.loads(result.stdout)
    assert out["cards"] == 20 and out["success"] == pytest.approx(plain, abs=1e-12)
    assert out["success_with_boost"] == pytest.approx(boosted, abs=1e-12)


def test_the_text_output_reads_for_a_person(tmp_path, private_data_dir):
    path = tmp_path / "deck.txt"
    path.write_text(ARENA, encoding="utf-8")
    result = prob(private_data_dir, "--deck", str(path), "--color", "C", "--difficulty", "0")
    assert result.returncode == 0, result.stderr
    assert "色のない判定" in result.stdout and "30枚" in result.stdout and "ブースト" in result.stdout


def test_an_unknown_card_exits_2_naming_it(tmp_path, private_data_dir):
    path = tmp_path / "deck.txt"
    path.write_text("20 森\n4 存在しないカード\n", encoding="utf-8")
    result = prob(private_data_dir, "--deck", str(path), "--color", "G", "--difficulty", "2", "--json")
    assert result.returncode == 2
    assert "2行目「存在しないカード」" in result.stderr and not result.stdout


def test_a_missing_file_and_a_bad_color_exit_2(tmp_path, private_data_dir):
    none = str(tmp_path / "none.txt")
    missing = prob(private_data_dir, "--deck", none, "--color", "G", "--difficulty", "2")
    assert missing.returncode == 2 and "none.txt" in missing.stderr
    bad = prob(private_data_dir, "--deck", none, "--color", "X", "--difficulty", "2")
    assert bad.returncode == 2 and "--color" in bad.stderr
