"""Open and save dialogs that start where the GM last picked a file, else in the documents folder
(never the program's own folder), in the UI's language (Qt's own catalog, `gmtool.app.i18n`).

The folder is kept in QSettings (`files/last_folder`): the window's settings, or the ones the app
hands over at start-up (`use_settings`) for the dialogs of the views, which know no window.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QFileDialog, QWidget

from gmtool.file_names import safe_file_name

FOLDER_KEY = "files/last_folder"

_shared: dict[str, QSettings | str] = {}  # "settings": the app's; "folder": remembered without one


def use_settings(settings: QSettings) -> None:
    """The app's settings, where the dialogs of the views remember their folder too."""
    _shared["settings"] = settings


def _settings(settings: QSettings | None) -> QSettings | None:
    found = settings if settings is not None else _shared.get("settings")
    return found if isinstance(found, QSettings) else None


def start_folder(settings: QSettings | None = None) -> str:
    """The folder a file was last picked in, if it still exists; else the documents folder."""
    kept = _settings(settings)
    folder = kept.value(FOLDER_KEY, "") if kept is not None else _shared.get("folder", "")
    if isinstance(folder, str) and folder and Path(folder).is_dir():
        return folder
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return documents if documents and Path(documents).is_dir() else str(Path.home())


def remember_folder(path: str, settings: QSettings | None = None) -> None:
    if not path:
        return
    folder = str(Path(path).parent)
    kept = _settings(settings)
    if kept is not None:
        kept.setValue(FOLDER_KEY, folder)
    else:
        _shared["folder"] = folder


def open_file_name(parent: QWidget, title: str, file_filter: str, settings: QSettings | None = None) -> str:
    path = QFileDialog.getOpenFileName(parent, title, start_folder(settings), file_filter)[0]
    remember_folder(path, settings)
    return path


def save_file_name(
    parent: QWidget,
    title: str,
    file_filter: str,
    suggested: str | Path = "",
    settings: QSettings | None = None,
) -> str:
    """`suggested`: a file name as text (put in the start folder) or a `Path` (a file gmtool has, the
    campaign's own: its folder kept); the name, made from user text, made safe on every platform
    (`gmtool.file_names`).  A name is never read as a path: a character called "/tmp/x" or
    "C:\\x" does not choose the folder."""
    if isinstance(suggested, Path):
        start = str(suggested.with_name(safe_file_name(suggested.name)))
    elif not suggested:
        start = start_folder(settings)
    else:
        start = str(Path(start_folder(settings)) / safe_file_name(suggested))
    path = QFileDialog.getSaveFileName(parent, title, start, file_filter)[0]
    remember_folder(path, settings)
    return path
