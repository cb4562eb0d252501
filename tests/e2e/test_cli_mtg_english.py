"""Issue 35: `gmtool prob mtg` speaks the UI language — its --help, its lines and its refusals in English
when the messages are English (until the command line picks the language itself, the message catalogue
installed as the window installs it), and the cards named by their English names."""

from __future__ import annotations

import pytest

from gmtool.app.cli import build_parser
from tests.cli_helpers import (
    english_cli,  # noqa: F401 (the `english` fixture)
    prob_refused,
    run_prob,
)
from tests.text_audit import JAPANESE

DECKLIST = "20 Forest\n4 Elvish Mystic\n4 ルーン爪の熊\n\nSideboard\n2 Naturalize\n"
USER_DATA = ("ルーン爪の熊",)  # the line as the player wrote it


def japanese_in(text: str) -> list[str]:
    for kept in USER_DATA:
        text = text.replace(kept, "")
    return [line for line in text.splitlines() if JAPANESE.search(line)]


def test_the_help_is_english(english, capsys):
    parser = build_parser()
    with pytest.raises(SystemExit):
        parser.parse_args(["mtg", "--help"])
    shown = capsys.readouterr().out
    assert "the check's color" in shown and "house rule mtg." in shown
    assert japanese_in(shown) == []


def test_the_odds_and_a_refusal_are_english(english, capsys, tmp_path, private_data_dir):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECKLIST, encoding="utf-8")
    code, out, err = run_prob(capsys, "mtg", "--deck", str(deck), "--color", "G", "--difficulty", "2")
    assert code == 0, err
    assert "Green check / difficulty 2" in out and "success (with a boost)" in out
    assert japanese_in(out) == [] and japanese_in(err) == []

    refused = prob_refused(
        capsys, "mtg", "--deck", str(deck), "--color", "G", "--difficulty", "2", "--critical", "稲妻"
    )
    assert '"稲妻" is not in the main deck' in refused
    too_many = prob_refused(
        capsys,
        "mtg",
        "--deck",
        str(deck),
        "--color",
        "G",
        "--difficulty",
        "2",
        "--physical-odds",
        "library",
        "--not-in-library",
        "ルーン爪の熊:5",
    )
    # the card as the English UI names it, not as the player wrote it
    assert "«Runeclaw Bear»" in too_many and japanese_in(too_many) == [], too_many


def test_the_japanese_command_line_is_as_it_was(capsys, tmp_path, private_data_dir):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECKLIST, encoding="utf-8")
    code, out, _err = run_prob(capsys, "mtg", "--deck", str(deck), "--color", "G", "--difficulty", "2")
    assert code == 0
    assert "MTGでTRPG 行動判定: 「deck」 28枚 / 緑判定 / 難易度 2" in out
    assert "成功率（ブーストを使う場合）" in out
