"""The lists of a 千幻抄 character the sheet edits one item at a time: each change one undo step named
after what happened (「スキル〈交渉〉の追加」), so the undo history reads as the GM acted.

The edited character is validated through the system's schema first, exactly as
`CharacterModel.set_value` does, so a value the file could not hold is refused with the reason.
A list may be fixed for now (`lock_reason`): an edit is then refused with that reason.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QObject

from gmtool.models.character_model import CharacterModel
from gmtool.rules.systems.sengensho.character import Skill
from gmtool.store.validation import format_validation_error

ADD, UPDATE, REMOVE = "add", "update", "remove"


def store_character(model: CharacterModel, updated: Any, undo_text: str) -> None:
    """One undo step named `undo_text`; a value the schema refuses raises ValueError with the reason."""
    system = model.system
    try:
        updated = system.load_character(system.dump_character(updated))
    except ValidationError as e:
        raise ValueError(format_validation_error(e)) from None
    model.campaign_model.update_character(model.character_id, updated, undo_text)


class CharacterList(QObject):
    """A tuple field of the character (`FIELD`); subclasses say what the text forbids (`check`), how
    the undo history names an edit (`undo_text`) and, if the list is fixed for now, why."""

    FIELD = ""

    def __init__(self, character_model: CharacterModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.character_model = character_model

    def items(self) -> tuple[Any, ...]:
        model = self.character_model
        return getattr(model.character, self.FIELD) if model.exists else ()

    def lock_reason(self) -> str | None:
        return None

    def check(self, item: Any, others: tuple[Any, ...], adding: bool) -> None:
        """Raises ValueError for an item the text forbids beside `others` (the rest of the list)."""

    def undo_text(self, action: str, item: Any) -> str:
        raise NotImplementedError

    # ---- editing (each one undo step) ----------------------------------------------------------
    def add(self, item: Any) -> int:
        """Adds the item at the end; returns its row."""
        self.require_unlocked()
        items = self.items()
        self.check(item, items, adding=True)
        self._store((*items, item), self.undo_text(ADD, item))
        return len(items)

    def update(self, row: int, item: Any) -> None:
        self.require_unlocked()
        items = self.items()
        self.check(item, items[:row] + items[row + 1 :], adding=False)
        self._store((*items[:row], item, *items[row + 1 :]), self.undo_text(UPDATE, items[row]))

    def remove(self, row: int) -> None:
        self.require_unlocked()
        items = self.items()
        self._store(items[:row] + items[row + 1 :], self.undo_text(REMOVE, items[row]))

    def _store(self, items: tuple[Any, ...], undo_text: str) -> None:
        model = self.character_model
        store_character(model, replace(model.character, **{self.FIELD: items}), undo_text)

    def require_unlocked(self) -> None:
        """ValueError with `lock_reason` while the list is fixed (the sheet asks this first)."""
        reason = self.lock_reason()
        if reason is not None:
            raise ValueError(reason)


class SkillList(CharacterList):
    """〈スキル〉 as a free list: name and level, one skill of a name."""

    FIELD = "skills"

    def skill(self, typed_name: str, level: int) -> Skill:
        """The skill the GM typed: 〈〉 around the name are the sheet's, not the name's."""
        name = typed_name.strip().strip("〈〉").strip()
        if not name:
            raise ValueError(self.tr("スキル名を入力してください"))
        return Skill(name=name, level=level)

    def check(self, item: Skill, others: tuple[Skill, ...], adding: bool) -> None:
        if any(s.name == item.name for s in others):
            hint = self.tr("選択して更新してください") if adding else self.tr("同じ名前のスキルは1つだけ")
            raise ValueError(self.tr("スキル〈{0}〉はもうあります（{1}）").format(item.name, hint))

    def undo_text(self, action: str, item: Skill) -> str:
        texts = {
            ADD: self.tr("スキル〈{0}〉の追加"),
            UPDATE: self.tr("スキル〈{0}〉の変更"),
            REMOVE: self.tr("スキル〈{0}〉の削除"),
        }
        return texts[action].format(item.name)
