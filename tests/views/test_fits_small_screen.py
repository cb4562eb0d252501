"""Issue 20: on a 1366×768 laptop the main window's default layout leaves about 1190×520 px for the
sheet and the judgement panel side by side.  Every system's sheet must be readable at 520 px without
scrolling sideways, and its panel must show its inputs, odds, roll button and plots in 600×500 px,
in every mode the GM can switch on, in Japanese and in English — so the layout cannot grow back.

Measured on the widgets themselves: a sheet's minimum width; a panel's minimum width, and the height
it needs when it is 600 px wide (its minimum, and what it asks for: the main window's scroll area
gives a panel the height it asks for, and scrolls if that is more than it has).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QApplication, QWidget

from gmtool.app.demo import open_demo_campaign
from gmtool.app.main_window import MainWindow
from gmtool.app.systems import hooks_for
from gmtool.models.aw.session_model import AWSessionModel
from gmtool.models.campaign_model import CampaignModel
from gmtool.rules.checks import Side
from gmtool.views.appearance import LANGUAGE_KEY
from tests.qt_fixtures import english_ui

SHEET_MAX_WIDTH = 520
PANEL_WIDTH, PANEL_MAX_HEIGHT = 600, 500
SYSTEMS = ("aw", "fourcard", "lotr", "sengensho", "mtg")


def _aw_command_spell(model: Any, view: Any) -> None:
    """A servant acting with its master's 令呪 +20: the box and its note under the inputs."""
    master, _, servant = (s.id for s in model.campaign_model.characters_of("aw"))
    AWSessionModel(model.campaign_model, model).contracts.form_contract(master, servant)
    model.set_character(Side.ACTION, servant)
    model.set_boost(True)


def _mtg_reveal(model: Any, view: Any) -> None:
    model.set_difficulty(12)  # hard enough that the reveal fails: the boost's six cards show
    view.procedure_box.reveal_button.click()


def _mtg_virtual(model: Any, view: Any) -> None:
    view.procedure_box.cancel_button.click()
    model.table.start_library(model.character_id)


Mode = tuple[str, Callable[[Any, Any], object]]
MODES: dict[str, list[Mode]] = {
    "aw": [
        ("判定", lambda m, v: None),
        ("令呪", _aw_command_spell),
        ("対決・令呪", lambda m, v: m.set_opposed(True)),
    ],
    "fourcard": [
        (mode, lambda m, v, mode=mode: m.set_mode(mode)) for mode in ("target", "compare", "achievement")
    ],
    "lotr": [
        (mode, lambda m, v, mode=mode: m.set_mode(mode))
        for mode in ("test", "group", "opposed", "corruption")
    ],
    "sengensho": [("判定", lambda m, v: None)],
    "mtg": [
        ("物理デッキ", lambda m, v: None),
        ("公開後", _mtg_reveal),
        ("状況が変わった", lambda m, v: m.set_situation_changed(True)),
        ("仮想ライブラリー", _mtg_virtual),
        ("仮想・公開後", _mtg_reveal),
    ],
}


@pytest.fixture(scope="module", params=["ja", "en"])
def window(
    request: pytest.FixtureRequest, qapp: QApplication, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[MainWindow]:
    """The main window over the demo campaign (a character of each system), in one language."""
    folder = tmp_path_factory.mktemp(f"fits-{request.param}")
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue(LANGUAGE_KEY, request.param)
    with pytest.MonkeyPatch.context() as patch, ExitStack() as language:
        patch.setenv("GMTOOL_DATA_DIR", str(folder / "data"))
        if request.param == "en":
            language.enter_context(english_ui(Path(folder)))
            assert QCoreApplication.translate("MainWindow", "ファイル(&F)") == "&File"
        window = MainWindow(CampaignModel(open_demo_campaign(Path(folder))), settings)
        window.show()
        try:
            yield window
        finally:
            window.close()
            window.deleteLater()


def first_character(window: MainWindow, system_id: str) -> str:
    for row in range(window.character_list.rowCount()):
        character_id = window.character_list.id_at(row)
        if character_id and window.campaign_model.stored(character_id).system == system_id:
            return character_id
    raise AssertionError(f"the demo campaign has no {system_id} character")


def height_needed(view: QWidget, width: int) -> tuple[int, int]:
    """(minimum, asked for) height of the panel at *width*.  LotR's panel scrolls its own content
    and gives it its minimum height at the width it has."""
    content = getattr(view, "content", view)
    layout = content.layout()
    assert layout is not None
    minimum = content.minimumSizeHint().height()
    if layout.hasHeightForWidth():
        minimum = max(minimum, layout.minimumHeightForWidth(width))
    asked = minimum if content is not view else max(minimum, view.heightForWidth(width))
    return minimum, asked


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_sheet_is_read_without_scrolling_sideways(window: MainWindow, system_id: str) -> None:
    window.select_character(first_character(window, system_id))
    QApplication.processEvents()
    sheet = window.sheet_view
    assert sheet is not None
    assert sheet.minimumSizeHint().width() <= SHEET_MAX_WIDTH


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_panel_fits_in_every_mode(qtbot: Any, window: MainWindow, system_id: str) -> None:
    character_id = first_character(window, system_id)
    model, view = hooks_for(system_id).panel(window.services)  # the window's own, not shared with its stack
    model.set_character(hooks_for(system_id).first_side(), character_id)
    holder = QWidget()
    qtbot.addWidget(holder)
    view.setParent(holder)
    holder.resize(PANEL_WIDTH, 2000)
    view.resize(PANEL_WIDTH, 2000)
    holder.show()
    for mode, switch_on in MODES[system_id]:
        switch_on(model, view)
        QApplication.processEvents()
        QApplication.processEvents()
        width = view.minimumSizeHint().width()
        minimum, asked = height_needed(view, PANEL_WIDTH)
        assert width <= PANEL_WIDTH, (mode, width)
        assert minimum <= PANEL_MAX_HEIGHT, (mode, minimum)
        assert asked <= PANEL_MAX_HEIGHT, (mode, asked)
