"""幻想値 and 幻想能力 in the 千幻抄 session: one holder's 幻想値 per 類型 (with 前借り), the state of
each of its 幻想能力, and using one — borrowing the 幻想値 it lacks when asked (前借り).

「幻想能力の使用によって幻想値は減少しない」: the values come from the 縁故 every time they are read.
Using an ability is one undo step and one log line; the engine (`rules/systems/sengensho/fantasy.py`)
refuses with `SessionRefused` and its reason.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from gmtool.models.sengensho import labels as labels
from gmtool.models.sengensho.session_members import SessionMembers
from gmtool.models.sengensho.session_record import SessionRecord
from gmtool.rules.systems.sengensho import fantasy
from gmtool.rules.systems.sengensho.catalog import ABILITY_KIND_LABELS


class SessionFantasy(QObject):
    def __init__(self, record: SessionRecord, members: SessionMembers, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._record = record
        self._members = members

    def values(self, holder: str) -> dict[str, fantasy.FantasyValue]:
        """幻想値 per 類型 in force (then any a kept 縁故 still names), with what a 前借り still owes."""
        record = self._record
        if holder not in record.cast():
            return {}
        return fantasy.fantasy_values(record.state(), record.cast(), holder, record.readings())

    def statuses(self, holder: str) -> list[fantasy.AbilityStatus]:
        """Every 幻想能力 of the holder's 類型 in the catalog: 使用可, 使用済み, 使用不可 or 未設定."""
        record = self._record
        if holder not in record.cast():
            return []
        return fantasy.ability_statuses(
            record.state(), record.cast(), record.catalog(), holder, record.readings()
        )

    def missing_from_catalog(self, holder: str) -> list[str]:
        """The holder's own 類型 the catalog does not have: their 幻想能力 cannot be shown."""
        record = self._record
        member = record.cast().get(holder)
        if member is None:
            return []
        catalog = record.catalog()
        return [a for a in member.archetypes if catalog.get(a) is None]

    def use_ability(self, holder: str, archetype: str, index: int, borrow_if_short: bool = False) -> None:
        record = self._record
        state, cast, catalog, readings = record.state(), record.cast(), record.catalog(), record.readings()
        before = fantasy.fantasy_values(state, cast, holder, readings).get(archetype)
        new, status = fantasy.use_ability(
            state, cast, catalog, holder, archetype, index, borrow_if_short, readings
        )
        ability = status.ability
        label = labels.ability_name(status)
        effect = ability.effect.strip() or self.tr("未設定")
        text = self.tr("幻想能力「{0}」（{1}・{2}・必要幻想値 {3}）: 効果 {4}").format(
            label,
            labels.archetype_label(archetype),
            self.tr(ABILITY_KIND_LABELS[ability.kind]),
            ability.required,
            effect,
        )
        after = fantasy.fantasy_values(new, cast, holder, readings)[archetype]
        borrowed = new.uses[-1].borrowed
        if borrowed:
            owed = (
                self.tr("以後のシーンで縁故をあと{0}つ結ぶ")
                if after.by_count
                else self.tr("以後のシーンで縁故を結び、あと{0}点を確保")
            ).format(after.debt)
            text += self.tr("／前借り: 幻想値 {0}→{1}（{2}）").format(
                before.value if before else 0, after.value, owed
            )
            result = self.tr("前借りして使用・{0}").format(labels.debt_text(after.debt, after.by_count))
        else:
            result = self.tr("使用（幻想値 {0} は減りません）").format(after.value)
        record.commit(
            new,
            self.tr("幻想能力「{0}」").format(label),
            text,
            who=self._members.name(holder),
            result=result,
            action="use_ability",
            archetype=archetype,
            index=index,
            borrowed=borrowed,
        )
