"""`gmtool prob lotr*` follows the LotR house-rule switches given as options (default = today)."""

from __future__ import annotations

import pytest

from gmtool.app.main import main
from tests.cli_helpers import prob_json
from tests.rules.lotr.test_house_rules_lotr import counted_battle, counted_group_success

prob = prob_json


@pytest.mark.parametrize("reading", ["zero", "one"])
def test_group_test_takes_the_marginal_helper_reading(capsys, reading):
    out = prob(capsys, "lotr", "--bonus", "3", "--tn", "12", "--helper", "0", "--marginal-helper", reading)
    assert out["success"] == pytest.approx(float(counted_group_success(3, 12, (0,), reading)), abs=1e-12)
    assert out["helpers"] == [0] and out["marginal_helper"] == reading


def test_the_default_is_todays_reading_and_a_test_without_helpers_is_unchanged(capsys):
    default = prob(capsys, "lotr", "--bonus", "2", "--tn", "14", "--helper", "0", "--helper", "2")
    assert default["marginal_helper"] == "zero"
    assert default["success"] == pytest.approx(float(counted_group_success(2, 14, (0, 2), "zero")), abs=1e-12)
    alone = prob(capsys, "lotr", "--bonus", "2", "--tn", "14", "--marginal-helper", "one")
    assert set(alone) == {"system", "success", "degrees"}


def test_text_output_names_the_helpers_and_the_reading(capsys):
    assert (
        main(["prob", "lotr", "--bonus", "3", "--tn", "12", "--helper", "0", "--marginal-helper", "one"]) == 0
    )
    out = capsys.readouterr().out
    assert "助ける人 +0（目標値 7、Marginal の助けは +1）" in out


def test_a_wrong_reading_or_too_many_helpers_is_refused(capsys):
    with pytest.raises(SystemExit):
        main(["prob", "lotr", "--bonus", "0", "--tn", "10", "--helper", "0", "--marginal-helper", "two"])
    assert "invalid choice: 'two'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["prob", "lotr", "--bonus", "0", "--tn", "10", *(["--helper", "0"] * 13)])
    assert "助ける人は 12 人までです（13 人）" in capsys.readouterr().err


@pytest.mark.parametrize("tie", ["stays", "reroll"])
def test_battle_takes_the_tie_reading(capsys, tie):
    out = prob(capsys, "lotr-battle", "--position", "-2", "--siegecraft-ours", "3", "--battle-tie", tie)
    victory, hours = counted_battle(3, tie)[-2]
    assert out == {
        "system": "lotr",
        "victory": pytest.approx(float(victory), abs=1e-12),
        "expected_hours": pytest.approx(float(hours), abs=1e-12),
    }


def test_battle_default_is_a_tie_that_stays(capsys):
    assert prob(capsys, "lotr-battle", "--position", "0") == prob(
        capsys, "lotr-battle", "--position", "0", "--battle-tie", "stays"
    )
    assert main(["prob", "lotr-battle", "--position", "0", "--battle-tie", "reroll"]) == 0
    assert "同点は決着まで振り直し（ハウスルール）" in capsys.readouterr().out
