"""Small questions (QInputDialog) as wide as their title: the window manager elides a title that
does not fit its title bar, and a one-line question is narrow (「キャラク… の追加」 under openbox)."""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QInputDialog, QLabel, QLineEdit, QStyle, QWidget

# A title bar's own things beside the title: the window's icon and three buttons (minimise,
# maximise, close), each about a line wide with its spacing, the bar's margins, and a window
# manager's title font a little wider than the application's (openbox: about 4 lines of buttons,
# and its bold title ~15 % wider).
TITLE_BAR_CONTROLS_LINES = 8


def title_room(dialog: QWidget) -> int:
    """The width *dialog* needs for its title whole: the title in a bold font (as most window
    managers draw it) and the bar's icon and buttons."""
    bold = QFont(dialog.font())
    bold.setBold(True)
    metrics = QFontMetrics(bold)
    return metrics.horizontalAdvance(dialog.windowTitle()) + TITLE_BAR_CONTROLS_LINES * metrics.height()


def widened_for_title(dialog: QInputDialog) -> QInputDialog:
    """The dialog's question label made that wide: the dialog's layout fixes its size to what its
    parts need (a minimum width set on the dialog itself is overridden when it is shown)."""
    label = dialog.findChild(QLabel)
    if label is not None:
        style = dialog.style()
        margins = style.pixelMetric(QStyle.PixelMetric.PM_LayoutLeftMargin) + style.pixelMetric(
            QStyle.PixelMetric.PM_LayoutRightMargin
        )
        label.setMinimumWidth(title_room(dialog) - margins)
    return dialog


def item_question(parent: QWidget, title: str, label: str, items: list[str], current: int) -> QInputDialog:
    """QInputDialog.getItem's dialog (a non-editable choice), wide enough for its title."""
    dialog = QInputDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setLabelText(label)
    dialog.setComboBoxItems(items)
    dialog.setComboBoxEditable(False)
    if 0 <= current < len(items):
        dialog.setTextValue(items[current])
    return widened_for_title(dialog)


def text_question(parent: QWidget, title: str, label: str, text: str) -> QInputDialog:
    """QInputDialog.getText's dialog, wide enough for its title."""
    dialog = QInputDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setLabelText(label)
    dialog.setTextEchoMode(QLineEdit.EchoMode.Normal)
    dialog.setTextValue(text)
    return widened_for_title(dialog)


def answer(dialog: QInputDialog) -> tuple[str, bool]:
    """(the text chosen or typed, whether OK was pressed), as QInputDialog's static functions."""
    accepted = dialog.exec() == QInputDialog.DialogCode.Accepted
    value = dialog.textValue() if accepted else ""
    dialog.deleteLater()
    return value, accepted
