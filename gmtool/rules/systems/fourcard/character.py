"""The フォーカード character: every value the rule text names.

Attributes keep their history apart — the initial value (rolled, after the sex
modifier), points bought since, points lost — because growth costs and caps
depend on it.  XP is a ledger (`growth`): 獲得経験点 and spent XP are its sums,
so the sheet can never show a total that its history does not explain.  The
dataclass doubles as the schema of the stored JSON document.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StrictStr

from gmtool.rules.message import Message

SCHEMA_VERSION = 1

ATTRIBUTES: tuple[tuple[str, str], ...] = (
    ("iq", "IQ"),
    ("dx", "DX"),
    ("st", "ST"),
    ("wp", "WP"),
    ("vt", "VT"),
)
ATTRIBUTE_LABELS = dict(ATTRIBUTES)
ATTRIBUTE_MIN, ATTRIBUTE_MAX = 3, 7  # 2D3+1, and the clamp of the sex modifier
MAX_GAIN = 2  # 「初期能力値から3点以上増やすことはできません」
MAX_TP = 9  # 「最大で9TPまで」

InitialStat = Annotated[StrictInt, Field(ge=ATTRIBUTE_MIN, le=ATTRIBUTE_MAX)]
Gain = Annotated[StrictInt, Field(ge=0, le=MAX_GAIN)]
Loss = Annotated[StrictInt, Field(ge=0, le=99)]
Points = Annotated[StrictInt, Field(ge=0, le=99_999)]
SignedPoints = Annotated[StrictInt, Field(ge=-99_999, le=99_999)]
SHORT_TEXT = 200  # a ledger cell, an override record
ShortText = Annotated[StrictStr, Field(max_length=SHORT_TEXT)]
LongText = Annotated[StrictStr, Field(max_length=100_000)]
MAX_ROWS = 500


@dataclass(frozen=True)
class AttributeSet:
    __pydantic_config__ = ConfigDict(extra="forbid")

    iq: StrictInt = 5
    dx: StrictInt = 5
    st: StrictInt = 5
    wp: StrictInt = 5
    vt: StrictInt = 5

    def get(self, attribute: str) -> int:
        """One attribute by its id (iq, dx, st, wp, vt); KeyError for another."""
        return {"iq": self.iq, "dx": self.dx, "st": self.st, "wp": self.wp, "vt": self.vt}[attribute]


@dataclass(frozen=True)
class InitialAttributes(AttributeSet):
    """能力値 as created: 2D3+1 each, after the sex modifier (3–7)."""

    iq: InitialStat = 5
    dx: InitialStat = 5
    st: InitialStat = 5
    wp: InitialStat = 5
    vt: InitialStat = 5


@dataclass(frozen=True)
class Gains(AttributeSet):
    """Points bought with XP over the initial value (0–2)."""

    iq: Gain = 0
    dx: Gain = 0
    st: Gain = 0
    wp: Gain = 0
    vt: Gain = 0


@dataclass(frozen=True)
class Losses(AttributeSet):
    """Points lost 「何らかの理由で」; regaining one costs XP."""

    iq: Loss = 0
    dx: Loss = 0
    st: Loss = 0
    wp: Loss = 0
    vt: Loss = 0


@dataclass(frozen=True)
class Skill:
    __pydantic_config__ = ConfigDict(extra="forbid")

    name: Annotated[StrictStr, Field(min_length=1, max_length=60)]
    base: Literal["iq", "dx"]
    tp: Annotated[StrictInt, Field(ge=1, le=MAX_TP)]
    specialised: StrictBool = False  # 特化スキルが設定されている: LV−2 outside specialisations
    specialisations: tuple[Annotated[StrictStr, Field(min_length=1, max_length=60)], ...] = ()

    def __post_init__(self) -> None:
        if len(set(self.specialisations)) != len(self.specialisations):
            raise ValueError(Message("【{0}】の特化分野が重複しています", self.name))
        if self.specialisations and not self.specialised:
            raise ValueError(
                Message("【{0}】は特化スキルが設定されていないのに特化分野があります", self.name)
            )


@dataclass(frozen=True)
class Equipment:
    __pydantic_config__ = ConfigDict(extra="forbid")

    name: ShortText = ""
    movement_penalty: Annotated[StrictInt, Field(ge=0, le=99)] = 0  # 移動力修正（マイナスされる量）
    notes: ShortText = ""


@dataclass(frozen=True)
class LedgerEntry:
    """One line of the growth history: XP gained (xp) or spent (cost)."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    date: ShortText = ""
    scenario: ShortText = ""
    xp: SignedPoints = 0
    bought: ShortText = ""
    cost: Points = 0


@dataclass(frozen=True)
class FourCardCharacter:
    __pydantic_config__ = ConfigDict(extra="forbid")

    name: ShortText = ""
    sex: Literal["", "male", "female"] = ""
    attributes: InitialAttributes = field(default_factory=InitialAttributes)
    gains: Gains = field(default_factory=Gains)
    losses: Losses = field(default_factory=Losses)
    skills: Annotated[tuple[Skill, ...], Field(max_length=MAX_ROWS)] = ()
    earmarked_skills: tuple[Annotated[StrictStr, Field(max_length=60)], ...] = ()  # 追加初期経験点の用途
    growth: Annotated[tuple[LedgerEntry, ...], Field(max_length=10_000)] = ()
    fatigue: Points = 0  # 疲労
    injury: Points = 0  # 負傷
    hungry: StrictBool = False  # 空腹状態: no fatigue recovers until a proper meal
    money: Points = 0  # CP
    handedness: Literal["", "right", "left", "both"] = ""
    equipment: Annotated[tuple[Equipment, ...], Field(max_length=MAX_ROWS)] = ()
    overrides: Annotated[tuple[ShortText, ...], Field(max_length=MAX_ROWS)] = ()  # GM override records
    notes: LongText = ""
    is_pc: StrictBool = True

    def __post_init__(self) -> None:
        names = [s.name for s in self.skills]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            raise ValueError(Message("スキルが重複しています: {0}", Message.joined(", ", duplicates)))
        for attribute, label in ATTRIBUTES:
            if self.current(attribute) < 0:
                raise ValueError(Message("{0} の低下が初期値と成長の合計を超えています", label))

    def current(self, attribute: str) -> int:
        """The attribute as it stands: initial + bought − lost."""
        return self.attributes.get(attribute) + self.gains.get(attribute) - self.losses.get(attribute)

    def skill(self, name: str) -> Skill | None:
        return next((s for s in self.skills if s.name == name), None)

    def tp(self, name: str) -> int:
        skill = self.skill(name)
        return skill.tp if skill else 0

    @property
    def xp_earned(self) -> int:
        """獲得経験点: everything gained, initial XP included."""
        return sum(e.xp for e in self.growth)

    @property
    def xp_spent(self) -> int:
        return sum(e.cost for e in self.growth)

    @property
    def xp_unspent(self) -> int:
        return self.xp_earned - self.xp_spent

    @property
    def damage(self) -> int:
        """累積ダメージ: 疲労 + 負傷."""
        return self.fatigue + self.injury

    @property
    def equipment_penalty(self) -> int:
        return sum(e.movement_penalty for e in self.equipment)
