"""長距離移動 as Qt sees it: the party being planned (who travels, and how) and the campaign's
Tables 9.41 / 9.42 (ルール表 → 参照表).  The party is a plan, not campaign data: it lives in the
window; a plan the GM wants to keep is written to the log."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_payload import summary_payload
from gmtool.models.lotr.rules_model import RULES_KEY, campaign_lotr_rules
from gmtool.models.shown_text import listed
from gmtool.rules.systems.lotr import reference_catalog as catalog, travel as rules
from gmtool.rules.systems.lotr.reference_tables import ReferenceTable
from gmtool.rules.systems.lotr.travel import Member, Pace, TravelRefused, TravelTime

LOG_KIND = "lotr.travel"
MAX_MEMBERS = 100  # a travelling party, not an army
NAME_MAX = 200


class LotRTravelModel(QObject):
    changed = Signal()

    def __init__(self, campaign_model: CampaignModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.members: tuple[Member, ...] = ()
        campaign_model.session_changed.connect(self._on_session_changed)
        campaign_model.characters_changed.connect(self.changed)

    # ---- the tables ----------------------------------------------------------------------------
    def speeds(self) -> ReferenceTable:
        return campaign_lotr_rules(self.campaign_model).reference_table(catalog.TRAVEL_SPEEDS)

    def distances(self) -> ReferenceTable:
        return campaign_lotr_rules(self.campaign_model).reference_table(catalog.TRAVEL_DISTANCES)

    def modes(self) -> list[str]:
        return [r.name for r in self.speeds().rows]

    def routes(self) -> list[str]:
        return [r.name for r in self.distances().rows]

    def characters(self) -> list[str]:
        return [s.character.name for s in self.campaign_model.characters_of("lotr") if s.character.name]

    # ---- the party -----------------------------------------------------------------------------
    def add_member(self, name: str, mode: str) -> None:
        name = name.strip()
        if not name:
            raise TravelRefused(self.tr("旅をする人の名前を入れてください"))
        if len(name) > NAME_MAX:
            raise TravelRefused(self.tr("名前は {0} 文字までです").format(NAME_MAX))
        if len(self.members) >= MAX_MEMBERS:
            raise TravelRefused(self.tr("一行は {0} 人までです").format(MAX_MEMBERS))
        if mode not in self.modes():
            raise TravelRefused(self.tr("移動手段を選んでください（旅の速度の表の行）"))
        self.members = (*self.members, Member(name, mode))
        self.changed.emit()

    def set_mode(self, index: int, mode: str) -> None:
        if mode not in self.modes():
            raise TravelRefused(self.tr("移動手段「{0}」は旅の速度の表にありません").format(mode))
        members = list(self.members)
        members[index] = replace(members[index], mode=mode)
        self.members = tuple(members)
        self.changed.emit()

    def remove_member(self, index: int) -> None:
        if not 0 <= index < len(self.members):
            raise TravelRefused(self.tr("外す人を選んでください"))
        self.members = self.members[:index] + self.members[index + 1 :]
        self.changed.emit()

    # ---- the plan ------------------------------------------------------------------------------
    def pace(self) -> Pace:
        return rules.party_pace(self.speeds(), self.members)

    def distance(self, route: str | None, typed: str) -> Fraction:
        """The route's distance from Table 9.42, or (route None) the typed one."""
        return rules.parse_distance(typed) if route is None else rules.route_distance(self.distances(), route)

    def time(self, route: str | None, typed: str) -> TravelTime:
        return rules.travel_time(self.distance(route, typed), self.pace())

    def log_plan(self, route: str | None, typed: str) -> str:
        """The plan as one log line (no undo step: nothing in the campaign changes)."""
        distance, pace = self.distance(route, typed), self.pace()
        time = rules.travel_time(distance, pace)
        aside = self.tr("{0}（{1}）")  # the brackets of the UI language: 「馬（騎乗）」, "Horse (mounted)"
        party = listed(aside.format(m.name, m.mode) for m in self.members)
        where = (
            aside.format(route, rules.mixed_fraction(distance)) if route else rules.mixed_fraction(distance)
        )
        text = self.tr("長距離移動: 距離 {0}、一行 {1}").format(where, party)
        result = self.time_text(time)
        self.campaign_model.append_log(LOG_KIND, summary_payload("lotr", text, "", "", result))
        return result

    def member_speeds(self) -> list[tuple[str, str, str | None, str | None]]:
        """Each member's name, mode, and the mode's distance a day and an hour (None: 未設定)."""
        speeds = self.speeds()
        rows = []
        for member in self.members:
            row = speeds.row(member.mode)
            per_day, per_hour = (None if row is None else row.number(c) for c in ("per_day", "per_hour"))
            rows.append((member.name, member.mode, _shown(per_day), _shown(per_hour)))
        return rows

    def pace_text(self, pace: Pace) -> str:
        """「1日 20（ピピン）、1時間 3（ピピン）」: the party's pace and who sets it."""
        parts = []
        if pace.per_day is not None:
            parts.append(
                self.tr("1日 {0}（{1}）").format(rules.mixed_fraction(pace.per_day), pace.slowest_day)
            )
        if pace.per_hour is not None:
            parts.append(
                self.tr("1時間 {0}（{1}）").format(rules.mixed_fraction(pace.per_hour), pace.slowest_hour)
            )
        return listed(parts)

    def time_text(self, time: TravelTime) -> str:
        parts = []
        if time.days is not None:
            parts.append(self.tr("{0} 日").format(rules.mixed_fraction(time.days)) + _approx(time.days))
        if time.hours is not None:
            parts.append(self.tr("{0} 時間").format(rules.mixed_fraction(time.hours)) + _approx(time.hours))
        return listed(parts)

    def _on_session_changed(self, key: str) -> None:
        if key == RULES_KEY:
            self.changed.emit()


def _shown(value: Fraction | None) -> str | None:
    return None if value is None else rules.mixed_fraction(value)


def _approx(value: Fraction) -> str:
    """「（≈3.33）」 beside a fraction, so the exact figure is read at a glance; nothing for a whole."""
    return "" if value.denominator == 1 else f"（≈{float(value):.2f}）"
