"""A character's creation record: how it was made, carried in its ``.gmchar.json`` for the GM.

A creation wizard that rolls dice records each roll with its seed (`CreationRecorder`, fed by the
same data the wizard writes to the session log), each GM override with its reasons, and in whose
window it was made (the GM's or a player's: who ticked the overrides and the GM's consent to a
re-roll).  The file carries it as ``"creation"`` (`to_document`, versioned); an import reads it
(`record_from_document`, a file is hostile: bounded, typed) and replays every roll from its seed
with the engine's dice (`check_record`): faces that do not match their seed are refused, naming
the roll.  Which rolls and methods a system records, and how a roll is replayed, is the system's
declaration (`Declarations.creation`); nothing here names a system.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from gmtool.rules.dice import MAX_SEED
from gmtool.rules.message import Message
from gmtool.rules.systems import declarations, package_of
from gmtool.rules.systems.declarations import CreationRecordPart

__all__ = [
    "MADE_IN_GM",
    "MADE_IN_PLAYER",
    "RECORD_VERSION",
    "CreationRecord",
    "CreationRecorder",
    "RecordRefused",
    "RecordedOverride",
    "RecordedRoll",
    "check_record",
    "record_from_document",
]

RECORD_VERSION = 1
MADE_IN_GM, MADE_IN_PLAYER = "gm", "player"
MAX_ROLLS = 200  # a wizard rolls a handful; a file with more is not one a wizard wrote
MAX_OVERRIDES = 200
MAX_TEXT = 500
MAX_FACES = 100  # dice in one roll
MAX_FACE = 1000


class RecordRefused(ValueError):
    """The creation record of a character file is malformed or does not replay; says which part."""


@dataclass(frozen=True)
class RecordedRoll:
    """One roll of the wizard: the system's roll id, its seed and the faces it showed (a list of
    ints, a list of lists, or a mapping of name → list, as the system's replay gives them)."""

    roll: str
    seed: int
    faces: Any
    consent: bool = False  # a re-roll made with 「GM の同意を得た」 ticked


@dataclass(frozen=True)
class RecordedOverride:
    """A limit passed by the GM override: what was passed and every reason it was refused."""

    what: str
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class CreationRecord:
    method: str
    made_in: str  # MADE_IN_GM or MADE_IN_PLAYER: whose window ticked the overrides and consents
    rolls: tuple[RecordedRoll, ...] = ()
    overrides: tuple[RecordedOverride, ...] = ()

    @property
    def rerolls(self) -> tuple[RecordedRoll, ...]:
        return tuple(r for r in self.rolls if r.consent)

    def to_document(self) -> dict[str, Any]:
        return {
            "version": RECORD_VERSION,
            "method": self.method,
            "made_in": self.made_in,
            "rolls": [
                {"roll": r.roll, "seed": r.seed, "faces": r.faces, "consent": r.consent} for r in self.rolls
            ],
            "overrides": [{"what": o.what, "reasons": list(o.reasons)} for o in self.overrides],
        }


@dataclass
class CreationRecorder:
    """What a wizard has rolled and overridden so far (a wizard's model holds one)."""

    rolls: list[RecordedRoll] = field(default_factory=list)
    overrides: list[RecordedOverride] = field(default_factory=list)

    def rolled(self, roll: str, seed: int, faces: Any, consent: bool = False) -> None:
        self.rolls.append(RecordedRoll(roll, seed, faces, consent))

    def overridden(self, what: str, reasons: list[str] | tuple[str, ...]) -> None:
        entry = RecordedOverride(str(what), tuple(str(r) for r in reasons))
        if entry not in self.overrides:
            self.overrides.append(entry)

    def record(self, method: str, made_in: str) -> CreationRecord:
        return CreationRecord(method, made_in, tuple(self.rolls), tuple(self.overrides))


# ---- reading a file's record -----------------------------------------------------------------
def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise RecordRefused(Message("creation.{0}: 文字列ではありません", where))
    if len(value) > MAX_TEXT:
        raise RecordRefused(Message("creation.{0}: {1} 文字を超えています", where, MAX_TEXT))
    return value


def _list(value: Any, where: str, limit: int) -> list[Any]:
    if not isinstance(value, list):
        raise RecordRefused(Message("creation.{0}: 配列ではありません", where))
    if len(value) > limit:
        raise RecordRefused(Message("creation.{0}: {1} 個を超えています", where, limit))
    return value


def _dice(value: Any, where: str) -> list[int]:
    faces = _list(value, where, MAX_FACES)
    if not all(isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= MAX_FACE for f in faces):
        raise RecordRefused(Message("creation.{0}: 出目は 1 以上の整数です", where))
    return faces


def _faces(value: Any, where: str) -> Any:
    """Faces as a list of ints, a list of lists of ints, or a mapping of name → list of ints."""
    if isinstance(value, dict):
        if len(value) > MAX_FACES:
            raise RecordRefused(Message("creation.{0}: {1} 個を超えています", where, MAX_FACES))
        return {_text(k, where): _dice(v, f"{where}.{k}") for k, v in value.items()}
    items = _list(value, where, MAX_FACES)
    if all(isinstance(item, list) for item in items) and items:
        return [_dice(item, f"{where}[{i}]") for i, item in enumerate(items)]
    return _dice(items, where)


def _roll(value: Any, where: str) -> RecordedRoll:
    if not isinstance(value, dict):
        raise RecordRefused(Message("creation.{0}: オブジェクトではありません", where))
    seed = value.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise RecordRefused(Message("creation.{0}.seed: シードが整数ではありません", where))
    consent = value.get("consent", False)
    if not isinstance(consent, bool):
        raise RecordRefused(Message("creation.{0}.consent: true か false です", where))
    return RecordedRoll(
        _text(value.get("roll"), f"{where}.roll"), seed, _faces(value.get("faces"), f"{where}.faces"), consent
    )


def _override(value: Any, where: str) -> RecordedOverride:
    if not isinstance(value, dict):
        raise RecordRefused(Message("creation.{0}: オブジェクトではありません", where))
    reasons = _list(value.get("reasons", []), f"{where}.reasons", MAX_OVERRIDES)
    return RecordedOverride(
        _text(value.get("what"), f"{where}.what"),
        tuple(_text(r, f"{where}.reasons[{i}]") for i, r in enumerate(reasons)),
    )


def record_from_document(document: Any) -> CreationRecord:
    """A file's ``"creation"``; RecordRefused naming the part that is wrong."""
    if not isinstance(document, dict):
        raise RecordRefused(Message("creation: オブジェクトではありません"))
    version = document.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise RecordRefused(Message("creation.version: 整数ではありません"))
    if version > RECORD_VERSION:
        raise RecordRefused(
            Message(
                "creation: より新しい gmtool の作成記録です（v{0}、このバージョンは v{1} まで）",
                version,
                RECORD_VERSION,
            )
        )
    made_in = document.get("made_in")
    if made_in not in (MADE_IN_GM, MADE_IN_PLAYER):
        raise RecordRefused(Message("creation.made_in: gm か player です"))
    rolls = _list(document.get("rolls", []), "rolls", MAX_ROLLS)
    overrides = _list(document.get("overrides", []), "overrides", MAX_OVERRIDES)
    return CreationRecord(
        _text(document.get("method"), "method"),
        made_in,
        tuple(_roll(r, f"rolls[{i}]") for i, r in enumerate(rolls)),
        tuple(_override(o, f"overrides[{i}]") for i, o in enumerate(overrides)),
    )


def _part(system_id: str) -> CreationRecordPart:
    part = declarations(system_id).creation
    if part is None:
        raise RecordRefused(Message("creation: このシステムのキャラクター作成はダイスを振りません"))
    return part


def _replay(system_id: str, part: CreationRecordPart) -> Callable[[str, int], Any]:
    module_name, _, function = part.replay.partition(":")
    replay: Callable[[str, int], Any] = getattr(
        import_module(f"{package_of(system_id)}.{module_name}"), function
    )
    return replay


def roll_label(system_id: str, roll: str) -> str:
    """What the roll was (the system's declared label); the id itself when not declared."""
    part = declarations(system_id).creation
    return dict(part.rolls).get(roll, roll) if part is not None else roll


def method_label(system_id: str, method: str) -> str:
    part = declarations(system_id).creation
    return dict(part.methods).get(method, method) if part is not None else method


def faces_text(faces: Any, system_id: str = "") -> str:
    """The faces as the log shows them: ``[3,5]``, ``[1,2] [6,6]``, ``ST[2,3] WP[1,1]`` (a mapping's
    keys named as the system declares them)."""
    if isinstance(faces, dict):
        part = declarations(system_id).creation if system_id else None
        labels = dict(part.face_labels) if part is not None else {}
        return " ".join(f"{labels.get(k, k)}[{','.join(map(str, v))}]" for k, v in faces.items())
    if faces and isinstance(faces[0], list):
        return " ".join(f"[{','.join(map(str, f))}]" for f in faces)
    return f"[{','.join(map(str, faces))}]"


def check_record(system_id: str, record: CreationRecord) -> None:
    """Every roll replayed from its seed with the engine's dice must show the faces recorded;
    RecordRefused naming the first roll that does not (or a method or roll the system has not)."""
    part = _part(system_id)
    if record.method not in dict(part.methods):
        raise RecordRefused(Message("creation.method: 作成方法 '{0}' はありません", record.method))
    replay = _replay(system_id, part)
    for number, roll in enumerate(record.rolls, 1):
        if roll.roll not in dict(part.rolls):
            raise RecordRefused(
                Message("作成の記録の {0} 番目の出目: '{1}' という振り方はありません", number, roll.roll)
            )
        replayed = replay(roll.roll, roll.seed)
        if replayed != roll.faces:
            raise RecordRefused(
                Message(
                    "作成の記録の {0} 番目（{1}）: 出目 {2} はシード {3} の出目 {4} と合いません",
                    number,
                    roll_label(system_id, roll.roll),
                    faces_text(roll.faces, system_id),
                    roll.seed,
                    faces_text(replayed, system_id),
                )
            )
