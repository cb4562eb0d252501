"""生命力 recovered by a meal or a night's sleep, as the session dialog offers it: the GM enters the
HP and MP a character recovers (the text gives no amount), and `recover()` changes the sheet as one
undo step with one line in the session log.  The arithmetic is `rules/systems/aw/rest.py`'s.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from gmtool.rules.systems.aw import rest
from gmtool.rules.systems.aw.rest import RestKind
from gmtool.rules.systems.aw.session import SessionRefused

if TYPE_CHECKING:
    from gmtool.models.aw.session_model import AWSessionModel

REST_LABELS = {
    RestKind.MEAL: "食事を摂った（24時間以内に一定の量）",
    RestKind.SLEEP: "6時間以上眠った",
}
# The words of 供給ルール each recovery stands on, shown beside the amounts the GM enters.
REST_TEXTS = {
    RestKind.MEAL: "本文: 24時間以内に一定の量の食事を摂取することで生命力は回復する。",
    RestKind.SLEEP: "本文: 6時間以上の睡眠を取ることで生命力は回復する。",
}


class AWRestModel(QObject):
    """Reads the characters through the session model (whose `changed` covers their sheets), which
    holds it as `AWSessionModel.rest`."""

    def __init__(self, session: AWSessionModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.campaign_model = session.campaign_model

    def characters(self) -> list[tuple[str, str]]:
        return self.session.characters()

    def pools(self, character_id: str) -> tuple[tuple[int, int], tuple[int, int]]:
        """((HP, HP max), (MP, MP max)) from the sheet."""
        c = self._character(character_id)
        return (c.hp, c.hp_max), (c.mp, c.mp_max)

    def after(self, character_id: str, hp_amount: int, mp_amount: int) -> tuple[int, int]:
        """(HP, MP) once the entered amounts are recovered (SessionRefused: an amount out of range)."""
        hp, mp = self.pools(character_id)
        for amount in (hp_amount, mp_amount):
            rest.check_amount(amount)
        return rest.recovered(*hp, hp_amount), rest.recovered(*mp, mp_amount)

    def recover(self, character_id: str, kind: RestKind, hp_amount: int, mp_amount: int) -> None:
        """One undo step and one log line; SessionRefused (nothing changes) when no amount is entered
        or both pools are already at their maximum."""
        kind = RestKind(kind)
        character = self._character(character_id)
        hp, mp = self.pools(character_id)
        new_hp, new_mp = rest.rest(hp, mp, hp_amount, mp_amount)
        name = self.session.name(character_id)
        if (new_hp, new_mp) == (hp[0], mp[0]):
            raise SessionRefused(self.tr("{0}のHPとMPは既に最大値です（何も変わりません）").format(name))
        label = self.tr(REST_LABELS[kind])
        text = self.tr("{0}: {1}（GMが決めた量 HP +{2}・MP +{3}）").format(label, name, hp_amount, mp_amount)
        changes = [
            self.tr("{0} {1} → {2}").format(pool, before, after)
            for pool, before, after in (("HP", hp[0], new_hp), ("MP", mp[0], new_mp))
            if before != after
        ]
        capped = (new_hp - hp[0], new_mp - mp[0]) != (hp_amount, mp_amount)
        result = self.tr("、").join(changes) + (self.tr("（最大値まで）") if capped else "")
        undo_text = self.tr("生命力の回復（{0}）: {1}").format(label, name)
        self.campaign_model.update_character(
            character_id, replace(character, hp=new_hp, mp=new_mp), undo_text
        )
        self.session.log(
            text,
            who=name,
            result=result,
            rest=str(kind),
            character_id=character_id,
            amounts={"hp": hp_amount, "mp": mp_amount},
            before={"hp": hp[0], "mp": mp[0]},
            after={"hp": new_hp, "mp": new_mp},
        )

    def _character(self, character_id: str) -> Any:
        model = self.campaign_model
        if not model.has_character(character_id) or model.stored(character_id).system != "aw":
            raise SessionRefused(
                self.tr("そのキャラクターはいません（アナザーワールドのキャラクターだけが対象です）")
            )
        return model.character(character_id)
