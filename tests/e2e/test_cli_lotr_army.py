"""`gmtool prob lotr-rout` and `prob lotr-demolish`: the army tracker's exact odds from the command
line are the engine's, and out-of-range input is refused naming the argument."""

from __future__ import annotations

import pytest

from gmtool.app.main import main
from gmtool.rules.systems.lotr.checks import LotRRoller, RollSpec
from gmtool.rules.systems.lotr.rules_data import lotr_rules
from gmtool.rules.systems.lotr.structures import DemolitionSpec, bonus_distribution, siegecraft_probability
from gmtool.rules.systems.lotr.units import Unit, break_probability, morale_spec, rally_probability
from tests.cli_helpers import prob_json

BANDS = lotr_rules().degree_bands()


prob = prob_json


def test_rout_odds_are_the_engines(capsys):
    out = prob(
        capsys, "lotr-rout", "--bonus", "8", "--morale", "18", "--support-size", "13", "--inspire", "5"
    )
    spec = morale_spec(
        Unit("t", morale=18), LotRRoller(modifier=8), BANDS, Unit("s", size=13), rally=LotRRoller(modifier=5)
    )
    assert spec.support_bonus == 3  # 13 ÷ 5 = 2.6 → 3
    assert out["break"] == pytest.approx(float(break_probability(spec)), abs=1e-12)
    assert out["rally"] == pytest.approx(float(rally_probability(spec)), abs=1e-12)
    alone = prob(capsys, "lotr-rout", "--bonus", "8", "--morale", "18")
    assert alone["rally"] == 0 and alone["break"] == alone["reach"]


def test_demolish_odds_are_the_engines(capsys):
    out = prob(
        capsys,
        "lotr-demolish",
        "--stonecraft",
        "5",
        "--stonecraft-tn",
        "10",
        "--siegecraft",
        "3",
        "--siegecraft-tn",
        "12",
    )
    spec = DemolitionSpec(
        RollSpec(LotRRoller(modifier=5), 10, BANDS), RollSpec(LotRRoller(modifier=3), 12, BANDS)
    )
    assert out["success"] == pytest.approx(float(siegecraft_probability(spec)), abs=1e-12)
    assert out["bonus"] == {str(b): pytest.approx(float(p)) for b, p in bonus_distribution(spec).items()}
    assert out["success_alone"] == pytest.approx(10 / 36)  # 3 + dice ≥ 12: 9 or more on 2d6


def test_text_output_and_refusals(capsys):
    assert main(["prob", "lotr-rout", "--bonus", "8", "--morale", "18", "--inspire", "5"]) == 0
    text = capsys.readouterr().out
    assert "部隊が崩壊する確率" in text and "指揮官の Inspire +5 が勝つ確率" in text
    with pytest.raises(SystemExit) as exit_:
        main(["prob", "lotr-rout", "--bonus", "999", "--morale", "18"])
    assert exit_.value.code == 2 and "判定の値 999 は -120〜120 の範囲外です" in capsys.readouterr().err
