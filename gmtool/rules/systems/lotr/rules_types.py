"""LotR (CODA) rule tables as values: the ids and names of attributes and reactions, the degrees
of success, and the `LotRRules` a campaign's tables make (loaded and validated by `rules_data`).

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Literal

from gmtool.rules.message_types import Message
from gmtool.rules.systems.lotr.house_rules import UNSET_LIGHTER
from gmtool.rules.systems.lotr.reference_catalog import SHIPPED_TABLES
from gmtool.rules.systems.lotr.reference_table_types import ReferenceTable

# A rule name with its Japanese gloss inside a message: a template of its own, so the English UI
# finds the gloss by its template (never by its text) and drops it.
NAME_GLOSS = "{name}（{name_ja}）"

AttributeId = Literal["brg", "nim", "per", "str", "vit", "wit"]
ReactionId = Literal["stamina", "swiftness", "willpower", "wisdom"]
ATTRIBUTE_IDS: tuple[AttributeId, ...] = ("brg", "nim", "per", "str", "vit", "wit")
ATTRIBUTE_NAMES = {
    "brg": "Bearing",
    "nim": "Nimbleness",
    "per": "Perception",
    "str": "Strength",
    "vit": "Vitality",
    "wit": "Wits",
}
REACTION_IDS: tuple[ReactionId, ...] = ("stamina", "swiftness", "willpower", "wisdom")
# A skill's own attribute; "" = not set (the skill list's, or the GM picks it).
SkillAttribute = Literal["", "brg", "nim", "per", "str", "vit", "wit"]
SKILL_ATTRIBUTES: tuple[SkillAttribute, ...] = ("", *ATTRIBUTE_IDS)
# The sizes a character sheet can hold: conditions.toml's sizes must be among them.
SizeId = Literal["small", "medium", "large", "huge"]
SIZE_IDS: tuple[SizeId, ...] = ("small", "medium", "large", "huge")
REACTION_NAMES = {
    "stamina": "Stamina",
    "swiftness": "Swiftness",
    "willpower": "Willpower",
    "wisdom": "Wisdom",
}

# The advancement picks whose costs rules_data's advancement table gives (its picks keys).
PICK_KINDS = (
    "skill_rank",
    "attribute",
    "favoured_attribute",
    "reaction",
    "favoured_reaction",
    "health",
    "edge",
    "specialisation",
    "order_ability",
    "new_order",
    "flaw_picks",
)


class Degree(StrEnum):
    """The seven degrees of success, lowest first (1.5 「成功度」)."""

    DISASTROUS_FAILURE = "disastrous_failure"
    COMPLETE_FAILURE = "complete_failure"
    FAILURE = "failure"
    MARGINAL_SUCCESS = "marginal_success"
    COMPLETE_SUCCESS = "complete_success"
    SUPERIOR_SUCCESS = "superior_success"
    EXTRAORDINARY_SUCCESS = "extraordinary_success"

    @property
    def succeeded(self) -> bool:
        return DEGREE_ORDER.index(self) >= DEGREE_ORDER.index(Degree.MARGINAL_SUCCESS)


DEGREE_ORDER = tuple(Degree)


@dataclass(frozen=True)
class Named:
    id: str
    name: str
    name_ja: str

    @property
    def label(self) -> str:
        return f"{self.name}（{self.name_ja}）" if self.name_ja and self.name_ja != self.name else self.name

    @property
    def glossed(self) -> str:
        """The label as a message of its two names, for a message that names it: the English UI
        shows the English name alone (`models.lotr.shown_names.ungloss`), the Japanese the label."""
        if not self.name_ja or self.name_ja == self.name:
            return self.name
        return Message("{name}（{name_ja}）", name=self.name, name_ja=self.name_ja)  # NAME_GLOSS


@dataclass(frozen=True)
class DegreeBand(Named):
    min_margin: int | None  # None: no lower bound (the lowest band)
    time: float | None = None


@dataclass(frozen=True)
class Level(Named):
    """A wound or weariness level; penalty None = the summary gives no value."""

    penalty: int | None = None


@dataclass(frozen=True)
class Size(Named):
    order: int = 1
    extra_healthy: int = 0


@dataclass(frozen=True)
class Subrace(Named):
    bonuses: Mapping[str, int] = field(default_factory=dict)
    bonuses_known: bool = False


@dataclass(frozen=True)
class Race(Named):
    size: SizeId = "medium"
    wound_levels: int = 5
    bonuses: Mapping[str, int] = field(default_factory=dict)
    bonuses_known: bool = False
    subraces: tuple[Subrace, ...] = ()
    courage: int | None = None

    def subrace(self, subrace_id: str) -> Subrace | None:
        return next((s for s in self.subraces if s.id == subrace_id), None)


@dataclass(frozen=True)
class Order(Named):
    skills: tuple[str, ...] = ()
    package: Mapping[str, int] = field(default_factory=dict)
    courage: int | None = None


@dataclass(frozen=True)
class SkillDef(Named):
    attribute: str = ""  # "" = not set (the GM picks it)
    untrained: bool | None = None  # None = not set
    group: bool = False


@dataclass(frozen=True)
class LotRRules:
    modifier_rows: tuple[tuple[int, int, int], ...]  # (low, high, modifier)
    beyond_from: int
    beyond_step: int
    degrees: tuple[DegreeBand, ...]
    wound_levels: tuple[Level, ...]
    weariness_levels: tuple[Level, ...]
    sizes: tuple[Size, ...]
    races: tuple[Race, ...]
    orders: tuple[Order, ...]
    skills: tuple[SkillDef, ...]
    picks: Mapping[str, int]  # advancement pick costs that are known; a missing key = not set
    inferred_picks: frozenset[str] = frozenset()
    # Not a table: the campaign's house rule UNSET_WOUND_PENALTY, how an unset wound penalty is
    # read (UNSET_ZERO: 0; UNSET_LIGHTER: the nearest lighter level's).  The campaign's tables in
    # force carry it (models/lotr/rules_model.py) so every sheet, panel and log line reads it alike.
    unset_wound_penalty: str = UNSET_LIGHTER
    # The tables the summary only refers to (reference_catalog.py), with the GM's values.
    reference: tuple[ReferenceTable, ...] = SHIPPED_TABLES

    def modifier(self, value: int) -> int:
        """能力値修正 (Table 2.1): the row holding value; above the table, +1 per `beyond_step`."""
        if value < self.modifier_rows[0][0]:
            return self.modifier_rows[0][2]
        for low, high, modifier in self.modifier_rows:
            if low <= value <= high:
                return modifier
        last = self.modifier_rows[-1][2]
        return last + 1 + (value - self.beyond_from) // self.beyond_step

    def degree_bands(self) -> tuple[tuple[Degree, int | None], ...]:
        return tuple((Degree(b.id), b.min_margin) for b in self.degrees)

    def band(self, degree: Degree) -> DegreeBand:
        return next(b for b in self.degrees if b.id == degree)

    def reference_table(self, table_id: str) -> ReferenceTable:
        return next(t for t in self.reference if t.id == table_id)

    def race(self, race_id: str) -> Race | None:
        return next((r for r in self.races if r.id == race_id), None)

    def order(self, order_id: str) -> Order | None:
        return next((o for o in self.orders if o.id == order_id), None)

    def size(self, size_id: str) -> Size | None:
        return next((s for s in self.sizes if s.id == size_id), None)

    def skill(self, name: str) -> SkillDef | None:
        return self._skills_by_name.get(name)

    @cached_property
    def _skills_by_name(self) -> dict[str, SkillDef]:
        """One dict for the whole table: a lookup per skill stays linear in a house rule's thousands."""
        return {s.name: s for s in self.skills}

    def race_bonuses(self, race_id: str, subrace_id: str = "") -> tuple[dict[str, int], bool]:
        """(attribute bonuses, known) of a race or sub-race; unknown bonuses count 0."""
        race = self.race(race_id)
        if race is None:
            return {}, False
        sub = race.subrace(subrace_id)
        if sub is not None:
            return dict(sub.bonuses), sub.bonuses_known
        if race.subraces:
            return {}, False  # a race with sub-races takes its bonuses from the chosen one
        return dict(race.bonuses), race.bonuses_known
