"""An engine message inside a text a model composes (an undo step's name), in the UI language.

A model may not import the views' message catalog (the layers), so the app installs its
translation here when it installs the language (app/i18n.py); until then, and in the Japanese
UI, a message is shown as it is written.
"""

from __future__ import annotations

from collections.abc import Callable

_translate: Callable[[str], str] = str


def install(translate: Callable[[str], str]) -> None:
    global _translate
    _translate = translate


def shown(text: str) -> str:
    return _translate(text)
