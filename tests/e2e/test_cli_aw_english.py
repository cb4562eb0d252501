"""`gmtool prob aw…` in the English UI (issue 35): the answers, the help of each subcommand and its
refusals read English; in Japanese they read as before."""

from __future__ import annotations

import pytest

from gmtool.app.main import main
from tests.cli_helpers import english_cli  # noqa: F401 (the `english` fixture)
from tests.text_audit import JAPANESE

RUNS = [
    ["aw", "--value", "4", "--difficulty", "10", "--spell-c", "after"],
    ["aw-opposed", "--action", "4", "--reaction", "3", "--reaction-no-roll"],
    ["aw-opposed", "--action", "4", "--reaction", "3"],
    ["aw-focus", "--values", "4,5,6", "--difficulty", "60", "--rounds", "3"],
    [
        "aw-focus",
        "--values",
        "4,5",
        "--difficulty",
        "50",
        "--rounds",
        "3",
        "--redeclare",
        "gm",
        "--allowed-rounds",
        "2",
    ],
    ["aw-withdraw", "--value", "5", "--blockers", "5,5", "--reading", "single"],
]
REFUSED = [
    ["aw-focus", "--values", "4,,5", "--difficulty", "50", "--rounds", "3"],
    ["aw-focus", "--values", "4,5", "--difficulty", "50", "--rounds", "3", "--allowed-rounds", "2"],
    ["aw-focus", "--values", "4", "--difficulty", "50", "--rounds", "3", "--redeclare", "sometimes"],
    ["aw-focus", "--values", "4", "--difficulty", "50", "--rounds", "3", "--allowed-rounds", "2,,"],
    ["aw-withdraw", "--value", "5", "--blockers", ""],
    ["aw-withdraw", "--value", "5", "--blockers", "5", "--reading", "both"],
]


def printed(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    try:
        main(["prob", *argv])
    except SystemExit:
        pass  # --help and a refusal exit; what they wrote is what is checked
    out = capsys.readouterr()
    return out.out + out.err


def japanese_lines(text: str) -> list[str]:
    lines = []
    for line in text.splitlines():
        if JAPANESE.search(line):
            lines.append(line)
    return lines


@pytest.mark.parametrize(
    "argv", RUNS + REFUSED + [[kind, "--help"] for kind in ("aw", "aw-opposed", "aw-focus", "aw-withdraw")]
)
def test_the_aw_commands_answer_in_english(english, capsys, argv):
    text = printed(capsys, argv)
    assert text.strip()
    assert japanese_lines(text) == []


def test_the_english_answer_names_the_game_terms(english, capsys):
    text = printed(capsys, RUNS[0])
    assert "Another World SRS check: check value 4 / modifier +0 / difficulty 10" in text
    assert "Command Spell +20 (after seeing the dice)" in text
    text = printed(capsys, RUNS[4])
    assert "Feats declared again: Only in rounds the GM allows (allowed rounds 2)" in text
    assert "check values 4, 5 (in Initiative order)" in text
    assert "blockers' Initiative 5, 5 / reading: One roll against every blocker" in printed(capsys, RUNS[5])
    assert "the reading is each or single: 'both'" in printed(capsys, REFUSED[5])


def test_the_japanese_answer_reads_as_before(capsys):
    text = printed(capsys, RUNS[5])
    assert (
        "アナザーワールドSRS エンゲージ離脱: 行動値 5 / 妨害する敵の行動値 5、5 / "
        "読み方: 一度だけ振って全員と比べる" in text
    )
    assert "令呪 +20（出目を見てから）" in printed(capsys, RUNS[0])
