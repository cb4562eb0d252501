"""`gmtool prob sengensho` in the UI language (issue 35): with the English message catalogue in force
its help and its table are English — no Japanese of gmtool's own, no raw id — and in Japanese they
read as before. The CLI's texts are message templates (gmtool.models.sengensho.cli_texts), so the
language the CLI installs is the language they print in."""

from __future__ import annotations

import pytest

from gmtool.app.cli import build_parser, run_prob
from tests.cli_helpers import english_cli  # noqa: F401 (the `english` fixture)
from tests.text_audit import japanese_leftovers, raw_ids


def sengensho_help() -> str:
    parser = build_parser()
    sub = next(a for a in parser._subparsers._group_actions if a.dest == "kind")  # type: ignore[union-attr]
    return sub.choices["sengensho"].format_help()


def test_the_english_table_and_help_are_english(english: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_prob(["sengensho", "--modifier", "5", "--target", "14", "--critical", "17"]) == 0
    table = capsys.readouterr().out
    assert (
        table.splitlines()[0]
        == "Sengensho check: 3D6 +5 / TN 14 / critical 17 or more · fumble 5 or less (3D6 roll)"
    )
    assert "Success rate (criticals included)" in table and "Fumble (failure)" in table
    shown = [("table", table), ("help", sengensho_help())]
    assert japanese_leftovers(shown) == []
    assert raw_ids(shown) == []


def test_the_japanese_table_reads_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_prob(["sengensho", "--modifier", "5", "--target", "14"]) == 0
    table = capsys.readouterr().out
    assert (
        table.splitlines()[0]
        == "千幻抄 判定: 3D6 +5 / 目標値 14 / クリティカル 16 以上・ファンブル 5 以下（3D6 の出目）"
    )
    assert "成功率（クリティカルを含む）" in table
    assert "判定値（{特性値}+〈スキル〉）と修正の合計" in sengensho_help()
