"""`gmtool prob lotr-attack`: an attack's exact degrees against Defence, and its refusals."""

from __future__ import annotations

import pytest

from gmtool.app.main import main
from gmtool.rules.systems.lotr.attack import PARRIED, AttackSpec, attack_distribution
from tests.cli_helpers import prob_for

prob = prob_for("lotr-attack")


def test_a_plain_attack_is_a_test_against_defence(capsys):
    out = prob(capsys, "--bonus", "0", "--defence", "7")
    assert set(out) == {"system", "tn", "attack_bonus", "hit", "degrees"}
    assert out["tn"] == 7 and out["attack_bonus"] == 0
    # 2d6 ≥ 7: 21/36 (no double six below 12)
    assert out["hit"] == pytest.approx(21 / 36, abs=1e-12)
    assert sum(out["degrees"].values()) == pytest.approx(1, abs=1e-12)


def test_range_steps_and_shield_raise_the_tn_of_a_missile(capsys):
    out = prob(capsys, "--bonus", "4", "--defence", "11", "--ranged", "--range-step", "2", "--shield", "1")
    assert out["tn"] == 11 + 2 * 2 + 1
    spec = AttackSpec(bonus=4, defence=11, ranged=True, range_steps=2, shield=1)
    dist = attack_distribution(spec)
    assert out["degrees"]["marginal_success"] == pytest.approx(float(dist["marginal_success"]), abs=1e-12)


def test_options_aim_and_a_head_shot(capsys):
    out = prob(capsys, "--bonus", "3", "--defence", "10", "--defensive", "--aim", "1", "--head")
    assert out["attack_bonus"] == 3 - 2 + 1 and out["tn"] == 22


def test_a_parry_adds_the_parried_share(capsys):
    out = prob(capsys, "--bonus", "5", "--defence", "12", "--parry", "4", "--shield", "2")
    dist = attack_distribution(AttackSpec(bonus=5, defence=12, parry=4, shield=2))
    assert out["parried"] == pytest.approx(float(dist[PARRIED]), abs=1e-12)
    assert out["hit"] + out["parried"] + sum(
        v for k, v in out["degrees"].items() if k in ("failure", "complete_failure", "disastrous_failure")
    ) == pytest.approx(1, abs=1e-12)


def test_text_output_is_japanese(capsys):
    assert main(["prob", "lotr-attack", "--bonus", "5", "--defence", "12", "--charge"]) == 0
    out = capsys.readouterr().out
    assert "攻撃 +6 / 目標値 12" in out and "命中する確率" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bonus", "3", "--defence", "61"], "Defence 61 は 0〜60 の範囲外です"),
        (["--bonus", "100", "--defence", "10"], "攻撃のボーナス 100 は -99〜99 の範囲外です"),
        (["--bonus", "3", "--defence", "10", "--range-step", "21", "--ranged"], "距離の段階 21 は"),
        (
            ["--bonus", "3", "--defence", "10", "--ranged", "--parry", "3"],
            "飛び道具に対しては Parry/Block できません",
        ),
        (["--bonus", "3", "--defence", "10", "--range-step", "1"], "射撃だけ"),
        (["--bonus", "3", "--defence", "10", "--power", "--charge"], "not allowed with argument"),
        (["--bonus", "3", "--defence", "10", "--head", "--called-shot", "4"], "一緒に使えません"),
    ],
)
def test_bad_input_exits_2_with_a_message(capsys, args, message):
    with pytest.raises(SystemExit) as exit_info:
        main(["prob", "lotr-attack", *args])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err
