"""`gmtool roll 'CMD'` and `gmtool prob command 'CMD'`: BCDice lines and exact odds, no Qt."""

from __future__ import annotations

import json
import re

import pytest

from gmtool.app.main import main
from tests.e2e.test_cli import run_gmtool


def test_roll_json_is_seeded_and_shaped(capsys):
    assert main(["roll", "2D6+3>=10 攻撃", "--seed", "7", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert set(first) == {"text", "total", "dice", "success", "secret"}
    assert first["text"].startswith("(2D6+3>=10) ＞ ")
    assert first["total"] == sum(first["dice"]) + 3
    assert first["success"] == (first["total"] >= 10)
    assert first["secret"] is False
    main(["roll", "2D6+3>=10 攻撃", "--seed", "7", "--json"])
    assert json.loads(capsys.readouterr().out) == first  # the same seed, the same faces


def test_roll_plain_text_full_width_and_secret(capsys):
    assert main(["roll", "Ｓ１Ｄ６", "--seed", "1"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("(1D6) ＞ ")
    main(["roll", "S1D6", "--seed", "1", "--json"])
    assert json.loads(capsys.readouterr().out)["secret"] is True


def test_roll_without_comparison_has_null_success(capsys):
    main(["roll", "choice[a,b,c]", "--seed", "3", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["success"] is None and out["total"] is None
    assert out["text"].split(" ＞ ")[1] in ("a", "b", "c")


def test_bad_command_exits_2_with_pointer():
    done = run_gmtool("roll", "2D6+*3")
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert lines[-2:] == ["2D6+*3", "    ^"]
    assert "5文字目" in done.stderr


def test_prob_command_json(capsys):
    assert main(["prob", "command", "2D6+3>=10", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["success"] == pytest.approx(21 / 36)  # 2D6 >= 7
    assert out["distribution"]["5"] == pytest.approx(1 / 36)
    assert sum(out["distribution"].values()) == pytest.approx(1)
    main(["prob", "command", "4D6KH3", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert "success" not in out
    assert out["distribution"]["18"] == pytest.approx(21 / 1296)


def test_prob_command_text_and_no_distribution(capsys):
    assert main(["prob", "command", "3B6>=5"]) == 0
    out = capsys.readouterr().out
    assert "成功率" in out and "70.370%" in out  # 1 - (2/3)^3
    main(["prob", "command", "choice[a,b]", "--json"])
    assert json.loads(capsys.readouterr().out) == {"distribution": None}


def test_prob_command_bad_command_exits_2(capsys):
    with pytest.raises(SystemExit) as caught:
        main(["prob", "command", "2D6>="])
    assert caught.value.code == 2
    assert capsys.readouterr().err.rstrip().endswith("     ^")


# ---- --system: the dice box's ダイスボット setting --------------------------------------------
def test_roll_system_aw_reads_a_plain_check_as_bcdice_srs(capsys):
    assert main(["roll", "2D6+9>=10", "--seed", "7", "--system", "aw", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["text"].startswith("SRS : (2D6+9>=10[12,2]) ＞ ")
    natural = sum(out["dice"])
    verdict = "自動成功" if natural == 12 else "自動失敗" if natural == 2 else "成功"
    assert out["text"].endswith(f"＞ {verdict}")
    main(["roll", "2D6+1@11#3>=8", "--seed", "7", "--system", "aw"])
    assert capsys.readouterr().out.startswith("SRS : (2D6+1>=8[11,3]) ＞ ")


def test_roll_generic_refuses_the_bots_forms_naming_the_setting():
    done = run_gmtool("roll", "2D6+1@11#3>=8")
    assert done.returncode == 2 and "アナザーワールド" in done.stderr
    done = run_gmtool("roll", "SGS+2", "--system", "aw")
    assert done.returncode == 2 and "千幻抄" in done.stderr
    done = run_gmtool("roll", "2D6", "--system", "nope")
    assert done.returncode == 2 and "--system" in done.stderr


def test_roll_lotr_says_bcdice_has_no_bot(capsys):
    assert main(["roll", "2D6+1>=8", "--seed", "3", "--system", "lotr"]) == 0
    assert capsys.readouterr().out.startswith(
        "DiceBot（BCDiceに指輪物語のボットなし・汎用） : (2D6+1>=8) ＞ "
    )


def test_prob_command_system(capsys):
    assert main(["prob", "command", "2D6+9>=10", "--system", "aw", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["success"] == pytest.approx(35 / 36)  # a natural 2 fails even at +9
    assert out["critical"] == pytest.approx(1 / 36) and out["fumble"] == pytest.approx(1 / 36)
    main(["prob", "command", "2D6+9>=10", "--json"])
    assert json.loads(capsys.readouterr().out)["success"] == pytest.approx(1)  # generic: a plain sum
    assert main(["prob", "command", "SGS+2", "--system", "sengensho"]) == 0
    text = capsys.readouterr().out
    assert re.search(r"クリティカル +4.630% +ファンブル +4.630%", text)  # 10/216 each
    with pytest.raises(SystemExit) as caught:
        main(["prob", "command", "SGS+2"])
    assert caught.value.code == 2


def test_an_undecided_target_rolls_and_judges_nothing_on_the_command_line(capsys):
    # Issue 37: BCDice's 2D6>=? — the total, no 成功/失敗; under the SRS bot its generic sum
    assert main(["roll", "2D6+4>=?", "--seed", "3", "--system", "aw", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["success"] is None and out["total"] == sum(out["dice"]) + 4
    assert re.fullmatch(r"SRS : \(2D6\+4>=\?\) ＞ \d+\[\d,\d\]\+4 ＞ \d+", out["text"])
    assert main(["prob", "command", "2D6+4>=?", "--system", "aw", "--json"]) == 0
    odds = json.loads(capsys.readouterr().out)
    assert "success" not in odds or odds["success"] is None
    assert odds["distribution"]["11"] == pytest.approx(6 / 36)
