"""An engine message inside a text a model composes (an undo step's name), in the UI language.

A model may not import the views' message catalog (the layers), so the app installs its
translation here when it installs the language (app/i18n.py); until then, and in the Japanese
UI, a message is shown as it is written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

_translate: Callable[[str], str] = str


def install(translate: Callable[[str], str]) -> None:
    global _translate
    _translate = translate


def QT_TRANSLATE_NOOP(context: str, source: str) -> str:
    """Marks a label kept in a table for lupdate (PySide6's own is typed ``object``); translated where
    it is shown, through ``tr()``."""
    return source


# A text only the English catalogue translates: whether it is translated tells which UI is shown
# (gmtool.app.i18n ties the engine's message catalogue to the same probe).
ENGLISH_PROBE = ("refusal", QT_TRANSLATE_NOOP("refusal", "操作できません"))


def english_ui() -> bool:
    """Whether the English UI is shown (its Qt catalogue installed), for a model choosing between two
    data (a card's English or Japanese name, a LotR name with or without its gloss)."""
    from PySide6.QtCore import QCoreApplication

    context, text = ENGLISH_PROBE
    return QCoreApplication.translate(context, text) != text


def shown(text: str) -> str:
    return _translate(text)


def shown_label(text: str) -> str:
    """A label kept by another layer and put into a text a model composes (a field's or a resource's
    name in an undo text): in the UI language whether it is a Message (the message catalogue) or a
    label marked with QT_TRANSLATE_NOOP (Qt's catalogue, looked up without its context, as
    gmtool.app.i18n.FallbackTranslator does).  A label no catalogue knows is shown as it is."""
    from PySide6.QtCore import QCoreApplication

    translated = shown(text)
    if translated != text:
        return translated
    return QCoreApplication.translate("", text)


def listed(parts: Iterable[object]) -> str:
    """*parts* joined as the UI language lists them: 「ナール 9、オーク 7」 in Japanese, "Narl 9, Orc 7" in
    English (a 、 in an English line read as a Japanese text left over)."""
    from PySide6.QtCore import QCoreApplication

    return QCoreApplication.translate("ShownText", "、").join(str(part) for part in parts)


def span(low: object, high: object) -> str:
    """A range as the UI language writes it: 「3〜6」 in Japanese, "3–6" (an en dash) in English."""
    from PySide6.QtCore import QCoreApplication

    return QCoreApplication.translate("ShownText", "{0}〜{1}").format(low, high)
