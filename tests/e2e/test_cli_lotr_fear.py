"""`gmtool prob lotr-fear` (3.8) and `prob lotr --against` (1.5.2): the exact effects and degrees of an
opposed test, and their refusals."""

from __future__ import annotations

import pytest

from gmtool.app.main import main
from gmtool.rules.systems.lotr.checks import Contestant, LotRRoller, OpposedSpec, TieRule
from gmtool.rules.systems.lotr.fear import FearSpec, fear_distribution
from gmtool.rules.systems.lotr.opposed_degree import opposed_degree_distribution
from tests.cli_helpers import prob_json

prob = prob_json  # prob(capsys, kind, *args)


def test_fear_effects_are_the_engines_and_sum_to_one(capsys):
    out = prob(
        capsys, "lotr-fear", "--intimidate", "6", "--willpower", "1", "--modifier", "2", "--modifier", "-1"
    )
    assert out["intimidate"] == 6 and out["willpower"] == 2  # Willpower + the table's rows
    dist = fear_distribution(FearSpec(6, 1, (2, -1)))
    assert out["effects"] == pytest.approx({str(e): float(p) for e, p in dist.items()} | {"penalty_1": 0.0})
    assert sum(out["effects"].values()) == pytest.approx(1, abs=1e-12)
    # re-rolled ties: the attacker never wins at Marginal, so −1 never happens
    assert out["effects"]["penalty_1"] == 0
    assert out["attack_succeeds"] == pytest.approx(1 - out["effects"]["none"], abs=1e-12)


def test_a_tie_given_to_the_attacker_makes_the_marginal_fear(capsys):
    out = prob(capsys, "lotr-fear", "--intimidate", "3", "--willpower", "3", "--tie", "attacker")
    spec = OpposedSpec(LotRRoller(modifier=3), LotRRoller(modifier=3), TieRule.DODGE)
    tie = opposed_degree_distribution(spec)[(Contestant.A, "marginal_success")]
    assert out["effects"]["penalty_1"] == pytest.approx(float(tie), abs=1e-12) and tie > 0


def test_fear_text_output_is_japanese(capsys):
    assert main(["prob", "lotr-fear", "--intimidate", "5", "--willpower", "2", "--modifier", "-1"]) == 0
    out = capsys.readouterr().out
    assert "Intimidate +5 対 Willpower +2、修正 -1 → +1" in out
    assert "1 ターン行動不能、かつ −4" in out and "恐怖攻撃が効く確率" in out


def test_prob_lotr_against_gives_each_sides_degrees(capsys):
    out = prob(capsys, "lotr", "--bonus", "4", "--against", "2", "--tie", "parry")
    dist = opposed_degree_distribution(
        OpposedSpec(LotRRoller(modifier=4), LotRRoller(modifier=2), TieRule.PARRY)
    )
    assert out["degrees"]["b"]["marginal_success"] == pytest.approx(
        float(dist[(Contestant.B, "marginal_success")]), abs=1e-12
    )
    assert "marginal_success" not in out["degrees"]["a"]  # a tie is B's (a parry)
    for side in ("a", "b"):
        assert sum(out["degrees"][side].values()) == pytest.approx(out["wins"][side], abs=1e-12)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["lotr-fear", "--intimidate", "100", "--willpower", "0"],
            "Intimidate のボーナス 100 は -99〜99 の範囲外です",
        ),
        (["lotr-fear", "--intimidate", "1", "--willpower", "0", "--modifier", "x"], "--modifier"),
        (["lotr-fear", "--intimidate", "1", "--willpower", "0", "--tie", "dodge"], "invalid choice"),
        (["lotr-fear", "--intimidate", "1"], "--willpower"),
        (["lotr", "--bonus", "1"], "--tn（目標値）か --against"),
        (["lotr", "--bonus", "1", "--against", "2", "--tn", "10"], "--tn・--helper は使えません"),
    ],
)
def test_bad_input_exits_2_with_a_message(capsys, args, message):
    with pytest.raises(SystemExit) as exit_info:
        main(["prob", *args])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_prob_lotr_against_text_names_each_sides_degrees(capsys):
    assert main(["prob", "lotr", "--bonus", "3", "--against", "1"]) == 0
    out = capsys.readouterr().out
    assert "対決判定: A +3 対 B +1（同点: reroll）" in out
    assert "A の勝ち" in out and "B の勝ち" in out and "Superior Success" in out
    assert "Marginal Success" not in out  # a re-rolled tie is never won at Marginal
