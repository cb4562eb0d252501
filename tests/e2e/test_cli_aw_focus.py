"""`gmtool prob aw-focus`: the exact P(success) of an Another Focus, and its refusals."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from gmtool.app.main import main
from gmtool.rules.systems.aw.focus import FocusParticipant, FocusProgress, Redeclaration, focus_odds
from tests.cli_helpers import prob_for
from tests.e2e.test_cli import run_gmtool

prob = prob_for("aw-focus")


def test_one_roll_left_by_hand(capsys):
    # 40 so far, 判定値 3 against 50: 3 + 2D6 ≥ 10 ⇔ 7 or more (12 is a critical: 30); 2 fumbles.
    out = prob(capsys, "--values", "3", "--difficulty", "50", "--rounds", "1", "--current-total", "40")
    assert out == {"system": "aw", "success": pytest.approx(21 / 36, abs=1e-12)}


def test_declarations_lower_the_difficulty(capsys):
    # Two skills: 50 − 4 = 46, so 3 + 2D6 ≥ 6 ⇔ 3 or more; only the fumble (2) fails.
    args = ["--values", "3", "--difficulty", "50", "--rounds", "1", "--current-total", "40"]
    assert prob(capsys, *args, "--declarations", "2")["success"] == pytest.approx(35 / 36, abs=1e-12)


def test_declarations_are_made_by_the_first_participant_once_by_default(capsys):
    out = prob(capsys, "--values", "4,5,6", "--difficulty", "100", "--rounds", "2", "--declarations", "3")
    party = [FocusParticipant(4, declarations=3), FocusParticipant(5), FocusParticipant(6)]
    # aw.focus_redeclare's default is the text's rule (issue 37): the skills count in round 1 only
    expected = focus_odds(party, FocusProgress(100, 2), redeclare=Redeclaration()).success
    every = focus_odds(party, FocusProgress(100, 2), redeclare=Redeclaration("every_round")).success
    assert expected < every
    assert out["success"] == pytest.approx(float(expected), abs=1e-12)
    plain = prob(capsys, "--values", "4,5,6", "--difficulty", "100", "--rounds", "2")["success"]
    assert 0 < plain < out["success"]  # declaring helps


def test_only_criticals_can_reach_a_far_difficulty(capsys):
    # One roll against 50: only a critical (30) comes close, and it still falls short.
    assert prob(capsys, "--values", "5", "--difficulty", "50", "--rounds", "1")["success"] == 0
    # Two rounds: a critical and the best ordinary roll make 30 + 16 = 46; only two criticals do it.
    out = prob(capsys, "--values", "5", "--difficulty", "50", "--rounds", "2")
    assert out["success"] == pytest.approx(float(Fraction(1, 36) ** 2), abs=1e-15)


def test_the_largest_accepted_af_answers(capsys):
    # The caps (20 rounds, difficulty 999) are the slowest the CLI takes; it still answers.
    out = prob(capsys, "--values", "3,4,5,3,4,2", "--difficulty", "999", "--rounds", "20")
    assert 0 < out["success"] < 1


def test_text_output_in_japanese(capsys):
    assert main(["prob", "aw-focus", "--values", "4,5,6", "--difficulty", "100", "--rounds", "2"]) == 0
    out = capsys.readouterr().out
    assert "AF判定" in out and "難易度 100" in out and "ラウンド 2 までに成功" in out
    assert "成功率" in out and "ファンブルで終了" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--values", "", "--difficulty", "100", "--rounds", "2"], "判定値"),
        (["--values", "4,,5", "--difficulty", "100", "--rounds", "2"], "判定値"),
        (["--values", "4,x", "--difficulty", "100", "--rounds", "2"], "整数ではありません"),
        (["--values", "4", "--difficulty", "49", "--rounds", "2"], "難易度 49 は 50〜999 の範囲外です"),
        (["--values", "4", "--difficulty", "100", "--rounds", "0"], "ラウンド制限 0 は 1〜20 の範囲外です"),
        (["--values", "4", "--difficulty", "100", "--rounds", "21"], "ラウンド制限 21 は 1〜20 の範囲外です"),
        (["--values", "4", "--difficulty", "1000", "--rounds", "2"], "難易度 1000 は 50〜999 の範囲外です"),
        (
            ["--values", "4", "--difficulty", "100", "--rounds", "2", "--current-total", "-1"],
            "ここまでの達成値の合計 -1 は 0〜999 の範囲外です",
        ),
        (
            ["--values", "4", "--difficulty", "100", "--rounds", "2", "--declarations", "-1"],
            "特技の宣言数 -1 は 0〜99 の範囲外です",
        ),
    ],
)
def test_bad_input_exits_2_with_a_japanese_message(capsys, args, message):
    with pytest.raises(SystemExit) as exit_info:
        main(["prob", "aw-focus", *args])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_the_installed_entry_point_answers():
    done = run_gmtool(
        "prob", "aw-focus", "--values", "4,5,6", "--difficulty", "100", "--rounds", "2", "--json"
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["system"] == "aw"
    refused = run_gmtool("prob", "aw-focus", "--values", "4", "--difficulty", "10", "--rounds", "2")
    assert refused.returncode == 2 and "難易度 10 は 50〜999 の範囲外です" in refused.stderr
