"""Setting up an AF (`AWFocusModel.preparation`): who may take part, the text's guidelines for the
difficulty, the set-up turned into a starting AF (or the reason it cannot start), and its odds
before anyone declares a skill.

It reads the campaign (the AW characters, the current scene) and never writes: `AWFocusModel.start`
stores the AF it builds.
"""

from __future__ import annotations

from gmtool.models.aw.focus_build import Candidate, FocusSetup, build_focus
from gmtool.models.aw.focus_readings import FocusReadings
from gmtool.models.aw.focus_state import FocusDoc
from gmtool.models.aw.session_model import AWSessionModel
from gmtool.rules.systems.aw.focus import FocusOdds, FocusRules, focus_odds
from gmtool.rules.systems.aw.rules_data import AWSessionRules, FocusGuideline
from gmtool.rules.systems.aw.session import SessionRefused


class AWFocusPreparation:
    def __init__(self, session: AWSessionModel, rules: FocusRules, readings: FocusReadings) -> None:
        self.session = session
        self.session_rules: AWSessionRules = session.rules
        self.rules = rules
        self.readings = readings
        self._preview: tuple[tuple[object, ...], FocusOdds] | None = None

    @property
    def minimum_difficulty(self) -> int:
        """「AF判定の難易度は100以上」 as the campaign's rules say."""
        return self.session_rules.focus_minimum_difficulty

    def candidates(self) -> list[Candidate]:
        """Every AW character; ticked at first: the PCs in the current scene, or every PC without
        one.  The text's AF is the PCs' (「PC達が算出した達成値をすべて合計」): an NPC in the scene,
        an enemy as often as not, is left for the GM to tick."""
        scene = self.session.current_scene()
        present = set(scene.present) if scene is not None else set()
        out = []
        for stored in self.session.campaign_model.characters_of("aw"):
            c = stored.character
            in_scene = stored.id in present
            default = c.is_pc and (in_scene or scene is None)
            out.append(Candidate(stored.id, c.name, c.is_pc, in_scene, default))
        return out

    def scene_name(self) -> str | None:
        scene = self.session.current_scene()
        return scene.name if scene is not None else None

    def guidelines(self, difficulty: int) -> list[FocusGuideline]:
        """The AF判定の設定 bands the difficulty falls in (100 and 120 are in two)."""
        return [
            g
            for g in self.session_rules.focus_guidelines
            if g.low <= difficulty and (g.high is None or difficulty <= g.high)
        ]

    def marked_guidelines(self, difficulty: int) -> list[tuple[FocusGuideline, bool]]:
        """Every band, with whether the difficulty falls in it (the set-up page shows them all)."""
        matching = self.guidelines(difficulty)
        return [(g, g in matching) for g in self.session_rules.focus_guidelines]

    def build(self, setup: FocusSetup) -> FocusDoc:
        """The AF the set-up describes; SessionRefused with the reason when it cannot start."""
        known = {s.id: s.character for s in self.session.campaign_model.characters_of("aw")}
        return build_focus(setup, self.minimum_difficulty, known)

    def preview_odds(self, setup: FocusSetup) -> FocusOdds | None:
        """The set-up's odds with no skill declarations (None when it could not start).

        Only what changes the odds (the participants' numbers, difficulty, rounds) is a reason to
        compute again: a goal typed or a special rule added reuses the last answer."""
        try:
            doc = self.build(setup)
        except SessionRefused:
            return None
        readings = self.readings
        key = (tuple(doc.participants()), doc.progress(), readings.redeclare_reading(), readings.plays_out())
        if self._preview is None or self._preview[0] != key:
            odds = focus_odds(
                doc.participants(),
                doc.progress(),
                self.rules,
                readings.redeclaration(doc),
                None,
                readings.plays_out(),
            )
            self._preview = (key, odds)
        return self._preview[1]
