"""Udonarium characters: a gmtool character (or a battle participant) as the ZIP that an
Udonarium room takes by drag and drop.

The shape is what Udonarium (github.com/TK11235/udonarium) writes and reads back:

* a dropped ZIP is unpacked and every ``*.xml`` entry is parsed on its own
  (src/app/class/core/file-storage/file-archiver.ts ``handleZip`` → ``handleText``); a character
  saved from its sheet is ``data.xml`` in ``xml_<name>_<date>.zip`` (src/app/service/save-data.service.ts,
  game-character-sheet.component.ts);
* the root element is the object's alias, ``<character>`` (src/app/class/game-character.ts), whose
  attributes are its sync variables (``location.name``, ``location.x``…, ``posZ``, ``rotate``,
  ``roll``: ObjectSerializer.toAttributes in src/app/class/core/synchronize-object/object-serializer.ts);
* its child ``<data name="character">`` holds ``image``, ``common`` (``name``, ``size``) and
  ``detail`` (src/app/class/tabletop-object.ts ``createDataElements``); under ``detail``, groups of
  ``<data>`` leaves.  A leaf's text is its value; ``type="numberResource"`` makes it a gauge with
  ``currentValue`` the current value and the text the maximum; ``type="note"`` a multi-line note
  (src/app/class/data-element.ts);
* ``<chat-palette dicebot="ID">`` holds the palette's lines; ``dicebot`` is a BCDice game system ID,
  and an unknown or empty one is the generic ``DiceBot`` (src/app/class/dice-bot.ts).

Like the CCFolia export (gmtool.store.ccfolia), the palette variables travel as values under
``detail`` and the palette holds the command lines alone: Udonarium resolves ``{name}`` from the
character's data elements (ChatPalette.evaluate), so a value edited in the room is the one rolled.
Hidden battle participants are the GM's secret: an encounter export leaves them out unless asked.

The values are what the table rolls: many are computed from the sheet (LotR's attribute modifiers,
skill totals; フォーカード's halves), so the sheet itself cannot be rebuilt from them.  A character
from a campaign therefore also carries its sheet as gmtool stores it (a note ``gmtool シート`` in
the group ``gmtool``: JSON of its system, schema version and document; an NPC's notes left out),
which reading it back (gmtool.store.udonarium_import) rebuilds first.
"""

from __future__ import annotations

import io
import json
import os
import re
import time
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

from gmtool.file_names import safe_file_name
from gmtool.rules.battle import Encounter, Participant, Resource
from gmtool.rules.battle_rules import combat_rules
from gmtool.rules.message import Message
from gmtool.rules.palette import command_lines
from gmtool.rules.systems import SYSTEMS, declarations, get_system
from gmtool.rules.systems.base import CCFoliaExport, SessionSheet
from gmtool.rules.systems.declarations import GENERIC_BOT
from gmtool.store.ccfolia import character_params
from gmtool.store.exchange import atomic_write_bytes

# A BCDice game system ID (lib/bcdice/game_system/<ID>.rb): each system's declared dice bot's, the
# generic one for a system BCDice has no bot for or that declares none.
GENERIC_DICEBOT = GENERIC_BOT
SUFFIX = ".zip"
SINGLE_ENTRY = "data.xml"  # the name Udonarium gives a saved character inside its ZIP
# The groups under `detail`, as Udonarium's own sample character names them (game-character.ts).
RESOURCE_GROUP = "リソース"
PARAM_GROUP = "能力"
NOTE_GROUP = "情報"
NOTE_NAME = "メモ"
# The sheet as gmtool stores it, so that reading the file back rebuilds it (see the docstring).
SHEET_GROUP = "gmtool"
SHEET_NAME = "gmtool シート"

# Characters XML 1.0 cannot hold (a control character pasted into a note): Udonarium drops them
# before parsing (XmlUtil.sanitizeXml); gmtool drops them before writing, so the file stays XML.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


NO_SESSION = SessionSheet()  # a character whose system keeps nothing of it in the session


@dataclass(frozen=True)
class UdonariumCharacter:
    """What an Udonarium character carries that gmtool writes and reads back."""

    name: str
    resources: tuple[tuple[str, int, int], ...] = ()  # (label, current, maximum)
    params: tuple[tuple[str, str], ...] = ()  # (label, value)
    notes: tuple[tuple[str, str], ...] = ()  # (label, text)
    palette: str = ""
    dicebot: str = GENERIC_DICEBOT
    sheet: str = ""  # the sheet's stored document as JSON (`sheet_text`); "" for a quick NPC


def sheet_text(system_id: str, character: Any) -> str:
    """The character's stored document as one line of JSON (system, schema_version, data); an
    NPC's notes are the GM's and stay out, as they stay out of the メモ."""
    system = get_system(system_id)
    document = system.dump_character(character)
    if not getattr(character, "is_pc", True) and "notes" in document:
        document["notes"] = ""
    envelope = {"system": system_id, "schema_version": system.schema_version, "data": document}
    return json.dumps(envelope, ensure_ascii=False, separators=(",", ":"))


def dicebot(system_id: str) -> str:
    """The bot a character of the system carries: its declared dice bot's (`DiceBot.bot`)."""
    declared = declarations(system_id).dice_bot if system_id in SYSTEMS else None
    return declared.bot if declared is not None else GENERIC_DICEBOT


# ---- from gmtool ------------------------------------------------------------------------------


def _maximum(sheet: CCFoliaExport, resource: Resource, values: Mapping[str, int]) -> int:
    if resource.maximum is not None:
        return resource.maximum
    end = sheet.track_end(resource, values)
    return 0 if end is None else end  # not known: 0, for the table to fill in (as for CCFolia)


def _resources(
    sheet: CCFoliaExport, resources: Iterable[Resource], values: Mapping[str, int]
) -> tuple[tuple[str, int, int], ...]:
    return tuple((r.label, r.value, _maximum(sheet, r, values)) for r in resources)


def _notes(system_id: str, character: Any, extra: Sequence[str] = ()) -> tuple[tuple[str, str], ...]:
    system = get_system(system_id)
    lines = [system.name, *system.ccfolia.memo(character), *extra]
    # An NPC's notes are the GM's (its secrets, its plans): only a PC's notes travel.
    if getattr(character, "is_pc", True) and getattr(character, "notes", ""):
        lines.append(character.notes)
    return ((NOTE_NAME, "\n".join(line for line in lines if line)),)


def _sheet_parts(
    system_id: str, character: Any, session: SessionSheet = NO_SESSION
) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...], str]:
    params = tuple((p["label"], p["value"]) for p in character_params(system_id, character))
    params += tuple((label, str(value)) for label, value in session.params)
    notes = _notes(system_id, character, session.memo)
    return params, notes, "\n".join(command_lines(system_id, character))


def character_to_udonarium(
    system_id: str, character: Any, session: SessionSheet = NO_SESSION
) -> UdonariumCharacter:
    """A campaign character with its sheet's resources, values, memo and chat palette, and what
    the campaign's session adds (`session`: 千幻抄's 幻想値, 縁故 and 幻想能力)."""
    sheet = get_system(system_id).ccfolia
    seed = combat_rules(system_id).from_character(character)
    values = dict(seed.values or {})
    params, notes, palette = _sheet_parts(system_id, character, session)
    return UdonariumCharacter(
        name=character.name,
        resources=_resources(sheet, (*seed.resources, *sheet.extra_status(character)), values),
        params=params,
        notes=notes,
        palette=palette,
        dicebot=dicebot(system_id),
        sheet=sheet_text(system_id, character),
    )


def participant_to_udonarium(
    participant: Participant, system_id: str, character: Any = None, palette: str | Sequence[str] = ""
) -> UdonariumCharacter:
    """A battle participant with its current resources.  With its campaign `character`, the
    values, notes and palette come from the sheet; a quick NPC has its battle values and `palette`."""
    sheet = get_system(system_id).ccfolia
    values = dict(participant.values)
    resources: Sequence[Resource] = participant.resources
    stored = ""
    if character is not None:
        resources = (*resources, *sheet.extra_status(character))
        params, notes, text = _sheet_parts(system_id, character)
        stored = sheet_text(system_id, character)
    else:
        labels = sheet.value_labels
        params = tuple((labels[k], str(v)) for k, v in values.items() if k in labels)
        notes = ()
        text = palette if isinstance(palette, str) else "\n".join(palette)
    return UdonariumCharacter(
        participant.name,
        _resources(sheet, resources, values),
        params,
        notes,
        text,
        dicebot(system_id),
        stored,
    )


def encounter_to_udonarium(
    encounter: Encounter, include_hidden: bool = False, characters: Mapping[str, Any] | None = None
) -> list[UdonariumCharacter]:
    """Every participant in the GM's order; hidden ones only with `include_hidden`.
    `characters` (character id → character) gives linked participants their sheet and palette."""
    characters = characters or {}
    return [
        participant_to_udonarium(
            p, encounter.system, character=characters.get(p.character_id) if p.character_id else None
        )
        for p in encounter.participants
        if include_hidden or not p.hidden
    ]


# ---- the XML and the ZIP ----------------------------------------------------------------------


def _data(parent: ET.Element, name: str, text: str = "", **attributes: str) -> ET.Element:
    # Udonarium's own order: type, currentValue, then name (as its saves show them).
    element = ET.SubElement(parent, "data", {**attributes, "name": _NOT_XML.sub("", name)})
    element.text = _NOT_XML.sub("", text)
    return element


def character_element(character: UdonariumCharacter) -> ET.Element:
    """The ``<character>`` element Udonarium's ObjectSerializer.parseXml makes a GameCharacter of."""
    root = ET.Element(
        "character",
        {
            "rotate": "0",
            "roll": "0",
            "location.name": "table",
            "location.x": "0",
            "location.y": "0",
            "posZ": "0",
        },
    )
    body = _data(root, "character")
    image = _data(body, "image")
    _data(image, "imageIdentifier", type="image")  # no image: Udonarium shows its default piece
    common = _data(body, "common")
    _data(common, "name", character.name)
    _data(common, "size", "1")
    detail = _data(body, "detail")
    if character.resources:
        group = _data(detail, RESOURCE_GROUP)
        for label, current, maximum in character.resources:
            _data(group, label, str(maximum), type="numberResource", currentValue=str(current))
    if character.params:
        group = _data(detail, PARAM_GROUP)
        for label, value in character.params:
            _data(group, label, value)
    if character.notes:
        group = _data(detail, NOTE_GROUP)
        for label, text in character.notes:
            _data(group, label, text, type="note")
    if character.sheet:
        _data(_data(detail, SHEET_GROUP), SHEET_NAME, character.sheet, type="note")
    palette = ET.SubElement(root, "chat-palette", {"dicebot": character.dicebot})
    palette.text = _NOT_XML.sub("", character.palette)
    return root


def character_xml(character: UdonariumCharacter) -> bytes:
    """The XML file's bytes: UTF-8 with its declaration, indented as Udonarium saves it (only
    elements with children are indented, so no value gains whitespace)."""
    root = character_element(character)
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode", short_empty_elements=False)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n").encode("utf-8")


def _entry_name(index: int, name: str) -> str:
    return safe_file_name(f"{index:02d}_{name[:60].strip() or 'character'}.xml")


def entry_names(characters: Sequence[UdonariumCharacter]) -> list[str]:
    """One entry per character: ``data.xml`` for one (as Udonarium names it), numbered names for
    several (each entry of a dropped ZIP becomes its own piece)."""
    if len(characters) == 1:
        return [SINGLE_ENTRY]
    return [_entry_name(i, c.name) for i, c in enumerate(characters, start=1)]


def zip_bytes(characters: Sequence[UdonariumCharacter]) -> bytes:
    if not characters:
        raise ValueError(Message("書き出すキャラクターがいません"))
    buffer = io.BytesIO()
    stamp = time.localtime()[:6]
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, character in zip(entry_names(characters), characters, strict=True):
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, character_xml(character))
    return buffer.getvalue()


def write_udonarium(path: str | os.PathLike[str], characters: Sequence[UdonariumCharacter]) -> Path:
    """Saves the ZIP atomically (like every export); returns the path written.  ValueError when
    there is nobody to write."""
    target = Path(path)
    atomic_write_bytes(target, zip_bytes(characters))
    return target


def suggested_file_name(title: str) -> str:
    """``<title>_<YYYY-MM-DD_HHMM>.zip``, stamped as Udonarium stamps its saves (it names a saved
    character ``xml_<name>_<date>.zip``)."""
    return safe_file_name(f"{title[:80]}_{time.strftime('%Y-%m-%d_%H%M')}{SUFFIX}", "udonarium")
