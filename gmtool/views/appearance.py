"""Language and theme of the UI as remembered in QSettings, and the theme's palette.

- ``ui/language``: ``"ja"`` (the source language, default) or ``"en"``.  The environment variable
  ``GMTOOL_LANGUAGE`` overrides the setting (screenshots, tests).  The catalogs themselves are
  installed by ``gmtool.app.i18n.install_translation`` when the window is built (next start).
- ``ui/theme``: ``"light"`` (default) or ``"dark"``: the Fusion style with a light or dark palette,
  applied at once.

Here, not in ``gmtool.app``, because the settings dialog reads and applies them and views never
import ``gmtool.app``; ``gmtool.app.i18n`` re-exports every name.
"""

from __future__ import annotations

import os

from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

LANGUAGE_KEY = "ui/language"
THEME_KEY = "ui/theme"
LANGUAGES = ("ja", "en")
THEMES = ("light", "dark")
DEFAULT_LANGUAGE = "ja"
DEFAULT_THEME = "light"


def _choice(settings: QSettings, key: str, allowed: tuple[str, ...], default: str) -> str:
    value = settings.value(key, default)
    value = str(value) if value is not None else default
    return value if value in allowed else default


def language(settings: QSettings) -> str:
    override = os.environ.get("GMTOOL_LANGUAGE", "")
    if override in LANGUAGES:
        return override
    return _choice(settings, LANGUAGE_KEY, LANGUAGES, DEFAULT_LANGUAGE)


def theme(settings: QSettings) -> str:
    return _choice(settings, THEME_KEY, THEMES, DEFAULT_THEME)


def palette_for(name: str) -> QPalette:
    """The Fusion palette for *name*: Qt's standard light one, or a dark one."""
    fusion = QStyleFactory.create("Fusion")
    palette = fusion.standardPalette() if fusion is not None else QPalette()
    if name != "dark":
        return palette
    role = QPalette.ColorRole
    group = QPalette.ColorGroup
    colours = {
        role.Window: QColor(45, 45, 48),
        role.WindowText: QColor(230, 230, 230),
        role.Base: QColor(30, 30, 32),
        role.AlternateBase: QColor(50, 50, 54),
        role.ToolTipBase: QColor(60, 60, 64),
        role.ToolTipText: QColor(230, 230, 230),
        role.PlaceholderText: QColor(140, 140, 140),
        role.Text: QColor(230, 230, 230),
        role.Button: QColor(55, 55, 58),
        role.ButtonText: QColor(230, 230, 230),
        role.BrightText: QColor(255, 90, 90),
        role.Light: QColor(75, 75, 80),
        role.Midlight: QColor(62, 62, 66),
        role.Mid: QColor(40, 40, 42),
        role.Dark: QColor(25, 25, 27),
        role.Shadow: QColor(0, 0, 0),
        role.Highlight: QColor(42, 130, 218),
        role.HighlightedText: QColor(255, 255, 255),
        role.Link: QColor(100, 170, 255),
        role.LinkVisited: QColor(170, 130, 255),
    }
    for colour_role, colour in colours.items():
        palette.setColor(colour_role, colour)
    disabled = QColor(128, 128, 128)
    for colour_role in (role.WindowText, role.Text, role.ButtonText):
        palette.setColor(group.Disabled, colour_role, disabled)
    palette.setColor(group.Disabled, role.Base, QColor(40, 40, 42))
    return palette


def apply_theme(app: QApplication, settings: QSettings | str) -> str:
    """The light or dark palette on the Fusion style; *settings* may also be the theme's name.  A
    light start keeps the platform's native style; once switched, Fusion stays until restart."""
    name = settings if isinstance(settings, str) else theme(settings)
    name = name if name in THEMES else DEFAULT_THEME
    if name == DEFAULT_THEME and app.property("gmtool_theme") is None:
        return name  # light at start-up: the platform's own style and colours, untouched
    app.setStyle("Fusion")  # a dark palette needs a style that draws with the palette
    app.setPalette(palette_for(name))
    app.setProperty("gmtool_theme", name)
    return name
