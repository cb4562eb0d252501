"""Character files (``*.gmchar.json``): what players hand to the GM.

Envelope::

    {"format": "gmtool/character", "schema_version": N, "system": "aw", "data": {…},
     "creation": {"version": 1, "method": …, "made_in": …, "rolls": […], "overrides": […]}}

``creation`` (gmtool.rules.creation_record) is how a wizard that rolls made the character: a file
without it (an older file, a character typed in) still imports, as one with no creation record.
Its rolls are replayed from their seeds on import; a roll that does not match is refused.

Import treats the file as hostile: size is checked before reading, only strict JSON is
parsed (no NaN/Infinity, no duplicate keys, never pickle or eval), and every refusal is
one sentence naming the file and the exact problem.  Import never writes anything;
export writes through a temp file and ``os.replace`` so a crash never leaves half a file.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from gmtool.rules.creation_record import CreationRecord, RecordRefused, check_record, record_from_document
from gmtool.rules.message import Message
from gmtool.rules.systems import SYSTEMS
from gmtool.store.errors import ExchangeError, StoreError
from gmtool.store.files import read_text_limited, remove_stale_writes, too_big
from gmtool.store.validation import character_from_document, character_to_document, parse_json, short_input

__all__ = [
    "FORMAT",
    "MAX_CHARACTER_FILE_BYTES",
    "SUFFIX",
    "ImportedCharacter",
    "character_from_document",  # re-exported: the demo campaign loads documents through it
    "export_character",
    "import_character",
    "read_character",
]

FORMAT = "gmtool/character"
SUFFIX = ".gmchar.json"
MAX_CHARACTER_FILE_BYTES = 5 * 1024 * 1024


def atomic_write_bytes(path: Path, content: bytes) -> None:
    """Write ``content`` to ``path`` so that readers see the old file or the new one, never half."""
    with atomic_file(path, binary=True) as handle:
        handle.write(content)


@contextlib.contextmanager
def atomic_file(path: Path, binary: bool = False) -> Iterator[IO[Any]]:
    """A file written beside ``path`` (UTF-8 text with ``\n`` lines, or bytes) and renamed over it
    when the block ends normally: readers see the old file or the new one, never half.  An
    exception (a full disk, a cancel) removes the temporary file and ``path`` keeps what it had."""
    directory = path.parent
    remove_stale_writes(path)  # a killed earlier write of the same file left its temp file
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    tmp = Path(tmp_name)
    try:
        opened = os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        with opened as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        # mkstemp makes the file 0600; a file to share should look like any other file.
        with contextlib.suppress(OSError):
            os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    fsync_directory(directory)


def fsync_directory(directory: Path) -> None:
    """Make a rename durable (POSIX); Windows cannot open directories and does not need it."""
    if os.name == "nt":
        return
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@dataclass(frozen=True)
class ImportedCharacter:
    system_id: str
    character: Any
    creation: CreationRecord | None  # None: the file carries no creation record


def export_character(
    path: str | os.PathLike[str], system_id: str, character: Any, creation: CreationRecord | None = None
) -> None:
    """Write ``character`` as a pretty UTF-8 ``.gmchar.json``, atomically, with how it was made
    (`creation`) when a wizard recorded it."""
    target = Path(path)
    try:
        data = character_to_document(system_id, character)
    except StoreError as exc:
        raise ExchangeError(exc.problem, target) from None
    envelope = {
        "format": FORMAT,
        "schema_version": SYSTEMS[system_id].schema_version,
        "system": system_id,
        "data": data,
    }
    if creation is not None:
        envelope["creation"] = creation.to_document()
    content = (json.dumps(envelope, ensure_ascii=False, indent=2, allow_nan=False) + "\n").encode("utf-8")
    if len(content) > MAX_CHARACTER_FILE_BYTES:
        # Refuse now rather than write a file that import_character would refuse later.
        raise ExchangeError(too_big(len(content), MAX_CHARACTER_FILE_BYTES), target)
    try:
        atomic_write_bytes(target, content)
    except OSError as exc:
        raise ExchangeError(Message("書き込めません（{0}）", exc.strerror or exc), target) from None


def import_character(path: str | os.PathLike[str]) -> tuple[str, Any]:
    """Read a ``.gmchar.json``: ``(system_id, character)``; ExchangeError on any problem."""
    imported = read_character(path)
    return imported.system_id, imported.character


def read_character(path: str | os.PathLike[str]) -> ImportedCharacter:
    """Read a ``.gmchar.json`` with its creation record, every roll of it replayed from its seed;
    ExchangeError on any problem (a roll that does not match its seed named)."""
    source = Path(path)
    text = read_text_limited(source, MAX_CHARACTER_FILE_BYTES, ExchangeError)
    try:
        envelope = parse_json(text)
    except StoreError as exc:
        raise ExchangeError(exc.problem, source) from None
    if not isinstance(envelope, dict):
        raise ExchangeError(
            Message("gmtool のキャラクターファイルではありません（最上位がオブジェクトではありません）"),
            source,
        )
    fmt = envelope.get("format")
    if fmt != FORMAT:
        shown = Message("なし") if fmt is None else short_input(fmt)
        raise ExchangeError(
            Message("gmtool のキャラクターファイルではありません（format: {0}）", shown), source
        )
    version = envelope.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int):
        shown = Message("なし") if version is None else short_input(version)
        raise ExchangeError(Message("schema_version が整数ではありません（{0}）", shown), source)
    system_id = envelope.get("system")
    system = SYSTEMS.get(system_id) if isinstance(system_id, str) else None
    if system is not None and version > system.schema_version:
        raise ExchangeError(
            Message(
                "より新しい gmtool で作られたファイルです（スキーマ v{0}、このバージョンは v{1} まで）",
                version,
                system.schema_version,
            ),
            source,
        )
    if "data" not in envelope:
        raise ExchangeError(Message("data: 必須項目がありません"), source)
    try:
        character = character_from_document(system_id, version, envelope["data"], "data")
    except StoreError as exc:
        raise ExchangeError(exc.problem, source) from None
    assert isinstance(system_id, str)  # character_from_document refuses any other system id
    creation = None
    if envelope.get("creation") is not None:
        try:
            creation = record_from_document(envelope["creation"])
            check_record(system_id, creation)
        except RecordRefused as exc:
            raise ExchangeError(exc.args[0], source) from None  # the Message naming the part
    return ImportedCharacter(system_id, character, creation)
