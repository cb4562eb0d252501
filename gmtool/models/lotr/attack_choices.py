"""What the tracker's attack form offers the GM before an attack is rolled: who is in the fight (and
which opponent is the target to begin with), the attack bonus and parry of the sheets, the
weapons and called shots of the campaign's tables (P.230, Table 9.18), the STR modifier and size a
campaign character brings, whether the attacker rides, and which options the rules allow together.

Read-only: `LotRAttackModel` (which holds one as `choices`) builds the attack from what is chosen.
"""

from __future__ import annotations

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.rules_model import campaign_lotr_rules
from gmtool.models.lotr.sheet_values import LotRSheetValues, SheetValue
from gmtool.models.lotr.tracker_people import in_play, target_for
from gmtool.rules.battle import BattleRefused
from gmtool.rules.systems.lotr import attack_types, mounted, reference_catalog as catalog, weapons
from gmtool.rules.systems.lotr.reference_tables import ReferenceTable


class LotRAttackChoices:
    def __init__(self, battle: BattleModel) -> None:
        self.battle = battle
        self.sheet = LotRSheetValues(battle)  # the attack bonus and parry the sheets give

    def attack_bonus(self, attacker: str | None, weapon: str | None, ranged: bool) -> SheetValue | None:
        """The sheet's attack bonus: Ranged Combat when the attack is ranged or the weapon is a
        missile weapon of the table (3.4), else Armed Combat (3.2)."""
        return self.sheet.attack_bonus(attacker, weapon, ranged or self.is_ranged(weapon))

    def parry_bonus(self, target: str | None) -> SheetValue | None:
        """The sheet's parry for the target: the weapon it holds, its Armed Combat (3.3)."""
        return self.sheet.parry_bonus(target)

    def target_for(self, attacker: str | None, current: str | None) -> str | None:
        """The target to offer: the chosen one while it is an opponent, else the first opponent."""
        return target_for(self.battle, attacker, current)

    # ---- who ------------------------------------------------------------------------------
    def people(self) -> list[tuple[str, str]]:
        """(name, id) of the participants still in the fight, in the tracker's order."""
        return in_play(self.battle)

    def current(self) -> str | None:
        """The participant whose turn it is (None between rounds)."""
        return self.battle.state().current

    def turn(self) -> tuple[int, str] | None:
        """(round, actor) of the turn under way (None between turns): a new one is a new turn even
        when the same participant acts again, in the next round."""
        state = self.battle.state()
        return (state.round, state.current) if state.active and state.current else None

    def rides(self, participant_id: str) -> bool:
        """Whether the participant is mounted (3.9): the rider's sizes then count."""
        return mounted.mount_of(self.battle.participant(participant_id)).mounted

    def str_bonus(self, participant_id: str) -> int | None:
        """The STR modifier of a campaign character (3.10); None for a quick NPC (the GM enters it)."""
        p = self.battle.participant(participant_id)
        if not p.character_id:
            return None
        try:
            character = self.battle.campaign_model.stored(p.character_id).character
            return campaign_lotr_rules(self.battle.campaign_model).modifier(character.attributes.str)
        except (KeyError, AttributeError, ValueError):
            return None

    def str_score(self, participant_id: str) -> int | None:
        """A campaign character's STR (the charge's knockdown TN is STR + 2, 3.2); None for a quick
        NPC (the GM enters it)."""
        p = self.battle.participant(participant_id)
        if not p.character_id:
            return None
        try:
            return int(self.battle.campaign_model.stored(p.character_id).character.attributes.str)
        except (KeyError, AttributeError, ValueError):
            return None

    def size_of(self, participant_id: str) -> str | None:
        """A campaign character's size (kept when it joined the tracker); None for a quick NPC."""
        return mounted.size_of(self.battle.participant(participant_id))

    # ---- the weapons table (P.230) ----------------------------------------------------------
    def weapon_names(self) -> list[str]:
        return [
            r.name
            for r in campaign_lotr_rules(self.battle.campaign_model).reference_table(catalog.WEAPONS).rows
        ]

    def weapon(self, name: str) -> weapons.Weapon:
        try:
            return weapons.weapon(self._table(catalog.WEAPONS), name)
        except ValueError as e:
            raise BattleRefused(e.args[0] if e.args else str(e)) from None

    def is_ranged(self, name: str | None) -> bool:
        """A missile weapon of the table (3.4): its distance gives the range steps.  False for no
        weapon, or one the table cannot give."""
        try:
            return bool(name) and self.weapon(name or "").ranged
        except BattleRefused:
            return False

    def adds_str(self, name: str | None) -> bool:
        """1.3: whether the damage takes the STR modifier — not for a bow and the like.  True for no
        weapon, and for one the table cannot tell (applying the damage then says why)."""
        try:
            return not name or weapons.adds_str(self.weapon(name))
        except (BattleRefused, ValueError):
            return True

    def damage_text(self, name: str) -> str:
        """The weapon's damage dice as the table gives them ("" while 未設定 or not in the table)."""
        try:
            damage = self.weapon(name).damage
        except BattleRefused:
            return ""
        return str(damage) if damage is not None else ""

    # ---- the called-shot table (Table 9.18) --------------------------------------------------
    def called_shots(self) -> list[tuple[str, int | None]]:
        """The called-shot table's parts and TN modifiers (Table 9.18; None: 未設定)."""
        shots: list[tuple[str, int | None]] = []
        for row in self._table(catalog.CALLED_SHOTS).rows:
            tn = row.get("tn")
            shots.append((row.name, tn if isinstance(tn, int) else None))
        return shots

    def called_shot_tn(self, part: str) -> int:
        """The TN modifier of a part of the table (0 when it has none)."""
        return dict(self.called_shots()).get(part) or 0

    def _table(self, table_id: str) -> ReferenceTable:
        return campaign_lotr_rules(self.battle.campaign_model).reference_table(table_id)

    # ---- what goes together -----------------------------------------------------------------
    @staticmethod
    def blunt_allowed(called_shot: bool, ranged: bool) -> bool:
        """3.7: a Blunt blow stuns only at a called shot, and only in close combat."""
        return called_shot and not ranged

    @staticmethod
    def parry_allowed(ranged: bool, option: str = "basic") -> bool:
        """3.4: a missile cannot be parried or blocked; 3.2: a trip is resisted, not parried."""
        return not ranged and option != "trip"

    @staticmethod
    def ranged_allowed(option: str) -> bool:
        """3.2: the close-combat options (sweep, two weapons, grab, grapple, punch) and trip, an
        opposed test, are never a missile attack: the form offers no 射撃 for them."""
        return option not in attack_types.CLOSE_COMBAT_OPTIONS

    @staticmethod
    def damages(option: str) -> bool:
        """A hit of the option does damage (grab, grapple and trip do not: nothing to break, 3.6)."""
        return attack_types.OPTIONS_BY_ID[option].damages
