"""No change by accident: the mouse wheel over a sheet's spin box or combo box, focused or not,
scrolls the sheet and changes nothing in the campaign; the keyboard still steps a focused field."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.app.systems import hooks_for
from gmtool.models.character_model import CharacterModel
from tests.qt_fixtures import reopen_characters

SYSTEMS = ("aw", "fourcard", "lotr", "mtg", "sengensho")
NOTCH_DOWN = QPoint(0, -120)  # one notch towards the user: a spin box steps down, a combo box on


def changing_notch(field: QWidget) -> QPoint:
    """The notch that would change the field: down, unless it is already at its last entry or minimum."""
    if isinstance(field, QComboBox):
        at_end = field.currentIndex() == field.count() - 1
    else:
        at_end = isinstance(field, QSpinBox | QDoubleSpinBox) and field.value() == field.minimum()
    return -NOTCH_DOWN if at_end else NOTCH_DOWN


def wheel(widget: QWidget, notch: QPoint | None = None) -> None:
    """One notch of a real wheel (through the window system, as the mouse sends it) over *widget*."""
    notch = notch if notch is not None else changing_notch(widget)
    window = widget.window().windowHandle()
    assert window is not None
    QTest.wheelEvent(window, widget.mapTo(widget.window(), widget.rect().center()), notch)
    QApplication.processEvents()


def fields(sheet: QWidget) -> list[QWidget]:
    """The sheet's visible, enabled spin boxes and combo boxes that the wheel could change."""
    found: list[QWidget] = [*sheet.findChildren(QAbstractSpinBox), *sheet.findChildren(QComboBox)]
    editable = [f for f in found if not (isinstance(f, QAbstractSpinBox) and f.isReadOnly())]
    return [f for f in editable if f.isVisible() and f.isEnabled()]


def field_value(field: QWidget) -> object:
    return field.currentIndex() if isinstance(field, QComboBox) else field.text()


@pytest.fixture
def scrolled_sheet(qtbot, campaign_model):
    """The first character of a system, its sheet in a short scroll area, no field focused."""

    def make(system_id: str):
        character_id = campaign_model.characters_of(system_id)[0].id
        sheet = hooks_for(system_id).sheet(CharacterModel(campaign_model, character_id))
        area = QScrollArea()
        area.setWidget(sheet)
        sheet.resize(sheet.sizeHint().expandedTo(sheet.minimumSizeHint()))  # laid out at ease, not squeezed
        qtbot.addWidget(area)
        area.resize(900, 300)  # shorter than every sheet: the form scrolls
        area.show()
        qtbot.waitExposed(area)
        if system_id == "mtg":  # its one spin box, the critical-card limit, needs the default unticked
            sheet.default_limit_check.setChecked(False)
        area.setFocus()
        return area, sheet

    return make


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_wheel_over_an_unfocused_field_changes_nothing(system_id, scrolled_sheet, campaign_model):
    area, sheet = scrolled_sheet(system_id)
    before = reopen_characters(campaign_model.campaign.path)
    steps = campaign_model.undo_stack.count()
    checked = 0
    for field in fields(sheet):
        area.ensureWidgetVisible(field)
        QApplication.processEvents()
        shown = field_value(field)
        wheel(field)
        assert field_value(field) == shown, f"{type(field).__name__} {field.objectName()} changed"
        assert not field.hasFocus()
        checked += 1
    assert checked, "the sheet shows no spin or combo box"
    assert campaign_model.undo_stack.count() == steps
    assert reopen_characters(campaign_model.campaign.path) == before


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_wheel_scrolls_the_sheet_instead(system_id, scrolled_sheet):
    area, sheet = scrolled_sheet(system_id)
    bar = area.verticalScrollBar()
    assert bar.maximum() > 0
    field = next(f for f in fields(sheet) if f.mapTo(area.viewport(), QPoint(0, 0)).y() >= 0)
    area.ensureWidgetVisible(field)
    QApplication.processEvents()
    start = bar.value()
    wheel(field, QPoint(0, -120) if start < bar.maximum() else QPoint(0, 120))
    assert bar.value() != start


def test_the_lotr_race_stays_a_hobbit(scrolled_sheet, campaign_model):
    """The reported case: one notch over 種族 turned a hobbit into a Man and wrote the file."""
    area, sheet = scrolled_sheet("lotr")
    race = sheet.race_combo
    area.ensureWidgetVisible(race)
    QApplication.processEvents()
    stored = campaign_model.characters_of("lotr")[0].character
    wheel(race)
    assert race.currentData() == stored.race
    now = reopen_characters(campaign_model.campaign.path)[stored.name]
    assert (now.race, now.subrace) == (stored.race, stored.subrace)


def test_a_focused_field_does_not_take_the_wheel_either(qtbot, scrolled_sheet, campaign_model):
    """The reported case: MP clicked into, then the sheet scrolled with the wheel — MP went 0 → −9.
    The wheel scrolls the sheet; the keyboard still steps the field."""
    area, sheet = scrolled_sheet("aw")
    mp = sheet.spins["mp"]
    area.ensureWidgetVisible(mp)
    qtbot.mouseClick(mp, Qt.MouseButton.LeftButton, pos=QPoint(5, mp.height() // 2))
    qtbot.waitUntil(mp.hasFocus)
    value, steps = mp.value(), campaign_model.undo_stack.count()
    bar = area.verticalScrollBar()
    start = bar.value()
    for _notch in range(9):
        wheel(mp, QPoint(0, -120) if start < bar.maximum() else QPoint(0, 120))
    assert mp.value() == value
    assert campaign_model.undo_stack.count() == steps
    assert bar.value() != start  # the sheet scrolled instead
    assert mp.focusPolicy() == Qt.FocusPolicy.StrongFocus  # the wheel alone never gives it focus
    mp.setFocus()
    qtbot.keyClick(mp, Qt.Key.Key_Up)
    assert mp.value() == value + 1  # ↑ still steps it


def test_a_focused_combo_box_in_a_dialog_keeps_its_choice(qtbot):
    """Every window and dialog: the guard is the application's, not the sheet's."""
    dialog = QDialog()
    combo = QComboBox(dialog)
    combo.addItems(["一", "二", "三"])
    combo.setCurrentIndex(1)
    QVBoxLayout(dialog).addWidget(combo)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    wheel(combo, NOTCH_DOWN)
    wheel(combo, -NOTCH_DOWN)
    wheel(combo, -NOTCH_DOWN)
    assert combo.currentIndex() == 1
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentIndex() == 2


@pytest.mark.all_widgets  # the guard walks every widget made before it
def test_fields_made_before_the_guard_are_guarded_too(qapp, qtbot):
    """The app installs the guard once its window is up: the fields already made are covered."""
    from gmtool.views.wheel_guard import GUARD_NAME, WheelGuard, install_wheel_guard

    installed = qapp.findChild(WheelGuard, GUARD_NAME)
    qapp.removeEventFilter(installed)
    installed.setObjectName("")
    try:
        spin = QSpinBox()
        qtbot.addWidget(spin)
        spin.show()  # polished with no guard
        assert spin.focusPolicy() == Qt.FocusPolicy.WheelFocus
        guard = install_wheel_guard(qapp)
        assert guard is not installed
        assert spin.focusPolicy() == Qt.FocusPolicy.StrongFocus
    finally:
        replacement = qapp.findChild(WheelGuard, GUARD_NAME)
        if replacement is not None and replacement is not installed:
            qapp.removeEventFilter(replacement)
            replacement.deleteLater()
        installed.setObjectName(GUARD_NAME)
        qapp.installEventFilter(installed)
