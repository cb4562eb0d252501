"""Page 2 of the LotR creation wizard (1.1 能力値): the random method's nine 2d6 — rolled once,
again only with the GM's consent, each roll logged with its seed — or the choice method's fixed
values and 8 points; which value goes to which attribute.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QObject

from gmtool.models.creation_common import CreationRefused
from gmtool.models.lotr.creation_state import CreationLog, CreationState
from gmtool.rules.dice import Faces
from gmtool.rules.systems.lotr.creation import (
    CHOICE,
    RANDOM,
    available_values,
    best_six,
    choice_points,
    random_roll_distribution,
    roll_attribute_dice,
    value_pool,
)
from gmtool.rules.systems.lotr.rules_data import ATTRIBUTE_IDS


def fraction_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


class CreationAttributes(QObject):
    """The attributes page; `notify` is called after a roll (a roll changes the draft unguarded)."""

    def __init__(
        self,
        state: CreationState,
        log: CreationLog,
        seed_source: Callable[[], int],
        notify: Callable[[], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._state = state
        self._log = log
        self._seed_source = seed_source
        self._notify = notify
        self.roll_faces: tuple[Faces, ...] | None = None
        self.roll_seed: int | None = None

    @staticmethod
    def random_roll_distribution() -> dict[int, Fraction]:
        """P of each single 2d6 value (shown before rolling)."""
        return dict(random_roll_distribution().items())

    def set_method(self, method: str) -> None:
        """Random or choice; the values come from a different pool, so assignments start over."""
        if method not in (RANDOM, CHOICE):
            raise CreationRefused(self.tr("能力値の決め方はランダム法か選択法です（{0}）").format(method))
        if method != self._state.draft.method:
            self._state.update(method=method, assigned={}, choice_points={})

    def roll_attributes(self) -> tuple[Faces, ...]:
        if self._state.draft.method != RANDOM:
            raise CreationRefused(self.tr("2d6 を振るのはランダム法です。先にランダム法を選んでください"))
        if self.roll_faces is not None:
            raise CreationRefused(
                self.tr(
                    "能力値は既に振りました。振り直すには GM の同意が必要です（「GM の同意を得て振り直す」）"
                )
            )
        return self._roll("attributes", self.tr("能力値 2d6 ×9（高い 6 つを割り当てる）"), {})

    def reroll_attributes(self, consent: bool) -> tuple[Faces, ...]:
        """All nine again, only with the GM's consent (logged as such); assignments start over."""
        if self.roll_faces is None:
            raise CreationRefused(
                self.tr("能力値をまだ振っていません。先に「2d6 を 9 回振る」で振ってください")
            )
        if not consent:
            raise CreationRefused(
                self.tr("能力値の振り直しには GM の同意が必要です。「GM の同意を得た」にチェックしてください")
            )
        previous = {
            "previous_faces": [list(f) for f in self.roll_faces],
            "previous_values": list(self._state.draft.rolls),
        }
        inputs = self.tr("能力値 2d6 ×9 の振り直し（GM の同意あり）")
        return self._roll("reroll", inputs, {"consent": True, **previous})

    def best_six_indices(self) -> tuple[int, ...]:
        """Which of the nine rolls are the six kept (the first of equal values)."""
        rolls = self._state.draft.rolls
        return tuple(sorted(sorted(range(len(rolls)), key=lambda i: -rolls[i])[: len(ATTRIBUTE_IDS)]))

    def value_pool(self) -> tuple[int, ...]:
        return value_pool(self._state.draft)

    def available_values(self, attribute: str) -> list[int]:
        """The pool's values not assigned to another attribute (this one's own included)."""
        return available_values(self._state.draft, attribute)

    def assign(self, attribute: str, value: int | None) -> None:
        """Gives an attribute one of the remaining values (None takes it back)."""
        if attribute not in ATTRIBUTE_IDS:
            raise CreationRefused(self.tr("能力値 '{0}' はありません").format(attribute))
        assigned = dict(self._state.draft.assigned)
        if value is None:
            assigned.pop(attribute, None)
        else:
            available = self.available_values(attribute)
            if value not in available and not self._state.override:
                if not self.value_pool():
                    raise CreationRefused(self.tr("先に 2d6 を 9 回振ってください（ランダム法）"))
                raise CreationRefused(
                    self.tr("{0} は割り当てられません。残っている値: {1}").format(
                        value, ", ".join(map(str, available)) or self.tr("なし")
                    )
                )
            assigned[attribute] = value
        self._state.update(assigned=assigned)

    def set_choice_points(self, attribute: str, points: int) -> None:
        draft = self._state.draft
        if draft.method != CHOICE:
            raise CreationRefused(self.tr("8 ポイントの配分は選択法だけです"))
        if attribute not in ATTRIBUTE_IDS:
            raise CreationRefused(self.tr("能力値 '{0}' はありません").format(attribute))
        if points < 0:
            raise CreationRefused(self.tr("配分するポイントは 0 以上です（{0}）").format(points))
        chosen = {a: p for a, p in draft.choice_points.items() if a != attribute}
        if points:
            chosen[attribute] = points
        self._state.update(choice_points=chosen)

    def choice_points_left(self) -> int:
        return choice_points(self._state.draft).left

    def _roll(self, kind: str, inputs: str, extra: dict[str, Any]) -> tuple[Faces, ...]:
        seed = self._seed_source()
        faces = roll_attribute_dice(random.Random(seed))
        values = tuple(sum(f) for f in faces)
        self.roll_faces, self.roll_seed = faces, seed
        # A roll has happened and is logged: it always stands, whatever it does to the budgets.
        self._state.stand(rolls=values, assigned={})
        kept = best_six(values)
        distribution = {str(v): fraction_text(p) for v, p in sorted(random_roll_distribution().items())}
        self._log.write(
            kind,
            inputs,
            " ".join(f"[{','.join(map(str, f))}]" for f in faces),
            self.tr("{0} → 高い 6 つ: {1}").format(" ".join(map(str, values)), " ".join(map(str, kept))),
            seed=seed,
            dice_expression="2d6×9",
            faces=[list(f) for f in faces],
            values=list(values),
            best_six=list(kept),
            distribution=distribution,
            **extra,
        )
        self._notify()
        return faces
