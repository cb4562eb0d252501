"""The アナザーワールドSRS 3rd character: every value the rule text names.

Derivation formulas are not in the given texts (SPEC.md), so combat values,
HP and MP are entered values.  The dataclass doubles as the validation schema
of the stored JSON document: pydantic checks it field by field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StrictStr

from gmtool.rules.message import Message

SCHEMA_VERSION = 1

# Generous bounds: they catch typos and hostile files, not house rules.
Stat = Annotated[StrictInt, Field(ge=-99, le=999)]
Pool = Annotated[StrictInt, Field(ge=-9999, le=99999)]
ShortText = Annotated[StrictStr, Field(max_length=200)]
LongText = Annotated[StrictStr, Field(max_length=100_000)]

ATTRIBUTES: tuple[tuple[str, str], ...] = (
    ("body", "体力"),
    ("reflex", "反射"),
    ("perception", "知覚"),
    ("intellect", "理知"),
    ("will", "意志"),
    ("luck", "幸運"),
)
COMBAT_VALUES: tuple[tuple[str, str], ...] = (
    ("physical_hit", "物理命中値"),
    ("spirit_hit", "霊力命中値"),
    ("evasion", "回避値"),
    ("attack", "攻撃力"),
    ("initiative", "行動値"),
)
MAX_CLASSES = 3
MAX_FEATS = 200


@dataclass(frozen=True)
class Feat:
    """特技: one row of the feat table."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    name: ShortText = ""
    timing: ShortText = ""  # タイミング
    check: ShortText = ""  # 判定
    target: ShortText = ""  # 対象
    range: ShortText = ""  # 射程
    cost: ShortText = ""  # 代償
    effect: Annotated[StrictStr, Field(max_length=5000)] = ""  # 効果


FEAT_COLUMNS: tuple[tuple[str, str], ...] = (
    ("name", "名称"),
    ("timing", "タイミング"),
    ("check", "判定"),
    ("target", "対象"),
    ("range", "射程"),
    ("cost", "代償"),
    ("effect", "効果"),
)


@dataclass(frozen=True)
class Attributes:
    __pydantic_config__ = ConfigDict(extra="forbid")

    body: Stat = 0
    reflex: Stat = 0
    perception: Stat = 0
    intellect: Stat = 0
    will: Stat = 0
    luck: Stat = 0


@dataclass(frozen=True)
class CombatValues:
    __pydantic_config__ = ConfigDict(extra="forbid")

    physical_hit: Stat = 0
    spirit_hit: Stat = 0
    evasion: Stat = 0
    attack: Stat = 0
    initiative: Stat = 0


@dataclass(frozen=True)
class AWCharacter:
    __pydantic_config__ = ConfigDict(extra="forbid")

    name: ShortText = ""
    attributes: Attributes = field(default_factory=Attributes)
    combat: CombatValues = field(default_factory=CombatValues)
    hp: Pool = 0
    hp_max: Pool = 0
    mp: Pool = 0
    mp_max: Pool = 0
    critical: Annotated[StrictInt, Field(ge=2, le=13)] = 12  # クリティカル値
    fumble: Annotated[StrictInt, Field(ge=1, le=12)] = 2  # ファンブル値
    classes: Annotated[tuple[ShortText, ...], Field(max_length=MAX_CLASSES)] = ()
    feats: Annotated[tuple[Feat, ...], Field(max_length=MAX_FEATS)] = ()
    lifepath: LongText = ""
    notes: LongText = ""
    is_pc: StrictBool = True

    def __post_init__(self) -> None:
        if self.fumble >= self.critical:
            raise ValueError(
                Message("ファンブル値 {0} がクリティカル値 {1} 以上です", self.fumble, self.critical)
            )
