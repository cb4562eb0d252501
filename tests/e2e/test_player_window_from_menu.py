"""The player's path is reachable once a campaign is open (issue 40's walk: the start page shows only
while no campaign is remembered, so a player who once looked at the demo had no way back to it):
ファイル → プレイヤーとしてキャラクターを作る… opens the player's window beside the GM's; it closes with
the GM's window and leaves no throwaway campaign behind."""

from __future__ import annotations

import pytest

from gmtool.app.player import PlayerWindow

pytestmark = [pytest.mark.e2e, pytest.mark.window(add_system="aw")]  # 追加 asks which system


def file_action(window, text: str):
    file_menu = window.menuBar().actions()[0].menu()
    return next(a for a in file_menu.actions() if a.text().replace("&", "") == text)


def test_the_file_menu_opens_the_players_window_and_it_closes_with_the_gms(window, qtbot):
    file_action(window, "プレイヤーとしてキャラクターを作る…").trigger()
    (player,) = window.files.player_windows
    assert isinstance(player, PlayerWindow) and player.isVisible()
    scratch = player.model.campaign_model.campaign.path.parent
    assert scratch.exists()
    assert window.campaign_model.characters()  # the GM's campaign is still shown, untouched
    window.close()
    qtbot.waitUntil(lambda: not window.files.player_windows, timeout=5000)
    assert not scratch.exists()  # its throwaway campaign went with it


def test_closing_the_players_window_leaves_the_gms_working(window, qtbot):
    window.files.open_player_window()
    (player,) = window.files.player_windows
    player.close()
    qtbot.waitUntil(lambda: not window.files.player_windows, timeout=5000)
    names = [s.character.name for s in window.campaign_model.characters()]
    window.add_character()
    assert len(window.campaign_model.characters()) == len(names) + 1
