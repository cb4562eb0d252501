"""AWFocusModel follows the AF's two house rules: what a declared 特技 counts for in a later
round (aw.focus_redeclare) and whether the round that reaches the difficulty is played out
(aw.focus_round_end); flipping a switch changes the live odds and undo brings them back.

Demo AW characters in 行動値 order: 朝霧 透 (理知 2, 《サンプル特技》), ミナ・クローデル (理知 4,
critical 11).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.models.aw.focus_model import AWFocusModel, FocusSetup
from gmtool.models.aw.focus_state import Ending, RecordKind
from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.rules.systems.aw.focus import (
    FocusParticipant,
    FocusProgress,
    FocusStatus,
    Redeclaration,
    focus_odds,
)
from gmtool.rules.systems.aw.house_rules import (
    END_PLAYED_OUT,
    FOCUS_REDECLARE,
    FOCUS_ROUND_END,
    REDECLARE_EVERY,
    REDECLARE_GM,
    REDECLARE_ONCE,
)
from gmtool.rules.systems.aw.session import SessionRefused

TORU, MINA = "朝霧 透", "ミナ・クローデル"


def start(model: AWFocusModel, difficulty: int = 60) -> None:
    ids = {s.character.name: s.id for s in model.campaign_model.characters_of("aw")}
    model.start(
        FocusSetup(goal="説得", difficulty=difficulty, round_limit=2, participants=(ids[TORU], ids[MINA]))
    )


def round_two_with_a_declared_skill(model: AWFocusModel) -> None:
    start(model)
    model.set_ticked(0, "サンプル特技", True)
    assert model.roll(7).declared == 1  # round 1: 60 − 2 = 58
    model.roll(7)  # 2+7 + 4+7 = 20


def expected(reading: str, allowed=frozenset(), fresh=(0, 0)) -> Fraction:
    party = [FocusParticipant(2, declarations=1), FocusParticipant(4, critical=11)]
    progress = FocusProgress(60, 2, round=2, total=20, declared=1)
    return focus_odds(party, progress, redeclare=Redeclaration(reading, allowed), fresh=fresh).success


def test_a_declared_skill_counts_again_only_as_the_switch_reads(campaign_model):
    model = AWFocusModel(campaign_model)
    switches = HouseRulesModel(campaign_model)
    round_two_with_a_declared_skill(model)  # the default: the text's rule, once in the AF (issue 37)
    once = model.odds().success
    assert once == expected(REDECLARE_ONCE) and model.declarations_now(0) == 0  # declared in round 1

    switches.set_reading(FOCUS_REDECLARE, REDECLARE_EVERY)
    assert model.declarations_now(0) == 1
    every = model.odds().success
    assert every == expected(REDECLARE_EVERY) > once
    assert model.roll(7).declared == 1 and model.effective_difficulty() == 56

    campaign_model.undo_stack.undo()  # the roll
    campaign_model.undo_stack.undo()  # the switch
    assert model.odds().success == once
    record = model.roll(7)
    assert (record.declared, record.skills) == (0, ())
    assert model.effective_difficulty() == 58


def test_a_skill_not_yet_declared_still_counts_once(campaign_model):
    model = AWFocusModel(campaign_model)
    HouseRulesModel(campaign_model).set_reading(FOCUS_REDECLARE, REDECLARE_ONCE)
    start(model)
    model.roll(7)  # nothing declared in round 1
    model.set_other(1, 2)
    record = model.roll(7)
    assert record.declared == 2  # ミナ's first declarations count
    model.set_ticked(0, "サンプル特技", True)
    assert model.declarations_now(0) == 1
    party = [FocusParticipant(2, declarations=1), FocusParticipant(4, critical=11, declarations=2)]
    progress = FocusProgress(60, 2, round=2, total=20, declared=2)
    once = Redeclaration(REDECLARE_ONCE)
    assert model.odds().success == focus_odds(party, progress, redeclare=once, fresh=(1, 0)).success
    assert model.roll(7).declared == 1
    assert model.declarations_now(1) == 0  # her two others were counted in round 1


def test_the_gm_allows_a_round_as_one_undo_step(campaign_model):
    model = AWFocusModel(campaign_model)
    HouseRulesModel(campaign_model).set_reading(FOCUS_REDECLARE, REDECLARE_GM)
    round_two_with_a_declared_skill(model)
    assert model.declarations_now(0) == 0 and model.odds().success == expected(REDECLARE_ONCE)
    model.allow_redeclare(True)
    assert model.redeclare_allowed() and model.declarations_now(0) == 1
    assert model.odds().success == expected(REDECLARE_GM, frozenset({2})) == expected(REDECLARE_EVERY)
    campaign_model.undo_stack.undo()
    assert not model.redeclare_allowed() and model.declarations_now(0) == 0


def test_allowing_a_round_needs_the_gm_reading(campaign_model):
    model = AWFocusModel(campaign_model)
    start(model)
    with pytest.raises(SessionRefused, match="GMが許可したラウンドだけ"):
        model.allow_redeclare(True)


def test_a_round_played_out_fails_on_a_later_fumble(campaign_model):
    model = AWFocusModel(campaign_model)
    switches = HouseRulesModel(campaign_model)
    start(model, difficulty=50)
    model.roll(12)  # 透: critical, 30
    model.roll(9)  # ミナ: 4 + 9 = 13 → 43
    at_once = model.odds().success
    switches.set_reading(FOCUS_ROUND_END, END_PLAYED_OUT)
    played = model.odds().success
    assert played < at_once  # ミナ's roll after 透 reaches 50 may fumble
    party = [FocusParticipant(2), FocusParticipant(4, critical=11)]
    progress = FocusProgress(50, 2, round=2, total=43)
    assert played == focus_odds(party, progress, play_out=True).success

    model.roll(12)  # 73 ≥ 50, but ミナ still rolls
    doc = model.doc()
    assert doc.running and doc.total == 73 and model.odds().success == Fraction(35, 36)
    model.roll(2)
    model.resolve_fumble(False)
    doc = model.doc()
    assert (doc.status, doc.ending) == (FocusStatus.FAILURE, Ending.FUMBLE)

    stack = campaign_model.undo_stack
    for _ in range(4):  # the fumble's decision, the fumble, 透's critical, the switch
        stack.undo()
    assert model.odds().success == at_once
    model.roll(12)
    doc = model.doc()
    assert (doc.status, doc.history[-1].kind) == (FocusStatus.SUCCESS, RecordKind.CRITICAL)
