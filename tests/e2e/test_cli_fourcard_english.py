"""`gmtool prob fourcard*` in the UI language (issue 35): with the message catalogue in English, the
help, the odds and the refusal read English; in Japanese they read as they always have."""

from __future__ import annotations

from gmtool.app.main import main
from tests.cli_helpers import english_cli  # noqa: F401 (the `english` fixture)
from tests.text_audit import japanese_leftovers, report

RUNS = (
    ("prob", "fourcard", "--base", "5", "--difficulty", "10", "--modifier", "-2"),
    ("prob", "fourcard-compare", "--a", "5", "--b", "3"),
    ("prob", "fourcard-compare", "--a", "5", "--b", "3", "--naturals", "plain", "--draw"),
)
HELPS = (("prob", "fourcard", "--help"), ("prob", "fourcard-compare", "--help"))


def output(capsys, argv: tuple[str, ...]) -> str:
    try:
        assert main(list(argv)) == 0
    except SystemExit as done:  # --help, a refusal
        assert done.code in (0, 2)
    captured = capsys.readouterr()
    return captured.out + captured.err


def test_the_fourcard_commands_speak_english(capsys, english):
    texts = [(" ".join(argv), output(capsys, argv)) for argv in (*RUNS, *HELPS)]
    refused = output(capsys, ("prob", "fourcard", "--base", "3", "--difficulty", "31"))
    texts.append(("difficulty 31", refused))
    assert japanese_leftovers(texts) == [], "\n" + report(japanese_leftovers(texts))
    assert "Four Card target roll: base 5 / modifier -2 / difficulty 10" in texts[0][1]
    assert "Automatic success" in texts[0][1] and "A wins" in texts[1][1]
    assert "difficulty 31 is past" in refused


def test_the_japanese_output_is_as_it_was(capsys):
    text = output(capsys, RUNS[0])
    assert "フォーカード 目標ロール: ベース 5 / 修正 -2 / 難易度 10" in text
    assert "  自動成功" in text and "成功率（自動成功を含む）" in text
    assert "JSON で出力" in output(capsys, HELPS[0])
