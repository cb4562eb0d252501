"""The judgement panel's state: inputs, exact probabilities, and the roll.

Recomputes on every input change (cheap: 36 or 36×36 enumerated rolls) and
on any edit of the chosen characters, so the numbers always match the sheet.
The session parts (令呪 +20 for a servant on either side, a restriction to an event key's holders)
come from the AW session state through `check_session`; the restriction is panel state, not campaign
state.  What a roll logs is check_log's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.aw.check_log import check_log_payload
from gmtool.models.aw.check_session import (
    BoostOffer,
    boost_offer,
    curve_range,
    key_holders,
    not_a_servant,
    spend_boosts,
)
from gmtool.models.aw.session_model import SESSION_KEY, AWSessionModel
from gmtool.models.aw.spell_c import SpellAfterRoll
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.roller_inputs import CUSTOM, RollerInputs, RollerInputsMixin
from gmtool.rules.checks import CheckKind, CheckResult, OpposedResult, Outcome, Side
from gmtool.rules.dice import new_seed, sum_distribution
from gmtool.rules.systems import get_system
from gmtool.rules.systems.aw import SYSTEM as AW
from gmtool.rules.systems.aw.checks import (
    DEFAULT_DIFFICULTY,
    AWCheckSpec,
    AWOpposedSpec,
    AWRoller,
    outcome_by_natural_total,
    success_curve,
)
from gmtool.rules.systems.aw.rules_data import aw_rules
from gmtool.rules.systems.aw.session import SessionRefused
from gmtool.store.campaign import StoredCharacter

CURVE_RANGE = range(2, 21)  # without 令呪; see check_session.curve_range
NATURAL_TOTALS = sum_distribution(2, 6)


@dataclass
class SideInputs(RollerInputs):
    """What one side of a check is made of."""

    source: str = "reflex"  # a CheckKind id or CUSTOM
    can_roll: bool = True


class AWCheckModel(RollerInputsMixin, QObject):
    panel_system = "aw"
    changed = Signal()
    check_resolved = Signal(object)  # CheckResult | OpposedResult
    result_cleared = Signal()  # 対決 ticked or unticked: the last roll was of the other kind of check
    roll_refused = Signal(object)  # why no roll was made (str, Message: no 令呪 left, no key holder)

    def __init__(
        self,
        campaign_model: CampaignModel,
        seed_source: Callable[[], int] = new_seed,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self._seed_source = seed_source
        self.rules = aw_rules()
        self.action = SideInputs()
        self.reaction = SideInputs(source="evasion")
        self.difficulty = DEFAULT_DIFFICULTY
        self.opposed = False
        self.last_result: CheckResult | OpposedResult | None = None
        self.session = AWSessionModel(campaign_model, self)
        # 令呪 +20 on a side's 達成値: the action side, or the reaction side of a 対決 (a servant's 回避判定).
        self.boosts = {Side.ACTION: False, Side.REACTION: False}
        self.key_filter: str | None = None  # only this event key's holders may roll
        self.key_note = ""  # why the action side is not who the GM last picked
        self.offers = {Side.ACTION: BoostOffer(), Side.REACTION: BoostOffer()}
        self.last_boosts: dict[Side, BoostOffer] = {}  # the 令呪 the last roll spent (offers before spending)
        self.spell_c = SpellAfterRoll(self)  # 令呪 +20 after the dice, when the house rule says so
        # Each side's checks, with the character they were listed for: a roll asks for them seven
        # times, and a character changes only by being replaced (frozen), so they are listed again then.
        self._kinds_listed: dict[Side, tuple[object, list[CheckKind]]] = {}
        characters = self.characters()
        if characters:
            self.action.character_id = characters[0].id
            self.reaction.character_id = characters[-1].id
        campaign_model.character_changed.connect(self._on_character_changed)
        campaign_model.characters_changed.connect(self._on_campaign_changed)
        campaign_model.session_changed.connect(self._on_session_changed)
        self._recompute()

    # ---- inputs ---------------------------------------------------------------
    def set_character(self, side: Side, character_id: str | None) -> None:
        if side is Side.ACTION:
            if self.key_filter is not None and character_id not in self._holder_ids():
                # Keep the holder: the GM restricted this check (the sheet's selection also lands here).
                name = self.session.name(character_id) if character_id else ""
                self.key_note = self.tr("{0}はイベントキー:{1} を持っていません").format(
                    name, self.key_filter
                )
                self._recompute()
                return
            self.key_note = ""
        if character_id != self.inputs(side).character_id:
            self.boosts[side] = False  # a 令呪 is spent for one servant's check, not whoever is chosen next
        self.inputs(side).character_id = character_id
        self._recompute()

    def set_boost(self, on: bool, side: Side = Side.ACTION) -> None:
        """令呪 +20 for one side (the reaction side only in a 対決); SessionRefused (with the reason)
        when that side is not a servant or its master has none left."""
        if on:
            self.spell_c.refuse_before()
        if on and side is Side.REACTION and not self.opposed:
            raise SessionRefused(self.tr("リアクション側の令呪 +20 は対決でだけ使えます"))
        offer = self.offers[side]
        if on and not offer.available:
            raise SessionRefused(offer.reason or not_a_servant(self.session, self.inputs(side).character_id))
        self.boosts[side] = on
        self._recompute()

    # The action side's 令呪, as before the reaction side could take one.
    @property
    def boost(self) -> bool:
        return self.boosts[Side.ACTION]

    @property
    def offer(self) -> BoostOffer:
        return self.offers[Side.ACTION]

    @property
    def last_boost(self) -> BoostOffer | None:
        return self.last_boosts.get(Side.ACTION)

    @property
    def boost_sides_in_play(self) -> tuple[Side, ...]:
        """The sides whose 令呪 +20 box the panel offers before the roll: the action side, and the
        reaction side in a 対決 — none under the house rule 「出目を見てから使う」 (taken after)."""
        if self.spell_c.is_after():
            return ()
        return (Side.ACTION, Side.REACTION) if self.opposed else (Side.ACTION,)

    def boosted_sides(self) -> list[Side]:
        """The sides whose 令呪 +20 counts now (a ticked reaction box counts only in a 対決)."""
        return [
            s for s in (Side.ACTION, Side.REACTION) if self.boosts[s] and (s is Side.ACTION or self.opposed)
        ]

    def key_names(self) -> list[str]:
        return self.session.state().key_names()

    def set_key_filter(self, key: str | None) -> None:
        """Only the holders of `key` may roll (None: everyone); moves the action side to a holder."""
        if key is not None and key not in self.key_names():
            raise SessionRefused(self.tr("イベントキー:{0} はありません").format(key))
        self.key_filter = key
        self.key_note = ""
        self._follow_key_filter()
        self._recompute()

    def set_reaction_can_roll(self, can_roll: bool) -> None:
        self.reaction.can_roll = can_roll
        self._recompute()

    def set_opposed(self, opposed: bool) -> None:
        if opposed != self.opposed and self.last_result is not None:
            # A single check's result beside a 対決's inputs (or the other way) reads as this one's.
            self.last_result, self.last_boosts = None, {}
            self.result_cleared.emit()
        self.opposed = opposed
        if not opposed:
            self.boosts[Side.REACTION] = False  # its box is hidden with the reaction side
        self._recompute()

    # ---- derived values -------------------------------------------------------
    def kinds(self, side: Side) -> list[CheckKind]:
        character = self._character(side)
        if character is None:
            return []
        listed = self._kinds_listed.get(side)
        if listed is None or listed[0] is not character:
            listed = (character, list(get_system("aw").checks(character)))
            self._kinds_listed[side] = listed
        return list(listed[1])

    def value(self, side: Side) -> int:
        inputs = self.inputs(side)
        if inputs.source == CUSTOM:
            return inputs.custom_value
        kind = next((k for k in self.kinds(side) if k.id == inputs.source), None)
        return kind.value if kind is not None else 0

    def source_label(self, side: Side) -> str:
        inputs = self.inputs(side)
        kind = next((k for k in self.kinds(side) if k.id == inputs.source), None)
        return kind.label if kind is not None else ""

    def roller(self, side: Side) -> AWRoller:
        inputs = self.inputs(side)
        character = self._character(side)
        critical = character.critical if character else self.rules.default_critical
        fumble = character.fumble if character else self.rules.default_fumble
        can_roll = inputs.can_roll if side is Side.REACTION else True
        # 令呪 adds to 達成値 only: critical and fumble are judged on the natural total first.
        modifier = inputs.modifier + self.boost_amount(side)
        return AWRoller(self.value(side), modifier, critical, fumble, can_roll)

    def boost_amount(self, side: Side = Side.ACTION) -> int:
        return self.offers[side].amount if side in self.boosted_sides() else 0

    def spec(self) -> AWCheckSpec | AWOpposedSpec:
        if self.opposed:
            return AWOpposedSpec(self.roller(Side.ACTION), self.roller(Side.REACTION))
        return AWCheckSpec(self.roller(Side.ACTION), self.difficulty)

    def modifier_warning(self, side: Side = Side.ACTION) -> bool:
        return abs(self.inputs(side).modifier) > self.rules.modifier_warning_limit

    # ---- what the plots read (shared with the フォーカード panel) -------------------
    curve_x_label = "難易度"

    @property
    def curve_marker(self) -> int:
        return self.difficulty

    def difficulty_guides(self) -> list[tuple[int, int | None, str]]:
        return [(b.low, b.high, b.label) for b in self.rules.difficulty_bands]

    def characters(self) -> list[StoredCharacter]:
        """The campaign's AW characters: the only ones this panel can roll for."""
        return self.campaign_model.characters_of("aw")

    def characters_for(self, side: Side) -> list[StoredCharacter]:
        """Who a side's character list offers: under a key restriction, the action side lists only holders."""
        if side is Side.ACTION and self.key_filter is not None:
            return key_holders(self.session, self.key_filter, self.characters())
        return self.characters()

    def difficulty_band_label(self) -> str:
        band = self.rules.band_for(self.difficulty)
        return band.label if band else ""

    # Computed by _recompute: the panel reads these, never the engine.
    outcome_probabilities: dict[Outcome, Fraction]
    success_probability: Fraction
    natural_bars: list[tuple[int, Fraction, Outcome | None]]  # None: decided by the other side
    curve: dict[int, Fraction]
    action_wins: Fraction | None

    def recompute(self) -> None:
        self._recompute()

    def _recompute(self) -> None:
        # A ticked box stays ticked when the 令呪 runs out elsewhere: unticking it silently would let
        # the GM roll without the +20 they announced; the roll is refused with the reason instead.
        for side in Side:
            self.offers[side] = boost_offer(self.session, self.inputs(side).character_id)
        roller = self.roller(Side.ACTION)
        single = AWCheckSpec(roller, self.difficulty)
        system = get_system("aw")
        dist = system.distribution(single)
        self.outcome_probabilities = {o: dist[o] for o in Outcome}
        by_total: Mapping[int, Outcome | None] = outcome_by_natural_total(single)
        if self.opposed:
            # No difficulty in an opposed check: only the automatic results are known per total.
            automatic = (Outcome.AUTO_SUCCESS, Outcome.AUTO_FAILURE)
            by_total = {t: (o if o in automatic else None) for t, o in by_total.items()}
        self.natural_bars = [(t, NATURAL_TOTALS[t], by_total[t]) for t in range(2, 13)]
        self.curve = success_curve(roller, curve_range(roller, self.difficulty, self.boost))
        self.success_probability = self.curve[self.difficulty]  # the curve always covers it
        self.action_wins = system.distribution(self.spec())[Side.ACTION] if self.opposed else None
        self.changed.emit()

    # ---- rolling --------------------------------------------------------------
    def roll(self) -> CheckResult | OpposedResult | None:
        """Rolls and logs; each ticked 令呪 is spent first (both sides: one undo step).  A refused roll
        is not made and spends nothing: `roll_refused` carries the reason and None is returned."""
        if self.key_filter is not None and self.action.character_id not in self._holder_ids():
            self.roll_refused.emit(self.tr("このイベントキーを持つPCがいません"))
            return None
        if self._character(Side.ACTION) is None:  # nobody to roll for: nothing is rolled or logged
            self.roll_refused.emit(
                self.tr("判定するキャラクターを選んでください（いなければ先に追加してください）")
            )
            return None
        # Taken before the 令呪 is spent: spending re-reads the session and may untick the box.
        spec = self.spec()
        boosts = {side: self.offers[side] for side in self.boosted_sides()}
        probability = self.action_wins if self.opposed else self.success_probability
        try:
            spend_boosts(self.session, boosts)
        except SessionRefused as e:
            self.roll_refused.emit(str(e))
            return None
        seed = self._seed_source()
        result = AW.resolve(spec, random.Random(seed))
        result = replace(result, seed=seed)
        self.last_result, self.last_boosts = result, boosts
        self.campaign_model.append_log("check", check_log_payload(self, result, spec, boosts, probability))
        self.boosts = {Side.ACTION: False, Side.REACTION: False}
        self._recompute()
        self.check_resolved.emit(result)
        return result

    # ---- internals ------------------------------------------------------------
    def inputs(self, side: Side) -> SideInputs:
        return self.action if side is Side.ACTION else self.reaction

    def _character(self, side: Side) -> Any:
        character_id = self.inputs(side).character_id
        if character_id and not self._character_missing(character_id):
            return self.campaign_model.character(character_id)
        return None

    def _character_missing(self, character_id: str) -> bool:
        # One look-up, not a walk through the list: a roll asks this a dozen times, with 300 characters.
        model = self.campaign_model
        return not model.has_character(character_id) or model.stored(character_id).system != "aw"

    def _on_campaign_changed(self, *_: object) -> None:
        for side in Side:
            inputs = self.inputs(side)
            if inputs.character_id and self._character_missing(inputs.character_id):
                characters = self.characters()
                inputs.character_id = characters[0].id if characters else None
                self.boosts[side] = False
        self._follow_key_filter()
        self._recompute()

    def _on_session_changed(self, key: str) -> None:
        if key != SESSION_KEY:
            return
        if self.key_filter is not None and self.key_filter not in self.key_names():
            self.key_note = self.tr("イベントキー:{0} はもうありません。全員が判定できます").format(
                self.key_filter
            )
            self.key_filter = None
        self._follow_key_filter()
        self._recompute()

    def _holder_ids(self) -> set[str]:
        return {s.id for s in self.characters_for(Side.ACTION)}

    def _follow_key_filter(self) -> None:
        """Under a key restriction the action side is a holder: the first one, or nobody."""
        if self.key_filter is None or self.action.character_id in self._holder_ids():
            return
        holders = self.characters_for(Side.ACTION)
        self.action.character_id = holders[0].id if holders else None
        self.boosts[Side.ACTION] = False
        self.key_note = "" if holders else self.tr("このイベントキーを持つPCがいません")
