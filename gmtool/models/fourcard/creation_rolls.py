"""The rolls of a cancelled フォーカード creation wizard, kept for the next wizard of the campaign.

The rule text lets the attributes be rolled again only with the GM's consent, and 利き腕 and 所持金
not at all: cancelling the wizard (to find the skill catalog, say) and starting it again must not
be a way round that.  So the wizard's caller keeps one `KeptRolls` per campaign, in memory for as
long as the window runs (a new start of gmtool begins with none): a cancelled wizard leaves its
rolls in it, the next wizard starts from them (and logs that it did), and a finished character
takes them away.  The log lines of the cancelled wizard are marked 取り消し (`CreationLog.cancel`).
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.rules.creation_record import RecordedRoll
from gmtool.rules.dice import Faces


@dataclass
class KeptRolls:
    """Each roll as the cancelled wizard left it (None: not rolled), with the lines that rolled it."""

    attribute_faces: dict[str, Faces] | None = None
    handedness_faces: Faces | None = None
    money_faces: Faces | None = None
    lines: tuple[int, ...] = ()  # the log lines (marked 取り消し) the rolls were made in
    recorded: tuple[RecordedRoll, ...] = ()  # each roll with its seed, for the creation record

    @property
    def empty(self) -> bool:
        return self.attribute_faces is None and self.handedness_faces is None and self.money_faces is None

    def keep(
        self,
        attribute_faces: dict[str, Faces] | None,
        handedness_faces: Faces | None,
        money_faces: Faces | None,
        lines: tuple[int, ...],
        recorded: tuple[RecordedRoll, ...] = (),
    ) -> None:
        self.attribute_faces = attribute_faces
        self.handedness_faces = handedness_faces
        self.money_faces = money_faces
        self.lines = lines
        self.recorded = recorded

    def clear(self) -> None:
        self.keep(None, None, None, (), ())
