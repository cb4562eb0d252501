"""Decklists as Japanese players write them, and the Apprentice / Forge / Magic Workstation files:
every header, subtotal and sideboard form is a header (never a card), and the real lists in
tests/data/decklists read to the counts their sources give."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.store.mtg.decklist_lines import header
from gmtool.store.mtg.decklists import DeckList, parse_decklist_text, read_decklist_file

DATA = Path(__file__).resolve().parents[1] / "data" / "decklists"


def cards(decklist: DeckList) -> list[tuple[str, int, str]]:
    return [(line.name, line.count, line.section) for line in decklist.lines]


# --- each header, subtotal and sideboard form, a test of its own -------------------------------------


def test_a_bracketed_category_with_its_count_is_skipped() -> None:
    decklist = parse_decklist_text("《土地》 19枚\n19 山\n《クリーチャー》 4枚\n4 ジャッカルの仔\n")
    assert cards(decklist) == [("山", 19, "main"), ("ジャッカルの仔", 4, "main")]


def test_a_bracketed_category_with_an_ellipsis_is_skipped() -> None:
    decklist = parse_decklist_text("《クリーチャー》…\n4 ジャッカルの仔\n20 山\n")
    assert cards(decklist) == [("ジャッカルの仔", 4, "main"), ("山", 20, "main")]


def test_a_category_with_its_count_stuck_on_is_skipped() -> None:
    decklist = parse_decklist_text("クリーチャー12\n4 ジャッカルの仔\n8 モグの狂信者\n土地8\n8 山\n")
    assert cards(decklist) == [("ジャッカルの仔", 4, "main"), ("モグの狂信者", 8, "main"), ("山", 8, "main")]


def test_a_subtotal_line_is_skipped() -> None:
    decklist = parse_decklist_text("20 山\n4 ショック\n計24枚\n合計：24枚\n60 cards\n")
    assert cards(decklist) == [("山", 20, "main"), ("ショック", 4, "main")]


@pytest.mark.parametrize(
    "line",
    [
        "・サイドボード",
        "【サイドボード】",
        "《サイド》",
        "サイドボード（15枚）",
        "■サイドボード 15枚",
        "[sideboard]",
    ],
)
def test_each_sideboard_header_opens_the_sideboard(line: str) -> None:
    decklist = parse_decklist_text(f"20 山\n4 ショック\n{line}\n4 紅蓮破\n")
    assert cards(decklist) == [("山", 20, "main"), ("ショック", 4, "main"), ("紅蓮破", 4, "sideboard")]


@pytest.mark.parametrize("line", ["メイン", "【メインデッキ】 60枚", "・メイン", "[Main]"])
def test_each_main_header_opens_the_main_deck(line: str) -> None:
    decklist = parse_decklist_text(f"サイドボード\n4 紅蓮破\n{line}\n20 山\n")
    assert cards(decklist) == [("紅蓮破", 4, "sideboard"), ("山", 20, "main")]


def test_the_commander_header_in_japanese() -> None:
    decklist = parse_decklist_text("【統率者】\n1 原初の飢え、ガルタ\n《土地》 1枚\n1 森\n")
    assert cards(decklist) == [("原初の飢え、ガルタ", 1, "commander"), ("森", 1, "commander")]


@pytest.mark.parametrize(
    "line",
    [
        "土地",
        "《呪文》",
        "スペル 24枚",
        "クリーチャー (16)",
        "// Creatures",
        "Lands (24)",
        "# Instants",
        "16 Creatures",
    ],
)
def test_every_category_header_is_a_header(line: str) -> None:
    assert header(line) == "skip"


@pytest.mark.parametrize(
    "line", ["4 山", "山", "Forest", "4 Lightning Bolt", "Land Tax", "土地税", "《山》 19枚"]
)
def test_card_lines_are_no_headers(line: str) -> None:
    assert header(line) is None


# --- card forms -------------------------------------------------------------------------------------


def test_japanese_and_english_names_of_one_card_stay_together() -> None:
    decklist = parse_decklist_text("4 《ボール・ライトニング/Ball Lightning》\n16:《山/Mountain》\n")
    assert cards(decklist) == [
        ("《ボール・ライトニング/Ball Lightning》", 4, "main"),
        ("《山/Mountain》", 16, "main"),
    ]


def test_a_count_followed_by_dots() -> None:
    assert cards(parse_decklist_text("4.....蛮族のリング/Barbarian Ring\n")) == [
        ("蛮族のリング/Barbarian Ring", 4, "main")
    ]


def test_a_count_stuck_to_a_japanese_name() -> None:
    assert cards(parse_decklist_text("山3\n《森》3\n反逆の先導者、チャンドラ4\n")) == [
        ("山", 3, "main"),
        ("《森》", 3, "main"),
        ("反逆の先導者、チャンドラ", 4, "main"),
    ]


def test_an_english_name_never_loses_a_trailing_digit_to_the_count() -> None:
    assert cards(parse_decklist_text("1 TestCard2000\n")) == [("TestCard2000", 1, "main")]


def test_a_title_line_before_the_first_card_is_the_decks_name() -> None:
    decklist = parse_decklist_text("赤単スライ\n\n20 山\n4 ショック\n4 火葬\n")
    assert decklist.name == "赤単スライ"
    assert cards(decklist) == [("山", 20, "main"), ("ショック", 4, "main"), ("火葬", 4, "main")]
    assert decklist.notes == ("1行目「赤単スライ」はデッキ名として読みました（カードではありません）",)


def test_a_bare_first_line_in_a_list_of_bare_names_is_a_card() -> None:
    decklist = parse_decklist_text("Forest\nMountain\nIsland\n")
    assert decklist.name == "" and len(decklist.lines) == 3


def test_forge_and_magic_workstation_lines() -> None:
    forge = parse_decklist_text(
        "[metadata]\nName=Test\nDescription=x\n[Main]\n4 Armageddon|LEB\n1 Forest|LEB|2\n"
    )
    assert forge.name == "Test" and cards(forge) == [("Armageddon", 4, "main"), ("Forest", 1, "main")]
    mws = parse_decklist_text(
        "// Deck file for Magic Workstation\n// NAME : UR Aggro\n  1 [RTR] Blood Crypt\n"
        "  3 [THS] Plains (1)\nSB:  1 [RTR] Vandalblast\n"
    )
    assert mws.name == "UR Aggro"
    assert cards(mws) == [("Blood Crypt", 1, "main"), ("Plains", 3, "main"), ("Vandalblast", 1, "sideboard")]


def test_a_forge_section_outside_the_deck_is_kept_aside_with_a_note() -> None:
    decklist = parse_decklist_text("[Main]\n20 Forest\n[Planes]\n1 Test Plane\n1 Other Plane\n")
    assert cards(decklist) == [("Forest", 20, "main")]
    assert decklist.notes == ("「planes」の2枚はデッキの外のカードなので、読み込んでいません",)


# --- the real lists ---------------------------------------------------------------------------------

REAL = {
    # file: (name, main-deck copies, sideboard copies)
    "forge_leb_geddon.dck": ("LEB 3 Strategy: Geddon", 60, 0),
    "apprentice_12_moon.dec": ("SaffronOlive - 12 Moon", 60, 15),
    "apprentice_sligh.dec": ("", 60, 15),
    "arena_m20_golgari.txt": ("", 59, 1),
    "mtgo_mtgtop8_mannequin.txt": ("", 60, 15),
    "cockatrice_ben_rubin_sligh.cod": ("Ben Rubin - Sligh", 60, 15),
    "jp_blog_sligh.txt": ("赤単スライ（Ben Rubin・1998年世界選手権 準優勝）", 60, 15),
    "jp_oldsite_geddon.txt": ("■ハルマゲドン（Geddon）■", 60, 0),
    "jp_arena_m20_golgari.txt": ("", 59, 1),
    "jp_stuck_12_moon.txt": ("SaffronOliveの「12 Moon」", 60, 15),
}


def test_every_real_list_is_in_the_readme() -> None:
    listed = (DATA / "README.md").read_text(encoding="utf-8")
    assert set(REAL) == {p.name for p in DATA.iterdir() if p.name != "README.md"}
    assert all(f"`{name}`" in listed for name in REAL)


@pytest.mark.parametrize("name", sorted(REAL))
def test_a_real_list_reads_to_its_sources_counts(name: str) -> None:
    title, main, side = REAL[name]
    decklist = read_decklist_file(DATA / name)
    assert decklist.name == title
    assert (decklist.count("main"), decklist.count("sideboard")) == (main, side)
