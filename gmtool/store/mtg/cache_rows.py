"""The rows of the card cache: a card's JSON and the names it is found by, written and deleted in
batches; and the cache's starting cards — the shipped sample and the bundled card table.

``origin`` says where a row came from: 'sample' (the sample and the bundled table, what every
cache starts with), 'import' (the user's last imported file) or 'manual' (the user's own entries).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from gmtool.rules.systems.mtg.cards import Card
from gmtool.store.mtg.bundled import bundled_digest, bundled_rows_and_date
from gmtool.store.mtg.names import face_names, normalize_name
from gmtool.store.mtg.sample import sample_cards, sample_digest

_BATCH = 1000
_CARD = TypeAdapter(Card)


def card_to_json(card: Card) -> str:
    return _CARD.dump_json(card).decode("utf-8")


def card_from_json(text: str) -> Card:
    return _CARD.validate_json(text)


def names_of(name: str, name_ja: str) -> list[tuple[str, int]]:
    """(normalized name, rank) for every name a card is found by."""
    rows: list[tuple[str, int]] = []
    for each in (name, name_ja):
        if not each:
            continue
        rows.append((key := normalize_name(each), 0))  # "a // b" whatever slashes it was written with
        faces = face_names(key)
        if len(faces) > 1:
            rows.extend((face, rank) for rank, face in enumerate(faces, start=1))
    return list(dict.fromkeys(rows))


def name_rows(card: Card) -> list[tuple[str, int]]:
    """(normalized name, rank) for every name the card is found by."""
    return names_of(card.name, card.name_ja)


def next_card_id(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM cards").fetchone()[0])


def insert_cards(conn: sqlite3.Connection, origin: str, cards: Iterable[tuple[int, Card]]) -> None:
    insert_records(
        conn, origin, ((card_id, card.name, card.name_ja, card_to_json(card)) for card_id, card in cards)
    )


def insert_records(
    conn: sqlite3.Connection, origin: str, records: Iterable[tuple[int, str, str, str]]
) -> None:
    """Rows of (id, English name, Japanese name, the card's JSON)."""
    rows: list[tuple[int, str, str, str]] = []
    names: list[tuple[str, int, int]] = []
    for card_id, name, name_ja, data in records:
        rows.append((card_id, origin, normalize_name(name), data))
        names.extend((key, rank, card_id) for key, rank in names_of(name, name_ja))
    conn.executemany("INSERT INTO cards(id, origin, key, data) VALUES(?, ?, ?, ?)", rows)
    conn.executemany("INSERT INTO names(key, rank, card_id) VALUES(?, ?, ?)", names)


def delete_cards(conn: sqlite3.Connection, ids: list[int]) -> None:
    for start in range(0, len(ids), _BATCH):
        chunk = ids[start : start + _BATCH]
        marks = ",".join("?" * len(chunk))
        conn.execute(f"DELETE FROM names WHERE card_id IN ({marks})", chunk)
        conn.execute(f"DELETE FROM cards WHERE id IN ({marks})", chunk)


class Seed:
    """What a cache starts with: the sample's cards, then the bundled table's cards whose name the
    sample does not have (the sample's facts were checked by hand).  CardSampleError if either file
    is missing or wrong."""

    def __init__(self, sample_path: Path, bundled_path: Path | None) -> None:
        self.sample_path = sample_path
        self.bundled_path = bundled_path
        self.data_date = ""  # the bundled data's date, known once `records` has read the table

    def digest(self) -> str:
        """Changes when either file changes: the cache then takes the new cards."""
        bundled = bundled_digest(self.bundled_path) if self.bundled_path is not None else ""
        return f"{sample_digest(self.sample_path)}+{bundled}" if bundled else sample_digest(self.sample_path)

    def records(self) -> list[tuple[str, str, str]]:
        """(English name, Japanese name, the card's JSON) for every starting card."""
        sample = sample_cards(self.sample_path)
        records = [(card.name, card.name_ja, card_to_json(card)) for card in sample]
        if self.bundled_path is None:
            return records
        taken = {normalize_name(card.name) for card in sample}
        rows, self.data_date = bundled_rows_and_date(self.bundled_path)
        for row in rows:
            if normalize_name(row["name"]) not in taken:
                records.append((row["name"], row["name_ja"], _json(row)))
        return records

    def replace(self, conn: sqlite3.Connection, records: list[tuple[str, str, str]], digest: str) -> None:
        """The starting cards in place of the old ones (imported and manual cards stay)."""
        delete_cards(conn, [row[0] for row in conn.execute("SELECT id FROM cards WHERE origin = 'sample'")])
        first = next_card_id(conn)
        insert_records(
            conn,
            "sample",
            ((first + i, name, name_ja, data) for i, (name, name_ja, data) in enumerate(records)),
        )
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES('sample_digest', ?)", (digest,))
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES('data_date', ?)", (self.data_date,))


def _json(row: dict[str, Any]) -> str:
    return json.dumps(row, ensure_ascii=False, separators=(",", ":"))
