"""The Japanese font of gmtool's window and printed sheets, chosen per platform
(`gmtool.japanese_fonts`)."""

from __future__ import annotations

import sys

from PySide6.QtGui import QFont, QFontDatabase, QFontInfo, QGuiApplication

from gmtool.japanese_fonts import japanese_family


def installed_japanese_family(platform: str = sys.platform) -> str:
    """The platform's Japanese font if installed, else any font that writes Japanese, else ''."""
    families = QFontDatabase.families()
    chosen = japanese_family(set(families), platform)
    if chosen is not None:
        return chosen
    for name in families:
        if QFontDatabase.WritingSystem.Japanese in QFontDatabase.writingSystems(name):
            return name
    return ""


def with_japanese(font: QFont, platform: str = sys.platform) -> QFont:
    """`font` for Latin text, the platform's Japanese font for Japanese: not whichever CJK font the
    user's language would pick (Chinese forms of kanji)."""
    family = QFontInfo(font).family()  # the real family behind an alias such as "Sans Serif"
    japanese = installed_japanese_family(platform)
    chosen = QFont(font)
    if japanese and japanese != family:
        chosen.setFamilies([family, japanese])
    return chosen


def use_japanese_font(app: QGuiApplication, platform: str = sys.platform) -> None:
    """Every widget's text: the system's font, Japanese in the platform's Japanese font."""
    app.setFont(with_japanese(app.font(), platform))
