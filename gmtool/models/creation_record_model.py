"""What the GM is shown of an imported character's creation record before it is added: the
method, every roll with its seed (each replayed on reading the file), the re-rolls made with
consent, the GM overrides, and in whose window they were ticked (gmtool.rules.creation_record)."""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.rules.creation_record import (
    MADE_IN_PLAYER,
    CreationRecord,
    faces_text,
    method_label,
    roll_label,
)


@dataclass(frozen=True)
class RecordRow:
    number: int
    what: str  # what was rolled (a Message: shown in the UI language)
    faces: str
    seed: int
    consent: bool  # a re-roll with 「GM の同意を得た」 ticked


class CreationRecordModel:
    """The import's record of one character (`record` None: the file carries none)."""

    def __init__(self, system_id: str, name: str, record: CreationRecord | None) -> None:
        self.system_id = system_id
        self.name = name
        self.record = record

    @property
    def has_record(self) -> bool:
        return self.record is not None

    @property
    def method(self) -> str:
        return method_label(self.system_id, self.record.method) if self.record else ""

    @property
    def made_by_player(self) -> bool:
        """Made in a player's window: the player ticked the overrides and the consents."""
        return self.record is not None and self.record.made_in == MADE_IN_PLAYER

    def rows(self) -> list[RecordRow]:
        if self.record is None:
            return []
        return [
            RecordRow(
                n, roll_label(self.system_id, r.roll), faces_text(r.faces, self.system_id), r.seed, r.consent
            )
            for n, r in enumerate(self.record.rolls, 1)
        ]

    @property
    def rerolls(self) -> int:
        return len(self.record.rerolls) if self.record else 0

    def overrides(self) -> list[tuple[str, tuple[str, ...]]]:
        """Each GM override: what was passed, and the reasons it was refused."""
        return [(o.what, o.reasons) for o in self.record.overrides] if self.record else []
