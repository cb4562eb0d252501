"""The 「回復・手当て…」 dialog's 医者 tab: 1.2.1's 医術 against an infection and the physician's daily
care (engine: rules/systems/lotr/physician.py).

Both target numbers are the GM's (ルール表 → 参照表, 医術・付きっ切りの手当て): while one is empty the
odds and the roll are refused naming the cell.  The infection's roll changes nothing on the sheet —
the text does not say how much 「1日回復する」 heals — so it is one log line, no undo step; the day's
care heals that day's rest, doubled on a success, as one undo step with its log line.
"""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QObject

from gmtool.models.lotr.care_base import CUSTOM, CareBase
from gmtool.models.lotr.check_log import faces_text
from gmtool.rules.systems.lotr import physician, reference_catalog as catalog
from gmtool.rules.systems.lotr.checks import LotRRoller, RollSpec, success_probability
from gmtool.rules.systems.lotr.physician import InfectionOutcome


class LotRPhysicianCare(QObject):
    def __init__(self, care: CareBase) -> None:
        super().__init__(care)
        self.care = care

    def _physician(self, healer_id: str, bonus: int) -> tuple[LotRRoller, str]:
        """The physician's Healing roller and the name the log gives (a bonus typed in: 医者)."""
        roller, name = self.care.steps.healer(healer_id, bonus)
        if healer_id == CUSTOM:
            name = self.tr("医者（ボーナス {0:+d}）").format(bonus)
        return roller, name

    # ---- 医術 ---------------------------------------------------------------------------------
    def infection_targets(self) -> dict[InfectionOutcome, int]:
        physician.check_wounded(self.care.track)
        return physician.infection_tns(self.care.rules)

    def infection_odds(self, healer_id: str, bonus: int) -> dict[InfectionOutcome, Fraction]:
        """The exact chance of each outcome as the healer would roll now."""
        tns = self.infection_targets()
        return physician.infection_odds(self._physician(healer_id, bonus)[0], tns)

    def outcome_label(self, outcome: InfectionOutcome) -> str:
        return {
            InfectionOutcome.DAY: self.tr("傷が自然に1日回復する"),
            InfectionOutcome.WEEK: self.tr("傷が自然に1週間回復する"),
            InfectionOutcome.NONE: self.tr("まったく回復しない"),
        }[outcome]

    def infection_test(self, healer_id: str, bonus: int) -> str:
        tns = self.infection_targets()
        roller, name = self._physician(healer_id, bonus)
        result = self.care.steps.roll(RollSpec(roller, min(tns.values()), self.care.rules.degree_bands()))
        outcome = physician.infection_outcome(result.total, tns)
        text = self.tr("{0} の医術（Healing 判定）{1} {2:+d} = {3}（1日 {4}・1週間 {5}）→ {6}").format(
            name,
            faces_text(result.faces),
            result.bonus,
            result.total,
            tns[InfectionOutcome.DAY],
            tns[InfectionOutcome.WEEK],
            self.outcome_label(outcome),
        )
        details = {**self.care.steps.roll_details(result), "healer": name, "outcome": str(outcome)}
        details["tn"] = {str(k): v for k, v in tns.items()}
        return self.care.steps.log_only("infection", self.tr("医術"), text, **details)

    # ---- 付きっ切りの手当て ------------------------------------------------------------------------
    def care_target(self) -> int:
        physician.check_wounded(self.care.track)
        return physician.physician_tn(self.care.rules, catalog.DAILY_CARE)

    def care_spec(self, healer_id: str, bonus: int) -> RollSpec:
        tn = self.care_target()
        roller = self._physician(healer_id, bonus)[0]
        return RollSpec(roller, tn, self.care.rules.degree_bands())

    def care_odds(self, healer_id: str, bonus: int) -> Fraction:
        return success_probability(self.care_spec(healer_id, bonus))

    def care_heals(self, succeeded: bool) -> int:
        return physician.daily_care_heal(succeeded)

    def care_test(self, healer_id: str, bonus: int) -> str:
        spec = self.care_spec(healer_id, bonus)
        name = self._physician(healer_id, bonus)[1]
        result = self.care.steps.roll(spec)
        text = self.care.steps.roll_text(
            self.tr("{0} の付きっ切りの手当て（Healing 判定）").format(name), result
        )
        points = self.care_heals(result.degree.succeeded)
        if result.degree.succeeded:
            status = text + self.tr(" — 倍の速度: この日の休息で {0} 点回復").format(points)
        else:
            status = text + self.tr(" — ふつうの速度: この日の休息で {0} 点回復").format(points)
        details = {**self.care.steps.roll_details(result), "healer": name}
        return self.care.steps.heal(points, "daily_care", self.tr("付きっ切りの手当て"), status, **details)
