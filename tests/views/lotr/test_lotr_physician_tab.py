"""The 医者 tab of 「回復・手当て…」: 医術's three outcomes and the day's care with their exact odds once
the GM has entered the target numbers, 「表を開く」 while they are 未設定, and the roll on a click."""

from __future__ import annotations

from gmtool.models.lotr.care_base import CUSTOM, percent_text
from gmtool.models.lotr.care_model import LotRCareModel
from gmtool.views.lotr.care_dialog import LotRCareDialog
from tests.models.lotr.test_care_hazard_models import HEALTH, setup
from tests.models.lotr.test_lotr_physician import fill
from tests.rules.lotr.dice_count import counted_at_least


def test_the_tab_refuses_until_the_table_is_filled_then_shows_and_rolls(qtbot, empty_campaign_model):
    actions, dice = setup(empty_campaign_model, 6, 6, 3, 4, 4, damage=HEALTH + 3)
    dialog = LotRCareDialog(LotRCareModel(actions, dice))
    qtbot.addWidget(dialog)
    page = dialog.physician_page
    assert "未設定" in page.infection_label.text() and not page.infection_button.isEnabled()
    assert page.infection_label.cell is not None and "未設定" in page.care_label.text()
    fill(empty_campaign_model, 12, 8, 10)
    dialog.physician_combo.setCurrentIndex(dialog.physician_combo.findData(CUSTOM))
    dialog.physician_bonus.setValue(2)
    text = page.infection_label.text()
    assert "1日 12・1週間 8" in text
    assert f"傷が自然に1日回復する {percent_text(counted_at_least(10))}" in text
    assert f"まったく回復しない {percent_text(1 - counted_at_least(6))}" in text
    assert f"倍の速度になる確率 {percent_text(counted_at_least(8))}" in page.care_label.text()
    page.infection_button.click()  # 6 + 6 (explodes) + 3 + 2 = 17: a day
    assert "傷が自然に1日回復する" in dialog.status_label.text()
    page.care_button.click()  # 4 + 4 + 2 = 10 vs 10: double
    assert actions.character.damage == HEALTH + 1 and "倍の速度" in dialog.status_label.text()
