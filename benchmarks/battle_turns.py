"""Combat tracker benchmark: 「次の手番」 with 200 participants (target ≤ 5 ms median).

Two figures: the engine's step alone (AW initiative: the highest 行動値 among the not-yet-acted,
with the PC/NPC and attribute tie-breaks), and the whole step the GM waits for through the model
(the step, the document checked and written to the campaign file, one undo step, two log lines).
Every run walks a full round, so each press sees a different number still waiting."""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gmtool.rules import battle, battle_turns
from gmtool.rules.battle import Encounter
from gmtool.rules.battle_rules import combat_rules

PARTICIPANTS = 200


def crowd(count: int = PARTICIPANTS) -> Encounter:
    rules = combat_rules("aw")
    rng = random.Random(1)
    people = []
    for i in range(count):
        values = {"initiative": rng.randint(1, 15), "reflex": rng.randint(1, 6), "hp": 30}
        seed = rules.from_quick(f"兵 {i}", values)
        people.append(battle_turns.participant_from(seed, f"p{i}"))
    return battle.add_participants(Encounter(name="大乱戦", system="aw"), people)


def bench_engine_next_turn(rounds: int = 3) -> float:
    """Median ms of one engine next-turn step over `rounds` full rounds of 200."""
    rules = combat_rules("aw")
    rng = random.Random(0)
    encounter = battle_turns.start(crowd(), rules, rng)
    samples = []
    for _ in range(rounds * (PARTICIPANTS + 2)):
        start = time.perf_counter()
        encounter = battle_turns.next_turn(encounter, rules, rng).encounter
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def bench_model_next_turn(presses: int = 100) -> float:
    """Median ms of BattleModel.round.next_turn on a campaign file (stored, logged, undoable)."""
    from PySide6.QtCore import QCoreApplication

    from gmtool.models.battle_model import ENCOUNTER_KEY, BattleModel
    from gmtool.models.campaign_model import CampaignModel
    from gmtool.store.campaign import Campaign

    _app = QCoreApplication.instance() or QCoreApplication([])
    with tempfile.TemporaryDirectory(prefix="gmtool-bench-") as tmp:
        campaign = Campaign.create(Path(tmp) / "bench.gmcampaign")
        model = BattleModel(CampaignModel(campaign))
        campaign.set_session(ENCOUNTER_KEY, battle.dump_encounter(crowd()))
        model.round.start()
        samples = []
        for _ in range(presses):
            start = time.perf_counter()
            model.round.next_turn()
            samples.append(time.perf_counter() - start)
        campaign.close()
    return statistics.median(samples) * 1000


if __name__ == "__main__":
    print(f"next turn, {PARTICIPANTS} participants, engine: {bench_engine_next_turn():.2f} ms median")
    print(
        f"next turn, {PARTICIPANTS} participants, through the model: {bench_model_next_turn():.2f} ms median"
    )
