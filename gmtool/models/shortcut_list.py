"""The keyboard shortcuts of the window (ヘルプ → キーボードショートカット), as rows to show.

The window collects them from its actions each time the list opens, so an action added later, a
system's menu built for a newly opened campaign or a changed key is in the list as it is now.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass


@dataclass(frozen=True)
class ShortcutRow:
    action: str  # the action's text without its mnemonic '&' or trailing '…'
    menu: str  # where it is: "ファイル ▸ 最近使ったファイル"
    keys: str  # the shortcut(s) in the platform's own notation


def action_label(text: str) -> str:
    """An action's text as the list shows it: '&&' is a literal '&', a lone '&' marks a mnemonic,
    and a mnemonic in brackets ("ファイル(&F)") is dropped whole; a trailing '…' (the menu's sign
    that a dialog opens) is left off: in a list it read as a text cut short."""
    text = text.replace("&&", "\0")
    for bracketed in ("(&", "（&"):
        start = text.find(bracketed)
        if start >= 0 and text[start + 3 : start + 4] in (")", "）"):
            text = text[:start] + text[start + 4 :]
    text = text.replace("&", "").replace("\0", "&").strip()
    return text.removesuffix("…").removesuffix("...").rstrip()


class ShortcutList:
    def __init__(self, rows: list[ShortcutRow]) -> None:
        self.rows = rows

    def matching(self, text: str) -> list[ShortcutRow]:
        """The rows whose action, menu or keys hold *text* (any case); all for no text."""
        needle = unicodedata.normalize("NFKC", text).strip().casefold()
        return [
            row
            for row in self.rows
            if needle in unicodedata.normalize("NFKC", f"{row.action}\t{row.menu}\t{row.keys}").casefold()
        ]
