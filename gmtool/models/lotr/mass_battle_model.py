"""The LotR mass battle (戦争) as Qt sees it: every action is one undo step and one log line.

The battle is one JSON document in the campaign's session state (SESSION_KEY); the engine
(`rules/systems/lotr/mass_battle.py`) decides what is allowed and computes the exact odds.  Every
model over one campaign re-reads on `session_changed`, so an undo from the main window's menu
reaches the army tab too.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.models.log_payload import summary_payload
from gmtool.models.lotr.rules_model import RULES_KEY, campaign_lotr_rules
from gmtool.models.outcome_text import percent
from gmtool.models.session_document import SessionDocument
from gmtool.models.shown_text import listed
from gmtool.rules.dice import new_seed, roll
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.systems.lotr import hero_combat as hc, mass_battle as rules, reference_catalog as catalog
from gmtool.rules.systems.lotr.house_rules import BATTLE_TIE
from gmtool.rules.systems.lotr.mass_battle import DEFEAT, VICTORY, BattleRefused, HourRecord, MassBattle
from gmtool.rules.systems.lotr.reference_tables import ReferenceTable

SESSION_KEY = "lotr.mass_battle"
LOG_KIND = "lotr.mass_battle"

# The track's steps as the summary names them (Table 9.2's English names kept for the book).
POSITION_LABELS = {
    DEFEAT: "敗北（Defeat）",
    -3: "劣勢（Losing −3）",
    -2: "−2",
    -1: "−1",
    0: "互角（Even ±0）",
    1: "+1",
    2: "+2",
    3: "優勢（Winning +3）",
    VICTORY: "勝利（Victory）",
}


def position_label(position: int) -> str:
    return QCoreApplication.translate("LotRMassBattleModel", POSITION_LABELS[position])


class LotRMassBattleModel(QObject):
    changed = Signal()

    def __init__(
        self,
        campaign_model: CampaignModel,
        seed_source: Callable[[], int] = new_seed,
        parent: QObject | None = None,
    ) -> None:
        """`seed_source` gives each hour's seed (logged, so the hour can be replayed); tests pass a
        fixed one to fix the dice."""
        super().__init__(parent)
        self.campaign_model = campaign_model
        self._seed_source = seed_source
        self.document = SessionDocument(
            campaign_model,
            SESSION_KEY,
            rules.load_mass_battle,
            rules.dump_mass_battle,
            self.tr("戦争の状態"),
            BattleRefused,
            parent=self,
        )
        campaign_model.session_changed.connect(self._on_session_changed)
        campaign_model.characters_changed.connect(self.changed)

    # ---- reading ------------------------------------------------------------------------------
    def state(self) -> MassBattle:
        return self.document.read()[0]

    def problem(self) -> str | None:
        """Why the stored battle could not be read (it is shown; the next action replaces it)."""
        return self.document.read()[1]

    def tie_reading(self) -> str:
        """The campaign's reading of a tied hour (house rule BATTLE_TIE)."""
        return campaign_house_rules(self.campaign_model).get(BATTLE_TIE)

    def odds(self) -> dict[int, tuple[Fraction, Fraction]]:
        """Start position → (P(Victory), expected hours) with the Siegecraft as now set."""
        return rules.battle_odds(*self.state().modifiers(), self.tie_reading())

    def current_odds(self) -> tuple[Fraction, Fraction]:
        """(P(Victory), expected hours left) from where the battle stands now."""
        return rules.odds_from(self.state(), self.tie_reading())

    def characters(self) -> list[str]:
        """The campaign's LotR characters' names: the heroes the hero table offers first."""
        return [s.character.name for s in self.campaign_model.characters_of("lotr") if s.character.name]

    def side_names(self) -> tuple[str, str]:
        """The two sides as the texts name them ("味方" / "敵" until the GM names them)."""
        return self._names(self.state())

    def winner(self) -> str | None:
        """The side that won, as the texts name it (None while the battle goes on)."""
        state = self.state()
        if not state.ended:
            return None
        ours, theirs = self._names(state)
        return ours if state.position == VICTORY else theirs

    # ---- actions ------------------------------------------------------------------------------
    def start(self, start: int) -> None:
        """Begin (or begin again) at `start`; the hours and hero records so far are cleared."""
        new = rules.start_battle(self.state(), start)
        text = self.tr("戦争開始: {0}から").format(position_label(start))
        self._commit(new, text, text, result=position_label(start))

    def set_names(self, ours: str, theirs: str) -> None:
        state = self.state()
        new = rules.set_names(state, ours, theirs)
        if (new.ours, new.theirs) != (state.ours, state.theirs):
            text = self.tr("戦争の陣営: {0} 対 {1}").format(*self._names(new))
            self._commit(new, self.tr("戦争の陣営名"), text)

    def set_siegecraft(self, use: bool, ours: int, theirs: int) -> None:
        state = self.state()
        new = rules.set_siegecraft(state, use, ours, theirs)
        if new == state:
            return
        if use:
            our_side, their_side = self._names(new)
            text = self.tr("戦争: Siegecraft を加える（{0} {1}・{2} {3}）").format(
                our_side, ours, their_side, theirs
            )
        else:
            text = self.tr("戦争: Siegecraft を加えない")
        self._commit(new, self.tr("戦争の Siegecraft"), text)

    def roll_hour(self) -> HourRecord:
        """The GM's hourly 2d6 for each side, seeded; refused (BattleRefused) once the battle ended."""
        state, tie = self.state(), self.tie_reading()
        seed = self._seed_source()
        new = rules.roll_hour(state, random.Random(seed), tie)
        record = new.hours[-1]
        ours, theirs = self._names(new)
        inputs = self.tr("戦争 {0}時間目: {1} 2d6{2:+d}（戦況）{3} 対 {4} 2d6{5}").format(
            record.hour,
            ours,
            record.before,
            self._rank(record.siegecraft_ours),
            theirs,
            self._rank(record.siegecraft_theirs),
        )
        ours_dice = f"{list(record.ours_faces)} → {record.ours_total}"
        dice = f"{ours_dice} / {list(record.theirs_faces)} → {record.theirs_total}"
        if record.ties:  # the house rule's re-rolls, in the order they were rolled
            tied = listed(f"{list(o)} / {list(t)}" for o, t in record.ties)
            dice = self.tr("同点で振り直し（{0}）→ {1}").format(tied, dice)
        self._commit(
            new,
            self.tr("戦争: {0}時間目").format(record.hour),
            inputs,
            dice=dice,
            result=self._move_text(record),
            event="hour",
            seed=seed,
            hour=record.hour,
            ours_faces=list(record.ours_faces),
            theirs_faces=list(record.theirs_faces),
            ties=[[list(o), list(t)] for o, t in record.ties],
            tie_reading=tie,  # the seed replays the hour only under the same reading
            position=record.after,
        )
        return record

    def record_hero(self, hour: int, hero: str, position: str, result: str) -> None:
        """Where `hero` fought in `hour` and what came of it, as the GM reads Tables 9.24 and 9.25
        (the summary does not hold them, so nothing here is looked up)."""
        new = rules.record_hero(self.state(), hour, hero, position, result)
        entry = new.heroes[-1]
        text = self.tr("戦争 {0}時間目 英雄: {1}").format(
            entry.hour, entry.position or self.tr("（位置なし）")
        )
        self._commit(new, self.tr("戦争: 英雄の記録"), text, who=entry.hero, result=entry.result)

    # ---- Hero Combat (Tables 9.24 / 9.25) -----------------------------------------------------
    def press_table(self) -> ReferenceTable:
        return campaign_lotr_rules(self.campaign_model).reference_table(catalog.PRESS)

    def press_places(self) -> list[str]:
        """Where a hero may fight: the rows of the GM's PRESS table (Table 9.24, empty until filled)."""
        return [r.name for r in self.press_table().rows]

    def hero_table(self) -> ReferenceTable:
        return campaign_lotr_rules(self.campaign_model).reference_table(catalog.HERO_COMBAT)

    def press_odds(self) -> list[tuple[hc.Band, Fraction]]:
        """Each place's chance on the PRESS 2d6; HeroCombatRefused names the table to fill in."""
        return hc.press_odds(self.press_table())

    def hero_odds(self, place: str | None) -> list[tuple[hc.Band, Fraction]]:
        """Each Hero Combat result's exact chance: at the chosen place, or (None) with the place
        rolled on PRESS first, so the two rolls' chances are combined."""
        press, hero = self.press_table(), self.hero_table()
        if place is not None:
            return hc.hero_odds(hero, hc.press_named(press, place).bonus)
        places = hc.press_odds(press)  # PRESS first: it is the table the roll reads first
        combined: dict[str, Fraction] = {b.name: Fraction(0) for b in hc.hero_bands(hero)}
        for band, p in places:
            for result, q in hc.hero_odds(hero, band.bonus):
                combined[result.name] += p * q
        return [(b, combined[b.name]) for b in hc.hero_bands(hero)]

    def roll_hero(self, hour: int, hero: str, place: str | None) -> hc.HeroHour:
        """The hero's hour: the place chosen (or 2d6 on PRESS), then 2d6 + its bonus on Hero
        Combat; recorded as the hero's line of that hour.  One undo step and one log line."""
        odds = {b.name: p for b, p in self.hero_odds(place)}  # refused here when a table is not ready
        seed = self._seed_source()
        rng = random.Random(seed)
        press_faces = roll(rng, 2, 6) if place is None else None
        outcome = hc.hero_hour(self.press_table(), self.hero_table(), roll(rng, 2, 6), place, press_faces)
        result = outcome.result.label()
        new = rules.record_hero(self.state(), hour, hero, outcome.place.name, result)
        entry = new.heroes[-1]
        where = outcome.place.name
        if outcome.press_faces:
            where = self.tr("{0}（PRESS 2d6 {1} = {2}）").format(
                where, list(outcome.press_faces), sum(outcome.press_faces)
            )
        text = self.tr("戦争 {0}時間目 Hero Combat: {1}（確率 {2}）").format(
            entry.hour, where, percent(float(odds[outcome.result.name]))
        )
        self._commit(
            new,
            self.tr("戦争: Hero Combat"),
            text,
            who=entry.hero,
            dice=f"{list(outcome.faces)} {outcome.place.bonus:+d} = {outcome.total}",
            result=result,
            event="hero_combat",
            seed=seed,
            hour=entry.hour,
            place=outcome.place.name,
            press_faces=list(outcome.press_faces),
            faces=list(outcome.faces),
            p_result=str(odds[outcome.result.name]),
        )
        return outcome

    # ---- internals ----------------------------------------------------------------------------
    def _commit(self, new: MassBattle, undo_text: str, log_text: str, **log: Any) -> None:
        """One undo step and one log line.  The document is read back before it is stored: the
        dataclasses do not check field limits (a 300-character side name) on construction, and a
        stored document `load_mass_battle` refuses would lose the whole battle in every view."""
        self.document.write(new, undo_text)
        who = log.pop("who", "")
        self.campaign_model.append_log(LOG_KIND, summary_payload("lotr", log_text, who, **log))

    def _names(self, state: MassBattle) -> tuple[str, str]:
        return state.ours or self.tr("味方"), state.theirs or self.tr("敵")

    def _rank(self, rank: int) -> str:
        return self.tr("+{0}（Siegecraft）").format(rank) if rank else ""

    def _move_text(self, record: HourRecord) -> str:
        if record.after == VICTORY:
            return self.tr("勝利！戦いは終わった")
        if record.after == DEFEAT:
            return self.tr("敗北…戦いは終わった")
        if record.after == record.before:
            return self.tr("同値: {0}のまま").format(position_label(record.after))
        return self.tr("{0} → {1}").format(position_label(record.before), position_label(record.after))

    def _on_session_changed(self, key: str) -> None:
        # The tie reading changes the expected hours; the rule tables hold PRESS and Hero Combat.
        if key in (SESSION_KEY, HOUSE_RULES_KEY, RULES_KEY):
            self.changed.emit()
