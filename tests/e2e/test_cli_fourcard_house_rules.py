"""`gmtool prob fourcard*` follows the フォーカード house rule on naturals in a 比較ロール (--naturals,
default = today's), offers the GM's draw (--draw), and refuses a 難易度 past 「難易度の限界数値」."""

from __future__ import annotations

import pytest

from gmtool.app.main import main
from gmtool.rules.systems.fourcard.checks import Contestant
from tests.cli_helpers import prob_json
from tests.rules.fourcard.test_house_rules_fourcard import independent_wins

prob = prob_json


@pytest.mark.parametrize("naturals", ["decide", "plain"])
def test_the_compare_odds_follow_the_naturals_reading(capsys, naturals):
    out = prob(capsys, "fourcard-compare", "--a", "0", "--b", "20", "--naturals", naturals)
    expected = independent_wins(0, 20, naturals)
    assert out["a_wins"] == pytest.approx(float(expected[Contestant.A]), abs=1e-12)
    assert out["a_wins"] + out["b_wins"] == pytest.approx(1)


def test_the_default_is_todays_reading_with_todays_output(capsys):
    assert set(prob(capsys, "fourcard-compare", "--a", "5", "--b", "3")) == {"a_wins", "b_wins"}
    plain = prob(capsys, "fourcard-compare", "--a", "5", "--b", "3", "--naturals", "plain")
    assert plain["naturals"] == "plain"


def test_a_draw_is_its_own_chance(capsys):
    out = prob(capsys, "fourcard-compare", "--a", "5", "--b", "3", "--draw")
    expected = independent_wins(5, 3, "decide")
    assert out["draw"] == pytest.approx(float(expected[None]), abs=1e-12)
    assert out["a_wins"] + out["b_wins"] + out["draw"] == pytest.approx(1)


def test_a_difficulty_past_30_is_refused_naming_the_limit(capsys):
    assert prob(capsys, "fourcard", "--base", "3", "--difficulty", "30")["success"] > 0
    with pytest.raises(SystemExit) as done:
        main(["prob", "fourcard", "--base", "3", "--difficulty", "31"])
    assert done.value.code == 2
    assert "難易度 31 は「難易度の限界数値」（30）を超えています" in capsys.readouterr().err
