"""`python -m gmtool prob mtg`: a deck's exact odds from a decklist (resolved against the card
database) or a gmtool deck file (known by its content); an unknown card exits 2 naming it; a check
the rules refuse still exits 0 with the reason; how an unmarked list was read goes to stderr."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from gmtool.rules.systems.mtg.checks import CheckColor
from gmtool.rules.systems.mtg.deck import deck_from_cards
from gmtool.rules.systems.mtg.odds import check_odds
from gmtool.rules.systems.mtg.procedure import physical_view
from gmtool.rules.systems.mtg.table import COLOR_WORDS
from gmtool.store.exchange import export_character
from gmtool.store.mtg.database import CardDatabase
from tests.e2e.test_cli import run_gmtool
from tests.rules.mtg.fixtures import BEAR, FOREST, GOLD

ROOT = Path(__file__).resolve().parents[2]
ARENA = "Deck\n20 森\n4 Elvish Mystic (M14) 169\n4 ルーン爪の熊\n2 Fire // Ice\n\nSideboard\n3 Forest\n"


# Each test's gmtool starts on the card cache a first start builds, ready in its data folder.
pytestmark = pytest.mark.usefixtures("card_cache")


def prob(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # prob needs no display; the card database is the test's own.
    changes = {"QT_QPA_PLATFORM": None, "GMTOOL_DATA_DIR": str(data_dir)}
    return run_gmtool("prob", "mtg", *args, env_changes=changes)


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


@pytest.mark.parametrize("name", ["deck.json", "deck.txt", "ファイルのPC"])
def test_a_deck_file_is_known_by_its_content_not_its_name(tmp_path, private_data_dir, name):
    deck = deck_from_cards("ファイルのPC", [(FOREST, 10), (BEAR, 6), (GOLD, 4)])
    saved = tmp_path / "deck.gmchar.json"
    export_character(saved, "mtg", deck)
    path = tmp_path / name
    path.write_bytes(b"\n  " + saved.read_bytes())  # renamed, and space before the "{"
    result = prob(private_data_dir, "--deck", str(path), "--color", "G", "--difficulty", "2", "--json")
    assert result.returncode == 0, result.stderr
    plain, _ = expected(deck, CheckColor.GREEN, 2)
    out = json.loads(result.stdout)
    assert out["cards"] == 20 and out["success"] == pytest.approx(plain, abs=1e-12)


def test_a_json_decklist_that_is_not_a_character_file_is_read_as_a_decklist(tmp_path, private_data_dir):
    path = tmp_path / "deck.json"
    path.write_text('{"format": "something else"}\n', encoding="utf-8")
    result = prob(private_data_dir, "--deck", str(path), "--color", "G", "--difficulty", "2", "--json")
    assert result.returncode == 2
    assert "カードデータベースにないカード" in result.stderr and "1行目" in result.stderr


def test_too_few_cards_gives_the_reason_and_exits_0(tmp_path, private_data_dir):
    path = tmp_path / "deck.txt"
    path.write_text("1 森\n", encoding="utf-8")
    result = prob(private_data_dir, "--deck", str(path), "--color", "G", "--difficulty", "2", "--json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert set(out) == {"system", "success", "success_with_boost", "cards", "refusal"}
    assert (out["success"], out["success_with_boost"], out["cards"]) == (0.0, 0.0, 1)
    assert "2枚未満なので行動判定はできません" in out["refusal"]
    text = prob(private_data_dir, "--deck", str(path), "--color", "G", "--difficulty", "2")
    assert text.returncode == 0, text.stderr
    assert out["refusal"] in text.stdout and "成功率" not in text.stdout


def test_a_certain_outcome_gives_the_reason_and_exits_0(tmp_path, private_data_dir):
    # Only Forests (mana value 0; colorless for the boost, +6 for six): a 色のない判定 at difficulty 0
    # always succeeds (0 ≥ 0); at 6 it always fails as revealed and always succeeds with the boost,
    # which the player knows too (the panel's reading, procedure._refusal); at 7 it never succeeds.
    deck = deck_from_cards("森だけ", [(FOREST, 20)])
    path = tmp_path / "forests.gmchar.json"
    export_character(path, "mtg", deck)
    what = f"{COLOR_WORDS['C']}判定・難易度"
    cases = (("0", 1.0, 1.0, "は必ず成功します"), ("6", 0.0, 1.0, "行動判定ブーストを使えば必ず成功します"),
             ("7", 0.0, 0.0, "行動判定ブーストを使っても必ず失敗します"))  # fmt: skip
    for difficulty, plain, boosted, outcome in cases:
        result = prob(
            private_data_dir, "--deck", str(path), "--color", "C", "--difficulty", difficulty, "--json"
        )
        assert result.returncode == 0, result.stderr
        out = json.loads(result.stdout)
        assert (out["success"], out["success_with_boost"]) == (plain, boosted)
        assert out["refusal"].startswith("PLに結果が分かっている判定はできません")
        assert f"{what} {difficulty}" in out["refusal"] and outcome in out["refusal"]
    text = prob(private_data_dir, "--deck", str(path), "--color", "C", "--difficulty", "0")
    assert text.returncode == 0, text.stderr
    assert "100.000%" in text.stdout and "PLに結果が分かっている判定はできません" in text.stdout


def test_how_an_unmarked_list_was_read_goes_to_stderr(tmp_path, private_data_dir):
    path = tmp_path / "arena.txt"
    path.write_text("4 Elvish Mystic\n20 Forest\n\n2 Mountain\n", encoding="utf-8")
    result = prob(private_data_dir, "--deck", str(path), "--color", "G", "--difficulty", "2", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["cards"] == 24  # the Mountains are the sideboard
    assert "「arena.txt」" in result.stderr and "2枚をサイドボードとして読みました" in result.stderr
    path.write_text("Deck\n4 Elvish Mystic\n20 Forest\n", encoding="utf-8")
    marked = prob(private_data_dir, "--deck", str(path), "--color", "G", "--difficulty", "2", "--json")
    assert marked.returncode == 0 and marked.stderr == ""


# ---- names of two cards, クリティカル and known top cards (issue 22) --------------------------------


def _two_of_one_name(data_dir: Path) -> None:
    from gmtool.rules.systems.mtg.cards import Card

    with CardDatabase.open(data_dir / "cards.sqlite") as cards:
        cards.add_manual(Card("Conduit of Ruin", 6, (), name_ja="破滅を導くもの", types=("Creature",)))
        cards.add_manual(Card("Ruination Guide", 3, ("U",), name_ja="破滅を導くもの", types=("Creature",)))


def test_a_name_of_two_cards_exits_2_naming_the_candidates(tmp_path, private_data_dir):
    _two_of_one_name(private_data_dir)
    path = tmp_path / "deck.txt"
    path.write_text("20 森\n4 破滅を導くもの\n", encoding="utf-8")
    result = prob(private_data_dir, "--deck", str(path), "--color", "G", "--difficulty", "2", "--json")
    assert result.returncode == 2 and not result.stdout
    assert "2行目「破滅を導くもの」: 2枚のカードの名前です" in result.stderr
    assert "Conduit of Ruin（マナ総量6・無色）" in result.stderr
    assert "Ruination Guide（マナ総量3・青）" in result.stderr


def test_critical_and_known_top_cards_give_the_panels_odds(tmp_path, private_data_dir):
    from gmtool.rules.systems.mtg.checks import LibraryCard
    from gmtool.rules.systems.mtg.deck import set_critical

    path = tmp_path / "deck.txt"
    path.write_text("30 森\n10 ルーン爪の熊\n", encoding="utf-8")
    args = ["--deck", str(path), "--color", "G", "--difficulty", "3", "--json"]
    args += ["--critical", "ルーン爪の熊", "--critical", "Runeclaw Bear", "--known-top", "*ルーン爪の熊"]
    args += ["--known-top", "森"]
    result = prob(private_data_dir, *args)
    assert result.returncode == 0, result.stderr
    with CardDatabase.open(private_data_dir / "cards.sqlite") as cards:
        forest, bear = cards.find("森"), cards.find("ルーン爪の熊")
    deck = set_critical(deck_from_cards("x", [(forest, 30), (bear, 10)]), bear.name, 2)
    odds = check_odds(physical_view(deck, [LibraryCard(bear, True), LibraryCard(forest)]), CheckColor.GREEN)
    out = json.loads(result.stdout)
    assert out["success"] == pytest.approx(float(odds.success(3)), abs=1e-12)
    assert out["success_with_boost"] == pytest.approx(float(odds.success_with_boost(3)), abs=1e-12)


@pytest.mark.parametrize(
    ("option", "name", "problem"),
    [
        ("--critical", "存在しないカード", "「存在しないカード」はメインデッキにありません"),
        ("--known-top", "*森", "クリティカル・カードの《Forest》はこのデッキにもう残っていません"),
        ("--critical", "x" * 201, "カード名は1〜200文字です（201文字）"),
    ],
)
def test_named_cards_the_deck_does_not_allow_exit_2(tmp_path, private_data_dir, option, name, problem):
    path = tmp_path / "deck.txt"
    path.write_text("20 森\n10 ルーン爪の熊\n", encoding="utf-8")
    args = ["--deck", str(path), "--color", "G", "--difficulty", "3", option, name]
    result = prob(private_data_dir, *args)
    assert result.returncode == 2 and problem in result.stderr and "Traceback" not in result.stderr


def test_critical_cards_past_the_decks_limit_exit_2(tmp_path, private_data_dir):
    path = tmp_path / "deck.txt"
    path.write_text("36 森\n4 ルーン爪の熊\n", encoding="utf-8")  # 40 cards: 2 critical cards
    args = ["--deck", str(path), "--color", "G", "--difficulty", "3"] + ["--critical", "ルーン爪の熊"] * 3
    result = prob(private_data_dir, *args)
    assert result.returncode == 2 and "クリティカル・カードは2枚までです" in result.stderr
