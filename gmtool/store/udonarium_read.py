"""Reads Udonarium characters back: a character ZIP (``data.xml`` and its images), a room save
(``<room>`` holding ``<character>`` pieces) or a bare character XML, into `UdonariumCharacter`s.

The files come from other people, so reading is bounded and never trusts them: the file's size,
the ZIP's entry count and each XML's unpacked size are capped (the sizes a ZIP declares are not
believed: every entry is read with a cap), only ``*.xml`` entries are unpacked, and the XML is
parsed with defusedxml: a DTD, an entity declaration or an external reference is refused.
What Udonarium itself reads is described in gmtool.store.udonarium.
"""

from __future__ import annotations

import io
import os
import zipfile
import zlib
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException, DTDForbidden, EntitiesForbidden
from defusedxml.ElementTree import fromstring

from gmtool.rules.message import Message
from gmtool.store.errors import StoreError
from gmtool.store.files import read_limited
from gmtool.store.udonarium import GENERIC_DICEBOT, SHEET_NAME, UdonariumCharacter

MiB = 1024 * 1024
MAX_FILE_BYTES = 64 * MiB  # a room save carries its images (Udonarium takes up to 2 MB each)
MAX_ENTRIES = 1000
MAX_XML_BYTES = 8 * MiB  # one XML entry, unpacked
MAX_TOTAL_XML_BYTES = 32 * MiB
MAX_CHARACTERS = 500
MAX_DEPTH = 32  # nested <data> groups; Udonarium's own are 4 deep


def read_udonarium(path: str | os.PathLike[str]) -> list[UdonariumCharacter]:
    """The characters in a file; StoreError naming the file and what is wrong with it."""
    target = Path(path)
    data = read_limited(target, MAX_FILE_BYTES, StoreError)  # a FIFO or a device is refused, not read
    try:
        return read_udonarium_bytes(data, zipped=target.suffix.lower() == ".zip")
    except StoreError as error:
        raise StoreError(error.problem, target) from None


def read_udonarium_bytes(data: bytes, zipped: bool = False) -> list[UdonariumCharacter]:
    """The characters in a file's bytes; `zipped` when its name says ZIP (``.zip``), which a text
    file renamed is not: that is said, not that its text is not XML."""
    if len(data) > MAX_FILE_BYTES:
        raise StoreError(_too_big(len(data), MAX_FILE_BYTES))
    if data[:4] == b"PK\x03\x04" or data[:4] == b"PK\x05\x06":
        documents = _zip_documents(data)
    elif zipped:
        raise StoreError(
            Message("ZIP ファイルではありません（名前は .zip ですが、中身は ZIP の形式ではありません）")
        )
    else:
        documents = [("", data)]
    characters: list[UdonariumCharacter] = []
    for name, xml in documents:
        characters.extend(_characters(_parse(name, xml), name))
        if len(characters) > MAX_CHARACTERS:
            raise StoreError(Message("キャラクターが多すぎます（{0}人まで）", MAX_CHARACTERS))
    if not characters:
        raise StoreError(Message("Udonarium のキャラクター（<character> 要素）がありません"))
    return characters


def _too_big(size: int, limit: int) -> Message:
    return Message("ファイルが大きすぎます（{0} MB、上限 {1} MB）", round(size / MiB, 1), limit // MiB)


# ---- the ZIP ----------------------------------------------------------------------------------


def _zip_documents(data: bytes) -> list[tuple[str, bytes]]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
        if len(infos) > MAX_ENTRIES:
            raise StoreError(
                Message("ZIP の中のファイルが多すぎます（{0} 個、上限 {1} 個）", len(infos), MAX_ENTRIES)
            )
        documents = []
        total = 0
        for info in infos:
            if info.is_dir() or not info.filename.lower().endswith(".xml"):
                continue  # images and sounds: gmtool keeps no pictures
            if info.flag_bits & 0x1:
                raise StoreError(Message("パスワード付きの ZIP は読めません"))
            xml = _read_capped(archive, info)
            total += len(xml)
            if total > MAX_TOTAL_XML_BYTES:
                raise StoreError(
                    Message(
                        "ZIP の中の XML が大きすぎます（合わせて {0} MB まで）", MAX_TOTAL_XML_BYTES // MiB
                    )
                )
            documents.append((info.filename, xml))
    except zipfile.BadZipFile as error:
        raise StoreError(Message("ZIP ファイルが壊れています（{0}）", str(error)[:80])) from None
    except NotImplementedError as error:  # a compression method zipfile lacks (e.g. deflate64)
        raise StoreError(Message("この ZIP の圧縮方式は読めません（{0}）", str(error)[:80])) from None
    except (OSError, EOFError, zlib.error) as error:
        raise StoreError(Message("ZIP ファイルを読めません（{0}）", str(error)[:80])) from None
    if not documents:
        raise StoreError(
            Message("ZIP の中に XML ファイルがありません（Udonarium の保存データではありません）")
        )
    return documents


def _read_capped(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """The entry's bytes, never more than the cap even when the ZIP lies about the size."""
    if info.file_size > MAX_XML_BYTES:
        raise StoreError(_entry_too_big(info.filename))
    with archive.open(info) as entry:
        data = entry.read(MAX_XML_BYTES + 1)
    if len(data) > MAX_XML_BYTES:
        raise StoreError(_entry_too_big(info.filename))
    return data


def _entry_too_big(name: str) -> Message:
    return Message("ZIP の中の「{0}」が大きすぎます（展開して {1} MB まで）", name[:60], MAX_XML_BYTES // MiB)


# ---- the XML ----------------------------------------------------------------------------------


def _parse(name: str, xml: bytes) -> Element:
    where = Message("「{0}」: ", name[:60]) if name else ""
    if len(xml) > MAX_XML_BYTES:
        raise StoreError(Message("{0}XML が大きすぎます（{1} MB まで）", where, MAX_XML_BYTES // MiB))
    try:
        return fromstring(xml, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DTDForbidden:
        # Udonarium writes no DTD (SaveDataService.convertToXml): one here was put in by someone else.
        raise StoreError(Message("{0}DTD（<!DOCTYPE …>）を含む XML は安全のため読みません", where)) from None
    except EntitiesForbidden:
        raise StoreError(
            Message("{0}実体宣言（<!ENTITY …>）を含む XML は安全のため読みません", where)
        ) from None
    except DefusedXmlException:
        raise StoreError(Message("{0}外部を参照する XML は安全のため読みません", where)) from None
    except ParseError as error:
        raise StoreError(Message("{0}XML として正しくありません（{1}）", where, str(error)[:120])) from None


def _characters(root: Element, name: str) -> list[UdonariumCharacter]:
    if root.tag == "character":
        return [_character(root, name)]
    # A room save (data.xml of ルームデータ_*.zip): its pieces are the root's children.
    return [_character(child, name) for child in root if child.tag == "character"]


def _child(parent: Element | None, name: str) -> Element | None:
    if parent is None:
        return None
    return next((c for c in parent if c.tag == "data" and c.get("name") == name), None)


def _character(element: Element, source: str) -> UdonariumCharacter:
    body = _child(element, "character")
    name_element = _child(_child(body, "common"), "name")
    if name_element is None:
        where = Message("「{0}」: ", source[:60]) if source else ""
        raise StoreError(Message("{0}キャラクターに名前（common の name）がありません", where))
    resources: list[tuple[str, int, int]] = []
    params: list[tuple[str, str]] = []
    notes: list[tuple[str, str]] = []
    _walk(_child(body, "detail"), resources, params, notes, 0)
    palette = next((c for c in element if c.tag == "chat-palette"), None)
    # gmtool's own export carries its sheet as a note (gmtool.store.udonarium): not a note to keep.
    sheet = next((text for label, text in notes if label == SHEET_NAME), "")
    notes = [(label, text) for label, text in notes if label != SHEET_NAME]
    return UdonariumCharacter(
        name=(name_element.text or "").strip(),
        resources=tuple(resources),
        params=tuple(params),
        notes=tuple(notes),
        palette=(palette.text or "") if palette is not None else "",
        dicebot=(palette.get("dicebot") or GENERIC_DICEBOT) if palette is not None else GENERIC_DICEBOT,
        sheet=sheet,
    )


def _walk(
    group: Element | None,
    resources: list[tuple[str, int, int]],
    params: list[tuple[str, str]],
    notes: list[tuple[str, str]],
    depth: int,
) -> None:
    """Every leaf under `detail`, whatever groups hold it (Udonarium lets the user nest them)."""
    if group is None:
        return
    if depth > MAX_DEPTH:
        raise StoreError(Message("データの入れ子が深すぎます（{0} 段まで）", MAX_DEPTH))
    for leaf in group:
        if leaf.tag != "data":
            continue
        if len(leaf):
            _walk(leaf, resources, params, notes, depth + 1)
            continue
        label, kind, text = leaf.get("name", ""), leaf.get("type", ""), leaf.text or ""
        if kind == "numberResource":
            resources.append((label, _number(leaf.get("currentValue", "")), _number(text)))
        elif kind == "note":
            notes.append((label, text))
        elif not kind:  # other types (an image, a URL…) are not values
            params.append((label, text.strip()))


def _number(text: str) -> int:
    """Udonarium keeps any text in a gauge (it shows what is not a number as it is): 0 here."""
    try:
        return int(float(text.strip()))
    except (ValueError, OverflowError):
        return 0
