"""The random method's nine rolls are shown whole: a 10, 11 or 12 is not cut to its first digit."""

from __future__ import annotations

from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication

from tests.views.lotr.test_wizard import fill_origin, make_wizard


def test_every_rolled_total_fits_its_label(qtbot, empty_campaign_model, refusals):
    wizard = make_wizard(qtbot, empty_campaign_model, seeds=(1, 2))  # seed 1 rolls [6,4] 10, kept (bold)
    fill_origin(wizard, "dwarf", "warrior")
    page = wizard.attributes_page
    page.roll_button.click()
    QApplication.processEvents()
    texts = [label.text() for label in page.face_labels]
    assert "[6,4] 10" in texts
    for label in page.face_labels:
        needed = QFontMetrics(label.font()).horizontalAdvance(label.text())
        assert label.width() >= needed, label.text()
