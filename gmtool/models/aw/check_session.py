"""What the AW judgement panel reads from the session: the 令呪 +20 offers and the event-key restriction.

Kept apart from AWCheckModel so the panel model stays about dice; both parts read the same
AWSessionModel the session view writes, so the panel follows every contract, 令呪 and key at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication

from gmtool.models.aw.session_model import AWSessionModel
from gmtool.models.outcome_text import outcome_label, side_label
from gmtool.rules.checks import Side
from gmtool.rules.systems.aw.checks import AWRoller
from gmtool.rules.systems.aw.session import SessionRefused, SpellEffect, use_command_spell
from gmtool.store.campaign import StoredCharacter

NORMAL_CURVE = range(2, 21)  # 難易度の目安 6–20 and below: the curve a panel without 令呪 draws


@dataclass(frozen=True)
class BoostOffer:
    """Whether one side's character may take 令呪 +20 now, and from whom."""

    servant: str | None = None
    master: str | None = None  # None: not a servant, so the panel hides the box
    master_name: str = ""
    left: int = 0
    amount: int = 0
    reason: str = ""  # why it cannot be used now ("" when it can)

    @property
    def visible(self) -> bool:
        return self.master is not None

    @property
    def available(self) -> bool:
        return self.visible and not self.reason


def boost_offer(session: AWSessionModel, character_id: str | None) -> BoostOffer:
    master = session.state().master_of(character_id) if character_id else None
    if character_id is None or master is None:
        reason = not_a_servant(session, character_id)
        return BoostOffer(servant=character_id, amount=session.rules.command_spell_boost, reason=reason)
    try:
        session.contracts.check_spell_available(master)
        reason = ""
    except SessionRefused as e:
        reason = str(e)
    return BoostOffer(
        character_id,
        master,
        session.name(master),
        session.contracts.spells_left(master),
        session.rules.command_spell_boost,
        reason,
    )


def not_a_servant(session: AWSessionModel, character_id: str | None) -> str:
    name = session.name(character_id) if character_id else session.tr("（キャラクターなし）")
    return session.tr("{0}にはマスターがいないので、令呪で達成値を+20できません").format(name)


def key_holders(
    session: AWSessionModel, key: str, characters: list[StoredCharacter]
) -> list[StoredCharacter]:
    """The characters holding a key in play, in list order."""
    holders = session.state().holders_of(key)
    return [s for s in characters if s.id in holders]


def curve_range(roller: AWRoller, difficulty: int, boosted: bool) -> range:
    """Difficulties the success curve covers: 2–20 and the current one, and with 令呪 up to where
    only a critical succeeds (2–20 would all read the same 97% after +20)."""
    low = min(NORMAL_CURVE.start, difficulty)
    high = max(NORMAL_CURVE.stop, difficulty + 1)
    if boosted:
        # 達成値 = 判定値 + 修正 (with +20) + natural; past natural = critical − 1 only criticals succeed.
        high = max(high, roller.value + roller.modifier + roller.critical + 2)
    return range(low, high)


def _tr(text: str) -> str:
    return QCoreApplication.translate("check_session", text)


def spend_boosts(session: AWSessionModel, boosts: dict[Side, BoostOffer]) -> None:
    """Spends one 令呪 per boosted side, as one undo step.  SessionRefused, with nothing spent, when a
    side cannot take it or a master lacks enough (both sides may be servants of one master)."""
    needed: dict[str, int] = {}
    for offer in boosts.values():
        if not offer.available or offer.master is None:
            raise SessionRefused(offer.reason or not_a_servant(session, offer.servant))
        needed[offer.master] = needed.get(offer.master, 0) + 1
    for master, count in needed.items():
        left = session.contracts.spells_left(master)
        if count > left:
            raise SessionRefused(
                _tr("{0}の令呪が足りません（両方の側に +20 で {1} つ必要、残り {2}）").format(
                    session.name(master), count, left
                )
            )
    if not boosts:
        return
    # Every 令呪 through the engine (pure) and its document checked before the macro opens: a macro
    # is one transaction that can only be committed, so a refusal half-way could not be taken back
    # without committing the half step first (an undo is a step of its own).
    state, roster, spells = session.state(), session.roster(), session.rules.command_spells
    for offer in boosts.values():
        state = use_command_spell(
            state, offer.master or "", offer.servant or "", SpellEffect.BOOST, roster, spells
        )
        session.document.check(state)
    stack = session.campaign_model.undo_stack
    stack.beginMacro(_tr("令呪 +20（判定）"))
    try:
        for offer in boosts.values():
            session.contracts.use_command_spell(offer.master or "", offer.servant or "", SpellEffect.BOOST)
    finally:
        stack.endMacro()


def spell_payload(offer: BoostOffer | None) -> dict[str, Any] | None:
    """A log entry's record of one side's 令呪 (None: no 令呪 on that side)."""
    if offer is None:
        return None
    return {"master_id": offer.master, "master": offer.master_name, "amount": offer.amount}


def _side_inputs(side: dict[str, Any]) -> str:
    text = _tr("{0} {1} 修正 {2:+d}").format(
        side.get("source_label") or _tr("判定値"), side.get("value"), side.get("modifier", 0)
    )
    spell = side.get("command_spell")
    if spell:
        text += _tr(" 令呪 +{0}（マスター: {1}）").format(spell["amount"], spell["master"])
    return text


def _side_dice(side: dict[str, Any]) -> str:
    faces = side.get("faces") or []
    if faces:
        return f"[{','.join(map(str, faces))}] = {sum(faces)}"
    return "—" if side.get("can_roll", True) else _tr("（振らない）")


def session_summary(payload: dict[str, Any], key: str | None) -> dict[str, str]:
    """A log-table row for a check made with 令呪 or under a key restriction (the plain row shows neither)."""
    action = payload["action"]
    inputs, dice = _side_inputs(action), _side_dice(action)
    if payload.get("mode") == "opposed":
        reaction = payload.get("reaction") or {}
        who = f"{action.get('character', '')} → {reaction.get('character', '')}"
        inputs = _tr("対決: {0} / {1}").format(inputs, _side_inputs(reaction))
        dice = f"{dice} / {_side_dice(reaction)}"
        result = _tr("{0}の勝利").format(side_label(payload["winner"]))
    else:
        who = action.get("character", "")
        inputs += _tr(" 難易度 {0}").format(payload.get("difficulty"))
        result = outcome_label(payload["outcome"])
        if action.get("total") is not None:
            result += _tr("（達成値 {0}）").format(action["total"])
    if key is not None:
        inputs += _tr("（イベントキー:{0} を持つPCのみ）").format(key)
    return {"who": who, "inputs": inputs, "dice": dice, "result": result}
