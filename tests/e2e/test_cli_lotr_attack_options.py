"""`gmtool prob lotr-attack` with 3.2's options beyond one attack test (sweep, two weapons, grab,
grapple, punch, trip), the charge's knockdown and the target's own options on its Defence and parry:
exact JSON against an independent count, and the refusals."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.cli_helpers import prob_for, prob_refused
from tests.rules.lotr.test_lotr_attack import PARRIED, ref_totals, reference

prob = prob_for("lotr-attack")


def refused(capsys, *args: str) -> str:
    return prob_refused(capsys, "lotr-attack", *args)


def hit(ref: dict[str, Fraction]) -> Fraction:
    return sum((p for k, p in ref.items() if k.endswith("success")), Fraction(0))


def test_a_sweep_at_three_is_minus_six_and_stops_at_a_parry(capsys):
    out = prob(capsys, "--bonus", "8", "--defence", "10", "--parry", "3", "--sweep",
               "--sweep-target", "12:4", "--sweep-target", "9")  # fmt: skip
    strikes = out["strikes"]
    assert [s["attack_bonus"] for s in strikes] == [2, 2, 2] and [s["tn"] for s in strikes] == [10, 12, 9]
    refs = [reference(2, 10, 3), reference(2, 12, 4), reference(2, 9, None)]
    reached = Fraction(1)
    for strike, ref in zip(strikes, refs, strict=True):
        assert strike["reached"] == pytest.approx(float(reached), abs=1e-12)
        assert strike["hit"] == pytest.approx(float(reached * hit(ref)), abs=1e-12)
        reached *= 1 - ref.get(PARRIED, Fraction(0))
    two = prob(capsys, "--bonus", "8", "--defence", "10", "--sweep", "--sweep-target", "10")
    assert [s["attack_bonus"] for s in two["strikes"]] == [4, 4]  # two: −4
    assert "二人か三人" in refused(capsys, "--bonus", "8", "--defence", "10", "--sweep")


def test_two_weapons_need_the_gms_penalty_or_ambidextrous(capsys):
    text = refused(capsys, "--bonus", "6", "--defence", "10", "--two-weapons")
    assert "未設定" in text and "--ambidextrous" in text
    out = prob(
        capsys, "--bonus", "6", "--defence", "10", "--two-weapons", "--main-hand", "-2", "--off-hand", "-4"
    )
    assert [s["attack_bonus"] for s in out["strikes"]] == [4, 2]
    for strike, bonus in zip(out["strikes"], (4, 2), strict=True):
        assert strike["hit"] == pytest.approx(float(hit(reference(bonus, 10, None))), abs=1e-12)
    both = prob(capsys, "--bonus", "6", "--defence", "10", "--two-weapons", "--ambidextrous")
    assert [s["attack_bonus"] for s in both["strikes"]] == [6, 6]


def test_trip_is_an_opposed_test_a_tie_rolled_again(capsys):
    out = prob(capsys, "--bonus", "3", "--defence", "10", "--trip", "--resist", "1")
    totals = ref_totals()
    ahead = sum((p * q for r, p in totals.items() for s, q in totals.items() if r + 3 > s + 1), Fraction(0))
    tie = sum((p * q for r, p in totals.items() for s, q in totals.items() if r + 3 == s + 1), Fraction(0))
    assert out["tripped"] == pytest.approx(float(ahead / (1 - tie)), abs=1e-12)
    assert "--resist" in refused(capsys, "--bonus", "3", "--defence", "10", "--trip")


def test_grapple_holds_at_superior_and_grab_and_punch_are_attack_tests(capsys):
    out = prob(capsys, "--bonus", "6", "--defence", "10", "--grapple")
    ref = reference(6, 10, None)
    assert out["held"] == pytest.approx(
        float(ref["superior_success"] + ref["extraordinary_success"]), abs=1e-12
    )
    assert prob(capsys, "--bonus", "6", "--defence", "10", "--grab")["hit"] == pytest.approx(float(hit(ref)))
    assert prob(capsys, "--bonus", "6", "--defence", "10", "--punch")["attack_bonus"] == 6


def test_the_charges_knockdown_is_a_strength_test(capsys):
    out = prob(
        capsys,
        "--bonus",
        "6",
        "--defence",
        "10",
        "--charge",
        "--knockdown-str",
        "10",
        "--knockdown-bonus",
        "1",
    )
    stands = sum((p for r, p in ref_totals().items() if r + 1 >= 12), Fraction(0))
    assert out["knockdown"] == pytest.approx(float(1 - stands), abs=1e-12)
    assert out["knocked_down_by_attack"] == pytest.approx(out["hit"] * out["knockdown"], abs=1e-12)
    assert "--charge" in refused(capsys, "--bonus", "6", "--defence", "10", "--knockdown-str", "10")


def test_the_targets_own_options_move_its_defence_and_parry(capsys):
    # the target took power (−2) and defensive (+2) since its last turn: they cancel; charge −3
    out = prob(capsys, "--bonus", "5", "--defence", "12", "--target-option", "charge", "--parry", "2")
    assert out["tn"] == 9
    assert out["parried"] == pytest.approx(float(reference(5, 9, -1)[PARRIED]), abs=1e-12)
    both = prob(
        capsys, "--bonus", "5", "--defence", "12", "--target-option", "power", "--target-option", "defensive"
    )
    assert both["tn"] == 12
    assert prob(capsys, "--bonus", "5", "--defence", "12", "--charged-by-target")["attack_bonus"] == 6
    assert prob(capsys, "--bonus", "5", "--defence", "12", "--entangled")["attack_bonus"] == 10


def contest(a: int, b: int) -> Fraction:
    totals = ref_totals()
    ahead = sum((p * q for r, p in totals.items() for s, q in totals.items() if r + a > s + b), Fraction(0))
    tie = sum((p * q for r, p in totals.items() for s, q in totals.items() if r + a == s + b), Fraction(0))
    return ahead / (1 - tie)


def test_a_grabs_escape_and_a_grapples_round_test_are_opposed_strength_tests(capsys):
    # grab: the held one's STR −5 (every TN +5) against the holder's, +3 once pinned
    out = prob(
        capsys,
        "--bonus",
        "5",
        "--defence",
        "10",
        "--grab",
        "--holder-str",
        "1",
        "--held-str",
        "2",
        "--pinned",
    )
    assert out["breaks_free"] == pytest.approx(float(contest(2 - 5, 1 + 3)), abs=1e-12)
    # grapple: the wielder +4
    out = prob(capsys, "--bonus", "5", "--defence", "10", "--grapple", "--holder-str", "1", "--held-str", "2")
    assert out["wins_strength_test"] == pytest.approx(float(contest(1 + 4, 2)), abs=1e-12)
    assert "--held-str" in refused(capsys, "--bonus", "5", "--defence", "10", "--grab", "--holder-str", "1")
    assert "--grab" in refused(
        capsys, "--bonus", "5", "--defence", "10", "--holder-str", "1", "--held-str", "1"
    )
