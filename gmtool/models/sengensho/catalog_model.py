"""The campaign's 千幻抄 類型 catalog: saving, resetting, and moving it between campaigns as a file.

The catalog is stored under CATALOG_KEY (read back through `read_catalog`), so it travels with the
campaign file and every change is one undo step.  Export files are treated like any file a user
hands over: size checked before reading, strict UTF-8 JSON only (never eval or pickle), and every
refusal is one sentence naming the file and what is wrong.  A failed import or export changes
nothing: not the campaign, not the file on disk.  The catalog is setup, not play: no log lines.
"""

from __future__ import annotations

import codecs
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.sengensho.state import CATALOG_KEY, SYSTEM_ID, read_catalog
from gmtool.rules.message import Message, template
from gmtool.rules.systems.sengensho.catalog import (
    ABILITIES_PER_ARCHETYPE,
    EXPORT_FORMAT,
    EXPORT_VERSION,
    Archetype,
    ArchetypeCatalog,
    CatalogFileError,
    FantasyAbility,
    catalog_from_document,
    catalog_to_document,
    export_document,
    import_document,
    shipped_catalog,
)
from gmtool.store.errors import StoreError
from gmtool.store.exchange import atomic_write_bytes
from gmtool.store.validation import describe_error, describe_problem, parse_json

MAX_FILE_BYTES = 5 * 1024 * 1024
_MB = 1024 * 1024

_FIELD_LABELS = {
    "name": template("名前"),
    "description": template("解説"),
    "impression": template("印象効果"),
    "bond_guidance": template("縁故の指針"),
    "kind": template("種類"),
    "required": template("必要幻想値"),
    "effect": template("効果"),
}


def _empty_abilities() -> tuple[FantasyAbility, ...]:
    return tuple(FantasyAbility() for _ in range(ABILITIES_PER_ARCHETYPE))


@dataclass(frozen=True)
class ArchetypeDraft:
    """One 類型 as the editor holds it: unchecked, so a half-typed name can sit in the working copy."""

    name: str = ""
    description: str = ""
    impression: str = ""
    bond_guidance: str = ""
    abilities: tuple[FantasyAbility, ...] = field(default_factory=_empty_abilities)

    @classmethod
    def of(cls, archetype: Archetype) -> ArchetypeDraft:
        return cls(
            archetype.name,
            archetype.description,
            archetype.impression,
            archetype.bond_guidance,
            archetype.abilities,
        )


@dataclass(frozen=True)
class ImportSummary:
    added: tuple[str, ...]
    replaced: tuple[str, ...]  # same name, the file's content taken
    kept: tuple[str, ...]  # same name, ours kept


def drafts_of(catalog: ArchetypeCatalog) -> list[ArchetypeDraft]:
    return [ArchetypeDraft.of(a) for a in catalog.archetypes]


def build_catalog(drafts: Sequence[ArchetypeDraft]) -> ArchetypeCatalog:
    """The working copy as a catalog, or ValueError saying what is wrong (in the GM's words)."""
    archetypes = []
    for i, draft in enumerate(drafts, start=1):
        name = draft.name.strip()
        if not name:
            raise ValueError(Message("{0} 番目の類型の名前が空です", i))
        # Archetype refuses ラスボス itself; ArchetypeCatalog refuses duplicate names.
        archetypes.append(
            Archetype(
                name=name,
                description=draft.description,
                impression=draft.impression,
                bond_guidance=draft.bond_guidance,
                abilities=tuple(replace(a, name=a.name.strip()) for a in draft.abilities),
            )
        )
    return checked(ArchetypeCatalog(tuple(archetypes)))


def checked(catalog: ArchetypeCatalog) -> ArchetypeCatalog:
    """`catalog` as it will read back from the campaign (lengths, ranges), or ValueError."""
    document = catalog_to_document(catalog)
    try:
        return catalog_from_document(document)
    except ValidationError as e:
        raise ValueError(describe_catalog_error(e, document)) from None


def describe_catalog_error(error: ValidationError, document: Any) -> str:
    """The first problem as 「類型「狩猟者」の幻想能力2の必要幻想値: 0 以上…」, plus how many more."""
    errors = error.errors(include_url=False)
    first = errors[0]
    loc = first.get("loc", ())
    # the whole catalog (duplicate names, no location): the problem says it all
    message = describe_error({**first, "loc": ()}, _where(loc, document)) if loc else describe_problem(first)
    if len(errors) > 1:
        message = Message("{0}（ほか {1} 件）", message, len(errors) - 1)
    return message


def _where(loc: Sequence[str | int], document: Any) -> str:
    """A pydantic location (archetypes, 0, abilities, 1, required) named the way the editor shows it."""
    parts = list(loc)
    if parts[0] != "archetypes":
        return Message("類型カタログの項目「{0}」", str(parts[0])[:40])
    if len(parts) == 1 or not isinstance(parts[1], int):
        return Message("類型の一覧")
    index = parts[1]
    text = Message("{0} 番目の類型", index + 1)
    rows = document.get("archetypes") if isinstance(document, Mapping) else None
    if isinstance(rows, list) and index < len(rows) and isinstance(rows[index], Mapping):
        name = rows[index].get("name")
        if isinstance(name, str) and 0 < len(name) <= 60:
            text = Message("類型「{0}」", name)
    rest = parts[2:]
    if rest[:1] == ["abilities"]:
        rest = rest[1:]
        if rest and isinstance(rest[0], int):
            text = Message("{0}の幻想能力{1}", text, rest[0] + 1)
            rest = rest[1:]
        else:
            text = Message("{0}の幻想能力", text)
    if rest:
        key = str(rest[0])
        field = Message(_FIELD_LABELS[key]) if key in _FIELD_LABELS else Message("項目「{0}」", key[:40])
        text = Message("{0}の{1}", text, field)
    return text


def _cannot_read(path: Path, problem: str) -> CatalogFileError:
    return CatalogFileError(Message("「{0}」を読み込めません: {1}", path.name, problem))


def _read_bytes(path: Path) -> bytes:
    try:
        info = path.stat()
    except FileNotFoundError:
        raise _cannot_read(path, Message("ファイルが見つかりません")) from None
    except OSError as e:
        raise _cannot_read(path, Message("ファイルを開けません（{0}）", e.strerror or e)) from None
    if not path.is_file():
        raise _cannot_read(path, Message("通常のファイルではありません"))
    # Size first: a 50 MB "catalog" is refused without being read into memory.
    if info.st_size > MAX_FILE_BYTES:
        raise _cannot_read(path, _too_big(info.st_size))
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise _cannot_read(path, Message("ファイルを読めません（{0}）", e.strerror or e)) from None
    if len(raw) > MAX_FILE_BYTES:  # the file grew after stat()
        raise _cannot_read(path, _too_big(len(raw)))
    return raw


def _too_big(size: int) -> str:
    return Message("ファイルが大きすぎます（{0:.1f} MB、上限 {1} MB）", size / _MB, MAX_FILE_BYTES // _MB)


def _body_problem(document: Any) -> str | None:
    """The body's first problem in Japanese (the engine's message quotes pydantic's English)."""
    if not isinstance(document, Mapping):
        return None
    if document.get("format") != EXPORT_FORMAT or document.get("version") != EXPORT_VERSION:
        return None
    body = {k: v for k, v in document.items() if k not in ("format", "version")}
    try:
        catalog_from_document(body)
    except ValidationError as e:
        return Message("類型カタログの内容が正しくありません: {0}", describe_catalog_error(e, body))
    return None


class SengenshoCatalogModel(QObject):
    changed = Signal()  # the stored catalog changed: save, import, reset, undo, redo

    def __init__(self, campaign_model: CampaignModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        campaign_model.session_changed.connect(self._on_session_changed)

    # ---- reading --------------------------------------------------------------------------
    def catalog(self) -> ArchetypeCatalog:
        """The catalog in force: the campaign's, or the shipped one (also when the stored one is bad)."""
        return read_catalog(self.campaign_model)[0]

    def problem(self) -> str | None:
        """Why the stored catalog cannot be used, or None."""
        return read_catalog(self.campaign_model)[1]

    def is_shipped(self) -> bool:
        """True while the GM has never saved a catalog (or reset to the shipped one)."""
        return self._stored() is None

    def in_use(self, name: str) -> list[str]:
        """Names of the 千幻抄 characters whose 類型 include `name`, in list order."""
        return [
            s.character.name or "（名前なし）"
            for s in self.campaign_model.characters_of(SYSTEM_ID)
            if name in s.character.archetypes
        ]

    def lost_on_reset(self) -> list[tuple[str, list[str]]]:
        """(類型, the characters using it) for each 類型 a reset to the shipped catalog would remove
        that a character still has, in catalog order."""
        shipped = set(shipped_catalog().names())
        lost = ((name, self.in_use(name)) for name in self.catalog().names() if name not in shipped)
        return [(name, users) for name, users in lost if users]

    # ---- changing (each one undo step) ------------------------------------------------------
    def save(self, catalog: ArchetypeCatalog, text: str | None = None) -> bool:
        """Stores `catalog` (ValueError saying what is wrong); False when it is what is stored.
        `text` names the undo step (「類型カタログの編集」 unless said)."""
        catalog = checked(catalog)
        document = catalog_to_document(catalog)
        stored = self._stored()
        if document == stored or (stored is None and catalog == shipped_catalog()):
            return False
        self.campaign_model.set_session_value(CATALOG_KEY, document, text or self.tr("類型カタログの編集"))
        return True

    def reset_to_shipped(self) -> bool:
        """Back to the shipped catalog (狩猟者, 芸術家, all empty); False when nothing was stored."""
        if self._stored() is None:
            return False
        self.campaign_model.set_session_value(CATALOG_KEY, None, self.tr("類型カタログを出荷時に戻す"))
        return True

    # ---- files --------------------------------------------------------------------------------
    def export_to(self, path: str | os.PathLike[str]) -> None:
        """Writes the stored catalog as UTF-8 JSON, atomically; CatalogFileError with the reason."""
        target = Path(path)
        problem = self.problem()
        if problem:
            # The catalog in force is then the shipped stand-in: writing it would pass it off as the GM's.
            raise CatalogFileError(Message("「{0}」に書き出せません: {1}", target.name, problem))
        text = json.dumps(export_document(self.catalog()), ensure_ascii=False, indent=2, allow_nan=False)
        content = (text + "\n").encode("utf-8")
        if len(content) > MAX_FILE_BYTES:  # import would refuse it: refuse now
            raise CatalogFileError(
                Message("「{0}」に書き出せません: {1}", target.name, _too_big(len(content)))
            )
        try:
            atomic_write_bytes(target, content)
        except OSError as e:
            raise CatalogFileError(
                Message("「{0}」に書き出せません: {1}", target.name, e.strerror or e)
            ) from None

    def read_import(self, path: str | os.PathLike[str]) -> ArchetypeCatalog:
        """The catalog in an export file the user chose; CatalogFileError naming the file and problem."""
        source = Path(path)
        raw = _read_bytes(source)
        if raw.startswith(codecs.BOM_UTF8):  # Windows editors add one; it carries no data
            raw = raw[len(codecs.BOM_UTF8) :]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise _cannot_read(
                source, Message("UTF-8 のテキストではありません（{0} バイト目）", e.start)
            ) from None
        try:
            document = parse_json(text)
        except StoreError as e:
            raise _cannot_read(source, e.problem) from None
        try:
            return import_document(document)
        except CatalogFileError as e:
            raise _cannot_read(source, _body_problem(document) or str(e)) from None

    def import_catalog(self, incoming: ArchetypeCatalog, replace_existing: bool) -> ImportSummary:
        """Merges `incoming` into the catalog in force as one undo step (ValueError: nothing changed)."""
        current = self.catalog()
        ours = set(current.names())
        same = tuple(n for n in incoming.names() if n in ours)
        summary = ImportSummary(
            added=tuple(n for n in incoming.names() if n not in ours),
            replaced=same if replace_existing else (),
            kept=() if replace_existing else same,
        )
        self.save(current.merged(incoming, replace_existing), self.tr("類型カタログのインポート"))
        return summary

    def import_from(self, path: str | os.PathLike[str], replace_existing: bool) -> ImportSummary:
        return self.import_catalog(self.read_import(path), replace_existing)

    # ---- internals ---------------------------------------------------------------------------
    def _stored(self) -> Any:
        try:
            return self.campaign_model.session_value(CATALOG_KEY)
        except StoreError:
            return object()  # unreadable: never equal to a document, never "nothing stored"

    def _on_session_changed(self, key: str) -> None:
        if key == CATALOG_KEY:
            self.changed.emit()
