"""LotR (CODA) experience and advancement (1.6): the XP log and the advancement being built.

The engine (rules/systems/lotr/advancement.py) decides the XP and the limits; this model adds the
campaign's pick costs, the picks being chosen, the GM override switch, one undo step and one log
entry per action.  `problems()` / `blocking()` run the same engine calls as `take()`, so the
dialog shows exactly the reasons a click would meet.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict
from datetime import date as calendar_date

from PySide6.QtCore import QCoreApplication, QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.lotr.advancement_record import AdvancementRecord
from gmtool.models.lotr.advancement_xp import LotRXp
from gmtool.models.lotr.rules_model import RULES_KEY, campaign_lotr_rules, campaign_rules_problem
from gmtool.models.lotr.shown_names import shown_name
from gmtool.models.shown_text import listed
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import SYSTEM, advancement, orders
from gmtool.rules.systems.lotr.advancement import (
    PICKS_PER_ADVANCEMENT,
)
from gmtool.rules.systems.lotr.character import Advancement, LotRCharacter, Pick
from gmtool.rules.systems.lotr.reference_catalog import ELITE_ORDERS
from gmtool.rules.systems.lotr.rules_data import (
    ATTRIBUTE_IDS,
    ATTRIBUTE_NAMES,
    REACTION_IDS,
    REACTION_NAMES,
    LotRRules,
)

UNSET_COST = "消費量は本文にありません（GM が入力）"

# What one pick buys, in the order the builder lists them (Pick.kind).
KIND_LABELS: dict[str, str] = {
    "skill_rank": "技能ランク +1",
    "specialisation": "技能の特化",
    "attribute": "能力値 +1",
    "reaction": "リアクション +1",
    "health": "Health +1",
    "edge": "Edge（有利な特徴）",
    "flaw": "新たな Flaw（成長ポイント獲得）",
    "order_ability": "職業の特殊能力",
    "new_order": "職業の兼業（新しい職業）",
    "other": "その他",
}


def target_input(kind: str) -> str:
    """Which target a kind takes: "skill", "attribute", "reaction", "none" (Health) or "text"."""
    if kind in ("skill_rank", "specialisation"):
        return "skill"
    return kind if kind in ("attribute", "reaction") else "none" if kind == "health" else "text"


def target_label(kind: str, target: str) -> str:
    names = ATTRIBUTE_NAMES if kind == "attribute" else REACTION_NAMES if kind == "reaction" else {}
    return names.get(target, target)


def pick_text(pick: Pick) -> str:
    """「能力値 +1: Strength」: what one pick bought, as the advancement dialog and the printed sheet say."""
    target = target_label(pick.kind, pick.target)
    label = QCoreApplication.translate("LotRAdvancementModel", KIND_LABELS[pick.kind])
    return f"{label}: {target}" if target else label


def _today() -> str:
    return calendar_date.today().isoformat()


class LotRAdvancementModel(QObject):
    changed = Signal()  # the character, the rule tables, the picks, the order or the override changed

    def __init__(
        self,
        campaign_model: CampaignModel,
        character_id: str,
        today: Callable[[], str] = _today,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.character_id = character_id
        self.date = today()  # ISO date written on every XP entry and advancement
        self.record = AdvancementRecord(campaign_model, self.date, self)
        self.xp = LotRXp(self.record, character_id, lambda: self._override, self)  # the XP log
        self._picks: list[Pick] = []
        self._order: str | None = None  # None: the character's own order
        self._advancing: tuple[str, ...] | None = None  # 1.6.2's two; None: the character's choice
        self._override = False
        self.rules: LotRRules
        self.rules, self.rules_problem = self._read_rules()  # the campaign's tables (pick costs)
        campaign_model.character_changed.connect(self._on_character_changed)
        campaign_model.characters_changed.connect(self.changed)  # deleted, or back by undo
        campaign_model.session_changed.connect(self._on_session_changed)

    # ---- reading -------------------------------------------------------------
    @property
    def exists(self) -> bool:
        return self.campaign_model.has_character(self.character_id)

    @property
    def character(self) -> LotRCharacter:
        return self.campaign_model.character_as(self.character_id, LotRCharacter)

    def standing(self) -> dict[str, int]:
        """XP total, advancements earned / taken / available, XP to the next one."""
        c = self.character
        return {
            "xp_total": c.xp_total,
            "earned": advancement.advancements_earned(c),
            "taken": len(c.advancements),
            "available": advancement.advancements_available(c),
            "xp_to_next": advancement.xp_to_next(c),
        }

    def lotr_characters(self) -> list[tuple[str, str]]:
        """(id, name) of every LotR character in the campaign: who may share an objective."""
        return [(s.id, s.character.name) for s in self.campaign_model.characters_of(SYSTEM.id)]

    def skill_names(self) -> list[str]:
        """The character's skills, then the rule table's skills it does not have yet."""
        own = [s.name for s in self.character.skills]
        return own + sorted(s.name for s in self.rules.skills if s.name not in own)

    def order_choices(self) -> list[tuple[str, str]]:
        """(id, label) of the orders an advancement may count for: the order, then 兼業 orders."""
        orders = dict.fromkeys(o for o in (self.character.order, *self.character.other_orders) if o)
        return [(o, shown_name(d) if (d := self.rules.order(o)) else o) for o in orders]  # Warrior（戦士）

    # ---- the advancement being built ----------------------------------------------
    @property
    def picks(self) -> tuple[Pick, ...]:
        return tuple(self._picks)

    @property
    def order(self) -> str:
        """The order this advancement counts for (elite orders need 6 advancements in one)."""
        return self.character.order if self._order is None else self._order

    @order.setter
    def order(self, order: str) -> None:
        if order != self.order:
            self._order = order
            self.changed.emit()

    @property
    def override(self) -> bool:
        """GM オーバーライド: the advancement passes the rule limits, and the character records it."""
        return self._override

    @override.setter
    def override(self, on: bool) -> None:
        if on != self._override:
            self._override = on
            self.changed.emit()

    @property
    def picks_spent(self) -> int:
        return sum(p.cost for p in self._picks)

    @property
    def picks_left(self) -> int:
        return PICKS_PER_ADVANCEMENT - self.picks_spent

    def rule_cost(self, kind: str, target: str = "") -> int | None:
        """The picks a buy costs by the campaign's tables; None: the GM types it."""
        return advancement.pick_cost(self.character, kind, target, self.rules)

    def add_pick(self, kind: str, target: str = "", cost: int | None = None) -> Pick:
        """Adds one buy; its cost comes from the tables, or from `cost` where they have none."""
        if kind not in KIND_LABELS:
            raise ValueError(self.tr("成長の種類 '{0}' はありません").format(kind))
        target = self._checked_target(kind, target.strip())
        known = self.rule_cost(kind, target)
        note = ""
        if known is None:
            if cost is None:
                raise ValueError(self.tr(UNSET_COST))
            note = self.tr("消費量は GM が入力")
        elif cost is not None and cost != known:
            raise ValueError(self.tr("この項目の消費量はルール表で {0} 点です").format(known))
        pick = Pick(kind=kind, target=target, cost=cost if known is None else known, note=note)  # type: ignore[arg-type]
        self._picks.append(pick)
        self.changed.emit()
        return pick

    def remove_pick(self, index: int) -> Pick:
        if not 0 <= index < len(self._picks):
            raise ValueError(self.tr("取り消す項目を選んでください"))
        pick = self._picks.pop(index)
        self.changed.emit()
        return pick

    @property
    def chooses_advancing_orders(self) -> bool:
        """With three orders or more (this advancement's included) two of them are chosen to grow
        (1.6.2)."""
        return len(self.orders_after()) > orders.MAX_ADVANCING

    def advancement(self) -> Advancement:
        two = self.advancing_orders if self.chooses_advancing_orders else ()
        return Advancement(order=self.order, picks=tuple(self._picks), date=self.date, advancing_orders=two)

    # ---- several orders (1.6.2) and elite orders (1.6.3) ----------------------------------
    def orders_after(self) -> list[str]:
        """The character's orders with the ones this advancement takes (new_order picks)."""
        return orders.character_orders(self.character, Advancement(picks=tuple(self._picks)))

    @property
    def advancing_orders(self) -> tuple[str, ...]:
        """The two orders the picks may be spent on, once the character has three or more."""
        return self.character.advancing_orders if self._advancing is None else self._advancing

    def set_advancing_orders(self, chosen: Sequence[str]) -> None:
        chosen = tuple(dict.fromkeys(o for o in chosen if o))
        if len(chosen) > orders.MAX_ADVANCING:
            raise ValueError(
                self.tr("成長ポイントを使える職業は同時に二つまでです（1.6.2）。先にどれかを外してください")
            )
        unknown = [o for o in chosen if o not in self.orders_after()]
        if unknown:
            raise ValueError(self.tr("就いていない職業です: {0}").format(", ".join(unknown)))
        if chosen != self.advancing_orders:
            self._advancing = chosen
            self.changed.emit()

    def elite_checks(self) -> list[tuple[str, list[orders.Condition]]]:
        """Each elite order this advancement takes (a new_order pick naming a row of the elite_orders
        table) with 1.6.3's three conditions, met or not or resting on an unset value, and why."""
        found = []
        for pick in self._picks:
            elite = orders.elite_row_name(self.rules, pick.target) if pick.kind == "new_order" else None
            if elite is not None:
                found.append((elite, orders.elite_conditions(self.character, self.rules, elite, pick.cost)))
        return found

    def elite_names(self) -> list[str]:
        """The elite orders of the campaign's table (suggested for a new order)."""
        return [r.name for r in self.rules.reference_table(ELITE_ORDERS).rows]

    def problems(self) -> list[str]:
        """Every rule limit the advancement breaks (the GM override passes them)."""
        return advancement.check_advancement(self.character, self.advancement(), self.rules)

    def blocking(self) -> list[str]:
        """What no override passes: nothing chosen, or a result the character sheet cannot hold."""
        if not self._picks:
            return [self.tr("成長ポイントの使い道を 1 つ以上加えてください")]
        try:
            self.record.validated(
                advancement.apply_advancement(self.character, self.advancement(), True, self.rules)
            )
        except ValueError as e:
            return [Message(self.tr("記録できない値になります: {0}"), e)]
        return []

    def can_take(self) -> bool:
        """Whether 「成長する」 with the current override switch would go through."""
        return not self.blocking() and (not self.problems() or self._override)

    def take(self) -> Advancement:
        """Applies the advancement as one undo step; refuses with every reason otherwise."""
        refusals = ([] if self._override else self.problems()) + self.blocking()
        if refusals:
            raise ValueError(Message.joined("\n", refusals))
        taken = self.advancement()
        overridden = self.problems()
        after = advancement.apply_advancement(self.character, taken, bool(overridden), self.rules)
        bought = listed(self.pick_text(p) for p in taken.picks)
        result = self.tr("成長 {0} 回目（経験点 {1}）").format(len(after.advancements), after.xp_total)
        if overridden:
            result += self.tr("、GM オーバーライド")
        details = {
            "action": "advancement",
            "order": taken.order,
            "advancing_orders": list(taken.advancing_orders),
            "picks": [asdict(p) for p in taken.picks],
            "overridden": overridden,
        }
        self.record.write(
            self.character_id, after, self.tr("成長（{0}）").format(bought), details, bought, result
        )
        self._picks.clear()
        self._order = None
        self._advancing = None
        self.changed.emit()
        return taken

    def pick_text(self, pick: Pick) -> str:
        return pick_text(pick)

    # ---- internals -----------------------------------------------------------------
    def _checked_target(self, kind: str, target: str) -> str:
        kind_input = target_input(kind)
        if kind_input == "attribute" and target not in ATTRIBUTE_IDS:
            raise ValueError(self.tr("能力値を選んでください"))
        if kind_input == "reaction" and target not in REACTION_IDS:
            raise ValueError(self.tr("リアクションを選んでください"))
        if kind_input == "none":
            return ""
        if not target:
            raise ValueError(self.tr("何を取るのか（名前）を入力してください"))
        if kind == "specialisation":
            skill, _, field = (part.strip() for part in target.partition("/"))
            if not skill or not field:
                raise ValueError(self.tr("特化は「技能/分野」の形で、分野も入力してください"))
            target = f"{skill}/{field}"
        if len(target) > 200:
            raise ValueError(self.tr("名前は 200 文字までです"))
        return target

    def _read_rules(self) -> tuple[LotRRules, str]:
        # Bad stored edits fall back to the shipped tables; the dialog says why.
        return campaign_lotr_rules(self.campaign_model), campaign_rules_problem(self.campaign_model) or ""

    def _on_character_changed(self, character_id: str) -> None:
        if character_id == self.character_id and self.exists:
            self.changed.emit()

    def _on_session_changed(self, key: str) -> None:
        if key == RULES_KEY:
            self.rules, self.rules_problem = self._read_rules()
            self.changed.emit()
