"""The LotR `prob` commands' texts in the UI language: each is a `Message` (its Japanese template is the
id `messages_en.json` translates), shown through the message catalogue, which the CLI installs for
the language it runs in (`GMTOOL_LANGUAGE=en` or the setting).  Pure Python: the CLI has no Qt.

LotR is an English game: in English a rule name (a degree of success, a wound level) is its English
name alone, in Japanese the tables' label with its Japanese gloss, as in the window."""

from __future__ import annotations

from typing import Protocol

from gmtool.rules.message import Message
from gmtool.views import message_catalog
from gmtool.views.message_catalog import shown_message

# The game's name as the headers write it.
TITLE = Message("指輪物語RPG（CODA）")


class _Named(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def label(self) -> str: ...


def english() -> bool:
    return message_catalog.active()


def shown(text: str) -> str:
    """A message (or a plain text) in the UI language."""
    return shown_message(text)


def say(text: str) -> None:
    print(shown_message(text))


def rule_name(named: _Named) -> str:
    """「Complete Success」 in English, 「Complete Success（完全な成功）」 in Japanese."""
    return named.name if english() else named.label


def exit_text(command: str, message: str) -> str:
    """A refusal the parser exits with: 「gmtool prob <command>: …」 and a line break."""
    return f"gmtool prob {command}: {shown_message(message)}\n"
