"""Control characters in what a user names or writes (issue 39): a NUL or another C0 control in a
character's name or text is invisible on the sheet, cuts C strings short in other programs, and
breaks exports that read it (Udonarium's XML refuses it outright). They are refused wherever a
character is written (the sheet, an import, the CLI); a tab and line breaks stay allowed (notes).
"""

from __future__ import annotations

import re
from typing import Any

from gmtool.rules.message import Message

# C0 controls but tab, line feed and carriage return; and DEL.
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
MAX_DEPTH = 64  # a character document is a few levels deep; deeper input is refused elsewhere


def control_character_problem(document: Any) -> Message | None:
    """Where the first control character of ``document`` (a JSON value) is, as a refusal, or None.
    Visits each value once (bounded by its size and MAX_DEPTH)."""
    stack: list[tuple[Any, int]] = [(document, 0)]
    while stack:
        value, depth = stack.pop()
        texts = (
            [value]
            if isinstance(value, str)
            else [k for k in value if isinstance(k, str)]
            if isinstance(value, dict)
            else []
        )
        for text in texts:
            found = CONTROL.search(text)
            if found is not None:
                return _refusal(text, found.group())
        if depth < MAX_DEPTH and isinstance(value, dict):
            stack.extend((item, depth + 1) for item in reversed(list(value.values())))
        elif depth < MAX_DEPTH and isinstance(value, list | tuple):
            stack.extend((item, depth + 1) for item in reversed(value))
    return None


def visible(text: str, limit: int = 40) -> str:
    """``text`` with each control character shown as its symbol (U+2400…: ␀), cut to ``limit``."""
    shown = CONTROL.sub(
        lambda m: "\u2421" if m.group() == "\x7f" else chr(0x2400 + ord(m.group())), text[:limit]
    )
    return shown + ("…" if len(text) > limit else "")


def _refusal(text: str, char: str) -> Message:
    return Message(
        "「{0}」に制御文字（U+{1:04X}）が含まれています。取り除いてください", visible(text), ord(char)
    )
