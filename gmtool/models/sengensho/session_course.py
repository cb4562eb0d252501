"""The 千幻抄 session's course: starting and ending it, its scenes (the current one, their names, who
appears in the current one) and the 印象効果 in force in the current scene.

Each action is one undo step and one log line (`SessionRecord.commit`); the engine
(`rules/systems/sengensho/session.py`) refuses with `SessionRefused` and its reason.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from gmtool.models.sengensho import labels as labels
from gmtool.models.sengensho.session_members import SessionMembers
from gmtool.models.sengensho.session_record import SessionRecord
from gmtool.rules.systems.sengensho import session as rules
from gmtool.rules.systems.sengensho.house_rules import PER_SCENARIO
from gmtool.rules.systems.sengensho.session import FirstImpression, Impression, Scene


class SessionCourse(QObject):
    def __init__(self, record: SessionRecord, members: SessionMembers, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._record = record
        self._members = members

    # ---- reading ---------------------------------------------------------------------------
    def current_scene(self) -> Scene | None:
        state = self._record.state()
        return state.scene(state.current_scene)

    def require_scene(self) -> Scene:
        """The scene a 縁故 is formed in, or SessionRefused with the engine's reason."""
        state = self._record.state()
        scene = state.scene(rules.current_scene(state))
        assert scene is not None  # the session document guarantees it
        return scene

    def impressions_in_scene(self) -> list[Impression]:
        """The 印象効果 in force in the current scene (one 類型 per holder and target)."""
        state = self._record.state()
        if state.current_scene is None:
            return []
        return [i for i in state.impressions if i.scene == state.current_scene]

    def first_impressions(self) -> list[FirstImpression]:
        """「第一印象がそうであった」: the first 印象効果 of each holder on each target given before the
        current scene (earlier scenes and past sessions)."""
        return rules.first_impressions(self._record.state())

    def present(self) -> tuple[str, ...]:
        """Who the GM recorded as appearing in the current scene (() when no one is recorded)."""
        scene = self.current_scene()
        return scene.present if scene is not None else ()

    def suggested_target(self, holder: str) -> str | None:
        """The 対象 a new 縁故 starts from (「登場したキャラクターや集団に対する縁故を取得する」):
        someone recorded in the current scene whom the holder holds no 縁故 to, else anyone the
        holder holds none to; None: a group or someone outside the campaign."""
        free = [
            i
            for i, _ in self._members.characters()
            if i != holder and self._members.held_archetype(holder, i) is None
        ]
        present = self.present()
        return next((i for i in free if i in present), free[0] if free else None)

    def require_running(self) -> None:
        """SessionRefused with the engine's reason when no session is running (nothing to end)."""
        rules.require_running(self._record.state())

    def presence_warning(self, holder: str, target_id: str | None) -> str:
        """「登場したキャラクター…に対する縁故」: who of the holder and the target the current scene
        does not record as present ("" when all are, or when the scene records no one)."""
        absent = rules.absent_from_scene(self._record.state(), self._record.cast(), holder, target_id)
        if not absent:
            return ""
        return self.tr("このシーンに登場していません: {0}（縁故は登場したキャラクターに結びます）").format(
            self.tr("、").join(absent)
        )

    # ---- the session ---------------------------------------------------------------------
    def start(self) -> None:
        """Starts the session (the dialog asks first when a PC has no 類型: they are fixed now)."""
        new = rules.start_session(self._record.state())
        text = self.tr("セッション {0} 開始").format(new.session_number)
        self._record.commit(new, text, text, result=labels.session_status(new), action="start_session")

    def end(self, keep_bonds: bool = False, scenario_goes_on: bool = False) -> None:
        """幻想能力の使用回数、シーン、ラスボスが終わる; 縁故 and 前借り go to the history unless kept.
        Under 「1シナリオに1回」 (the ABILITY_PERIOD switch) a scenario that goes on keeps the uses."""
        state = self._record.state()
        keep_uses = scenario_goes_on and self._record.readings().ability_period == PER_SCENARIO
        new = rules.end_session(state, keep_bonds, keep_uses)
        kept = (
            self.tr("縁故と前借りは次のセッションに持ち越し（GMの判断）")
            if keep_bonds
            else self.tr("このセッションの縁故と前借りは記録へ（縁故は各セッションで結ぶもの）")
        )
        if keep_uses:
            text = self.tr(
                "セッション {0} 終了: シーン、ラスボスをリセット。"
                "シナリオが続くため幻想能力の使用回数は持ち越し（1シナリオに1回）。{1}"
            ).format(state.session_number, kept)
        else:
            text = self.tr("セッション {0} 終了: 幻想能力の使用回数、シーン、ラスボスをリセット。{1}").format(
                state.session_number, kept
            )
        self._record.commit(
            new,
            self.tr("セッション {0} 終了").format(state.session_number),
            text,
            result=self.tr("{0}へ").format(labels.session_status(new)),
            action="end_session",
            keep_bonds=keep_bonds,
            keep_uses=keep_uses,
        )

    # ---- scenes --------------------------------------------------------------------------
    def add_scene(self, name: str) -> int:
        new = rules.add_scene(self._record.state(), name)
        scene = new.scene(new.current_scene)
        assert scene is not None
        label = labels.scene_label(new, scene.id)
        text = self.tr("シーン「{0}」を追加").format(label)
        self._record.commit(
            new, text, text, result=self.tr("現在のシーン"), action="add_scene", scene=scene.id
        )
        return scene.id

    def set_current_scene(self, scene_id: int) -> None:
        state = self._record.state()
        if state.current_scene == scene_id:
            return  # already the current scene: nothing to record
        new = rules.set_current_scene(state, scene_id)
        text = self.tr("現在のシーン: 「{0}」").format(labels.scene_label(new, scene_id))
        self._record.commit(new, self.tr("現在のシーン"), text, action="set_current_scene", scene=scene_id)

    def set_present(self, character_ids: list[str]) -> None:
        """Records who appears in the current scene: one undo step."""
        state = self._record.state()
        scene_id = rules.current_scene(state)
        new = rules.set_present(state, scene_id, tuple(character_ids))
        if new == state:
            return
        names = self.tr("、").join(self._members.name(i) for i in character_ids) or self.tr("なし")
        text = self.tr("シーン「{0}」の登場: {1}").format(labels.scene_label(new, scene_id), names)
        self._record.commit(new, self.tr("シーンの登場"), text, action="set_present", scene=scene_id)

    def rename_scene(self, scene_id: int, name: str) -> None:
        state = self._record.state()
        new = rules.rename_scene(state, scene_id, name)
        if new == state:
            return  # the same name: nothing to record
        text = self.tr("シーン名の変更: 「{0}」→「{1}」").format(
            labels.scene_label(state, scene_id), labels.scene_label(new, scene_id)
        )
        self._record.commit(new, self.tr("シーン名の変更"), text, action="rename_scene", scene=scene_id)
