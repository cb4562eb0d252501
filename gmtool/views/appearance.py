"""Language and theme of the UI as remembered in QSettings, and the theme's palette.

- ``ui/language``: ``"ja"`` (the source language, default) or ``"en"``.  The environment variable
  ``GMTOOL_LANGUAGE`` overrides the setting (screenshots, tests).  The catalogs themselves are
  installed by ``gmtool.app.i18n.install_translation`` when the window is built (next start).
- ``ui/theme``: ``"light"`` (default) or ``"dark"``: the Fusion style with a light or dark palette,
  applied at once.

The one place that knows the theme's colours: the dark palette, and ``TONES`` — the colours of
error, warning, note and highlight text and marks, a light-theme and a dark-theme shade each.  A
view gives a label a tone (``set_tone``), never a colour; plots read ``tone_colour`` and the palette
(``gmtool.views.check.themed_plot``).  Switching theme re-tones every label and re-polishes every
widget, so the whole window repaints at once.

Here, not in ``gmtool.app``, because the settings dialog reads and applies them and views never
import ``gmtool.app``; ``gmtool.app.i18n`` re-exports every name.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import shiboken6
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSettings, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QApplication,
    QProxyStyle,
    QStyle,
    QStyledItemDelegate,
    QStyleFactory,
    QStyleOption,
    QStyleOptionViewItem,
    QWidget,
)

LANGUAGE_KEY = "ui/language"
THEME_KEY = "ui/theme"
LANGUAGES = ("ja", "en")
THEMES = ("light", "dark")
DEFAULT_LANGUAGE = "ja"
DEFAULT_THEME = "light"

# tone → (on a light window, on a dark window): text and marks that mean something.
TONES: dict[str, tuple[str, str]] = {
    "error": ("#b00020", "#ff8a80"),  # a refusal, a problem, a value that breaks a rule
    "warning": ("#b35c00", "#ffb74d"),  # worth a look, not a blocker
    "note": ("#5f6368", "#b4b8bd"),  # a quiet hint
    "muted": ("#8a8f96", "#8c9096"),  # greyed: a result that no longer stands, a retired entry
    "special": ("#7a1fa2", "#d59cf0"),  # 令呪, a boost: something spent
    "accent": ("#1f5fa8", "#82b4ff"),  # the curve, the chosen entry
    "success": ("#1b7f3b", "#7bd88f"),
    "failure": ("#c23b3b", "#ff7b7b"),  # a failed roll; the plots' marker
    "mark": ("#fff1b8", "#5c4b16"),  # a background: the next step, a house-rule value
}
TONE_PROPERTY = "gmtool_tone"
TONE_STYLE_PROPERTY = "gmtool_tone_style"


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
    app.setPalette(palette_for(name))
    app.setProperty("gmtool_theme", name)
    refresh_tones(app)
    # The style last: setting it re-polishes every widget with the new palette.  Widgets with a
    # style sheet of their own (the 成功率 headline's size) keep the old palette on a palette change
    # alone, so switching theme left them dark on dark.  Fusion draws with the palette.
    app.setStyle(ThemeStyle())
    return name


def is_dark(palette: QPalette | None = None) -> bool:
    """A dark window (the dark theme, or a dark platform palette): *palette*, or the application's."""
    palette = palette if palette is not None else QApplication.palette()
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def mix(a: QColor, b: QColor, amount: float) -> QColor:
    """*a* moved *amount* (0–1) of the way to *b*."""
    ours = (a.redF(), a.greenF(), a.blueF())
    theirs = (b.redF(), b.greenF(), b.blueF())
    return QColor.fromRgbF(*(x + (y - x) * amount for x, y in zip(ours, theirs, strict=True)))


def contrast_ratio(a: QColor, b: QColor) -> float:
    """WCAG's contrast ratio of two colours, 1 (the same) to 21 (black on white); normal text wants
    4.5 or more."""

    def luminance(colour: QColor) -> float:
        def linear(c: float) -> float:
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        red, green, blue = linear(colour.redF()), linear(colour.greenF()), linear(colour.blueF())
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue

    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


READABLE = 4.5  # WCAG AA, normal text


def readable(colour: QColor, background: QColor, text: QColor) -> QColor:
    """*colour* (a card colour's swatch, say) moved toward the palette's *text* colour just far
    enough to read on *background*: on the dark theme's base, MTG's green and blue were too dark."""
    for step in range(11):
        shade = mix(colour, text, step / 10)
        if contrast_ratio(shade, background) >= READABLE:
            return shade
    return text


def text_on(background: QColor) -> QColor:
    """Black or white, whichever reads better on *background* (a swatch that is a button's face)."""
    black, white = QColor(0, 0, 0), QColor(255, 255, 255)
    return black if contrast_ratio(black, background) > contrast_ratio(white, background) else white


class ReadableTextDelegate(QStyledItemDelegate):
    """Cells whose model gives a text colour of its own (MTG's card colours) drawn in a shade of it
    that reads on the theme's base: the model knows the card, not the theme."""

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        own = index.data(Qt.ItemDataRole.ForegroundRole)
        if not isinstance(own, QColor):
            return
        theme = option.widget.palette() if option.widget is not None else QApplication.palette()
        shade = readable(own, theme.color(QPalette.ColorRole.Base), theme.color(QPalette.ColorRole.Text))
        option.palette.setColor(QPalette.ColorRole.Text, shade)


def tone_colour(tone: str, palette: QPalette | None = None) -> QColor:
    """The tone's shade for the current theme (see TONES)."""
    light, dark = TONES[tone]
    return QColor(dark if is_dark(palette) else light)


@dataclass(frozen=True)
class Tone:
    """What a label looks like: a tone of TONES (None: the palette's text) and the rest of its style."""

    name: str | None
    style: str = ""  # e.g. "font-weight: bold;"


def set_tone(widget: QWidget, tone: Tone | str | None, style: str = "") -> None:
    """Colours *widget*'s text in *tone* (a Tone, a name of TONES, or None: the palette's), with
    *style* as the rest of its style sheet; re-applied whenever the theme changes."""
    look = tone if isinstance(tone, Tone) else Tone(tone, style)
    shown = (widget.property(TONE_PROPERTY), widget.property(TONE_STYLE_PROPERTY))
    if shown == (look.name or "", look.style):
        return  # already so: setting the same style sheet again re-polishes the widget for nothing
    widget.setProperty(TONE_PROPERTY, look.name or "")
    widget.setProperty(TONE_STYLE_PROPERTY, look.style)
    _apply_tone(widget)


def _apply_tone(widget: QWidget) -> None:
    """The widget's style sheet in the current theme: its tone's colour, then its style, in which
    ``@name`` stands for the colour of tone *name* (``background-color: @mark;``)."""
    tone = str(widget.property(TONE_PROPERTY) or "")
    style = str(widget.property(TONE_STYLE_PROPERTY) or "")
    for name in TONES:
        style = style.replace(f"@{name}", tone_colour(name).name())
    colour = f"color: {tone_colour(tone).name()}; " if tone else ""
    widget.setStyleSheet((colour + style).strip())


def refresh_tones(app: QApplication) -> None:
    """Every toned widget in the current theme's shade (after a palette change)."""
    for widget in app.allWidgets():
        # Re-styling one widget may let another go (a plot rebuilt, a popup closed): a widget whose
        # C++ object is already gone is skipped, never touched.
        if shiboken6.isValid(widget) and widget.property(TONE_PROPERTY) is not None:
            _apply_tone(widget)


class ThemeStyle(QProxyStyle):
    """Fusion, with check boxes and radio buttons outlined on a dark palette: Fusion draws their
    frame a shade off the window colour, so an unticked one (供給の対象, 登場) vanished in the dark."""

    OUTLINED = (QStyle.PrimitiveElement.PE_IndicatorCheckBox, QStyle.PrimitiveElement.PE_IndicatorRadioButton)

    def __init__(self) -> None:
        super().__init__(QStyleFactory.create("Fusion"))

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element not in self.OUTLINED or not is_dark(option.palette):
            return
        palette: QPalette = option.palette
        enabled = bool(option.state & QStyle.StateFlag.State_Enabled)
        outline = mix(palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text), 0.6)
        if not enabled:
            outline = mix(palette.color(QPalette.ColorRole.Base), outline, 0.5)
        rect = option.rect.adjusted(0, 0, -1, -1)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(outline, 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if element == QStyle.PrimitiveElement.PE_IndicatorRadioButton:
            painter.drawEllipse(rect.adjusted(1, 1, -1, -1))
        else:
            painter.drawRect(rect)
        painter.restore()
