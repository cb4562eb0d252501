"""`python -m gmtool prob sengensho`: the exact odds of a 千幻抄 check for scripts and by eye."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from tests.e2e.test_cli import run_gmtool

ROOT = Path(__file__).resolve().parents[2]
NATURALS = [sum(r) for r in itertools.product(range(1, 7), repeat=3)]


def share(predicate) -> float:
    return float(Fraction(sum(1 for n in NATURALS if predicate(n)), 216))


def prob(*args: str) -> subprocess.CompletedProcess[str]:
    return run_gmtool("prob", "sengensho", *args, env_changes={"QT_QPA_PLATFORM": None})  # no display


def test_json_is_exactly_the_documented_shape():
    result = prob("--modifier", "5", "--target", "14", "--json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out == {
        "system": "sengensho",
        "success": pytest.approx(share(lambda n: n >= 9), abs=1e-12),
        "outcomes": pytest.approx(
            {
                "critical": share(lambda n: n >= 16),
                "success": share(lambda n: 9 <= n <= 15),  # the success that is not a critical
                "failure": share(lambda n: 6 <= n <= 8),
                "fumble": share(lambda n: n <= 5),
            },
            abs=1e-12,
        ),
    }
    assert all(isinstance(v, float) for v in [out["success"], *out["outcomes"].values()])
    assert list(out["outcomes"]) == ["critical", "success", "failure", "fumble"]


def test_critical_and_fumble_decide_whatever_the_total():
    # +40 beats 14 on any roll, yet 3–5 fumble; −40 misses on any roll, yet 16–18 succeed.
    high = json.loads(prob("--modifier", "40", "--target", "14", "--json").stdout)
    assert high["success"] == pytest.approx(1 - share(lambda n: n <= 5), abs=1e-12)
    assert high["outcomes"]["failure"] == 0
    low = json.loads(prob("--modifier", "-40", "--target", "14", "--json").stdout)
    assert low["success"] == pytest.approx(share(lambda n: n >= 16), abs=1e-12)
    assert low["outcomes"]["success"] == 0


def test_house_rule_thresholds():
    out = json.loads(
        prob("--modifier", "0", "--target", "11", "--critical", "17", "--fumble", "4", "--json").stdout
    )
    assert out["outcomes"]["critical"] == pytest.approx(share(lambda n: n >= 17), abs=1e-12)
    assert out["outcomes"]["fumble"] == pytest.approx(share(lambda n: n <= 4), abs=1e-12)
    assert out["success"] == pytest.approx(0.5, abs=1e-12)  # 3D6 ≥ 11 is half the rolls either way
    none = json.loads(
        prob("--modifier", "0", "--target", "11", "--critical", "19", "--fumble", "2", "--json").stdout
    )
    assert none["outcomes"]["critical"] == none["outcomes"]["fumble"] == 0


def test_readable_japanese_text_without_json():
    result = prob("--modifier", "5", "--target", "14")
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert "千幻抄 判定: 3D6 +5 / 目標値 14 / クリティカル 16 以上・ファンブル 5 以下" in text
    for name in (
        "クリティカル（成功）",
        "成功",
        "失敗",
        "ファンブル（失敗）",
        "成功率（クリティカルを含む）",
    ):
        assert name in text
    assert "74.074%" in text  # 160 / 216
    assert "4.630%" in text  # 10 / 216


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--critical", "5"), "ファンブルの出目 5 がクリティカルの出目 5 以上です"),
        (("--critical", "20"), "クリティカルの出目 20 は 4〜19 の範囲外です"),
        (("--fumble", "1"), "ファンブルの出目 1 は 2〜17 の範囲外です"),
    ],
)
def test_a_bad_threshold_pair_exits_2_with_the_message(args, message):
    result = prob("--modifier", "0", "--target", "14", *args, "--json")
    assert result.returncode == 2
    assert message in result.stderr
    assert result.stdout == ""


def test_a_missing_target_or_a_non_integer_exits_2():
    missing = prob("--modifier", "3")
    assert missing.returncode == 2 and "--target" in missing.stderr
    typo = prob("--modifier", "x", "--target", "14")
    assert typo.returncode == 2 and "整数ではありません: 'x'" in typo.stderr


def test_prob_sengensho_does_not_load_qt():
    code = (
        "import sys; from gmtool.app.main import main;"
        "main(['prob','sengensho','--modifier','1','--target','9']);"
        "print('QT' if any(m.startswith('PySide6') for m in sys.modules) else 'NOQT')"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip().endswith("NOQT")
