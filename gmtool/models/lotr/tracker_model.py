"""The combat tracker's LotR side (3. 戦闘): one model per box, each over the tracker's `BattleModel`.

- `actions`: the turn's actions, dodge and parry (battle_actions.py);
- `attack`: an attack from the odds to its damage (attack_model.py), with what its form offers;
- `stun`: the stun a Blunt hit at a called shot makes (3.7, stun_model.py), waiting on `attack`;
- `mounts`: mounted combat (3.9, mount_model.py);
- `fear`: a fear attack (3.8, fear_model.py);
- `holds`: what follows a grab or a grapple (3.2, hold_model.py).

Built with the tracker's box (`gmtool.app.lotr.tracker`), and gone with the tracker's model.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.attack_model import LotRAttackModel
from gmtool.models.lotr.battle_actions import LotRBattleActions
from gmtool.models.lotr.fear_model import LotRFearModel
from gmtool.models.lotr.hold_model import LotRHoldModel
from gmtool.models.lotr.mount_model import LotRMountModel
from gmtool.models.lotr.rules_model import RULES_KEY
from gmtool.models.lotr.stun_model import LotRStunModel
from gmtool.rules.house_rules import HOUSE_RULES_KEY


class LotRTrackerModel(QObject):
    # The GM edited a table (ルール表 → 参照表) or flipped a house rule: the stun table's rows, the
    # weapons, the called shots and the stun relief shown change at once.
    rules_changed = Signal()

    def __init__(self, battle: BattleModel) -> None:
        super().__init__(battle)
        self.battle = battle
        self.actions = LotRBattleActions(battle)
        self.attack = LotRAttackModel(battle)
        self.stun = LotRStunModel(self.attack)
        self.mounts = LotRMountModel(battle)
        self.fear = LotRFearModel(battle)
        self.holds = LotRHoldModel(battle)
        battle.campaign_model.session_changed.connect(self._on_session_changed)

    def _on_session_changed(self, key: str) -> None:
        if key in (RULES_KEY, HOUSE_RULES_KEY):
            self.rules_changed.emit()
