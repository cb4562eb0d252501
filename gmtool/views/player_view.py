"""The player's window: choose the system, read the GM's rule data (optional), make the character,
and see where its file was saved.  It shows the `PlayerModel` and asks; the app runs the wizard and
the file dialogs (gmtool.app.player)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.player_model import PlayerModel
from gmtool.views.appearance import set_tone
from gmtool.views.message_catalog import translate_message


class PlayerView(QWidget):
    rule_data_requested = Signal()  # ルールデータを読み込む…
    create_requested = Signal(str)  # 作る: the system id
    save_requested = Signal()  # 保存…: the character made last, again

    def __init__(self, model: PlayerModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        layout = QVBoxLayout(self)
        intro = QLabel(
            self.tr(
                "キャラクターを作って、GM に送るファイル（*.gmchar.json）に保存します。"
                "GM からルールデータ（*.gmrules.json）をもらっていれば、先に読み込んでください。"
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.system_box = QComboBox()
        for system_id, name in model.systems():  # the systems' names: translated as runtime labels
            self.system_box.addItem(self.tr(name), system_id)
        form.addRow(self.tr("システム:"), self.system_box)
        self.load_button = QPushButton(self.tr("ルールデータを読み込む…"))
        self.load_button.clicked.connect(self.rule_data_requested)
        self.rule_label = QLabel()
        self.rule_label.setWordWrap(True)
        rules = QHBoxLayout()
        rules.addWidget(self.load_button)
        rules.addWidget(self.rule_label, 1)
        form.addRow(self.tr("GM のルール:"), rules)
        layout.addLayout(form)
        buttons = QHBoxLayout()
        self.create_button = QPushButton(self.tr("作る"))
        self.create_button.setDefault(True)
        self.create_button.clicked.connect(lambda: self.create_requested.emit(self.system_box.currentData()))
        self.save_button = QPushButton(self.tr("保存…"))
        self.save_button.clicked.connect(self.save_requested)
        buttons.addStretch(1)
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.create_button)
        layout.addLayout(buttons)
        self.saved_label = QLabel()
        self.saved_label.setWordWrap(True)
        self.saved_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)  # the path
        layout.addWidget(self.saved_label)
        layout.addStretch(1)
        model.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        model = self.model
        if model.rule_file is None:
            self.rule_label.setText(self.tr("読み込んでいません（同梱のルールで作ります）"))
        else:
            held = "、".join(translate_message(label) for label in model.rule_labels) or self.tr("変更なし")
            self.rule_label.setText(self.tr("{0}（{1}）").format(model.rule_file.name, held))
        self.save_button.setEnabled(model.created_id is not None)
        if model.saved_path is not None:
            self.saved_label.setText(
                self.tr("「{0}」を保存しました: {1}\nこのファイルを GM に送ってください。").format(
                    model.created_name(), model.saved_path
                )
            )
            set_tone(self.saved_label, "success")
        elif model.created_id is not None:
            self.saved_label.setText(
                self.tr("「{0}」はまだ保存していません。「保存…」で保存できます。").format(
                    model.created_name()
                )
            )
            set_tone(self.saved_label, "warning")
        else:
            self.saved_label.setText("")
