"""The start page (no campaign to reopen): each of its four buttons leads where it says, a new
campaign shows what to do next, and the demo says it is the demo."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from gmtool.app.main_window import MainWindow
from gmtool.app.start_page import StartFlow
from gmtool.models.campaign_model import CampaignModel
from gmtool.store.campaign import Campaign
from gmtool.store.errors import CampaignError
from gmtool.views.empty_sheet import EmptySheet
from gmtool.views.start_page import StartChoice
from tests.qt_fixtures import release_model


@pytest.fixture
def flow(qtbot, settings) -> StartFlow:
    made = StartFlow(settings)
    qtbot.addWidget(made.page)
    made.page.show()
    return made


def click(flow: StartFlow, choice: StartChoice) -> None:
    flow.page.buttons[choice].click()


@pytest.fixture
def shown_window(qtbot, settings: QSettings):
    """The main window over a campaign the start page led to (closed at the end)."""
    made: list[MainWindow] = []

    def show(campaign: Campaign) -> MainWindow:
        window = MainWindow(CampaignModel(campaign), settings)
        qtbot.addWidget(window)
        window.show()
        made.append(window)
        return window

    yield show
    for window in made:
        window.close()
        release_model(window.campaign_model)


def test_the_page_offers_four_ways_in_each_with_a_line_on_what_it_does(flow):
    texts = {choice: (b.text(), b.description()) for choice, b in flow.page.buttons.items()}
    assert [t for t, _ in texts.values()] == [
        "新しいキャンペーン",
        "デモを見る",
        "開く…",
        "プレイヤーとしてキャラクターを作る",
    ]
    assert all(line for _, line in texts.values())
    assert not flow.page.reason_label.isVisible()


def test_the_page_says_why_the_last_campaign_did_not_open(qtbot, settings, tmp_path):
    gone = tmp_path / "gone.gmcampaign"
    made = StartFlow(settings, (gone, CampaignError("ファイルが見つかりません", gone)))
    qtbot.addWidget(made.page)
    made.page.show()
    assert made.page.reason_label.isVisible()
    assert (
        "前回のキャンペーン" in made.page.reason_label.text() and str(gone) in made.page.reason_label.text()
    )


def test_closing_the_page_quits(flow):
    flow.page.reject()
    assert flow.outcome is None and not flow.page.isVisible()


def test_demo_opens_the_demo_and_the_window_says_it_is_the_demo(flow, shown_window, private_data_dir):
    click(flow, StartChoice.DEMO)
    assert flow.outcome is not None and flow.outcome.campaign is not None
    assert flow.outcome.campaign.path == private_data_dir / "demo.gmcampaign"
    assert not flow.page.isVisible()
    window = shown_window(flow.outcome.campaign)
    assert window.file_banner.isVisible()
    assert "デモキャンペーンです" in window.file_banner.label.text()
    assert window.file_banner.new_campaign.isVisible() and not window.file_banner.save_as.isVisible()


def test_a_campaign_of_ones_own_shows_no_demo_banner(window):
    assert not window.file_banner.isVisible()


def test_new_campaign_asks_where_as_the_file_menu_does_then_says_what_to_do_next(
    flow, shown_window, tmp_path
):
    asked: list[tuple[str, str]] = []

    def answer(title: str, file_filter: str, _suggested: str = "") -> str:
        asked.append((title, file_filter))
        return str(tmp_path / "mine")

    flow.ask_save_path = answer
    click(flow, StartChoice.NEW)
    assert asked == [("新しいキャンペーン", "gmtool キャンペーン (*.gmcampaign)")]
    assert flow.outcome is not None and flow.outcome.campaign is not None
    assert flow.outcome.campaign.path == tmp_path / "mine.gmcampaign"

    shown = shown_window(flow.outcome.campaign)
    empty = shown.sheet_area.widget()
    assert isinstance(empty, EmptySheet)
    assert "キャラクター → 追加（Ctrl+Shift+N）" in empty.label.text()
    added: list[bool] = []
    shown.ask_item = lambda *_args: (added.append(True), ("", False))[1]  # 追加 asks which system
    empty.add_button.click()
    assert added == [True]


def test_new_campaign_cancelled_stays_on_the_page(flow):
    flow.ask_save_path = lambda *_args: ""
    click(flow, StartChoice.NEW)
    assert flow.outcome is None and flow.page.isVisible()


def test_open_opens_the_chosen_campaign_and_a_bad_one_is_refused(flow, tmp_path, refusals):
    kept = tmp_path / "kept.gmcampaign"
    Campaign.create(kept).close()
    (tmp_path / "bad.gmcampaign").write_text("not a campaign", encoding="utf-8")
    answers = iter([str(tmp_path / "bad.gmcampaign"), str(kept)])
    flow.ask_open_path = lambda *_args: next(answers)
    click(flow, StartChoice.OPEN)
    assert refusals and "bad.gmcampaign" in refusals[-1]
    assert flow.outcome is None and flow.page.isVisible()
    click(flow, StartChoice.OPEN)
    assert flow.outcome is not None and flow.outcome.campaign is not None
    assert Path(flow.outcome.campaign.path) == kept
    flow.outcome.campaign.close()


def test_player_leads_to_the_players_path(flow):
    click(flow, StartChoice.PLAYER)
    assert flow.outcome is not None and flow.outcome.player and flow.outcome.campaign is None


def test_the_start_page_and_the_players_window_read_english_in_the_english_ui(qtbot, settings, tmp_path):
    import re

    from gmtool.app.player import PlayerWindow
    from gmtool.views.start_page import StartPage
    from tests.qt_fixtures import english_ui

    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    with english_ui(tmp_path):
        page = StartPage()
        player = PlayerWindow(settings)
        qtbot.addWidget(page)
        qtbot.addWidget(player)
        texts = [b.text() + b.description() for b in page.buttons.values()]
        texts += [player.view.system_box.itemText(i) for i in range(player.view.system_box.count())]
        texts += [player.view.rule_label.text(), player.view.load_button.text(), player.windowTitle()]
        player.close()
    assert texts[0].startswith("New campaign")
    assert not [t for t in texts if japanese.search(t)]
