"""The stored Another Focus (session key "aw.focus"): one JSON document and its pure steps.

No Qt here: `AWFocusModel` stores each step's result as one undo step, the tests drive the steps
directly.  The document holds everything the AF needs to go on after a crash: the set-up, the
participants as they were when it started (in 行動値 order), their ticked skill declarations,
where the AF stands, a fumble still waiting for the GM's decision, and every roll made.

The procedure itself is the engine's (`rules/systems/aw/focus.py`): `declare` then `advance`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StrictStr, TypeAdapter

from gmtool.rules.data import json_object
from gmtool.rules.message import Message
from gmtool.rules.systems.aw.character import AWCharacter
from gmtool.rules.systems.aw.focus import (
    MAX_DIFFICULTY,
    MAX_ROUND_LIMIT,
    FocusParticipant,
    FocusProgress,
    FocusRules,
    FocusStatus,
    Redeclaration,
    RollJudgement,
    RollKind,
    advance,
    cancelled_fumble,
    declare,
    judge_natural,
)
from gmtool.rules.systems.aw.house_rules import REDECLARE_ONCE

Id = Annotated[StrictStr, Field(min_length=1, max_length=64)]
Name = Annotated[StrictStr, Field(max_length=200)]
Text = Annotated[StrictStr, Field(max_length=5000)]
Points = Annotated[StrictInt, Field(ge=-100_000, le=100_000)]
Count = Annotated[StrictInt, Field(ge=0, le=100_000)]
Declarations = Annotated[StrictInt, Field(ge=0, le=99)]
Ability = Literal["body", "reflex", "perception", "intellect", "will", "luck"]
MAX_MEMBERS = 50
MAX_ROLLS = 10_000
TEXT_READING = Redeclaration()  # the default reading of aw.focus_redeclare: once in the AF


class Ending(StrEnum):
    REACHED = "reached"  # the running total reached the (lowered) difficulty
    FUMBLE = "fumble"  # an uncancelled fumble
    ROUNDS = "rounds"  # the round limit passed
    GM_SUCCESS = "gm_success"  # a special rule (e.g. 令呪で自動成功)
    GM_FAILURE = "gm_failure"
    GM_SPELL = "gm_spell"  # a master spent a 令呪 for success (the text's AF例2)
    CANCELLED = "cancelled"  # the GM abandoned it: neither success nor failure


class RecordKind(StrEnum):
    CRITICAL = "critical"
    FUMBLE = "fumble"  # a fumble (waiting for, or ended by, the GM's decision)
    CANCELLED = "cancelled"  # a fumble cancelled by a skill: counted as an ordinary roll
    NORMAL = "normal"
    DECLARED = "declared"  # the declarations alone reached the difficulty: no roll was made


@dataclass(frozen=True)
class SpecialRule:
    """特別ルール: a note the table hears when the running total reaches `threshold`."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    threshold: Annotated[StrictInt, Field(ge=1, le=100_000)]
    note: Text = ""


@dataclass(frozen=True)
class Member:
    """One participant as they were when the AF started."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    id: Id
    name: Name = ""
    value: Points = 0  # 判定値: the AF's ability
    modifier: Points = 0
    critical: Annotated[StrictInt, Field(ge=2, le=13)] = 12
    fumble: Annotated[StrictInt, Field(ge=1, le=12)] = 2
    is_pc: StrictBool = True
    feats: Annotated[tuple[Name, ...], Field(max_length=200)] = ()  # the sheet's 特技, by name
    ticked: Annotated[tuple[Name, ...], Field(max_length=200)] = ()  # declared before each roll
    other: Declarations = 0  # skills not on the sheet, declared before each roll

    def __post_init__(self) -> None:
        if self.fumble >= self.critical:
            raise ValueError(
                Message("ファンブル値 {0} がクリティカル値 {1} 以上です", self.fumble, self.critical)
            )
        if not set(self.ticked) <= set(self.feats) or len(set(self.ticked)) != len(self.ticked):
            raise ValueError(Message("宣言した特技がキャラクターの特技にないか、重複しています"))
        if self.declarations > 99:
            raise ValueError(Message("特技の宣言数 {0} は 99 以下でなければなりません", self.declarations))

    @property
    def declarations(self) -> int:
        return len(self.ticked) + self.other

    def participant(self) -> FocusParticipant:
        return FocusParticipant(self.value, self.modifier, self.critical, self.fumble, self.declarations)


@dataclass(frozen=True)
class RollRecord:
    __pydantic_config__ = ConfigDict(extra="forbid")

    round: Annotated[StrictInt, Field(ge=1, le=1000)]
    member: Annotated[StrictInt, Field(ge=0, lt=MAX_MEMBERS)]
    kind: RecordKind
    declared: Declarations = 0
    skills: Annotated[tuple[Name, ...], Field(max_length=200)] = ()  # the ticked skills' names
    natural: Annotated[StrictInt, Field(ge=2, le=12)] | None = None  # None: no roll was made
    faces: Annotated[tuple[Annotated[StrictInt, Field(ge=1, le=6)], ...], Field(max_length=2)] = ()
    seed: Annotated[StrictInt, Field(ge=0)] | None = None  # None: entered by hand
    achievement: Points | None = None  # None: a fumble (no 達成値)
    total: Points = 0  # the running total after this roll


@dataclass(frozen=True)
class FocusDoc:
    __pydantic_config__ = ConfigDict(extra="forbid")

    version: Literal[1] = 1
    goal: Text = ""
    ability: Ability = "intellect"
    # The tool's caps: a stored AF past them would freeze the odds (see focus.MAX_ROUND_LIMIT).
    difficulty: Annotated[StrictInt, Field(ge=1, le=MAX_DIFFICULTY)] = 100
    round_limit: Annotated[StrictInt, Field(ge=1, le=MAX_ROUND_LIMIT)] = 1
    special_rules: Annotated[tuple[SpecialRule, ...], Field(max_length=100)] = ()
    members: Annotated[tuple[Member, ...], Field(min_length=1, max_length=MAX_MEMBERS)] = field(
        default_factory=tuple
    )
    round: Annotated[StrictInt, Field(ge=1, le=MAX_ROUND_LIMIT + 1)] = 1  # limit + 1: the limit passed
    next_index: Annotated[StrictInt, Field(ge=0, lt=MAX_MEMBERS)] = 0
    total: Points = 0
    declared: Count = 0  # skills declared so far in the whole AF
    status: FocusStatus = FocusStatus.RUNNING
    pending_fumble: StrictBool = False  # the last roll fumbled: the GM decides (cancel or fail)
    ending: Ending | None = None
    ending_note: Text = ""
    history: Annotated[tuple[RollRecord, ...], Field(max_length=MAX_ROLLS)] = ()
    # House rule aw.focus_redeclare read as "gm": the rounds in which the GM let declared skills count again.
    redeclare_rounds: Annotated[
        tuple[Annotated[StrictInt, Field(ge=1, le=MAX_ROUND_LIMIT)], ...], Field(max_length=MAX_ROUND_LIMIT)
    ] = ()

    def __post_init__(self) -> None:
        if self.next_index >= len(self.members):
            raise ValueError(
                Message(
                    "次に振る参加者 {0} が参加者の数 {1} を超えています", self.next_index, len(self.members)
                )
            )
        if (self.status is FocusStatus.RUNNING) != (self.ending is None):
            raise ValueError(
                Message("終了した AF判定には終わり方が、進行中の AF判定には終わり方がないはずです")
            )
        if (self.status is FocusStatus.CANCELLED) != (self.ending is Ending.CANCELLED):
            raise ValueError(Message("中止した AF判定の状態と終わり方が合っていません"))
        if self.status is FocusStatus.RUNNING and self.round > self.round_limit:
            raise ValueError(
                Message(
                    "進行中なのにラウンド {0} がラウンド制限 {1} を超えています", self.round, self.round_limit
                )
            )
        if self.pending_fumble and (
            self.status is not FocusStatus.RUNNING
            or not self.history
            or self.history[-1].kind is not RecordKind.FUMBLE
            or self.history[-1].natural is None
        ):
            raise ValueError(Message("GM の判断待ちのファンブルが最後の判定と合っていません"))
        if any(r.member >= len(self.members) for r in self.history):
            raise ValueError(Message("判定の記録が存在しない参加者を指しています"))

    # ---- reading ---------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.status is FocusStatus.RUNNING

    def progress(self) -> FocusProgress:
        return FocusProgress(
            self.difficulty,
            self.round_limit,
            self.round,
            self.next_index,
            self.total,
            self.declared,
            self.status,
        )

    def participants(self) -> list[FocusParticipant]:
        return [m.participant() for m in self.members]

    def totals_by_round(self) -> tuple[tuple[int, int], ...]:
        """(round, the running total at its end) for each round played: the course of an AF that
        has ended, whose odds there are no more of."""
        last_round = max((r.round for r in self.history), default=0)
        totals: dict[int, int] = {}
        for record in self.history:
            totals[record.round] = record.total
        out, total = [], 0
        for round_number in range(1, last_round + 1):
            total = totals.get(round_number, total)
            out.append((round_number, total))
        return tuple(out)

    def effective_difficulty(self, rules: FocusRules) -> int:
        return self.progress().effective_difficulty(rules)

    def redeclaration(self, reading: str) -> Redeclaration:
        return Redeclaration(reading, frozenset(self.redeclare_rounds))

    def counted(self, index: int, redeclare: Redeclaration) -> tuple[tuple[str, ...], int]:
        """What member `index` declares before their next roll: (ticked skills, skills not on the
        sheet) that count.  All of them where `redeclare` lets declared skills count again this
        round; otherwise only those not declared before (the unnamed ones by how many)."""
        member = self.members[index]
        if redeclare.again(self.round):
            return member.ticked, member.other
        named: set[str] = set()
        other = 0  # unnamed skills declared so far: all of them again, or only the new ones
        for record in self.history:
            if record.member == index:
                named.update(record.skills)
                part = record.declared - len(record.skills)
                other = max(other, part) if redeclare.again(record.round) else other + part
        return tuple(t for t in member.ticked if t not in named), max(0, member.other - other)

    def fresh(self, redeclare: Redeclaration) -> list[int]:
        """Each member's skills not yet declared (what counts in a round the reading forbids repeats)."""
        unrepeated = replace(redeclare, reading=REDECLARE_ONCE)
        return [len(t) + o for t, o in (self.counted(i, unrepeated) for i in range(len(self.members)))]

    def crossed(self, total: int | None = None) -> list[SpecialRule]:
        """The special rules whose threshold the running total has reached."""
        total = self.total if total is None else total
        return [r for r in self.special_rules if total >= r.threshold]


_ADAPTER = TypeAdapter(FocusDoc)


def load_focus(data: Any) -> FocusDoc | None:
    """The stored AF (None: none has been started); pydantic's ValidationError names a bad field."""
    return None if data is None else _ADAPTER.validate_python(data)


def dump_focus(doc: FocusDoc) -> dict[str, Any]:
    return json_object(_ADAPTER, doc)


# ---- setting up ---------------------------------------------------------------------------
def focus_order(characters: Sequence[tuple[str, AWCharacter]]) -> list[tuple[str, AWCharacter]]:
    """行動値 order; ties: PC before NPC, then 反射, 知覚, 幸運, then the list order."""

    def key(item: tuple[int, tuple[str, AWCharacter]]) -> tuple[int, ...]:
        position, (_, c) = item
        a = c.attributes
        return (-c.combat.initiative, 0 if c.is_pc else 1, -a.reflex, -a.perception, -a.luck, position)

    return [pair for _, pair in sorted(enumerate(characters), key=key)]


def new_focus(
    goal: str,
    ability: str,
    difficulty: int,
    round_limit: int,
    special_rules: Sequence[tuple[int, str]],
    characters: Sequence[tuple[str, AWCharacter]],
) -> FocusDoc:
    """The AF as it starts (validated like a stored one: a bad value raises ValidationError)."""
    members = [
        {
            "id": cid,
            "name": c.name,
            "value": getattr(c.attributes, ability),
            "critical": c.critical,
            "fumble": c.fumble,
            "is_pc": c.is_pc,
            "feats": list(dict.fromkeys(f.name.strip() for f in c.feats if f.name.strip())),
        }
        for cid, c in focus_order(characters)
    ]
    rules = sorted((t, n.strip()) for t, n in special_rules)
    return _ADAPTER.validate_python(
        {
            "goal": goal.strip(),
            "ability": ability,
            "difficulty": difficulty,
            "round_limit": round_limit,
            "special_rules": [{"threshold": t, "note": n} for t, n in rules],
            "members": members,
        }
    )


def with_member(doc: FocusDoc, index: int, **changes: Any) -> FocusDoc:
    members = list(doc.members)
    members[index] = _ADAPTER_MEMBER.validate_python(
        {**_ADAPTER_MEMBER.dump_python(members[index]), **changes}
    )
    return replace(doc, members=tuple(members))


_ADAPTER_MEMBER = TypeAdapter(Member)


# ---- the steps ----------------------------------------------------------------------------
def _with_progress(doc: FocusDoc, progress: FocusProgress) -> FocusDoc:
    ending = doc.ending
    if progress.status is FocusStatus.SUCCESS:
        ending = Ending.REACHED
    elif progress.status is FocusStatus.FAILURE and ending is None:
        ending = Ending.ROUNDS
    return replace(
        doc,
        round=min(progress.round, MAX_ROUND_LIMIT + 1),
        next_index=progress.next_index,
        total=progress.total,
        declared=progress.declared,
        status=progress.status,
        ending=ending,
    )


def take_turn(
    doc: FocusDoc,
    natural: int,
    rules: FocusRules,
    faces: tuple[int, ...] = (),
    seed: int | None = None,
    redeclare: Redeclaration = TEXT_READING,
    play_out: bool = False,
) -> tuple[FocusDoc, RollRecord]:
    """The next participant declares their ticked skills (those `redeclare` lets count), then
    rolls `natural` (2D6 total).

    Reaching the lowered difficulty by the declarations alone succeeds before the roll (unless the
    round is played out): the record then has no roll.  A fumble leaves the AF waiting for the GM
    (`resolve_fumble`).
    """
    if not doc.running:
        raise ValueError(Message("AF判定は終了しています"))
    if doc.pending_fumble:
        raise ValueError(Message("ファンブルの扱い（特技で打ち消したか）を先に決めてください"))
    if not 2 <= natural <= 12:
        raise ValueError(Message("2D6 の出目 {0} は 2〜12 の範囲外です", natural))
    index = doc.next_index
    member = doc.members[index]
    skills, other = doc.counted(index, redeclare)
    record = RollRecord(
        round=doc.round, member=index, kind=RecordKind.NORMAL, declared=len(skills) + other, skills=skills
    )
    declared = declare(doc.progress(), record.declared, rules, play_out)
    if declared.status is FocusStatus.SUCCESS:
        record = replace(record, kind=RecordKind.DECLARED, total=declared.total)
        return replace(_with_progress(doc, declared), history=(*doc.history, record)), record
    judgement = judge_natural(member.participant(), natural, rules)
    record = replace(record, natural=natural, faces=faces, seed=seed, achievement=judgement.achievement)
    if judgement.kind is RollKind.FUMBLE:
        record = replace(record, kind=RecordKind.FUMBLE, total=declared.total)
        waiting = replace(_with_progress(doc, declared), pending_fumble=True, history=(*doc.history, record))
        return waiting, record
    after = advance(declared, judgement, len(doc.members), rules, play_out)
    kind = RecordKind.CRITICAL if judgement.kind is RollKind.CRITICAL else RecordKind.NORMAL
    record = replace(record, kind=kind, total=after.total)
    return replace(_with_progress(doc, after), history=(*doc.history, record)), record


def resolve_fumble(
    doc: FocusDoc, cancelled: bool, rules: FocusRules, play_out: bool = False
) -> tuple[FocusDoc, RollRecord]:
    """The GM's decision on the pending fumble: cancelled by a skill (an ordinary roll, the AF
    goes on) or not (the AF ends as failure)."""
    if not doc.pending_fumble:
        raise ValueError(Message("GM の判断を待っているファンブルはありません"))
    last = doc.history[-1]
    assert last.natural is not None
    if not cancelled:
        ended = replace(doc, pending_fumble=False, status=FocusStatus.FAILURE, ending=Ending.FUMBLE)
        return ended, last
    member = doc.members[last.member]
    judgement: RollJudgement = cancelled_fumble(member.participant(), last.natural)
    after = advance(doc.progress(), judgement, len(doc.members), rules, play_out)
    record = replace(last, kind=RecordKind.CANCELLED, achievement=judgement.achievement, total=after.total)
    doc = replace(_with_progress(doc, after), pending_fumble=False, history=(*doc.history[:-1], record))
    return doc, record


def end_by_rule(doc: FocusDoc, success: bool, note: str, ending: Ending | None = None) -> FocusDoc:
    """The GM ends the AF by a special rule (`ending` GM_SPELL: a 令呪 was spent for success)."""
    if not doc.running:
        raise ValueError(Message("AF判定は終了しています"))
    return replace(
        doc,
        pending_fumble=False,
        status=FocusStatus.SUCCESS if success else FocusStatus.FAILURE,
        ending=ending or (Ending.GM_SUCCESS if success else Ending.GM_FAILURE),
        ending_note=note.strip(),
    )


def cancel(doc: FocusDoc, note: str) -> FocusDoc:
    """The GM abandons the AF (e.g. a mistaken set-up): no result, the rolls stay in the record."""
    if not doc.running:
        raise ValueError(Message("AF判定は終了しています"))
    return replace(
        doc,
        pending_fumble=False,
        status=FocusStatus.CANCELLED,
        ending=Ending.CANCELLED,
        ending_note=note.strip(),
    )
