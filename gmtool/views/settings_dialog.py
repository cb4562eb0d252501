"""The settings dialog: language (at the next start), theme (at once), and the house-rule tables.

The dialog only reads and writes QSettings; the house-rule buttons emit signals that the window
connects to the existing rule editors (``gmtool.app.settings_menu``).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSettings, Signal
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gmtool.views.appearance import LANGUAGE_KEY, THEME_KEY, apply_theme, language, theme


class SettingsDialog(QDialog):
    house_rules_requested = Signal(str)  # the id of the system whose tables the GM wants to edit
    theme_changed = Signal(str)
    language_changed = Signal(str)

    def __init__(
        self,
        settings: QSettings,
        parent: QWidget | None = None,
        house_rules: Sequence[tuple[str, str]] = (),
    ) -> None:
        """`house_rules`: (system id, button text) of every system whose tables the GM may edit."""
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle(self.tr("設定"))

        self.language_box = QComboBox()
        self.language_box.addItem(self.tr("日本語"), "ja")
        self.language_box.addItem("English", "en")
        self.language_box.setCurrentIndex(max(0, self.language_box.findData(language(settings))))
        self.language_note = QLabel(self.tr("言語の変更は次回の起動から反映されます。"))
        self.language_note.setWordWrap(True)

        self.theme_box = QComboBox()
        self.theme_box.addItem(self.tr("ライト"), "light")
        self.theme_box.addItem(self.tr("ダーク"), "dark")
        self.theme_box.setCurrentIndex(max(0, self.theme_box.findData(theme(settings))))

        look = QGroupBox(self.tr("表示"))
        form = QFormLayout(look)
        form.addRow(self.tr("言語"), self.language_box)
        form.addRow("", self.language_note)
        form.addRow(self.tr("テーマ"), self.theme_box)

        rules = QGroupBox(self.tr("ハウスルールの表"))
        rules_layout = QVBoxLayout(rules)
        note = QLabel(self.tr("ハウスルールはキャンペーンごとに保存され、変更は元に戻せます。"))
        note.setWordWrap(True)
        rules_layout.addWidget(note)
        self.rule_buttons: dict[str, QPushButton] = {}
        for key, text in house_rules:
            button = QPushButton(text)
            button.clicked.connect(lambda _checked=False, key=key: self.house_rules_requested.emit(key))
            rules_layout.addWidget(button)
            self.rule_buttons[key] = button

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)

        layout = QVBoxLayout(self)
        layout.addWidget(look)
        layout.addWidget(rules)
        layout.addStretch(1)
        layout.addWidget(buttons)

        self.language_box.currentIndexChanged.connect(self._language_chosen)
        self.theme_box.currentIndexChanged.connect(self._theme_chosen)

    def _language_chosen(self) -> None:
        value = str(self.language_box.currentData())
        self.settings.setValue(LANGUAGE_KEY, value)
        self.settings.sync()
        self.language_changed.emit(value)

    def _theme_chosen(self) -> None:
        value = str(self.theme_box.currentData())
        self.settings.setValue(THEME_KEY, value)
        self.settings.sync()
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, value)
        self.theme_changed.emit(value)
