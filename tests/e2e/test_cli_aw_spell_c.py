"""`gmtool prob aw --spell-c before|after`: the same success with 令呪, the 令呪 spent differing."""

from __future__ import annotations

import pytest

from gmtool.app.main import main
from tests.cli_helpers import prob_for
from tests.rules.aw.test_spell_c import brute

prob = prob_for("aw")


def test_both_readings_against_the_count(capsys):
    success, turned = brute(8, 0, 18, 20)
    after = prob(capsys, "--value", "8", "--difficulty", "18", "--spell-c", "after")
    before = prob(capsys, "--value", "8", "--difficulty", "18", "--spell-c", "before")
    assert after["spell_c"] == {
        "timing": "after",
        "success": pytest.approx(float(success), abs=1e-12),
        "spell_used": pytest.approx(float(turned), abs=1e-12),
    }
    assert (
        before["spell_c"]["success"] == after["spell_c"]["success"] and before["spell_c"]["spell_used"] == 1
    )
    assert after["success"] == before["success"] == pytest.approx(6 / 36, abs=1e-12)  # the roll without it
    assert "spell_c" not in prob(capsys, "--value", "8", "--difficulty", "18")  # today's output unchanged


def test_text_output_says_both(capsys):
    assert main(["prob", "aw", "--value", "3", "--difficulty", "20", "--spell-c", "after"]) == 0
    out = capsys.readouterr().out
    assert "出目を見てから" in out and "97.222%" in out and "令呪を使う確率  94.444%" in out
