"""Golden AW checks and 対決 with fixed dice faces (tests/data/aw_golden.toml).

Each case goes through the judge (`AWCheckSpec.judge`, `AWOpposedSpec.judge`) and through the
real roll path (`resolve_check`, `resolve_opposed`) with a fake rng that hands out exactly the
listed faces, so a roll that consumes too few or too many dice fails.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from gmtool.rules.checks import CheckResult, OpposedResult, Outcome, Side
from gmtool.rules.systems import SYSTEMS
from gmtool.rules.systems.aw.checks import (
    AWCheckSpec,
    AWOpposedSpec,
    AWRoller,
    outcome_by_natural_total,
    resolve_check,
    resolve_opposed,
)

GOLDEN_PATH = Path(__file__).resolve().parents[2] / "data" / "aw_golden.toml"
_ROLLER_KEYS = {"value", "modifier", "critical", "fumble", "can_roll"}


def _load() -> dict[str, Any]:
    with GOLDEN_PATH.open("rb") as f:
        return tomllib.load(f)


GOLDEN = _load()
CHECK_CASES = GOLDEN["check"]
OPPOSED_CASES = GOLDEN["opposed"]


class FakeRng:
    """A stand-in for random.Random that yields fixed d6 faces in order."""

    def __init__(self, faces: list[int]) -> None:
        self.remaining = list(faces)
        self.calls: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        self.calls.append((a, b))
        assert (a, b) == (1, 6), f"AW rolls d6 only, got randint({a}, {b})"
        assert self.remaining, "the roll asked for more dice than the case lists"
        face = self.remaining.pop(0)
        assert a <= face <= b
        return face


def _roller(raw: dict[str, Any]) -> AWRoller:
    assert set(raw) <= _ROLLER_KEYS, f"unknown roller keys {set(raw) - _ROLLER_KEYS}"
    return AWRoller(
        value=raw["value"],
        modifier=raw["modifier"],
        critical=raw["critical"],
        fumble=raw["fumble"],
        can_roll=raw.get("can_roll", True),
    )


def _ids(cases: list[dict[str, Any]]) -> list[str]:
    return [case["name"] for case in cases]


# --- the golden file itself ----------------------------------------------------------------------


def test_golden_file_has_cases() -> None:
    assert len(CHECK_CASES) >= 10
    assert len(OPPOSED_CASES) >= 10
    names = _ids(CHECK_CASES) + _ids(OPPOSED_CASES)
    assert len(names) == len(set(names)), "case names must be unique"


@pytest.mark.parametrize("case", CHECK_CASES, ids=_ids(CHECK_CASES))
def test_golden_check_case_is_well_formed(case: dict[str, Any]) -> None:
    assert len(case["faces"]) == 2 and all(1 <= f <= 6 for f in case["faces"])
    outcome = Outcome(case["outcome"])
    automatic = outcome in (Outcome.AUTO_SUCCESS, Outcome.AUTO_FAILURE)
    assert ("total" in case) is not automatic, "達成値 is given exactly when the result is not automatic"


@pytest.mark.parametrize("case", OPPOSED_CASES, ids=_ids(OPPOSED_CASES))
def test_golden_opposed_case_is_well_formed(case: dict[str, Any]) -> None:
    Side(case["winner"])
    action_outcome = Outcome(case["action_outcome"])
    assert ("action_total" in case) is (action_outcome in (Outcome.SUCCESS, Outcome.FAILURE))
    can_roll = case["reaction"].get("can_roll", True)
    action_fumbled = action_outcome is Outcome.AUTO_FAILURE
    assert ("reaction_faces" in case) is (can_roll and not action_fumbled)
    assert ("reaction_outcome" in case) is (not can_roll or not action_fumbled)


# --- single checks -------------------------------------------------------------------------------


@pytest.mark.parametrize("case", CHECK_CASES, ids=_ids(CHECK_CASES))
def test_check_judge(case: dict[str, Any]) -> None:
    spec = AWCheckSpec(_roller(case["roller"]), case["difficulty"])
    faces = tuple(case["faces"])
    assert spec.judge(faces) is Outcome(case["outcome"])
    automatic, total = spec.roller.judge_faces(faces)
    assert total == case.get("total")
    expected = Outcome(case["outcome"])
    assert automatic is (expected if expected in (Outcome.AUTO_SUCCESS, Outcome.AUTO_FAILURE) else None)


@pytest.mark.parametrize("case", CHECK_CASES, ids=_ids(CHECK_CASES))
def test_check_judge_ignores_face_order(case: dict[str, Any]) -> None:
    spec = AWCheckSpec(_roller(case["roller"]), case["difficulty"])
    assert spec.judge(tuple(reversed(case["faces"]))) is Outcome(case["outcome"])


@pytest.mark.parametrize("case", CHECK_CASES, ids=_ids(CHECK_CASES))
def test_check_outcome_by_natural_total_agrees(case: dict[str, Any]) -> None:
    spec = AWCheckSpec(_roller(case["roller"]), case["difficulty"])
    assert outcome_by_natural_total(spec)[sum(case["faces"])] is Outcome(case["outcome"])


@pytest.mark.parametrize("case", CHECK_CASES, ids=_ids(CHECK_CASES))
def test_resolve_check_with_fixed_faces(case: dict[str, Any]) -> None:
    spec = AWCheckSpec(_roller(case["roller"]), case["difficulty"])
    rng = FakeRng(case["faces"])
    result = resolve_check(spec, rng, seed=1234)  # type: ignore[arg-type]
    assert rng.remaining == [], "every listed face must be consumed"
    assert len(rng.calls) == 2
    assert isinstance(result, CheckResult)
    assert result.outcome is Outcome(case["outcome"])
    assert result.faces == tuple(case["faces"])
    assert result.total == case.get("total")
    assert result.seed == 1234


@pytest.mark.parametrize("case", CHECK_CASES, ids=_ids(CHECK_CASES))
def test_system_resolve_check_with_fixed_faces(case: dict[str, Any]) -> None:
    spec = AWCheckSpec(_roller(case["roller"]), case["difficulty"])
    rng = FakeRng(case["faces"])
    result = SYSTEMS["aw"].resolve(spec, rng)  # type: ignore[arg-type]
    assert rng.remaining == []
    assert isinstance(result, CheckResult)
    assert (result.outcome, result.faces, result.total) == (
        Outcome(case["outcome"]),
        tuple(case["faces"]),
        case.get("total"),
    )


# --- 対決 ----------------------------------------------------------------------------------------


def _opposed_spec(case: dict[str, Any]) -> AWOpposedSpec:
    return AWOpposedSpec(_roller(case["action"]), _roller(case["reaction"]))


@pytest.mark.parametrize("case", OPPOSED_CASES, ids=_ids(OPPOSED_CASES))
def test_opposed_judge(case: dict[str, Any]) -> None:
    spec = _opposed_spec(case)
    action_faces = tuple(case["action_faces"])
    reaction_faces = tuple(case["reaction_faces"]) if "reaction_faces" in case else None
    assert spec.reaction_rolls(action_faces) is (reaction_faces is not None)
    assert spec.judge(action_faces, reaction_faces) is Side(case["winner"])


@pytest.mark.parametrize("case", OPPOSED_CASES, ids=_ids(OPPOSED_CASES))
def test_opposed_judge_ignores_face_order(case: dict[str, Any]) -> None:
    spec = _opposed_spec(case)
    action_faces = tuple(reversed(case["action_faces"]))
    reaction_faces = tuple(reversed(case["reaction_faces"])) if "reaction_faces" in case else None
    assert spec.judge(action_faces, reaction_faces) is Side(case["winner"])


def _check_opposed_result(case: dict[str, Any], result: OpposedResult) -> None:
    assert isinstance(result, OpposedResult)
    assert result.winner is Side(case["winner"])

    assert result.action.faces == tuple(case["action_faces"])
    assert result.action.outcome is Outcome(case["action_outcome"])
    assert result.action.total == case.get("action_total")

    can_roll = case["reaction"].get("can_roll", True)
    if "reaction_outcome" not in case:  # the action fumbled: the reaction never rolled
        assert result.reaction is None
        return
    assert result.reaction is not None
    assert result.reaction.outcome is Outcome(case["reaction_outcome"])
    assert result.reaction.total == case.get("reaction_total")
    if can_roll:
        assert result.reaction.faces == tuple(case["reaction_faces"])
    else:
        assert result.reaction.faces == (), "a reaction that cannot roll has no dice"


@pytest.mark.parametrize("case", OPPOSED_CASES, ids=_ids(OPPOSED_CASES))
def test_resolve_opposed_with_fixed_faces(case: dict[str, Any]) -> None:
    spec = _opposed_spec(case)
    faces = case["action_faces"] + case.get("reaction_faces", [])
    rng = FakeRng(faces)
    result = resolve_opposed(spec, rng, seed=99)  # type: ignore[arg-type]
    assert rng.remaining == [], "every listed face must be consumed"
    expected_dice = 4 if "reaction_faces" in case else 2
    assert len(rng.calls) == expected_dice, "the reaction must not roll when it does not or cannot"
    assert result.seed == 99
    _check_opposed_result(case, result)


@pytest.mark.parametrize("case", OPPOSED_CASES, ids=_ids(OPPOSED_CASES))
def test_system_resolve_opposed_with_fixed_faces(case: dict[str, Any]) -> None:
    spec = _opposed_spec(case)
    rng = FakeRng(case["action_faces"] + case.get("reaction_faces", []))
    result = SYSTEMS["aw"].resolve(spec, rng)  # type: ignore[arg-type]
    assert rng.remaining == []
    _check_opposed_result(case, result)


@pytest.mark.parametrize(
    "case",
    [c for c in OPPOSED_CASES if "reaction_faces" not in c],
    ids=_ids([c for c in OPPOSED_CASES if "reaction_faces" not in c]),
)
def test_no_roll_reaction_leaves_spare_dice_untouched(case: dict[str, Any]) -> None:
    """Even when more dice are available, a reaction that does not roll takes none of them."""
    spec = _opposed_spec(case)
    rng = FakeRng([*case["action_faces"], 6, 6, 6, 6])
    result = resolve_opposed(spec, rng)  # type: ignore[arg-type]
    assert rng.remaining == [6, 6, 6, 6]
    _check_opposed_result(case, result)


def test_fake_rng_refuses_extra_dice() -> None:
    rng = FakeRng([3])
    assert rng.randint(1, 6) == 3
    with pytest.raises(AssertionError):
        rng.randint(1, 6)
