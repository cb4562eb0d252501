"""XML decklists: MTGO .dek and Cockatrice .cod read to lines; hostile or broken XML refused with a
message naming the file (and the line where there is one)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from gmtool.store.mtg.decklists import DeckList, DecklistError, read_decklist_file
from gmtool.store.mtg.xml_decklists import parse_xml_decklist


def cards(decklist: DeckList) -> list[tuple[str, int, str]]:
    return [(line.name, line.count, line.section) for line in decklist.lines]


DEK = """<?xml version="1.0" encoding="utf-8"?>
<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <NetDeckID>0</NetDeckID>
  <PreconstructedDeckID>0</PreconstructedDeckID>
  <Cards CatID="101" Quantity="4" Sideboard="false" Name="Test Elf" Annotation="0" />
  <Cards CatID="102" Quantity="20" Sideboard="false" Name="Forest" Annotation="0" />
  <Cards CatID="103" Quantity="2" Sideboard="true" Name="Test Answer &amp; Question" Annotation="0" />
  <Cards CatID="104" Quantity="1" Sideboard="False" Name="Test Split // Other Half" />
</Deck>
"""

COD = """<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_deck version="1">
    <deckname>テストのエルフ</deckname>
    <comments>for a test</comments>
    <zone name="main">
        <card number="4" name="エルフの神秘家"/>
        <card number="20" name="Forest" setShortName="TST" collectorNumber="1"/>
    </zone>
    <zone name="side">
        <card number="2" name="Test Answer"/>
    </zone>
    <zone name="tokens">
        <card number="1" name="Test Token"/>
    </zone>
</cockatrice_deck>
"""


def test_mtgo_dek() -> None:
    decklist = parse_xml_decklist(DEK.encode(), "test.dek")
    assert cards(decklist) == [
        ("Test Elf", 4, "main"),
        ("Forest", 20, "main"),
        ("Test Answer & Question", 2, "sideboard"),
        ("Test Split // Other Half", 1, "main"),
    ]
    assert decklist.name == ""  # a .dek carries no name
    first = decklist.lines[0]
    assert first.line == 5
    assert 'Name="Test Elf"' in first.text


def test_cockatrice_cod() -> None:
    decklist = parse_xml_decklist(COD.encode(), "test.cod")
    assert decklist.name == "テストのエルフ"
    # The tokens zone holds what the deck makes, not cards of the deck.
    assert cards(decklist) == [
        ("エルフの神秘家", 4, "main"),
        ("Forest", 20, "main"),
        ("Test Answer", 2, "sideboard"),
    ]
    assert [line.line for line in decklist.lines] == [6, 7, 10]
    aside = "Cockatrice のゾーン「tokens」の1枚はデッキの外のカードなので、読み込んでいません"
    assert decklist.notes == (aside,)


@pytest.mark.parametrize("zone", ["tokens", "maybe", "graveyard", "Commander Wishlist"])
def test_any_other_cockatrice_zone_is_kept_aside_with_a_note(zone: str) -> None:
    """Cockatrice accepts any zone name (92 of 831 real files have one besides main and side)."""
    xml = (
        f'<cockatrice_deck version="1"><zone name="main"><card number="4" name="Forest"/></zone>'
        f'<zone name="{zone}"><card number="2" name="Test Aside"/><card number="1" name="Other"/></zone>'
        f'<zone name="side"><card number="1" name="Test Side"/></zone></cockatrice_deck>'
    )
    decklist = parse_xml_decklist(xml.encode(), "deck.cod")
    assert cards(decklist) == [("Forest", 4, "main"), ("Test Side", 1, "sideboard")]
    aside = f"Cockatrice のゾーン「{zone}」の3枚はデッキの外のカードなので、読み込んでいません"
    assert decklist.notes == (aside,)


def test_an_empty_tokens_zone_is_no_refusal_and_no_note() -> None:
    xml = (
        b'<cockatrice_deck><zone name="main"><card number="4" name="Forest"/></zone>'
        b'<zone name="tokens"/></cockatrice_deck>'
    )
    decklist = parse_xml_decklist(xml, "deck.cod")
    assert cards(decklist) == [("Forest", 4, "main")] and decklist.notes == ()


def test_a_sideboard_zone_named_sideboard_is_the_sideboard() -> None:
    xml = (
        b'<cockatrice_deck><zone name="main"><card number="4" name="Forest"/></zone>'
        b'<zone name="sideboard"><card number="2" name="Test"/></zone></cockatrice_deck>'
    )
    assert cards(parse_xml_decklist(xml, "deck.cod")) == [("Forest", 4, "main"), ("Test", 2, "sideboard")]


def test_files_are_read_by_content(tmp_path: Path) -> None:
    dek, cod = tmp_path / "deck.dek", tmp_path / "deck.cod"
    dek.write_text(DEK, encoding="utf-8")
    cod.write_bytes(b"\xef\xbb\xbf" + COD.encode())  # with a BOM
    assert len(read_decklist_file(dek).lines) == 4
    assert read_decklist_file(cod).name == "テストのエルフ"


def test_a_cp932_xml_file_without_declaration(tmp_path: Path) -> None:
    path = tmp_path / "deck.cod"
    text = (
        '<cockatrice_deck version="1"><zone name="main"><card number="4" name="森"/></zone></cockatrice_deck>'
    )
    path.write_bytes(text.encode("cp932"))
    assert cards(read_decklist_file(path)) == [("森", 4, "main")]


def test_a_declared_encoding_is_honoured() -> None:
    text = '<?xml version="1.0" encoding="shift_jis"?>\n<Deck><Cards Quantity="2" Name="山"/></Deck>'
    assert cards(parse_xml_decklist(text.encode("shift_jis"))) == [("山", 2, "main")]


def test_utf16_xml(tmp_path: Path) -> None:
    path = tmp_path / "deck.dek"
    path.write_bytes(
        '<?xml version="1.0" encoding="utf-16"?>\n<Deck><Cards Quantity="1" Name="森"/></Deck>'.encode(
            "utf-16"
        )
    )
    assert cards(read_decklist_file(path)) == [("森", 1, "main")]


# --- hostile XML ----------------------------------------------------------------------------------

BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE Deck [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<Deck><Cards Quantity="1" Sideboard="false" Name="&lol9;" /></Deck>
"""


def test_entity_expansion_bomb_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "bomb.dek"
    path.write_bytes(BILLION_LAUGHS)
    started = time.monotonic()
    with pytest.raises(
        DecklistError,
        match="^" + re.escape("「bomb.dek」: DTD（<!DOCTYPE …>）を含む XML は安全のため読みません"),
    ):
        read_decklist_file(path)
    assert time.monotonic() - started < 2


@pytest.mark.parametrize(
    "doctype",
    [
        b'<!DOCTYPE Deck SYSTEM "http://example.invalid/deck.dtd">',
        b'<!DOCTYPE Deck [<!ENTITY secret SYSTEM "file:///etc/passwd">]>',
        b"<!DOCTYPE Deck>",
    ],
    ids=["external-dtd", "external-entity", "bare-doctype"],
)
def test_any_dtd_is_refused(doctype: bytes) -> None:
    data = b'<?xml version="1.0"?>\n' + doctype + b'\n<Deck><Cards Quantity="1" Name="Test Elf"/></Deck>'
    with pytest.raises(DecklistError, match="DTD"):
        parse_xml_decklist(data, "evil.dek")


# --- broken or foreign XML ------------------------------------------------------------------------


def test_malformed_xml_names_the_file_and_line() -> None:
    data = b'<?xml version="1.0"?>\n<Deck>\n  <Cards Quantity="4" Name="Test Elf">\n</Deck>\n'
    with pytest.raises(DecklistError) as caught:
        parse_xml_decklist(data, "broken.dek")
    assert caught.value.line == 4
    assert str(caught.value).startswith("「broken.dek」 4行目: XML として正しくありません")


def test_truncated_xml() -> None:
    with pytest.raises(DecklistError, match="^" + re.escape("「cut.cod」 2行目: XML として正しくありません")):
        parse_xml_decklist(b'<cockatrice_deck version="1">\n<zone name="main"><card number="4"', "cut.cod")


@pytest.mark.parametrize(
    ("xml", "line", "problem"),
    [
        (
            '<Deck>\n<Cards Quantity="four" Name="Test Elf"/></Deck>',
            2,
            "枚数（Quantity）が整数ではありません",
        ),
        ('<Deck>\n<Cards Quantity="0" Name="Test Elf"/></Deck>', 2, "枚数は1〜999枚です（0枚）"),
        (
            '<Deck>\n\n<Cards Quantity="-1" Name="Test Elf"/></Deck>',
            3,
            "枚数（Quantity）が整数ではありません",
        ),
        ('<Deck>\n<Cards Quantity="4"/></Deck>', 2, "カード名（Name）がありません"),
        (
            '<Deck>\n<Cards Quantity="4" Name="Test" Sideboard="maybe"/></Deck>',
            2,
            "Sideboard は true か false",
        ),
        (
            '<cockatrice_deck>\n<card number="4" name="Test Elf"/></cockatrice_deck>',
            2,
            "<zone> の外に <card>",
        ),
        (
            '<cockatrice_deck><zone name="main">\n<card name="Test Elf"/></zone></cockatrice_deck>',
            2,
            "枚数（number）",
        ),
    ],
)
def test_bad_entries_name_their_line(xml: str, line: int, problem: str) -> None:
    with pytest.raises(DecklistError) as caught:
        parse_xml_decklist(xml.encode(), "deck.dek")
    assert caught.value.line == line
    assert str(caught.value).startswith(f"「deck.dek」 {line}行目「<")
    assert problem in str(caught.value)


def test_foreign_xml_is_refused() -> None:
    with pytest.raises(
        DecklistError,
        match=re.escape("MTGO（.dek）でも Cockatrice（.cod）でもない XML です（最上位の要素が <html>）"),
    ):
        parse_xml_decklist(b"<html><body>4 Test Elf</body></html>", "page.html")


@pytest.mark.parametrize(
    "xml",
    [
        b"<Deck><NetDeckID>0</NetDeckID></Deck>",
        b'<cockatrice_deck version="1"><deckname>Empty</deckname><zone name="main"/></cockatrice_deck>',
        b'<cockatrice_deck><zone name="tokens"><card number="1" name="Test Token"/></zone></cockatrice_deck>',
    ],
)
def test_an_empty_deck_is_refused(xml: bytes) -> None:
    with pytest.raises(DecklistError, match="^" + re.escape("「empty.dek」: カードが1枚もありません")):
        parse_xml_decklist(xml, "empty.dek")
