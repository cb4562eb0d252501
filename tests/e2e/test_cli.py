"""The command line on the same entry point: prob, --screenshot, --self-test, no-display fallback."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from gmtool.app.main import main

ROOT = Path(__file__).resolve().parents[2]


def run_gmtool(
    *args: str, env_changes: dict[str, str | None] | None = None
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    for key, value in (env_changes or {}).items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return subprocess.run(
        [sys.executable, "-m", "gmtool", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", header[16:24])


def test_prob_aw_json(capsys):
    assert main(["prob", "aw", "--value", "3", "--difficulty", "10", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["system"] == "aw"
    # 3 + dice ≥ 10 ⇔ dice ≥ 7 → 21/36; naturals 2 and 12 are automatic.
    assert out["success"] == pytest.approx(21 / 36, abs=1e-12)
    assert out["outcomes"] == pytest.approx(
        {"auto_success": 1 / 36, "success": 20 / 36, "failure": 14 / 36, "auto_failure": 1 / 36}, abs=1e-12
    )


def test_prob_aw_with_modifier_critical_and_fumble(capsys):
    main(["prob", "aw", "--value", "0", "--difficulty", "30", "--critical", "10", "--fumble", "3", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["success"] == pytest.approx(6 / 36)  # only naturals 10–12
    assert out["outcomes"]["auto_failure"] == pytest.approx(3 / 36)  # 2 and 3
    main(["prob", "aw", "--value", "1", "--difficulty", "10", "--modifier", "-2", "--json"])
    assert json.loads(capsys.readouterr().out)["success"] == pytest.approx(3 / 36)  # dice ≥ 11: 11 or 12


def test_prob_aw_opposed_json(capsys):
    main(["prob", "aw-opposed", "--action", "3", "--reaction", "3", "--json"])
    assert json.loads(capsys.readouterr().out) == {"system": "aw", "action_wins": pytest.approx(575 / 1296)}
    main(["prob", "aw-opposed", "--action", "5", "--reaction", "10", "--reaction-no-roll", "--json"])
    # Reaction fixed at 10: action needs 5 + dice > 10 → dice ≥ 6, natural 2 fumbles anyway.
    assert json.loads(capsys.readouterr().out)["action_wins"] == pytest.approx(26 / 36)
    main(["prob", "aw-opposed", "--action", "0", "--action-critical", "11", "--reaction", "50", "--json"])
    # The action wins by a critical (11, 12) the reaction does not match, or, rolling 3–10,
    # by a reaction fumble: 3/36 · 35/36 + 32/36 · 1/36 = 137/1296.
    assert json.loads(capsys.readouterr().out)["action_wins"] == pytest.approx(137 / 1296)


def test_prob_prints_a_japanese_table_without_json(capsys):
    main(["prob", "aw", "--value", "3", "--difficulty", "10"])
    out = capsys.readouterr().out
    assert "自動成功" in out and "自動失敗" in out and "58.333%" in out
    main(["prob", "aw-opposed", "--action", "3", "--reaction", "3"])
    assert "アクション側の勝率" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args",
    [
        ["prob", "aw", "--value", "abc", "--difficulty", "10"],
        ["prob", "aw", "--difficulty", "10"],
        ["prob", "aw", "--value", "3", "--difficulty", "10", "--critical", "2"],
        ["prob", "aw-opposed", "--action", "3"],
        ["prob", "nosuch"],
    ],
)
def test_invalid_arguments_exit_2_with_a_message(args, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.strip()


def test_prob_does_not_load_qt():
    code = (
        "import sys; from gmtool.app.main import main; main(['prob','aw','--value','1','--difficulty','9']);"
    )
    code += "print('QT' if any(m.startswith('PySide6') for m in sys.modules) else 'NOQT')"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip().endswith("NOQT")


@pytest.mark.parametrize("view", ["main", "sheet", "check"])
def test_screenshot_of_each_view(tmp_path, view):
    out = tmp_path / f"{view}.png"
    result = run_gmtool("--screenshot", str(out), "--view", view)
    assert result.returncode == 0, result.stderr
    width, height = png_size(out)
    assert width > 400 and height > 300


def test_self_test_exits_0():
    result = run_gmtool("--self-test")
    assert result.returncode == 0, result.stderr
    assert "self-test: OK" in result.stdout


def test_without_a_display_make_run_writes_screenshots(tmp_path):
    out_dir = tmp_path / "out"
    result = run_gmtool(
        "--demo",
        "--screenshots-if-headless",
        str(out_dir),
        env_changes={"DISPLAY": None, "WAYLAND_DISPLAY": None, "QT_QPA_PLATFORM": None},
    )
    assert result.returncode == 0, result.stderr
    assert "ディスプレイが見つかりません" in result.stdout
    assert sorted(p.name for p in out_dir.iterdir()) == ["check.png", "main.png", "sheet.png"]


def test_screenshot_of_a_file_that_is_not_a_campaign_fails_clearly(tmp_path):
    junk = tmp_path / "junk.gmcampaign"
    junk.write_bytes(b"not sqlite at all")
    result = run_gmtool(str(junk), "--screenshot", str(tmp_path / "x.png"))
    assert result.returncode == 2
    assert "SQLite" in result.stderr
    assert junk.read_bytes() == b"not sqlite at all"


def test_prob_fourcard_target_json(capsys):
    assert main(["prob", "fourcard", "--base", "5", "--difficulty", "10", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["system"] == "fourcard"
    # 2D6 + 5 ≥ 10 ⇔ 2D6 ≥ 5: 30 of 36 rolls, the natural 12 among them automatic.
    assert out["success"] == pytest.approx(30 / 36, abs=1e-12)
    assert out["outcomes"] == pytest.approx(
        {"auto_success": 1 / 36, "success": 29 / 36, "failure": 5 / 36, "auto_failure": 1 / 36}, abs=1e-12
    )


def test_prob_fourcard_modifier_and_impossible_target(capsys):
    main(["prob", "fourcard", "--base", "3", "--difficulty", "30", "--modifier", "-2", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["success"] == pytest.approx(1 / 36)  # only the natural 12
    assert out["outcomes"]["failure"] == pytest.approx(34 / 36)


def test_prob_fourcard_compare_rerolls_ties(capsys):
    assert main(["prob", "fourcard-compare", "--a", "4", "--b", "4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == pytest.approx({"a_wins": 0.5, "b_wins": 0.5}, abs=1e-12)
    # A base 20 against B base 0: B wins only by a natural 12 against A's non-12, or A's natural 2
    # against B's non-2 (A's 2 with B's 12 is in both: count it once); both 12 or both 2 tie
    # and are re-rolled.
    main(["prob", "fourcard-compare", "--a", "20", "--b", "0", "--json"])
    out = json.loads(capsys.readouterr().out)
    b_wins_round = (35 + 35 - 1) / 36**2
    tie_round = 2 / 36**2
    assert out["b_wins"] == pytest.approx(b_wins_round / (1 - tie_round), abs=1e-12)
    assert out["a_wins"] + out["b_wins"] == pytest.approx(1)


def test_prob_fourcard_text_and_bad_argument(capsys):
    assert main(["prob", "fourcard-compare", "--a", "5", "--b", "3"]) == 0
    text = capsys.readouterr().out
    assert "A の勝率" in text and "振り直す確率" in text
    with pytest.raises(SystemExit) as exit_info:
        main(["prob", "fourcard", "--base", "x", "--difficulty", "10"])
    assert exit_info.value.code == 2
    assert "整数ではありません: 'x'" in capsys.readouterr().err
