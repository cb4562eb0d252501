"""The docks of the default layout as a GM meets them after a few rolls, saved for the manual (issue
34): the demo campaign on a 1366×768 screen, the rolls of ``test_docks_at_1366``, one secret roll
revealed and another chosen (結果を見る / 公開 in reach), a check typed with its odds and plot.

    QT_QPA_PLATFORM=offscreen:configfile=tests/data/screen_1366x768.json \\
        python -m tests.e2e.docks_shot ja --theme light \\
        --out resources/manual/screens/ja-light/ja_Docks.png

`make screens` takes it through screen_fit (`--shots`), with the tracker's attack step.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt

from tests.e2e.screen_fit import demo_window, shot_main
from tests.e2e.test_docks_at_1366 import LAPTOP, ROLLS

TYPED = "2D6+3>=10"  # left in the box: its odds and its plot show


def shoot(lang: str, theme: str, out: Path) -> None:
    app, window = demo_window(lang, theme)
    window.show()
    window.showNormal()
    window.resize(*LAPTOP)
    app.processEvents()
    window.reset_layout()  # 表示 → レイアウトを元に戻す: the default layout a first start shows
    app.processEvents()
    model, view = window.dice_box_model, window.dice_box_view
    assert model is not None and view is not None
    for command in ROLLS:
        model.set_text(command)
        assert model.roll() is not None, command
    app.processEvents()
    secrets = [
        row
        for row in range(view.results.count())
        if view.results.item(row).data(Qt.ItemDataRole.UserRole).payload.get("secret")
    ]
    view.results.setCurrentRow(secrets[0])
    view.reveal_button.click()  # 公開: its result goes to the log
    view.results.setCurrentRow(secrets[-1])  # another one chosen, its buttons ready
    view.line.setText(TYPED)
    window.statusBar().showMessage("demo.gmcampaign")  # not this machine's temporary folder
    for _ in range(5):
        app.processEvents()
    out.parent.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(out))
    window.close()


if __name__ == "__main__":
    os._exit(shot_main(shoot))  # as screen_fit: skip the interpreter's teardown of the open windows
