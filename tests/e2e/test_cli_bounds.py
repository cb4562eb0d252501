"""Every `gmtool roll` / `gmtool prob` argument is bounded: a value out of range or a command too
deep or too large exits 2 with a Japanese message, never a traceback or a hang (issue 21)."""

from __future__ import annotations

import pytest

from gmtool.app.main import main
from tests.cli_helpers import run_prob
from tests.e2e.test_cli import run_gmtool

DEEP = "(" * 200 + "1D6" + ")" * 200


def test_roll_nested_200_deep_exits_2_with_the_limit():
    done = run_gmtool("roll", DEEP)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "入れ子が深すぎます（32 段まで）" in done.stderr
    assert "33文字目" in done.stderr


def test_prob_command_nested_200_deep_exits_2_with_the_limit():
    done = run_gmtool("prob", "command", DEEP)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "入れ子が深すぎます" in done.stderr


def test_roll_of_endless_rerolls_exits_2_quickly():
    done = run_gmtool("roll", "x100 " + "+".join(["200U10000"] * 20) + "[2]")
    assert done.returncode == 2, done.stderr
    assert "振るダイスが多すぎます" in done.stderr


# ---- every numeric argument: the GUI field's bounds, refused by argparse ------------------------
# (subcommand and the other arguments it needs, the option, its lowest and highest value)
BASE = {
    "aw": ["aw", "--value", "3", "--difficulty", "10"],
    "aw-opposed": ["aw-opposed", "--action", "3", "--reaction", "3"],
    "aw-focus": ["aw-focus", "--values", "4,5", "--difficulty", "60", "--rounds", "2"],
    "fourcard": ["fourcard", "--base", "3", "--difficulty", "8"],
    "fourcard-compare": ["fourcard-compare", "--a", "3", "--b", "3"],
    "lotr": ["lotr", "--bonus", "3", "--tn", "10"],
    "lotr-battle": ["lotr-battle", "--position", "0"],
    "lotr-rout": ["lotr-rout", "--bonus", "3", "--morale", "12"],
    "lotr-demolish": [
        "lotr-demolish",
        *("--stonecraft", "3", "--stonecraft-tn", "10", "--siegecraft", "3", "--siegecraft-tn", "10"),
    ],
    "lotr-fear": ["lotr-fear", "--intimidate", "3", "--willpower", "2"],
    "mtg": ["mtg", "--deck", "no-such-deck.txt", "--color", "G", "--difficulty", "4"],
    "sengensho": ["sengensho", "--target", "10"],
}
BOUNDS = [
    ("aw", "--value", -99, 999),
    ("aw", "--difficulty", -99, 999),
    ("aw", "--modifier", -99, 99),
    ("aw", "--critical", 2, 13),
    ("aw", "--fumble", 1, 12),
    ("aw-opposed", "--action", -99, 999),
    ("aw-opposed", "--action-modifier", -99, 99),
    ("aw-opposed", "--action-critical", 2, 13),
    ("aw-opposed", "--reaction", -99, 999),
    ("aw-opposed", "--reaction-modifier", -99, 99),
    ("aw-opposed", "--reaction-critical", 2, 13),
    ("aw-focus", "--difficulty", 50, 999),
    ("aw-focus", "--rounds", 1, 20),
    ("aw-focus", "--declarations", 0, 99),
    ("aw-focus", "--current-total", 0, 999),
    ("fourcard", "--base", -99, 999),
    ("fourcard", "--difficulty", -99, 999),
    ("fourcard", "--modifier", -99, 99),
    ("fourcard-compare", "--a", -99, 999),
    ("fourcard-compare", "--a-modifier", -99, 99),
    ("fourcard-compare", "--b", -99, 999),
    ("fourcard-compare", "--b-modifier", -99, 99),
    ("lotr", "--bonus", -198, 1098),
    ("lotr", "--tn", 0, 60),
    ("lotr", "--against", -198, 1098),
    ("lotr-fear", "--intimidate", -99, 99),
    ("lotr-fear", "--willpower", -99, 99),
    ("lotr-fear", "--modifier", -99, 99),
    ("lotr-battle", "--position", -3, 3),
    ("lotr-battle", "--siegecraft-ours", 0, 30),
    ("lotr-battle", "--siegecraft-theirs", 0, 30),
    ("lotr-rout", "--bonus", -120, 120),
    ("lotr-rout", "--morale", 0, 101_000),
    ("lotr-rout", "--tn-modifier", -60, 60),
    ("lotr-rout", "--support-size", 0, 100_000),
    ("lotr-rout", "--inspire", -120, 120),
    ("lotr-demolish", "--stonecraft", -120, 120),
    ("lotr-demolish", "--stonecraft-tn", 0, 60),
    ("lotr-demolish", "--siegecraft", -120, 120),
    ("lotr-demolish", "--siegecraft-tn", 0, 60),
    ("mtg", "--difficulty", -99, 99),
    ("sengensho", "--modifier", -198, 1098),
    ("sengensho", "--target", -99, 999),
    ("sengensho", "--critical", 4, 19),
    ("sengensho", "--fumble", 2, 17),
]


def _prob(argv: list[str], capsys) -> tuple[int, str]:
    code, _out, err = run_prob(capsys, *argv)
    return code, err


def _with(kind: str, option: str, value: int) -> list[str]:
    argv = list(BASE[kind])
    if option in argv:
        argv[argv.index(option) + 1] = str(value)
    else:
        argv += [option, str(value)]
    if kind == "aw" and option == "--critical" and value <= 2:
        argv += ["--fumble", "1"]  # the fumble must stay below the critical
    return [*argv, "--json"]


@pytest.mark.parametrize(("kind", "option", "low", "high"), BOUNDS, ids=[f"{k} {o}" for k, o, *_ in BOUNDS])
def test_a_value_past_the_gui_bounds_exits_2_naming_the_range(kind, option, low, high, capsys):
    for value in (low - 1, high + 1, 10**17):
        code, err = _prob(_with(kind, option, value), capsys)
        assert code == 2, (value, err)
        assert f"引数が正しくありません: argument {option}: " in err
        shown = "−3〜+3" if option == "--position" else f"{low}〜{high}"
        assert f" {value} は {shown} の範囲外です" in err
        assert "Traceback" not in err


@pytest.mark.parametrize(("kind", "option", "low", "high"), BOUNDS, ids=[f"{k} {o}" for k, o, *_ in BOUNDS])
def test_the_gui_bounds_themselves_are_accepted(kind, option, low, high, capsys):
    if kind == "mtg":
        return  # no deck to read: its bounds are checked before the deck is, above
    for value in (low, high):
        _, err = _prob(_with(kind, option, value), capsys)
        assert "引数が正しくありません" not in err, (value, err)


def test_lotr_tn_of_a_million_is_refused_at_once():
    """Before: `prob lotr --tn 1000000` ran past a minute (10^17 hung)."""
    done = run_gmtool("prob", "lotr", "--bonus", "0", "--tn", "1000000")
    assert done.returncode == 2
    assert "argument --tn: 目標値 1000000 は 0〜60 の範囲外です" in done.stderr


def test_aw_focus_participants_and_their_values_are_bounded(capsys):
    code, err = _prob(
        ["aw-focus", "--values", ",".join(["3"] * 13), "--difficulty", "999", "--rounds", "20"], capsys
    )
    assert code == 2 and "参加者は 12 人まで" in err
    code, err = _prob(["aw-focus", "--values", "4,1000", "--difficulty", "60", "--rounds", "2"], capsys)
    assert code == 2 and "判定値 1000 は -99〜999 の範囲外です" in err


def test_roll_seed_is_bounded_like_the_logged_seeds(capsys):
    for seed in ("-1", str(2**63)):
        try:
            main(["roll", "1D6", "--seed", seed])
        except SystemExit as done:
            assert done.code == 2
        else:
            raise AssertionError(seed)
        assert f"乱数の種 {seed} は 0〜{2**63 - 1} の範囲外です" in capsys.readouterr().err
