"""The Four Card round: turns in the GM's order; damage as 疲労 or 負傷 against the 衰弱, 昏倒 and
死亡 lines (ST×2+VT, +WP×2, +VT×2), with their effects: −2 on every roll at 衰弱, unconscious at
昏倒, dead at 死亡.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from gmtool.rules.battle import Participant, Resource, Status
from gmtool.rules.battle_rules import CombatRules, QuickField, Seed
from gmtool.rules.systems.fourcard.derived import WEAKENED_PENALTY, HPLines, line_reached, lines_for

FATIGUE = "fatigue"
INJURY = "injury"
# How far down the lines a participant is: 0 none, 1 衰弱, 2 昏倒, 3 死亡 (kept to notice a change).
LINE_ORDER = ("", "weakened", "unconscious", "dead")


class FourCardCombat(CombatRules):
    system_id = "fourcard"
    quick_fields = (
        QuickField("st", "ST", 5, 1, 99, required=True),
        QuickField("wp", "WP", 5, 1, 99, required=True),
        QuickField("vt", "VT", 5, 1, 99, required=True),
    )

    def from_character(self, character: Any) -> Seed:
        values = {a: character.current(a) for a in ("st", "wp", "vt")}
        seed = self._seed(character.name, values, character.fatigue, character.injury)
        return replace(seed, is_pc=character.is_pc)

    def from_quick(self, name: str, values: Mapping[str, int]) -> Seed:
        return self._seed(
            name, {k: values.get(k, f.default) for k, f in ((f.key, f) for f in self.quick_fields)}
        )

    def _seed(self, name: str, values: dict[str, int], fatigue: int = 0, injury: int = 0) -> Seed:
        seed = Seed(
            name=name,
            values=values,
            resources=(
                Resource(FATIGUE, "疲労", fatigue, grows=True),
                Resource(INJURY, "負傷", injury, grows=True),
            ),
        )
        return seed

    def write_back(self, character: Any, participant: Participant) -> Any:
        fatigue, injury = participant.resource(FATIGUE), participant.resource(INJURY)
        return replace(
            character,
            fatigue=fatigue.value if fatigue else character.fatigue,
            injury=injury.value if injury else character.injury,
        )

    def settle(self, participant: Participant) -> Participant:
        """A line reached or left changes the status: 昏倒 → unconscious (skipped), 死亡 → dead."""
        reached = LINE_ORDER.index(line_state(participant))
        before = participant.value("line")
        if reached == before:
            return participant
        status = participant.status
        if status is Status.DEAD:  # death is final: healing the body does not revive (the GM may)
            return replace(participant, values={**participant.values, "line": reached})
        if reached == 3:
            status = Status.DEAD
        elif reached == 2:
            status = Status.DEFEATED
        elif before >= 2 and status is Status.DEFEATED:  # healed back above 昏倒
            status = Status.ACTIVE
        return replace(participant, status=status, values={**participant.values, "line": reached})

    def states(self, participant: Participant) -> tuple[str, ...]:
        state = line_state(participant)
        return (state,) if state else ()

    def penalty(self, participant: Participant) -> int:
        return -WEAKENED_PENALTY if line_state(participant) else 0


def lines(participant: Participant) -> HPLines:
    return lines_for(participant.value("st"), participant.value("wp"), participant.value("vt"))


def accumulated(participant: Participant) -> int:
    """累積ダメージ = 疲労 + 負傷."""
    return sum(r.value for r in participant.resources if r.key in (FATIGUE, INJURY))


def line_state(participant: Participant) -> str:
    return line_reached(lines(participant), accumulated(participant))


SYSTEM_COMBAT = FourCardCombat()
