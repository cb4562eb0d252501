"""Bounds on what one card file may ask the JSON parser to hold: one value, and one card.

ijson's C parser (yajl) keeps a string or number that spans several pieces of input in a buffer
and reads it again from its start with every piece, so one value of n bytes costs n² (a 16 MB
string took 1.7 s, a 3 GiB string in a 3 MB .gz would take hours), and a card is built whole in
memory before the importer sees it.  ``ValueGuard`` watches the bytes on their way to the parser
and refuses, after reading not much more than the limit:

- a value longer than MAX_VALUE_BYTES: no unescaped ``"`` for that long (a string, a key, a
  number or anything else that long without one), named by the last key seen before it;
- a card longer than MAX_CARD_BYTES, counted from where the importer last took a card.

The work per piece is a few ``rfind`` calls, so the guard is linear in the file and cheap.
"""

from __future__ import annotations

from gmtool.rules.message import Message
from gmtool.store.errors import StoreError

MAX_VALUE_BYTES = 1 << 20  # the longest text of a real card is a few KB (rulings are split up)
MAX_CARD_BYTES = 16 << 20  # the largest MTGJSON card, every language and ruling, is under 1 MB
_KEY_LIMIT = 60  # a key longer than this is no field name worth showing
_BACKSLASH = ord("\\")


def megabytes(size: int) -> str:
    return f"{size >> 20} MB"


class ValueGuard:
    """Fed every piece of decompressed input in order; raises StoreError on a value or a card too large."""

    def __init__(self) -> None:
        self._value_from = 0  # just past the last unescaped quote: where the current value may start
        self._card_from = 0  # where the current card began
        self._backslashes = 0  # the backslashes ending the previous piece (they may escape a quote)
        self._key = ""  # the last key seen, for the message
        self.card_limit = MAX_CARD_BYTES  # AllPrintings hands out a set at a time: it raises this

    def card_taken(self, position: int) -> None:
        """The importer has a whole card: what follows ``position`` belongs to the next one."""
        self._card_from = position

    def feed(self, piece: bytes, position: int) -> None:
        """``piece`` is the input from offset ``position`` on."""
        end = position + len(piece)
        quote = self._last_unescaped_quote(piece)
        if quote >= 0:
            self._value_from = position + quote + 1
            self._remember_key(piece, quote)
        last = len(piece) - 1
        while last >= 0 and piece[last] == _BACKSLASH:
            last -= 1
        trailing = len(piece) - 1 - last
        self._backslashes = trailing + (self._backslashes if last < 0 else 0)
        if end - self._value_from > MAX_VALUE_BYTES:
            field = Message("項目「{0}」の値", self._key) if self._key else Message("ある値")
            raise StoreError(
                Message(
                    "{0}が {1} を超えています（展開後 {2:,} バイト目付近）",
                    field,
                    megabytes(MAX_VALUE_BYTES),
                    self._value_from,
                )
            )
        if end - self._card_from > self.card_limit:
            raise StoreError(
                Message(
                    "1 枚のカードのデータが {0} を超えています（展開後 {1:,} バイト目付近から）",
                    megabytes(self.card_limit),
                    self._card_from,
                )
            )

    def _last_unescaped_quote(self, piece: bytes) -> int:
        """The offset in ``piece`` of its last ``"`` that no backslash escapes, or -1.  An escaped
        quote is rare in card text, so this is one or two rfinds per piece; a piece of nothing but
        escaped quotes is walked once (and refused as a value too long after MAX_VALUE_BYTES)."""
        at = len(piece)
        while True:
            at = piece.rfind(b'"', 0, at)
            if at < 0:
                return -1
            before = at - 1
            while before >= 0 and piece[before] == _BACKSLASH:
                before -= 1
            run = at - 1 - before
            if before < 0:  # the backslashes reach back into the previous piece
                run += self._backslashes
            if run % 2 == 0:
                return at

    def _remember_key(self, piece: bytes, quote: int) -> None:
        colon = piece.rfind(b'":', 0, quote + 2)
        opening = piece.rfind(b'"', 0, colon) if colon > 0 else -1
        if opening >= 0 and colon - opening - 1 <= _KEY_LIMIT:
            self._key = piece[opening + 1 : colon].decode("utf-8", "replace")
