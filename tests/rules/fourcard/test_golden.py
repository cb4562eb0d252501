"""Golden フォーカード cases with fixed dice faces and fixed inputs (tests/data/fourcard_golden.toml).

Rolls go through the judges (`TargetSpec.judge/margin`, `AchievementSpec.judge`,
`CompareSpec.judge_round`) and through the real roll path (`resolve`, `SYSTEM.resolve`) with a
fake rng that hands out exactly the listed faces, so a roll that consumes too few or too many
dice fails.  Creation, purchases, scenario XP and recovery run through the engine functions the
sheet and the wizard call.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from gmtool.rules.checks import CheckResult, Outcome
from gmtool.rules.systems.fourcard import SYSTEM, advancement, checks, creation, damage
from gmtool.rules.systems.fourcard.advancement import PurchaseBlocked
from gmtool.rules.systems.fourcard.catalog import SkillCatalog, catalog_from_document
from gmtool.rules.systems.fourcard.character import FourCardCharacter, Gains, LedgerEntry, Losses, Skill
from gmtool.rules.systems.fourcard.checks import Contestant, FourCardRoller, fumbles, resolve
from gmtool.rules.systems.fourcard.derived import is_weakened

GOLDEN_PATH = Path(__file__).resolve().parents[2] / "data" / "fourcard_golden.toml"
_ROLLER_KEYS = {"base", "modifier", "weakened"}
# A deciding round appended after a tied golden round: a natural 12 beats any other roll.
DECIDING_A, DECIDING_B = [6, 6], [3, 3]


def _load() -> dict[str, Any]:
    with GOLDEN_PATH.open("rb") as f:
        return tomllib.load(f)


GOLDEN = _load()
TARGET = GOLDEN["target"]
ACHIEVEMENT = GOLDEN["achievement"]
COMPARE = GOLDEN["compare"]
CATALOG: SkillCatalog = catalog_from_document({"skills": GOLDEN["catalog"]})


class FakeRng:
    """A stand-in for random.Random that yields fixed d6 faces in order."""

    def __init__(self, faces: list[int], sides: int = 6) -> None:
        self.remaining = list(faces)
        self.sides = sides
        self.calls = 0

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, self.sides), f"expected d{self.sides}, got randint({a}, {b})"
        assert self.remaining, "the roll asked for more dice than the case lists"
        self.calls += 1
        face = self.remaining.pop(0)
        assert a <= face <= b
        return face


def _roller(raw: dict[str, Any]) -> FourCardRoller:
    assert set(raw) == _ROLLER_KEYS, f"roller keys {set(raw)}"
    return FourCardRoller(raw["base"], raw["modifier"], raw["weakened"])


def _ids(cases: list[dict[str, Any]]) -> list[str]:
    return [case["name"] for case in cases]


def _cases(section: str) -> dict[str, Any]:
    cases = GOLDEN[section]
    return {"argvalues": cases, "ids": _ids(cases)}


# --- the golden file itself ----------------------------------------------------------------------


def test_golden_file_has_cases() -> None:
    assert len(TARGET) >= 12
    assert len(ACHIEVEMENT) >= 5
    assert len(COMPARE) >= 10
    every_name = [case["name"] for section in GOLDEN.values() for case in section]
    assert len(every_name) == len(set(every_name)), "case names must be unique"


def test_golden_target_cases_cover_the_rule_text() -> None:
    outcomes = {Outcome(c["outcome"]) for c in TARGET}
    assert outcomes == set(Outcome)
    assert any(c["outcome"] == "auto_success" and c["value"] < c["difficulty"] for c in TARGET)
    assert any(c["outcome"] == "auto_failure" and c["value"] >= c["difficulty"] for c in TARGET)
    assert any(c["roller"]["weakened"] and c["outcome"] == "failure" for c in TARGET)
    assert {c["winner"] for c in COMPARE} == {"a", "b", "tie"}


# --- 目標ロール ------------------------------------------------------------------------------------


def _target(case: dict[str, Any]) -> checks.TargetSpec:
    return checks.TargetSpec(_roller(case["roller"]), case["difficulty"])


@pytest.mark.parametrize("case", **_cases("target"))
def test_target_judge(case: dict[str, Any]) -> None:
    assert len(case["faces"]) == 2 and all(1 <= f <= 6 for f in case["faces"])
    assert ("margin" in case) is Outcome(case["outcome"]).succeeded, "a margin exactly for successes"
    spec = _target(case)
    for faces in (tuple(case["faces"]), tuple(reversed(case["faces"]))):
        assert spec.judge(faces) is Outcome(case["outcome"])
        assert spec.roller.value(faces) == case["value"]
        assert spec.margin(faces) == case.get("margin")


@pytest.mark.parametrize("case", **_cases("target"))
def test_resolve_target_with_fixed_faces(case: dict[str, Any]) -> None:
    for resolver in (resolve, SYSTEM.resolve):
        rng = FakeRng(case["faces"])
        result = resolver(_target(case), rng)  # type: ignore[arg-type]
        assert rng.remaining == [] and rng.calls == 2, "a 目標ロール rolls exactly 2D6"
        assert isinstance(result, CheckResult)
        assert (result.outcome, result.faces) == (Outcome(case["outcome"]), tuple(case["faces"]))
        assert (result.total, result.margin) == (case["value"], case.get("margin"))
        # 「自動的失敗をしてしまうと1点疲労」
        assert fumbles(result) == {Contestant.A: int(case["outcome"] == "auto_failure")}


# --- 達成ロール ------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", **_cases("achievement"))
def test_achievement_judge(case: dict[str, Any]) -> None:
    spec = checks.AchievementSpec(_roller(case["roller"]))
    assert spec.judge(tuple(case["faces"])) == case["value"]
    assert spec.judge(tuple(reversed(case["faces"]))) == case["value"]


@pytest.mark.parametrize("case", **_cases("achievement"))
def test_resolve_achievement_with_fixed_faces(case: dict[str, Any]) -> None:
    spec = checks.AchievementSpec(_roller(case["roller"]))
    for resolver in (resolve, SYSTEM.resolve):
        rng = FakeRng(case["faces"])
        result = resolver(spec, rng)  # type: ignore[arg-type]
        assert rng.remaining == [] and rng.calls == 2
        assert isinstance(result, checks.AchievementResult)
        assert (result.faces, result.total) == (tuple(case["faces"]), case["value"])
        assert result.outcome == case["value"]
        assert fumbles(result) == {Contestant.A: 0}, "a 達成ロール has no 自動的失敗"


# --- 比較ロール ------------------------------------------------------------------------------------


def _compare(case: dict[str, Any]) -> checks.CompareSpec:
    return checks.CompareSpec(_roller(case["a"]), _roller(case["b"]))


def _winner(case: dict[str, Any]) -> Contestant | None:
    return None if case["winner"] == "tie" else Contestant(case["winner"])


@pytest.mark.parametrize("case", **_cases("compare"))
def test_compare_judge_round(case: dict[str, Any]) -> None:
    spec = _compare(case)
    a_faces, b_faces = tuple(case["a_faces"]), tuple(case["b_faces"])
    assert spec.a.value(a_faces) == case["a_value"]
    assert spec.b.value(b_faces) == case["b_value"]
    assert spec.judge_round(a_faces, b_faces) is _winner(case)
    assert spec.judge_round(a_faces[::-1], b_faces[::-1]) is _winner(case)


@pytest.mark.parametrize("case", **_cases("compare"))
def test_compare_judge_round_is_symmetric(case: dict[str, Any]) -> None:
    """Swapping the two sides swaps the winner: neither side is favoured."""
    swapped = checks.CompareSpec(_roller(case["b"]), _roller(case["a"]))
    expected = {None: None, Contestant.A: Contestant.B, Contestant.B: Contestant.A}[_winner(case)]
    assert swapped.judge_round(tuple(case["b_faces"]), tuple(case["a_faces"])) is expected


@pytest.mark.parametrize("case", **_cases("compare"))
def test_resolve_compare_with_fixed_faces(case: dict[str, Any]) -> None:
    """A decided round ends the roll; a tie is rolled again (here decided by a natural 12)."""
    spec = _compare(case)
    tie = _winner(case) is None
    faces = case["a_faces"] + case["b_faces"] + (DECIDING_A + DECIDING_B if tie else [])
    for resolver in (resolve, SYSTEM.resolve):
        rng = FakeRng(faces)
        result = resolver(spec, rng)  # type: ignore[arg-type]
        assert rng.remaining == [], "every listed face must be consumed, and no more"
        assert isinstance(result, checks.CompareResult)
        first = result.rounds[0]
        assert (first.a_faces, first.a_total) == (tuple(case["a_faces"]), case["a_value"])
        assert (first.b_faces, first.b_total) == (tuple(case["b_faces"]), case["b_value"])
        assert first.winner is _winner(case)
        winners = [None, Contestant.A] if tie else [_winner(case)]
        assert [r.winner for r in result.rounds] == winners
        assert result.winner is winners[-1]
        a_twos = int(case["a_faces"] == [1, 1])
        b_twos = int(case["b_faces"] == [1, 1])
        assert fumbles(result) == {Contestant.A: a_twos, Contestant.B: b_twos}


def test_compare_resolve_rolls_until_decided() -> None:
    """Three tied rounds (2/2, 12/12, equal values) and then a decision: four rounds in the result."""
    spec = checks.CompareSpec(FourCardRoller(4), FourCardRoller(4))
    faces = [1, 1, 1, 1, 6, 6, 6, 6, 3, 4, 5, 2, 2, 3, 1, 2]
    rng = FakeRng(faces)
    result = resolve(spec, rng)  # type: ignore[arg-type]
    assert rng.remaining == []
    assert isinstance(result, checks.CompareResult)
    assert [r.winner for r in result.rounds] == [None, None, None, Contestant.A]
    assert result.winner is Contestant.A
    # Both natural 2s of the tied first round cost 1 疲労 each.
    assert fumbles(result) == {Contestant.A: 1, Contestant.B: 1}


# --- 作成 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", **_cases("attribute_roll"))
def test_attribute_roll(case: dict[str, Any]) -> None:
    assert creation.attribute_value(tuple(case["faces"])) == case["value"]


@pytest.mark.parametrize("case", **_cases("sex_modifier"))
def test_sex_modifier(case: dict[str, Any]) -> None:
    values = dict(case["values"])
    assert creation.with_sex_modifier(values, case["sex"]) == case["expected"]
    assert values == case["values"], "the input is not modified"


@pytest.mark.parametrize("case", **_cases("handedness"))
def test_handedness(case: dict[str, Any]) -> None:
    assert creation.is_ambidextrous(tuple(case["faces"])) is case["ambidextrous"]


@pytest.mark.parametrize("case", **_cases("money"))
def test_money(case: dict[str, Any]) -> None:
    assert creation.money_value(tuple(case["faces"])) == case["value"]


# --- 経験点の使用 -----------------------------------------------------------------------------------


def _character(case: dict[str, Any], specialisations: tuple[str, ...] = ()) -> FourCardCharacter:
    skills = []
    for name, tp in case.get("skills", {}).items():
        definition = CATALOG.get(name)
        assert definition is not None and definition.base, name
        fields = specialisations if definition.specialised else ()
        skills.append(Skill(name, definition.base, tp, definition.specialised, fields))
    xp = case.get("xp_earned", 0)
    growth = (LedgerEntry(scenario="作成", xp=xp, bought="初期経験点"),) if xp else ()
    return FourCardCharacter(name="黄金", skills=tuple(skills), growth=growth)


def _check_purchase(case: dict[str, Any], buy: Callable[[], advancement.Purchase]) -> None:
    if "blocked" in case:
        with pytest.raises(PurchaseBlocked) as excinfo:
            buy()
        assert case["blocked"] in str(excinfo.value)
        return
    purchase = buy()
    assert purchase.cost == case["cost"]
    if "description" in case:
        assert purchase.description == case["description"]
    assert len(purchase.refusals) == len(case["refusals"]), purchase.refusals
    for refusal, needles in zip(purchase.refusals, case["refusals"], strict=True):
        for needle in needles:
            assert needle in refusal, f"{needle!r} not in {refusal!r}"
    assert purchase.allowed is (not case["refusals"])


@pytest.mark.parametrize("case", **_cases("skill_purchase"))
def test_skill_purchase(case: dict[str, Any]) -> None:
    character = _character(case)

    def buy() -> advancement.Purchase:
        return advancement.skill_tp_purchase(character, CATALOG, case["buy"], case["available"])

    _check_purchase(case, buy)
    if "blocked" not in case:
        after = buy().after
        assert after.tp(case["buy"]) == character.tp(case["buy"]) + 1, "exactly one TP at a time"
        others = {s.name: s.tp for s in character.skills if s.name != case["buy"]}
        assert {s.name: s.tp for s in after.skills if s.name != case["buy"]} == others


@pytest.mark.parametrize("case", **_cases("specialisation_purchase"))
def test_specialisation_purchase(case: dict[str, Any]) -> None:
    character = _character(case, tuple(case["specialisations"]))

    def buy() -> advancement.Purchase:
        field, available = case["field"], case["available"]
        return advancement.specialisation_purchase(character, CATALOG, case["skill"], field, available)

    _check_purchase(case, buy)
    if "blocked" not in case:
        skill = buy().after.skill(case["skill"])
        assert skill is not None
        assert skill.specialisations == (*case["specialisations"], case["field"])
        assert skill.tp == character.tp(case["skill"]), "a specialisation buys no TP"


@pytest.mark.parametrize("case", **_cases("attribute_purchase"))
def test_attribute_purchase(case: dict[str, Any]) -> None:
    attribute = case["attribute"]
    character = FourCardCharacter(
        gains=replace(Gains(), **{attribute: case["gains"]}),
        losses=replace(Losses(), **{attribute: case["losses"]}),
    )
    _check_purchase(case, lambda: advancement.attribute_purchase(character, attribute, case["available"]))
    if "blocked" not in case:
        after = advancement.attribute_purchase(character, attribute, case["available"]).after
        assert after.current(attribute) == character.current(attribute) + 1, "one point at a time"


# --- 経験点の獲得 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("case", **_cases("scenario_xp"))
def test_scenario_xp(case: dict[str, Any]) -> None:
    args = {"personal": case["personal"]}
    if "partial" in case:
        args["partial"] = case["partial"]
    if "error" in case:
        with pytest.raises(ValueError, match=case["error"]):
            advancement.scenario_xp(case["succeeded"], **args)
    else:
        assert advancement.scenario_xp(case["succeeded"], **args) == case["xp"]


# --- 回復 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", **_cases("recovery"))
def test_recovery(case: dict[str, Any]) -> None:
    before = FourCardCharacter(name="回復", **case["before"])
    action = case["action"]
    if action == "missed_meal":
        after = damage.missed_meal(before, case["meals"])
        assert "recovered" not in case
    else:
        recovery: damage.Recovery
        if action == "rest":
            recovery = damage.rest(before, case["hours"])
        elif action == "sleep":
            recovery = damage.sleep(before, case["hours"])
        else:
            assert action == "meal", action
            recovery = damage.meal(before)
        after = recovery.after
        assert (recovery.fatigue, recovery.injury) == (
            case["recovered"]["fatigue"],
            case["recovered"]["injury"],
        )
    assert {"fatigue": after.fatigue, "injury": after.injury, "hungry": after.hungry} == case["after"]


@pytest.mark.parametrize("case", **_cases("day_recovery"))
def test_day_recovery(case: dict[str, Any]) -> None:
    raw = case["character"]
    growth = (LedgerEntry(xp=raw["xp_earned"]),) if raw["xp_earned"] else ()
    character = FourCardCharacter(
        name="養生",
        attributes=replace(FourCardCharacter().attributes, st=raw["st"], vt=raw["vt"]),
        growth=growth,
        fatigue=raw["fatigue"],
        injury=raw["injury"],
    )
    assert is_weakened(character) is case["weakened"]
    spec = damage.day_recovery_spec(character, resting=case["resting"])
    assert (spec.roller.base, spec.roller.modifier, spec.roller.weakened, spec.difficulty) == (
        case["base"],
        case["modifier"],
        case["weakened"],
        case["difficulty"],
    )
    rng = FakeRng(case["faces"])
    result = SYSTEM.resolve(spec, rng)  # type: ignore[arg-type]
    assert rng.remaining == []
    assert isinstance(result, CheckResult)
    assert (result.outcome, result.total) == (Outcome(case["outcome"]), case["value"])
    recovery = damage.apply_day_recovery(character, result)
    assert {"fatigue": recovery.after.fatigue, "injury": recovery.after.injury} == case["after"]
    assert {"fatigue": recovery.fatigue, "injury": recovery.injury} == case["recovered"]


def test_fake_rng_refuses_extra_dice() -> None:
    rng = FakeRng([3])
    assert rng.randint(1, 6) == 3
    with pytest.raises(AssertionError):
        rng.randint(1, 6)
