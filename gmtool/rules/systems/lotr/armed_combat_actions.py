"""The names 1.4.2's Armed Combat bonus is chosen from, apart from armed_combat.py so that the stored
character (character.py) can refuse a pick naming anything else without importing the rules that
read the character (armed_combat.py imports character.py).

「Armed Combat では,スキルが6ランク,9ランク,12ランクに達したときに, 特定の戦闘行動(防御攻撃,
なぎ払いなど)を1つ選び, その行動に関してだけ+1のボーナスを得る.」
"""

from __future__ import annotations

from gmtool.rules.message import template

MILESTONES = (6, 9, 12)  # 「6ランク,9ランク,12ランクに達したときに」
ARMED_COMBAT = "Armed Combat"
# The combat actions an Armed Combat skill is rolled for (combat.ACTION_KINDS ids): the attack
# options of 3.2 and the parry of 3.3.  Unarmed actions (grab, punch, trip), aim, dodge and moves
# are not Armed Combat tests.
ACTIONS: tuple[tuple[str, str], ...] = (
    ("attack", template("攻撃（通常）")),
    ("defensive", template("攻撃（defensive、防御攻撃）")),
    ("power", template("攻撃（power）")),
    ("precise", template("攻撃（precise）")),
    ("two_handed", template("攻撃（two-handed）")),
    ("sweep", template("攻撃（sweep、なぎ払い）")),
    ("charge", template("攻撃（charge）")),
    ("parry", template("防御（Parry/Block）")),
)
ACTION_LABELS = dict(ACTIONS)


def is_armed_combat(skill_name: str) -> bool:
    name = skill_name.strip().casefold()
    return name == ARMED_COMBAT.casefold() or name.startswith(f"{ARMED_COMBAT.casefold()}:")
