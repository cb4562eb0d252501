"""Udonarium characters into a campaign: what each one becomes on a system's sheet, or why not.

The reader (gmtool.store.udonarium_read) gives what a save holds: a name, gauges, values, notes and
a chat palette.  Which system's sheet it goes on is read from the character where it says so —
gmtool's own export starts its メモ with the system's name, and a palette set to a system's own
dice bot (SRS, Sengensyou) names it — and is the GM's choice otherwise.

On that sheet, a value goes where the system's exports keep it (`CCFoliaExport.sheet_fields`, a
gauge by its resource's key, found from the label the exports give it):
HP and MP gauges, attributes, an SRS critical…  A value the system computes from the sheet (a
判定値, a damage line, a palette variable) is computed again, not read.  Any other value — another
game's 器用度, a skill list — and Udonarium's notes are kept in the character's notes, so nothing
read is lost.  The chat palette is not read: gmtool writes its own from the checks.

A character is refused, with the reason, when a value the sheet keeps is not a whole number, or
when the sheet's own checks refuse what was read (a value out of range, a control character in a
name): the others still go in.  Nothing here writes; the campaign model adds the accepted ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gmtool.rules.battle_rules import combat_rules
from gmtool.rules.message import Message
from gmtool.rules.systems import SYSTEMS, declarations, get_system
from gmtool.rules.systems.base import SheetField
from gmtool.store.errors import StoreError
from gmtool.store.udonarium import GENERIC_DICEBOT, NOTE_NAME, UdonariumCharacter, character_to_udonarium
from gmtool.store.validation import character_from_document, character_to_document

MAX_KEPT_NOTE = 20_000  # characters of Udonarium's notes and values kept in the sheet's notes


@dataclass(frozen=True)
class ImportedCharacter:
    """One Udonarium character as it would go into the campaign: `character` is None when refused."""

    source: UdonariumCharacter
    system_id: str
    detected: bool  # the character names its system (else the GM's choice for the unknown ones)
    character: Any = None
    refusal: str | None = None  # why it is refused: a Message (shown in the UI language)
    read: tuple[str, ...] = ()  # labels written on the sheet
    kept: tuple[str, ...] = ()  # labels kept in the notes (no place on the sheet)
    computed: tuple[str, ...] = field(default=())  # labels the sheet computes again


def system_named_by(character: UdonariumCharacter) -> str | None:
    """The system a character names: its メモ's first line is a system's name (gmtool's export),
    or its palette is set to the one system's own dice bot; None when it says nothing of it."""
    first_lines = {text.split("\n", 1)[0].strip() for label, text in character.notes if label == NOTE_NAME}
    for system_id in SYSTEMS:
        name = get_system(system_id).name
        if {str(name), getattr(name, "template", str(name))} & first_lines:
            return system_id
    if character.dicebot != GENERIC_DICEBOT:
        owners = [
            s
            for s in SYSTEMS
            if (bot := declarations(s).dice_bot) is not None and bot.bot == character.dicebot
        ]
        if len(owners) == 1:
            return owners[0]
    return None


def plan_import(
    character: UdonariumCharacter, fallback_system: str, as_npc: bool = False
) -> ImportedCharacter:
    """What `character` becomes: on the sheet of the system it names, else of `fallback_system`;
    an NPC with `as_npc` where the sheet tells PCs from NPCs (Udonarium does not)."""
    named = system_named_by(character)
    system_id = named or fallback_system
    try:
        made, read, kept, computed = _on_sheet(character, system_id, as_npc)
    except StoreError as refusal:
        return ImportedCharacter(character, system_id, named is not None, refusal=refusal.problem)
    except _Refused as refusal:
        return ImportedCharacter(character, system_id, named is not None, refusal=refusal.message)
    return ImportedCharacter(character, system_id, named is not None, made, None, read, kept, computed)


class _Refused(Exception):
    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


def _whole_number(label: str, text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise _Refused(Message("「{0}」の値「{1}」は整数ではありません", label, text.strip()[:40])) from None


def _put(document: dict[str, Any], path: str, value: int) -> None:
    *parents, last = path.split(".")
    for key in parents:
        document = document[key]
    document[last] = value


def _on_sheet(
    character: UdonariumCharacter, system_id: str, as_npc: bool
) -> tuple[Any, tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    if not character.name.strip():
        raise _Refused(Message("名前がありません"))
    system = get_system(system_id)
    fields: Mapping[str, SheetField] = system.ccfolia.sheet_fields
    blank = system.new_character(character.name.strip())
    document = system.dump_character(blank)
    # What the system computes from its own sheet: labels its export of a blank sheet writes.
    own = character_to_udonarium(system_id, blank)
    computed_labels = {label for label, _v in own.params} | {label for label, _c, _m in own.resources}
    read: list[str] = []
    kept: list[tuple[str, str]] = []
    computed: list[str] = []
    keys = _resource_keys(system_id, blank)
    for label, current, maximum in character.resources:
        where = fields.get(keys.get(label, label))
        if where is None:
            (
                computed.append(label)
                if label in computed_labels
                else kept.append((label, f"{current}/{maximum}"))
            )
            continue
        if where.spent:
            _put(document, where.path, maximum - current)
        else:
            _put(document, where.path, current)
        if where.maximum:
            _put(document, where.maximum, maximum)
        read.append(label)
    for label, text in character.params:
        where = fields.get(label)
        if where is not None:
            _put(document, where.path, _whole_number(label, text))
            read.append(label)
        elif label in computed_labels:
            computed.append(label)
        else:
            kept.append((label, text))
    if "notes" in document:
        document["notes"] = _notes(system_id, character, kept)
    if as_npc and "is_pc" in document:
        document["is_pc"] = False
    made = character_from_document(system_id, system.schema_version, document)
    character_to_document(system_id, made)  # a control character in a name or a note: refused
    return made, tuple(read), tuple(label for label, _v in kept), tuple(computed)


def _resource_keys(system_id: str, blank: Any) -> dict[str, str]:
    """The system's gauges by the label the exports give them → the resource's key."""
    sheet = get_system(system_id).ccfolia
    seed = combat_rules(system_id).from_character(blank)
    return {r.label: r.key for r in (*seed.resources, *sheet.extra_status(blank))}


def _notes(system_id: str, character: UdonariumCharacter, kept: Sequence[tuple[str, str]]) -> str:
    """Udonarium's notes (gmtool's own メモ without its first line, the system's name) and the
    values the sheet has no place for."""
    parts: list[str] = []
    name = get_system(system_id).name
    for label, text in character.notes:
        lines = text.split("\n")
        if label == NOTE_NAME and lines and lines[0].strip() in {str(name), getattr(name, "template", "")}:
            lines = lines[1:]
        body = "\n".join(lines).strip()
        if body:
            parts.append(body if label == NOTE_NAME else f"{label}: {body}")
    if kept:
        parts.append("Udonarium: " + "、".join(f"{label} {value}" for label, value in kept))
    return "\n".join(parts)[:MAX_KEPT_NOTE]
