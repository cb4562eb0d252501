"""gmtool's application icon: every window's (title bar, task bar, Alt+Tab) and the desktop's name.

The pictures are PNG renderings of packaging/icons/gmtool.svg (packaging/make_icons.py) shipped in
resources/icons/: the packaged app leaves Qt's SVG module out, and Qt picks the size nearest to
each place's need.
"""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication, QIcon

from gmtool.resources import icon_pictures

# The desktop entry's base name (resources/desktop/gmtool.desktop): Wayland compositors and X11
# task bars find the entry, and so its icon and name, through it.
DESKTOP_FILE_NAME = "gmtool"


def app_icon() -> QIcon:
    """Every shipped size of the icon, in one QIcon (empty if none is shipped)."""
    icon = QIcon()
    for path in icon_pictures().values():
        icon.addFile(str(path))
    return icon


def use_app_icon(app: QGuiApplication) -> None:
    """Sets the icon of every window the application opens, and the desktop entry it belongs to."""
    app.setWindowIcon(app_icon())
    QGuiApplication.setDesktopFileName(DESKTOP_FILE_NAME)
