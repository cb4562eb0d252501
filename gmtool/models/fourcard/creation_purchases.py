"""Page 4 (スキル) of the フォーカード creation wizard: TP and 特化 bought one at a time.

The purchases are kept as the user asked for them (`PurchaseIntent`) and replayed, in order, on the
draft whenever its inputs change (attributes, 追加初期経験点, its earmarks): a purchase the new
budget or caps no longer allow is dropped, and `notice` names it.  Every cap is the engine's
(`rules/systems/fourcard/advancement.py`); the GM override passes the rule caps and is logged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Literal

from PySide6.QtCore import QObject, Signal

from gmtool.models.creation_common import Blocker, CreationRefused
from gmtool.models.fourcard.creation_log import CreationLog
from gmtool.models.fourcard.terms import CREATION_SCENARIO, rendered, skill_term
from gmtool.rules.message import Message
from gmtool.rules.systems.fourcard.advancement import (
    Purchase,
    PurchaseBlocked,
    commit,
    skill_tp_purchase,
    specialisation_purchase,
)
from gmtool.rules.systems.fourcard.catalog import SkillCatalog
from gmtool.rules.systems.fourcard.character import ATTRIBUTES, FourCardCharacter, LedgerEntry
from gmtool.rules.systems.fourcard.creation import CreationBudget

SCENARIO = CREATION_SCENARIO


class CatalogState(Enum):
    """What the catalog offers the skill page: skills to buy, or why none (the page's guide)."""

    OFFERS = "offers"
    EMPTY = "empty"  # no skill at all
    UNPRICED = "unpriced"  # skills, each with a value still 未設定 (the shipped 【接近戦】)


@dataclass(frozen=True)
class PurchaseIntent:
    """One purchase as the user asked for it, replayed whenever the draft is rebuilt."""

    kind: Literal["tp", "specialisation"]
    skill: str
    field: str = ""
    override: bool = False


@dataclass(frozen=True)
class SkillRow:
    """One catalog skill as the skill page lists it."""

    name: str
    base: str  # "IQ" / "DX" / ""
    expertise: int | None
    tp: int
    next_cost: int | None  # None: cannot be priced (未設定 or already 9TP)
    specialisations: tuple[str, ...]  # taken
    open_fields: tuple[str, ...]  # catalog fields not yet taken
    status: str  # "" when the next TP can be bought, else every reason why not


@dataclass(frozen=True)
class Replay:
    character: FourCardCharacter
    budget: CreationBudget
    kept: list[PurchaseIntent]
    dropped: list[str]  # 「【skill】: why」 for each purchase the inputs no longer allow


def replay(
    character: FourCardCharacter,
    budget: CreationBudget,
    catalog: SkillCatalog,
    intents: Sequence[PurchaseIntent],
    date: str,
) -> Replay:
    """Every purchase again, in order, on a base character; a purchase now refused is dropped."""
    kept: list[PurchaseIntent] = []
    dropped: list[str] = []
    for intent in intents:
        available = budget.available_for(intent.skill)
        try:
            if intent.kind == "tp":
                purchase = skill_tp_purchase(character, catalog, intent.skill, available)
            else:
                purchase = specialisation_purchase(character, catalog, intent.skill, intent.field, available)
            character = commit(
                purchase, override=intent.override, date=date, scenario=SCENARIO, shown=rendered
            )
        except PurchaseBlocked as blocked:
            label = f"【{intent.skill}】{intent.field and '【' + intent.field + '】'}"
            dropped.append(Message("{0}: {1}", label, blocked))
            continue
        budget = budget.pay(intent.skill, purchase.cost)
        kept.append(intent)
    return Replay(character, budget, kept, dropped)


class CreationPurchases(QObject):
    """The draft character with its purchases, and the purchases themselves."""

    changed = Signal()  # the draft was rebuilt (a purchase, or new inputs)

    def __init__(
        self,
        catalog: SkillCatalog,
        base: FourCardCharacter,
        budget: CreationBudget,
        gm_override: Callable[[], bool],
        log: CreationLog,
        today: Callable[[], str],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self._gm_override = gm_override
        self._log = log
        self._today = today
        self.notice = ""  # purchases dropped by the last rebuild
        self._intents: list[PurchaseIntent] = []
        self.draft, self.budget = base, budget
        self._base, self._start = base, budget

    def set_catalog(self, catalog: SkillCatalog) -> None:
        """The GM stored another catalog: the next `start_from` replays the purchases on it."""
        self.catalog = catalog

    def catalog_state(self) -> CatalogState:
        if not self.catalog.skills:
            return CatalogState.EMPTY
        if all(s.missing() for s in self.catalog.skills):
            return CatalogState.UNPRICED
        return CatalogState.OFFERS

    def start_from(self, base: FourCardCharacter, budget: CreationBudget) -> None:
        """New inputs (the base character before any purchase, the XP to spend): replays every
        purchase on them, dropping those they no longer allow."""
        self._base, self._start = base, budget
        self._replay()

    @property
    def purchases(self) -> list[LedgerEntry]:
        """The purchase rows of the draft's ledger, in order (a free 初期特化 included)."""
        return list(self.draft.growth[len(self._base.growth) :])

    @property
    def leftover(self) -> int:
        """初期経験点 not spent: 「余らせた初期経験点は、失われます」."""
        return max(0, self.budget.general) + max(0, self.budget.extra)

    def rows(self) -> list[SkillRow]:
        rows = []
        for definition in self.catalog.skills:
            owned = self.draft.skill(definition.name)
            taken = owned.specialisations if owned else ()
            status: str  # a Message, so the view shows it in the UI language
            try:
                purchase = self._tp_purchase(definition.name)
                next_cost, status = purchase.cost, Message.joined("、", purchase.refusals)
            except PurchaseBlocked as blocked:
                next_cost, status = None, str(blocked)
            rows.append(
                SkillRow(
                    definition.name,
                    dict(ATTRIBUTES).get(definition.base, ""),
                    definition.expertise,
                    owned.tp if owned else 0,
                    next_cost,
                    taken,
                    tuple(s.name for s in definition.specialisations if s.name not in taken),
                    status,
                )
            )
        return rows

    def buy_tp(self, name: str) -> Purchase:
        """+1 TP; raises PurchaseBlocked with every reason unless the GM override passes it."""
        return self._buy(PurchaseIntent("tp", name), self._tp_purchase(name))

    def specialise(self, name: str, field: str) -> Purchase:
        """特化: the first free (初期特化), each further one at its catalog cost."""
        purchase = specialisation_purchase(
            self.draft, self.catalog, name, field, self.budget.available_for(name)
        )
        return self._buy(PurchaseIntent("specialisation", name, field), purchase)

    def undo_purchase(self) -> str:
        """Takes back the last purchase of this wizard; returns what it was."""
        if not self._intents:
            raise CreationRefused(self.tr("戻せる購入がありません"))
        last = self.purchases[-1].bought
        self._intents.pop()
        self.notice = ""
        self._replay()
        return last

    def missing_text(self, missing: list[str]) -> str:
        """What a catalog skill still lacks (`SkillDef.missing`), in the UI language."""
        return self.tr("・").join(self.tr(gap) for gap in missing)

    def blockers(self) -> list[Blocker]:
        """Blocked only when nothing at all can be bought; unspent XP alone is a warning."""
        if self._intents:
            return []
        if not self.catalog.skills:
            return [
                Blocker(self.tr("スキルカタログにスキルがありません。GM がスキルカタログで設定してください"))
            ]
        gaps = [(s.name, s.missing()) for s in self.catalog.skills]
        if all(missing for _, missing in gaps):
            detail = self.tr("、").join(
                self.tr("{0}の{1}が未設定").format(skill_term(n), self.missing_text(missing))
                for n, missing in gaps
            )
            return [
                Blocker(
                    self.tr(
                        "習得できるスキルがありません（{0}）。GM がスキルカタログで設定してください。"
                        "GM オーバーライドで進むと初期経験点は失われます"
                    ).format(detail)
                )
            ]
        return []

    def warnings(self) -> list[str]:
        if not self.leftover:
            return []
        return [
            self.tr("使い切れなかった初期経験点 {0} 点は失われます（初期経験点は必ず使い切ります）").format(
                self.leftover
            )
        ]

    # ---- internals ---------------------------------------------------------------------
    def _replay(self) -> None:
        result = replay(self._base, self._start, self.catalog, self._intents, self._today())
        self._intents = result.kept
        self.draft, self.budget = result.character, result.budget
        if result.dropped:
            self.notice = self.tr("条件が変わったため取り消した購入: {0}").format(" / ".join(result.dropped))
        self.changed.emit()

    def _tp_purchase(self, name: str) -> Purchase:
        return skill_tp_purchase(self.draft, self.catalog, name, self.budget.available_for(name))

    def _buy(self, intent: PurchaseIntent, purchase: Purchase) -> Purchase:
        if purchase.refusals and not self._gm_override():
            raise PurchaseBlocked(Message.joined("、", purchase.refusals))
        intent = replace(intent, override=bool(purchase.refusals))
        self._intents.append(intent)
        self.notice = ""
        self._replay()
        if intent.override:
            self._log.override(rendered(purchase.description), [rendered(r) for r in purchase.refusals])
        return purchase
