"""Udonarium characters into a campaign: what each one becomes on a system's sheet, or why not.

The reader (gmtool.store.udonarium_read) gives what a save holds: a name, gauges, values, notes, a
chat palette and, in gmtool's own export, the sheet as gmtool stores it.  Which system's sheet it
goes on is read from the character where it says so — that sheet, gmtool's メモ starting with the
system's name, or a palette set to a system's own dice bot (SRS, Sengensyou) — and is the GM's
choice otherwise.

gmtool's own export is rebuilt from its sheet (many of its values are computed: LotR's attribute
modifiers and skill totals cannot give the sheet back); then the values the sheet keeps
(`CCFoliaExport.sheet_fields`: HP gauges, damage, 勇気…) are written from the file, so what was
played at the table comes back.  Every other value is one the sheet computes — the same as in the
file, or named with both values and not read (edited in the room) — or has no place on the sheet
and is kept in the notes.  An export that names its system but carries no sheet (an older
gmtool's) is refused when the sheet made from its values computes others: it would play with a
new sheet's values, not the character's.  The chat palette is not read: gmtool writes its own.

A character is refused, with the reason, when a value the sheet keeps is not a whole number, when
its sheet is broken, or when the sheet's own checks refuse what was read (a value out of range, a
control character in a name): the others still go in.  Nothing here writes; the campaign model
adds the accepted ones.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gmtool.rules.battle_rules import combat_rules
from gmtool.rules.message import Message
from gmtool.rules.systems import SYSTEMS, declarations, get_system
from gmtool.rules.systems.base import SheetField
from gmtool.store.errors import StoreError
from gmtool.store.udonarium import (
    GENERIC_DICEBOT,
    NOTE_NAME,
    SHEET_NAME,
    UdonariumCharacter,
    character_to_udonarium,
)
from gmtool.store.validation import character_from_document, character_to_document, parse_json

MAX_KEPT_NOTE = 20_000  # characters of Udonarium's notes and values kept in the sheet's notes


@dataclass(frozen=True)
class Differing:
    """A value in the file that the sheet computes otherwise (edited at the table, or a sheet
    that could not be rebuilt): not read, the sheet's is the one that plays."""

    label: str
    in_file: str
    on_sheet: str


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
    computed: tuple[str, ...] = field(default=())  # labels the sheet computes again, as in the file
    differing: tuple[Differing, ...] = ()  # labels the sheet computes otherwise (not read)
    from_sheet: bool = False  # rebuilt from gmtool's own sheet in the file (`UdonariumCharacter.sheet`)


def system_named_by(character: UdonariumCharacter) -> str | None:
    """The system a character names: the sheet gmtool's export carries, its メモ's first line is a
    system's name (gmtool's export), or its palette is set to the one system's own dice bot; None
    when it says nothing of it."""
    stored = _stored_system(character.sheet)
    if stored is not None:
        return stored
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


def _stored_system(sheet: str) -> str | None:
    try:
        envelope = json.loads(sheet) if sheet else None
    except ValueError:
        return None  # refused with the reason when it is read (_stored_document)
    system_id = envelope.get("system") if isinstance(envelope, dict) else None
    return system_id if isinstance(system_id, str) and system_id in SYSTEMS else None


def plan_import(
    character: UdonariumCharacter, fallback_system: str, as_npc: bool = False
) -> ImportedCharacter:
    """What `character` becomes: on the sheet of the system it names, else of `fallback_system`;
    an NPC with `as_npc` where the sheet tells PCs from NPCs (Udonarium does not)."""
    named = system_named_by(character)
    system_id = named or fallback_system
    try:
        return _on_sheet(character, system_id, named is not None, as_npc)
    except StoreError as refusal:
        return ImportedCharacter(character, system_id, named is not None, refusal=refusal.problem)
    except _Refused as refusal:
        return ImportedCharacter(character, system_id, named is not None, refusal=refusal.message)


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


def _stored_document(character: UdonariumCharacter, system_id: str) -> dict[str, Any] | None:
    """The sheet gmtool's export carries, migrated to this version's document; None without one.
    A sheet that is there but broken (edited in the room) is refused: it is the character."""
    if not character.sheet:
        return None
    try:
        envelope = parse_json(character.sheet)
        if not isinstance(envelope, dict):
            raise StoreError(Message("オブジェクト（{{…}}）でなければなりません"))
        made = character_from_document(
            envelope.get("system"), envelope.get("schema_version"), envelope.get("data")
        )
    except StoreError as error:
        raise _Refused(Message("「{0}」を読めません: {1}", SHEET_NAME, error.problem)) from None
    if envelope["system"] != system_id:
        raise _Refused(Message("「{0}」は別のシステムのシートです", SHEET_NAME))
    document: dict[str, Any] = get_system(system_id).dump_character(made)
    return document


def _on_sheet(
    character: UdonariumCharacter, system_id: str, detected: bool, as_npc: bool
) -> ImportedCharacter:
    if not character.name.strip():
        raise _Refused(Message("名前がありません"))
    system = get_system(system_id)
    fields: Mapping[str, SheetField] = system.ccfolia.sheet_fields
    blank = system.new_character(character.name.strip())
    stored = _stored_document(character, system_id)
    document = stored if stored is not None else system.dump_character(blank)
    if "name" in document:
        document["name"] = character.name.strip()  # renamed in the room: the room's name
    keys = _resource_keys(system_id, blank)
    read: list[str] = []
    unplaced: list[tuple[str, str]] = []  # (label, value as the file has it)
    for label, current, maximum in character.resources:
        where = fields.get(keys.get(label, label))
        if where is None:
            unplaced.append((label, f"{current}/{maximum}"))
            continue
        _put(document, where.path, maximum - current if where.spent else current)
        if where.maximum:
            _put(document, where.maximum, maximum)
        read.append(label)
    for label, text in character.params:
        where = fields.get(label)
        if where is not None:
            _put(document, where.path, _whole_number(label, text))
            read.append(label)
        else:
            unplaced.append((label, text))
    if as_npc and "is_pc" in document:
        document["is_pc"] = False
    made = character_from_document(system_id, system.schema_version, document)
    # What the sheet computes, as its own export writes it: the file's value is compared with it.
    own = character_to_udonarium(system_id, made)
    on_sheet = {label: value for label, value in own.params}
    on_sheet |= {label: f"{current}/{maximum}" for label, current, maximum in own.resources}
    # A gauge whose end the sheet does not know (千幻抄's HP, entered in the tracker) is written
    # 0/0: the file's own value is not one the sheet computes, but one it has no place for.
    unknown = {label for label, current, maximum in own.resources if (current, maximum) == (0, 0)}
    computed = [label for label, value in unplaced if on_sheet.get(label) == value]
    differing = [
        Differing(label, value, on_sheet[label])
        for label, value in unplaced
        if label in on_sheet and on_sheet[label] != value and label not in unknown
    ]
    kept = [
        (label, value)
        for label, value in unplaced
        if label not in on_sheet or (label in unknown and on_sheet[label] != value)
    ]
    if stored is None and detected and differing:
        # gmtool's export without its sheet (an older gmtool's): the values are all there is, and
        # a sheet that computes others from them is not the character saved — it would play with
        # the blank sheet's values.
        raise _Refused(
            Message(
                "シートを作り直せません（シートのない書き出しで、シートから計算する値が合いません: {0}）",
                Message.joined(
                    "、", [Message("{0} {1}≠{2}", d.label, d.in_file, d.on_sheet) for d in differing[:6]]
                ),
            )
        )
    if stored is None:
        # Another game's value that happens to share a label with one the sheet computes (an HP
        # that 千幻抄's GM enters in the tracker): not the sheet's, so kept in the notes.
        kept += [(d.label, d.in_file) for d in differing]
        differing = []
    if "notes" in document:
        notes = _notes(system_id, character, kept, made)
        if stored is None or own.notes != character.notes or kept:
            document["notes"] = notes
            made = character_from_document(system_id, system.schema_version, document)
    character_to_document(system_id, made)  # a control character in a name or a note: refused
    return ImportedCharacter(
        character,
        system_id,
        detected,
        made,
        None,
        tuple(read),
        tuple(label for label, _v in kept),
        tuple(computed),
        tuple(differing),
        stored is not None,
    )


def _resource_keys(system_id: str, blank: Any) -> dict[str, str]:
    """The system's gauges by the label the exports give them → the resource's key."""
    sheet = get_system(system_id).ccfolia
    seed = combat_rules(system_id).from_character(blank)
    return {r.label: r.key for r in (*seed.resources, *sheet.extra_status(blank))}


def _notes(system_id: str, character: UdonariumCharacter, kept: Sequence[tuple[str, str]], made: Any) -> str:
    """Udonarium's notes (gmtool's own メモ without its first lines, the system's name and what the
    sheet writes there itself: a LotR race and order, AW classes) and the values the sheet has no
    place for."""
    parts: list[str] = []
    system = get_system(system_id)
    name = system.name
    for label, text in character.notes:
        lines = text.split("\n")
        if label == NOTE_NAME and lines and lines[0].strip() in {str(name), getattr(name, "template", "")}:
            lines = lines[1:]
            for own in (line for line in system.ccfolia.memo(made) if line):
                if lines and lines[0] == own:
                    lines = lines[1:]
        body = "\n".join(lines).strip()
        if body:
            parts.append(body if label == NOTE_NAME else f"{label}: {body}")
    if kept:
        parts.append("Udonarium: " + "、".join(f"{label} {value}" for label, value in kept))
    return "\n".join(parts)[:MAX_KEPT_NOTE]
