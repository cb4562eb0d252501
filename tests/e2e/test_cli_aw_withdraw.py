"""`gmtool prob aw-withdraw`: a 離脱 through a blockade under either reading, and its refusals."""

from __future__ import annotations

import pytest

from gmtool.app.main import main
from tests.cli_helpers import prob_for
from tests.rules.aw.test_withdraw_reading import count_each, count_single

prob = prob_for("aw-withdraw")


def test_the_issues_figures(capsys):
    each = prob(capsys, "--value", "5", "--blockers", "5,5")
    assert each == {"system": "aw", "success": pytest.approx(float(count_each(5, (5, 5))), abs=1e-12)}
    assert round(each["success"], 3) == 0.197
    single = prob(capsys, "--value", "5", "--blockers", "5,5", "--reading", "single")["success"]
    assert single == pytest.approx(float(count_single(5, (5, 5))), abs=1e-12) and round(single, 3) == 0.279
    assert (
        prob(capsys, "--value", "5", "--blockers", "5,5", "--reading", "each")["success"] == each["success"]
    )


def test_one_blocker_by_hand(capsys):
    # 行動値 9 against 2, counted in face pairs (36 × 36): the leaver loses to its own fumble (36 pairs),
    # to the blocker's critical (35 more), and to ties or worse — 9+3 ≤ 2+10, 9+3 ≤ 2+11, 9+4 ≤ 2+11,
    # i.e. 2·3 + 2·2 + 3·2 = 16 pairs.
    out = prob(capsys, "--value", "9", "--blockers", "2")["success"]
    assert out == pytest.approx((1296 - 36 - 35 - 16) / 1296, abs=1e-12)


def test_text_output_names_the_reading(capsys):
    assert main(["prob", "aw-withdraw", "--value", "5", "--blockers", "5,5", "--reading", "single"]) == 0
    out = capsys.readouterr().out
    assert "エンゲージ離脱" in out and "一度だけ振って全員と比べる" in out and "27.9" in out


@pytest.mark.parametrize(
    "args, message",
    [
        (["--value", "1000", "--blockers", "5"], "行動値 1000 は -99〜999 の範囲外です"),
        (["--value", "5", "--blockers", "5,-100"], "行動値 -100 は -99〜999 の範囲外です"),
        (["--value", "5", "--blockers", "5,,5"], "カンマ区切り"),
        (["--value", "5", "--blockers", "x"], "整数ではありません"),
        (["--value", "5", "--blockers", ",".join(["5"] * 2000)], "1999 人まで"),
        (["--value", "5", "--blockers", "5", "--reading", "twice"], "読み方は each か single です"),
    ],
)
def test_bad_input_exits_2_with_a_japanese_message(capsys, args, message):
    with pytest.raises(SystemExit) as exit_:
        main(["prob", "aw-withdraw", *args])
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err
