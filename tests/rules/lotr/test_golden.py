"""Golden LotR (CODA) cases with fixed dice faces and fixed inputs (tests/data/lotr_golden.toml).

Each roll goes through the judge (`RollSpec.judge`, `OpposedSpec.judge_round`) and through the
real roll path (`checks.resolve` and `SYSTEM.resolve`) with a fake rng that hands out exactly the
listed faces: a roll that asks for anything but a d6, or consumes too few or too many dice, fails.
That is what pins the explosion rule down: 6,5 must stop after two dice, 6,6,6,6,2 after five.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from gmtool.rules.systems.lotr import SYSTEM, checks
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.checks import (
    CORRUPTION_CHANGE,
    Contestant,
    CorruptionSpec,
    GroupResult,
    GroupSpec,
    LotRRoller,
    OpposedResult,
    OpposedSpec,
    RollResult,
    RollSpec,
    TieRule,
    corruption_after,
    spend_courage,
)
from gmtool.rules.systems.lotr.kinds import check_kinds, roller_for
from gmtool.rules.systems.lotr.rules_data import Degree
from tests.rules.lotr.gm_tables import with_gm_wound_penalties

GOLDEN_PATH = Path(__file__).resolve().parents[2] / "data" / "lotr_golden.toml"
_ROLLER_KEYS = {
    "rank",
    "attribute_modifier",
    "specialisation",
    "affinity",
    "untrained",
    "condition",
    "modifier",
}
# Every margin on either side of a shipped band edge (1.5 成功度).
BOUNDARY_MARGINS = {-11, -10, -6, -5, -1, 0, 1, 5, 6, 10, 11}


def _load() -> dict[str, Any]:
    with GOLDEN_PATH.open("rb") as f:
        return tomllib.load(f)


GOLDEN = _load()
CHARACTERS = {raw["id"]: {k: v for k, v in raw.items() if k != "id"} for raw in GOLDEN["character"]}


class FakeRng:
    """A stand-in for random.Random that yields fixed d6 faces in order."""

    def __init__(self, faces: list[int]) -> None:
        self.remaining = list(faces)
        self.calls = 0

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 6), f"expected a d6, got randint({a}, {b})"
        assert self.remaining, "the roll asked for more dice than the case lists"
        self.calls += 1
        face = self.remaining.pop(0)
        assert 1 <= face <= 6
        return face


def _roller(raw: dict[str, Any]) -> LotRRoller:
    assert set(raw) <= _ROLLER_KEYS, f"unknown roller keys {set(raw) - _ROLLER_KEYS}"
    return LotRRoller(**raw)


def _cases(section: str) -> dict[str, Any]:
    cases = GOLDEN[section]
    return {"argvalues": cases, "ids": [case["name"] for case in cases]}


def _resolvers() -> tuple[Any, ...]:
    return (checks.resolve, SYSTEM.resolve)


# --- the golden file itself ----------------------------------------------------------------------


def test_golden_file_covers_the_rule_text() -> None:
    rolls = GOLDEN["roll"]
    names = [case["name"] for key, section in GOLDEN.items() if key != "character" for case in section]
    assert len(names) == len(set(names)), "case names must be unique"
    assert {Degree(c["degree"]) for c in rolls} == set(Degree), "every degree appears"
    assert BOUNDARY_MARGINS <= {c["margin"] for c in rolls}, "every band edge from both sides"
    explosions = {len(c["faces"]) - 2 for c in rolls}
    assert {0, 1, 2, 3} <= explosions, "plain rolls and one, two, three explosions"
    assert any(6 in c["faces"] and len(c["faces"]) == 2 for c in rolls), "a six without a double six"
    assert {c["tie_rule"] for c in GOLDEN["opposed"]} == {r.value for r in TieRule}
    assert any(r["winner"] == "tie" for c in GOLDEN["opposed"] for r in c["rounds"])
    assert {c["change"] for c in GOLDEN["corruption"]} == {3, 2, 1, 0, -1, -2}
    bonuses = {
        checks.GROUP_HELPER_BONUS.get(Degree(d), 0) for c in GOLDEN["group"] for d in c["helper_degrees"]
    }
    assert bonuses == {0, 1, 2, 3}


def test_golden_faces_are_legal_rolls() -> None:
    """A case may only list faces real dice can produce: a third die only after a double six,
    a further die only after a 6."""
    sequences = [c["faces"] for c in GOLDEN["roll"] + GOLDEN["courage"] + GOLDEN["corruption"]]
    sequences += [r[k] for c in GOLDEN["opposed"] for r in c["rounds"] for k in ("a_faces", "b_faces")]
    for faces in sequences:
        assert len(faces) >= 2 and all(1 <= f <= 6 for f in faces), faces
        if len(faces) > 2:
            assert faces[:2] == [6, 6] and all(f == 6 for f in faces[2:-1]) and faces[-1] != 6, faces
        else:
            assert faces != [6, 6], faces


# --- single tests --------------------------------------------------------------------------------


def _spec(case: dict[str, Any]) -> RollSpec:
    return RollSpec(_roller(case["roller"]), case["tn"])


@pytest.mark.parametrize("case", **_cases("roll"))
def test_roll_judge(case: dict[str, Any]) -> None:
    spec = _spec(case)
    assert spec.roller.bonus == case["bonus"]
    assert sum(case["faces"]) + spec.roller.bonus == case["total"]
    assert case["total"] - case["tn"] == case["margin"], "the case's own arithmetic"
    assert spec.judge(sum(case["faces"])) is Degree(case["degree"])


@pytest.mark.parametrize("case", **_cases("roll"))
def test_resolve_roll_with_fixed_faces(case: dict[str, Any]) -> None:
    for resolver in _resolvers():
        rng = FakeRng(case["faces"])
        result = resolver(_spec(case), rng)
        assert rng.remaining == [], "every listed face must be consumed"
        assert rng.calls == len(case["faces"])
        assert isinstance(result, RollResult)
        assert result.faces == tuple(case["faces"])
        assert (result.bonus, result.tn) == (case["bonus"], case["tn"])
        assert (result.total, result.margin) == (case["total"], case["margin"])
        assert result.degree is result.outcome is Degree(case["degree"])
        assert result.exploded is case["exploded"]
        assert (result.courage, result.courage_bonus) == (0, 0)


def test_resolve_stops_after_a_plain_pair() -> None:
    """6,5 is a finished roll: the die after it belongs to the next roll."""
    rng = FakeRng([6, 5, 6])
    result = checks.resolve(RollSpec(LotRRoller(), 10), rng)
    assert isinstance(result, RollResult)
    assert result.faces == (6, 5) and rng.remaining == [6]


# --- courage -------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", **_cases("courage"))
def test_courage_after_the_roll(case: dict[str, Any]) -> None:
    spec = _spec(case)
    rng = FakeRng(case["faces"])
    result = checks.resolve(spec, rng)
    assert rng.remaining == []
    assert isinstance(result, RollResult)
    assert result.degree is Degree(case["degree"])
    for points, total, degree in zip(case["spend"], case["totals"], case["degrees"], strict=True):
        result = spend_courage(spec, result, points)
        assert result.total == total
        assert result.margin == total - case["tn"]
        assert result.degree is Degree(degree)
        assert result.faces == tuple(case["faces"]), "courage never rerolls"
    assert (result.courage, result.courage_bonus) == (case["courage"], case["courage_bonus"])
    assert result.courage_bonus == checks.COURAGE_BONUS * result.courage
    # Spending it all at once reads the same as spending it point by point.
    once = spend_courage(spec, checks.resolve(spec, FakeRng(case["faces"])), sum(case["spend"]))  # type: ignore[arg-type]
    assert (once.total, once.degree) == (result.total, result.degree)


def test_negative_courage_is_refused() -> None:
    spec = RollSpec(LotRRoller(), 10)
    result = checks.resolve(spec, FakeRng([3, 4]))
    assert isinstance(result, RollResult)
    with pytest.raises(ValueError, match="0 点以上"):
        spend_courage(spec, result, -1)


# --- a character's rollers -----------------------------------------------------------------------


def _character(case: dict[str, Any]) -> LotRCharacter:
    raw = dict(CHARACTERS[case["character"]])
    raw.update({k: case[k] for k in ("damage", "weariness") if k in case})
    return SYSTEM.load_character(raw)


@pytest.mark.parametrize("case", **_cases("character_roll"))
def test_character_roller(case: dict[str, Any]) -> None:
    character = _character(case)
    rules = with_gm_wound_penalties() if case.get("gm_wound_penalties") else None
    roller = roller_for(
        character, case["kind"], rules, modifier=case.get("modifier", 0), affinity=case.get("affinity", 0)
    )
    assert roller == _roller(case["roller"])
    assert roller.bonus == case["bonus"]
    spec = RollSpec(roller, case["tn"])
    for resolver in _resolvers():
        rng = FakeRng(case["faces"])
        result = resolver(spec, rng)
        assert rng.remaining == []
        assert isinstance(result, RollResult)
        assert (result.total, result.degree) == (case["total"], Degree(case["degree"]))


def test_skill_with_a_colon_in_its_name_rolls() -> None:
    """Skill names hold ':' themselves (「Armed Combat: Blades」, 「Language: Westron」): the kind id
    must still find the skill, and a specialisation after it."""
    raw = dict(CHARACTERS["warrior"])
    raw["skills"] = [
        {"name": "Language: Westron", "ranks": 4},
        {"name": "Armed Combat: Blades", "ranks": 5, "specialisations": ["Longsword"]},
    ]
    character = SYSTEM.load_character(raw)
    assert roller_for(character, "skill:Language: Westron") == LotRRoller(rank=4, attribute_modifier=0)
    blades = roller_for(character, "skill:Armed Combat: Blades:Longsword")
    assert blades == LotRRoller(rank=5, attribute_modifier=2, specialisation=2)
    assert roller_for(character, "skill:Armed Combat: Blades").bonus == 7


def test_every_offered_kind_rolls_with_the_value_shown() -> None:
    """What check_kinds lists, roller_for can roll: the same bonus, plus the condition penalty."""
    raw = dict(CHARACTERS["warrior"], damage=20, weariness=5)
    raw["skills"] = [*raw["skills"], {"name": "Lore: Realm (Gondor)", "ranks": 2, "attribute": "wit"}]
    raw["skills"] = [
        *raw["skills"],
        {"name": "Armed Combat: Blades", "ranks": 5, "specialisations": ["Sword"]},
    ]
    character = SYSTEM.load_character(raw)
    rules = with_gm_wound_penalties()
    kinds = check_kinds(character, rules)
    ids = {k.id for k in kinds}
    assert {"skill:Armed Combat: Blades:Sword", "untrained:Jump", "attribute:brg", "reaction:wisdom"} <= ids
    assert "untrained:Observe" not in ids, "a skill the character has is not offered untrained"
    assert not any(k.id == "untrained:Lore" or k.id == "untrained:Language" for k in kinds), (
        "groups need a field"
    )
    for kind in kinds:
        # The GM's Injured −1 and the text's Exhausted −10
        assert roller_for(character, kind.id, rules).bonus == kind.value - 11, kind.id


@pytest.mark.parametrize("kind_id", ["skill:Swimming", "attribute:luck", "reaction:courage", "spell:Light"])
def test_an_unknown_kind_is_refused(kind_id: str) -> None:
    character = SYSTEM.load_character(CHARACTERS["warrior"])
    with pytest.raises(KeyError):
        roller_for(character, kind_id)


# --- group tests ---------------------------------------------------------------------------------


def _group(case: dict[str, Any]) -> GroupSpec:
    return GroupSpec(
        _spec({"roller": case["leader"], "tn": case["tn"]}), tuple(map(_roller, case["helpers"]))
    )


@pytest.mark.parametrize("case", **_cases("group"))
def test_group_with_fixed_faces(case: dict[str, Any]) -> None:
    spec = _group(case)
    assert all(spec.helper_spec(h).tn == case["tn"] - 5 for h in spec.helpers), "helpers at TN − 5"
    for resolver in _resolvers():
        rng = FakeRng(case["faces"])
        result = resolver(spec, rng)
        assert rng.remaining == []
        assert isinstance(result, GroupResult)
        assert [h.degree for h in result.helpers] == [Degree(d) for d in case["helper_degrees"]]
        assert result.help_bonus == case["help_bonus"]
        assert result.leader.total == case["leader_total"]
        assert result.leader.tn == case["tn"]
        assert result.leader.degree is result.outcome is Degree(case["degree"])


# --- opposed tests -------------------------------------------------------------------------------


def _opposed(case: dict[str, Any]) -> OpposedSpec:
    return OpposedSpec(_roller(case["a"]), _roller(case["b"]), TieRule(case["tie_rule"]))


def _winner(raw: str) -> Contestant | None:
    return None if raw == "tie" else Contestant(raw)


@pytest.mark.parametrize("case", **_cases("opposed"))
def test_opposed_judge_round(case: dict[str, Any]) -> None:
    spec = _opposed(case)
    for r in case["rounds"]:
        assert spec.judge_round(tuple(r["a_faces"]), tuple(r["b_faces"])) is _winner(r["winner"])


@pytest.mark.parametrize("case", **_cases("opposed"))
def test_resolve_opposed_with_fixed_faces(case: dict[str, Any]) -> None:
    spec = _opposed(case)
    faces = [f for r in case["rounds"] for f in (*r["a_faces"], *r["b_faces"])]
    for resolver in _resolvers():
        rng = FakeRng(faces)
        result = resolver(spec, rng)
        assert rng.remaining == [], "a decided round ends the test"
        assert isinstance(result, OpposedResult)
        rounds = [
            {
                "a_faces": list(r.a_faces),
                "b_faces": list(r.b_faces),
                "a_total": r.a_total,
                "b_total": r.b_total,
                "winner": "tie" if r.winner is None else r.winner.value,
            }
            for r in result.rounds
        ]
        assert rounds == case["rounds"]
        assert result.winner is result.outcome is Contestant(case["winner"])


# --- corruption ----------------------------------------------------------------------------------


@pytest.mark.parametrize("case", **_cases("corruption"))
def test_corruption_test(case: dict[str, Any]) -> None:
    spec = CorruptionSpec(_spec(case))
    rng = FakeRng(case["faces"])
    result = checks.resolve(spec.test, rng)
    assert rng.remaining == []
    assert isinstance(result, RollResult)
    assert result.degree is Degree(case["degree"])
    assert CORRUPTION_CHANGE[result.degree] == case["change"]
    assert corruption_after(case["before"], result.degree) == case["after"]


def test_fake_rng_refuses_extra_dice_and_other_dice() -> None:
    rng = FakeRng([3])
    assert rng.randint(1, 6) == 3
    with pytest.raises(AssertionError):
        rng.randint(1, 6)
    with pytest.raises(AssertionError):
        FakeRng([3]).randint(1, 3)
