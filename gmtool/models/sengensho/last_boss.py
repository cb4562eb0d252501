"""ラスボス in the 千幻抄 session: choosing it (a PC only by the GM's ruling), revealing it at the
climax (its level-1 縁故 to every PC it holds none to), and the GM's cap on a PC's 縁故 to it when
the BOSS_LEVEL house rule plays one (the text gives no number: none entered means Lv99).

Each action is one undo step and one log line; the engine refuses with `SessionRefused`.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.models.sengensho import labels as labels
from gmtool.models.sengensho.archetype_notes import ArchetypeNotes
from gmtool.models.sengensho.session_bonds import replaced_impressions
from gmtool.models.sengensho.session_members import SessionMembers
from gmtool.models.sengensho.session_record import SessionRecord
from gmtool.models.sengensho.state import BOSS_CAP_KEY, read_boss_cap
from gmtool.rules.message import Message
from gmtool.rules.systems.sengensho import bonds as bond_rules, session as rules
from gmtool.rules.systems.sengensho.character import LAST_BOSS
from gmtool.rules.systems.sengensho.house_rules import BOSS_LEVEL, BOSS_LEVEL_CAPPED
from gmtool.rules.systems.sengensho.session import Bond, SessionRefused


class LastBoss(QObject):
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

    # ---- the GM's cap (the BOSS_LEVEL house rule) ---------------------------------------------
    def cap_in_force(self) -> bool:
        """True when the GM's cap on a PC's 縁故 to the ラスボス is played (the BOSS_LEVEL switch)."""
        return campaign_house_rules(self._record.campaign_model).get(BOSS_LEVEL) == BOSS_LEVEL_CAPPED

    def cap(self) -> int | None:
        """The GM's number (None: not entered, so Lv99), whether or not the switch plays it."""
        return read_boss_cap(self._record.campaign_model)

    def level_limit(self) -> int:
        """The highest level a PC's new 縁故 to the revealed ラスボス may start at, as played now."""
        return bond_rules.boss_level_cap(self._record.readings())

    def binding_cap(self) -> int | None:
        """The level a PC's new 縁故 to the revealed ラスボス may start at, when the GM's cap binds it
        (the BOSS_LEVEL house rule's capped reading with a number below 99); None: no level limit."""
        limit = self.level_limit()
        return limit if limit < bond_rules.MAX_LEVEL else None

    def to_boss(self, holder: str, target_id: str | None) -> bool:
        """Whether a 縁故 from `holder` to `target_id` is a PC's to the revealed ラスボス: it ignores
        the level limits (up to the GM's cap, when one binds)."""
        state = self._record.state()
        return (
            state.last_boss_revealed
            and self._members.is_pc(holder)
            and target_id is not None
            and target_id == state.last_boss
        )

    def revealed_bonds(self) -> list[Bond]:
        """The ラスボス's own 縁故 of the 類型 ラスボス, formed at the reveal."""
        state = self._record.state()
        if state.last_boss is None:
            return []
        return [b for b in state.bonds_of(state.last_boss) if b.archetype == LAST_BOSS]

    def bonds_to_boss(self) -> list[Bond]:
        """The 縁故 others hold to the ラスボス."""
        boss = self._record.state().last_boss
        if boss is None:
            return []
        return [b for b in self._record.state().bonds if b.target_id == boss and b.holder != boss]

    def set_cap(self, cap: int | None) -> None:
        """The GM's cap (None clears it): one undo step."""
        if cap is not None and not 1 <= cap <= bond_rules.MAX_LEVEL:
            raise SessionRefused(Message(self.tr("上限は1から{0}までです"), bond_rules.MAX_LEVEL))
        if cap == self.cap():
            return
        text = (
            self.tr("ラスボスへの縁故の上限: Lv{0}").format(cap)
            if cap is not None
            else self.tr("ラスボスへの縁故の上限: なし")
        )
        self._record.campaign_model.set_session_value(BOSS_CAP_KEY, cap, text)

    # ---- the ラスボス --------------------------------------------------------------------------
    def choose(self, character_id: str | None) -> None:
        """The session's ラスボス (None: none); the dialog asks first for a PC."""
        record, name = self._record, self._members.name
        state = record.state()
        if state.last_boss == character_id:
            return  # already so: nothing to record
        new = rules.set_last_boss(state, record.cast(), character_id)
        if character_id is None:
            text = self.tr("ラスボスを解除（{0}）").format(name(state.last_boss))
            who = name(state.last_boss)
        else:
            who = name(character_id)
            text = self.tr("ラスボス: {0}").format(who)
            if record.cast()[character_id].is_pc:
                text += self.tr("（PC・GM裁定）")
        record.commit(new, self.tr("ラスボスの設定"), text, who=who, action="set_last_boss")

    def holds(self) -> list[tuple[str, str]]:
        """(PC id, 類型) of each PC the ラスボス holds a 縁故 to.  Before the reveal these are the PCs it
        gives none (「同じ対象について、2つ以上の類型に従って縁故を設定することはできない」)."""
        state, cast = self._record.state(), self._record.cast()
        boss = state.last_boss
        if boss is None or boss not in cast:
            return []
        held = ((pc_id, self._members.held_archetype(boss, pc_id)) for pc_id, pc in cast.items() if pc.is_pc)
        return [(pc_id, archetype) for pc_id, archetype in held if archetype is not None and pc_id != boss]

    def skipped(self) -> list[tuple[str, str]]:
        """After the reveal, (PC id, 類型) of each PC the ラスボス gave no 縁故 Lv1 to because it already
        held one to it from another 類型."""
        return [(pc, archetype) for pc, archetype in self.holds() if archetype != LAST_BOSS]

    def reveal(self) -> list[Bond]:
        record, name = self._record, self._members.name
        state = record.state()
        skipped = self.holds()
        new, formed = bond_rules.reveal_last_boss(state, record.cast())
        boss = name(new.last_boss)
        targets = self.tr("、").join(self._members.target_name(b) for b in formed) or self.tr("なし")
        text = self.tr(
            "ラスボス「{0}」を明かした（クライマックス・シーン「{1}」）: ラスボスの縁故Lv1 → {2}。"
            "PCは{0}への縁故を、選択している類型からレベルの制限なしで結べます"
        ).format(boss, labels.scene_label(new, new.current_scene), targets)
        if skipped:
            text += self.tr("／ラスボスの縁故を結ばないPC: {0}").format(
                self.tr("、").join(
                    self.tr("{0}（既に{1}の縁故あり）").format(name(pc), labels.archetype_label(archetype))
                    for pc, archetype in skipped
                )
            )
        if formed:
            text += self.tr("／印象効果（{0}へ）: {1}").format(
                targets, self._notes.impression_body(formed[0].archetype)
            )
            for gone in replaced_impressions(state, new):
                text += self.tr("（{0}への先の印象効果〈{1}〉は無効）").format(
                    self._members.impression_target(gone), labels.archetype_label(gone.archetype)
                )
        result = self.tr("縁故 {0} つ").format(len(formed))
        record.commit(
            new, self.tr("ラスボスを明かす"), text, who=boss, result=result, action="reveal_last_boss"
        )
        return formed
