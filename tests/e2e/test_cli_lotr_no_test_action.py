"""`gmtool prob lotr --no-test-action N` (3. 戦闘): an action that needs no test, taken as the Nth
extra action, is a test at the base TN 5 with −5×N — its odds against a count made here."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.app.main import main
from tests.cli_helpers import prob_for
from tests.rules.lotr.dice_count import counted_at_least

prob = prob_for("lotr")


@pytest.mark.parametrize(("bonus", "n"), [(2, 1), (0, 1), (0, 2), (-3, 2), (9, 3)])
def test_the_odds_are_tn_five_at_minus_five_per_extra_action(capsys, bonus, n):
    out = prob(capsys, "--bonus", str(bonus), "--no-test-action", str(n))
    assert out["tn"] == 5 and out["extra_penalty"] == -5 * n
    assert out["success"] == pytest.approx(float(counted_at_least(5 - bonus + 5 * n)), abs=1e-15)
    assert sum(out["degrees"].values()) == pytest.approx(1, abs=1e-12)


def test_bonus_two_first_extra_action_is_two_dice_of_eight_or_more(capsys):
    out = prob(capsys, "--bonus", "2", "--no-test-action", "1")
    assert out["success"] == pytest.approx(float(Fraction(15, 36)), abs=1e-15)  # 2 − 5 + R ≥ 5


@pytest.mark.parametrize("extra", [["--tn", "5"], ["--against", "3"], ["--helper", "1"]])
def test_its_tn_is_five_so_a_tn_an_opponent_or_helpers_are_refused(capsys, extra):
    with pytest.raises(SystemExit):
        main(["prob", "lotr", "--bonus", "2", "--no-test-action", "1", *extra])
    assert "--no-test-action の目標値は 5 です" in capsys.readouterr().err


def test_the_number_of_the_extra_action_is_bounded(capsys):
    with pytest.raises(SystemExit):
        main(["prob", "lotr", "--bonus", "2", "--no-test-action", "0"])
    assert "0" in capsys.readouterr().err
