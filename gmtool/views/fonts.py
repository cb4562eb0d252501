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


def use_japanese_font(app: QGuiApplication, platform: str = sys.platform) -> None:
    """Latin text stays in the system's own font; Japanese falls back to the platform's Japanese
    font, not to whichever CJK font the user's language would pick (Chinese forms of kanji)."""
    font = app.font()
    system_family = QFontInfo(font).family()  # the real family behind an alias such as "Sans Serif"
    japanese = installed_japanese_family(platform)
    if not japanese or japanese == system_family:
        return
    chosen = QFont(font)
    chosen.setFamilies([system_family, japanese])
    app.setFont(chosen)
