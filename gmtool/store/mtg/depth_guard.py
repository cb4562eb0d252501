"""A bound on how deeply a card file nests its arrays and objects (issue 39, case 10).

ijson's prefixed ``items()`` builds a prefix string at every level ("item.item.item…"), so memory
grows with the square of the nesting depth: a 10 KB file of nested arrays took 289 MB, 100 KB ran out
at 12 GB, and the C parser holds the GIL meanwhile, so Cancel and closing the window waited.  A real
card file nests a handful of levels (MTGJSON AllPrintings: 7).  ``DepthGuard`` watches the bytes on
their way to the parser and refuses a file nesting deeper than MAX_DEPTH, after reading it no further
than the piece where it happens.

It is linear and runs at C speed (bytes methods only, no loop over bytes in Python): per piece,
escaped backslashes and quotes are cut out, every byte but quotes and brackets is deleted, strings are
cut out (adjacent quote pairs first, a regular expression for the few strings holding a bracket), and
matched bracket pairs are removed innermost first, at most MAX_DEPTH times.  What is left is closers
then openers; the deepest level the piece reached is at most the depth before it, plus its openers,
plus the rounds of pairs removed — a bound that real files stay far below.  A string or an escape that
spans two pieces is carried over.
"""

from __future__ import annotations

import re

from gmtool.rules.message import Message
from gmtool.store.errors import StoreError

MAX_DEPTH = 64
_STRING = re.compile(rb'"[^"]*"')
_DELETE_ALL_BUT_STRUCTURE = bytes(b for b in range(256) if b not in b'"[]{}')


def too_deep(position: int) -> Message:
    return Message(
        "配列やオブジェクトの入れ子が深すぎます（{0} 段を超えています、展開後 {1:,} バイト目まで）",
        MAX_DEPTH,
        position,
    )


class DepthGuard:
    """Fed every piece of decompressed input in order; raises StoreError past MAX_DEPTH."""

    def __init__(self) -> None:
        self.depth = 0  # open arrays and objects at the end of the input so far
        self._in_string = False  # the last piece ended inside a string
        self._escaped = False  # … right after a backslash: the next byte is escaped

    def feed(self, piece: bytes, position: int) -> None:
        end = position + len(piece)
        if self._escaped and piece:
            piece, self._escaped = piece[1:], False
        trailing = len(piece) - len(piece.rstrip(b"\\"))
        if trailing % 2:  # an escape cut in two: its escaped byte starts the next piece
            piece, self._escaped = piece[:-1], True
        # escaped backslashes first (left to right, as the parser pairs them), then escaped quotes
        if b"\\" in piece:  # (a quick look: replacing costs a pass over the piece)
            piece = piece.replace(b"\\\\", b"").replace(b'\\"', b"")
        kept = piece.translate(None, _DELETE_ALL_BUT_STRUCTURE)
        if self._in_string:
            kept = b'"' + kept
        kept = kept.replace(b'""', b"")  # strings without a bracket in them: most of them
        if b'"' in kept:
            kept = _STRING.sub(b"", kept)
        quote = kept.find(b'"')
        self._in_string = quote >= 0  # one quote left: a string running on into the next piece
        if quote >= 0:
            kept = kept[:quote]
        rounds = 0
        while True:
            shorter = kept.replace(b"[]", b"").replace(b"{}", b"")
            if len(shorter) == len(kept):
                break
            kept, rounds = shorter, rounds + 1
            if self.depth + rounds > MAX_DEPTH:
                raise StoreError(too_deep(end))
        closers = len(kept) - len(kept.lstrip(b"]}"))
        openers = len(kept) - closers
        if self.depth + openers + rounds > MAX_DEPTH:
            raise StoreError(too_deep(end))
        self.depth = max(0, self.depth - closers) + openers
