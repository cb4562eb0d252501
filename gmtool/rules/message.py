"""Messages keyed at the source: a refusal's Japanese text that remembers its template and values.

The engine and the store have no Qt, so their refusals and problems cannot go through ``tr()``.
They are written as ``Message(template, *values)`` instead::

    raise BattleRefused(Message("{0}はこのラウンドにもう{1}アクションを行ないました", p.name, label))

A ``Message`` *is* the Japanese text (a ``str``: ``template.format(*values)``), so everything that
compares, stores or logs messages keeps working, and ``str(exception)`` returns the same
``Message``.  It also keeps ``.template`` — the message's id, as gettext's msgid: the Japanese
template, ``str.format`` syntax — and ``.args`` / ``.kwargs``.  A view shows it in the UI
language through ``gmtool.views.message_catalog``: the English template of the same id from
``resources/i18n/messages_en.json``, filled with the values, each value shown the same way (a
value may be a ``Message`` of its own, such as ``Message("メジャー")``).

Operations that build a new string (``+``, slicing, f-strings) return a plain ``str``, which is
shown as it is: compose messages with ``Message("{0}: {1}", name, problem)`` and
``Message.joined("\\n", problems)``.  ``template("…")`` marks a literal kept in a table and
formatted later (``Message(TABLE[kind], **values)``).

``packaging/messages_extract.py`` collects every template into ``resources/i18n/messages_ja.json``
and reports a Japanese refusal that is not a ``Message``; ``tests/test_message_catalog.py`` fails
on a template without English.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def template(text: str) -> str:
    """Marks *text* as a message template for the extractor (gettext's ``N_``); returns it unchanged."""
    return text


class Message(str):
    """A Japanese message (the ``str`` value) with its template and values, for translation."""

    template: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any]

    def __new__(cls, template: str, /, *args: Any, **kwargs: Any) -> Message:
        # an exception is kept as its text (a Message if it was raised with one), not as the object:
        # its traceback would keep every frame's locals alive for as long as the message lives
        args = tuple(_value(a) for a in args)
        kwargs = {name: _value(value) for name, value in kwargs.items()}
        self = super().__new__(cls, template.format(*args, **kwargs))
        self.template = template
        self.args = args
        self.kwargs = kwargs
        return self

    def __str__(self) -> str:
        return self  # str(message), str(ValueError(message)): still the Message

    def __getnewargs_ex__(self) -> tuple[tuple[Any, ...], dict[str, Any]]:
        return (self.template, *self.args), self.kwargs  # pickle and copy rebuild it from its parts

    @classmethod
    def joined(cls, separator: str, parts: Iterable[Any]) -> Message:
        """``separator.join(parts)`` that keeps each part (and a Japanese separator) translatable."""
        values: list[Any] = []
        for part in parts:
            if values:
                values.append(separator)
            values.append(part)
        return cls("".join("{" + str(i) + "}" for i in range(len(values))), *values)

    @classmethod
    def of(cls, text: Any) -> Message:
        """*text* as a Message: itself if it is one, else a message whose whole text is a value."""
        return text if isinstance(text, Message) else cls("{0}", text)


def _value(value: Any) -> Any:
    return str(value) if isinstance(value, BaseException) else value


def clipped(text: str, limit: int) -> str:
    """*text* cut to *limit* characters; a Message short enough stays a Message (still translatable)."""
    return text if len(text) <= limit else text[:limit]
