"""Chat palettes: every registered system gives BCDice-style lines its bot (or the generic AddDice
command) reads, with the variables first."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from gmtool.rules.palette import (
    command_lines,
    expand,
    palette_lines,
    palette_text,
    palette_variables,
    rolls_no_dice,
    variable_name,
)
from gmtool.rules.systems import SYSTEMS
from gmtool.rules.systems.aw.character import Attributes
from gmtool.rules.systems.aw.palette import srs_thresholds
from gmtool.rules.systems.fourcard.character import Skill as FourCardSkill
from gmtool.rules.systems.sengensho.character import Skill as SengenshoSkill

VARIABLE = re.compile(r"^//([^{}=\n]+)=(-?\d+)$")
# After {name} is replaced: what each BCDice bot parses (SRS.rb's regex; Sengensyou's SGS+m;
# the generic AddDice 2D6+m>=t), then a space and the comment BCDice ignores.
COMMAND = {
    "aw": re.compile(r"^2D6[-+][-+\d]+>=[-+\d]+(\[\d+(,\d+)?\])? \S.*$"),
    "sengensho": re.compile(r"^SGS[-+][-+\d]+ \S.*$"),
    "fourcard": re.compile(r"^2D6[-+][-+\d]+>=\d+ \S.*$"),
    "lotr": re.compile(r"^2D6[-+][-+\d]+>=\d+ \S.*$"),
}


def rich(system_id: str):
    """A new character with something in every list the checks read."""
    character = SYSTEMS[system_id].new_character("テスト")
    if system_id == "sengensho":
        character = replace(character, skills=(SengenshoSkill("交渉", 2), SengenshoSkill("隠密", 1)))
    if system_id == "fourcard":
        skill = FourCardSkill("接近戦", "dx", 2, specialised=True, specialisations=("剣",))
        character = replace(character, skills=(skill,))
    return character


@pytest.mark.parametrize("system_id", sorted(SYSTEMS))
def test_every_system_gives_variables_then_valid_commands(system_id):
    character = rich(system_id)
    lines = palette_lines(system_id, character)
    if rolls_no_dice(system_id):
        assert lines == [] and palette_variables(system_id, character) == {}
        return
    variables = palette_variables(system_id, character)
    kinds = SYSTEMS[system_id].checks(character)
    shared = SYSTEMS[system_id].palette.variables(character)  # AW's 難易度
    assert len(variables) == len(kinds) + len(shared)  # one variable per check, names unique
    head, commands = lines[: len(variables)], lines[len(variables) :]
    assert [VARIABLE.match(line).groups() for line in head] == [(k, str(v)) for k, v in variables.items()]
    assert commands == command_lines(system_id, character)
    assert len(commands) == sum(SYSTEMS[system_id].palette.rolled(k) for k in kinds)
    for line in commands:
        names = re.findall(r"\{([^{}]+)\}", line)
        assert names and all(n in variables for n in names), line
        assert COMMAND[system_id].match(expand(line, variables)), line
    assert palette_text(system_id, character) == "\n".join(lines)


def test_aw_lines_follow_the_srs_bot():
    aw = SYSTEMS["aw"]
    character = replace(aw.new_character("透"), attributes=Attributes(reflex=4))
    assert palette_variables("aw", character)["反射"] == 4
    assert "//反射=4" in palette_lines("aw", character)
    assert palette_lines("aw", character)[0] == "//難易度=10"
    assert "2D6+{反射}>={難易度} 【反射判定】" in command_lines("aw", character)
    # Critical 11: SRS writes it in brackets, 2D6+m>=t[c] (BCDice test/data/SRS.toml).
    critical = replace(character, critical=11)
    assert "2D6+{反射}>={難易度}[11] 【反射判定】" in command_lines("aw", critical)
    line = expand("2D6+{反射}>={難易度}[11] 【反射判定】", palette_variables("aw", critical))
    assert line == "2D6+4>=10[11] 【反射判定】"
    fumble = replace(character, critical=11, fumble=3)
    assert "2D6+{反射}>={難易度}[11,3] 【反射判定】" in command_lines("aw", fumble)
    # 攻撃力 is a damage value: a variable, never a check line
    assert "攻撃力" in palette_variables("aw", character)
    assert not any("攻撃力" in line for line in command_lines("aw", character))


def test_srs_thresholds_are_written_only_off_the_defaults():
    assert srs_thresholds(12, 2) == ""
    assert srs_thresholds(11, 2) == "[11]"
    assert srs_thresholds(12, 3) == "[12,3]"


def test_sengensho_uses_the_sgs_command_and_skills_ask_for_the_attribute():
    character = rich("sengensho")
    lines = command_lines("sengensho", character)
    assert "SGS+{知性} 【知性】" in lines
    # A skill line pressed in CCFolia or Udonarium rolled without the 特性値: it now adds the
    # 特性値 variable, set once, so {感覚}4 and 〈交渉〉2 roll SGS+4+2 (BCDice reads +6).
    line = "SGS+{特性値}+{交渉} 〈交渉〉＋特性値（「特性値」に入れた値）"
    assert line in lines and palette_lines("sengensho", character)[0] == "//特性値=0"
    variables = {**palette_variables("sengensho", character), "特性値": 4}
    assert expand(line, variables).split()[0] == "SGS+4+2"
    assert not any(">=" in line for line in lines)  # the bot compares against no target


def test_fourcard_and_lotr_name_the_skill_and_start_from_the_panels_difficulty():
    fourcard = command_lines("fourcard", rich("fourcard"))
    note = "※BCDiceにフォーカードなし・出目12/2の自動成功/失敗なし"
    assert f"2D6+{{接近戦（剣）}}>=10 【接近戦】特化【剣】{note}" in fourcard
    assert f"2D6+{{接近戦（その他）}}>=10 【接近戦】（その他）{note}" in fourcard
    lotr = palette_variables("lotr", SYSTEMS["lotr"].new_character("x"))
    assert "Swiftness" in lotr and "Bearing" in lotr


def test_negative_values_expand_to_what_bcdice_reads():
    assert expand("2D6+{a}>=10 【a】", {"a": -2}) == "2D6+-2>=10 【a】"
    assert expand("2D6+{unknown}", {}) == "2D6+{unknown}"


def test_variable_names_drop_what_would_end_them():
    assert variable_name("【接近戦】（その他）") == "接近戦（その他）"
    assert variable_name("〈交渉〉") == "交渉"
    assert variable_name("a{b}=c\n d") == "abc d"


def test_unknown_system_is_refused():
    with pytest.raises(KeyError):
        palette_lines("nope", object())


@pytest.mark.parametrize("system_id", ["fourcard", "lotr"])
def test_plain_lines_parse_as_gmtools_own_bcdice_commands(system_id):
    """The generic AddDice lines are what gmtool's dice box reads too (SRS brackets and SGS are
    the BCDice bots' own syntax, which the generic parser does not take)."""
    command = pytest.importorskip("gmtool.rules.command")
    character = rich(system_id)
    variables = palette_variables(system_id, character)
    for line in command_lines(system_id, character):
        command.parse(command.substitute(line, variables))
