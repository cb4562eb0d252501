"""packaging/bcdice_golden.py builds tests/data/bcdice3_systems.toml from BCDice's own SRS.toml and
Sengensyou.toml (issue 37): played here on a small BCDice-shaped sample, and the shipped file is
checked to be the script's output (same header, every case's fields, every refusal with its reason)."""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "tests" / "data" / "bcdice3_systems.toml"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bcdice_golden", ROOT / "packaging" / "bcdice_golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


SCRIPT = _script()


def _bcdice_case(game_system: str, command: str, output: str, faces: list[int], *flags: str) -> str:
    """One case as BCDice writes its test data: `[[ test ]]`, its game_system, the dice one a line."""
    dice = "".join(f"  {{ sides = 6, value = {face} }},\n" for face in faces)
    marks = "".join(f"{flag} = true\n" for flag in flags)
    rands = f"rands = [\n{dice}]" if faces else "rands = []"
    return (
        f'[[ test ]]\ngame_system = "{game_system}"\ninput = "{command}"\noutput = "{output}"\n'
        f"{marks}{rands}\n\n"
    )


SRS_SAMPLE = _bcdice_case(
    "SRS", "2D6>=2", "(2D6>=2[12,2]) ＞ 2[1,1] ＞ 2 ＞ 自動失敗", [1, 1], "failure", "fumble"
) + _bcdice_case("SRS_Korean", "2D6>=7", "(2D6>=7[12,2]) ＞ 7[2,5] ＞ 7 ＞ 성공", [5, 2])
SGS_SAMPLE = _bcdice_case(
    "Sengensyou", "SGS+4+6", "(3D6+10) ＞ 8[4,1,3] ＞ 8+10 ＞ 18", [4, 1, 3]
) + _bcdice_case("Sengensyou", "SGS>=5", "", [])


def _sample(tmp_path: Path, sgs: str = SGS_SAMPLE) -> Path:
    (tmp_path / "SRS.toml").write_text(SRS_SAMPLE, "utf-8")
    (tmp_path / "Sengensyou.toml").write_text(sgs, "utf-8")
    return tmp_path


def test_the_script_keeps_each_bots_cases_with_their_dice_and_marks_the_refusal(tmp_path):
    out = tmp_path / "out.toml"
    assert SCRIPT.main([str(_sample(tmp_path)), "--commit", "abc123", "--out", str(out)]) == 0
    text = out.read_text("utf-8")
    assert "abc123" in text and "packaging/bcdice_golden.py" in text
    cases = tomllib.loads(text)["test"]
    assert [(c["source"], c["system"], c["input"]) for c in cases] == [
        ("SRS.toml", "aw", "2D6>=2"),  # the Korean bot's case is not the SRS bot's
        ("Sengensyou.toml", "sengensho", "SGS+4+6"),
        ("Sengensyou.toml", "sengensho", "SGS>=5"),
    ]
    assert cases[0]["fumble"] and cases[0]["failure"] and "success" not in cases[0]
    assert cases[0]["rands"] == [{"sides": 6, "value": 1}, {"sides": 6, "value": 1}]
    assert cases[1]["output"] == "(3D6+10) ＞ 8[4,1,3] ＞ 8+10 ＞ 18"
    assert cases[2]["refused"] and "never compared" in cases[2]["differs"] and "output" not in cases[2]


def test_a_silent_bcdice_case_without_a_reason_stops_the_build(tmp_path):
    unexplained = SGS_SAMPLE.replace("SGS>=5", "SGS<=5")
    with pytest.raises(SystemExit, match="DIFFERENCES"):
        SCRIPT.build(_sample(tmp_path, unexplained), "abc123")


def test_the_shipped_data_is_the_scripts_output():
    cases = tomllib.loads(SHIPPED.read_text("utf-8"))["test"]
    header = SHIPPED.read_text("utf-8").split("\n[[test]]")[0]
    commit = header.split("read at BCDice commit ")[1].split()[0]
    assert header == SCRIPT.HEADER.format(commit=commit)
    assert {c["source"] for c in cases} == set(SCRIPT.BOTS)
    assert len(cases) == 81  # SRS.toml's 74 and Sengensyou.toml's 7 at that commit
    for case in cases:
        assert case["system"] == SCRIPT.BOTS[case["source"]][1]
        assert case.get("refused", False) == ("output" not in case)
        reason = SCRIPT.DIFFERENCES.get((case["source"], case["input"]))
        assert case.get("differs") == reason
