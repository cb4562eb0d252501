"""The フォーカード skill catalog as values: `SkillCatalog`, its `SkillDef` entries and their
specialisations (validated, loaded and stored by `catalog`).

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StrictStr

from gmtool.rules.message import Message, template

SkillName = Annotated[StrictStr, Field(min_length=1, max_length=60)]
Cost = Annotated[StrictInt, Field(ge=1, le=99)]
MAX_SKILLS = 500


@dataclass(frozen=True)
class SpecialisationDef:
    __pydantic_config__ = ConfigDict(extra="forbid")

    name: SkillName
    cost: Cost | None = None  # XP for a specialisation after the free first one; None: 未設定


@dataclass(frozen=True)
class SkillDef:
    __pydantic_config__ = ConfigDict(extra="forbid")

    name: SkillName
    base: Literal["iq", "dx", ""] = ""  # "" : 未設定
    expertise: Cost | None = None  # 専門性; None: 未設定
    level_cap: StrictBool = False  # 総合LVによるスキルキャップ
    restrictor: Annotated[StrictStr, Field(max_length=60)] = ""  # 制限スキル
    prerequisites: tuple[SkillName, ...] = ()  # 前提スキル
    specialisations: tuple[SpecialisationDef, ...] = ()

    @property
    def specialised(self) -> bool:
        """特化スキルが設定されている: outside a specialisation the skill counts LV−2."""
        return bool(self.specialisations)

    def specialisation(self, name: str) -> SpecialisationDef | None:
        return next((s for s in self.specialisations if s.name == name), None)

    def missing(self) -> list[str]:
        """What the GM still has to fill in before anyone can learn this skill."""
        gaps = []
        if not self.base:
            gaps.append(template("基礎能力値"))
        if self.expertise is None:
            gaps.append(template("専門性"))
        return gaps


@dataclass(frozen=True)
class SkillCatalog:
    __pydantic_config__ = ConfigDict(extra="forbid")

    skills: Annotated[tuple[SkillDef, ...], Field(max_length=MAX_SKILLS)] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        names = [s.name for s in self.skills]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            raise ValueError(Message("スキル名が重複しています: {0}", Message.joined(", ", duplicates)))
        known = set(names)
        for skill in self.skills:
            references = [*skill.prerequisites, *([skill.restrictor] if skill.restrictor else [])]
            unknown = [r for r in references if r not in known]
            if unknown:
                raise ValueError(
                    Message(
                        "【{0}】が参照するスキルがカタログにありません: {1}",
                        skill.name,
                        Message.joined(", ", unknown),
                    )
                )
            if skill.name in references:
                raise ValueError(Message("【{0}】が自分自身を前提・制限スキルにしています", skill.name))
            spec_names = [s.name for s in skill.specialisations]
            if len(set(spec_names)) != len(spec_names):
                raise ValueError(Message("【{0}】の特化分野の名前が重複しています", skill.name))

    def get(self, name: str) -> SkillDef | None:
        return next((s for s in self.skills if s.name == name), None)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.skills]
