"""令呪 A and B while the battle tracker runs an AW fight: the servant joins or leaves the fight in the
same undo step as the 令呪, the log line says so, and one undo takes back both."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.models.aw.session_model import SESSION_KEY, AWSessionModel
from gmtool.models.battle_model import ENCOUNTER_KEY, BattleModel
from gmtool.rules import battle
from gmtool.rules.battle import Phase, Side, Status
from gmtool.rules.systems.aw.session import SpellEffect
from tests.qt_fixtures import stored_session


@pytest.fixture
def model(campaign_model) -> AWSessionModel:
    return AWSessionModel(campaign_model)


@pytest.fixture
def people(model) -> tuple[str, str, str]:
    """朝霧 透 (PC) is master of ミナ・クローデル (PC) and 影の使徒 (NPC); the scene 「廃ビル」 has 透
    and ミナ."""
    toru, mina, shadow = (i for i, _ in model.characters())
    model.contracts.form_contract(toru, mina)
    model.contracts.form_contract(toru, shadow)
    model.add_scene("廃ビル", (toru, mina))
    return toru, mina, shadow


def fight(model: AWSessionModel, *ids: str) -> BattleModel:
    """The tracker's 「森の遭遇」 with `ids`, started and at its first actor's turn."""
    tracker = BattleModel(model.campaign_model, seed_source=lambda: 7)
    tracker.new_encounter("aw", "森の遭遇")
    for character_id in ids:
        tracker.roster.add_character(character_id)
    tracker.round.start()
    tracker.round.next_turn()
    return tracker


def files(path: Path) -> tuple[object, object]:
    """The session document and the tracker's encounter as another program opening the file sees them."""
    return stored_session(path, SESSION_KEY), stored_session(path, ENCOUNTER_KEY)


def summary(model: AWSessionModel) -> tuple[str, str, str]:
    line = model.campaign_model.log_entries()[-1].payload["summary"]
    return line["who"], line["inputs"], line["result"]


def one_step(model: AWSessionModel, tracker: BattleModel, path: Path, action) -> None:
    """`action` is one undo step over the 令呪 and the tracker; undo brings both back, redo both."""
    stack = model.campaign_model.undo_stack
    before = (model.state(), tracker.state(), files(path))
    count, logged = stack.count(), len(model.campaign_model.log_entries())
    action()
    after = (model.state(), tracker.state(), files(path))
    assert after[0] != before[0] and after[1] != before[1] and after[2] != before[2]
    assert stack.count() == count + 1 and len(model.campaign_model.log_entries()) == logged + 1
    stack.undo()
    assert (model.state(), tracker.state(), files(path)) == before
    stack.redo()
    assert (model.state(), tracker.state(), files(path)) == after


def test_dismissal_takes_the_servant_out_of_the_fight_in_one_step(model, people, campaign_path):
    toru, mina, _ = people
    tracker = fight(model, toru, mina)
    one_step(
        model,
        tracker,
        campaign_path,
        lambda: model.contracts.use_command_spell(toru, mina, SpellEffect.DISMISS),
    )
    state = tracker.state()
    servant = next(p for p in state.participants if p.character_id == mina)
    assert servant.status is Status.FLED and not servant.in_play
    assert (state.round, state.phase) == (1, Phase.TURN)  # 令呪B does not end the round
    assert state.events[-1].text == (
        "令呪: 朝霧 透 → ミナ・クローデル「シーンから退場させる」: ミナ・クローデルは戦闘から退場（逃走）"
    )
    assert summary(model) == (
        "朝霧 透",
        "令呪: 朝霧 透 → ミナ・クローデル「シーンから退場させる」（残り 2）"
        " — ミナ・クローデルは戦闘から退場（戦闘トラッカーで逃走）",
        "令呪 残り 2/3・戦闘から退場",
    )
    assert model.current_scene().present == (toru,)


def test_dismissing_a_servant_who_is_not_fighting_changes_only_the_session(model, people, campaign_model):
    toru, mina, _ = people
    tracker = fight(model, toru)
    before, count = tracker.state(), campaign_model.undo_stack.count()
    model.contracts.use_command_spell(toru, mina, SpellEffect.DISMISS)
    assert tracker.state() == before and campaign_model.undo_stack.count() == count + 1
    assert summary(model)[1] == "令呪: 朝霧 透 → ミナ・クローデル「シーンから退場させる」（残り 2）"


def test_a_summoned_npc_servant_joins_on_its_masters_side(model, people, campaign_path, campaign_model):
    toru, _, shadow = people
    tracker = fight(model, toru)
    one_step(
        model,
        tracker,
        campaign_path,
        lambda: model.contracts.use_command_spell(toru, shadow, SpellEffect.SUMMON),
    )
    state = tracker.state()
    joined = state.participants[-1]
    sheet = campaign_model.character(shadow)
    assert (joined.name, joined.character_id, joined.side) == ("影の使徒", shadow, Side.ALLY)
    assert joined.initiative == sheet.combat.initiative  # built from the sheet like the tracker's 参加
    assert (state.phase, state.current) == (Phase.CLEANUP, None)
    assert [e.text for e in state.events[-2:]] == [
        "令呪: 朝霧 透 → 影の使徒「シーンに登場させる」: 影の使徒が戦闘に加わった",
        "令呪: 朝霧 透 → 影の使徒「シーンに登場させる」のため、ラウンド 1 はクリンナッププロセスへ",
    ]
    assert summary(model)[2] == "令呪 残り 2/3・戦闘に参加・クリンナッププロセスへ"


def test_a_servant_sent_away_and_called_back_is_the_same_participant(model, people):
    toru, mina, _ = people
    tracker = fight(model, toru, mina)
    servant_id = next(p.id for p in tracker.state().participants if p.character_id == mina)
    model.contracts.use_command_spell(toru, mina, SpellEffect.DISMISS)
    model.contracts.use_command_spell(toru, mina, SpellEffect.SUMMON)
    state = tracker.state()
    assert len(state.participants) == 2 and state.get(servant_id).status is Status.ACTIVE
    assert state.phase is Phase.CLEANUP
    assert "ミナ・クローデルが戦闘に加わり、ラウンドはクリンナッププロセスへ" in summary(model)[1]


def test_a_summon_of_a_servant_already_fighting_is_refused_whatever_the_scene_says(
    model, people, campaign_model
):
    """In a running fight the fight counts: a servant in it is on the scene (A calls one who is not),
    even when the scene's list lost her; the 令呪 is kept and the round goes on."""
    toru, mina, _ = people
    model.set_present(model.current_scene().id, (toru,))  # the scene lost her; the tracker still has her
    tracker = fight(model, toru, mina)
    before = tracker.state()
    with pytest.raises(ValueError, match="ミナ・クローデルは既に戦闘に参加しています"):
        model.contracts.use_command_spell(toru, mina, SpellEffect.SUMMON)
    assert tracker.state() == before and model.contracts.spells_left(toru) == 3
    assert battle.load_encounter(campaign_model.session_value(ENCOUNTER_KEY)) == before


def test_a_servant_out_of_the_fight_but_still_ticked_in_the_scene_can_be_summoned(
    model, people, campaign_model
):
    """The GM took ミナ out of the fight (逃走 in the tracker) and left her ticked in the scene on the
    シーン tab: the 令呪 summon was refused with 「既にシーンに登場しています」.  Out of the fight is
    what counts: she comes back into it, the round goes to cleanup, the scene lists her once."""
    toru, mina, _ = people
    tracker = fight(model, toru, mina)
    servant = next(p for p in tracker.state().participants if p.character_id == mina)
    tracker.edit.set_status(servant.id, Status.FLED)
    assert mina in model.current_scene().present
    model.contracts.use_command_spell(toru, mina, SpellEffect.SUMMON)
    state = tracker.state()
    assert state.get(servant.id).status is Status.ACTIVE and state.phase is Phase.CLEANUP
    assert model.current_scene().present == (toru, mina) and model.contracts.spells_left(toru) == 2
    assert "ミナ・クローデルが戦闘に加わり" in summary(model)[1]
