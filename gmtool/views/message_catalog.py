"""Engine, store and model messages translated where they are shown.

The engine (``gmtool.rules``) and the store have no Qt: their refusals and problems are Japanese
f-strings (``f"{p.name}はこのラウンドにもう{label}アクションを行ないました"``), which ``tr()``
cannot reach.  ``packaging/messages_extract.py`` turns each into a template with numbered
placeholders (``"{0}はこのラウンドにもう{1}アクションを行ないました"``) in
``resources/i18n/messages_ja.json``; ``resources/i18n/messages_en.json`` maps a template to its
English.  A shown message is matched against the Japanese templates (each compiled to an anchored
regular expression, placeholders as non-greedy groups), and the English is filled with the values
found — each value translated too, once, since a message may embed another one
(``"{0}: {1}"`` around an engine refusal).  Nothing matches: the text is shown as it is.

Pure Python (no Qt): ``install(lang)`` is called by ``gmtool.app.i18n.install_translation``.  It
lives with the views, which show the messages (``gmtool.views.widgets.show_refusal``,
``shown_message``) and never import ``gmtool.app``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import overload

from gmtool.resources import resource_path

_FIELD = re.compile(r"\{\{|\}\}|\{(\d+)\}")
# Where a prefix already translated by tr() may end ("Cannot save this (<engine message>)")
_SEPARATORS = re.compile(r": |：|（|\(")
_CLOSERS = ")）"


def _chunks(template: str) -> list[str | int]:
    """A template as literal strings and placeholder numbers (``{{``/``}}`` are literal braces)."""
    out: list[str | int] = []
    position = 0
    literal = ""
    for match in _FIELD.finditer(template):
        literal += template[position : match.start()]
        if match.group(1) is None:
            literal += match.group()[0]
        else:
            if literal:
                out.append(literal)
            literal = ""
            out.append(int(match.group(1)))
        position = match.end()
    literal += template[position:]
    if literal:
        out.append(literal)
    return out


_WORD = re.compile(r"[\u3040-\u30ff\u3400-\u9fffA-Za-z]")
_PAIRS = {"（": "）", "(": ")", "「": "」", "《": "》", "【": "】", "[": "]"}
_CLOSING = frozenset(_PAIRS.values())


def _balanced(value: str) -> bool:
    """Brackets in a captured value open and close in order (a value never cuts a bracket pair)."""
    if not any(c in _PAIRS or c in _CLOSING for c in value):
        return True
    stack: list[str] = []
    for c in value:
        if c in _PAIRS:
            stack.append(_PAIRS[c])
        elif c in _CLOSING:
            if not stack or stack.pop() != c:
                return False
    return not stack


def placeholders(template: str) -> list[int]:
    return sorted(c for c in _chunks(template) if isinstance(c, int))


class _Entry:
    __slots__ = ("english", "generic", "order", "regex", "suffix", "weight")

    def __init__(self, japanese: list[str | int], english: list[str | int]) -> None:
        # two placeholders side by side ("（{1}{2}枚）"): the first is a word, the second a number
        pattern = "".join(
            re.escape(c)
            if isinstance(c, str)
            else r"(\D+)"
            if i + 1 < len(japanese) and isinstance(japanese[i + 1], int)
            else "(.+?)"
            for i, c in enumerate(japanese)
        )
        self.regex = re.compile(r"\A" + pattern + r"\Z", re.DOTALL)
        self.order = [c for c in japanese if isinstance(c, int)]  # placeholder of each group
        self.english = english
        self.weight = sum(len(c) for c in japanese if isinstance(c, str))  # literal length
        self.suffix = japanese[-1] if isinstance(japanese[-1], str) else ""
        # only punctuation around the values ("{0}: {1}", "{0}（{1}）"): not a message of its own
        self.generic = not any(_WORD.search(c) for c in japanese if isinstance(c, str))


class MessageCatalog:
    """Japanese templates → English templates, matched against whole messages."""

    def __init__(self, translations: Mapping[str, str]) -> None:
        self._by_prefix: dict[str, list[_Entry]] = {}
        self._loose: list[tuple[str, _Entry]] = []  # templates starting with a placeholder
        for japanese, english in translations.items():
            if not english:
                continue
            chunks = _chunks(japanese)
            if not any(isinstance(c, str) for c in chunks):
                continue  # "{0}" alone says nothing
            entry = _Entry(chunks, _chunks(english))
            if isinstance(chunks[0], str):
                self._by_prefix.setdefault(chunks[0], []).append(entry)
            else:
                first = next(c for c in chunks if isinstance(c, str))
                self._loose.append((first, entry))
        self._lengths = sorted({len(p) for p in self._by_prefix}, reverse=True)
        self.translate = lru_cache(maxsize=4096)(self._translate)

    def __len__(self) -> int:
        return sum(len(v) for v in self._by_prefix.values()) + len(self._loose)

    def _candidates(self, text: str) -> list[_Entry]:
        found = [e for n in self._lengths if n <= len(text) for e in self._by_prefix.get(text[:n], ())]
        found += [e for first, e in self._loose if first in text and text.endswith(e.suffix)]
        found.sort(key=lambda e: -e.weight)  # the most specific (longest literal text) first
        return found

    def _whole(self, text: str, depth: int) -> str | None:
        for entry in self._candidates(text):
            match = entry.regex.match(text)
            if match is None or not all(map(_balanced, match.groups())):
                continue  # a value cut across brackets: the wrong template ("…（{0}）" inside "…（…）（…）")
            values: dict[int, str] = {}
            for number, value in zip(entry.order, match.groups(), strict=True):
                values[number] = self._translate(value, depth + 1) if depth < 2 else value
            if (
                depth > 0
                and entry.generic
                and all(v == g for v, g in zip(values.values(), match.groups(), strict=True))
            ):
                continue  # "{0}（{1}）" around nothing translatable: a name such as 「第1（東）」, kept
            return "".join(c if isinstance(c, str) else values.get(c, "") for c in entry.english)
        return None

    def _translate(self, text: str, depth: int = 0) -> str:
        if not text:
            return text
        whole = self._whole(text, depth)
        if whole is not None:
            return whole
        if depth == 0:
            # a frame the view translated itself ("Cannot read …: <engine message>", "… (<message>)")
            for match in _SEPARATORS.finditer(text):
                start = match.end()
                ends = [len(text)]
                if text[-1:] in _CLOSERS:
                    ends.append(len(text) - 1)
                for end in ends:
                    translated = self._whole(text[start:end], depth + 1)
                    if translated is not None:
                        return text[:start] + translated + text[end:]
        return text


def load(path: Path | str) -> MessageCatalog:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return MessageCatalog(data)


def catalog_path(lang: str = "en") -> Path:
    return Path(resource_path("i18n", f"messages_{lang}.json"))


_active: MessageCatalog | None = None
_still_active: Callable[[], bool] | None = None


def install(lang: str, still_active: Callable[[], bool] | None = None) -> bool:
    """Translate messages into *lang* from now on (``"ja"``: shown as written).

    *still_active* ties the catalog to something else's life: ``install_translation`` passes
    "is Qt's English catalog still installed?", so removing that translator (tests do) turns the
    message catalog off too.
    """
    global _active, _still_active
    _active, _still_active = None, None
    if lang == "ja":
        return True
    path = catalog_path(lang)
    if not path.exists():
        return False
    _active, _still_active = load(path), still_active
    return True


def translate_message(text: str) -> str:
    """*text* in the UI language: the English of a known engine message, else *text* itself."""
    if _active is None or not isinstance(text, str) or (_still_active is not None and not _still_active()):
        return text
    return _active.translate(text)


@overload
def shown_message(text: str) -> str: ...
@overload
def shown_message(text: None) -> None: ...
@overload
def shown_message(text: str | None) -> str | None: ...
def shown_message(text: str | None) -> str | None:
    """A message about to be shown (problem label, refusal box), in the UI language."""
    return None if text is None else translate_message(text)
