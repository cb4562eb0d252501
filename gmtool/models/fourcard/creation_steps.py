"""The skill page and the rolls page of the フォーカード creation model, and the types they share.

Split from `fourcard_creation_model` only to keep modules short: the two mixins
below are parts of `FourCardCreationModel` and use its draft, budget, log and
`tr`; they hold no state of their own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Literal

from gmtool.models.creation_common import Blocker, CreationRefused
from gmtool.rules.dice import Distribution, Faces, roll
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
from gmtool.rules.systems.fourcard.creation import (
    HANDEDNESS_DICE,
    MONEY_DICE,
    CreationBudget,
    ambidextrous_probability,
    is_ambidextrous,
    money_distribution,
    money_value,
)

SCENARIO = "作成"
# FourCardCharacter.sex and .handedness: "" until the player has chosen.
Sex = Literal["", "male", "female"]
Handedness = Literal["", "right", "left", "both"]


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


def fraction_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


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
            character = commit(purchase, override=intent.override, date=date, scenario=SCENARIO)
        except PurchaseBlocked as blocked:
            label = f"【{intent.skill}】{intent.field and '【' + intent.field + '】'}"
            dropped.append(Message("{0}: {1}", label, blocked))
            continue
        budget = budget.pay(intent.skill, purchase.cost)
        kept.append(intent)
    return Replay(character, budget, kept, dropped)


class SkillPurchases:
    """Page 4 (スキル) of FourCardCreationModel: TP and 特化 bought one at a time."""

    catalog: SkillCatalog
    draft: FourCardCharacter
    budget: CreationBudget
    gm_override: bool
    notice: str
    _intents: list[PurchaseIntent]
    _initial_rows: int
    tr: Callable[..., str]
    _rebuild: Callable[[], None]
    _log_override: Callable[[str, Iterable[str]], None]

    @property
    def purchases(self) -> list[LedgerEntry]:
        """The purchase rows of the draft's ledger, in order (a free 初期特化 included)."""
        return list(self.draft.growth[self._initial_rows :])

    @property
    def leftover(self) -> int:
        """初期経験点 not spent: 「余らせた初期経験点は、失われます」."""
        return max(0, self.budget.general) + max(0, self.budget.extra)

    def skill_rows(self) -> list[SkillRow]:
        rows = []
        for definition in self.catalog.skills:
            owned = self.draft.skill(definition.name)
            taken = owned.specialisations if owned else ()
            try:
                purchase = self._tp_purchase(definition.name)
                next_cost, status = purchase.cost, "、".join(purchase.refusals)
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
        self._rebuild()
        return last

    def skill_blockers(self) -> list[Blocker]:
        """Blocked only when nothing at all can be bought; unspent XP alone is a warning."""
        if self._intents:
            return []
        if not self.catalog.skills:
            return [
                Blocker(self.tr("スキルカタログにスキルがありません。GM がスキルカタログで設定してください"))
            ]
        gaps = [(s.name, s.missing()) for s in self.catalog.skills]
        if all(missing for _, missing in gaps):
            detail = "、".join(
                self.tr("【{0}】の{1}が未設定").format(n, "・".join(missing)) for n, missing in gaps
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

    def skill_warnings(self) -> list[str]:
        if not self.leftover:
            return []
        return [
            self.tr("使い切れなかった初期経験点 {0} 点は失われます（初期経験点は必ず使い切ります）").format(
                self.leftover
            )
        ]

    def _tp_purchase(self, name: str) -> Purchase:
        return skill_tp_purchase(self.draft, self.catalog, name, self.budget.available_for(name))

    def _buy(self, intent: PurchaseIntent, purchase: Purchase) -> Purchase:
        if purchase.refusals and not self.gm_override:
            raise PurchaseBlocked(Message.joined("、", purchase.refusals))
        intent = replace(intent, override=bool(purchase.refusals))
        self._intents.append(intent)
        self.notice = ""
        self._rebuild()
        if intent.override:
            self._log_override(purchase.description, purchase.refusals)
        return purchase


class FortuneRolls:
    """Page 5 (利き腕と所持金) of FourCardCreationModel: one 2D6 and one 3D6, each logged."""

    handedness_faces: Faces | None
    handedness: Handedness
    money_faces: Faces | None
    tr: Callable[..., str]
    _seed_source: Callable[[], int]
    _log: Callable[..., None]
    changed: Any

    @staticmethod
    def ambidextrous_probability() -> Fraction:
        return ambidextrous_probability()

    @staticmethod
    def money_distribution() -> Distribution[int]:
        return money_distribution()

    @property
    def money(self) -> int | None:
        return None if self.money_faces is None else money_value(self.money_faces)

    def roll_handedness(self) -> Faces:
        if self.handedness_faces is not None:
            raise CreationRefused(self.tr("利き腕は既に振りました（振り直しはできません）"))
        seed = self._seed_source()
        faces = roll(random.Random(seed), *HANDEDNESS_DICE)
        both = is_ambidextrous(faces)
        self.handedness_faces, self.handedness = faces, "both" if both else ""
        result = self.tr("両手利き") if both else self.tr("右利きか左利き（プレイヤーが選ぶ）")
        probability = fraction_text(ambidextrous_probability())
        self._log(
            "handedness",
            self.tr("利き腕 2D6（12 で両手利き、確率 {0}）").format(probability),
            f"[{','.join(map(str, faces))}] = {sum(faces)}",
            result,
            seed=seed,
            dice_expression="2D6",
            faces=list(faces),
            ambidextrous=both,
            probability=probability,
        )
        self.changed.emit()
        return faces

    def set_handedness(self, handedness: str) -> None:
        if self.handedness_faces is None:
            raise CreationRefused(self.tr("先に 2D6 で利き腕を振ってください"))
        if is_ambidextrous(self.handedness_faces):
            raise CreationRefused(self.tr("2D6 で 12 が出たので両手利きです（変更できません）"))
        match handedness:
            case "right" | "left":
                self.handedness = handedness
            case _:
                raise CreationRefused(self.tr("利き腕は右か左です（{0}）").format(handedness))
        self.changed.emit()

    def roll_money(self) -> Faces:
        if self.money_faces is not None:
            raise CreationRefused(self.tr("所持金は既に振りました（振り直しはできません）"))
        seed = self._seed_source()
        faces = roll(random.Random(seed), *MONEY_DICE)
        self.money_faces = faces
        value = money_value(faces)
        self._log(
            "money",
            self.tr("所持金 3D6×100+1000 CP"),
            f"[{','.join(map(str, faces))}] = {sum(faces)}",
            f"{value} CP",
            seed=seed,
            dice_expression="3D6×100+1000",
            faces=list(faces),
            money=value,
        )
        self.changed.emit()
        return faces

    def fortune_blockers(self) -> list[Blocker]:
        blockers = []
        if self.handedness_faces is None:
            blockers.append(Blocker(self.tr("利き腕をまだ振っていません（2D6）"), False))
        elif not self.handedness:
            blockers.append(Blocker(self.tr("右利きか左利きかを選んでください"), False))
        if self.money_faces is None:
            blockers.append(Blocker(self.tr("所持金をまだ振っていません（3D6×100+1000 CP）"), False))
        return blockers
