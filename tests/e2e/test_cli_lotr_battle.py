"""`gmtool prob lotr-battle`: a mass battle's exact P(Victory) and expected hours, and its refusals."""

from __future__ import annotations

import json

import pytest

from gmtool.app.main import main
from gmtool.rules.systems.lotr.mass_battle import POSITIONS, battle_odds
from tests.cli_helpers import prob_for
from tests.e2e.test_cli import run_gmtool

prob = prob_for("lotr-battle")


def test_json_has_exactly_the_three_keys(capsys):
    out = prob(capsys, "--position", "0")
    assert set(out) == {"system", "victory", "expected_hours"}
    assert out["system"] == "lotr"
    assert out["victory"] == 0.5  # an even battle is symmetric
    assert isinstance(out["expected_hours"], float)
    assert out["expected_hours"] == pytest.approx(float(battle_odds()[0][1]), abs=1e-12)


@pytest.mark.parametrize("position", list(POSITIONS))
def test_every_position_is_the_engines_number(capsys, position):
    out = prob(capsys, "--position", str(position), "--siegecraft-ours", "2", "--siegecraft-theirs", "1")
    victory, hours = battle_odds(2, 1)[position]
    assert out == {
        "system": "lotr",
        "victory": pytest.approx(float(victory), abs=1e-12),
        "expected_hours": pytest.approx(float(hours), abs=1e-12),
    }


def test_text_output_is_a_japanese_summary(capsys):
    assert main(["prob", "lotr-battle", "--position", "-3"]) == 0
    out = capsys.readouterr().out
    victory, hours = battle_odds()[-3]
    assert "戦争" in out and "戦況 -3" in out
    assert f"{float(victory) * 100:7.3f}%" in out
    assert f"{float(hours):.2f} 時間" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--position", "4"], "戦況 4 は −3〜+3 の範囲外です"),
        (["--position", "-7"], "戦況 -7 は −3〜+3 の範囲外です"),
        (["--position", "x"], "整数ではありません: 'x'"),
        (["--position", "0", "--siegecraft-ours", "-1"], "Siegecraft のランク -1 は"),
    ],
)
def test_bad_input_exits_2_with_a_japanese_message(capsys, args, message):
    with pytest.raises(SystemExit) as exit_info:
        main(["prob", "lotr-battle", *args])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_the_installed_entry_point_answers():
    done = run_gmtool("prob", "lotr-battle", "--position", "2", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "system": "lotr",
        "victory": pytest.approx(float(battle_odds()[2][0]), abs=1e-12),
        "expected_hours": pytest.approx(float(battle_odds()[2][1]), abs=1e-12),
    }
    refused = run_gmtool("prob", "lotr-battle", "--position", "5")
    assert refused.returncode == 2 and "戦況 5 は −3〜+3 の範囲外です" in refused.stderr
