"""`gmtool prob aw-focus` follows the AF's house rules: --redeclare (aw.focus_redeclare, with
--allowed-rounds for the GM's rounds) and --round-end (aw.focus_round_end)."""

from __future__ import annotations

import pytest

from gmtool.app.main import main
from gmtool.rules.systems.aw.focus import FocusParticipant, FocusProgress, Redeclaration, focus_odds
from tests.cli_helpers import prob_json
from tests.rules.aw.test_focus_house_rules import brute_force

ARGS = ["--values", "4,5", "--difficulty", "50", "--rounds", "2", "--declarations", "3"]


def prob(capsys, *args: str) -> float:
    return prob_json(capsys, "aw-focus", *ARGS, *args)["success"]


@pytest.mark.parametrize(
    ("options", "reading", "allowed", "play_out"),
    [
        ((), "once", (), False),  # the text's rule by default (issue 37)
        (("--redeclare", "every_round"), "every_round", (), False),
        (("--redeclare", "once"), "once", (), False),
        (("--redeclare", "gm", "--allowed-rounds", "2"), "gm", (2,), False),
        (("--redeclare", "gm"), "gm", (), False),
        (("--round-end", "played_out"), "once", (), True),
        (("--redeclare", "every_round", "--round-end", "played_out"), "every_round", (), True),
        (("--redeclare", "once", "--round-end", "played_out"), "once", (), True),
    ],
)
def test_each_reading_gives_the_independent_count(capsys, options, reading, allowed, play_out):
    expected = brute_force((4, 5), (3, 0), 50, 2, reading, allowed, play_out)
    assert prob(capsys, *options) == pytest.approx(float(expected), abs=1e-12)


def test_the_readings_differ_as_the_text_says(capsys):
    every, once = prob(capsys, "--redeclare", "every_round"), prob(capsys)  # once: the default
    assert every == pytest.approx(0.8822510621, abs=1e-9) and once == pytest.approx(0.6681289057, abs=1e-9)
    played_out = prob(capsys, "--redeclare", "every_round", "--round-end", "played_out")
    assert played_out == pytest.approx(0.8750791848, abs=1e-9)
    party = [FocusParticipant(4, declarations=3), FocusParticipant(5)]
    gm = focus_odds(party, FocusProgress(50, 2), redeclare=Redeclaration("gm", frozenset({2})))
    assert prob(capsys, "--redeclare", "gm", "--allowed-rounds", "2") == pytest.approx(float(gm.success))


def test_the_text_output_names_the_readings(capsys):
    assert main(["prob", "aw-focus", *ARGS, "--redeclare", "gm", "--allowed-rounds", "2"]) == 0
    out = capsys.readouterr().out
    assert "特技の再宣言: GMが許可したラウンドだけ（許可したラウンド 2）" in out
    assert "難易度に達したラウンド: 達したらすぐ成功" in out


@pytest.mark.parametrize(
    ("options", "complaint"),
    [
        (("--redeclare", "twice"), "特技の再宣言の読み方は once か gm か every_round です"),
        (("--round-end", "later"), "at_once か played_out"),
        (("--allowed-rounds", "2"), "--allowed-rounds は --redeclare gm のときだけ"),
        (("--redeclare", "gm", "--allowed-rounds", "2,,3"), "カンマ区切り"),
        (("--redeclare", "gm", "--allowed-rounds", "21"), "ラウンド制限"),
    ],
)
def test_bad_options_are_refused_by_name(capsys, options, complaint):
    with pytest.raises(SystemExit) as raised:
        main(["prob", "aw-focus", *ARGS, *options])
    assert raised.value.code == 2
    assert complaint in capsys.readouterr().err
