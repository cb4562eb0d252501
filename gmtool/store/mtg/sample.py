"""The shipped sample of cards (resources/cards/sample.json): what the card cache starts with.

The file is ``{"format": "gmtool/cards", "schema_version": 1, "cards": [entry, …]}`` where each
entry is ``{"card": {Card fields}, "why": str, "source": str}``: the facts, why the card is in the
sample, and where its facts were checked.  Each fact was verified by hand, so the file is
validated as strictly as a character file — a mistake in it is a bug to show, never to skip.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import ConfigDict, Field, StrictStr, TypeAdapter, ValidationError

from gmtool.resources import resource_path
from gmtool.rules.message import Message
from gmtool.rules.systems.mtg.cards import Card
from gmtool.store.errors import StoreError
from gmtool.store.mtg.names import normalize_name
from gmtool.store.validation import format_validation_error, parse_json, short_input

FORMAT = "gmtool/cards"
SCHEMA_VERSION = 1
MAX_SAMPLE_BYTES = 10_000_000  # a sample of a few hundred cards is ~100 kB; this is not a card dump

Note = Annotated[StrictStr, Field(min_length=1, max_length=2000)]


class CardSampleError(StoreError):
    """The shipped sample file is missing or wrong (a packaging bug, shown in full)."""


@dataclass(frozen=True)
class SampleEntry:
    __pydantic_config__ = ConfigDict(extra="forbid")

    card: Card
    why: Note
    source: Note


_ENTRIES = TypeAdapter(list[SampleEntry])


def default_sample_path() -> Path:
    return resource_path("cards", "sample.json")


def sample_digest(path: Path | None = None) -> str:
    """SHA-256 of the sample file: the card cache reseeds itself when the shipped sample changes."""
    return hashlib.sha256(_read(path or default_sample_path())).hexdigest()


def sample_entries(path: Path | None = None) -> list[SampleEntry]:
    """Every entry of the sample, validated; CardSampleError naming the file and the entry."""
    target = path or default_sample_path()
    try:
        document: Any = parse_json(_read(target).decode("utf-8"))
    except UnicodeDecodeError:
        raise CardSampleError(Message("UTF-8 のテキストではありません"), target) from None
    except StoreError as exc:
        raise CardSampleError(exc.problem, target) from None
    if not isinstance(document, dict):
        raise CardSampleError(Message("オブジェクト（{{…}}）でなければなりません"), target)
    if document.get("format") != FORMAT:
        raise CardSampleError(
            Message(
                "gmtool のカードデータではありません（format: {0}）", short_input(document.get("format"))
            ),
            target,
        )
    version = document.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise CardSampleError(
            Message("schema_version が正の整数ではありません（{0}）", short_input(version)), target
        )
    if version > SCHEMA_VERSION:
        raise CardSampleError(
            Message(
                "より新しい gmtool のカードデータです（スキーマ v{0}、このバージョンは v{1} まで）",
                version,
                SCHEMA_VERSION,
            ),
            target,
        )
    if "cards" not in document:
        raise CardSampleError(Message("cards: 必須項目がありません"), target)
    try:
        entries = _ENTRIES.validate_python(document["cards"])
    except ValidationError as exc:
        raise CardSampleError(_entry_problem(exc, document["cards"]), target) from None
    seen: dict[str, str] = {}
    for entry in entries:
        for key in {normalize_name(name) for name in (entry.card.name, entry.card.name_ja) if name}:
            if key in seen:
                raise CardSampleError(
                    Message("カード名「{0}」が 2 回あります（{1}）", key[:60], seen[key][:60]), target
                )
            seen[key] = entry.card.name
    return entries


def sample_cards(path: Path | None = None) -> list[Card]:
    """The sample's cards, in file order."""
    return [entry.card for entry in sample_entries(path)]


def _read(path: Path) -> bytes:
    try:
        if path.stat().st_size > MAX_SAMPLE_BYTES:
            raise CardSampleError(Message("カードのサンプルとしては大きすぎます"), path)
        return path.read_bytes()
    except FileNotFoundError:
        raise CardSampleError(
            Message("同梱のカードサンプルが見つかりません（インストールが壊れています）"), path
        ) from None
    except OSError as exc:
        raise CardSampleError(Message("ファイルを読めません（{0}）", exc.strerror or exc), path) from None


def _entry_problem(exc: ValidationError, cards: Any) -> str:
    """The first error, path-precise, with the card's name when it can be read."""
    problem = format_validation_error(exc, "cards")
    errors = exc.errors(include_url=False)
    loc = errors[0].get("loc", ()) if errors else ()
    if loc and isinstance(loc[0], int) and isinstance(cards, list) and loc[0] < len(cards):
        entry = cards[loc[0]]
        card = entry.get("card") if isinstance(entry, dict) else None
        name = card.get("name") if isinstance(card, dict) else None
        if isinstance(name, str) and name:
            problem = Message("カード「{0}」: {1}", name[:60], problem)
    return problem
