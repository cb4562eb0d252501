"""What the pages of the 千幻抄 session dialog share.

A page is the AW session dialog's `SessionTab` (the guarded action, combos that keep the GM's
choice, read-only tables keeping their selection) over `SengenshoSessionModel`; it asks the GM and
opens the bond dialog through its host (the session dialog) at call time, so a test answers for the
GM and fills the bond dialog in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QComboBox, QWidget

from gmtool.models.sengensho.labels import kind_choice, labels_tr
from gmtool.models.sengensho.session_model import SengenshoSessionModel
from gmtool.rules.systems.sengensho.character import BondKind
from gmtool.views.session_tab import ID_ROLE, SessionTab

if TYPE_CHECKING:
    from gmtool.views.sengensho.bond_dialog import SengenshoBondDialog

__all__ = [
    "ID_ROLE",
    "Host",
    "SengenshoPage",
    "character_label",
    "kind_choices",
    "labels_tr",
]
NAME_LENGTH = 200  # the session document's limit for a scene name or a 縁故's target


class Host(Protocol):
    def ask(self, question: str) -> bool: ...

    def exec_bond_dialog(self, dialog: SengenshoBondDialog) -> int: ...


class SengenshoPage(SessionTab[SengenshoSessionModel]):
    def __init__(self, model: SengenshoSessionModel, host: Host, parent: QWidget | None = None) -> None:
        super().__init__(model, lambda _title, text: host.ask(text), parent)
        self.host = host

    def holder_combo_box(self) -> QComboBox:
        """The page's キャラクター choice; choosing re-syncs the page."""
        combo = QComboBox()
        combo.setAccessibleName(self.tr("キャラクター"))
        combo.currentIndexChanged.connect(lambda _: self.sync())
        return combo

    def refill_holders(self, combo: QComboBox) -> None:
        """Every 千幻抄 character as 「名前（PC）」, the choice kept."""
        self.refill(combo, [(character_label(self.model, i), i) for i, _ in self.model.members.characters()])

    @staticmethod
    def choose_holder(combo: QComboBox, character_id: str | None) -> None:
        """The main window's selected character, if it is one of the page's (else as it was)."""
        index = combo.findData(character_id)
        if character_id is not None and index >= 0:
            combo.setCurrentIndex(index)


def character_label(model: SengenshoSessionModel, character_id: str) -> str:
    """「名前（PC）」 or 「名前（NPC）」: the 縁故 rules treat the two differently."""
    kind = "PC" if model.members.is_pc(character_id) else "NPC"
    return QCoreApplication.translate("SengenshoPage", "{0}（{1}）").format(
        model.members.name(character_id), kind
    )


def kind_choices() -> list[tuple[BondKind, str]]:
    """The rule text's headings for the three kinds, with their limits: 「記憶（最大2つ）」."""
    return [(kind, kind_choice(kind)) for kind in BondKind]
