"""`gmtool prob lotr-attack` with a blunt head blow's stun odds (3.7), mounted combat (3.9) and
range steps from a distance (3.4): exact JSON, and the refusals."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.rules.systems.lotr.attack import AttackSpec, hit_probability
from tests.cli_helpers import prob_for, prob_refused

prob = prob_for("lotr-attack")


def refused(capsys, *args: str) -> str:
    return prob_refused(capsys, "lotr-attack", *args)


def test_a_blunt_head_blow_gives_the_stun_outcomes(capsys):
    out = prob(
        capsys, "--bonus", "8", "--defence", "10", "--blunt-head", "--stun-tn", "10", "--stun-stamina", "2"
    )
    assert out["tn"] == 22  # 3.7: the head +12
    # Stamina +2 vs 10: margin = dice − 8.  Superior (6–10) is dice 14–18, Extraordinary (≥ 11) 19+.
    # Above 11 only a double six (1/36) then an exploding d6 X: 12 + X, X = 2…5 → 14…17 (X is never
    # exactly 6: a 6 rolls again, so 18 cannot be rolled), X ≥ 7 → 19+; X = 1 → 13, still the full stun.
    superior = Fraction(1, 36) * Fraction(4, 6)
    extraordinary = Fraction(1, 36) * Fraction(1, 6)
    full = 1 - superior - extraordinary
    assert out["stun"]["halved"] == pytest.approx(float(superior), abs=1e-12)
    assert out["stun"]["none"] == pytest.approx(float(extraordinary), abs=1e-12)
    assert out["stun"]["full"] == pytest.approx(float(full), abs=1e-12)
    hit = hit_probability(AttackSpec(bonus=8, defence=10, called_shot=12, blunt=True))
    assert out["stunned_by_attack"]["full"] == pytest.approx(float(hit * full), abs=1e-12)


def test_mounted_charge_horseback_and_the_size_of_a_rider(capsys):
    same = ("--mounted", "--attacker-size", "large", "--target-size", "large")  # no size steps
    out = prob(capsys, "--bonus", "5", "--defence", "12", "--charge", "--mounted-charge", *same)
    assert out["tn"] == 9 and out["attack_bonus"] == 6  # 3.9 TN −3, 3.2 charge +1
    out = prob(capsys, "--bonus", "5", "--defence", "12", "--ranged", "--from-horseback", *same)
    assert out["attack_bonus"] == 1  # −4
    out = prob(capsys, "--bonus", "5", "--defence", "12", "--mounted", "--target-size", "small")
    assert out["attack_bonus"] == 5 - 4  # Large against small: two steps smaller, −2 each
    assert "charge" in refused(capsys, "--bonus", "5", "--defence", "12", "--mounted-charge", "--mounted")


def test_mounted_flags_without_mounted_are_refused_naming_it(capsys):
    # issue 37: they were applied to an attacker on foot
    text = refused(capsys, "--bonus", "5", "--defence", "12", "--charge", "--mounted-charge")
    assert "--mounted-charge" in text and "--mounted を付けて" in text
    text = refused(capsys, "--bonus", "5", "--defence", "12", "--ranged", "--from-horseback")
    assert "--from-horseback" in text and "--mounted を付けて" in text


def test_distance_with_the_weapons_l_and_s_gives_the_range_steps(capsys):
    out = prob(
        capsys,
        "--bonus",
        "5",
        "--defence",
        "10",
        "--ranged",
        "--distance",
        "126",
        "--long",
        "100",
        "--step",
        "25",
    )
    assert out["range_steps"] == 2 and out["tn"] == 14
    assert "--long" in refused(capsys, "--bonus", "5", "--defence", "10", "--ranged", "--distance", "126")
    assert "--blunt-head" in refused(capsys, "--bonus", "5", "--defence", "10", "--stun-tn", "10")
    assert "範囲外" in refused(capsys, "--bonus", "5", "--defence", "10", "--stun-stamina", "200")
