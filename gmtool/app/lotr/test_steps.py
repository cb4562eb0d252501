"""LotR's steps for the test hook (`gmtool.app.test_hook_steps`, `SystemHooks.test_steps`).

xp <objective>           an objective's XP to every LotR character (LotRAdvancementModel)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gmtool.app.services import AppServices


def test_steps(services: AppServices) -> dict[str, Callable[[list[str]], Any]]:
    def xp(args: list[str]) -> Any:
        from gmtool.models.lotr.advancement_model import LotRAdvancementModel

        ids = [s.id for s in services.campaign_model.characters_of("lotr")]
        model = LotRAdvancementModel(services.campaign_model, ids[0], parent=services.parent_widget)
        try:
            share = model.xp.add_objective_xp(args[0], recipients=ids)
        finally:
            model.deleteLater()
        return {"xp": share, "to": ids}

    return {"xp": xp}
