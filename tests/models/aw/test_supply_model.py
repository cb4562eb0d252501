"""供給 at the table: exact odds before the roll, one undo step and one log line per roll after it."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from gmtool.models.aw.session_model import AWSessionModel
from gmtool.models.aw.supply_model import LOG_KIND, AWSupplyModel, SupplyOutcome, SupplyRoll
from gmtool.rules.dice import roll
from gmtool.rules.systems.aw.session import SessionRefused
from gmtool.rules.systems.aw.supply import SupplyKind, amount_distribution
from tests.qt_fixtures import reopen_characters

SEED = 20240607


def ids(campaign_model):
    """朝霧 透, ミナ・クローデル, 影の使徒 (the demo's AW characters)."""
    return [s.id for s in campaign_model.characters_of("aw")]


def make(campaign_model):
    return AWSupplyModel(campaign_model, seed_source=lambda: SEED)


def set_pools(campaign_model, character_id, **pools):
    character = campaign_model.character(character_id)
    campaign_model.update_character(character_id, replace(character, **pools), "test")


def test_loss_odds_are_exact_before_rolling(campaign_model):
    toru, _, _ = ids(campaign_model)
    model = make(campaign_model)
    model.set_kind(SupplyKind.SHORT_SLEEP)
    model.set_dice(3)
    model.set_target(toru, True)
    assert model.distribution() == amount_distribution(3)
    assert model.expected() == Fraction(21, 2)
    (forecast,) = model.forecast()
    assert forecast.pools["hp"] == (28, 28, Fraction(28) - Fraction(21, 2))
    assert forecast.pools["mp"] == (18, 18, Fraction(18) - Fraction(21, 2))


def test_dice_outside_the_texts_range_are_refused(campaign_model):
    model = make(campaign_model)
    with pytest.raises(SessionRefused, match="1〜5D6"):
        model.set_dice(6)
    model.set_kind(SupplyKind.SUPPLY)
    assert model.dice_range() == (1, 2)
    with pytest.raises(SessionRefused, match="1〜2D6"):
        model.set_dice(3)
    assert model.dice == 1


def test_a_contracted_pair_is_detected_in_either_direction(campaign_model):
    toru, mina, shadow = ids(campaign_model)
    AWSessionModel(campaign_model).contracts.form_contract(mina, toru)  # ミナ is the master
    model = make(campaign_model)
    model.set_kind(SupplyKind.SUPPLY)
    model.set_target(toru, True)
    model.set_target(mina, True)
    assert model.contracted()
    assert model.dice_range() == (3, 4)
    assert model.dice == 3  # moved into the range that applies
    assert "ミナ・クローデル（マスター）と朝霧 透（サーヴァント）" in model.range_text()
    model.set_dice(4)
    model.set_target(shadow, True)  # 影の使徒 is contracted to neither
    assert not model.contracted()
    assert model.dice == 2 and "契約状態にない" in model.range_text()


def test_a_broken_contract_is_no_longer_contracted(campaign_model):
    from gmtool.rules.systems.aw.session import BreakMethod

    toru, mina, _ = ids(campaign_model)
    session = AWSessionModel(campaign_model)
    session.contracts.form_contract(toru, mina)
    model = make(campaign_model)
    model.set_kind(SupplyKind.SUPPLY)
    model.set_target(toru, True)
    model.set_target(mina, True)
    assert model.dice_range() == (3, 4)
    session.contracts.break_contract(mina, BreakMethod.OTHER)
    assert model.dice_range() == (1, 2)


def test_supply_needs_two_participants(campaign_model):
    toru, _, _ = ids(campaign_model)
    model = make(campaign_model)
    model.set_kind(SupplyKind.SUPPLY)
    model.set_target(toru, True)
    assert "2人以上" in (model.problem() or "")
    with pytest.raises(SessionRefused, match="2人以上"):
        model.roll()
    assert campaign_model.log_entries() == []


def test_supply_recovers_each_recipient_with_its_own_roll_capped_at_the_max(campaign_model):
    toru, mina, _ = ids(campaign_model)
    set_pools(campaign_model, toru, hp=27, mp=5)
    set_pools(campaign_model, mina, hp=10, mp=10)
    model = make(campaign_model)
    model.set_kind(SupplyKind.SUPPLY)
    model.set_target(toru, True)
    model.set_target(mina, True)
    model.set_dice(2)
    model.set_pool("hp")
    outcome = model.roll()
    rng = random.Random(SEED)
    first, second = roll(rng, 2, 6), roll(rng, 2, 6)
    assert [r.faces for r in outcome.rolls] == [first, second]
    assert campaign_model.character(toru).hp == 28  # 27 + at least 2, stopped at 28
    assert campaign_model.character(mina).hp == 10 + sum(second)
    assert campaign_model.character(toru).mp == 5  # MP was not chosen


def test_a_participant_may_give_without_recovering(campaign_model):
    toru, mina, _ = ids(campaign_model)
    set_pools(campaign_model, toru, hp=1)
    model = make(campaign_model)
    model.set_kind(SupplyKind.SUPPLY)
    model.set_target(toru, True)
    model.set_target(mina, True)
    model.set_recovering(mina, False)
    assert model.recipients() == [toru]
    outcome = model.roll()
    assert [r.name for r in outcome.rolls] == ["朝霧 透"]


def test_loss_has_no_floor_and_says_so(campaign_model):
    toru, _, _ = ids(campaign_model)
    set_pools(campaign_model, toru, hp=2, mp=1)
    model = make(campaign_model)
    model.set_kind(SupplyKind.MISSED_MEAL)
    model.set_dice(5)
    model.set_target(toru, True)
    outcome = model.roll()
    (r,) = outcome.rolls
    assert r.amount == sum(roll(random.Random(SEED), 5, 6))
    assert campaign_model.character(toru).hp == 2 - r.amount  # one roll for both pools
    assert campaign_model.character(toru).mp == 1 - r.amount
    assert ("朝霧 透", "hp", 2 - r.amount) in outcome.depleted()


def test_separate_rolls_for_hp_and_mp(campaign_model):
    toru, _, _ = ids(campaign_model)
    model = make(campaign_model)
    model.set_target(toru, True)
    model.set_dice(4)
    model.set_separate(True)
    outcome = model.roll()
    rng = random.Random(SEED)
    hp_faces, mp_faces = roll(rng, 4, 6), roll(rng, 4, 6)
    assert [(r.pools, r.faces) for r in outcome.rolls] == [(("hp",), hp_faces), (("mp",), mp_faces)]
    assert campaign_model.character(toru).hp == 28 - sum(hp_faces)
    assert campaign_model.character(toru).mp == 18 - sum(mp_faces)
    with pytest.raises(SessionRefused):
        model.set_pool("hp")  # losses take both pools


def test_one_undo_step_restores_every_character_and_the_file(campaign_model, campaign_path):
    toru, mina, shadow = ids(campaign_model)
    before = {cid: campaign_model.character(cid) for cid in (toru, mina, shadow)}
    depth = campaign_model.undo_stack.count()
    model = make(campaign_model)
    model.set_kind(SupplyKind.SHORT_SLEEP)
    for cid in (toru, mina, shadow):
        model.set_target(cid, True)
    model.set_separate(True)
    model.roll()
    assert campaign_model.undo_stack.count() == depth + 1
    assert all(campaign_model.character(cid) != before[cid] for cid in before)
    assert reopen_characters(campaign_path)["影の使徒"] == campaign_model.character(shadow)
    campaign_model.undo_stack.undo()
    assert {cid: campaign_model.character(cid) for cid in before} == before
    assert reopen_characters(campaign_path)["ミナ・クローデル"] == before[mina]


def test_every_roll_is_logged_with_faces_and_before_after(campaign_model):
    toru, mina, _ = ids(campaign_model)
    model = make(campaign_model)
    model.set_kind(SupplyKind.MISSED_MEAL)
    model.set_dice(2)
    model.set_target(toru, True)
    model.set_target(mina, True)
    outcome = model.roll()
    entries = campaign_model.log_entries()
    assert [e.kind for e in entries] == [LOG_KIND, LOG_KIND]
    for entry, r in zip(entries, outcome.rolls, strict=True):
        p = entry.payload
        assert p["seed"] == SEED and p["faces"] == list(r.faces) and p["character"] == r.name
        assert p["before"] == r.before and p["after"] == r.after
        summary = p["summary"]
        assert summary["dice"] == f"[{','.join(map(str, r.faces))}] = {r.amount}"
        assert (
            summary["result"]
            == f"HP {r.before['hp']} → {r.after['hp']}、MP {r.before['mp']} → {r.after['mp']}"
        )
        assert "食事を摂れなかった" in summary["inputs"] and "2D6" in summary["inputs"]


def test_skill_recovery_is_entered_by_hand(campaign_model):
    toru, _, _ = ids(campaign_model)
    set_pools(campaign_model, toru, mp=0)
    model = make(campaign_model)
    model.set_kind(SupplyKind.SKILL)
    model.set_dice(0)
    model.set_target(toru, True)
    model.set_pool("mp")
    assert model.problem() == "特技名を入力してください"
    model.set_skill_name("ヒーリング")
    assert "0" in (model.problem() or "")  # nothing to recover yet
    model.set_bonus(5)
    assert model.distribution()[5] == 1 and model.expected() == 5
    model.roll()
    assert campaign_model.character(toru).mp == 5
    assert "《ヒーリング》" in campaign_model.log_entries()[-1].payload["summary"]["inputs"]


def test_only_aw_characters_can_be_chosen(campaign_model):
    fourcard = campaign_model.characters_of("fourcard")[0].id
    model = make(campaign_model)
    with pytest.raises(SessionRefused, match="アナザーワールド"):
        model.set_target(fourcard, True)


def test_a_deleted_character_leaves_the_choice(campaign_model):
    toru, mina, _ = ids(campaign_model)
    model = make(campaign_model)
    model.set_target(toru, True)
    model.set_target(mina, True)
    campaign_model.delete_character(mina)
    assert model.chosen() == [toru]


def test_a_skill_name_is_stored_without_its_brackets(campaign_model):
    model = make(campaign_model)
    model.set_kind(SupplyKind.SKILL)
    for typed in ("《ヒーリング》", " 《ヒーリング》 ", "ヒーリング"):
        model.set_skill_name(typed)
        assert model.skill_name == "ヒーリング"
        assert model.action_label() == "特技《ヒーリング》による回復"
    model.set_target(ids(campaign_model)[0], True)
    model.set_skill_name("《》")
    assert model.skill_name == "" and model.problem() == "特技名を入力してください"


def test_a_shown_roll_knows_whether_it_still_stands(campaign_model):
    toru, mina, _ = ids(campaign_model)
    model = make(campaign_model)
    model.set_kind(SupplyKind.MISSED_MEAL)
    model.set_separate(True)
    model.set_target(toru, True)
    model.set_target(mina, True)
    outcome = model.roll()
    assert outcome.initial() == {(toru, "hp"): 28, (toru, "mp"): 18, (mina, "hp"): 22, (mina, "mp"): 30}
    assert model.outcome_status(outcome) == "applied"
    campaign_model.undo_stack.undo()
    assert model.outcome_status(outcome) == "undone"
    campaign_model.undo_stack.redo()
    assert model.outcome_status(outcome) == "applied"
    set_pools(campaign_model, mina, hp=1)
    assert model.outcome_status(outcome) == "changed"
    campaign_model.delete_character(toru)
    assert model.outcome_status(outcome) == "changed"


def test_the_dialog_reads_the_pools_now_and_which_run_dry(campaign_model):
    toru, mina, _ = ids(campaign_model)
    set_pools(campaign_model, toru, hp=3, mp=18)
    model = make(campaign_model)
    assert model.pools_now[toru] == {"hp": (3, 28), "mp": (18, 18)} and set(model.pools_now) == set(
        ids(campaign_model)
    )
    model.set_kind(SupplyKind.MISSED_MEAL)
    model.set_dice(5)
    model.set_target(toru, True)
    (forecast,) = model.forecast()
    assert forecast.runs_dry("hp") and not forecast.runs_dry("mp")  # 3 − 17.5 on average
    assert not model.splits and model.dice_warning is None
    assert model.roll().changed
    at_maximum = SupplyRoll(mina, "ミナ", ("hp",), (3,), 3, {"hp": 24}, {"hp": 24})
    assert not SupplyOutcome(SupplyKind.SUPPLY, SEED, (at_maximum,)).changed  # nothing moved
