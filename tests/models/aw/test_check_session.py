"""The AW judgement panel with a session: 令呪 +20 for a servant's check, and event-key restrictions."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from gmtool.models.aw.check_model import AWCheckModel
from gmtool.models.aw.session_model import AWSessionModel
from gmtool.rules.checks import Outcome, Side
from gmtool.rules.dice import roll
from gmtool.rules.systems.aw.session import SessionRefused, SpellEffect


def first_seed(wanted):
    """A seed whose 2D6 satisfies `wanted` (so a test knows which kind of roll it gets)."""
    return next(s for s in range(1000) if wanted(sum(roll(random.Random(s), 2, 6))))


def aw_ids(campaign_model):
    """朝霧 透 (PC), ミナ・クローデル (PC), 影の使徒 (NPC, 反射 3, critical 12)."""
    return [s.id for s in campaign_model.characters_of("aw")]


@pytest.fixture
def servant_check(campaign_model):
    """影の使徒 serves 朝霧 透; the panel has 影の使徒's 反射 (3) against 20."""
    toru, _, shadow = aw_ids(campaign_model)
    session = AWSessionModel(campaign_model)
    session.contracts.form_contract(toru, shadow)
    seed = first_seed(lambda n: 3 <= n <= 11)  # neither fumble nor critical
    model = AWCheckModel(campaign_model, seed_source=lambda: seed)
    model.set_character(Side.ACTION, shadow)
    model.set_source(Side.ACTION, "reflex")
    model.set_difficulty(20)
    return model, session, toru, shadow, seed


def test_boost_turns_a_critical_only_check_into_all_but_a_fumble(servant_check):
    model, _, _, _, _ = servant_check
    assert model.value(Side.ACTION) == 3
    # 3 + 2D6 ≥ 20 is impossible: only the critical (natural 12) succeeds.
    assert model.success_probability == Fraction(1, 36)
    assert model.offer.available and model.offer.master_name == "朝霧 透" and model.offer.left == 3
    model.set_boost(True)
    # 23 + 2D6 ≥ 20 always: only the fumble (natural 2) fails.
    assert model.success_probability == Fraction(35, 36)
    assert model.outcome_probabilities == {
        Outcome.AUTO_SUCCESS: Fraction(1, 36),
        Outcome.SUCCESS: Fraction(34, 36),
        Outcome.FAILURE: Fraction(0),
        Outcome.AUTO_FAILURE: Fraction(1, 36),
    }
    assert not model.modifier_warning()  # +20 is not 修正
    assert model.inputs(Side.ACTION).modifier == 0
    colours = {total: outcome for total, _, outcome in model.natural_bars}
    assert colours[2] is Outcome.AUTO_FAILURE and colours[3] is Outcome.SUCCESS


def test_the_curve_extends_to_where_only_a_critical_succeeds(servant_check):
    model, _, _, _, _ = servant_check
    assert list(model.curve) == list(range(2, 21))
    model.set_boost(True)
    assert min(model.curve) == 2 and max(model.curve) >= 35
    assert model.curve[20] == Fraction(35, 36)
    assert model.curve[26] == Fraction(35, 36)  # natural ≥ 3: every roll but the fumble
    assert model.curve[27] == Fraction(33, 36)  # natural 3 (2 ways) now falls short
    assert model.curve[34] == Fraction(3, 36)  # natural 11 or 12
    assert model.curve[35] == Fraction(1, 36)  # only the critical
    model.set_difficulty(30)
    assert model.success_probability == model.curve[30] == Fraction(21, 36)  # natural ≥ 7


def test_rolling_with_the_boost_spends_one_command_spell_and_logs_it(servant_check, campaign_model):
    model, session, toru, _, seed = servant_check
    model.set_boost(True)
    result = model.roll()
    natural = sum(roll(random.Random(seed), 2, 6))
    assert result.total == 3 + natural + 20
    assert result.outcome is Outcome.SUCCESS
    assert session.contracts.spells_left(toru) == 2
    assert not model.boost  # unticked after the roll
    assert model.offer.left == 2
    entries = campaign_model.log_entries()
    entries = entries[-2:]
    assert [e.kind for e in entries] == ["aw.session", "check"]  # the 令呪 use, then the roll
    assert "行動を成功させる" in entries[0].payload["summary"]["inputs"]
    payload = entries[1].payload
    assert payload["command_spell"] == {"master_id": toru, "master": "朝霧 透", "amount": 20}
    assert payload["action"]["modifier"] == 0 and payload["action"]["boost"] == 20
    assert payload["probability"] == pytest.approx(35 / 36)
    assert "令呪 +20（マスター: 朝霧 透）" in payload["summary"]["inputs"]
    campaign_model.undo_stack.undo()  # the 令呪 use is undoable like any session action
    assert session.contracts.spells_left(toru) == 3


def test_a_fumble_stays_an_automatic_failure_with_the_boost(servant_check, campaign_model):
    _, session, toru, shadow, _ = servant_check
    fumble_seed = first_seed(lambda n: n == 2)
    model = AWCheckModel(campaign_model, seed_source=lambda: fumble_seed)
    model.set_character(Side.ACTION, shadow)
    model.set_difficulty(20)
    model.set_boost(True)
    result = model.roll()
    assert result.outcome is Outcome.AUTO_FAILURE and result.total is None
    assert session.contracts.spells_left(toru) == 2  # the 令呪 was used all the same


def test_no_command_spell_left_refuses_the_box_and_the_roll(servant_check, campaign_model):
    model, session, toru, shadow, _ = servant_check
    refused = []
    model.roll_refused.connect(refused.append)
    model.set_boost(True)
    for _ in range(3):  # the session view uses them up meanwhile
        session.contracts.use_command_spell(toru, shadow, SpellEffect.ORDER)
    assert model.boost  # still ticked: the GM announced +20, so the roll must not quietly drop it
    assert not model.offer.available and "令呪は残っていません" in model.offer.reason
    before = len(campaign_model.log_entries())
    assert model.roll() is None
    assert refused and "令呪は残っていません" in refused[0]
    assert len(campaign_model.log_entries()) == before  # no roll was made
    model.set_boost(False)
    with pytest.raises(SessionRefused, match="令呪は残っていません"):
        model.set_boost(True)
    session.end_session()  # 令呪 are restored at the end of the session
    model.set_boost(True)
    assert model.offer.left == 3


def test_a_character_without_a_master_has_no_boost(campaign_model):
    model = AWCheckModel(campaign_model)
    assert model.action.character_id == aw_ids(campaign_model)[0]  # 朝霧 透: a master, not a servant
    assert not model.offer.visible
    with pytest.raises(SessionRefused, match="マスターがいない"):
        model.set_boost(True)


def test_choosing_another_character_unticks_the_boost(servant_check):
    model, _, toru, _, _ = servant_check
    model.set_boost(True)
    model.set_character(Side.ACTION, toru)
    assert not model.boost
    assert model.curve.keys() == set(range(2, 21))


def test_key_restriction_lists_only_holders_and_follows_new_keys(campaign_model):
    toru, mina, shadow = aw_ids(campaign_model)
    session = AWSessionModel(campaign_model)
    model = AWCheckModel(campaign_model)
    assert model.key_names() == []
    session.keys.give("不審な人物", mina)
    assert model.key_names() == ["不審な人物"]
    model.set_key_filter("不審な人物")
    assert [s.id for s in model.characters_for(Side.ACTION)] == [mina]
    assert model.action.character_id == mina  # 朝霧 透 holds no key: the first holder instead
    assert [s.id for s in model.characters_for(Side.REACTION)] == [toru, mina, shadow]
    session.keys.give("不審な人物", toru)
    assert [s.id for s in model.characters_for(Side.ACTION)] == [toru, mina]
    model.set_character(Side.ACTION, shadow)  # e.g. picked on the sheet: not a holder
    assert model.action.character_id == mina
    assert "影の使徒はイベントキー:不審な人物 を持っていません" == model.key_note
    model.set_key_filter(None)
    assert len(model.characters_for(Side.ACTION)) == 3


def test_the_restriction_is_logged_and_not_stored(campaign_model):
    _, mina, _ = aw_ids(campaign_model)
    session = AWSessionModel(campaign_model)
    session.keys.give("古い鍵", mina)
    stored = campaign_model.session_value("aw.session")
    model = AWCheckModel(campaign_model, seed_source=lambda: 5)
    model.set_key_filter("古い鍵")
    model.roll()
    payload = campaign_model.log_entries()[-1].payload
    assert payload["key_restriction"] == "古い鍵" and payload["command_spell"] is None
    assert "イベントキー:古い鍵 を持つPCのみ" in payload["summary"]["inputs"]
    assert payload["summary"]["who"] == "ミナ・クローデル"
    assert campaign_model.session_value("aw.session") == stored


def test_no_holder_left_means_nobody_rolls(campaign_model):
    _, mina, _ = aw_ids(campaign_model)
    session = AWSessionModel(campaign_model)
    session.keys.give("手紙", mina)
    model = AWCheckModel(campaign_model)
    model.set_key_filter("手紙")
    refused = []
    model.roll_refused.connect(refused.append)
    campaign_model.delete_character(mina)
    assert model.action.character_id is None
    assert model.key_note == "このイベントキーを持つPCがいません"
    assert model.roll() is None and refused == ["このイベントキーを持つPCがいません"]
    campaign_model.undo_stack.undo()  # the holder is back
    assert model.action.character_id == mina and model.key_note == ""


def test_a_removed_key_lifts_the_restriction(campaign_model):
    _, mina, _ = aw_ids(campaign_model)
    session = AWSessionModel(campaign_model)
    session.keys.give("写真", mina)
    model = AWCheckModel(campaign_model)
    model.set_key_filter("写真")
    session.end_scenario()  # keys retire with their scenario
    assert model.key_filter is None
    assert "もうありません" in model.key_note
    with pytest.raises(SessionRefused):
        model.set_key_filter("写真")


def test_the_boost_counts_in_an_opposed_check_too(servant_check, campaign_model):
    model, session, toru, _, seed = servant_check
    model.set_opposed(True)
    without = model.action_wins
    model.set_boost(True)
    assert model.action_wins > without
    result = model.roll()
    assert session.contracts.spells_left(toru) == 2
    payload = campaign_model.log_entries()[-1].payload
    assert payload["mode"] == "opposed" and payload["action"]["boost"] == 20
    assert payload["summary"]["inputs"].startswith("対決: 反射 3 修正 +0 令呪 +20")
    assert result.action.total == 3 + 20 + sum(roll(random.Random(seed), 2, 6))


def brute_force_action_wins(action, reaction):
    """P(action side wins) by walking every pair of 2D6 rolls (ties go to the reaction side)."""
    wins = Fraction(0)
    for a1 in range(1, 7):
        for a2 in range(1, 7):
            for r1 in range(1, 7):
                for r2 in range(1, 7):
                    a, r = a1 + a2, r1 + r2
                    if a <= action.fumble:
                        continue
                    if r <= reaction.fumble:
                        wins += 1
                    elif r >= reaction.critical:
                        continue
                    elif a >= action.critical:
                        wins += 1
                    elif action.value + a + action.modifier > reaction.value + r + reaction.modifier:
                        wins += 1
    return wins / 6**4


def two_naturals(seed):
    """The action side's and then the reaction side's 2D6 for a seed (the order a 対決 rolls them)."""
    rng = random.Random(seed)
    return sum(roll(rng, 2, 6)), sum(roll(rng, 2, 6))


@pytest.fixture
def reaction_servant(campaign_model):
    """対決: ミナ・クローデル acts against 影の使徒 (朝霧 透's servant), whose 回避 the GM may boost.

    The seed's rolls are ordinary, and ミナ's 判定値 makes her 達成値 exactly 影の使徒's +20 one."""
    toru, mina, shadow = aw_ids(campaign_model)
    session = AWSessionModel(campaign_model)
    session.contracts.form_contract(toru, shadow)
    seed = next(s for s in range(1000) if all(3 <= n <= 11 for n in two_naturals(s)))
    natural_action, natural_reaction = two_naturals(seed)
    model = AWCheckModel(campaign_model, seed_source=lambda: seed)
    model.set_opposed(True)
    model.set_character(Side.ACTION, mina)
    model.set_character(Side.REACTION, shadow)
    model.set_custom_value(Side.ACTION, natural_reaction + 20 - natural_action)
    model.set_custom_value(Side.REACTION, 0)
    return model, session, toru, mina, shadow


def test_a_boosted_reaction_side_wins_the_tie_it_would_otherwise_lose(reaction_servant, campaign_model):
    model, session, toru, _, shadow = reaction_servant
    assert not model.offers[Side.ACTION].visible  # ミナ has no master
    offer = model.offers[Side.REACTION]
    assert offer.available and offer.servant == shadow and offer.master_name == "朝霧 透"
    unboosted = model.action_wins
    assert unboosted == brute_force_action_wins(model.roller(Side.ACTION), model.roller(Side.REACTION))
    model.set_boost(True, Side.REACTION)
    assert model.roller(Side.REACTION).modifier == 20 and model.roller(Side.ACTION).modifier == 0
    boosted = brute_force_action_wins(model.roller(Side.ACTION), model.roller(Side.REACTION))
    assert model.action_wins == boosted < unboosted
    result = model.roll()
    # 達成値 equal: リアクション優先 gives the tie to 影の使徒, who would have lost by 20 without 令呪.
    assert result.action.total == result.reaction.total
    assert result.winner is Side.REACTION
    assert session.contracts.spells_left(toru) == 2
    assert not model.boosts[Side.REACTION]
    payload = campaign_model.log_entries()[-1].payload
    assert payload["reaction"]["boost"] == 20 and payload["reaction"]["modifier"] == 0
    assert payload["reaction"]["command_spell"] == {"master_id": toru, "master": "朝霧 透", "amount": 20}
    assert payload["action"]["boost"] == 0 and payload["command_spell"] is None
    assert payload["probability"] == pytest.approx(float(boosted))
    summary = payload["summary"]
    assert summary["inputs"].endswith("/ 判定値 0 修正 +0 令呪 +20（マスター: 朝霧 透）")
    assert summary["result"] == "リアクション側の勝利"


def test_without_the_boost_the_same_roll_goes_to_the_action_side(reaction_servant):
    model, session, toru, _, _ = reaction_servant
    result = model.roll()
    assert result.action.total == result.reaction.total + 20 and result.winner is Side.ACTION
    assert session.contracts.spells_left(toru) == 3


def test_both_sides_boosted_spend_both_in_one_undo_step(reaction_servant, campaign_model):
    model, session, toru, mina, _ = reaction_servant
    session.contracts.form_contract(toru, mina)  # now both sides are 朝霧 透's servants
    model.set_boost(True, Side.ACTION)
    model.set_boost(True, Side.REACTION)
    depth = campaign_model.undo_stack.count()
    model.roll()
    assert session.contracts.spells_left(toru) == 1
    assert campaign_model.undo_stack.count() == depth + 1
    payload = campaign_model.log_entries()[-1].payload
    assert payload["action"]["boost"] == payload["reaction"]["boost"] == 20
    campaign_model.undo_stack.undo()
    assert session.contracts.spells_left(toru) == 3


def test_too_few_command_spells_for_both_sides_refuse_the_roll_and_spend_nothing(
    reaction_servant, campaign_model
):
    model, session, toru, mina, shadow = reaction_servant
    session.contracts.form_contract(toru, mina)
    session.contracts.use_command_spell(toru, shadow, SpellEffect.ORDER)
    session.contracts.use_command_spell(toru, shadow, SpellEffect.ORDER)  # one left, two wanted
    model.set_boost(True, Side.ACTION)
    model.set_boost(True, Side.REACTION)
    refused = []
    model.roll_refused.connect(refused.append)
    before = len(campaign_model.log_entries())
    assert model.roll() is None
    assert refused == ["朝霧 透の令呪が足りません（両方の側に +20 で 2 つ必要、残り 1）"]
    assert session.contracts.spells_left(toru) == 1 and len(campaign_model.log_entries()) == before


def test_the_reaction_boost_is_only_for_an_opposed_check(reaction_servant):
    model, _, _, _, _ = reaction_servant
    model.set_boost(True, Side.REACTION)
    model.set_opposed(False)  # the reaction side (and its box) leaves the check
    assert not model.boosts[Side.REACTION] and model.boosted_sides() == []
    with pytest.raises(SessionRefused, match="対決でだけ"):
        model.set_boost(True, Side.REACTION)
