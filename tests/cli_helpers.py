"""`gmtool prob …` run in the test's own process (`gmtool.app.main.main`), read through capsys.

The tests of the command line (tests/e2e/test_cli*.py) ask for its JSON, its exit code and what it
wrote to stderr; a file that asks one kind over and over names its `prob` with `prob_for`:
``prob = prob_for("aw-focus")``, then ``prob(capsys, "--values", "4,5")``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from gmtool.app.main import main
from gmtool.views import message_catalog


def prob_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    """`gmtool prob ARGS --json`: it exits 0; what it printed, parsed."""
    assert main(["prob", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def prob_for(*leading: str) -> Callable[..., Any]:
    """`prob_json` with the first arguments given (the kind, and options every call repeats)."""

    def prob(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
        return prob_json(capsys, *leading, *args)

    return prob


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """`gmtool ARGV` however it ends: its exit code (argparse's refusal exits 2), stdout, stderr."""
    try:
        code = main(list(argv))
    except SystemExit as done:
        code = int(done.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def run_prob(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """`gmtool prob ARGS` however it ends: its exit code, stdout, stderr."""
    return run_main(capsys, "prob", *args)


def prob_refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """`gmtool prob ARGS` refused as bad input: it exits 2; what it said on stderr."""
    with pytest.raises(SystemExit) as exit_:
        main(["prob", *args])
    assert exit_.value.code == 2
    return capsys.readouterr().err


@pytest.fixture(name="english")
def english_cli(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The command line in English as a user asks for it (``GMTOOL_LANGUAGE=en``: the CLI reads it at
    each run and installs its catalogue), and the catalogue installed for what a test reads without
    the CLI; Japanese again afterwards.  Imported by the files that use it."""
    monkeypatch.setenv("GMTOOL_LANGUAGE", "en")
    assert message_catalog.install("en")
    try:
        yield
    finally:
        message_catalog.install("ja")
