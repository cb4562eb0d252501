"""What the printed sheet shows of a character comes from the engine through the model: the
system's name, every computed value, every check, and the main check's exact distribution."""

from __future__ import annotations

from fractions import Fraction

from gmtool.models.sheet_print import main_check, sheet_content
from gmtool.rules.systems import SYSTEMS


def test_the_sheet_holds_what_the_engine_computes_for_every_demo_character(campaign_model):
    for stored in campaign_model.characters():
        system, character = SYSTEMS[stored.system], stored.character
        sheet = sheet_content(stored.system, character)
        assert sheet.system_name == system.name and sheet.character is character
        assert dict(sheet.derived) == dict(system.derive(character))
        assert sheet.checks == tuple(system.checks(character))
        kind = sheet.checks[0]
        expected = system.distribution(system.default_spec(character, kind)).probabilities
        assert sheet.main_check is not None and sheet.main_check.kind == kind
        assert sheet.main_check.outcomes == tuple((o, Fraction(p)) for o, p in expected.items())
        assert sum(p for _, p in sheet.main_check.outcomes) == 1


def test_no_main_check_when_there_is_nothing_to_roll_or_it_cannot_be_rolled(campaign_model, monkeypatch):
    stored = campaign_model.characters()[0]
    system = SYSTEMS[stored.system]
    monkeypatch.setattr(type(system), "checks", lambda self, character: ())
    assert main_check(stored.system, stored.character) is None
    assert sheet_content(stored.system, stored.character).main_check is None
    monkeypatch.undo()

    def refuse(self, spec):
        raise ValueError("cannot roll")

    monkeypatch.setattr(type(system), "distribution", refuse)
    assert main_check(stored.system, stored.character) is None
