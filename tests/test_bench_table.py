"""`make bench`'s table (benchmarks/goals.py, benchmarks/run.py): each figure beside its goal, a
missed goal marked ✗ and a met one ✓, issue 36's rows first in its table's order, and `--only`
choosing what to measure.  Nothing is measured here: the rows are made up."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import goals  # noqa: E402  (beside benchmarks/run.py, as run.py imports it)
import run  # noqa: E402

ISSUE_36_ROWS = (
    "startup-shown",
    "startup",
    "startup-demo",
    "aw-redraw",
    "lotr-redraw",
    "check-button",
    "dice-roll",
    "log-start-none",
    "log-start-10000",
    "log-start-200000",
    "log-scan",
)


def test_every_row_of_the_issue_has_its_goal_in_the_issues_order() -> None:
    issue_rows = tuple(row_id for row_id, goal in goals.GOALS.items() if goal.issue == "36")
    assert issue_rows == ISSUE_36_ROWS
    assert goals.GOALS["startup"].text == "≤ 1.3× time, ≤ 1.2× memory"
    assert goals.GOALS["dice-roll"].text == "≤ 5 ms"


def test_a_missed_goal_is_marked_and_a_met_one_ticked() -> None:
    met = goals.Row("startup", "…", {"time ×": 1.29, "memory ×": 1.2})
    slow = goals.Row("startup", "…", {"time ×": 1.31, "memory ×": 1.0})
    heavy = goals.Row("startup", "…", {"time ×": 1.0, "memory ×": 1.21})
    assert [met.mark(), slow.mark(), heavy.mark()] == ["✓", "✗", "✗"]
    assert goals.Row("mtg-import", "4.6 s", name="no goal").mark() == " "


def test_the_table_shows_the_issues_rows_first_each_with_value_mark_and_goal() -> None:
    rows = [
        goals.Row("focus", "4.87 ms", {"ms": 4.87}),
        goals.Row("dice-roll", "7.3 ms", {"ms": 7.3}),
        goals.Row("startup-bare", "906 ms; 113 MB", name="bare window", context=True),
        goals.Row("aw-redraw", "6.24 ms", {"ms": 6.24}),
    ]
    lines = goals.table(rows).splitlines()
    assert [line.split()[0] for line in lines[1:4]] == ["bare", "AW", "dice"]
    assert lines[2].rstrip().endswith("6.24 ms  ✓  ≤ 8 ms")
    assert lines[3].rstrip().endswith("7.3 ms  ✗  ≤ 5 ms")
    assert lines[4] == ""  # then the suite's other figures
    assert "目標 ≤ 50 ms" in lines[5]


def test_only_runs_the_named_sections_in_the_suites_order() -> None:
    assert run.parse_arguments(["--only", "redraw,startup"]) == ["startup", "redraw"]
    assert run.parse_arguments([]) == list(run.SECTIONS)
    assert run.parse_arguments(["startup"]) == ["startup"]  # the older spelling


def test_only_refuses_a_section_it_does_not_know_and_names_the_known_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        run.parse_arguments(["--only", "startup,redrew"])
    error = capsys.readouterr().err
    assert "unknown section redrew" in error
    assert "redraw" in error
