"""Layout mends from a walk through the real window at 1366×768: texts that were squeezed onto the
rows under them, buttons that did something harmful or nothing, and boxes wider than their pane."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

from gmtool.models.battle_model import BattleModel
from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.models.lotr.care_model import LotRCareModel
from gmtool.models.lotr.fear_model import LotRFearModel
from gmtool.models.lotr.tracker_model import LotRTrackerModel
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.character import Skill
from gmtool.rules.systems.lotr.house_rules import ARMED_BONUS_ON, ARMED_COMBAT_BONUS
from gmtool.views.appearance import palette_for
from gmtool.views.lotr.army import headcount_box
from gmtool.views.lotr.attack_box import LotRTrackerBox
from gmtool.views.lotr.care_dialog import LotRCareDialog
from gmtool.views.lotr.fear_box import FearBox
from gmtool.views.lotr.wound_track import LABEL_HEIGHT
from tests.models.lotr.test_care_hazard_models import setup
from tests.models.lotr.test_demolition_travel_models import SPEEDS
from tests.models.lotr.test_hero_combat_model import fill
from tests.qt_fixtures import english_ui
from tests.views.lotr.army.test_demolition_travel_views import dialog  # noqa: F401
from tests.views.lotr.army.test_units_tab import add, cell, dice, tab  # noqa: F401
from tests.views.lotr.test_sheet_view import make_sheet
from tests.views.test_fits_small_screen import SHEET_MAX_WIDTH


def _squeezed(root: QWidget) -> list[str]:
    """The visible wrapped labels shorter than their text needs at their width."""
    return [
        label.text()
        for label in root.findChildren(QLabel)
        if label.isVisible()
        and label.wordWrap()
        and label.text()
        and label.height() < label.heightForWidth(label.width())
    ]


def test_the_care_dialog_grows_for_its_status_line_and_squeezes_no_text(qtbot, empty_campaign_model):
    actions, rolls = setup(empty_campaign_model, damage=5)  # Healthy: no TN, the long explanation
    care = LotRCareDialog(LotRCareModel(actions, rolls))
    qtbot.addWidget(care)
    care.show()
    qtbot.waitExposed(care)
    assert _squeezed(care) == []
    care.rest_button.click()
    qtbot.wait(10)
    assert care.status_label.text()
    assert _squeezed(care) == []
    # The explanation ends above the roll button instead of running under it.
    label, button = care.healing_label, care.healing_button
    bottom = label.mapTo(care, label.rect().bottomLeft()).y()
    assert bottom < button.mapTo(care, button.rect().topLeft()).y()


def test_a_head_count_waits_for_one_person_and_asks_before_size_0(tab, monkeypatch):  # noqa: F811
    add(tab, "近衛", size="10", morale="18")
    tab.units_table.selectRow(0)
    box = tab.headcount
    assert box.headcount_spin.value() == 0 and not box.apply_button.isEnabled()
    assert "1 名以上" in box.apply_button.toolTip()
    asked: list[str] = []
    answer = [QMessageBox.StandardButton.No]
    monkeypatch.setattr(
        headcount_box.QMessageBox, "question", lambda _p, _t, text: asked.append(text) or answer[0]
    )
    box.headcount_spin.setValue(4)  # 0.4 → Size 0: a destroyed unit
    assert box.apply_button.isEnabled()
    box.apply_button.click()
    assert "Size 0" in asked[-1] and "壊滅" in asked[-1]
    assert cell(tab, 0, "size") == "10"  # refused: nothing changed
    answer[0] = QMessageBox.StandardButton.Yes
    box.apply_button.click()
    assert cell(tab, 0, "size") == "0"
    box.headcount_spin.setValue(50)
    box.apply_button.click()  # Size 5: no question
    assert len(asked) == 2 and cell(tab, 0, "size") == "5"


def test_the_renown_test_says_it_is_about_knowing_someone_else(qtbot, empty_campaign_model):
    view = make_sheet(qtbot, empty_campaign_model)
    button = view.spirit_box.renown_test_button
    assert button.text().startswith("相手を知っているか")  # not a test of this character's own Renown
    renown = view.spirit_box.open_renown_test()
    assert renown.windowTitle().startswith("相手を知っているか")
    intro = renown.intro_label.text()
    assert "相手の Renown" in intro and "ルール表 → 参照表" in intro and "知名度の修正" in intro


def test_the_travel_party_row_is_labelled_and_add_waits_for_a_name_and_a_mode(dialog, tmp_path):  # noqa: F811
    tab = dialog.travel_tab  # noqa: F811
    shown = [label.text() for label in tab.findChildren(QLabel) if label.isVisibleTo(tab)]
    assert "名前" in shown and "移動手段" in shown
    assert tab.name_combo.lineEdit().placeholderText() == "旅をする人の名前"
    assert tab.no_modes_label.isVisibleTo(tab) and "ルール表 → 参照表" in tab.no_modes_label.text()
    tab.name_combo.setEditText("サム")
    assert not tab.add_button.isEnabled() and "移動手段" in tab.add_button.toolTip()
    with english_ui(tmp_path):  # the empty table's warning in the UI language
        tab.update_plan()
        assert tab.problem_label.text().startswith("Travel speeds (Table 9.41) is not set")
    fill(tab.model.campaign_model, catalog.TRAVEL_SPEEDS, SPEEDS)
    assert not tab.no_modes_label.isVisibleTo(tab) and tab.add_button.isEnabled()
    tab.name_combo.setEditText(" ")
    assert not tab.add_button.isEnabled() and "名前" in tab.add_button.toolTip()


def test_a_chosen_armed_combat_action_keeps_the_sheet_narrow_and_says_no_rank_is_left(
    qtbot, empty_campaign_model, refusals
):
    view = make_sheet(qtbot, empty_campaign_model, skills=(Skill("Armed Combat: Axes", 6),))
    HouseRulesModel(empty_campaign_model).set_reading(ARMED_COMBAT_BONUS, ARMED_BONUS_ON)
    box = view.armed_combat_box
    box.choose_button.click()
    assert refusals == [] and box.picked_combo.count() == 1 and box.milestone_combo.count() == 0
    assert box.minimumSizeHint().width() <= SHEET_MAX_WIDTH - 60  # inside the sheet's margins
    assert view.minimumSizeHint().width() <= SHEET_MAX_WIDTH
    assert box.milestone_combo.placeholderText() == "選べるランクはありません"
    assert "ランク 6・9・12" in box.milestone_combo.toolTip()


def test_the_wound_track_names_fit_the_sheet_and_show_on_the_dark_theme(qtbot, empty_campaign_model):
    view = make_sheet(qtbot, empty_campaign_model, race="dwarf", subrace="", wound_levels=5)
    track = view.condition_box.wound_track
    track.resize(470, track.sizeHint().height())  # the sheet's width at 1366×768
    assert track.drawn_names() == ["Healthy", "Dazed", "Injured", "Wounded", "Incapacitated", "Near Death"]
    track.setPalette(palette_for("dark"))
    image = track.grab().toImage()
    first = track._boxes()[0]
    lightest = max(
        image.pixelColor(x, y).lightness()
        for x in range(int(first.left()), int(first.right()))
        for y in range(2, LABEL_HEIGHT - 2)
    )
    assert lightest > 150  # the name "Healthy" is drawn in the dark theme's light text


def test_the_fear_box_starts_with_a_target_other_than_the_frightener(qtbot, campaign_model):
    battle = BattleModel(campaign_model, seed_source=lambda: 1)
    battle.new_encounter("lotr", "")
    (rider,) = battle.roster.add_quick("黒の乗手", {"swiftness": 3, "defence": 12, "health": 12})
    naar = battle.roster.add_character(next(s.id for s in campaign_model.characters_of("lotr")))
    box = FearBox(LotRFearModel(battle))
    qtbot.addWidget(box)
    assert box.attacker_combo.currentData() == rider and box.target_combo.currentData() == naar


def test_the_lotr_tracker_boxes_fit_the_side_pane_in_english(qtbot, campaign_model, tmp_path):
    """At 1366×768 the tracker's side pane shows about 480 px; wider boxes were cut at the left."""
    with english_ui(tmp_path):
        battle = BattleModel(campaign_model, seed_source=lambda: 1)
        battle.new_encounter("lotr", "ambush")
        battle.roster.add_quick("Orc", {"swiftness": 0, "defence": 10, "health": 6})
        for stored_character in list(campaign_model.characters_of("lotr"))[:2]:
            battle.roster.add_character(stored_character.id)
        box = LotRTrackerBox(LotRTrackerModel(battle), lambda *_: True)
        qtbot.addWidget(box)
        box.sync()
        assert box.minimumSizeHint().width() <= 470
