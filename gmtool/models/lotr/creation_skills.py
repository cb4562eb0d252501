"""Page 4 of the LotR creation wizard (1.4 技能, 1.4.1): the order package or the custom
allocation, the ranks of each pool, each skill's attribute, the specialisations, and the edges
bought with the race's points.  What each pool has spent and allows is the engine's
(`creation.pools`); every change goes through the draft's guarded update.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QObject

from gmtool.models.creation_common import CreationRefused
from gmtool.models.lotr.creation_state import CreationState
from gmtool.models.shown_text import listed
from gmtool.rules.systems.lotr.character import Pick
from gmtool.rules.systems.lotr.creation import (
    CUSTOM,
    ORDER_POOLS,
    PACKAGE,
    POOL_FIELDS,
    Limit,
    exceeded,
    listed_attribute,
    over_stored_max,
    pools,
    skill_totals,
)
from gmtool.rules.systems.lotr.rules_data import ATTRIBUTE_IDS, ATTRIBUTE_NAMES

# The pools' names in the 未使用 line, as the skill table's columns name them.
UNUSED_NAMES = {
    "order": "職業スキル",
    "order_free": "職業・自由",
    "race": "種族",
    "language": "言語・知識",
    "free": "自由ポイント",
}


class CreationSkills(QObject):
    """The skills page of the creation draft in `state`."""

    def __init__(self, state: CreationState, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self._skill_names: list[str] = []  # rows the player added (they stay at 0 ranks)

    def set_skill_mode(self, mode: str) -> None:
        if mode not in (PACKAGE, CUSTOM):
            raise CreationRefused(self.tr("技能の決め方はパッケージか自由配分です（{0}）").format(mode))
        self._state.update(skill_mode=mode)

    def package(self) -> dict[str, int]:
        order = self._state.rules.order(self._state.draft.order)
        return dict(order.package) if order else {}

    def skill_names(self) -> list[str]:
        """The rows of the skill table, sorted: added ones and any the pools or the package hold."""
        draft = self._state.draft
        names = set(self._skill_names) | set(draft.specialisations)
        for f in POOL_FIELDS.values():
            names |= set(getattr(draft, f))
        if draft.skill_mode == PACKAGE:
            names |= set(self.package())
        return sorted(names)

    def add_skill(self, name: str) -> str:
        name = self._state.checked_name(name, self.tr("技能名"))
        if name in self.skill_names():
            raise CreationRefused(self.tr("{0} は既に一覧にあります").format(name))
        self._skill_names.append(name)
        self._state.update()
        return name

    def remove_skill(self, name: str) -> None:
        draft = self._state.draft
        changes: dict[str, Any] = {
            f: {n: r for n, r in getattr(draft, f).items() if n != name} for f in POOL_FIELDS.values()
        }
        for key in ("specialisations", "skill_attributes"):
            changes[key] = {n: v for n, v in getattr(draft, key).items() if n != name}
        self._skill_names = [n for n in self._skill_names if n != name]
        self._state.update(**changes)

    def ranks(self, pool: str, name: str) -> int:
        if pool == "order" and self._state.draft.skill_mode == PACKAGE:
            return self.package().get(name, 0)
        ranks: Mapping[str, int] = getattr(self._state.draft, POOL_FIELDS[pool])  # the pool's *_ranks field
        return ranks.get(name, 0)

    def set_ranks(self, pool: str, name: str, ranks: int) -> None:
        if pool not in POOL_FIELDS:
            raise CreationRefused(self.tr("技能ランクの枠 '{0}' はありません").format(pool))
        if ranks < 0:
            raise CreationRefused(self.tr("ランクは 0 以上です（{0}）").format(ranks))
        if not self.pool_open(pool):
            raise CreationRefused(
                self.tr("職業パッケージを選んでいます。職業スキルを配分するには「自由配分」にしてください")
            )
        name = self._state.checked_name(name, self.tr("技能名"))
        current = dict(getattr(self._state.draft, POOL_FIELDS[pool]))
        current[name] = ranks
        added = name not in self._skill_names
        if added:  # its row stays when the ranks go back to 0
            self._skill_names.append(name)
        try:
            self._state.update(**{POOL_FIELDS[pool]: {n: r for n, r in current.items() if r}})
        except CreationRefused:
            if added:
                self._skill_names.remove(name)
            raise

    def total(self, name: str) -> int:
        return skill_totals(self._state.draft, self._state.rules).get(name, 0)

    def total_too_high(self, name: str) -> bool:
        """The skill's total is over what a character may start with (1.4: 6 ranks)."""
        return f"rank:{name}" in exceeded(self._state.draft, self._state.rules)

    def pool_open(self, pool: str) -> bool:
        """Whether the pool's ranks are the player's to give: with a package the order's are its."""
        return not (self._state.draft.skill_mode == PACKAGE and pool in ORDER_POOLS)

    def budgets(self) -> dict[str, Limit]:
        """Each rank pool, spent and allowed (`used`, `limit`, `left`), in the skill table's order."""
        return pools(self._state.draft, self._state.rules)

    def counted_pools(self) -> dict[str, Limit]:
        """The pools the player spends, in table order (with a package, not the order's two)."""
        return {pool: budget for pool, budget in self.budgets().items() if self.pool_open(pool)}

    def unused_pools(self) -> dict[str, Limit]:
        """The pools with points left (not a problem: the player may leave them), in table order."""
        return {pool: budget for pool, budget in self.counted_pools().items() if budget.left > 0}

    def unused_text(self) -> str:
        """「未使用: 職業スキル 9 / 15、…」 (left / budget), '' when every pool is spent."""
        unused = self.unused_pools()
        if not unused:
            return ""
        parts = (f"{self.tr(UNUSED_NAMES[p])} {b.left} / {b.limit}" for p, b in unused.items())
        return self.tr("未使用: {0}").format(listed(parts))

    def over_stored_max(self) -> dict[str, int]:
        """Skills whose total is above what a character can hold (12): they are stored as 12."""
        return over_stored_max(self._state.draft, self._state.rules)

    def listed_attribute(self, name: str) -> str:
        """The skill list's attribute for this skill (by the part before ':'), '' when unset."""
        return listed_attribute(name, self._state.rules)

    def set_skill_attribute(self, name: str, attribute: str) -> None:
        listed = self.listed_attribute(name)
        if listed:
            raise CreationRefused(
                self.tr("{0} の能力値はルールデータで {1} に決まっています").format(
                    name, ATTRIBUTE_NAMES[listed]
                )
            )
        if attribute not in ("", *ATTRIBUTE_IDS):
            raise CreationRefused(self.tr("能力値 '{0}' はありません").format(attribute))
        chosen = {n: a for n, a in self._state.draft.skill_attributes.items() if n != name}
        if attribute:
            chosen[name] = attribute
        self._state.update(skill_attributes=chosen)

    def add_specialisation(self, name: str, specialisation: str) -> None:
        """The first one is free (1.4.1); each further one costs 1 free point (the engine counts)."""
        specialisation = self._state.checked_name(specialisation, self.tr("特化の分野"))
        specialisations = self._state.draft.specialisations
        taken = tuple(specialisations.get(name, ()))
        if specialisation in taken:
            raise CreationRefused(self.tr("{0} は既に {1} に特化しています").format(name, specialisation))
        self._state.update(specialisations={**specialisations, name: (*taken, specialisation)})

    def remove_specialisation(self, name: str, specialisation: str) -> None:
        current = self._state.draft.specialisations
        kept = tuple(f for f in current.get(name, ()) if f != specialisation)
        specialisations = {n: f for n, f in current.items() if n != name}
        if kept:
            specialisations[name] = kept
        self._state.update(specialisations=specialisations)

    def add_race_edge(self, name: str, cost: int | None = None) -> None:
        """An edge bought with the race's 6 points; its cost from the pick table, else as typed."""
        name = self._state.checked_name(name, self.tr("Edge の名前"))
        price = self._state.pick_cost("edge", name)
        if price is None:
            if cost is None:
                raise CreationRefused(
                    self.tr(
                        "Edge の消費ポイントはルールデータにありません。GM と決めた点数を入力してください"
                    )
                )
            price = cost
        if price < 0:
            raise CreationRefused(self.tr("消費ポイントは 0 以上です（{0}）").format(price))
        edges = self._state.draft.race_edges
        self._state.update(race_edges=(*edges, Pick(kind="edge", target=name, cost=price)))

    def remove_race_edge(self, index: int) -> None:
        edges = list(self._state.draft.race_edges)
        del edges[index]
        self._state.update(race_edges=tuple(edges))
