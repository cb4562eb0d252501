"""The combat tracker's LotR attack step as a GM sees it, saved for the manual (issue 34): the demo
campaign, ナール against an orc, round 1, on a 1366×768 screen — the whole window, the tracker
docked below the judgement panel.

    QT_QPA_PLATFORM=offscreen:configfile=tests/data/screen_1366x768.json \\
        python -m tests.e2e.tracker_shot ja --theme light \\
        --out resources/manual/screens/ja-light/ja_TrackerAttack.png

`make screens` takes it through screen_fit (`--shots`), whose walk opens the tracker without a fight.
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.e2e.screen_fit import demo_window, shot_main

ORC = {"ja": "オーク", "en": "Orc"}


def shoot(lang: str, theme: str, out: Path) -> None:
    from gmtool.app.battle_menu import show_tracker
    from gmtool.views.battle.battle_dialog import BattleDialog

    app, window = demo_window(lang, theme)
    window.show()
    for _ in range(5):  # the first start's default layout is applied once the window is shown
        app.processEvents()
    naar = next(s.id for s in window.campaign_model.characters() if s.character.name == "ナール")
    window.select_character(naar)
    show_tracker(window.services)
    app.processEvents()
    dialog = window.services.dialogs.find(BattleDialog)  # docked in the window (issue 40)
    assert dialog is not None and dialog.isVisible()
    dialog.ask_confirm = lambda *_: True  # type: ignore[method-assign]
    dialog.new_button.click()
    dialog.character_combo.setCurrentIndex(dialog.character_combo.findText("ナール"))
    dialog.add_character_button.click()
    dialog.model.roster.add_quick(ORC[lang], {"swiftness": 0, "defence": 10, "health": 6})
    dialog.start_button.click()
    for _ in range(5):
        app.processEvents()
    out.parent.mkdir(parents=True, exist_ok=True)
    window.statusBar().showMessage("demo.gmcampaign")  # not this machine's temporary folder
    window.grab().save(str(out))  # the tracker docked below the panel, as the GM sees it
    dialog.close()
    window.close()


if __name__ == "__main__":
    os._exit(shot_main(shoot))  # as screen_fit: skip the interpreter's teardown of the open windows
