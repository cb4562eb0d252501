"""Page 5 (利き腕と所持金) of the フォーカード creation wizard: one 2D6 and one 3D6, each rolled once
and logged with its seed."""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Literal

from PySide6.QtCore import QObject, Signal

from gmtool.models.creation_common import Blocker, CreationRefused
from gmtool.models.fourcard.creation_log import CreationLog, fraction_text
from gmtool.rules.dice import Faces, roll
from gmtool.rules.systems.fourcard.creation import (
    HANDEDNESS_DICE,
    MONEY_DICE,
    ambidextrous_probability,
    is_ambidextrous,
    money_distribution,
    money_value,
)

# FourCardCharacter.handedness: "" until the player has chosen.
Handedness = Literal["", "right", "left", "both"]


class CreationFortune(QObject):
    changed = Signal()

    def __init__(
        self, seed_source: Callable[[], int], log: CreationLog, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._seed_source = seed_source
        self._log = log
        self.handedness_faces: Faces | None = None
        self.handedness: Handedness = ""
        self.money_faces: Faces | None = None

    @staticmethod
    def ambidextrous_probability() -> Fraction:
        return ambidextrous_probability()

    @staticmethod
    def money_odds() -> dict[int, Fraction]:
        """Each amount 3D6×100+1000 CP can give, in order, with its exact probability."""
        return dict(sorted(money_distribution().items()))

    @property
    def money(self) -> int | None:
        return None if self.money_faces is None else money_value(self.money_faces)

    def adopt(self, handedness_faces: Faces | None, money_faces: Faces | None) -> None:
        """Starts from the rolls a cancelled wizard left (`KeptRolls`): no roll, no log line here."""
        self.handedness_faces, self.money_faces = handedness_faces, money_faces
        both = handedness_faces is not None and is_ambidextrous(handedness_faces)
        self.handedness = "both" if both else ""
        self.changed.emit()

    def roll_handedness(self) -> Faces:
        if self.handedness_faces is not None:
            raise CreationRefused(self.tr("利き腕は既に振りました（振り直しはできません）"))
        seed = self._seed_source()
        faces = roll(random.Random(seed), *HANDEDNESS_DICE)
        both = is_ambidextrous(faces)
        self.handedness_faces, self.handedness = faces, "both" if both else ""
        result = self.tr("両手利き") if both else self.tr("右利きか左利き（プレイヤーが選ぶ）")
        probability = fraction_text(ambidextrous_probability())
        self._log.write(
            "handedness",
            self.tr("利き腕 2D6（12 で両手利き、確率 {0}）").format(probability),
            f"[{','.join(map(str, faces))}] = {sum(faces)}",
            result,
            seed=seed,
            dice_expression="2D6",
            faces=list(faces),
            ambidextrous=both,
            probability=probability,
        )
        self.changed.emit()
        return faces

    def set_handedness(self, handedness: str) -> None:
        if self.handedness_faces is None:
            raise CreationRefused(self.tr("先に 2D6 で利き腕を振ってください"))
        if is_ambidextrous(self.handedness_faces):
            raise CreationRefused(self.tr("2D6 で 12 が出たので両手利きです（変更できません）"))
        match handedness:
            case "right" | "left":
                self.handedness = handedness
            case _:
                raise CreationRefused(self.tr("利き腕は右か左です（{0}）").format(handedness))
        self.changed.emit()

    def roll_money(self) -> Faces:
        if self.money_faces is not None:
            raise CreationRefused(self.tr("所持金は既に振りました（振り直しはできません）"))
        seed = self._seed_source()
        faces = roll(random.Random(seed), *MONEY_DICE)
        self.money_faces = faces
        value = money_value(faces)
        self._log.write(
            "money",
            self.tr("所持金 3D6×100+1000 CP"),
            f"[{','.join(map(str, faces))}] = {sum(faces)}",
            f"{value} CP",
            seed=seed,
            dice_expression="3D6×100+1000",
            faces=list(faces),
            money=value,
        )
        self.changed.emit()
        return faces

    def blockers(self) -> list[Blocker]:
        blockers = []
        if self.handedness_faces is None:
            blockers.append(Blocker(self.tr("利き腕をまだ振っていません（2D6）"), False))
        elif not self.handedness:
            blockers.append(Blocker(self.tr("右利きか左利きかを選んでください"), False))
        if self.money_faces is None:
            blockers.append(Blocker(self.tr("所持金をまだ振っていません（3D6×100+1000 CP）"), False))
        return blockers
