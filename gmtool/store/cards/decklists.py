"""Decklists as players hand them over: MTG Arena / MTGO text, hand-typed lists, .dek and .cod files.

Reading a decklist only splits it into lines of (count, name, section); which card a name means is
decided later by `deck_resolution` against the card database.  So the parser keeps each name as it
was written (brackets and full-width characters included) and never corrects a spelling: a line it
cannot read is an error naming the line, not a guess.

Accepted text forms, one card per line (see `parse_decklist_text`):

    4 Llanowar Elves (DOM) 168      MTG Arena (set code and collector number dropped)
    4x Name / 4 x Name / Name x4 / Name ×4 / 森x4 / エルフの神秘家 4枚 / エルフの神秘家　4
    《エルフの神秘家》 / 「森」      one copy
    SB: 2 Name                      MTGO sideboard prefix

with section headers (Deck, Sideboard, Commander, Companion, Maybeboard, メインデッキ, サイドボード,
統率者, 相棒 …), Arena's ``About`` / ``Name X`` metadata, and ``//`` or ``#`` comments.
"""

from __future__ import annotations

import codecs
import os
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from gmtool.rules.message import Message
from gmtool.rules.systems.mtg.character import MAX_COPIES
from gmtool.store.errors import StoreError
from gmtool.store.files import read_limited

__all__ = [
    "MAX_DECKLIST_BYTES",
    "SECTIONS",
    "DeckLine",
    "DeckList",
    "DecklistError",
    "parse_decklist_text",
    "read_decklist_file",
]

SECTIONS = ("main", "sideboard", "commander", "companion", "maybeboard")
MAX_DECKLIST_BYTES = 5 * 1024 * 1024  # a 250-card list is a few KB; anything near this is not a list
MAX_NAME_CHARS = 200  # as long as `Card.name` may be
# A card line is a name and a few marks; capping lines first keeps every regex below linear-time
# on a hostile file (a megabyte of spaces inside one line would otherwise cost minutes).
MAX_LINE_CHARS = 1000
# The largest block after a blank line that an unmarked list may mean as its sideboard (the
# constructed formats' 15; a bigger one is more likely lands grouped apart, so it stays in the deck).
MAX_SIDEBOARD = 15
_SHOWN_CHARS = 40  # how much of a bad line an error message quotes


class DecklistError(StoreError):
    """A decklist that cannot be read; ``line`` (1-based) and ``text`` say where, when known."""

    def __init__(
        self,
        problem: str,
        path: str | os.PathLike[str] | None = None,
        line: int | None = None,
        text: str | None = None,
    ) -> None:
        super().__init__(problem, path)
        self.line = line
        self.text = text
        prefix: list[str] = []
        if self.path is not None:
            prefix.append(Message("「{0}」", self.path.name))
        if line is not None:
            prefix.append(
                Message("{0}行目", line) if text is None else Message("{0}行目「{1}」", line, _shown(text))
            )
        self.args = (Message("{0}: {1}", Message.joined(" ", prefix), problem) if prefix else problem,)


def _shown(text: str) -> str:
    text = text.strip()
    return text if len(text) <= _SHOWN_CHARS else text[:_SHOWN_CHARS] + "…"


@dataclass(frozen=True)
class DeckLine:
    """``count`` copies of the card written ``name``, in ``section``, from line ``line`` (1-based)."""

    name: str
    count: int
    section: str
    line: int
    text: str


@dataclass(frozen=True)
class DeckList:
    """The lines of a decklist in file order; ``notes`` tell the user how an unmarked list was read."""

    lines: tuple[DeckLine, ...]
    name: str = ""
    notes: tuple[str, ...] = field(default=())

    def section(self, section: str) -> tuple[DeckLine, ...]:
        if section not in SECTIONS:
            raise ValueError(f"unknown decklist section {section!r}")
        return tuple(line for line in self.lines if line.section == section)

    def main(self) -> tuple[DeckLine, ...]:
        return self.section("main")

    def sideboard(self) -> tuple[DeckLine, ...]:
        return self.section("sideboard")

    def commander(self) -> tuple[DeckLine, ...]:
        return self.section("commander")

    def companion(self) -> tuple[DeckLine, ...]:
        return self.section("companion")

    def maybeboard(self) -> tuple[DeckLine, ...]:
        return self.section("maybeboard")

    def count(self, section: str = "main") -> int:
        return sum(line.count for line in self.section(section))


# --- one line -------------------------------------------------------------------------------------

# Matched against the text as written, so the name keeps its spelling; the classes below admit the
# full-width forms a Japanese IME produces (\s already includes the ideographic space U+3000).
_DIGITS = r"[0-9０-９]+"
_TIMES = r"[xXｘＸ×✕]"
_BRACKETED = r"(?=[《「])"
_ONLY_COUNT = re.compile(rf"^(?:{_TIMES}\s*)?{_DIGITS}\s*(?:{_TIMES}|枚)?$")
# "4 Name", "4x Name", "4 x Name", "4枚 Name", "4《Name》"; "4 Xenagos" backtracks to count 4.
_COUNT_FIRST = re.compile(rf"^(?P<count>{_DIGITS})(?:\s*(?:{_TIMES}|枚))?(?:\s+|{_BRACKETED})(?P<name>.+)$")
# A character a letter x may follow directly as the count's mark: anything but ASCII and the Latin
# letters and digits beyond it (accented, full-width), so "森x4" and "《森》ｘ4" are 4 copies while
# "Test Relaxx4" stays a name.
_NOT_LATIN = r"[^\x00-\x7f\u00c0-\u024f\u1e00-\u1effＡ-Ｚａ-ｚ０-９]"
# "Name x4", "Name ×4", "森x4", "《Name》x4" (after a Latin letter a bare x needs a space: names end in x).
_TIMES_LAST = re.compile(
    rf"^(?P<name>.*?\S)(?:\s*[×✕]|\s+[xXｘＸ]|(?<={_NOT_LATIN})[xXｘＸ])\s*(?P<count>{_DIGITS})\s*枚?$"
)
_MAI_LAST = re.compile(rf"^(?P<name>.*?\S)\s*(?P<count>{_DIGITS})\s*枚$")  # エルフの神秘家 4枚
_SPACE_LAST = re.compile(rf"^(?P<name>.*?\S)\s+(?P<count>{_DIGITS})$")  # エルフの神秘家　4
# Arena's "(DOM) 168"; collector numbers may be "123a", "★", "2023-1".  Set codes are upper case, so
# a name ending in "(Used)" is not cut.  Moxfield adds *F* (foil) or *E* (etched) after them.
_SET_SUFFIX = re.compile(r"(?:^|\s+)\([A-Z0-9_]{2,8}\)(?:\s+[^\s()]+)?(?:\s+\*[A-Z]\*)?$")
_SIDEBOARD_PREFIX = re.compile(r"^[SＳsｓ][BＢbｂ]\s*[:：]\s*")
_ARENA_LINE = re.compile(r"^[0-9]+ \S")  # how Arena and MTGO write a card: digits, one space, name
_NAME_META = re.compile(r"^Name\s+(?P<name>\S.*)$")

_HEADERS = {
    "deck": "main",
    "main": "main",
    "maindeck": "main",
    "main deck": "main",
    "mainboard": "main",
    "デッキ": "main",  # the Japanese Arena client's export
    "メイン": "main",
    "メインデッキ": "main",
    "メインボード": "main",
    "sideboard": "sideboard",
    "side": "sideboard",
    "サイド": "sideboard",
    "サイドボード": "sideboard",
    "commander": "commander",
    "commanders": "commander",
    "統率者": "commander",
    "companion": "companion",
    "相棒": "companion",
    "maybeboard": "maybeboard",
    "maybe": "maybeboard",
    "候補": "maybeboard",
    "about": "about",  # Arena's metadata block ("Name X"), not a section of cards
}
_HEADER_COUNT = re.compile(r"\s*\(\d+枚?\)$")  # "Sideboard (15)", "サイドボード（15枚）"


def _header(text: str) -> str | None:
    """The section a header line opens, or None.  "// Sideboard" counts: sites write it as a comment,
    and reading it as a mere comment would put the sideboard into the library."""
    key = unicodedata.normalize("NFKC", text).casefold().strip()
    if key.startswith("//"):
        key = key[2:]
    elif key.startswith("#"):
        key = key[1:]
    key = _HEADER_COUNT.sub("", key.strip()).rstrip(":").strip()
    return _HEADERS.get(key)


def _is_comment(text: str) -> bool:
    start = unicodedata.normalize("NFKC", text[:2])
    return start.startswith(("//", "#"))


def _count(digits: str, source: Path | None, number: int, text: str) -> int:
    count = int(unicodedata.normalize("NFKC", digits))
    if not 1 <= count <= MAX_COPIES:
        raise DecklistError(Message("枚数は1〜{0}枚です（{1}枚）", MAX_COPIES, count), source, number, text)
    return count


def _card(body: str, source: Path | None, number: int, text: str) -> tuple[int, str]:
    """(count, name as written) of a card line without its SB: prefix."""
    if _ONLY_COUNT.match(body):
        raise DecklistError(Message("カード名がありません"), source, number, text)
    match = _COUNT_FIRST.match(body)
    if match:
        count, name = match["count"], _SET_SUFFIX.sub("", match["name"]).strip()
    else:
        # The set code goes first: "Llanowar Elves (DOM) 168" is not 168 copies.
        body = _SET_SUFFIX.sub("", body)
        for pattern in (_TIMES_LAST, _MAI_LAST, _SPACE_LAST):
            match = pattern.match(body)
            if match:
                count, name = match["count"], match["name"].strip()
                break
        else:
            count, name = "1", body.strip()  # a name alone is one copy
    if not name.strip("《》「」 \t\u3000"):
        raise DecklistError(Message("カード名がありません"), source, number, text)
    if len(name) > MAX_NAME_CHARS:
        raise DecklistError(
            Message("カード名が長すぎます（{0}文字まで）", MAX_NAME_CHARS), source, number, text
        )
    return _count(count, source, number, text), name


# --- a whole list ---------------------------------------------------------------------------------


@dataclass
class _Card:
    number: int
    text: str
    count: int
    name: str
    section: str
    group: int  # cards between the same blank lines share a group
    arena_form: bool
    sb_prefix: bool


def parse_decklist_text(text: str, source_name: str = "") -> DeckList:
    """A text decklist (MTG Arena, MTGO, hand-typed; English or Japanese); DecklistError if unreadable.

    ``source_name`` names the file in error messages ("" for pasted text).
    """
    source = Path(source_name) if source_name else None
    if len(text) > MAX_DECKLIST_BYTES:
        raise DecklistError(
            Message("長すぎます（{0} 文字）。デッキリストではないようです", len(text)), source
        )
    # Line numbers as an editor counts them (str.splitlines would also split at \f, \x1c, U+2028 …).
    raw_lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    cards: list[_Card] = []
    name = ""
    section: str | None = None  # None until a header: "main", unless the blank-line rule applies
    headers = comments = False
    group = 0
    for number, raw in enumerate(raw_lines, start=1):
        line = raw.strip()
        if not line:
            if section == "about":
                section = None  # Arena ends its About block with a blank line
            if cards and cards[-1].group == group:
                group += 1
            continue
        if len(line) > MAX_LINE_CHARS:
            raise DecklistError(Message("行が長すぎます（{0}文字まで）", MAX_LINE_CHARS), source, number, raw)
        opened = _header(line)
        if opened is not None:
            section, headers = opened, headers or opened != "about"
            continue
        if _is_comment(line):
            comments = True
            continue
        meta = _NAME_META.match(line)
        if meta and (section == "about" or (section is None and not cards)):
            name = meta["name"].strip()[:MAX_NAME_CHARS]
            continue
        if section == "about":
            raise DecklistError(
                Message("About の中の行として読めません（Name 以外の項目です）"), source, number, raw
            )
        prefix = _SIDEBOARD_PREFIX.match(line)
        body = line[prefix.end() :] if prefix else line
        count, card_name = _card(body, source, number, raw)
        cards.append(
            _Card(
                number,
                raw,
                count,
                card_name,
                "sideboard" if prefix else section or "main",
                group,
                bool(_ARENA_LINE.match(line)),
                bool(prefix),
            )
        )
    if not cards:
        raise DecklistError(Message("カードが1枚もありません（デッキリストが空です）"), source)
    notes: list[str] = []
    if _blank_line_sideboard(cards, headers, comments):
        # Arena and MTGO .txt mark the sideboard with nothing but one blank line.  Only a list shaped
        # exactly like theirs (Arena's "4 Name" lines, no headers or comments, two blocks, the second
        # a plausible sideboard) is read so; a hand-typed list grouped by blank lines stays in the main deck.
        last = cards[-1].group
        for card in cards:
            if card.group == last:
                card.section = "sideboard"
        moved = sum(card.count for card in cards if card.section == "sideboard")
        notes.append(
            Message(
                "見出しがないため、MTG Arena / MTGO の書き方に従って空行の後の{0}枚をサイドボードとして読み"
                "ました",
                moved,
            )
        )
    lines = tuple(DeckLine(c.name, c.count, c.section, c.number, c.text) for c in cards)
    return DeckList(lines, name, tuple(notes))


def _blank_line_sideboard(cards: list[_Card], headers: bool, comments: bool) -> bool:
    if headers or comments or any(c.sb_prefix or not c.arena_form for c in cards):
        return False
    groups = sorted({c.group for c in cards})
    if len(groups) != 2:
        return False
    # "12 spells / blank / 20 Forest" is a library grouped by hand, not 12 cards with a 20-card
    # sideboard: a sideboard is at most MAX_SIDEBOARD cards and smaller than the deck it goes with.
    first, second = (sum(c.count for c in cards if c.group == g) for g in groups)
    return second <= MAX_SIDEBOARD and second < first


# --- files ----------------------------------------------------------------------------------------


def read_decklist_file(path: str | os.PathLike[str]) -> DeckList:
    """A decklist file of any accepted kind, chosen by its content; DecklistError on any problem.

    Text is UTF-8 (with or without BOM), UTF-16 with BOM (Windows Notepad's "Unicode"), or else
    CP932 (Shift_JIS as Japanese Windows writes it).  XML is MTGO .dek or Cockatrice .cod.
    """
    source = Path(path)
    raw = read_limited(source, MAX_DECKLIST_BYTES, DecklistError)
    text = _decode(raw, source)
    if text.lstrip("\ufeff \t\r\n").startswith("<"):
        # Imported here: xml_decklists imports this module for DeckLine and DecklistError.
        from gmtool.store.cards.xml_decklists import parse_xml_decklist

        return parse_xml_decklist(raw, source.name)
    return parse_decklist_text(text, source.name)


_NOT_TEXT = "テキストファイルではありません（画像などのバイナリファイルのようです）"
# Control characters no text editor writes; tab, newlines and form feed are fine.
_BINARY_CHARS = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")


def _decode(raw: bytes, path: Path) -> str:
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            text = raw.decode("utf-16")
        except UnicodeDecodeError:
            raise DecklistError(Message("UTF-16 のテキストとして読めません"), path) from None
    elif b"\x00" in raw:  # text in UTF-8 or CP932 never holds a NUL byte
        raise DecklistError(_NOT_TEXT, path)
    else:
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            try:
                text = raw.decode("cp932")
            except UnicodeDecodeError as exc:
                raise DecklistError(
                    Message(
                        "文字コードが UTF-8 でも Shift_JIS（CP932）でもありません（{0} バイト目）", exc.start
                    ),
                    path,
                ) from None
    if _BINARY_CHARS.search(text):
        raise DecklistError(_NOT_TEXT, path)
    return text
