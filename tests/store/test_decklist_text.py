"""Text decklists: every accepted form read to (name, count, section), and unreadable lines refused
with the line number.  Card names are only strings here; nothing is looked up."""

from __future__ import annotations

import codecs
import re
from pathlib import Path

import pytest

from gmtool.store.errors import StoreError
from gmtool.store.mtg.decklists import (
    MAX_DECKLIST_BYTES,
    DeckList,
    DecklistError,
    parse_decklist_text,
    read_decklist_file,
)


def cards(decklist: DeckList) -> list[tuple[str, int, str]]:
    return [(line.name, line.count, line.section) for line in decklist.lines]


# --- MTG Arena ------------------------------------------------------------------------------------

ARENA_WITH_HEADERS = """About
Name Test Elves

Commander
1 Test Leader (TST) 1

Companion
1 Test Friend (TST) 2

Deck
4 Test Elf (DOM) 168
2 Test Split // Other Half (GRN) 123a
1 Test Star (SLD) ★
1 Test Promo (PLST) 2023-1
20 Forest (M21) 274

Sideboard
2 Test Answer (M19) 99
"""


def test_arena_export_with_headers() -> None:
    decklist = parse_decklist_text(ARENA_WITH_HEADERS)
    assert decklist.name == "Test Elves"
    assert cards(decklist) == [
        ("Test Leader", 1, "commander"),
        ("Test Friend", 1, "companion"),
        ("Test Elf", 4, "main"),
        ("Test Split // Other Half", 2, "main"),
        ("Test Star", 1, "main"),
        ("Test Promo", 1, "main"),
        ("Forest", 20, "main"),
        ("Test Answer", 2, "sideboard"),
    ]
    assert decklist.notes == ()
    assert decklist.count("main") == 28
    assert [line.name for line in decklist.commander()] == ["Test Leader"]
    assert [line.name for line in decklist.companion()] == ["Test Friend"]


def test_line_numbers_and_text_are_the_files() -> None:
    decklist = parse_decklist_text(ARENA_WITH_HEADERS)
    elf = decklist.main()[0]
    assert elf.line == 11
    assert elf.text == "4 Test Elf (DOM) 168"


def test_arena_without_headers_reads_the_blank_line_as_the_sideboard() -> None:
    text = "4 Test Elf (DOM) 168\n20 Forest (M21) 274\n\n2 Test Answer (M19) 99\n1 Test Other (M19) 5\n"
    decklist = parse_decklist_text(text)
    assert cards(decklist) == [
        ("Test Elf", 4, "main"),
        ("Forest", 20, "main"),
        ("Test Answer", 2, "sideboard"),
        ("Test Other", 1, "sideboard"),
    ]
    assert len(decklist.notes) == 1
    assert "3枚をサイドボード" in decklist.notes[0]


def test_mtgo_txt_without_set_codes() -> None:
    decklist = parse_decklist_text("4 Test Elf\r\n20 Forest\r\n\r\n2 Test Answer\r\n")
    assert cards(decklist) == [
        ("Test Elf", 4, "main"),
        ("Forest", 20, "main"),
        ("Test Answer", 2, "sideboard"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "4 Test A\n\n4 Test B\n\n4 Test C\n",  # three blocks: grouped by hand
        "4 Test A\n\n// lands\n4 Test B\n",  # comments: hand-written
        "4x Test A\n\n4x Test B\n",  # not Arena's form
        "Deck\n4 Test A\n\n4 Test B\n",  # headers decide
    ],
)
def test_a_hand_grouped_list_stays_in_the_main_deck(text: str) -> None:
    decklist = parse_decklist_text(text)
    assert {line.section for line in decklist.lines} == {"main"}
    assert decklist.notes == ()


def test_a_second_block_larger_than_a_sideboard_stays_in_the_library() -> None:
    text = "4 Elvish Mystic\n4 Runeclaw Bear\n4 Llanowar Elves\n\n20 Forest\n"
    decklist = parse_decklist_text(text)
    assert cards(decklist) == [
        ("Elvish Mystic", 4, "main"),
        ("Runeclaw Bear", 4, "main"),
        ("Llanowar Elves", 4, "main"),
        ("Forest", 20, "main"),
    ]
    assert decklist.count("main") == 32
    assert decklist.notes == ()


@pytest.mark.parametrize(
    ("text", "sideboard"),
    [
        ("20 Test A\n20 Test B\n\n15 Test C\n", 15),  # the largest sideboard there is
        ("4 Test A\n\n3 Test B\n", 3),  # fewer than the deck: still a sideboard
    ],
)
def test_a_plausible_second_block_is_the_sideboard(text: str, sideboard: int) -> None:
    decklist = parse_decklist_text(text)
    assert decklist.count("sideboard") == sideboard
    assert len(decklist.notes) == 1 and f"{sideboard}枚をサイドボード" in decklist.notes[0]


@pytest.mark.parametrize(
    "text",
    [
        "40 Test A\n\n16 Test B\n",  # more than 15 cards
        "4 Test A\n\n4 Test B\n",  # as many as the deck
        "2 Test A\n\n4 Test B\n",  # more than the deck
    ],
)
def test_an_implausible_second_block_stays_in_the_library(text: str) -> None:
    decklist = parse_decklist_text(text)
    assert {line.section for line in decklist.lines} == {"main"}
    assert decklist.notes == ()


def test_leading_and_trailing_blank_lines_are_not_blocks() -> None:
    decklist = parse_decklist_text("\n\n4 Test A\n\n\n")
    assert cards(decklist) == [("Test A", 4, "main")]
    assert decklist.notes == ()


# --- plain lists ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "name", "count"),
    [
        ("4 Test Elf", "Test Elf", 4),
        ("4x Test Elf", "Test Elf", 4),
        ("4X Test Elf", "Test Elf", 4),
        ("4 x Test Elf", "Test Elf", 4),
        ("Test Elf x4", "Test Elf", 4),
        ("Test Elf ×4", "Test Elf", 4),
        ("Test Elf×4", "Test Elf", 4),
        ("エルフの神秘家 4枚", "エルフの神秘家", 4),
        ("エルフの神秘家4枚", "エルフの神秘家", 4),
        ("エルフの神秘家　4", "エルフの神秘家", 4),
        ("４ 森", "森", 4),  # full-width digit
        ("４　森", "森", 4),  # and full-width space
        ("森　×１２", "森", 12),
        ("１２枚 森", "森", 12),
        ("《エルフの神秘家》", "《エルフの神秘家》", 1),  # brackets are resolution's business
        ("「森」×2", "「森」", 2),
        ("4《ルーン爪の熊》", "《ルーン爪の熊》", 4),
        ("《ルーン爪の熊》x3", "《ルーン爪の熊》", 3),
        ("森x4", "森", 4),  # Japanese lists write the x right after the name
        ("森X4", "森", 4),
        ("森ｘ4", "森", 4),  # full-width x
        ("森Ｘ４", "森", 4),
        ("エルフの神秘家x4", "エルフの神秘家", 4),
        ("エルフの神秘家×4", "エルフの神秘家", 4),
        ("エルフの神秘家x4枚", "エルフの神秘家", 4),
        ("Test Relaxx4", "Test Relaxx4", 1),  # after a Latin letter the x may be the name's
        ("Test Relax4", "Test Relax4", 1),
        ("Test Cafék x4", "Test Cafék", 4),  # with a space it is a count
        ("Test Caféx4", "Test Caféx4", 1),  # an accented letter is Latin too
        ("Ｔｅｓｔ Ｅｌｆｘ４", "Ｔｅｓｔ Ｅｌｆｘ４", 1),  # so is a full-width one
        ("Test Elf", "Test Elf", 1),  # a name alone is one copy
        ("Test Split // Other Half", "Test Split // Other Half", 1),
        ("4 Xtest Card", "Xtest Card", 4),  # an X starting the name is not "4 x"
        ("2 Test Card (Used)", "Test Card (Used)", 2),  # "(Used)" is not a set code
        ("1 Test Foil (SET) 12 *F*", "Test Foil", 1),  # Moxfield's foil mark
        ("Test Elf (DOM) 168", "Test Elf", 1),  # not 168 copies
        ("  4   Test Elf  ", "Test Elf", 4),
    ],
)
def test_plain_line_forms(line: str, name: str, count: int) -> None:
    assert cards(parse_decklist_text(line)) == [(name, count, "main")]


def test_the_name_is_kept_as_written() -> None:
    (line,) = parse_decklist_text("２ Ｔｅｓｔ　Ｅｌｆ").lines
    assert (line.name, line.count) == ("Ｔｅｓｔ　Ｅｌｆ", 2)


def test_mtgo_sideboard_prefix_and_comments() -> None:
    text = (
        "// Test deck by someone\n# made for a test\n4 Test Elf\nSB: 2 Test Answer\nSB:1 Test Other\n"
        "ｓｂ：３ 山\n"
    )
    assert cards(parse_decklist_text(text)) == [
        ("Test Elf", 4, "main"),
        ("Test Answer", 2, "sideboard"),
        ("Test Other", 1, "sideboard"),
        ("山", 3, "sideboard"),
    ]


def test_japanese_headers() -> None:
    text = (
        "統率者\n1 テストの指導者\n相棒\n1 テストの友\n"
        "メインデッキ\n4 エルフの神秘家\n20 森\nサイドボード\n2 山\n"
    )
    assert cards(parse_decklist_text(text)) == [
        ("テストの指導者", 1, "commander"),
        ("テストの友", 1, "companion"),
        ("エルフの神秘家", 4, "main"),
        ("森", 20, "main"),
        ("山", 2, "sideboard"),
    ]


@pytest.mark.parametrize(
    ("header", "section"),
    [
        ("Sideboard:", "sideboard"),
        ("SIDEBOARD (15)", "sideboard"),
        ("サイドボード（15枚）", "sideboard"),
        ("// Sideboard", "sideboard"),  # sites write headers as comments
        ("Maybeboard", "maybeboard"),
        ("候補", "maybeboard"),
        ("デッキ", "main"),  # the Japanese Arena client
        ("Main Deck", "main"),
    ],
)
def test_header_spellings(header: str, section: str) -> None:
    decklist = parse_decklist_text(f"Commander\n1 Test Leader\n{header}\n2 Test Card\n")
    assert decklist.lines[-1].section == section


def test_name_metadata_without_about() -> None:
    decklist = parse_decklist_text("Name テストのデッキ\n4 Test Elf\n")
    assert decklist.name == "テストのデッキ"
    assert cards(decklist) == [("Test Elf", 4, "main")]


# --- refused --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ("4 Test Elf\n4x\n", 2, "カード名がありません"),
        ("4 x\n", 1, "カード名がありません"),
        ("x4\n", 1, "カード名がありません"),
        ("４枚\n", 1, "カード名がありません"),
        ("SB:\n", 1, "カード名がありません"),
        ("《》\n", 1, "カード名がありません"),
        ("4 (DOM) 168\n", 1, "カード名がありません"),
        ("0 Test Elf\n", 1, "枚数は1〜999枚です（0枚）"),
        ("1000 Test Elf\n", 1, "枚数は1〜999枚です（1000枚）"),
        ("About\nName Test\nFormat Standard\n\nDeck\n4 Test Elf\n", 3, "About の中の行"),
        ("4 " + "A" * 201 + "\n", 1, "カード名が長すぎます"),
    ],
)
def test_unreadable_lines_name_their_number(text: str, line: int, problem: str) -> None:
    with pytest.raises(DecklistError) as caught:
        parse_decklist_text(text, "deck.txt")
    assert caught.value.line == line
    message = str(caught.value)
    assert message.startswith(f"「deck.txt」 {line}行目「")
    assert problem in message


def test_the_message_reads_as_the_brief_says() -> None:
    text = "\n".join(["4 Test Elf"] * 11 + ["4x"])
    with pytest.raises(DecklistError) as caught:
        parse_decklist_text(text, "deck.txt")
    assert str(caught.value) == "「deck.txt」 12行目「4x」: カード名がありません"
    assert isinstance(caught.value, StoreError)


def test_a_long_bad_line_is_quoted_short() -> None:
    with pytest.raises(DecklistError) as caught:
        parse_decklist_text("0 " + "B" * 5000)
    assert len(str(caught.value)) < 100


def test_a_huge_line_is_refused_before_any_pattern_runs() -> None:
    with pytest.raises(DecklistError, match="行が長すぎます"):
        parse_decklist_text("4 Test" + " " * 2_000_000 + "(x")


def test_pasted_text_has_no_file_name() -> None:
    with pytest.raises(DecklistError) as caught:
        parse_decklist_text("4x")
    assert str(caught.value) == "1行目「4x」: カード名がありません"


@pytest.mark.parametrize("text", ["", "\n\n", "// only a comment\n", "Deck\nSideboard\n", "About\nName X\n"])
def test_an_empty_list_is_refused(text: str) -> None:
    with pytest.raises(DecklistError, match="カードが1枚もありません"):
        parse_decklist_text(text, "deck.txt")


# --- files ----------------------------------------------------------------------------------------

JAPANESE = "メインデッキ\n4 エルフの神秘家\n20 森\nサイドボード\n2 山\n"
JAPANESE_CARDS = [("エルフの神秘家", 4, "main"), ("森", 20, "main"), ("山", 2, "sideboard")]


@pytest.mark.parametrize(
    "encoded",
    [
        JAPANESE.encode("utf-8"),
        codecs.BOM_UTF8 + JAPANESE.encode("utf-8"),
        JAPANESE.replace("\n", "\r\n").encode("cp932"),  # Japanese Windows Notepad
        JAPANESE.encode("utf-16"),  # Notepad's "Unicode" (with BOM)
    ],
    ids=["utf8", "utf8-bom", "cp932", "utf16"],
)
def test_file_encodings(tmp_path: Path, encoded: bytes) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(encoded)
    assert cards(read_decklist_file(path)) == JAPANESE_CARDS


def test_cp932_file_keeps_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "デッキ.txt"
    path.write_bytes("4 エルフの神秘家\r\n４ｘ\r\n".encode("cp932"))
    with pytest.raises(
        DecklistError, match="^" + re.escape("「デッキ.txt」 2行目「４ｘ」: カード名がありません") + "$"
    ):
        read_decklist_file(path)


def test_a_file_chosen_by_content_not_suffix(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(b'<?xml version="1.0"?>\n<Deck><Cards Quantity="4" Name="Test Elf"/></Deck>\n')
    assert cards(read_decklist_file(path)) == [("Test Elf", 4, "main")]


def test_a_huge_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    with path.open("wb") as handle:
        handle.truncate(MAX_DECKLIST_BYTES + 1)
    with pytest.raises(
        DecklistError,
        match="^" + re.escape("「deck.txt」: ファイルが大きすぎます（5.0 MB、上限 5 MB）") + "$",
    ):
        read_decklist_file(path)


@pytest.mark.parametrize(
    "content",
    [
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
        b"PK\x03\x04\x14\x00\x06\x00",
        b"4 Test Elf\n\x01\x02\x03\n",
    ],
    ids=["png", "zip", "control-chars"],
)
def test_binary_files_are_refused(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(content)
    with pytest.raises(DecklistError, match="^" + re.escape("「deck.txt」: テキストファイルではありません")):
        read_decklist_file(path)


def test_undecodable_bytes_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(b"4 Test \x82\xff\n")  # neither UTF-8 nor CP932
    with pytest.raises(DecklistError, match="UTF-8 でも Shift_JIS"):
        read_decklist_file(path)


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(DecklistError, match="^" + re.escape("「none.txt」: ファイルが見つかりません") + "$"):
        read_decklist_file(tmp_path / "none.txt")
    with pytest.raises(DecklistError, match="通常のファイルではありません"):
        read_decklist_file(tmp_path)
