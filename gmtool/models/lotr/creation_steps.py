"""Page 4 (技能) and page 5 (特徴・仕上げ) of the LotR creation model.

Split from `lotr_creation_model` only to keep modules short: `SkillSteps` is a
part of `LotRCreationModel` and uses its draft, rules and `_update`; it holds
no state of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from gmtool.models.lotr.creation_limits import (
    FREE_PICK_KINDS,
    POOL_FIELDS,
    Budget,
    CreationRefused,
    FreeBuy,
    checked_name,
    provisional_character,
)
from gmtool.rules.systems.lotr.advancement import pick_cost
from gmtool.rules.systems.lotr.character import MAX_RANK, Pick
from gmtool.rules.systems.lotr.creation import (
    CUSTOM,
    FREE_POINTS,
    ORDER_FREE_RANKS,
    ORDER_RANKS,
    PACKAGE,
    RACE_PICKS,
    CreationDraft,
    free_points_used,
    language_budget,
    positive_ranks,
    race_points_used,
    skill_totals,
)
from gmtool.rules.systems.lotr.rules_data import ATTRIBUTE_IDS, ATTRIBUTE_NAMES, LotRRules

# The pools' names in the 未使用 line, as the skill table's columns name them.
UNUSED_NAMES = {
    "order": "職業スキル",
    "order_free": "職業・自由",
    "race": "種族",
    "language": "言語・知識",
    "free": "自由ポイント",
}


class SkillSteps:
    """Page 4 (技能) and page 5 (特徴・仕上げ) of LotRCreationModel."""

    draft: CreationDraft
    rules: LotRRules
    override: bool
    _skill_names: list[str]
    _free_buys: list[FreeBuy]
    tr: Callable[..., str]
    _update: Callable[..., None]

    # ---- page 4: skills ----------------------------------------------------------------
    def set_skill_mode(self, mode: str) -> None:
        if mode not in (PACKAGE, CUSTOM):
            raise CreationRefused(self.tr("技能の決め方はパッケージか自由配分です（{0}）").format(mode))
        self._update(skill_mode=mode)

    def package(self) -> dict[str, int]:
        order = self.rules.order(self.draft.order)
        return dict(order.package) if order else {}

    def skill_names(self) -> list[str]:
        """The rows of the skill table, sorted: added ones and any the pools or the package hold."""
        names = set(self._skill_names) | set(self.draft.specialisations)
        for f in POOL_FIELDS.values():
            names |= set(getattr(self.draft, f))
        if self.draft.skill_mode == PACKAGE:
            names |= set(self.package())
        return sorted(names)

    def add_skill(self, name: str) -> str:
        name = checked_name(name, self.tr("技能名"))
        if name in self.skill_names():
            raise CreationRefused(self.tr("{0} は既に一覧にあります").format(name))
        self._skill_names.append(name)
        self._update()
        return name

    def remove_skill(self, name: str) -> None:
        changes: dict[str, Any] = {
            f: {n: r for n, r in getattr(self.draft, f).items() if n != name} for f in POOL_FIELDS.values()
        }
        for key in ("specialisations", "skill_attributes"):
            changes[key] = {n: v for n, v in getattr(self.draft, key).items() if n != name}
        self._skill_names = [n for n in self._skill_names if n != name]
        self._update(**changes)

    def ranks(self, pool: str, name: str) -> int:
        if pool == "order" and self.draft.skill_mode == PACKAGE:
            return self.package().get(name, 0)
        return getattr(self.draft, POOL_FIELDS[pool]).get(name, 0)

    def set_ranks(self, pool: str, name: str, ranks: int) -> None:
        if pool not in POOL_FIELDS:
            raise CreationRefused(self.tr("技能ランクの枠 '{0}' はありません").format(pool))
        if ranks < 0:
            raise CreationRefused(self.tr("ランクは 0 以上です（{0}）").format(ranks))
        if pool in ("order", "order_free") and self.draft.skill_mode == PACKAGE:
            raise CreationRefused(
                self.tr("職業パッケージを選んでいます。職業スキルを配分するには「自由配分」にしてください")
            )
        name = checked_name(name, self.tr("技能名"))
        current = dict(getattr(self.draft, POOL_FIELDS[pool]))
        current[name] = ranks
        added = name not in self._skill_names
        if added:  # its row stays when the ranks go back to 0
            self._skill_names.append(name)
        try:
            self._update(**{POOL_FIELDS[pool]: {n: r for n, r in current.items() if r}})
        except CreationRefused:
            if added:
                self._skill_names.remove(name)
            raise

    def total(self, name: str) -> int:
        return skill_totals(self.draft, self.rules).get(name, 0)

    def budgets(self) -> dict[str, Budget]:
        draft = self.draft
        return {
            "order": Budget(sum(positive_ranks(draft.order_ranks).values()), ORDER_RANKS),
            "order_free": Budget(sum(positive_ranks(draft.order_free_ranks).values()), ORDER_FREE_RANKS),
            "race": Budget(race_points_used(draft), RACE_PICKS),
            "language": Budget(
                sum(positive_ranks(draft.language_ranks).values()), language_budget(draft, self.rules)
            ),
            "free": Budget(free_points_used(draft, self.rules), FREE_POINTS),
        }

    def unused_pools(self) -> dict[str, Budget]:
        """The pools with points left (not a problem: the player may leave them), in table order.

        The order pools do not count with a package: the package is the order's ranks.
        """
        package_mode = self.draft.skill_mode == PACKAGE
        return {
            pool: budget
            for pool, budget in self.budgets().items()
            if budget.left > 0 and not (package_mode and pool in ("order", "order_free"))
        }

    def unused_text(self) -> str:
        """「未使用: 職業スキル 9 / 15、…」 (left / budget), '' when every pool is spent."""
        unused = self.unused_pools()
        if not unused:
            return ""
        parts = (f"{self.tr(UNUSED_NAMES[p])} {b.left} / {b.limit}" for p, b in unused.items())
        return self.tr("未使用: {0}").format("、".join(parts))

    def over_stored_max(self) -> dict[str, int]:
        """Skills whose total is above what a character can hold (12): they are stored as 12."""
        return {n: r for n, r in skill_totals(self.draft, self.rules).items() if r > MAX_RANK}

    def listed_attribute(self, name: str) -> str:
        """The skill list's attribute for this skill (by the part before ':'), '' when unset."""
        definition = self.rules.skill(name) or self.rules.skill(name.split(":")[0].strip())
        return definition.attribute if definition else ""

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
        chosen = {n: a for n, a in self.draft.skill_attributes.items() if n != name}
        if attribute:
            chosen[name] = attribute
        self._update(skill_attributes=chosen)

    def add_specialisation(self, name: str, specialisation: str) -> None:
        """The first one is free (1.4.1); each further one costs 1 free point (the engine counts)."""
        specialisation = checked_name(specialisation, self.tr("特化の分野"))
        taken = tuple(self.draft.specialisations.get(name, ()))
        if specialisation in taken:
            raise CreationRefused(self.tr("{0} は既に {1} に特化しています").format(name, specialisation))
        self._update(specialisations={**self.draft.specialisations, name: (*taken, specialisation)})

    def remove_specialisation(self, name: str, specialisation: str) -> None:
        kept = tuple(f for f in self.draft.specialisations.get(name, ()) if f != specialisation)
        specialisations = {n: f for n, f in self.draft.specialisations.items() if n != name}
        if kept:
            specialisations[name] = kept
        self._update(specialisations=specialisations)

    def add_race_edge(self, name: str, cost: int | None = None) -> None:
        """An edge bought with the race's 6 points; its cost from the pick table, else as typed."""
        name = checked_name(name, self.tr("Edge の名前"))
        price = self.pick_cost("edge", name)
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
        self._update(race_edges=(*self.draft.race_edges, Pick(kind="edge", target=name, cost=price)))

    def remove_race_edge(self, index: int) -> None:
        edges = list(self.draft.race_edges)
        del edges[index]
        self._update(race_edges=tuple(edges))

    # ---- page 5: edges, flaws, order ability, free points --------------------------------
    def add_edge(self, name: str) -> None:
        name = checked_name(name, self.tr("Edge の名前"))
        self._update(edges=(*self.draft.edges, name))

    def remove_edge(self, index: int) -> None:
        self._update(edges=tuple(e for i, e in enumerate(self.draft.edges) if i != index))

    def add_flaw(self, name: str) -> None:
        name = checked_name(name, self.tr("Flaw の名前"))
        self._update(flaws=(*self.draft.flaws, name))

    def remove_flaw(self, index: int) -> None:
        self._update(flaws=tuple(f for i, f in enumerate(self.draft.flaws) if i != index))

    def set_order_ability(self, text: str) -> None:
        self._update(order_ability=text.strip())

    def pick_cost(self, kind: str, target: str = "") -> int | None:
        return pick_cost(provisional_character(self.draft), kind, target, self.rules)

    def free_buys(self) -> list[FreeBuy]:
        return list(self._free_buys)

    def add_free_pick(self, kind: str, target: str, cost: int | None = None, note: str = "") -> FreeBuy:
        """A free-point buy other than a skill rank: +1 to an attribute, or an edge."""
        if kind not in FREE_PICK_KINDS:
            raise CreationRefused(
                self.tr("自由ポイントで買えるのは能力値・技能ランク・Edge です（{0}）").format(kind)
            )
        if kind == "attribute" and target not in ATTRIBUTE_IDS:
            raise CreationRefused(self.tr("能力値 '{0}' はありません").format(target))
        target = checked_name(target, self.tr("Edge の名前")) if kind == "edge" else target
        price = self.pick_cost(kind, target)
        if price is None and cost is None:
            raise CreationRefused(
                self.tr("この購入の消費ポイントはルールデータにありません。GM と決めた点数を入力してください")
            )
        chosen = price if price is not None else cost
        assert chosen is not None
        if chosen < 0:
            raise CreationRefused(self.tr("消費ポイントは 0 以上です（{0}）").format(chosen))
        buy = FreeBuy(kind, target, cost, chosen, note.strip())
        self._update(buys=[*self._free_buys, buy])
        return buy

    def remove_free_pick(self, index: int) -> None:
        self._update(buys=[b for i, b in enumerate(self._free_buys) if i != index])

    def priced(self, draft: CreationDraft, buys: list[FreeBuy]) -> list[FreeBuy]:
        """The buys at the table's cost for this draft (favoured attributes cost differently)."""
        character = provisional_character(draft)
        out = []
        for buy in buys:
            table = pick_cost(character, buy.kind, buy.target, self.rules)
            cost = table if table is not None else buy.typed_cost if buy.typed_cost is not None else buy.cost
            out.append(replace(buy, cost=cost))
        return out
