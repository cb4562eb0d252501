"""Event keys in the AW session (`AWSessionModel.keys`): given to a PC in the current scene, moved
by the GM, removed.  Each is one undo step and one log line through the session model; the engine
(`rules/systems/aw/session.py`) decides who may hold which key.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from gmtool.rules.systems.aw import session as rules

if TYPE_CHECKING:
    from gmtool.models.aw.session_model import AWSessionModel
    from gmtool.rules.systems.aw.session_state import EventKey


class AWEventKeys(QObject):
    """Reads and writes through its session model's document, roster and log."""

    def __init__(self, session: AWSessionModel) -> None:
        super().__init__(session)
        self.session = session

    def key(self, key_id: str) -> EventKey | None:
        return next((k for k in self.session.state().event_keys if k.id == key_id), None)

    def give(self, name: str, holder: str) -> None:
        roster = self.session.roster()
        state = self.session.state()
        new = rules.give_key(state, uuid.uuid4().hex, name, holder, roster)
        scene = state.scene(state.current_scene)
        text = self.tr("イベントキー:{0} → {1}").format(name.strip(), roster.name(holder))
        if scene is not None:
            text += self.tr("（シーン「{0}」）").format(scene.name)
        self.session.commit(new, text, text, who=roster.name(holder), result=self.tr("キーを得た"))

    def move(self, key_id: str, new_holder: str) -> None:
        roster = self.session.roster()
        state = self.session.state()
        key = self.key(key_id)
        new = rules.move_key(state, key_id, new_holder, roster)
        text = self.tr("GMがイベントキー:{0} を {1} から {2} へ移した").format(
            key.name if key else "", roster.name(key.holder) if key else "", roster.name(new_holder)
        )
        self.session.commit(
            new, text, text, who=roster.name(new_holder), result=self.tr("キーを得た（GMが移した）")
        )

    def remove(self, key_id: str) -> None:
        roster = self.session.roster()
        key = self.key(key_id)
        new = rules.remove_key(self.session.state(), key_id)
        text = self.tr("イベントキー:{0} を削除（{1}）").format(
            key.name if key else "", roster.name(key.holder) if key else ""
        )
        who = roster.name(key.holder) if key else ""
        self.session.commit(new, text, text, who=who, result=self.tr("キーを削除"))
