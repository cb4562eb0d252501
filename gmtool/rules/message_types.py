"""The engine's message value: a refusal's Japanese text that remembers its template and values.

``Message`` is described in ``gmtool/rules/message.py``, which re-exports it beside the helpers
(``template``, ``clipped``); it lives here, in a module of values only, so the views may import it
(the import contract ``views-engine-values-only``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Self


class Message(str):
    """A Japanese message (the ``str`` value) with its template and values, for translation."""

    template: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any]

    def __new__(cls, template: str, /, *args: Any, **kwargs: Any) -> Self:
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
