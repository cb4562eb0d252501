"""Each numeric `gmtool prob` argument takes exactly the bounds of the window's field for the same
value (issue 21): read from the CLI's own parser and from the spin boxes the GM types into."""

from __future__ import annotations

import argparse

import pytest
from PySide6.QtWidgets import QSpinBox

from gmtool.app.cli import build_parser
from gmtool.app.cli_common import Bounded, BoundedText
from gmtool.models.aw.check_model import AWCheckModel
from gmtool.models.aw.focus_model import AWFocusModel
from gmtool.models.battle_model import BattleModel
from gmtool.models.character_model import CharacterModel
from gmtool.models.fourcard.check_model import FourCardCheckModel
from gmtool.models.lotr.actions import LotRActions
from gmtool.models.lotr.army_model import LotRArmyModel
from gmtool.models.lotr.attack_model import LotRAttackModel
from gmtool.models.lotr.care_model import LotRCareModel
from gmtool.models.lotr.check_model import LotRCheckModel
from gmtool.models.lotr.fear_model import LotRFearModel
from gmtool.models.lotr.hold_model import LotRHoldModel
from gmtool.models.lotr.mass_battle_model import LotRMassBattleModel
from gmtool.models.lotr.renown_model import LotRRenownModel
from gmtool.models.lotr.rules_model import campaign_lotr_rules
from gmtool.models.lotr.stun_model import LotRStunModel
from gmtool.models.mtg.check_model import MTGCheckModel
from gmtool.models.sengensho.check_model import SengenshoCheckModel
from gmtool.rules.systems.lotr.reference_catalog import FEAR
from gmtool.views.aw.check_view import AWCheckView
from gmtool.views.aw.focus_dialog import AWFocusDialog
from gmtool.views.aw.sheet_view import AWSheetView
from gmtool.views.fourcard.check_view import FourCardCheckView
from gmtool.views.lotr.army.demolition_box import DemolitionBox
from gmtool.views.lotr.army.mass_battle_tab import MassBattleTab
from gmtool.views.lotr.army.units_tab import UnitsTab
from gmtool.views.lotr.attack_box import LotRAttackBox
from gmtool.views.lotr.care_dialog import LotRCareDialog
from gmtool.views.lotr.check_view import LotRCheckView
from gmtool.views.lotr.fear_box import FearBox
from gmtool.views.lotr.hold_box import LotRHoldBox
from gmtool.views.lotr.renown_dialog import LotRRenownDialog
from gmtool.views.lotr.stun_box import LotRStunBox
from gmtool.views.mtg.check_view import MTGCheckView
from gmtool.views.sengensho.check_view import SengenshoCheckView


def cli_bounds() -> dict[tuple[str, str], tuple[int, int]]:
    """(subcommand, option) → (low, high) of every bounded argument of `gmtool prob`."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found = {}
    for kind, command in sub.choices.items():
        for action in command._actions:
            if isinstance(action.type, Bounded):
                found[(kind, action.option_strings[0])] = (action.type.low, action.type.high)
    return found


def unset_span(spin: QSpinBox) -> tuple[int, int]:
    """A field whose lowest value reads 未設定 (`attack_option_rows.unset_spin`): the values above it."""
    return spin.minimum() + 1, spin.maximum()


def span(*spins: QSpinBox) -> tuple[int, int]:
    """What the fields add up to: the lowest and the highest sum."""
    return sum(s.minimum() for s in spins), sum(s.maximum() for s in spins)


@pytest.fixture
def gui_bounds(qtbot, campaign_model) -> dict[tuple[str, str], tuple[int, int]]:
    def shown(widget):
        qtbot.addWidget(widget)
        return widget

    cm = campaign_model
    aw = shown(AWCheckView(AWCheckModel(cm, seed_source=lambda: 1)))
    aw_id = next(s.id for s in cm.characters_of("aw"))
    sheet = shown(AWSheetView(CharacterModel(cm, aw_id)))
    focus = shown(AWFocusDialog(AWFocusModel(cm, seed_source=lambda: 1)))
    four = shown(FourCardCheckView(FourCardCheckModel(cm, seed_source=lambda: 1)))
    lotr = shown(LotRCheckView(LotRCheckModel(cm, seed_source=lambda: 1)))
    battle = shown(MassBattleTab(LotRMassBattleModel(cm, seed_source=lambda: 1)))
    units = shown(UnitsTab(LotRArmyModel(cm, seed_source=lambda: 1)))
    demolition = shown(DemolitionBox(units.model))
    mtg = shown(MTGCheckView(MTGCheckModel(cm, seed_source=lambda: 1)))
    sgs = shown(SengenshoCheckView(SengenshoCheckModel(cm, seed_source=lambda: 1)))
    attack = shown(LotRAttackBox(LotRAttackModel(BattleModel(cm, seed_source=lambda: 1)), lambda *_: True))
    stun = shown(LotRStunBox(LotRStunModel(attack.attack), lambda *_: True))
    hold = shown(LotRHoldBox(LotRHoldModel(attack.attack.model), lambda *_: True))
    fear = shown(FearBox(LotRFearModel(BattleModel(cm, seed_source=lambda: 1))))
    fear_rows = campaign_lotr_rules(cm).reference_table(FEAR).column("modifier")  # 参照表's cells
    lotr_id = next(s.id for s in cm.characters_of("lotr"))
    care = shown(LotRCareDialog(LotRCareModel(LotRActions(cm, lotr_id))))
    renown = shown(LotRRenownDialog(LotRRenownModel(cm, lotr_id, seed_source=lambda: 1)))
    positions = [battle.start_combo.itemData(i) for i in range(battle.start_combo.count())]
    setup = focus.setup_page
    return {
        ("aw", "--value"): span(aw.action_box.value_spin),
        ("aw", "--modifier"): span(aw.action_box.modifier_spin),
        ("aw", "--difficulty"): span(aw.difficulty_spin),
        ("aw", "--critical"): span(sheet.spins["critical"]),
        ("aw", "--fumble"): span(sheet.spins["fumble"]),
        ("aw-opposed", "--action"): span(aw.action_box.value_spin),
        ("aw-opposed", "--action-modifier"): span(aw.action_box.modifier_spin),
        ("aw-opposed", "--action-critical"): span(sheet.spins["critical"]),
        ("aw-opposed", "--reaction"): span(aw.reaction_box.value_spin),
        ("aw-opposed", "--reaction-modifier"): span(aw.reaction_box.modifier_spin),
        ("aw-opposed", "--reaction-critical"): span(sheet.spins["critical"]),
        ("aw-focus", "--difficulty"): span(setup.difficulty_spin),
        ("aw-focus", "--rounds"): span(setup.rounds_spin),
        ("fourcard", "--base"): span(four.a_box.value_spin),
        ("fourcard", "--modifier"): span(four.a_box.modifier_spin),
        ("fourcard", "--difficulty"): span(four.difficulty_spin),
        ("fourcard-compare", "--a"): span(four.a_box.value_spin),
        ("fourcard-compare", "--a-modifier"): span(four.a_box.modifier_spin),
        ("fourcard-compare", "--b"): span(four.b_box.value_spin),
        ("fourcard-compare", "--b-modifier"): span(four.b_box.modifier_spin),
        # the bonus a typed value and 修正 add up to (NPC: 「キャラクターなし」)
        ("lotr", "--bonus"): span(lotr.a_box.value_spin, lotr.a_box.modifier_spin),
        ("lotr", "--tn"): span(lotr.tn_spin),
        ("lotr", "--helper"): span(lotr.a_box.value_spin, lotr.a_box.modifier_spin),  # a helper's bonus
        ("lotr", "--against"): span(lotr.b_box.value_spin, lotr.b_box.modifier_spin),  # 対決: B's bonus
        ("lotr-fear", "--intimidate"): span(fear.intimidate_spin),
        ("lotr-fear", "--willpower"): span(fear.willpower_spin),
        ("lotr-fear", "--modifier"): (fear_rows.low, fear_rows.high),
        ("lotr-recovery", "--helper"): span(care.helper_bonus),  # a helper's Healing bonus
        ("lotr-renown", "--modifier"): span(renown.modifier_spin),
        ("lotr-attack", "--bonus"): span(attack.bonus_spin),
        ("lotr-attack", "--called-shot"): span(attack.called_spin),
        ("lotr-attack", "--range-step"): span(attack.range_spin),
        ("lotr-attack", "--shield"): span(attack.shield_spin),
        ("lotr-attack", "--size"): span(attack.size_spin),
        ("lotr-attack", "--parry"): span(attack.parry_spin),
        ("lotr-attack", "--distance"): span(attack.distance_spin),
        ("lotr-attack", "--stun-stamina"): span(stun.stamina_spin),
        ("lotr-attack", "--main-hand"): unset_span(attack.option_rows.main_spin),
        ("lotr-attack", "--off-hand"): unset_span(attack.option_rows.off_spin),
        ("lotr-attack", "--resist"): unset_span(attack.option_rows.resist_spin),
        ("lotr-attack", "--knockdown-str"): unset_span(attack.knockdown_row.str_spin),
        ("lotr-attack", "--knockdown-bonus"): unset_span(attack.knockdown_row.bonus_spin),
        ("lotr-attack", "--holder-str"): unset_span(hold.holder_spin),
        ("lotr-attack", "--held-str"): unset_span(hold.held_spin),
        ("aw-withdraw", "--value"): span(aw.action_box.value_spin),  # 行動値, a check value
        ("lotr-battle", "--position"): (min(positions), max(positions)),
        ("lotr-battle", "--siegecraft-ours"): span(battle.siegecraft_ours_spin),
        ("lotr-battle", "--siegecraft-theirs"): span(battle.siegecraft_theirs_spin),
        # the army tracker: a tester's bonus is the picker's value and its 判定への修正 added up
        ("lotr-rout", "--bonus"): span(
            units.morale_commander.bonus_spin, units.morale_commander.modifier_spin
        ),
        ("lotr-rout", "--tn-modifier"): span(units.morale_tn_modifier_spin),
        ("lotr-rout", "--inspire"): span(
            units.rally_commander.bonus_spin, units.rally_commander.modifier_spin
        ),
        ("lotr-demolish", "--stonecraft"): span(
            demolition.stonecraft.bonus_spin, demolition.stonecraft.modifier_spin
        ),
        ("lotr-demolish", "--stonecraft-tn"): span(demolition.stonecraft_tn),
        ("lotr-demolish", "--siegecraft"): span(
            demolition.siegecraft.bonus_spin, demolition.siegecraft.modifier_spin
        ),
        ("lotr-demolish", "--siegecraft-tn"): span(demolition.siegecraft_tn),
        ("mtg", "--difficulty"): span(mtg.difficulty_spin),
        ("sengensho", "--modifier"): span(sgs.inputs_box.value_spin, sgs.inputs_box.modifier_spin),
        ("sengensho", "--target"): span(sgs.target_box.target_spin),
        ("sengensho", "--critical"): span(sgs.target_box.critical_spin),
        ("sengensho", "--fumble"): span(sgs.target_box.fumble_spin),
    }


# Arguments with no spin box of their own: the engine's bounds, which the window's steps keep.
# lotr-attack's Defence is the target participant's own value in the tracker.
# lotr-rout's Morale and supporting Size are cells of the units table (the engine's storage bounds).
ENGINE_ONLY = {
    ("aw-focus", "--declarations"),
    ("aw-focus", "--current-total"),
    ("lotr-attack", "--defence"),
    ("lotr-rout", "--morale"),
    ("lotr-rout", "--support-size"),
}
# lotr-attack's stun TN and a weapon's L and S are the GM's table values (ルール表 → 参照表), with
# the bounds of their columns (reference_catalog.py).
ENGINE_ONLY |= {("lotr-attack", "--stun-tn"), ("lotr-attack", "--long"), ("lotr-attack", "--step")}
# The character's own Stamina and Wits come from its sheet; a renown TN typed in stands for a row of
# the renown table (ルール表 → 参照表), which the dialog picks instead.
ENGINE_ONLY |= {("lotr-recovery", "--stamina"), ("lotr-renown", "--wits"), ("lotr-renown", "--tn")}
# Which extra action an action without a test is: the tracker counts the actions spent (up to the
# participant's allowance, its quick field's 1–9), no field is typed.
ENGINE_ONLY |= {("lotr", "--no-test-action")}


def test_every_numeric_argument_is_bounded():
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for kind, command in sub.choices.items():
        for action in command._actions:
            if action.type is not None and action.dest not in ("values",):
                text_bounded = isinstance(action.type, BoundedText)  # a name: its length bounded
                assert isinstance(action.type, Bounded) or action.type is str.upper or text_bounded, (
                    kind,
                    action.dest,
                )


def test_cli_bounds_are_the_gui_fields_bounds(gui_bounds):
    cli = cli_bounds()
    assert set(cli) == set(gui_bounds) | ENGINE_ONLY
    assert {key: cli[key] for key in gui_bounds} == gui_bounds
