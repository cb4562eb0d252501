"""Page 5 of the LotR creation wizard (特徴・仕上げ): edges, flaws, the order ability, what the five
free points buy besides skill ranks (an attribute +1, an edge), the name, money and notes.  Every
change goes through the draft's guarded update.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from gmtool.models.creation_common import CreationRefused
from gmtool.models.lotr.creation_state import CreationState, FreeBuy
from gmtool.rules.systems.lotr.creation import FREE_PICK_KINDS
from gmtool.rules.systems.lotr.rules_data import ATTRIBUTE_IDS

SHORT_TEXT = 200  # the stored schema's limit for names and money


class CreationExtras(QObject):
    """The last page of the creation draft in `state`."""

    def __init__(self, state: CreationState, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._state = state

    def add_edge(self, name: str) -> None:
        name = self._state.checked_name(name, self.tr("Edge の名前"))
        self._state.update(edges=(*self._state.draft.edges, name))

    def remove_edge(self, index: int) -> None:
        self._state.update(edges=tuple(e for i, e in enumerate(self._state.draft.edges) if i != index))

    def add_flaw(self, name: str) -> None:
        name = self._state.checked_name(name, self.tr("Flaw の名前"))
        self._state.update(flaws=(*self._state.draft.flaws, name))

    def remove_flaw(self, index: int) -> None:
        self._state.update(flaws=tuple(f for i, f in enumerate(self._state.draft.flaws) if i != index))

    def set_order_ability(self, text: str) -> None:
        self._state.update(order_ability=text.strip())

    def pick_cost(self, kind: str, target: str = "") -> int | None:
        return self._state.pick_cost(kind, target)

    def free_buys(self) -> list[FreeBuy]:
        return list(self._state.free_buys)

    def add_free_pick(self, kind: str, target: str, cost: int | None = None, note: str = "") -> FreeBuy:
        """A free-point buy other than a skill rank: +1 to an attribute, or an edge."""
        if kind not in FREE_PICK_KINDS:
            raise CreationRefused(
                self.tr("自由ポイントで買えるのは能力値・技能ランク・Edge です（{0}）").format(kind)
            )
        if kind == "attribute" and target not in ATTRIBUTE_IDS:
            raise CreationRefused(self.tr("能力値 '{0}' はありません").format(target))
        target = self._state.checked_name(target, self.tr("Edge の名前")) if kind == "edge" else target
        price = self.pick_cost(kind, target)
        if price is None and cost is None:
            raise CreationRefused(
                self.tr("この購入の消費ポイントはルールデータにありません。GM と決めた点数を入力してください")
            )
        chosen = price if price is not None else cost
        assert chosen is not None
        if chosen < 0:
            raise CreationRefused(self.tr("消費ポイントは 0 以上です（{0}）").format(chosen))
        buy = FreeBuy(kind, target, cost, chosen, note.strip())
        self._state.update_buys([*self._state.free_buys, buy])
        return buy

    def remove_free_pick(self, index: int) -> None:
        self._state.update_buys([b for i, b in enumerate(self._state.free_buys) if i != index])

    def set_name(self, name: str) -> None:
        name = name.strip()
        if len(name) > SHORT_TEXT:
            raise CreationRefused(self.tr("名前は {0} 文字までです").format(SHORT_TEXT))
        self._state.update(name=name)

    def set_money(self, money: str) -> None:
        if len(money) > SHORT_TEXT:
            raise CreationRefused(self.tr("所持金の欄は {0} 文字までです").format(SHORT_TEXT))
        self._state.update(money=money)

    def set_notes(self, notes: str) -> None:
        self._state.update(notes=notes)
