"""Engine, store and model messages shown in the UI language.

The engine (``gmtool.rules``) and the store have no Qt, so their refusals and problems cannot go
through ``tr()``: they are ``gmtool.rules.message.Message`` objects — the Japanese text, keeping
its template (the message's id, e.g. ``"{0}はこのラウンドにもう{1}アクションを行ないました"``) and
its values.  ``resources/i18n/messages_en.json`` maps each template to its English (same
placeholders, in any order); ``packaging/messages_extract.py`` lists the templates in
``resources/i18n/messages_ja.json``.

Showing a Message in English: the English template of its id, filled with its values, each value
shown the same way — a value that is a Message (``Message("メジャー")``, a refusal inside
``Message("{0}: {1}", name, refusal)``) is translated, a plain string that is exactly a message
without values is looked up whole, anything else (a name, a number) is kept.  A template without
English falls back to the Japanese one (``tests/test_message_catalog.py`` fails on it).  A text
that is not a Message is shown as it is, unless it is exactly a message without values.  Lookups
only: nothing is matched against patterns.

A view that frames a message with its own ``tr()`` text translates the message first:
``self.tr("…を読めません: {0}").format(shown_message(str(error)))``.

Pure Python (no Qt): ``install(lang)`` is called by ``gmtool.app.i18n.install_translation``.  It
lives with the views, which show the messages (``gmtool.views.widgets.show_refusal``,
``shown_message``) and never import ``gmtool.app``.
"""

from __future__ import annotations

import json
import string
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, overload

from gmtool.resources import resource_path
from gmtool.rules.message_types import Message


def placeholders(template: str) -> list[str]:
    """The fields of a ``str.format`` template, sorted (``"{1}は{0:+d}"`` → ``["0:+d", "1"]``)."""
    fields = []
    for _, name, spec, conversion in string.Formatter().parse(template):
        if name is not None:
            fields.append(name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else ""))
    return sorted(fields)


class MessageCatalog:
    """Templates (the Japanese ids) → templates in another language."""

    def __init__(self, translations: Mapping[str, str]) -> None:
        self._templates = {source: text for source, text in translations.items() if text}
        # messages without values, as shown: a plain string equal to one is that message
        self._whole: dict[str, str] = {}
        for source, text in self._templates.items():
            if not placeholders(source):
                try:
                    self._whole[source.format()] = text.format()
                except (IndexError, KeyError, ValueError):
                    continue

    def __len__(self) -> int:
        return len(self._templates)

    def __contains__(self, template: object) -> bool:
        return template in self._templates

    def translate(self, text: str) -> str:
        """*text* in this catalog's language (a plain string not known whole: as it is)."""
        if isinstance(text, Message):
            return self._message(text)
        return self._whole.get(text, text) if isinstance(text, str) else text

    def _message(self, message: Message) -> str:
        template = self._templates.get(message.template, message.template)
        args = [self._value(value) for value in message.args]
        kwargs = {name: self._value(value) for name, value in message.kwargs.items()}
        try:
            return template.format(*args, **kwargs)
        except (IndexError, KeyError, ValueError, TypeError):
            return str.__str__(message)  # a translation that does not fit its values: the Japanese

    def _value(self, value: Any) -> Any:
        return self.translate(value) if isinstance(value, str) else value


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


def active() -> bool:
    """Whether messages are translated now (a catalogue other than Japanese is installed and still in
    force): the CLI, which has no Qt, asks this to choose between two data (a name with its gloss)."""
    return _active is not None and (_still_active is None or _still_active())


def translate_message(text: str) -> str:
    """*text* in the UI language: a Message translated, a known message without values too, else
    *text* itself."""
    if _active is None or not isinstance(text, str) or not active():
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
