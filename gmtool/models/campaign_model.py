"""The open campaign as Qt sees it: signals and one undo stack over the store.

Every edit is an undo command holding the character before and after; redo
and undo both write through to the campaign file, so the file always holds
what the screen shows.

One user step is one SQLite transaction (`gmtool.models.write_turn`): everything a step writes —
every character, session value and log line, including the lines logged right after its push —
lands together, or none of it does.  A write that fails (locked, disk full, read-only, the file
gone) takes the whole step back: the characters in memory, the undo stack and the log return to
where they were, the views are told to show the stored values again, and `write_failed` says why.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any, TypeVar, cast

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand

from gmtool.models.undo_log import UNDONE_KEY, LoggedUndoStack, undone_ids
from gmtool.models.write_turn import WriteTurns
from gmtool.rules.creation_record import CreationRecord, RecordRefused, record_from_document
from gmtool.rules.systems import get_system
from gmtool.store.campaign import Campaign, LogEntry, StoredCharacter
from gmtool.store.errors import CampaignError

_NUMBERED = re.compile(r"^(?P<base>.*) \((?P<number>[0-9]+)\)$")


def first_free_name(name: str, taken: set[str]) -> str:
    """「名前 (n)」 with the smallest n ≥ 2 not in `taken` (`name` itself when it is free)."""
    if name not in taken:
        return name
    numbered = _NUMBERED.match(name)  # 「名前 (2)」 imported again counts from 「名前」, not 「名前 (2) (2)」
    base, number = (numbered["base"] if numbered else name), 2
    while f"{base} ({number})" in taken:
        number += 1
    return f"{base} ({number})"


class _CharacterCommand(QUndoCommand):
    """Swaps one character slot between two states (None = absent)."""

    def __init__(
        self,
        model: CampaignModel,
        character_id: str,
        before: StoredCharacter | None,
        after: StoredCharacter | None,
        text: str,
    ) -> None:
        super().__init__(text)
        self._model = model
        self._id = character_id
        self._before = before
        self._after = after

    def redo(self) -> None:
        self._model.turns.run(self, lambda: self._model._apply(self._id, self._after, self._before))

    def undo(self) -> None:
        self._model.turns.run(self, lambda: self._model._apply(self._id, self._before, self._after))

    def notify(self) -> None:
        """The step was refused: views show the stored character again."""
        self._model.turns.touched_character(self._id)


class _SessionCommand(QUndoCommand):
    """Swaps one session-state value (a JSON document) between two states (None = absent)."""

    def __init__(self, model: CampaignModel, key: str, before: Any, after: Any, text: str) -> None:
        super().__init__(text)
        self._model, self._key, self._before, self._after = model, key, before, after

    def redo(self) -> None:
        self._model.turns.run(self, lambda: self._model._apply_session(self._key, self._after))

    def undo(self) -> None:
        self._model.turns.run(self, lambda: self._model._apply_session(self._key, self._before))

    def notify(self) -> None:
        self._model.turns.touched_session(self._key)


# The log lines of a procedure given up before it made anything (a creation wizard cancelled):
# shown as 取り消し.  Session state, as the undone marks are; the log itself stays append-only.
CANCELLED_KEY = "log.cancelled"
# How each character was made (gmtool.rules.creation_record), by character id: written by a
# wizard that rolls and by an import, read when the character is exported.
CREATION_KEY = "creation.records"

_READ: Any = object()  # set_session_value: read the value before the change from the file

CharacterT = TypeVar("CharacterT")  # one system's character type (LotRCharacter, MTGCharacter…)
ParsedT = TypeVar("ParsedT")  # what a session document reads as (HouseRules, LotRRules…)


class CampaignModel(QObject):
    characters_changed = Signal()  # the list itself: added, removed, renamed, reordered
    character_changed = Signal(str)  # one character's content
    session_changed = Signal(str)  # one session-state key (catalogs, counters…)
    log_appended = Signal(object)  # LogEntry
    log_marks_changed = Signal(list)  # ids of log lines an undo or redo marked or unmarked
    log_reset = Signal()  # lines a refused step had logged are gone: read the log again
    # Signal(object), not Signal(str): a Message keeps its template through the signal, so the
    # window shows it in the UI language (a str signal hands over plain Japanese text).
    write_waiting = Signal(object)  # waiting for another program's lock ("" when done)
    write_failed = Signal(object)  # a step was refused and taken back: the Message for the user
    file_state_changed = Signal()  # read-only or detached (the file on disk is gone or replaced)

    def __init__(self, campaign: Campaign, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign = campaign
        self._characters: dict[str, StoredCharacter] = {s.id: s for s in campaign.list_characters()}
        self._sorted: list[StoredCharacter] | None = None  # characters() by position, until a change
        self._of_system: dict[str, list[StoredCharacter]] = {}  # characters_of(), until a change
        # One transaction per user step, and taking a refused step back whole.
        self.turns = WriteTurns(self)
        # It knows the log lines each step wrote: an undo marks them undone (`undone_log_ids`).
        self.undo_stack = LoggedUndoStack(self)
        # Session documents read once per stored change (`parsed_session`), by (key, reader).
        self._parsed: dict[
            tuple[str, Callable[[Any], Any]], tuple[tuple[int, int, int], str | None, Any]
        ] = {}

    # ---- reading -------------------------------------------------------------
    def characters(self) -> list[StoredCharacter]:
        # Read on every roll and every list refresh: sorted once per change, not per call.
        if self._sorted is None:
            self._sorted = sorted(self._characters.values(), key=lambda s: s.position)
        return list(self._sorted)

    def character_snapshot(self) -> dict[str, StoredCharacter]:
        """The characters now (cheap: the stored values are immutable), for `restore_characters`."""
        return dict(self._characters)

    def restore_characters(self, characters: dict[str, StoredCharacter]) -> None:
        """Put back the characters as they were (a refused step taken back)."""
        self._characters = characters
        self._sorted = None
        self._of_system = {}

    def characters_of(self, system_id: str) -> list[StoredCharacter]:
        # A judgement panel asks on every roll and every refresh (with 300 characters, a walk through
        # all of them each time): picked once per change, not per call.
        if system_id not in self._of_system:
            self._of_system[system_id] = [s for s in self.characters() if s.system == system_id]
        return list(self._of_system[system_id])

    def stored(self, character_id: str) -> StoredCharacter:
        return self._characters[character_id]

    def character(self, character_id: str) -> Any:
        return self._characters[character_id].character

    def character_as(self, character_id: str, kind: type[CharacterT]) -> CharacterT:
        """The character as its system's type: one of another system under this id is refused here,
        not misread further on."""
        character = self.character(character_id)
        if not isinstance(character, kind):
            raise TypeError(f"{character_id}: {type(character).__name__}, not {kind.__name__}")
        return character

    def has_character(self, character_id: str) -> bool:
        return character_id in self._characters

    def of_another_system(self, character_id: str, system_id: str) -> bool:
        """A character (still in the campaign) of another system than `system_id`: its edits change
        nothing a `system_id` panel shows, and the panels built for other systems skip them (an
        AW edit recomputed every other system's panel: 13 ms instead of 4 with all five built)."""
        return character_id in self._characters and self._characters[character_id].system != system_id

    def name_taken(self, name: str) -> bool:
        """A character of the campaign (of any system) already has this name."""
        return any(s.character.name == name for s in self._characters.values())

    def free_name(self, name: str) -> str:
        """The first 「名前 (n)」 (n = 2, 3, …) no character has, so two characters never share a name;
        a name already numbered counts from its base (「名前 (2)」 taken → 「名前 (3)」)."""
        return first_free_name(name, {s.character.name for s in self._characters.values()})

    def log_entries(self) -> list[LogEntry]:
        return self.campaign.log_entries()

    def undone_log_ids(self) -> frozenset[int]:
        """The log lines whose step was undone (and not redone)."""
        return undone_ids(self.campaign.get_session(UNDONE_KEY))

    def cancelled_log_ids(self) -> frozenset[int]:
        """The log lines of a procedure that was cancelled (they belong to nothing made)."""
        return undone_ids(self.campaign.get_session(CANCELLED_KEY))

    def mark_log_cancelled(self, ids: Iterable[int]) -> None:
        """Marks log lines as those of a cancelled procedure, in the step being made.  Not an undo
        step: like a log line, a cancellation stays (CampaignError if refused, as `append_log`)."""
        marked = set(ids)
        if not marked:
            return
        self.turns.join()
        try:
            self.campaign.set_session(CANCELLED_KEY, sorted(self.cancelled_log_ids() | marked))
        except CampaignError as exc:
            self.turns.failed(exc)
            raise
        self.turns.logged()
        self.log_marks_changed.emit(sorted(marked))

    def creation_record(self, character_id: str) -> CreationRecord | None:
        """How the character was made, as its wizard or its imported file recorded it; None if not."""
        records = self.campaign.get_session(CREATION_KEY)
        document = records.get(character_id) if isinstance(records, dict) else None
        if document is None:
            return None
        try:
            return record_from_document(document)
        except RecordRefused:
            return None  # a hand-edited file: the character goes out with no record, as an old one

    def keep_creation_record(self, character_id: str, record: CreationRecord) -> None:
        """Keeps how the character was made, in the step being made (its insertion).  Not an undo
        step of its own: the record follows the character's id (CampaignError if refused)."""
        self.turns.join()
        records = self.campaign.get_session(CREATION_KEY)
        records = dict(records) if isinstance(records, dict) else {}
        records[character_id] = record.to_document()
        try:
            self.campaign.set_session(CREATION_KEY, records)
        except CampaignError as exc:
            self.turns.failed(exc)
            raise
        self.turns.logged()

    # ---- editing (all undoable) ---------------------------------------------
    def add_character(self, system_id: str, name: str) -> str:
        character = get_system(system_id).new_character(name)
        return self.insert_character(system_id, character, self.tr("キャラクターの追加"))

    def insert_character(self, system_id: str, character: Any, text: str, name: str | None = None) -> str:
        """`name`: the character goes in under this name instead of its own (an import whose name
        is taken); still one undo step."""
        if name is not None:
            character = replace(character, name=name)
        new_id = self.campaign.new_character_id()
        stored = StoredCharacter(new_id, system_id, self._next_position(), character)
        self.undo_stack.push(_CharacterCommand(self, new_id, None, stored, text))
        return new_id

    def update_character(self, character_id: str, character: Any, text: str) -> None:
        before = self._characters[character_id]
        if before.character == character:
            return
        after = replace(before, character=character)
        self.undo_stack.push(_CharacterCommand(self, character_id, before, after, text))

    def rename_character(self, character_id: str, name: str) -> None:
        current = self.character(character_id)
        self.update_character(character_id, replace(current, name=name), self.tr("名前の変更"))

    def duplicate_character(self, character_id: str) -> str:
        source = self._characters[character_id]
        copy = replace(source.character, name=self.tr("{0}のコピー").format(source.character.name))
        return self.insert_character(source.system, copy, self.tr("キャラクターの複製"))

    def delete_character(self, character_id: str) -> None:
        before = self._characters[character_id]
        self.undo_stack.push(
            _CharacterCommand(self, character_id, before, None, self.tr("キャラクターの削除"))
        )

    def session_value(self, key: str, default: Any = None) -> Any:
        return self.campaign.get_session(key, default)

    def parsed_session(self, key: str, read: Callable[[Any], ParsedT]) -> ParsedT:
        """``read(self.session_value(key))``, read once per change of the stored text: panels ask on
        every refresh, once per row, and a hand-edited document may hold 100 000 keys.  While the
        campaign's revision stands (one pragma) nothing is read; after any write, by this window or
        another program, the stored text is compared, and only a changed one is parsed again —
        never the document re-serialised.  ``read`` is a module-level function of the document
        alone, and what it returns is never changed by its users (a frozen value)."""
        revision = self.campaign.revision()
        hit = self._parsed.get((key, read))
        if hit is not None and hit[0] == revision:
            return cast(ParsedT, hit[2])
        text = self.campaign.get_session_text(key)
        if hit is not None and hit[1] == text:
            self._parsed[(key, read)] = (revision, text, hit[2])
            return cast(ParsedT, hit[2])
        value = read(self.session_value(key))
        self._parsed[(key, read)] = (revision, text, value)
        return value

    def set_session_value(self, key: str, value: Any, text: str, before: Any = _READ) -> None:
        """Undoable change of one session-state value (JSON).  A caller that holds the stored value
        already passes it as `before` (a big document is then not read and parsed again)."""
        if before is _READ:
            before = self.campaign.get_session(key)
        if before == value:
            return
        self.undo_stack.push(_SessionCommand(self, key, before, value, text))

    def append_log(self, kind: str, payload: dict[str, Any]) -> LogEntry:
        """Log a line, in the transaction of the step being made (CampaignError if refused: the
        step is taken back and `write_failed` has said why)."""
        self.turns.join()
        try:
            entry = self.campaign.append_log(kind, payload)
        except CampaignError as exc:
            self.turns.failed(exc)
            raise
        self.turns.logged()
        self.undo_stack.log_appended(entry.id)
        self.log_appended.emit(entry)
        return entry

    def flush(self) -> bool:
        """Commit the step being made now (it is otherwise committed when control returns to the
        event loop); False if it was refused and taken back."""
        return self.turns.flush()

    @property
    def read_only(self) -> str | None:
        """Why nothing can be written (opened read-only, or the file on disk is gone), or None."""
        return self.campaign.read_only or self.campaign.detached

    # ---- internals -----------------------------------------------------------
    def _apply_session(self, key: str, value: Any) -> None:
        self.campaign.set_session(key, value)  # None is stored as JSON null: "not set"
        self.turns.touched_session(key, emit=False)
        self.session_changed.emit(key)

    def _next_position(self) -> int:
        return max((s.position for s in self._characters.values()), default=-1) + 1

    def _apply(
        self, character_id: str, state: StoredCharacter | None, previous: StoredCharacter | None
    ) -> None:
        if state is None:
            self.campaign.delete_character(character_id)
            del self._characters[character_id]
        else:
            self.campaign.put_character(character_id, state.system, state.character, state.position)
            self._characters[character_id] = state
        self._sorted = None
        self._of_system = {}
        self.turns.touched_character(character_id, emit=False)
        list_changed = state is None or previous is None or state.character.name != previous.character.name
        if list_changed:
            self.characters_changed.emit()
        if state is not None:
            self.character_changed.emit(character_id)
