"""XML decklists: MTGO ``.dek`` and Cockatrice ``.cod``.

    <Deck><Cards CatID="1" Quantity="4" Sideboard="false" Name="Llanowar Elves" /></Deck>
    <cockatrice_deck version="1"><deckname>…</deckname>
      <zone name="main"><card number="4" name="…"/></zone><zone name="side">…</zone></cockatrice_deck>

The files come from other players, so they are parsed with defusedxml: a DTD (and with it every
entity declaration, the "billion laughs" bomb included) or an external reference is refused before
anything is expanded.  SAX rather than a tree, because its locator gives each card its line number,
which the unresolved-card list and the error messages show.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from xml.sax import SAXParseException
from xml.sax.handler import ContentHandler
from xml.sax.xmlreader import AttributesImpl, Locator

from defusedxml import DefusedXmlException, DTDForbidden, EntitiesForbidden
from defusedxml.sax import parseString

from gmtool.rules.message import Message
from gmtool.rules.systems.mtg.character import MAX_COPIES
from gmtool.store.mtg.decklists import (
    MAX_DECKLIST_BYTES,
    MAX_NAME_CHARS,
    DeckLine,
    DeckList,
    DecklistError,
)

__all__ = ["parse_xml_decklist"]

# Cockatrice itself writes "main" and "side"; other tools write "sideboard".  Cockatrice accepts any
# zone name: the tokens a deck makes, a maybeboard … are kept aside (not in the deck) with a note.
_COCKATRICE_ZONES = {"main": "main", "side": "sideboard", "sideboard": "sideboard"}
_MAX_ASIDE_NOTES = 20  # zones named in the notes; a file with more is not a deck anyone made
_DECLARATION = re.compile(
    rb"^(?:\xef\xbb\xbf)?\s*<\?xml[^>]*?\bencoding\s*=\s*[\"'](?P<encoding>[A-Za-z0-9._-]{1,40})[\"']"
)
_TEXT_DECLARATION = re.compile(r"^(?P<head>\ufeff?\s*<\?xml[^>]*?\bencoding\s*=\s*[\"'])[A-Za-z0-9._-]+")
_EXPAT_ENCODINGS = {"utf-8", "utf8", "utf-16", "utf16", "iso-8859-1", "latin-1", "us-ascii", "ascii"}


class _Handler(ContentHandler):
    """Collects the cards; a DecklistError raised here passes through expat unchanged.

    The camelCase method names are SAX's."""

    def __init__(self, source: Path | None) -> None:
        super().__init__()
        self.source = source
        self.root: str | None = None
        self.zone: str | None = None  # Cockatrice: the section of the open <zone>, "" if kept aside
        self.aside_zone = ""
        self.aside: dict[str, int] = {}  # Cockatrice zones outside the deck: copies in each
        self.lines: list[DeckLine] = []
        self.name = ""
        self._deckname: list[str] | None = None
        self._locator: Locator | None = None

    def setDocumentLocator(self, locator: Locator) -> None:
        self._locator = locator

    def _line(self) -> int:
        line = self._locator.getLineNumber() if self._locator is not None else None
        return line if line is not None else 0  # 0: no line known (expat's locator always knows it)

    def _fail(self, problem: str, text: str | None = None) -> None:
        raise DecklistError(problem, self.source, self._line() or None, text)

    def startElement(self, name: str, attrs: AttributesImpl) -> None:
        if self.root is None:
            if name not in ("Deck", "cockatrice_deck"):
                self._fail(
                    Message(
                        "MTGO（.dek）でも Cockatrice（.cod）でもない XML です（最上位の要素が <{0}>）", name
                    )
                )
            self.root = name
        elif self.root == "Deck" and name == "Cards":
            sideboard = attrs.get("Sideboard", "false").strip().casefold()
            if sideboard not in ("true", "false"):
                self._fail(Message("Sideboard は true か false です（{0}）", sideboard), _tag(name, attrs))
            self._add(name, attrs, "Quantity", "Name", "sideboard" if sideboard == "true" else "main")
        elif self.root == "cockatrice_deck":
            self._cockatrice(name, attrs)

    def _cockatrice(self, name: str, attrs: AttributesImpl) -> None:
        if name == "deckname":
            self._deckname = []
        elif name == "zone":
            zone = attrs.get("name", "")
            self.zone = _COCKATRICE_ZONES.get(zone.strip().casefold(), "")
            self.aside_zone = zone.strip()[:MAX_NAME_CHARS]
        elif name == "card":
            if self.zone is None:
                self._fail(Message("<zone> の外に <card> があります"), _tag(name, attrs))
            if self.zone:
                self._add(name, attrs, "number", "name", self.zone)
            elif len(self.aside) < _MAX_ASIDE_NOTES or self.aside_zone in self.aside:
                number = unicodedata.normalize("NFKC", attrs.get("number", "1").strip())
                copies = int(number) if number.isascii() and number.isdigit() and len(number) < 7 else 1
                self.aside[self.aside_zone] = self.aside.get(self.aside_zone, 0) + copies

    def endElement(self, name: str) -> None:
        if name == "zone":
            self.zone = None
        elif name == "deckname" and self._deckname is not None:
            self.name = "".join(self._deckname).strip()[:MAX_NAME_CHARS]
            self._deckname = None

    def characters(self, content: str) -> None:
        if self._deckname is not None:
            self._deckname.append(content)

    def _add(self, tag: str, attrs: AttributesImpl, count_key: str, name_key: str, section: str) -> None:
        text = _tag(tag, attrs)
        name = attrs.get(name_key, "").strip()
        if not name:
            self._fail(Message("カード名（{0}）がありません", name_key), text)
        if len(name) > MAX_NAME_CHARS:
            self._fail(Message("カード名が長すぎます（{0}文字まで）", MAX_NAME_CHARS), text)
        written = attrs.get(count_key, "").strip()
        digits = unicodedata.normalize("NFKC", written)
        if not digits.isascii() or not digits.isdigit():
            self._fail(Message("枚数（{0}）が整数ではありません", count_key), text)
        count = int(digits)
        if not 1 <= count <= MAX_COPIES:
            self._fail(Message("枚数は1〜{0}枚です（{1}枚）", MAX_COPIES, count), text)
        self.lines.append(DeckLine(name, count, section, self._line(), text))


def _tag(name: str, attrs: AttributesImpl) -> str:
    """The element as a line of text for the user (its attributes as written)."""
    shown = " ".join(f'{key}="{value}"' for key, value in attrs.items())
    return f"<{name} {shown}/>" if shown else f"<{name}/>"


def parse_xml_decklist(data: bytes, source_name: str = "") -> DeckList:
    """An MTGO .dek or Cockatrice .cod decklist; DecklistError naming the file (and line) if unreadable."""
    source = Path(source_name) if source_name else None
    if len(data) > MAX_DECKLIST_BYTES:
        raise DecklistError(
            Message("長すぎます（{0} バイト）。デッキリストではないようです", len(data)), source
        )
    data = _as_expat_input(data, source)
    handler = _Handler(source)
    try:
        parseString(data, handler, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except SAXParseException as exc:
        column = exc.getColumnNumber()  # expat always gives one; a bare SAX locator may not
        where = Message("、{0}文字目", column + 1) if column is not None else ""
        raise DecklistError(
            Message("XML として正しくありません（{0}{1}）", exc.getMessage(), where),
            source,
            exc.getLineNumber(),
        ) from None
    except DTDForbidden:
        raise DecklistError(
            Message("DTD（<!DOCTYPE …>）を含む XML は安全のため読みません。デッキリストには不要な部分です"),
            source,
        ) from None
    except EntitiesForbidden:
        raise DecklistError(
            Message("実体宣言（<!ENTITY …>）を含む XML は安全のため読みません"), source
        ) from None
    except DefusedXmlException:
        raise DecklistError(Message("外部を参照する XML は安全のため読みません"), source) from None
    if handler.root is None:
        raise DecklistError(Message("XML に要素がありません"), source)
    if not handler.lines:
        raise DecklistError(Message("カードが1枚もありません（デッキリストが空です）"), source)
    notes = tuple(
        Message(
            "Cockatrice のゾーン「{0}」の{1}枚はデッキの外のカードなので、読み込んでいません", zone, copies
        )
        for zone, copies in handler.aside.items()
    )
    return DeckList(tuple(handler.lines), handler.name, notes)


def _as_expat_input(data: bytes, source: Path | None) -> bytes:
    """Bytes expat can read.  Expat itself knows only UTF-8, UTF-16, Latin-1 and ASCII: a file that
    declares Shift_JIS is re-encoded, and a hand-edited file saved by Japanese Windows (CP932, no
    declaration) is too, after UTF-8 has failed."""
    declared = _DECLARATION.match(data)
    if declared:
        encoding = declared["encoding"].decode("ascii").casefold()
        if encoding in _EXPAT_ENCODINGS:
            return data
        try:
            text = data.decode(encoding)
        except LookupError:
            raise DecklistError(Message("知らない文字コードです（{0}）", encoding), source) from None
        except UnicodeDecodeError as exc:
            problem = Message(
                "宣言された文字コード {0} として読めません（{1} バイト目）", encoding, exc.start
            )
            raise DecklistError(problem, source) from None
        return _TEXT_DECLARATION.sub(r"\g<head>utf-8", text, count=1).encode("utf-8")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        try:
            return data.decode("cp932").encode("utf-8")
        except UnicodeDecodeError:
            pass  # neither: expat's own error names the line
    return data
