"""The test hook's multi-character steps: each command is one user step made through its real model.

The crash test for issue 21 ("one transaction per user step") feeds these to ``gmtool --test-hook``
and kills the process at random moments; a step that changes several characters, session documents
and log lines must then be found in the file whole or not at all.  Registered by `test_hook.TestHook`.

    writeback                the combat tracker's シートに反映 (BattleModel.roster.write_back)
    tracker [next | damage <k> <amount>]
                             one combat-tracker step: the campaign's first saved fight called up,
                             started, the next turn, or damage to its k-th campaign character
    …                        and each system's own steps (`SystemHooks.test_steps`): AW's supply,
                             spell and boost (gmtool.app.aw.test_steps), LotR's xp
                             (gmtool.app.lotr.test_steps)
    step-undo | step-redo    the campaign's undo stack
    hold <seconds>           from now on, wait that long between a step's ``pending`` and its commit
                             (so a kill after ``pending`` finds it not yet committed)

Before the step is committed each prints ``pending <n> <json>``: what the step changed in the
campaign as the model's own connection reads it (`campaign_state` before and after: item → digest,
``[before, after]``), the undo stack's index and count, and the log lines of each of its steps.
An undo or redo is committed as it runs, so its ``pending`` line comes after its commit.  Then the
hook commits and answers ``done <n> <json>`` with what the step did (for reading the test's output).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from gmtool.models.undo_log import UNDONE_KEY

if TYPE_CHECKING:
    from gmtool.app.services import AppServices
    from gmtool.models.battle_model import BattleModel

UNDONE_ITEM = f"s:{UNDONE_KEY}"

Rows = Callable[[str], list[tuple[Any, ...]]]
Step = Callable[[list[str]], Any]  # a command's arguments → what it did (JSON), for the done line


def digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


def json_digest(text: str) -> str:
    """The digest of a JSON text, whatever its spacing and key order."""
    return digest(json.dumps(json.loads(text), sort_keys=True, ensure_ascii=False))


def campaign_state(rows: Rows) -> dict[str, Any]:
    """Everything a step can change, item → digest: ``c:<id>`` a character (system, schema version,
    position, document; not its time stamp), ``s:<key>`` a session value (the undone marks
    ``s:log.undone`` as their list of ids), ``l:<id>`` a log line, ``m:<key>`` a meta row."""
    state: dict[str, Any] = {}
    for key, value in rows("SELECT key, value FROM meta"):
        state[f"m:{key}"] = digest(str(value))
    for cid, system, version, position, data in rows(
        "SELECT id, system, schema_version, position, data FROM characters"
    ):
        state[f"c:{cid}"] = digest(json.dumps([system, version, position, json_digest(data)]))
    for key, value in rows("SELECT key, value FROM session"):
        state[f"s:{key}"] = json.loads(value) if key == UNDONE_KEY else json_digest(value)
    for entry_id, kind, payload in rows("SELECT id, kind, payload FROM log"):
        state[f"l:{entry_id}"] = digest(f"{kind}\0{json_digest(payload)}")
    return state


def state_diff(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, list[Any]]:
    """item → [before, after] for every item that changed (None: absent)."""
    return {
        item: [before.get(item), after.get(item)]
        for item in sorted(before.keys() | after.keys())
        if before.get(item) != after.get(item)
    }


class StepCommands:
    """The hook's step commands over the window's models (`services`); `say` prints a line, `count`
    is the number of the command being performed."""

    def __init__(self, services: AppServices, say: Callable[[str], None], count: Callable[[], int]) -> None:
        self.services = services
        self._say = say
        self._count = count
        self._battle: BattleModel | None = None
        self.hold = 0.0

    def table(self) -> dict[str, Callable[[list[str]], Any]]:
        from gmtool.app.systems import SYSTEM_HOOKS

        steps: dict[str, Step] = {
            "writeback": self.writeback,
            "tracker": self.tracker,
            "step-undo": lambda _args: self.services.campaign_model.undo_stack.undo(),
            "step-redo": lambda _args: self.services.campaign_model.undo_stack.redo(),
        }
        for hooks in SYSTEM_HOOKS.values():
            if hooks.test_steps is not None:
                steps |= hooks.test_steps(self.services)
        return {name: self._watched(step) for name, step in steps.items()} | {"hold": self._hold}

    def _hold(self, args: list[str]) -> None:
        self.hold = max(0.0, min(float(args[0]), 1.0))

    # ---- reporting --------------------------------------------------------------------------
    def _state(self) -> dict[str, Any]:
        campaign = self.services.campaign_model.campaign
        return campaign_state(campaign._read)  # the model's own connection: its open step included

    def _watched(self, step: Callable[[list[str]], Any]) -> Callable[[list[str]], str]:
        def run(args: list[str]) -> str:
            before = self._state()
            what = step(args)
            stack = self.services.campaign_model.undo_stack
            report = {
                "diff": state_diff(before, self._state()),
                "stack": [stack.index(), stack.count()],
                "lines": {str(i): list(stack.lines_of(i)) for i in range(stack.count())},
            }
            self._say(f"pending {self._count()} {json.dumps(report, ensure_ascii=False, sort_keys=True)}")
            time.sleep(self.hold)
            return json.dumps(what, ensure_ascii=False)

        return run

    # ---- the tracker ------------------------------------------------------------------------
    def battle_model(self) -> BattleModel:
        if self._battle is None:
            from gmtool.models.battle_model import BattleModel

            self._battle = BattleModel(self.services.campaign_model, self.services.parent_widget)
        return self._battle

    def writeback(self, _args: list[str]) -> Any:
        model = self.battle_model()
        if not model.state().system:
            return {"writeback": None}
        return {"writeback": model.roster.write_back()}

    def tracker(self, args: list[str]) -> Any:
        model = self.battle_model()
        state = model.state()
        if not state.participants:
            model.saved.load(model.saved.names()[0])  # the demo's fight
            return {"tracker": "load"}
        if not state.active:
            model.round.start()
            return {"tracker": "start"}
        if args and args[0] == "damage":
            linked = [p for p in state.participants if p.character_id is not None]
            target = linked[int(args[1]) % len(linked)]
            model.edit.damage(target.id, "hp", int(args[2]))
            return {"tracker": "damage", "to": target.character_id}
        model.round.next_turn()
        return {"tracker": "next"}
