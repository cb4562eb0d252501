"""The second hour at the table costs what the first did (issue 36): a sheet edit's work does not
grow with the characters shown before it, nor with the panels of other systems built meanwhile.
Counted, not timed."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QApplication

from gmtool.models.character_model import CharacterModel


def first_of_each_system(window) -> dict[str, str]:
    first: dict[str, str] = {}
    for stored in window.campaign_model.characters():
        first.setdefault(stored.system, stored.id)
    return first


def show_every_character(window, rounds: int) -> None:
    for _ in range(rounds):
        for stored in window.campaign_model.characters():
            window.select_character(stored.id)
            QApplication.processEvents()


def test_a_shown_character_leaves_no_model_behind(window):
    """Each sheet's model was kept by the sheet area: after 90 characters shown, 90 models answered
    every later edit (an AW step took 12 ms instead of 4)."""
    show_every_character(window, rounds=3)
    QApplication.processEvents()  # the replaced sheets are deleted later, with their models
    alive = [model for model in window.findChildren(CharacterModel)]
    assert len(alive) == 1
    assert alive[0].character_id == window.selected_character_id()


def test_an_edit_recomputes_only_its_own_systems_panels(window):
    """Every system's panel, once built, recomputed on each edit of any character: an AW step did
    the LotR, フォーカード, 千幻抄 and MTG panels' work too (13 ms instead of 4)."""
    first = first_of_each_system(window)
    show_every_character(window, rounds=1)
    assert set(window.panel_models) == set(first)  # every system's panel built
    recomputed: list[str] = []
    for system_id, model in window.panel_models.items():
        model.changed.connect(lambda _s=system_id: recomputed.append(_s))
    campaign = window.campaign_model

    def raise_attribute(character_id: str, name: str) -> None:
        character = campaign.character(character_id)
        attributes = replace(character.attributes, **{name: getattr(character.attributes, name) + 1})
        campaign.update_character(character_id, replace(character, attributes=attributes), "テスト")

    raise_attribute(first["aw"], "body")
    assert recomputed and set(recomputed) == {"aw"}
    recomputed.clear()
    raise_attribute(first["lotr"], "brg")
    assert recomputed and set(recomputed) == {"lotr"}


def test_a_creation_wizard_does_not_stay_behind_the_window(window):
    """Each wizard run was kept as a hidden child of the window, its model still listening to the
    campaign: a session's tenth character made ten of them."""
    from PySide6.QtCore import QCoreApplication, QEvent

    from gmtool.rules.systems import SYSTEMS
    from gmtool.views.wizard.creation_wizard import CreationWizard

    for system_id in ("fourcard", "lotr"):
        window.ask_item = lambda _t, _l, _i, _c, _n=SYSTEMS[system_id].name: (_n, True)
        for answer in (False, False):  # closed without finishing, twice
            window.run_wizard = lambda _wizard, _a=answer: _a
            window.add_character()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert window.findChildren(CreationWizard) == []
