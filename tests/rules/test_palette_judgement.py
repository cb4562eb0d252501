"""Every palette line of every demo character judges the same in gmtool's dice box set to the
character's system as on a BCDice room set to it.  BCDice's side is written here on its own, from
the bots' rules (lib/bcdice/game_system/SRS.rb, Sengensyou.rb, the generic AddDice), and both are
run over every face of the dice."""

from __future__ import annotations

import itertools
import re

import pytest

from gmtool.app.demo import create_demo_campaign
from gmtool.rules.command_system import FixedDice, roll_for
from gmtool.rules.palette import expand, palette_lines, palette_variables, rolls_no_dice

SRS_LINE = re.compile(r"2D6((?:[+-]+\d+)*)>=(\d+)(?:\[(\d*)(?:,(\d+))?\])? ")
SGS_LINE = re.compile(r"SGS((?:[+-]+\d+)*) ")
SUM_LINE = re.compile(r"2D6((?:[+-]+\d+)*)>=(\d+) ")


def _sum(terms: str) -> int:
    """+3, +-2 or -1+4: the whole-number modifier a palette line adds."""
    return sum(
        int(sign.replace("+-", "-").replace("--", "+").lstrip("+") + "1") * int(n)
        for sign, n in re.findall(r"([+-]+)(\d+)", terms)
    )


def bcdice_verdict(system: str, line: str, faces: tuple[int, ...]) -> tuple[str | None, bool, bool]:
    """(the last word BCDice prints, critical, fumble) for the line rolled with these faces."""
    natural = sum(faces)
    if system == "aw":  # SRS.rb: the natural total against c and f first, then 2D6+m >= t
        match = SRS_LINE.match(line)
        assert match, line
        critical = int(match.group(3)) if match.group(3) else 12
        fumble = int(match.group(4)) if match.group(4) else 2
        if natural >= critical:
            return "自動成功", True, False
        if natural <= fumble:
            return "自動失敗", False, True
        return ("成功" if natural + _sum(match.group(1)) >= int(match.group(2)) else "失敗"), False, False
    if system == "sengensho":  # Sengensyou.rb: 3D6+m, no target; 16+ クリティカル, 5- ファンブル
        assert SGS_LINE.match(line), line
        if natural >= 16:
            return "クリティカル", True, False
        return ("ファンブル", False, True) if natural <= 5 else (None, False, False)
    match = SUM_LINE.match(line)  # the generic AddDice: no bot for フォーカード or CODA
    assert match, line
    return ("成功" if natural + _sum(match.group(1)) >= int(match.group(2)) else "失敗"), False, False


def _demo_characters(tmp_path_factory):
    campaign = create_demo_campaign(tmp_path_factory.mktemp("demo") / "demo.gmcampaign", session=False)
    try:
        return [(c.system, c.character) for c in campaign.list_characters()]
    finally:
        campaign.close()


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return _demo_characters(tmp_path_factory)


def test_every_demo_palette_line_judges_as_bcdice_does(demo):
    checked = {system: 0 for system, _ in demo if not rolls_no_dice(system)}
    for system, character in demo:
        if rolls_no_dice(system):
            assert palette_lines(system, character) == []
            continue
        variables = palette_variables(system, character)
        commands = [line for line in palette_lines(system, character) if not line.startswith("//")]
        assert commands
        for command in commands:
            line = expand(command, variables)
            dice = 3 if system == "sengensho" else 2
            for faces in itertools.product(range(1, 7), repeat=dice):
                result = roll_for(line, FixedDice(list(faces)), system)
                verdict, critical, fumble = bcdice_verdict(system, line, faces)
                last = result.text.rsplit(" ＞ ", 1)[1]
                assert (last if verdict is not None else None) == verdict, (line, faces, result.text)
                assert (result.critical, result.fumble) == (critical, fumble), (line, faces)
                if verdict in ("成功", "失敗", "自動成功", "自動失敗"):
                    assert result.success is verdict.endswith("成功")
            checked[system] += 1
    assert all(checked.values()), checked


def test_aw_lines_use_the_difficulty_variable_and_the_checks_not_attack(demo):
    for system, character in demo:
        if system != "aw":
            continue
        lines = palette_lines(system, character)
        assert lines[0] == "//難易度=10"  # the middle of 普通 (9〜11): the text sets no standard
        commands = [line for line in lines if not line.startswith("//")]
        assert all(">={難易度}" in line for line in commands)
        assert not any("{攻撃力}" in line for line in commands)
        assert "//攻撃力=" + str(character.combat.attack) in lines  # kept for damage rolls
        brackets = any("[" in line for line in commands)
        assert brackets == ((character.critical, character.fumble) != (12, 2))


def test_lotr_and_fourcard_lines_say_what_bcdice_does_not_roll(demo):
    for system, character in demo:
        if system == "lotr":
            assert all(
                "CODAなし・6ゾロの振り足しなし" in line
                for line in palette_lines(system, character)
                if not line.startswith("//")
            )
        if system == "fourcard":
            assert all(
                "自動成功/失敗なし" in line
                for line in palette_lines(system, character)
                if not line.startswith("//")
            )
