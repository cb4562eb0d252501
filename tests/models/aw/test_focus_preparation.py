"""AWFocusModel.preparation (AWFocusPreparation): who may take part in an AF, and the set-up's odds
before anyone declares a skill.

Demo AW characters (list order): 朝霧 透 (PC), ミナ・クローデル (PC), 影の使徒 (NPC).
"""

from __future__ import annotations

from gmtool.models.aw import focus_preparation
from gmtool.models.aw.focus_model import AWFocusModel, FocusSetup
from gmtool.models.aw.session_model import AWSessionModel
from tests.models.aw.test_focus_model import ids_by_name


def test_candidates_are_the_pcs_in_the_scene_or_all_pcs(campaign_model):
    model = AWFocusModel(campaign_model)
    assert [(c.name, c.default) for c in model.preparation.candidates()] == [
        ("朝霧 透", True),
        ("ミナ・クローデル", True),
        ("影の使徒", False),  # no scene: the PCs
    ]
    ids = ids_by_name(campaign_model)
    session = AWSessionModel(campaign_model)
    session.set_current_scene(session.add_scene("倉庫", (ids["ミナ・クローデル"], ids["影の使徒"])))
    assert [(c.name, c.default, c.in_scene) for c in model.preparation.candidates()] == [
        ("朝霧 透", False, False),
        ("ミナ・クローデル", True, True),
        ("影の使徒", False, True),  # in the scene, but the text's AF is the PC達's: the GM ticks an NPC
    ]


def test_the_preview_is_computed_again_only_when_the_odds_can_change(campaign_model, monkeypatch):
    model = AWFocusModel(campaign_model)
    calls = []
    real = focus_preparation.focus_odds
    monkeypatch.setattr(focus_preparation, "focus_odds", lambda *a: calls.append(a) or real(*a))
    ids = ids_by_name(campaign_model)
    setup = FocusSetup(difficulty=80, participants=(ids["朝霧 透"],))
    first = model.preparation.preview_odds(setup)
    assert (
        model.preparation.preview_odds(
            FocusSetup(goal="別の目的", difficulty=80, participants=(ids["朝霧 透"],))
        )
        is first
    )
    assert len(calls) == 1  # the goal does not change the odds
    assert model.preparation.preview_odds(FocusSetup(difficulty=50, participants=(ids["朝霧 透"],))) != first
    assert len(calls) == 2
