"""What follows a grab or a grapple in the tracker (3.2): the held one's escape as an opposed Strength
test (the holder +3 once it pinned), the holder's 1d6+STR damage or 1d6 slam, the whip's test of the
round at +4 that leaves the entangled one unable to defend or knocked down — each one undo step and
one log line, the odds exact against an independent count."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.models.lotr.attack_model import AttackPlan
from gmtool.models.lotr.battle_actions import LotRBattleActions
from gmtool.models.lotr.hold_model import ENTANGLE, GRAB, HELPLESS, PRONE, LotRHoldModel
from gmtool.rules.battle import BattleRefused
from gmtool.rules.systems.lotr import attack_marks
from tests.models.lotr.test_lotr_attack_model import setup, wounds
from tests.models.lotr.test_lotr_attack_options_model import seed_of
from tests.rules.lotr.test_lotr_attack import ref_totals


def wins(a: int, b: int) -> Fraction:
    t = ref_totals()
    ahead = sum((p * q for r, p in t.items() for s, q in t.items() if r + a > s + b), Fraction(0))
    tie = sum((p * q for r, p in t.items() for s, q in t.items() if r + a == s + b), Fraction(0))
    return ahead / (1 - tie)


def grabbed(campaign_model, seed: int):
    battle, attack, hero, orc = setup(campaign_model, seed_of(lambda f: sum(f) == 11))
    attack.roll(AttackPlan(hero, orc, bonus=5, option="grab"))
    battle.seed_source = lambda: seed
    holds = LotRHoldModel(battle)
    (hold,) = holds.holds()
    assert (hold.holder, hold.held, hold.kind) == (hero, orc, GRAB)
    return battle, holds, hold, hero, orc


def test_the_escape_is_an_opposed_strength_test_with_the_grabbed_minus_5(campaign_model):
    battle, holds, hold, hero, orc = grabbed(
        campaign_model, seed_of(lambda f: sum(f) == 11, lambda f: sum(f) == 2)
    )
    odds = holds.odds(hold, 1, 2)
    assert (odds.acting, odds.resisting) == (2 - 5, 1)  # every TN of the held one +5
    assert float(odds.wins) == pytest.approx(float(wins(-3, 1)), abs=1e-12)
    with pytest.raises(BattleRefused, match="未設定"):
        holds.odds(hold, None, 2)
    before = campaign_model.undo_stack.index()
    assert holds.escape(hold, 1, 2)  # 11 − 3 against 2 + 1
    assert attack_marks.grabbed_by(battle.participant(orc)) is None
    assert campaign_model.undo_stack.index() == before + 1
    assert "抜け出した" in campaign_model.log_entries()[-1].payload["summary"]["inputs"]
    assert [a.kind for a in battle.participant(orc).actions] == ["escape"]
    campaign_model.undo_stack.undo()
    assert attack_marks.grabbed_by(battle.participant(orc)) == hero


def test_a_pin_adds_3_and_the_holders_damage_is_1d6_plus_str(campaign_model):
    battle, holds, hold, _hero, orc = grabbed(campaign_model, 3)
    holds.pin(hold)
    (hold,) = holds.holds()
    assert hold.pinned and holds.odds(hold, 1, 2).resisting == 1 + 3
    dealt = holds.squeeze(hold, 2)
    assert 3 <= dealt <= 8 and wounds(battle, orc) == dealt
    slammed = holds.slam(hold)
    assert 1 <= slammed <= 6 and wounds(battle, orc) == dealt + slammed
    with pytest.raises(BattleRefused, match="未設定"):
        holds.squeeze(hold, None)


def test_a_grapples_round_test_is_at_plus_4_and_leaves_it_unable_to_defend(campaign_model):
    battle, attack, hero, orc = setup(campaign_model, seed_of(lambda f: sum(f) == 11))
    attack.roll(AttackPlan(hero, orc, bonus=5, option="grapple"))  # 16 vs 10: Superior
    holds = LotRHoldModel(battle)
    (hold,) = holds.holds()
    assert hold.kind == ENTANGLE
    odds = holds.odds(hold, 0, 1)
    assert (odds.acting, odds.resisting) == (4, 1)
    assert float(odds.wins) == pytest.approx(float(wins(4, 1)), abs=1e-12)
    battle.seed_source = lambda: seed_of(lambda f: sum(f) == 10, lambda f: sum(f) == 3)
    assert holds.pull(hold, 0, 1, HELPLESS)
    assert attack_marks.helpless(battle.participant(orc))
    with pytest.raises(BattleRefused, match="防御できません"):
        LotRBattleActions(battle).dodge_odds(orc)
    with pytest.raises(BattleRefused, match="防御できません"):
        attack.spec(AttackPlan(hero, orc, bonus=0, parry=3))
    assert holds.pull(hold, 0, 1, PRONE)
    assert "転倒" in [c.name for c in battle.participant(orc).conditions]
