"""The LotR combat round (3. 戦闘): Swiftness initiative each round (or kept from the first, the
GM's choice), 2 actions a turn, extra actions at −5 cumulative, the action costs of the attack
options, dodge and parry, aim, and the wound track and weariness of each participant.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from gmtool.rules.battle import (
    Action,
    BattleRefused,
    Encounter,
    Participant,
    Resource,
    Status,
    with_participant,
)
from gmtool.rules.battle_rules import CombatRules, LostTurn, NextActor, QuickField, Seed, SessionReader
from gmtool.rules.data import RuleDataError
from gmtool.rules.house_rules import HOUSE_RULES_KEY, HouseRules, HouseRulesError
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.attack_marks import defence_modifier
from gmtool.rules.systems.lotr.checks import LotRRoller, RollSpec, success_probability

# Re-exported: the round's values
from gmtool.rules.systems.lotr.combat_types import (
    ACTION_KINDS as ACTION_KINDS,
    ACTIONS_BY_ID as ACTIONS_BY_ID,
    ACTIONS_PER_TURN as ACTIONS_PER_TURN,
    AIM_BONUS as AIM_BONUS,
    ATTACKS as ATTACKS,
    CONDITION_PENALTY as CONDITION_PENALTY,
    EXTRA_ACTION_PENALTY as EXTRA_ACTION_PENALTY,
    KEEP_INITIATIVE as KEEP_INITIATIVE,
    LOST_TURN as LOST_TURN,
    MOUNT_ACTION_KINDS as MOUNT_ACTION_KINDS,
    NO_TEST_TN as NO_TEST_TN,
    WEARINESS as WEARINESS,
    WOUNDS as WOUNDS,
    ActionKind as ActionKind,
)
from gmtool.rules.systems.lotr.derived import WoundTrack, defence
from gmtool.rules.systems.lotr.exploding import at_least, roll_test
from gmtool.rules.systems.lotr.house_rules import UNSET_LIGHTER, UNSET_WOUND_PENALTY
from gmtool.rules.systems.lotr.overrides import apply_overrides
from gmtool.rules.systems.lotr.rules_data import SIZE_IDS, Level, LotRRules, lotr_rules

RULES_SESSION_KEY = "lotr.rules"  # the GM's edits of the tables (declared in the package's session_keys)


class LotRCombat(CombatRules):
    system_id = "lotr"
    initiative_label = "イニシアチブ"
    quick_fields = (
        QuickField("swiftness", "Swiftness", 0, -99, 99, required=True),
        QuickField("defence", "Defence", 10, 0, 99),
        QuickField("health", "Health", 7, 1, 999, required=True),
        QuickField("wound_levels", "負傷段階数", 5, 1, 5),
        QuickField("actions", "アクション数", ACTIONS_PER_TURN, 1, 9),
    )

    def __init__(self, rules: LotRRules | None = None) -> None:
        self._rules = rules

    @property
    def rules(self) -> LotRRules:
        return self._rules or lotr_rules()

    session_keys = (RULES_SESSION_KEY, HOUSE_RULES_KEY)

    def in_campaign(self, read: SessionReader) -> CombatRules:
        """The round over the campaign's tables (ルール表: the wound penalties the GM entered) and
        its reading of an empty wound penalty (house rule lotr.unset_wound_penalty), as the sheet."""
        tables = read(RULES_SESSION_KEY, campaign_tables)
        reading = read(HOUSE_RULES_KEY, unset_wound_reading)
        key = (id(tables), reading)
        hit = _in_campaign.get(key)
        if hit is None or hit[0] is not tables:
            if len(_in_campaign) > 32:
                _in_campaign.clear()
            hit = _in_campaign[key] = (tables, LotRCombat(replace(tables, unset_wound_penalty=reading)))
        return hit[1]

    def from_character(self, character: Any) -> Seed:
        size = self.rules.size(character.size)
        values = {
            "swiftness": character.reactions.swiftness,
            "defence": defence(character, self.rules),
            "health": character.health,
            "wound_levels": character.wound_levels,
            "extra_healthy": size.extra_healthy if size else 0,
            "actions": ACTIONS_PER_TURN,
            # 1-based (0: unknown, as for a quick NPC): a rider counts as Large against smaller foes (3.9)
            "size_order": SIZE_IDS.index(character.size) + 1 if character.size in SIZE_IDS else 0,
        }
        return self._seed(character.name, values, character.damage, character.weariness, character.is_pc)

    def from_quick(self, name: str, values: Mapping[str, int]) -> Seed:
        return self._seed(name, {f.key: values.get(f.key, f.default) for f in self.quick_fields})

    def _seed(
        self, name: str, values: dict[str, int], damage: int = 0, weariness: int = 0, pc: bool = False
    ) -> Seed:
        levels = len(self.track_levels(values))
        return Seed(
            name=name,
            is_pc=pc,
            values=values,
            resources=(
                Resource(WOUNDS, "ダメージ", damage, values["health"] * levels, grows=True),
                Resource(WEARINESS, "疲労段階", weariness, len(self.rules.weariness_levels) - 1, grows=True),
            ),
        )

    def write_back(self, character: Any, participant: Participant) -> Any:
        wounds, weariness = participant.resource(WOUNDS), participant.resource(WEARINESS)
        return replace(
            character,
            damage=wounds.value if wounds else character.damage,
            weariness=weariness.value if weariness else character.weariness,
        )

    def track_levels(self, values: Mapping[str, int]) -> tuple[Any, ...]:
        healthy, *wounded = self.rules.wound_levels
        return (healthy,) * (1 + values.get("extra_healthy", 0)) + tuple(
            wounded[: values.get("wound_levels", 5)]
        )

    def wound_track(self, p: Participant) -> WoundTrack:
        damage = p.resource(WOUNDS)
        return WoundTrack(
            self.track_levels(p.values),
            max(1, p.value("health", 1)),
            damage.value if damage else 0,
            carry=self.rules.unset_wound_penalty == UNSET_LIGHTER,  # as the sheet reads it
        )

    def weariness(self, p: Participant) -> Level:
        level = p.resource(WEARINESS)
        index = max(0, min(level.value if level else 0, len(self.rules.weariness_levels) - 1))
        return self.rules.weariness_levels[index]

    def penalty(self, participant: Participant) -> int:
        """Wound + weariness penalties, as on the sheet (an unset wound level read as the campaign's
        house rule lotr.unset_wound_penalty says, other unset values 0), and those of
        conditions that carry one (a fear attack's, 3.8)."""
        wound = self.wound_track(participant).penalty + (self.weariness(participant).penalty or 0)
        return wound + condition_penalty(participant)

    def states(self, participant: Participant) -> tuple[str, ...]:
        track = self.wound_track(participant)
        level = track.level  # None exactly when dead
        wound = "dead" if level is None else level.id
        return (wound, self.weariness(participant).id)

    def settle(self, participant: Participant) -> Participant:
        """Dead at the end of the wound track; unconscious at Exhausted (1.2.2 「Exhausted になった
        キャラクターはただちに意識不明になる」), awake again when it recovers."""
        if participant.status is Status.DEAD:
            return participant
        if self.wound_track(participant).dead:
            return replace(participant, status=Status.DEAD)
        exhausted = int(self.weariness(participant).id == self.rules.weariness_levels[-1].id)
        if exhausted == participant.value("exhausted"):
            return participant
        status = participant.status
        if exhausted:
            status = Status.DEFEATED
        elif status is Status.DEFEATED:
            status = Status.ACTIVE
        return replace(participant, status=status, values={**participant.values, "exhausted": exhausted})

    def start_round(self, encounter: Encounter, rng: random.Random) -> Encounter:
        """行動宣言の後にイニシアチブ判定: a Swiftness test per participant, unless kept."""
        # A dodge lasts to the round's end, and so does its action's wait for the attack (3.3).
        fresh = {"dodge": 0, "dodge_pending": 0}
        participants = tuple(replace(p, values={**p.values, **fresh}) for p in encounter.participants)
        encounter = replace(encounter, participants=participants)
        if encounter.round > 1 and encounter.option(KEEP_INITIATIVE):
            return encounter
        rolled = []
        for p in encounter.participants:
            if not p.in_play:
                rolled.append(p)
                continue
            dice = sum(roll_test(rng))
            total = dice + p.value("swiftness") + self.penalty(p)
            rolled.append(replace(p, initiative=total, values={**p.values, "initiative_dice": dice}))
        return replace(encounter, participants=tuple(rolled))

    def lost_turn(self, encounter: Encounter, participant_id: str) -> LostTurn | None:
        """A condition marked LOST_TURN takes this turn (3.8 「1ターン行動不能」): the turn is spent
        and the condition ends with it, with every value named after it."""
        p = encounter.get(participant_id)
        names = [c.name for c in p.conditions if p.value(LOST_TURN + c.name)]
        if not names:
            return None
        gone = tuple(":" + name for name in names)
        values = {k: v for k, v in p.values.items() if not k.endswith(gone)}
        conditions = tuple(c for c in p.conditions if c.name not in names)
        spent = with_participant(
            encounter, participant_id, lambda q: replace(q, conditions=conditions, values=values)
        )
        return LostTurn("、".join(names), spent)

    def next_actor(self, encounter: Encounter) -> NextActor:
        """Highest initiative first; the text breaks no ties, so a level one is the GM's."""
        waiting = encounter.waiting()
        if not waiting:
            return NextActor(None)
        best = max(p.initiative for p in waiting)
        level = [p for p in waiting if p.initiative == best]
        return NextActor(level[0].id, tuple(p.id for p in level[1:]))


# ---- actions ------------------------------------------------------------------------------------


def actions_used(p: Participant) -> int:
    return sum(a.cost for a in p.actions)


def extra_penalty(allowance: int, used_after: int) -> int:
    """−5 for each action past the turn's allowance: the 3rd of 2 at −5, the 4th at −10."""
    return -EXTRA_ACTION_PENALTY * max(0, used_after - allowance)


@dataclass(frozen=True)
class Spent:
    encounter: Encounter
    penalty: int  # on this action's test (≤ 0)
    aim: int = 0  # an aim bonus this attack used


def spend_action(encounter: Encounter, participant_id: str, kind_id: str, aim: str = "direct") -> Spent:
    """Records one action with its cost; past the allowance it still happens, at −5 cumulative.

    Dodge and parry may be taken out of turn, so any participant may spend at any time."""
    kind = ACTIONS_BY_ID.get(kind_id)
    if kind is None:
        raise BattleRefused(Message("そのアクションはありません: {0}", kind_id))
    p = encounter.get(participant_id)
    if not p.in_play:
        raise BattleRefused(Message("{0}は行動できません", p.name))
    allowance = p.value("actions", ACTIONS_PER_TURN)
    used = actions_used(p)
    if kind.cost is None and used:
        raise BattleRefused(
            Message("full-round アクションはラウンドの最初のアクションとしてしか行なえません")
        )
    if kind.cost != 0 and any(
        ACTIONS_BY_ID[a.kind].cost is None for a in p.actions if a.kind in ACTIONS_BY_ID
    ):
        raise BattleRefused(
            Message("{0}は full-round アクションを行なったので、このラウンドはほかの行動ができません", p.name)
        )
    cost = allowance if kind.cost is None else kind.cost
    penalty = extra_penalty(allowance, used + cost) if cost else 0
    values = dict(p.values)
    used_aim = 0
    if kind.id == "aim":
        values["aim"] = AIM_BONUS.get(aim, AIM_BONUS["direct"])
    elif kind.id in ATTACKS:
        used_aim = values.pop("aim", 0)
    changed = replace(p, actions=(*p.actions, Action(kind.id, kind.name, cost)), values=values)
    encounter = with_participant(encounter, participant_id, lambda _p: changed)
    return Spent(encounter, penalty, used_aim)


def dodge_result(encounter: Encounter, participant_id: str, total: int) -> Encounter:
    """回避: a Swiftness total higher than Defence replaces it until the round ends."""
    return with_participant(
        encounter,
        participant_id,
        lambda p: replace(p, values={**p.values, "dodge": max(total, p.value("dodge"))}),
    )


def dodged_defence(p: Participant) -> int:
    """Defence, or the dodge total that replaced it this round (3.3), before its own options."""
    return max(p.value("defence"), p.value("dodge"))


def current_defence(p: Participant) -> int:
    """What an attack must reach now: the dodged Defence with the participant's own attack options
    until its next turn (defensive +2, power −2, … 3.2) — the dodge takes them as Defence does."""
    return dodged_defence(p) + defence_modifier(p)


def dodge_probability(p: Participant, penalty: int = 0) -> Fraction:
    """P that a dodge raises Defence (a Swiftness total above it; its own options' modifier is on
    both, so it cancels)."""
    need = dodged_defence(p) + 1 - p.value("swiftness") - penalty
    return at_least(need)


def parry_probability(bonus: int, attack_total: int) -> Fraction:
    """防御: the weapon skill test against the attack's total; a tie is the defender's."""
    return success_probability(RollSpec(LotRRoller(modifier=bonus), attack_total))


def condition_penalty(p: Participant) -> int:
    names = {c.name for c in p.conditions}
    prefix = CONDITION_PENALTY
    return sum(v for k, v in p.values.items() if k.startswith(prefix) and k[len(prefix) :] in names)


def set_keep_initiative(encounter: Encounter, keep: bool) -> Encounter:
    return replace(encounter, options={**encounter.options, KEEP_INITIATIVE: int(keep)})


def campaign_tables(document: Any) -> LotRRules:
    """The shipped tables with a campaign's edits; the shipped ones when the edits are bad (the
    rule-table editor says why)."""
    try:
        return apply_overrides(lotr_rules(), document)
    except RuleDataError:
        return lotr_rules()


def unset_wound_reading(document: Any) -> str:
    """The campaign's reading of an empty wound penalty (the default where none or unreadable)."""
    try:
        return HouseRules.from_document(document).get(UNSET_WOUND_PENALTY)
    except HouseRulesError:
        return HouseRules().get(UNSET_WOUND_PENALTY)


# A campaign's round by (tables, reading): one object while neither changes (the tables kept to
# check the id still names them).
_in_campaign: dict[tuple[int, str], tuple[LotRRules, LotRCombat]] = {}

SYSTEM_COMBAT = LotRCombat()
