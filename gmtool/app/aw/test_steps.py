"""アナザーワールド's steps for the test hook (`gmtool.app.test_hook_steps`, `SystemHooks.test_steps`):
each one user step over several characters, made through its real model, for the crash tests.

    supply <kind> <dice>     供給ルール over every AW character (AWSupplyModel.roll); kind:
                             missed_meal, short_sleep or supply (the dice clamped to the text's range)
    spell                    the next session step towards a 令呪 summon: a contract, a scene, the
                             servant leaving it, a session end when none is left, else the summon
                             (in a running AW fight it also sends the round to its cleanup) — or,
                             when the servant is still in that fight, the 令呪 that takes it out
    boost                    a check by the servant with 令呪 +20 from the judgement panel
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gmtool.app.services import AppServices
    from gmtool.models.aw.session_model import AWSessionModel
    from gmtool.models.aw.supply_model import AWSupplyModel


def test_steps(services: AppServices) -> dict[str, Callable[[list[str]], Any]]:
    steps = AWSteps(services)
    return {"supply": steps.supply, "spell": steps.spell, "boost": steps.boost}


class AWSteps:
    __test__ = False  # not a pytest test class

    def __init__(self, services: AppServices) -> None:
        self.services = services
        self._supply: AWSupplyModel | None = None
        self._session: AWSessionModel | None = None

    def _ids(self) -> list[str]:
        return [s.id for s in self.services.campaign_model.characters_of("aw")]

    def _pair(self) -> tuple[str, str]:
        """The 令呪's master and servant: the first two AW characters."""
        ids = self._ids()
        return ids[0], ids[1]

    def supply_model(self) -> AWSupplyModel:
        if self._supply is None:
            from gmtool.models.aw.supply_model import AWSupplyModel

            self._supply = AWSupplyModel(self.services.campaign_model, parent=self.services.parent_widget)
        return self._supply

    def session_model(self) -> AWSessionModel:
        if self._session is None:
            from gmtool.models.aw.session_model import AWSessionModel

            self._session = AWSessionModel(self.services.campaign_model, self.services.parent_widget)
        return self._session

    def supply(self, args: list[str]) -> Any:
        from gmtool.rules.systems.aw.supply import SupplyKind

        model = self.supply_model()
        model.set_kind(SupplyKind(args[0]))
        for cid in self._ids():
            model.set_target(cid, True)
        low, high = model.dice_range()
        model.set_dice(min(max(int(args[1]), low), high))
        outcome = model.roll()
        return {
            "supply": str(outcome.kind),
            "rolls": [[r.character_id, r.before, r.after] for r in outcome.rolls],
        }

    def spell(self, _args: list[str]) -> Any:
        from gmtool.rules.systems.aw.session import SpellEffect

        session = self.session_model()
        master, servant = self._pair()
        state = session.state()
        scene = state.scene(state.current_scene)
        if state.master_of(servant) != master:
            session.contracts.form_contract(master, servant)
            return {"spell": "contract"}
        if scene is None:
            session.add_scene("", (master,))
            return {"spell": "scene"}
        if servant in scene.present:
            session.set_present(scene.id, tuple(c for c in scene.present if c != servant))
            return {"spell": "leave"}
        if session.contracts.spells_left(master) == 0:
            session.end_session()
            return {"spell": "end session"}
        from gmtool.models.aw.spell_fight import AWSpellFight

        in_play = AWSpellFight(session).servant_in_play(servant)
        if in_play:  # a servant still fighting cannot be summoned into its fight: 令呪B takes it out
            session.contracts.use_command_spell(master, servant, SpellEffect.DISMISS)
            return {"spell": "dismiss in a fight"}
        session.contracts.use_command_spell(master, servant, SpellEffect.SUMMON)
        return {"spell": "summon" if in_play is None else "summon in a fight"}

    def boost(self, _args: list[str]) -> Any:
        from gmtool.models.aw.check_model import AWCheckModel

        master, servant = self._pair()
        session = self.session_model()
        if session.state().master_of(servant) != master or session.contracts.spells_left(master) == 0:
            return {"boost": None}
        self.services.select_character(servant)  # as the GM picks the servant: its panel shows
        model = self.services.panel_model("aw")
        assert isinstance(model, AWCheckModel)
        model.set_boost(True)
        result = model.roll()
        return {"boost": None if result is None else "rolled"}
