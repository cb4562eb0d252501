"""A user's card file opened for streaming, whatever it is: plain, gzip, bzip2, xz or zip.

MTGJSON offers AtomicCards as .json, .json.gz, .json.bz2, .json.xz and .json.zip, and people
rename downloads, so the compression is read from the first bytes, never from the extension.
The file is never loaded whole (a Scryfall all_cards file is 2 GB): ``read`` hands out the
decompressed bytes piece by piece, ``bytes_read`` says how far into the file *on disk* the
reading is (what a progress bar can compare with ``total_bytes``), and ``bytes_out`` how many
decompressed bytes were handed out (where in the JSON text an error lies).

Every failure is a StoreError whose problem is a Japanese sentence; the importer names the file.
"""

from __future__ import annotations

import bz2
import gzip
import lzma
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import IO, Any, Protocol

import ijson

from gmtool.rules.message import Message
from gmtool.store.errors import StoreError
from gmtool.store.mtg.depth_guard import DepthGuard
from gmtool.store.mtg.value_guard import (
    MAX_CARD_BYTES as MAX_CARD_BYTES,
    MAX_VALUE_BYTES as MAX_VALUE_BYTES,
    ValueGuard,
)

# (magic bytes, compression); zip also starts "PK\x05\x06" when empty, refused as having no member.
_MAGIC = (
    (b"\x1f\x8b", "gzip"),
    (b"BZh", "bzip2"),
    (b"\xfd7zXZ\x00", "xz"),
    (b"PK\x03\x04", "zip"),
    (b"PK\x05\x06", "zip"),
)
# Formats people meet but Python's standard library cannot read: say so instead of "not JSON".
_UNSUPPORTED = (
    (b"\x28\xb5\x2f\xfd", "Zstandard（.zst）"),
    (b"7z\xbc\xaf\x27\x1c", "7-Zip（.7z）"),
    (b"Rar!\x1a\x07", "RAR（.rar）"),
)
_JSON_SUFFIXES = (".json", ".jsonl", ".ndjson")
_DECOMPRESSION_ERRORS = (EOFError, zlib.error, lzma.LZMAError, zipfile.BadZipFile)


class ByteStream(Protocol):
    """What ijson reads a JSON text from: ``read(size)`` handing out bytes, b"" at the end (an
    opened file, a BytesIO, a CardFileStream)."""

    def read(self, size: int = -1, /) -> bytes: ...


def ijson_backend() -> ModuleType:
    """ijson's C backend (yajl2_c) when it is installed: it parses hundreds of MB in seconds."""
    try:
        backend: ModuleType = ijson.get_backend("yajl2_c")  # ijson ships no types
    except ImportError:  # a platform without the compiled wheel: the pure-Python parser works too
        backend = ijson
    return backend


class CardFileStream:
    """An opened card file; use :func:`open_card_file`.  Has ``read(size)`` for ijson."""

    def __init__(self, path: Path, raw: IO[bytes], data: IO[bytes], compression: str, member: str) -> None:
        self.path = path
        self.compression = compression  # "none", "gzip", "bzip2", "xz" or "zip"
        self.member = member  # the JSON file inside a zip ("" otherwise)
        self._raw = raw
        self._data = data
        self._pending = b""  # bytes read ahead by peek(), handed out first by read()
        self._eof = False
        self.bytes_out = 0
        # Every piece handed out passes the guard (a value or a card too large is refused before
        # the parser spends n² on it) and then ``on_read``, which the importer points at its
        # cancel and progress check: so both are seen even while one huge card is parsed.
        self._guard = ValueGuard()
        self._depth = DepthGuard()  # and nesting too deep, which costs ijson memory as its square
        self.on_read: Callable[[], None] | None = None
        try:
            self.total_bytes = path.stat().st_size
        except OSError:
            self.total_bytes = 0

    @property
    def bytes_read(self) -> int:
        """How far into the file on disk the reading is (compressed bytes)."""
        if self._eof:  # a zip's directory after the member is never read, yet the work is done
            return self.total_bytes
        try:
            return min(self._raw.tell(), self.total_bytes)
        except (OSError, ValueError):  # closed
            return self.total_bytes

    def _read_data(self, size: int) -> bytes:
        try:
            chunk = self._data.read(size)
        except _DECOMPRESSION_ERRORS as exc:
            raise StoreError(self._broken(exc)) from None
        except OSError as exc:  # gzip.BadGzipFile, bz2 "Invalid data stream" and real I/O errors
            if self.compression != "none" and exc.errno is None:
                raise StoreError(self._broken(exc)) from None
            raise StoreError(Message("ファイルを読めません（{0}）", exc.strerror or exc)) from None
        if not chunk:
            self._eof = True
        return chunk

    def _broken(self, exc: BaseException) -> str:
        where = Message("{0:,} バイト目付近", self.bytes_out)
        if isinstance(exc, EOFError):
            return Message("圧縮データが途中で切れています（展開後 {0}）", where)
        return Message("圧縮データが壊れています（展開後 {0}: {1}）", where, str(exc)[:80])

    def peek(self, size: int) -> bytes:
        """The next ``size`` bytes (fewer at the end) without consuming them."""
        while len(self._pending) < size and not self._eof:
            self._pending += self._read_data(max(size - len(self._pending), 65536))
        return self._pending[:size]

    def read(self, size: int = -1) -> bytes:
        """At most ``size`` decompressed bytes (-1: all the rest); b"" only at the end."""
        if size < 0:
            parts = [self._pending]
            while not self._eof:
                parts.append(self._read_data(1 << 20))
            chunk, self._pending = b"".join(parts), b""
        elif self._pending:
            chunk, self._pending = self._pending[:size], self._pending[size:]
        else:  # read(0), which ijson uses to tell bytes from text, returns b"" here too
            chunk = b"" if self._eof or size == 0 else self._read_data(size)
        self._guard.feed(chunk, self.bytes_out)
        self._depth.feed(chunk, self.bytes_out)
        self.bytes_out += len(chunk)
        if self.on_read is not None:
            self.on_read()
        return chunk

    def allow_card_bytes(self, limit: int) -> None:
        """What the importer takes at once may be this large (AllPrintings: a whole set)."""
        self._guard.card_limit = limit

    def card_taken(self) -> None:
        """The importer has a whole card: the card-size bound starts again from here."""
        self._guard.card_taken(self.bytes_out)

    def close(self) -> None:
        for handle in (self._data, self._raw):
            try:
                handle.close()
            except (OSError, *_DECOMPRESSION_ERRORS):
                pass

    def __enter__(self) -> CardFileStream:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def open_card_file(path: Path) -> CardFileStream:
    """Open ``path`` for streaming, decompressing as its first bytes say; StoreError if it cannot be."""
    if not path.is_file():
        raise StoreError(
            Message("通常のファイルではありません") if path.exists() else Message("ファイルが見つかりません")
        )
    try:
        raw: IO[bytes] = open(path, "rb")  # closed by the returned stream
    except OSError as exc:
        raise StoreError(Message("ファイルを読めません（{0}）", exc.strerror or exc)) from None
    try:
        head = raw.read(8)
        raw.seek(0)
        for magic, name in _UNSUPPORTED:
            if head.startswith(magic):
                raise StoreError(
                    Message("{0}形式の圧縮は読めません。展開するか .zip / .gz / .xz にしてください", name)
                )
        compression = next((name for magic, name in _MAGIC if head.startswith(magic)), "none")
        member = ""
        data: Any
        if compression == "gzip":
            data = gzip.GzipFile(fileobj=raw, mode="rb")
        elif compression == "bzip2":
            data = bz2.BZ2File(raw, mode="rb")
        elif compression == "xz":
            data = lzma.LZMAFile(raw, mode="rb")
        elif compression == "zip":
            data, member = _open_zip_member(raw)
        else:
            data = raw
        return CardFileStream(path, raw, data, compression, member)
    except BaseException:
        raw.close()
        raise


def _open_zip_member(raw: IO[bytes]) -> tuple[IO[bytes], str]:
    try:
        archive = zipfile.ZipFile(raw)
        files = [info for info in archive.infolist() if not info.is_dir()]
        json_files = [info for info in files if info.filename.lower().endswith(_JSON_SUFFIXES)]
        # The single .json/.jsonl member; a zip of one file with another name is taken as it is.
        chosen = json_files if json_files else files if len(files) == 1 else []
        if not chosen:
            names = Message.joined("、", (info.filename[:60] for info in files[:5])) or Message("なし")
            raise StoreError(Message("ZIP の中に JSON ファイルがありません（中身: {0}）", names))
        if len(chosen) > 1:
            names = Message.joined("、", (info.filename[:60] for info in chosen[:5]))
            raise StoreError(
                Message("ZIP の中に JSON ファイルが複数あります（{0}）。1 つだけにしてください", names)
            )
        info = chosen[0]
        if info.flag_bits & 0x1:
            raise StoreError(Message("パスワード付きの ZIP は読めません。展開してから読み込んでください"))
        return archive.open(info), info.filename
    except zipfile.BadZipFile as exc:
        raise StoreError(Message("ZIP ファイルが壊れています（{0}）", str(exc)[:80])) from None
    except NotImplementedError as exc:  # a compression method zipfile lacks (e.g. deflate64)
        raise StoreError(Message("この ZIP の圧縮方式は読めません（{0}）", str(exc)[:80])) from None
    except (OSError, EOFError) as exc:
        raise StoreError(Message("ZIP ファイルを読めません（{0}）", str(exc)[:80])) from None
