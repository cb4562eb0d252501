"""`gmtool prob lotr-recovery` (1.2.2): the chance an Exhausted character gets back to Spent, alone and
helped, against a count made here, and its refusals."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.app.main import main
from tests.cli_helpers import prob_for

prob = prob_for("lotr-recovery")


def test_alone_at_stamina_two_only_an_exploded_roll_of_eighteen_recovers(capsys):
    out = prob(capsys, "--stamina", "2")
    # 2 − 10 + R ≥ 10: R ≥ 18 = a double six then a 6 (or more): 1/36 · 1/6
    assert out["alone"] == pytest.approx(float(Fraction(1, 36 * 6)), abs=1e-15)


def test_a_helper_makes_it_likelier_and_the_degrees_sum_to_one(capsys):
    out = prob(capsys, "--stamina", "2", "--helper", "3")
    assert out["helped"] > out["alone"]
    assert sum(out["helper_degrees"].values()) == pytest.approx(1, abs=1e-12)
    # the helper's Extraordinary (R ≥ 18 at +3 vs 10 + 11) recovers at once, so it is a floor
    assert out["helped"] >= out["helper_degrees"]["extraordinary_success"]


def test_a_bonus_past_the_dialogs_field_is_refused(capsys):
    with pytest.raises(SystemExit):
        main(["prob", "lotr-recovery", "--stamina", "2", "--helper", "61"])
    assert "61" in capsys.readouterr().err
