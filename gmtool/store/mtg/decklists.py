"""Decklists as players hand them over: MTG Arena / MTGO text, Japanese web lists, Apprentice / Magic
Workstation .dec, Forge .dck, hand-typed lists, and the .dek and .cod XML files.

Reading a decklist only splits it into lines of (count, name, section); which card a name means is
decided later by `deck_resolution` against the card database.  So the parser keeps each name as it
was written (brackets and full-width characters included) and never corrects a spelling: a line it
cannot read is an error naming the line, not a guess.

The forms of a card line are `decklist_lines`'.  Around them: section headers (Deck, Sideboard,
Commander, Companion, Maybeboard, メインデッキ, サイドボード, 統率者, 相棒, 【サイドボード】, ・サイドボード,
《サイド》, [main], [sideboard] …), category and subtotal lines that are skipped (《土地》 19枚,
クリーチャー12, // Creatures), ``SB:`` lines, Arena's ``About`` / ``Name X``, Forge's ``Name=X``,
Magic Workstation's ``// NAME : X``, a title line before the first card, and ``//`` or ``#``
comments.
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
from gmtool.store.mtg.decklist_lines import MAX_NAME_CHARS, LineProblem, card_line, header

__all__ = [
    "MAX_DECKLIST_BYTES",
    "MAX_NAME_CHARS",
    "SECTIONS",
    "DeckLine",
    "DeckList",
    "DecklistError",
    "parse_decklist_text",
    "read_decklist_file",
]

SECTIONS = ("main", "sideboard", "commander", "companion", "maybeboard")
MAX_DECKLIST_BYTES = 5 * 1024 * 1024  # a 250-card list is a few KB; anything near this is not a list
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


# --- a whole list ---------------------------------------------------------------------------------

_SIDEBOARD_PREFIX = re.compile(r"^[SＳsｓ][BＢbｂ]\s*[:：]\s*")
_ARENA_LINE = re.compile(r"^[0-9]+ \S")  # how Arena and MTGO write a card: digits, one space, name
_NAME_META = re.compile(r"^Name\s+(?P<name>\S.*)$")  # Arena's About block
_KEY_NAME = re.compile(r"^Name\s*=\s*(?P<name>\S.*)$", re.IGNORECASE)  # Forge / Apprentice [metadata]
_MWS_NAME = re.compile(r"^//\s*NAME\s*:\s*(?P<name>\S.*)$")  # Magic Workstation: "// NAME : UR Aggro"
# A title needs the cards after it to carry their counts: at least this many, this share of them.
_TITLE_MIN_COUNTED = 2
_TITLE_SHARE = 0.8


def _is_comment(text: str) -> bool:
    start = unicodedata.normalize("NFKC", text[:2])
    return start.startswith(("//", "#"))


def _count(digits: str, source: Path | None, number: int, text: str) -> int:
    count = int(unicodedata.normalize("NFKC", digits))
    if not 1 <= count <= MAX_COPIES:
        raise DecklistError(Message("枚数は1〜{0}枚です（{1}枚）", MAX_COPIES, count), source, number, text)
    return count


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
    counted: bool  # a count was written (a bare name is one copy, or the deck's title)


@dataclass
class _Reading:
    """What the loop has read so far."""

    cards: list[_Card] = field(default_factory=list)
    name: str = ""
    section: str | None = None  # None until a header: "main", unless the blank-line rule applies
    headers: bool = False
    comments: bool = False
    group: int = 0
    aside: dict[str, int] = field(default_factory=dict)  # Forge sections outside the deck: copies


def parse_decklist_text(text: str, source_name: str = "") -> DeckList:
    """A text decklist (MTG Arena, MTGO, Apprentice / Magic Workstation .dec, Forge .dck, hand-typed or
    Japanese web lists; English or Japanese); DecklistError if unreadable.

    ``source_name`` names the file in error messages ("" for pasted text).
    """
    source = Path(source_name) if source_name else None
    if len(text) > MAX_DECKLIST_BYTES:
        raise DecklistError(
            Message("長すぎます（{0} 文字）。デッキリストではないようです", len(text)), source
        )
    # Line numbers as an editor counts them (str.splitlines would also split at \f, \x1c, U+2028 …).
    raw_lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    reading = _Reading()
    for number, raw in enumerate(raw_lines, start=1):
        _read_line(reading, number, raw, source)
    cards = reading.cards
    notes: list[str] = []
    if _title_line(cards):
        title = cards.pop(0)
        reading.name = reading.name or title.name[:MAX_NAME_CHARS]
        notes.append(
            Message(
                "{0}行目「{1}」はデッキ名として読みました（カードではありません）", title.number, title.name
            )
        )
    if not cards:
        raise DecklistError(Message("カードが1枚もありません（デッキリストが空です）"), source)
    if _blank_line_sideboard(cards, reading.headers, reading.comments):
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
    for label, copies in reading.aside.items():
        notes.append(Message("「{0}」の{1}枚はデッキの外のカードなので、読み込んでいません", label, copies))
    lines = tuple(DeckLine(c.name, c.count, c.section, c.number, c.text) for c in cards)
    return DeckList(lines, reading.name, tuple(notes))


def _read_line(reading: _Reading, number: int, raw: str, source: Path | None) -> None:
    line = raw.strip()
    cards = reading.cards
    if not line:
        if reading.section == "about":
            reading.section = None  # Arena ends its About block with a blank line
        if cards and cards[-1].group == reading.group:
            reading.group += 1
        return
    if len(line) > MAX_LINE_CHARS:
        raise DecklistError(Message("行が長すぎます（{0}文字まで）", MAX_LINE_CHARS), source, number, raw)
    mws_name = _MWS_NAME.match(line)
    if mws_name and not cards:
        reading.name = reading.name or mws_name["name"].strip()[:MAX_NAME_CHARS]
        return
    opened = header(line)
    if opened == "skip":  # a category and its subtotal: the section stays
        reading.headers = True
        return
    if opened is not None:
        reading.section = opened
        reading.headers = reading.headers or opened != "about"
        return
    if _is_comment(line):
        reading.comments = True
        return
    section = reading.section
    if section in ("about", "meta"):
        meta = (_NAME_META if section == "about" else _KEY_NAME).match(line)
        if meta:
            reading.name = meta["name"].strip()[:MAX_NAME_CHARS]
        elif section == "about":
            raise DecklistError(
                Message("About の中の行として読めません（Name 以外の項目です）"), source, number, raw
            )
        return  # Forge's other metadata (Description=, Deck Type= …) and [general] lines
    meta = _NAME_META.match(line)
    if meta and section is None and not cards:
        reading.name = meta["name"].strip()[:MAX_NAME_CHARS]
        return
    prefix = _SIDEBOARD_PREFIX.match(line)
    body = line[prefix.end() :] if prefix else line
    try:
        digits, card_name, counted = card_line(body)
    except LineProblem as problem:
        raise DecklistError(str(problem), source, number, raw) from None
    count = _count(digits, source, number, raw)
    if section is not None and section.startswith("aside:"):
        label = section.removeprefix("aside:")
        reading.aside[label] = reading.aside.get(label, 0) + count
        return
    cards.append(
        _Card(
            number,
            raw,
            count,
            card_name,
            "sideboard" if prefix else section or "main",
            reading.group,
            bool(_ARENA_LINE.match(line)),
            bool(prefix),
            counted or body.lstrip().startswith(("《", "「")),
        )
    )


def _title_line(cards: list[_Card]) -> bool:
    """Whether the first card line is the deck's title: a bare name (no count, no brackets) before
    cards that all but rarely carry their counts ("赤単バーン" over "4 稲妻" …)."""
    if not cards or cards[0].counted or cards[0].sb_prefix:
        return False
    rest = cards[1:]
    counted = sum(1 for card in rest if card.counted)
    return counted >= _TITLE_MIN_COUNTED and counted >= _TITLE_SHARE * len(rest)


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
        from gmtool.store.mtg.xml_decklists import parse_xml_decklist

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
