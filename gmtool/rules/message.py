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

from gmtool.rules.message_types import Message

__all__ = ["Message", "clipped", "template"]


def template(text: str) -> str:
    """Marks *text* as a message template for the extractor (gettext's ``N_``); returns it unchanged."""
    return text


def clipped(text: str, limit: int) -> str:
    """*text* cut to *limit* characters; a Message short enough stays a Message (still translatable)."""
    return text if len(text) <= limit else text[:limit]
