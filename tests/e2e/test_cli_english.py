"""`gmtool prob` / `gmtool roll` answer in the UI language (issue 35): with ``GMTOOL_LANGUAGE=en`` (or
the language saved in the settings) their help, refusals and results are English; by default they
stay Japanese, as before."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gmtool.app.cli_common import cli_language, saved_language
from gmtool.app.main import main
from gmtool.views import message_catalog
from tests.cli_helpers import prob_refused, run_main, run_prob
from tests.text_audit import JAPANESE


@pytest.fixture
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("GMTOOL_LANGUAGE", "en")
    yield
    message_catalog.install("ja")  # the CLI installed English for the whole process


def roll(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return run_main(capsys, "roll", *args)


def test_prob_command_prints_english_results(english, capsys):
    code, out, _ = run_prob(capsys, "command", "2D6+3>=10")
    assert code == 0
    assert "2D6+3>=10: probability of each total" in out
    assert "success" in out
    assert not JAPANESE.search(out), out


def test_prob_refusal_leads_in_english(english, capsys):
    err = prob_refused(capsys, "command", "2D6", "--system", "nosuch")
    assert "gmtool prob command: invalid arguments: argument --system" in err
    assert not JAPANESE.search(err), err


def test_a_value_out_of_bounds_is_refused_in_english(english, capsys):
    code, _, err = roll(capsys, "1D6", "--seed", "-1")
    assert code == 2
    assert "seed -1 is outside 0 to" in err or "seed -1 is outside 0–" in err, err
    assert not JAPANESE.search(err), err


def test_not_an_integer_is_refused_in_english(english, capsys):
    code, _, err = roll(capsys, "1D6", "--seed", "x")
    assert code == 2
    assert "not an integer: 'x'" in err


def test_roll_and_prob_command_help_are_english(english, capsys):
    for args in (["roll", "--help"], ["prob", "command", "--help"]):
        with pytest.raises(SystemExit):
            main(args)
        out = capsys.readouterr().out
        assert "output as JSON" in out
        assert "dice bot (BCDice game system)" in out
        assert not JAPANESE.search(out), out


def test_a_command_error_is_english(english, capsys):
    code, _, err = roll(capsys, "2D6+")
    assert code == 2
    assert err.startswith("gmtool roll: ")
    assert not JAPANESE.search(err), err


def test_by_default_the_cli_stays_japanese(monkeypatch, tmp_path, capsys):
    monkeypatch.delenv("GMTOOL_LANGUAGE", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    code, out, _ = run_prob(capsys, "command", "2D6+3>=10")
    assert code == 0
    assert "合計ごとの確率" in out


def test_the_saved_setting_chooses_the_language_without_qt(monkeypatch, tmp_path, capsys):
    (tmp_path / "gmtool").mkdir()
    (tmp_path / "gmtool" / "gmtool.conf").write_text("[ui]\nlanguage=en\ntheme=dark\n", encoding="utf-8")
    assert saved_language(tmp_path) == "en"
    monkeypatch.delenv("GMTOOL_LANGUAGE", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert cli_language() == "en"
    try:
        code, out, _ = run_prob(capsys, "command", "2D6+3>=10")
    finally:
        message_catalog.install("ja")
    assert code == 0
    assert "probability of each total" in out
    monkeypatch.setenv("GMTOOL_LANGUAGE", "ja")  # the variable overrides the setting
    assert cli_language() == "ja"


def test_an_unreadable_settings_file_is_japanese(tmp_path: Path):
    (tmp_path / "gmtool").mkdir()
    (tmp_path / "gmtool" / "gmtool.conf").write_bytes(b"\xff\xfe not ini")
    assert saved_language(tmp_path) == ""


def test_the_guis_options_are_english(english, capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "the campaign to open (*.gmcampaign)" in out
    assert not JAPANESE.search(out), out


def test_a_parse_error_names_its_part_in_english(english, capsys):
    code, _, err = roll(capsys, "2D6+1D6>=10[12")
    assert code == 2
    assert not JAPANESE.search(err), err
