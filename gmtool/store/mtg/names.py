"""How a card name typed by a person or found in a file is matched to a card.

English and Japanese names alike: NFKC (full-width letters and digits, half-width katakana),
casefold, curly quotes made straight, runs of spaces made one, and every split-card spelling
("A // B", "A/B", "A /// B", "A／B") made "a // b".
"""

from __future__ import annotations

import re
import unicodedata

_SPLIT = re.compile(r"\s*/{1,3}\s*")
_SPACES = re.compile(r"\s+")
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def normalize_name(name: str) -> str:
    text = unicodedata.normalize("NFKC", name).translate(_QUOTES).casefold()
    text = _SPACES.sub(" ", text).strip()
    return _SPLIT.sub(" // ", text)


def face_names(name: str) -> list[str]:
    """The halves of a "A // B" name (one element for a single-faced card), as written."""
    return [part.strip() for part in _SPLIT.split(name) if part.strip()]
