"""AWFocusModel over the demo campaign: set-up, steps, undo, the log, and a damaged stored AF.

Demo AW characters (list order): 朝霧 透 (PC, 行動値 9, 理知 2, one 特技), ミナ・クローデル (PC, 行動値 8,
理知 4, critical 11), 影の使徒 (NPC, 行動値 7).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.models.aw.focus_model import FOCUS_KEY, AWFocusModel, FocusSetup
from gmtool.models.aw.focus_state import Ending, RecordKind, focus_order
from gmtool.models.aw.focus_text import percent_text
from gmtool.models.aw.session_model import AWSessionModel
from gmtool.rules.systems.aw import session as rules
from gmtool.rules.systems.aw.character import Attributes, AWCharacter, CombatValues
from gmtool.rules.systems.aw.focus import FocusParticipant, FocusProgress, FocusStatus, focus_odds
from gmtool.rules.systems.aw.session import SessionRefused


def ids_by_name(campaign_model) -> dict[str, str]:
    return {s.character.name: s.id for s in campaign_model.characters_of("aw")}


def start(model: AWFocusModel, names=("朝霧 透", "ミナ・クローデル"), **setup) -> None:
    ids = ids_by_name(model.campaign_model)
    values = {"goal": "説得", "ability": "intellect", "difficulty": 60, "round_limit": 2, **setup}
    model.start(FocusSetup(participants=tuple(ids[n] for n in names), **values))


def log_summaries(campaign_model) -> list[dict]:
    return [e.payload["summary"] for e in campaign_model.log_entries() if e.kind == "aw.focus"]


def test_participants_roll_in_initiative_order_with_the_tie_breaks():
    def c(name, initiative, pc=True, reflex=0, perception=0, luck=0):
        return AWCharacter(
            name=name,
            is_pc=pc,
            combat=CombatValues(initiative=initiative),
            attributes=Attributes(reflex=reflex, perception=perception, luck=luck),
        )

    people = [
        ("a", c("NPC 9", 9, pc=False, reflex=9)),
        ("b", c("PC 9 反射1", 9, reflex=1)),
        ("c", c("PC 9 反射2", 9, reflex=2)),
        ("d", c("PC 9 反射2 知覚1", 9, reflex=2, perception=1)),
        ("e", c("PC 10", 10)),
        ("f", c("PC 9 反射1 (後)", 9, reflex=1)),
        ("g", c("PC 9 反射1 幸運1", 9, reflex=1, luck=1)),
    ]
    assert [cid for cid, _ in focus_order(people)] == ["e", "d", "c", "g", "b", "f", "a"]


def test_start_is_refused_with_reasons(campaign_model):
    model = AWFocusModel(campaign_model)
    with pytest.raises(SessionRefused, match="50 以上"):
        start(model, difficulty=49)
    with pytest.raises(SessionRefused, match="ラウンド制限"):
        start(model, round_limit=0)
    with pytest.raises(SessionRefused, match="ラウンド制限は 1〜20 です（21 が指定されました"):
        start(model, round_limit=21)
    with pytest.raises(SessionRefused, match="難易度は 999 までです（1000 が指定されました"):
        start(model, difficulty=1000)
    with pytest.raises(SessionRefused, match="参加者"):
        start(model, names=())
    start(model)
    with pytest.raises(SessionRefused, match="進行中"):
        start(model)
    assert campaign_model.undo_stack.count() == 1


def test_start_stores_the_af_in_order_and_logs_it(campaign_model):
    model = AWFocusModel(campaign_model)
    start(model, names=("影の使徒", "ミナ・クローデル", "朝霧 透"), special_rules=((50, "警備"),))
    doc = model.doc()
    assert [m.name for m in doc.members] == ["朝霧 透", "ミナ・クローデル", "影の使徒"]
    assert [m.value for m in doc.members] == [2, 4, 2]  # 理知
    assert doc.members[1].critical == 11
    assert doc.members[0].feats == ("サンプル特技",)
    assert campaign_model.session_value(FOCUS_KEY)["difficulty"] == 60
    first = log_summaries(campaign_model)[0]
    assert "開始" in first["inputs"] and "難易度 60" in first["inputs"] and "警備" in first["inputs"]
    expected = focus_odds(
        [FocusParticipant(2), FocusParticipant(4, critical=11), FocusParticipant(2)], FocusProgress(60, 2)
    )
    assert model.odds().success == expected.success


def test_declarations_are_made_before_the_roll_and_lower_the_difficulty(campaign_model):
    model = AWFocusModel(campaign_model)
    start(model)
    before = model.odds().success
    model.set_ticked(0, "サンプル特技", True)
    model.set_other(0, 2)
    assert model.doc().members[0].declarations == 3
    assert model.effective_difficulty() == 60  # not declared until their roll
    assert model.odds().success > before  # the odds assume 3 before each of their rolls
    record = model.roll(7)
    assert record.declared == 3 and record.skills == ("サンプル特技",)
    assert model.effective_difficulty() == 54  # 60 − 2×3, for the rest of the AF
    assert model.doc().total == 9  # 理知 2 + 7
    assert "特技宣言 3" in log_summaries(campaign_model)[-1]["inputs"]
    with pytest.raises(SessionRefused, match="0〜99"):
        model.set_other(1, 100)


def test_two_round_af_to_success_with_seeded_dice(campaign_model):
    seeds = iter(range(1000))
    model = AWFocusModel(campaign_model, seed_source=lambda: next(seeds))
    start(model, difficulty=50)
    for natural in (12, 6, 9):  # 30, 4+6, then 2+9: 30 + 10 + 11 = 51 in round 2
        model.roll(natural)
    doc = model.doc()
    assert (doc.status, doc.ending, doc.total, doc.round) == (FocusStatus.SUCCESS, Ending.REACHED, 51, 2)
    assert [r.kind for r in doc.history] == [RecordKind.CRITICAL, RecordKind.NORMAL, RecordKind.NORMAL]
    assert model.odds().success == 1
    assert "AF判定成功" in log_summaries(campaign_model)[-1]["result"]
    with pytest.raises(SessionRefused, match="終了"):
        model.roll()


def test_a_seeded_roll_records_its_seed_and_faces(campaign_model):
    model = AWFocusModel(campaign_model, seed_source=lambda: 424242)
    start(model)
    record = model.roll()
    assert record.seed == 424242 and sum(record.faces) == record.natural
    entry = [e for e in campaign_model.log_entries() if e.kind == "aw.focus"][-1]
    assert entry.payload["seed"] == 424242
    assert entry.payload["summary"]["dice"] == f"{record.faces[0]}+{record.faces[1]}={record.natural}"


def test_a_fumble_waits_for_the_gm_then_ends_or_goes_on(campaign_model):
    model = AWFocusModel(campaign_model)
    start(model)
    model.roll(8)
    model.roll(2)  # ミナ fumbles
    doc = model.doc()
    assert doc.pending_fumble and doc.running and model.odds() is None
    cancelled = model.cancel_odds()
    with pytest.raises(SessionRefused, match="ファンブル"):
        model.roll(7)
    model.resolve_fumble(cancelled=True)
    doc = model.doc()
    assert not doc.pending_fumble and doc.total == 10 + 6  # 4 + 2 counted as an ordinary roll
    assert doc.history[-1].kind is RecordKind.CANCELLED
    assert model.odds().success == cancelled.success
    model.roll(2)  # 朝霧 fumbles in round 2
    model.resolve_fumble(cancelled=False)
    doc = model.doc()
    assert (doc.status, doc.ending) == (FocusStatus.FAILURE, Ending.FUMBLE)
    assert "ファンブルで終了" in log_summaries(campaign_model)[-1]["result"]


def test_undo_of_a_roll_restores_the_af(campaign_model):
    model = AWFocusModel(campaign_model)
    start(model)
    model.roll(8)
    before = campaign_model.session_value(FOCUS_KEY)
    model.roll(12)
    assert model.doc().total == 40
    campaign_model.undo_stack.undo()
    assert campaign_model.session_value(FOCUS_KEY) == before
    assert model.doc().total == 10 and model.doc().next_index == 1
    campaign_model.undo_stack.redo()
    assert model.doc().total == 40


def test_thresholds_are_announced_once_when_crossed(campaign_model):
    model = AWFocusModel(campaign_model)
    start(model, special_rules=((15, "警備が来る"), (30, "扉が開く"), (200, "遠い")))
    heard: list[list] = []
    model.thresholds_crossed.connect(heard.append)
    model.roll(8)  # 10
    assert heard == []
    model.roll(12)  # 40: both at once
    assert [[r.note for r in rules] for rules in heard] == [["警備が来る", "扉が開く"]]
    assert "警備が来る" in log_summaries(campaign_model)[-1]["result"]
    model.roll(7)
    assert len(heard) == 1  # already crossed: not again


def test_gm_ends_by_a_special_rule(campaign_model):
    model = AWFocusModel(campaign_model)
    start(model)
    model.end_by_rule(True, "令呪で自動成功")
    doc = model.doc()
    assert (doc.status, doc.ending, doc.ending_note) == (
        FocusStatus.SUCCESS,
        Ending.GM_SUCCESS,
        "令呪で自動成功",
    )
    assert "令呪で自動成功" in log_summaries(campaign_model)[-1]["inputs"]
    with pytest.raises(SessionRefused, match="終了"):
        model.end_by_rule(False)
    start(model)  # a new AF may start once the last one has ended


def test_a_damaged_stored_af_is_reported_not_fatal(campaign_model):
    model = AWFocusModel(campaign_model)
    start(model)
    broken = dict(campaign_model.session_value(FOCUS_KEY), total="many")
    campaign_model.set_session_value(FOCUS_KEY, broken, "壊す")
    assert model.doc() is None and model.odds() is None
    assert "total" in model.problem()
    with pytest.raises(SessionRefused, match="正しくありません"):
        model.roll()
    start(model)  # replaces it
    assert model.problem() is None and model.doc().total == 0
    campaign_model.set_session_value(FOCUS_KEY, dict(broken, total=0, next_index=7), "壊す")
    assert "next_index" in model.problem() or "参加者" in model.problem()


def test_a_second_model_sees_the_same_af(campaign_model):
    a, b = AWFocusModel(campaign_model), AWFocusModel(campaign_model)
    start(a)
    a.roll(9)
    assert b.doc() == a.doc() and b.odds() == a.odds()
    assert b.odds().success == focus_odds(b.doc().participants(), b.doc().progress()).success
    assert isinstance(b.odds().success, Fraction)


def test_the_largest_af_the_tool_takes_starts_and_answers(campaign_model):
    model = AWFocusModel(campaign_model)
    start(model, names=("朝霧 透", "ミナ・クローデル", "影の使徒"), difficulty=999, round_limit=20)
    assert model.doc().round_limit == 20 and 0 < model.odds().success < 1


@pytest.mark.parametrize(
    ("damage", "field"),
    [
        # a fumble waiting for the GM whose roll has no dice (it crashed the AF menu item)
        ({"pending_fumble": True}, "ファンブル"),
        # still running at round 5 of a 2-round AF (its odds rolled a round past the limit)
        ({"round": 5}, "ラウンド制限"),
    ],
)
def test_a_damaged_af_that_passed_the_field_checks_is_a_problem_line(campaign_model, damage, field):
    model = AWFocusModel(campaign_model)
    start(model)
    model.roll(8)
    stored = campaign_model.session_value(FOCUS_KEY)
    record = dict(stored["history"][-1], kind="fumble", natural=None, achievement=None)
    broken = dict(stored, history=[record], **damage)
    campaign_model.set_session_value(FOCUS_KEY, broken, "壊す")
    again = AWFocusModel(campaign_model)  # used to raise AssertionError here
    for m in (model, again):
        assert m.doc() is None and m.odds() is None and m.cancel_odds() is None
        assert "正しくありません" in m.problem() and field in m.problem()


def test_a_stored_af_past_the_caps_is_a_problem_line(campaign_model):
    model = AWFocusModel(campaign_model)
    start(model)
    campaign_model.set_session_value(
        FOCUS_KEY, dict(campaign_model.session_value(FOCUS_KEY), round_limit=99), "x"
    )
    assert model.doc() is None and "round_limit" in model.problem()


def test_the_gm_cancels_an_af_and_undo_brings_it_back(campaign_model):
    model = AWFocusModel(campaign_model)
    start(model)
    model.roll(8)
    model.cancel("難易度を間違えた")
    doc = model.doc()
    assert (doc.status, doc.ending, doc.ending_note) == (
        FocusStatus.CANCELLED,
        Ending.CANCELLED,
        "難易度を間違えた",
    )
    assert doc.total == 10 and len(doc.history) == 1  # the roll made stays on record
    end = model.end_text()
    assert end.startswith("AF判定を中止（成功でも失敗でもない）「難易度を間違えた」")
    assert "AF判定成功" not in end and "AF判定失敗" not in end
    last = log_summaries(campaign_model)[-1]
    assert (
        "中止" in last["inputs"] and "難易度を間違えた" in last["inputs"] and "AF判定を中止" in last["result"]
    )
    with pytest.raises(SessionRefused, match="終了"):
        model.roll()
    campaign_model.undo_stack.undo()
    assert model.doc().running and model.doc().total == 10
    model.cancel()
    start(model)  # a new AF may start once the last one is cancelled


def make_master(campaign_model, master="朝霧 透", servant="影の使徒") -> tuple[AWSessionModel, str]:
    ids = ids_by_name(campaign_model)
    session = AWSessionModel(campaign_model)
    session.contracts.form_contract(ids[master], ids[servant])
    return session, ids[master]


def test_a_master_spends_a_command_spell_for_success_as_one_undo_step(campaign_model):
    session, master = make_master(campaign_model)
    model = AWFocusModel(campaign_model)
    start(model)
    assert model.spell_masters() == [(master, "朝霧 透", 3)]
    steps = campaign_model.undo_stack.count()
    model.end_by_command_spell(master, "")
    doc = model.doc()
    assert (doc.status, doc.ending, doc.ending_note) == (
        FocusStatus.SUCCESS,
        Ending.GM_SPELL,
        "令呪で自動成功",
    )
    assert session.contracts.spells_left(master) == 2
    assert "令呪を1つ使って成功" in model.end_text()
    assert "令呪を1つ使った（残り 2）" in log_summaries(campaign_model)[-1]["inputs"]
    assert campaign_model.undo_stack.count() == steps + 1
    campaign_model.undo_stack.undo()  # one Ctrl+Z: the 令呪 and the success together
    assert model.doc().running and session.contracts.spells_left(master) == 3


def test_a_command_spell_refused_changes_nothing(campaign_model):
    session, master = make_master(campaign_model)
    ids = ids_by_name(campaign_model)
    model = AWFocusModel(campaign_model)
    start(model)
    with pytest.raises(SessionRefused, match="マスターではありません"):
        model.end_by_command_spell(ids["ミナ・クローデル"])
    with pytest.raises(SessionRefused, match="参加者ではありません"):
        model.end_by_command_spell(ids["影の使徒"])
    servant = ids["影の使徒"]
    for _ in range(3):
        session.contracts.use_command_spell(master, servant, rules.SpellEffect.BOOST)
    before = (campaign_model.undo_stack.count(), campaign_model.session_value(FOCUS_KEY))
    with pytest.raises(SessionRefused, match="令呪は残っていません"):
        model.end_by_command_spell(master, "令呪で自動成功")
    assert (campaign_model.undo_stack.count(), campaign_model.session_value(FOCUS_KEY)) == before
    assert model.doc().running and session.contracts.spells_left(master) == 0


def test_an_over_long_note_is_refused_not_stored(campaign_model):
    model = AWFocusModel(campaign_model)
    start(model)
    before = campaign_model.session_value(FOCUS_KEY)
    with pytest.raises(SessionRefused, match="保存できません"):
        model.end_by_rule(True, "あ" * 6000)
    assert campaign_model.session_value(FOCUS_KEY) == before and model.problem() is None


@pytest.mark.parametrize(
    ("p", "text"),
    [
        (Fraction(0), "0%"),
        (Fraction(1, 10**16), "<0.1%"),
        (Fraction(1, 2000), "0.1%"),
        (Fraction(1, 3), "33.3%"),
        (1 - Fraction(1, 10**16), ">99.9%"),
        (Fraction(1), "100%"),
    ],
)
def test_small_chances_are_never_shown_as_impossible(p, text):
    assert percent_text(p) == text
