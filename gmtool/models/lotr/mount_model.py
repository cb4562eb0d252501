"""3.9 騎乗戦闘 in the LotR tracker: a participant's horse (mounted, War-Trained, Steady, a Mearas' or
Elven-steed's own Ride, the horse's STR modifier), the horse's moves from Table 9.22, the
War-Trained horse's attack action and a Ride test in combat.  Each is one undo step with a log line.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from PySide6.QtCore import QObject

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.rules_model import campaign_lotr_rules
from gmtool.models.lotr.shown_names import shown_name
from gmtool.models.lotr.tracker_people import in_play
from gmtool.models.shown_text import listed
from gmtool.rules.battle import BattleRefused
from gmtool.rules.systems.lotr import mounted, reference_catalog as catalog
from gmtool.rules.systems.lotr.checks import LotRRoller, RollSpec, success_probability
from gmtool.rules.systems.lotr.exploding import roll_test
from gmtool.rules.systems.lotr.reference_tables import ReferenceTable

TN_BOUNDS = (0, 99)


@dataclass(frozen=True)
class RideOdds:
    """A Ride test in combat as it would be rolled now: its bonus, its TN and the chance it succeeds."""

    bonus: int
    tn: int
    chance: Fraction


class LotRMountModel(QObject):
    def __init__(self, model: BattleModel) -> None:
        super().__init__(model)
        self.model = model

    def people(self) -> list[tuple[str, str]]:
        return in_play(self.model)

    def mount(self, participant_id: str) -> mounted.Mount:
        return mounted.mount_of(self.model.participant(participant_id))

    def set_mount(self, participant_id: str, mount: mounted.Mount) -> None:
        p = self.model.participant(participant_id)
        if mount == mounted.mount_of(p):
            return
        new = mounted.set_mount(self.model.state(), participant_id, mount)
        if mount.mounted:
            traits = [t for t, on in (("War-Trained", mount.war_trained), ("Steady", mount.steady)) if on]
            if mount.ride is not None:
                traits.append(self.tr("Ride {0}").format(mount.ride))
            if mount.horse_str is not None:
                traits.append(self.tr("STR 修正 {0:+d}").format(mount.horse_str))
            text = self.tr("{0}: 騎乗").format(p.name)
            if traits:
                text += self.tr("（{0}）").format(listed(traits))
        else:
            text = self.tr("{0}: 下馬").format(p.name)
        self.model.commit(new, self.tr("騎乗"), text, who=p.name)

    def speeds(self) -> list[str]:
        return [r.name for r in self._table().rows]

    def _table(self) -> ReferenceTable:
        return campaign_lotr_rules(self.model.campaign_model).reference_table(catalog.HORSE_SPEEDS)

    def move(self, speed: str) -> mounted.HorseMove:
        """The row of Table 9.22 (a 未設定 cost refused)."""
        return mounted.horse_move(self._table(), speed)

    def spend_move(self, participant_id: str, speed: str) -> int:
        """The rider's actions for the horse's move; returns the extra-action penalty."""
        p = self.model.participant(participant_id)
        move = self.move(speed)
        spent = mounted.spend_horse_move(self.model.state(), participant_id, move)
        cost = self.tr("Full-round") if move.cost is None else self.tr("{0} アクション").format(move.cost)
        text = self.tr("{0}: 馬の移動 {1}（{2}）").format(p.name, move.name, cost)
        if move.yards is not None:
            text += self.tr(" {0} ヤードまで").format(move.yards)
        if move.run_tn is not None:
            text += self.tr("、Run 判定 目標値 {0}").format(move.run_tn)
        if spent.penalty:
            text += self.tr("（追加アクション: 判定{0}）").format(spent.penalty)
        self.model.commit(spent.encounter, self.tr("馬の移動"), text, who=p.name)
        return spent.penalty

    def horse_attack(self, participant_id: str) -> None:
        p = self.model.participant(participant_id)
        new = mounted.spend_horse_attack(self.model.state(), participant_id)
        text = self.tr("{0}の馬（War-Trained）: 攻撃 1 アクション（乗り手の行動は減らない）").format(p.name)
        self.model.commit(new, self.tr("馬の攻撃"), text, who=p.name)

    # ---- Ride in combat --------------------------------------------------------------------
    def ride_spec(self, participant_id: str, rider_ride: int, penalty: int, tn: int) -> RollSpec:
        """The better Ride (Mearas, Elven-steed), −1〜−4 in combat unless Steady, and the rider's
        wound, weariness and condition penalties."""
        low, high = TN_BOUNDS
        if not low <= tn <= high:
            raise BattleRefused(self.tr("目標値 {0} は {1}〜{2} の範囲外です").format(tn, low, high))
        p = self.model.participant(participant_id)
        bonus = mounted.ride_bonus(rider_ride, mounted.mount_of(p), penalty)
        roller = LotRRoller(modifier=bonus, condition=self.model.rules().penalty(p))
        return RollSpec(roller, tn, campaign_lotr_rules(self.model.campaign_model).degree_bands())

    def ride_probability(self, participant_id: str, rider_ride: int, penalty: int, tn: int) -> Fraction:
        return success_probability(self.ride_spec(participant_id, rider_ride, penalty, tn))

    def ride_odds(self, participant_id: str, rider_ride: int, penalty: int, tn: int) -> RideOdds:
        spec = self.ride_spec(participant_id, rider_ride, penalty, tn)
        return RideOdds(spec.roller.bonus, spec.tn, success_probability(spec))

    def ride_test(self, participant_id: str, rider_ride: int, penalty: int, tn: int) -> bool:
        spec = self.ride_spec(participant_id, rider_ride, penalty, tn)
        p = self.model.participant(participant_id)
        seed = self.model.seed_source()
        faces = roll_test(random.Random(seed))
        total = sum(faces) + spec.roller.bonus
        degree = spec.judge(sum(faces))
        label = shown_name(campaign_lotr_rules(self.model.campaign_model).band(degree))
        steady = mounted.mount_of(p).steady
        note = self.tr("Steady: ペナルティなし") if steady else self.tr("戦闘中 {0:+d}").format(penalty)
        text = self.tr("{0}: Ride 判定 {1} / 目標値 {2}（{3}）— {4}").format(p.name, total, tn, note, label)
        dice = "+".join(str(f) for f in faces)
        self.model.commit(
            self.model.state(), self.tr("Ride 判定"), text, who=p.name, dice=dice, result=label, seed=seed
        )
        return degree.succeeded
