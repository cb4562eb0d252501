"""The LotR `prob` commands in English (issue 35): with the English message catalogue installed, as the
CLI installs it when the UI language is English, every LotR command's answer, its --help and its own
refusals are English — the degrees of success by their English names, without the Japanese gloss —
and in Japanese they read as before."""

from __future__ import annotations

import pytest

from tests.cli_helpers import (
    english_cli,  # noqa: F401 (the `english` fixture)
    run_prob,
)
from tests.text_audit import JAPANESE

# One run of each LotR command, as a GM would type it.
RUNS = {
    "lotr": ("--bonus", "5", "--tn", "12", "--helper", "2"),
    "lotr-opposed": ("--bonus", "5", "--against", "3"),
    "lotr-battle": ("--position", "1", "--siegecraft-ours", "2", "--battle-tie", "reroll"),
    "lotr-attack": tuple(
        "--bonus 5 --defence 12 --parry 3 --blunt-head --stun-tn 10 --stun-stamina 2".split()
    ),
    "lotr-fear": ("--intimidate", "6", "--willpower", "2", "--modifier", "-1"),
    "lotr-recovery": ("--stamina", "2", "--helper", "4"),
    "lotr-renown": ("--wits", "2", "--tn", "10"),
    "lotr-rout": ("--bonus", "6", "--morale", "9", "--support-size", "10", "--inspire", "3"),
    "lotr-demolish": tuple("--stonecraft 4 --stonecraft-tn 10 --siegecraft 3 --siegecraft-tn 12".split()),
}
# A refusal of each command's own (not argparse's, not the shared range check).
REFUSALS = {
    "lotr": ("--bonus", "5"),
    "lotr-attack": ("--bonus", "5", "--defence", "12", "--head", "--called-shot", "4"),
    "lotr-fear": ("--intimidate", "6", "--willpower", "2", *("--modifier", "1") * 21),
    "lotr-renown": ("--wits", "2"),
}


def kind_of(name: str) -> str:
    return "lotr" if name == "lotr-opposed" else name


def japanese_in(text: str) -> list[str]:
    return [line for line in text.splitlines() if JAPANESE.search(line)]


@pytest.mark.parametrize("name", sorted(RUNS))
def test_each_lotr_command_answers_in_english(capsys, english, name):
    code, out, err = run_prob(capsys, kind_of(name), *RUNS[name])
    assert code == 0, err
    assert not japanese_in(out), out
    assert "Success" in out or "Chance" in out


def test_the_degrees_are_the_english_games_words_without_a_gloss(capsys, english):
    _, out, _ = run_prob(capsys, "lotr", "--bonus", "5", "--tn", "12")
    assert "Complete Success" in out and "完全な成功" not in out
    assert out.splitlines()[0] == "The Lord of the Rings RPG (CODA) test: bonus +5 / TN 12"


@pytest.mark.parametrize("name", sorted(RUNS))
def test_each_lotr_commands_help_is_english(capsys, english, name):
    code, out, _ = run_prob(capsys, kind_of(name), "--help")
    assert code == 0
    assert not japanese_in(out), out


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_each_lotr_commands_refusal_is_english(capsys, english, name):
    code, _, err = run_prob(capsys, name, *REFUSALS[name])
    assert code == 2 and err.startswith(f"gmtool prob {name}: "), err
    assert not japanese_in(err), err


def test_in_japanese_the_answer_reads_as_before(capsys):
    _, out, _ = run_prob(capsys, "lotr", "--bonus", "5", "--tn", "12")
    assert out.splitlines()[0] == "指輪物語RPG（CODA）判定: ボーナス +5 / 目標値 12"
    assert "Complete Success（完全な成功）" in out
    code, _, err = run_prob(capsys, "lotr", "--bonus", "5")
    assert code == 2 and "--tn（目標値）か --against（対決判定の相手のボーナス）が必要です" in err
