"""An AF's exact odds grow with its participants: past MAX_PARTICIPANTS the start is refused,
with the reason, as the CLI refuses the same AF (issue 21, bounded work)."""

from __future__ import annotations

import pytest

from gmtool.models.aw.focus_model import AWFocusModel, FocusSetup
from gmtool.rules.systems.aw.character import AWCharacter
from gmtool.rules.systems.aw.focus import MAX_PARTICIPANTS
from gmtool.rules.systems.aw.session import SessionRefused


def _party(campaign_model, size: int) -> tuple[str, ...]:
    return tuple(
        campaign_model.insert_character("aw", AWCharacter(name=f"冒険者{i}", is_pc=True), "追加")
        for i in range(size)
    )


def test_one_participant_too_many_is_refused_with_the_limit(empty_campaign_model):
    model = AWFocusModel(empty_campaign_model)
    party = _party(empty_campaign_model, MAX_PARTICIPANTS + 1)
    steps = empty_campaign_model.undo_stack.count()
    with pytest.raises(SessionRefused, match=f"参加者は {MAX_PARTICIPANTS} 人までです（13 人が選ばれました"):
        model.start(FocusSetup(goal="説得", difficulty=60, round_limit=2, participants=party))
    assert empty_campaign_model.undo_stack.count() == steps  # nothing started
    model.start(FocusSetup(goal="説得", difficulty=60, round_limit=2, participants=party[:MAX_PARTICIPANTS]))
    assert empty_campaign_model.undo_stack.count() == steps + 1
