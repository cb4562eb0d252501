"""縁故 in the 千幻抄 session: forming, re-tying, raising and discarding them, what a holder has used
of each limit, and the 幻想値 each 縁故 gives.

Each action is one undo step and one log line saying who, what and the 類型's 幻想値 after it
(with the halving and any 前借り debt); the engine (`rules/systems/sengensho/bonds.py`) refuses with
`SessionRefused` and its reason, and then nothing is stored or logged.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from gmtool.models.sengensho import labels as labels
from gmtool.models.sengensho.archetype_notes import ArchetypeNotes
from gmtool.models.sengensho.session_members import SessionMembers
from gmtool.models.sengensho.session_record import SessionRecord
from gmtool.rules.systems.sengensho import bonds as bond_rules, fantasy, session as rules
from gmtool.rules.systems.sengensho.bonds import KIND_LABELS, KIND_LIMITS, MAX_BONDS, BondRequest, BondUsage
from gmtool.rules.systems.sengensho.character import BondKind
from gmtool.rules.systems.sengensho.session import Bond, Impression, SengenshoSession

NO_USAGE = BondUsage(0, 0, 0, 0, None)


def replaced_impressions(before: SengenshoSession, after: SengenshoSession) -> list[Impression]:
    """The impressions an action put out of force: one 類型's per target and scene."""
    return [i for i in before.impressions if i not in after.impressions]


class SessionBonds(QObject):
    def __init__(
        self,
        record: SessionRecord,
        members: SessionMembers,
        notes: ArchetypeNotes,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._record = record
        self._members = members
        self._notes = notes

    # ---- reading ---------------------------------------------------------------------------
    @staticmethod
    def limits() -> tuple[int, dict[BondKind, int]]:
        return MAX_BONDS, dict(KIND_LIMITS)

    def usage(self, holder: str) -> BondUsage:
        """What the holder has used of each limit, as the engine counts it."""
        record = self._record
        if holder not in record.cast():
            return NO_USAGE
        return bond_rules.usage(record.state(), record.cast(), holder, record.readings())

    def values(self, holder: str) -> dict[int, int]:
        """The 幻想値 each of the holder's 縁故 gives, by 縁故 id."""
        record = self._record
        if holder not in record.cast():
            return {}
        return fantasy.bond_values(record.state(), record.cast(), holder, record.readings())

    def halved(self, holder: str) -> set[int]:
        """The holder's 縁故 whose 幻想値 is halved (縁故 to a PC after the first)."""
        record = self._record
        if holder not in record.cast():
            return set()
        return fantasy.halved_bonds(record.state(), record.cast(), holder)

    def discard_loss(self, bond: Bond) -> tuple[int, int]:
        """(the 類型's 幻想値 now, what this 縁故 gives of it): what discarding it would take away."""
        record = self._record
        value = 0
        if bond.holder in record.cast():
            found = fantasy.fantasy_values(record.state(), record.cast(), bond.holder, record.readings())
            value = found[bond.archetype].value if bond.archetype in found else 0
        return value, self.values(bond.holder).get(bond.id, bond.level)

    # ---- actions ---------------------------------------------------------------------------
    def form(self, request: BondRequest) -> Bond:
        record = self._record
        state, cast = record.state(), record.cast()
        new, bond, impression = bond_rules.form_bond(state, cast, request, record.readings())
        text = self.tr("縁故を結ぶ（シーン「{0}」）: {1}").format(
            labels.scene_label(new, bond.formed_scene), self._describe(bond)
        )
        text += self._boss_mark(bond)
        if request.override:
            text += self.tr("／GM裁定で制限を超えて")
        absent = rules.absent_from_scene(state, cast, request.holder, bond.target_id)
        if absent:  # warned in the dialog; the log keeps it
            text += self.tr("／シーンに登場していない: {0}").format(self.tr("、").join(absent))
        text += self._impression(impression, replaced_impressions(state, new))
        name = self._members.name
        record.commit(
            new,
            self.tr("縁故を結ぶ（{0}→{1}）").format(name(bond.holder), self._members.target_name(bond)),
            text,
            who=name(bond.holder),
            result=self._value_result(new, bond),
            action="form_bond",
            bond=bond.id,
        )
        return bond

    def retie(self, bond_id: int, request: BondRequest) -> Bond:
        record = self._record
        state, cast, readings = record.state(), record.cast(), record.readings()
        old = state.bond(bond_id)
        new, bond, impression = bond_rules.retie_bond(state, cast, bond_id, request, readings)
        text = self.tr("縁故を結び直す（シーン「{0}」）: 「{1}」→ {2}").format(
            labels.scene_label(new, bond.formed_scene), self._members.target_name(old), self._describe(bond)
        )
        before = fantasy.total_value(state, cast, bond.holder, readings)
        after = fantasy.total_value(new, cast, bond.holder, readings)
        if after > before:  # only with the override: the engine refuses it otherwise
            text += self.tr("／GM裁定で制限を超えて（結び直しで幻想値の合計 {0}→{1}）").format(before, after)
        else:
            text += self.tr("（{0}）").format(labels.labels_tr(labels.RETIE_NOTE))
            if request.override:
                text += self.tr("／GM裁定で制限を超えて")
        text += self._boss_mark(bond) + self._impression(impression, replaced_impressions(state, new))
        record.commit(
            new,
            self.tr("縁故を結び直す（{0}）").format(self._members.name(bond.holder)),
            text,
            who=self._members.name(bond.holder),
            result=self._value_result(new, bond),
            action="retie_bond",
            bond=bond.id,
        )
        return bond

    def raise_level(self, bond_id: int, override: bool = False) -> Bond:
        record = self._record
        state = record.state()
        old = state.bond(bond_id)
        new, bond = bond_rules.raise_level(state, bond_id, override, record.cast(), record.readings())
        target = self._members.target_name(bond)
        text = self.tr("縁故のレベルを上げる（シーン「{0}」）: {1}「{2}」Lv{3}→Lv{4}").format(
            labels.scene_label(new, bond.changed_scene),
            labels.archetype_label(bond.archetype),
            target,
            old.level,
            bond.level,
        )
        if override:
            text += self.tr("／GM裁定で制限を超えて")
        record.commit(
            new,
            self.tr("縁故のレベルを上げる（{0}）").format(target),
            text,
            who=self._members.name(bond.holder),
            result=self._value_result(new, bond),
            action="raise_level",
            bond=bond.id,
        )
        return bond

    def discard(self, bond_id: int) -> None:
        new, bond = bond_rules.discard_bond(self._record.state(), bond_id)
        text = self.tr("縁故を破棄: {0}").format(self._describe(bond))
        self._record.commit(
            new,
            self.tr("縁故を破棄（{0}）").format(self._members.target_name(bond)),
            text,
            who=self._members.name(bond.holder),
            result=self._value_result(new, bond),
            action="discard_bond",
            bond=bond.id,
        )

    # ---- texts -----------------------------------------------------------------------------
    def _describe(self, bond: Bond) -> str:
        return self.tr("{0}・{1}「{2}」Lv{3}").format(
            labels.archetype_label(bond.archetype),
            self.tr(KIND_LABELS[bond.kind]),
            self._members.target_name(bond),
            bond.level,
        )

    def _boss_mark(self, bond: Bond) -> str:
        boss = self._record.state().last_boss
        if bond.last_boss and bond.kind is BondKind.CHARACTER and bond.target_id == boss:
            return self.tr("／ラスボスへの縁故（レベルの制限なし）")
        return ""

    def _impression(self, impression: Impression | None, replaced: list[Impression]) -> str:
        """「縁故を結んだ場合、その時点で必ず印象効果が適用される」: named in the log, with the
        impression of another 類型 it replaces."""
        if impression is None:
            return ""
        text = self.tr("／印象効果（{0}へ）: {1}").format(
            self._members.impression_target(impression), self._notes.impression_body(impression.archetype)
        )
        for gone in replaced:
            if gone.archetype != impression.archetype:
                text += self.tr("（先の印象効果〈{0}〉は無効）").format(
                    labels.archetype_label(gone.archetype)
                )
        return text

    def _value_result(self, session: SengenshoSession, bond: Bond) -> str:
        """The 類型's 幻想値 after the action, with the halving and any 前借り debt."""
        cast, readings = self._record.cast(), self._record.readings()
        value = fantasy.fantasy_values(session, cast, bond.holder, readings).get(bond.archetype)
        if value is None:
            return ""
        result = self.tr("{0}の幻想値 {1}").format(labels.archetype_label(bond.archetype), value.value)
        given = fantasy.bond_values(session, cast, bond.holder, readings).get(bond.id)
        if given is not None and bond.id in fantasy.halved_bonds(session, cast, bond.holder):
            result += self.tr("・この縁故 {0}").format(labels.bond_value_text(given, True))
        if value.debt:
            result += self.tr("・{0}").format(labels.debt_text(value.debt, value.by_count))
        return result
