"""Several characters into CCFolia, one paste at a time.

CCFolia's clipboard takes one character per paste — a single ``{"kind": "character", …}`` object
(docs.ccfolia.com/developer-api/clipboard-api); a JSON list of them is not pasted.  So the combat
tracker hands the GM a queue: each character's own clipboard text, copied in turn (a button per
character, or 次をコピー), with a mark of those already copied.  A hidden NPC copied on request
carries ``"secret": true``, which in CCFolia hides its status but still stands its piece on the
board, where the players see it: the queue says which ones those are.

Nothing here changes the campaign; the clipboard is the view's.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal


@dataclass(frozen=True)
class QueuedCharacter:
    """One character's clipboard text and what the list says of it."""

    name: str
    text: str  # CCFolia clipboard JSON: one character
    secret: bool = False  # exported with "secret": true (a hidden NPC the GM chose to include)


class CCFoliaQueueModel(QObject):
    changed = Signal()  # which ones are copied, and which comes next

    def __init__(self, characters: list[QueuedCharacter], parent: QObject | None = None) -> None:
        """ValueError with the reason when there is nobody to copy."""
        super().__init__(parent)
        if not characters:
            raise ValueError(self.tr("コピーするキャラクターがいません"))
        self.characters = list(characters)
        self._copied: set[int] = set()
        self._next = 0

    def __len__(self) -> int:
        return len(self.characters)

    def copied(self, index: int) -> bool:
        return index in self._copied

    @property
    def next_index(self) -> int | None:
        """The character 次をコピー copies; None once every one is copied."""
        return self._next if self._next < len(self.characters) else None

    @property
    def has_secret(self) -> bool:
        return any(c.secret for c in self.characters)

    def take(self, index: int) -> str:
        """The clipboard text of character `index`, marked copied; the next is the first not yet
        copied after it (so 次をコピー goes on from a character copied out of turn)."""
        if not 0 <= index < len(self.characters):
            raise ValueError(self.tr("そのキャラクターはもう一覧にいません"))
        self._copied.add(index)
        after = [i for i in range(index + 1, len(self.characters)) if i not in self._copied]
        before = [i for i in range(index) if i not in self._copied]
        self._next = (after or before or [len(self.characters)])[0]
        self.changed.emit()
        return self.characters[index].text

    def take_next(self) -> str:
        index = self.next_index
        if index is None:
            raise ValueError(self.tr("全員をコピーしました"))
        return self.take(index)

    def progress_text(self) -> str:
        done = len(self._copied)
        if self.next_index is None:
            return self.tr("{0} 人すべてをコピーしました").format(len(self.characters))
        upcoming = self.characters[self.next_index].name
        return self.tr("{0} / {1} 人をコピー済み。次は「{2}」").format(done, len(self.characters), upcoming)
