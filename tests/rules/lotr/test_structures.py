"""LotR structures (3.12): Protection absorbs, Structure takes the rest, locks cap at +6,
Stonecraft improvements by degree, the permanent-retry rule, 戦闘終了, and the stored document."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from gmtool.rules.systems.lotr import army as ar, structures as st
from gmtool.rules.systems.lotr.rules_data import Degree
from gmtool.rules.systems.lotr.structures import Improvement, Lock, Structure, Target
from gmtool.rules.systems.lotr.units import ArmyRefused

GATE = Structure("gate", name="城門", protection=8, structure=20)


def improvement(
    target: Target = Target.PROTECTION,
    degree: Degree = Degree.COMPLETE_SUCCESS,
    permanent: bool = True,
    who: str = "ギムリ",
    rank: int = 4,
    character_id: str | None = None,
) -> Improvement:
    return Improvement(target, degree, permanent, who, character_id, rank, "2024-11-25T20:00:00+09:00")


# ---- siege damage ----------------------------------------------------------------------------------
def test_protection_absorbs_and_the_rest_reduces_structure():
    gate, result = st.apply_siege_damage(GATE, 15)
    assert (result.protection, result.through, result.before, result.after) == (8, 7, 20, 13)
    assert gate.structure_left == 13 and gate.damage == 7 and not gate.destroyed


def test_damage_below_protection_does_nothing_never_negative():
    gate, result = st.apply_siege_damage(GATE, 5)
    assert result.through == 0 and gate.structure_left == 20 and gate.damage == 0


def test_structure_zero_destroys_and_a_destroyed_structure_takes_no_more():
    gate, result = st.apply_siege_damage(GATE, 100)
    assert result.after == 0 and result.destroyed and gate.destroyed and gate.damage == 20
    with pytest.raises(ArmyRefused, match="既に破壊されています"):
        st.apply_siege_damage(gate, 10)


def test_siege_damage_needs_the_entered_values():
    with pytest.raises(ArmyRefused, match="Protection が未入力です"):
        st.apply_siege_damage(Structure("s", structure=5), 10)
    with pytest.raises(ArmyRefused, match="Structure が未入力です"):
        st.apply_siege_damage(Structure("s", protection=5), 10)
    with pytest.raises(ArmyRefused, match="0 以上"):
        st.apply_siege_damage(GATE, -1)


# ---- locks ---------------------------------------------------------------------------------------------
def test_locks_add_protection_up_to_six_in_all():
    gate = st.add_lock(GATE, Lock("閂", 3))
    gate = st.add_lock(gate, Lock(" 鉄の錠 ", 3))
    assert gate.lock_total == 6 and gate.total_protection == 14 and gate.locks[1].name == "鉄の錠"
    with pytest.raises(ArmyRefused) as refusal:
        st.add_lock(gate, Lock("予備の閂", 1))
    assert "合計 +6 まで" in str(refusal.value) and "既に +6、追加すると +7" in str(refusal.value)
    _, result = st.apply_siege_damage(gate, 15)
    assert result.protection == 14 and result.through == 1
    gate = st.remove_lock(gate, 0)
    assert gate.lock_total == 3 and [lock.name for lock in gate.locks] == ["鉄の錠"]
    with pytest.raises(ArmyRefused, match="選んでください"):
        st.remove_lock(gate, 5)
    with pytest.raises(ArmyRefused, match="名前"):
        st.add_lock(gate, Lock("  ", 1))


def test_one_lock_over_the_cap_is_refused_too():
    with pytest.raises(ArmyRefused, match=r"追加すると \+7"):
        st.add_lock(st.add_lock(GATE, Lock("a", 4)), Lock("b", 3))


# ---- improvements --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("degree", "amount"),
    [
        (Degree.MARGINAL_SUCCESS, 1),
        (Degree.COMPLETE_SUCCESS, 1),
        (Degree.SUPERIOR_SUCCESS, 2),
        (Degree.EXTRAORDINARY_SUCCESS, 3),
    ],
)
def test_improvement_by_degree(degree, amount):
    assert st.improvement_for(degree) == amount
    gate = st.improve(GATE, improvement(Target.STRUCTURE, degree))
    assert gate.max_structure == 20 + amount and gate.total_protection == 8
    gate = st.improve(GATE, improvement(Target.PROTECTION, degree))
    assert gate.total_protection == 8 + amount and gate.max_structure == 20


@pytest.mark.parametrize("degree", [Degree.FAILURE, Degree.COMPLETE_FAILURE, Degree.DISASTROUS_FAILURE])
def test_a_failed_test_improves_nothing(degree):
    with pytest.raises(ArmyRefused, match="失敗した"):
        st.improvement_for(degree)
    with pytest.raises(ArmyRefused, match="失敗した"):
        improvement(degree=degree)


def test_a_permanent_improvement_waits_for_a_higher_stonecraft_rank():
    state = ar.Army(structures=(GATE, Structure("wall", protection=10, structure=40)))
    state = ar.improve_structure(state, "gate", improvement(rank=4))
    for rank in (4, 3):  # same or lower rank, on any structure
        with pytest.raises(ArmyRefused) as refusal:
            ar.improve_structure(state, "wall", improvement(rank=rank))
        assert "Stonecraft 4 ランクで既に永続的な強化" in str(refusal.value)
        assert "1 ランク伸ばしてから" in str(refusal.value)
    state = ar.improve_structure(state, "gate", improvement(permanent=False, rank=4))  # battle-only: fine
    state = ar.improve_structure(state, "gate", improvement(who="レゴラス", rank=1))  # someone else
    state = ar.improve_structure(state, "wall", improvement(rank=5))  # after a rank rose
    assert [i.stonecraft_rank for i in state.improvements()] == [4, 4, 1, 5]


def test_the_retry_rule_knows_a_campaign_character_by_id():
    gate = st.improve(GATE, improvement(character_id="c1", who="ナール", rank=3))
    with pytest.raises(ArmyRefused, match="既に永続的な強化"):
        st.improve(gate, improvement(character_id="c1", who="ナール（改名）", rank=3), gate.improvements)
    st.improve(gate, improvement(character_id="c2", who="ナール", rank=3), gate.improvements)


def test_a_permanent_improvement_needs_to_know_who():
    with pytest.raises(ArmyRefused, match="判定したキャラクターを記録"):
        st.improve(GATE, improvement(who=" "))
    assert st.improve(GATE, improvement(who="", permanent=False)).total_protection == 9


def test_end_of_battle_ends_the_battle_only_improvements_and_keeps_the_history():
    gate = st.improve(GATE, improvement(Target.PROTECTION, Degree.SUPERIOR_SUCCESS, permanent=False))
    gate = st.improve(gate, improvement(Target.STRUCTURE, Degree.EXTRAORDINARY_SUCCESS, permanent=True))
    assert (gate.total_protection, gate.max_structure, len(st.battle_only(gate))) == (10, 23, 1)
    state, ended = ar.end_battle(ar.Army(structures=(gate,)))
    gate = state.structure("gate")
    assert ended == 1 and (gate.total_protection, gate.max_structure) == (8, 23)
    assert [i.ended for i in gate.improvements] == [True, False] and not st.battle_only(gate)
    with pytest.raises(ArmyRefused, match="この戦闘だけの強化はありません"):
        ar.end_battle(state)


def test_structure_operations_through_the_army():
    state = ar.add_structure(ar.Army(), GATE)
    state = ar.add_lock(state, "gate", Lock("閂", 2))
    state, result = ar.siege_damage(state, "gate", 12)
    assert result.through == 2 and state.structure("gate").structure_left == 18
    state = ar.remove_lock(state, "gate", 0)
    state = ar.replace_structure(state, Structure("gate", name="新しい門", protection=1, structure=1))
    assert state.structure("gate").name == "新しい門"
    state = ar.remove_structure(state, "gate")
    with pytest.raises(ArmyRefused, match="その建造物はありません"):
        ar.siege_damage(state, "gate", 1)


# ---- the document ----------------------------------------------------------------------------------
def test_structures_round_trip():
    gate = st.add_lock(GATE, Lock("閂", 2))
    gate = st.improve(gate, improvement(permanent=False, character_id="c1"))
    gate, _ = st.apply_siege_damage(gate, 15)
    state = ar.Army(structures=(gate, Structure("empty")))
    assert ar.load_army(ar.dump_army(state)) == state


def improvement_doc(**fields) -> dict:
    return {"target": "structure", "degree": "superior_success", "permanent": True, **fields}


@pytest.mark.parametrize(
    ("structure", "where"),
    [
        ({"id": "s", "locks": [{"name": "a", "protection": 4}, {"name": "b", "protection": 3}]}, r"\+6"),
        ({"id": "s", "locks": [{"name": "a", "protection": 7}]}, "locks.0.protection"),
        ({"id": "s", "locks": [{"name": "a", "protection": 0}]}, "locks.0.protection"),
        ({"id": "s", "protection": -3}, "protection"),
        ({"id": "s", "damage": -1}, "damage"),
        ({"id": "s", "improvements": [improvement_doc(degree="failure")]}, "失敗"),
        ({"id": "s", "improvements": [improvement_doc(target="gold")]}, "target"),
        ({"id": "s", "improvements": [improvement_doc(ended=True)]}, "永続的な強化"),
        ({"id": "s", "improvements": [improvement_doc(stonecraft_rank=13)]}, "stonecraft_rank"),
        ({"id": "s", "improvements": [{"target": "structure", "degree": "superior_success"}]}, "permanent"),
        ({"id": "s", "stonecraft": 3}, "stonecraft"),
    ],
)
def test_a_hostile_structure_is_refused(structure, where):
    with pytest.raises(ValidationError, match=where):
        ar.load_army({"structures": [structure]})


def test_two_structures_with_one_id_are_refused():
    with pytest.raises(ValidationError, match="同じIDの建造物"):
        ar.load_army({"structures": [{"id": "s"}, {"id": "s"}]})
