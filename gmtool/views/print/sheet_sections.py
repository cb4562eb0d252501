"""The printed sheet's sections as HTML: every field of the character, its computed values and checks.

The walk is generic over the character dataclass (GCS: recalculate everything, then show it all), so
a field a system adds later prints without code here; MTG decks get a card table of their own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from html import escape
from typing import Any

from PySide6.QtCore import QCoreApplication

from gmtool.rules.checks import CheckKind
from gmtool.views.print.parts import COMMON_PARTS, PrintParts
from gmtool.views.print.sheet_labels import column_label, label

GRID_PAIRS = 4  # label/value pairs per row in the computed-values and checks grids


def _tr(text: str) -> str:
    return QCoreApplication.translate("SheetPrint", text)


def value_text(value: Any) -> str:
    """One value as plain text (not yet escaped)."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _tr("はい") if value else _tr("いいえ")
    if isinstance(value, Enum):
        return str(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _card_text(value) if _is_card(value) else _compact(value)
    if isinstance(value, Mapping):
        return _tr("、").join(f"{k}: {value_text(v)}" for k, v in value.items()) or _tr("（なし）")
    if isinstance(value, tuple | list | frozenset | set):
        return _tr("、").join(value_text(v) for v in value) or _tr("（なし）")
    return str(value)


def shown_value(parts: PrintParts, key: str, value: Any) -> str:
    """A field's value as the system names it: a stored id (フォーカード's "female", LotR's "dwarf")
    prints as its term, a list of ids as their terms; anything else as `value_text` writes it."""
    if parts.value_name is None:
        return value_text(value)
    if isinstance(value, str | Enum):
        name = parts.value_name(key, value.value if isinstance(value, Enum) else value)
        return value_text(value) if name is None else name
    if isinstance(value, tuple | list) and value and all(isinstance(v, str | Enum) for v in value):
        return _tr("、").join(shown_value(parts, key, v) for v in value)
    if _is_record_tuple(
        value
    ):  # records inside a record (LotR's advancement picks), as the system writes them
        texts = [parts.value_name(key, v) for v in value]
        if all(t is not None for t in texts):
            return _tr("、").join(t for t in texts if t is not None)
    if value is None:
        name = parts.value_name(key, None)
        return value_text(value) if name is None else name
    return value_text(value)


def _compact(value: Any) -> str:
    return "、".join(f"{f.name}={value_text(getattr(value, f.name))}" for f in dataclasses.fields(value))


def _is_card(value: Any) -> bool:
    return type(value).__name__ == "Card" and hasattr(value, "mana_value")


def _card_text(card: Any) -> str:
    return f"《{card.name_ja}》 {card.name}" if card.name_ja else card.name


def _cell(text: str, header: bool = False) -> str:
    tag = "th" if header else "td"
    return f"<{tag}>{escape(text).replace(chr(10), '<br/>')}</{tag}>"


def table(rows: Iterable[Sequence[str]], headers: Sequence[str] = ()) -> str:
    out = ['<table class="grid" border="1" width="100%" cellspacing="0" cellpadding="3">']
    if headers:
        # <thead>: Qt repeats the header row at the top of each page the table continues on
        out.append("<thead><tr>" + "".join(_cell(h, header=True) for h in headers) + "</tr></thead>")
    for row in rows:
        out.append("<tr>" + "".join(_cell(c) for c in row) + "</tr>")
    out.append("</table>")
    return "".join(out)


def pair_grid(pairs: Sequence[tuple[str, str]], per_row: int = GRID_PAIRS) -> str:
    """label | value cells, several pairs to a row, so long lists fit the page."""
    out = ['<table class="grid" border="1" width="100%" cellspacing="0" cellpadding="3">']
    for start in range(0, len(pairs), per_row):
        chunk = list(pairs[start : start + per_row])
        chunk += [("", "")] * (per_row - len(chunk))
        out.append("<tr>" + "".join(_cell(k, header=True) + _cell(v) for k, v in chunk) + "</tr>")
    out.append("</table>")
    return "".join(out)


def heading(text: str) -> str:
    return f"<h2>{escape(text)}</h2>"


def _is_record_tuple(value: Any) -> bool:
    return isinstance(value, tuple) and bool(value) and all(dataclasses.is_dataclass(v) for v in value)


def _records_table(parts: PrintParts, field: str, records: tuple[Any, ...]) -> str:
    if type(records[0]).__name__ == "DeckEntry":
        return deck_table(records, parts)
    names = [f.name for f in dataclasses.fields(records[0])]
    rows = [[shown_value(parts, n, getattr(r, n, None)) for n in names] for r in records]
    return table(rows, [column_label(parts, field, n) for n in names])


def _color_name(code: str) -> str:
    names = {"W": _tr("白"), "U": _tr("青"), "B": _tr("黒"), "R": _tr("赤"), "G": _tr("緑")}
    return names.get(code, code)


def deck_table(entries: Sequence[Any], parts: PrintParts = COMMON_PARTS) -> str:
    """The MTG deck list: count, card, mana value, colors, types, keywords, クリティカル copies; a card
    by the name its system's `value_name("card", card)` gives (the UI language's), else both names."""
    headers = [
        _tr("枚数"),
        _tr("カード"),
        _tr("マナ総量"),
        _tr("色"),
        _tr("タイプ"),
        _tr("キーワード"),
        _tr("クリティカル"),
    ]
    rows = []
    for entry in entries:
        card = entry.card
        colors = "".join(_color_name(str(getattr(c, "value", c))) for c in card.colors) or _tr("無色")
        types = " ".join((*card.supertypes, *card.types)) + (
            f" — {' '.join(card.subtypes)}" if card.subtypes else ""
        )
        keywords = " ".join(card.keywords)
        name = parts.value_name("card", card) if parts.value_name is not None else None
        cells = [str(entry.count), name or _card_text(card), str(card.mana_value), colors, types, keywords]
        rows.append([*cells, str(entry.critical)])
    total = sum(entry.count for entry in entries)
    rows.append([str(total), _tr("合計"), "", "", "", "", str(sum(entry.critical for entry in entries))])
    return table(rows, headers)


def character_sections(parts: PrintParts, character: Any) -> str:
    """Every field of the character dataclass but the notes: plain values first, then groups and lists."""
    plain: list[tuple[str, str]] = []
    blocks: list[str] = []
    for field in dataclasses.fields(character):
        value = getattr(character, field.name)
        title = label(parts, field.name)
        if field.name == "notes":
            continue
        if dataclasses.is_dataclass(value):
            sub = [f.name for f in dataclasses.fields(value)]
            row = [shown_value(parts, n, getattr(value, n)) for n in sub]
            blocks.append(heading(title) + table([row], [column_label(parts, field.name, n) for n in sub]))
        elif _is_record_tuple(value):
            blocks.append(
                heading(_tr("{0}（{1}）").format(title, len(value)))
                + _records_table(parts, field.name, value)
            )
        elif isinstance(value, tuple) and not value and _holds_records(field):
            blocks.append(heading(title) + f"<p>{escape(_tr('（なし）'))}</p>")
        else:
            plain.append((title, shown_value(parts, field.name, value)))
    return heading(_tr("基本情報")) + pair_grid(plain, per_row=2) + "".join(blocks)


def notes_section(parts: PrintParts, character: Any) -> str:
    notes = str(getattr(character, "notes", "") or "")
    if not notes:
        return ""
    return heading(label(parts, "notes")) + f"<p>{escape(notes).replace(chr(10), '<br/>')}</p>"


def _holds_records(field: dataclasses.Field[Any]) -> bool:
    """An empty tuple field whose items are records: shown as its own (empty) section."""
    return any(word in str(field.type) for word in ("Entry", "Feat", "Skill", "Equipment", "Bond", "Advance"))


def derived_section(parts: PrintParts, derived: Mapping[str, Any]) -> str:
    if not derived:
        return ""
    pairs = [(label(parts, k), value_text(v)) for k, v in derived.items()]
    return heading(_tr("計算値")) + pair_grid(pairs)


def check_name(kind: CheckKind, parts: PrintParts = COMMON_PARTS) -> str:
    """The check's name as the system gives it (else its label, translated as the judgement panel
    shows it): 「理知」, 「Appraise」."""
    return parts.check_name(kind) if parts.check_name else _tr(kind.label)


def check_name_and_group(kind: CheckKind, parts: PrintParts) -> str:
    """「理知（能力値）」."""
    name = check_name(kind, parts)
    return name + (_tr("（{0}）").format(_tr(kind.group)) if kind.group else "")


def checks_section(kinds: Sequence[CheckKind], parts: PrintParts = COMMON_PARTS) -> str:
    """Each check with its 判定値; a system whose checks have none lists them by name."""
    if not kinds:
        return ""
    names = [check_name_and_group(k, parts) for k in kinds]
    if not parts.check_values:
        return heading(_tr("判定")) + f"<p>{escape('、'.join(names))}</p>"
    pairs = [(name, str(k.value)) for name, k in zip(names, kinds, strict=True)]
    return heading(_tr("判定値")) + pair_grid(pairs, per_row=3)
