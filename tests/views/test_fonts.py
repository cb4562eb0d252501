"""The window writes kanji in the platform's Japanese font and Latin in the system's own (issue 38):
on this machine, IPA Gothic (packaging/sysdeps.sh) behind the system font."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontDatabase, QFontInfo, QTextLayout
from PySide6.QtWidgets import QApplication

from gmtool.japanese_fonts import japanese_family
from gmtool.views.fonts import installed_japanese_family, use_japanese_font


def families_writing(text: str, font) -> list[str]:
    layout = QTextLayout(text, font)
    layout.beginLayout()
    layout.createLine()
    layout.endLayout()
    return [run.rawFont().familyName() for run in layout.glyphRuns()]


@pytest.fixture
def app_font(qapp):
    original = QApplication.font()
    yield
    QApplication.setFont(original)


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_the_app_writes_kanji_in_a_japanese_font_and_latin_in_the_system_font(app_font, platform):
    chosen = installed_japanese_family(platform)
    if japanese_family(set(QFontDatabase.families()), platform) is None:
        pytest.skip("no Japanese font installed here (packaging/sysdeps.sh installs IPA Gothic)")
    system = QFontInfo(QApplication.font()).family()
    use_japanese_font(QApplication.instance(), platform)
    font = QApplication.font()
    assert font.families() == [system, chosen]
    assert families_writing("判定", font) == [chosen]
    assert families_writing("Roll", font) == [system]


def test_the_chat_palette_writes_kanji_in_the_japanese_font_and_keeps_its_fixed_pitch(qtbot):
    """The chat palette (BCDice lines with Japanese names) in a fixed-pitch font: kanji from the
    platform's Japanese font too, not from the fixed-pitch font's own fallback."""
    from gmtool.views.palette_dialog import PaletteDialog

    chosen = installed_japanese_family()
    if not chosen:
        pytest.skip("no Japanese font installed here (packaging/sysdeps.sh installs IPA Gothic)")
    dialog = PaletteDialog("2D6+3>=10 〈回避〉")
    qtbot.addWidget(dialog)
    font = dialog.text_edit.font()
    fixed = QFontInfo(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)).family()
    assert font.families() == [fixed, chosen]
    assert families_writing("2D6", font) == [fixed]
    assert families_writing("回避", font) == [chosen]
