"""The error of a dice command that cannot be read: the reason, the command, where it broke."""

from __future__ import annotations

from gmtool.rules.message import Message

EXCERPT_SIDE = 30  # characters shown on each side of the caret: a pasted 100 000-character command
# would otherwise come back whole, in the terminal and in the dice box (as wide as the text)


class CommandError(ValueError):
    """A command that cannot be read; `str()` shows the command with a caret under the culprit."""

    def __init__(self, message: str, source: str = "", position: int | None = None) -> None:
        self.message = message
        self.source = source
        self.position = position
        super().__init__(self.pointed())

    def excerpt(self) -> tuple[str, int]:
        """The command around the culprit (cut with … past EXCERPT_SIDE characters on a side) and
        the caret's column in it."""
        at = self.position or 0
        start, end = max(0, at - EXCERPT_SIDE), min(len(self.source), at + EXCERPT_SIDE + 1)
        head = "…" if start > 0 else ""
        tail = "…" if end < len(self.source) else ""
        return head + self.source[start:end] + tail, at - start + len(head)

    def pointed(self) -> str:
        if self.position is None:
            return self.message
        shown, column = self.excerpt()
        return Message("{0}文字目: {1}\n{2}\n{3}^", self.position + 1, self.message, shown, " " * column)
