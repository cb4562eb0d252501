"""The Lord of the Rings sheet printed in each UI language (issue 35), read back from the PDF's text:
in English no Japanese of gmtool's (only ナール's own name and notes), no Japanese gloss beside the
game's English terms; in either language no raw id or field key (`combat_picks`, `dwarf`, `nim, str`),
and the wound track's two numbers told apart (how many levels, and where the damage is now)."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from gmtool.app.pdf_menu import print_parts, session_html
from gmtool.views.print.sheet_document import export_sheet_pdf
from tests.e2e.test_english_walk_lotr import lotr_ids
from tests.qt_fixtures import english_ui
from tests.text_audit import japanese_leftovers, raw_ids, report

NAAR = "ナール"


def squeezed(text: str) -> str:
    return "".join(text.split())


@pytest.fixture
def print_naar(campaign_model, tmp_path, qtbot):
    """ナール printed as the File menu prints him; the PDF's text (pages joined) and his own data."""
    stored = next(s for s in campaign_model.characters() if s.character.name == NAAR)

    def run() -> str:
        path = tmp_path / "naar.pdf"
        extra = session_html(campaign_model, stored.id)
        export_sheet_pdf(path, stored.system, stored.character, extra, print_parts(stored.system))
        pdf = pdfium.PdfDocument(str(path))
        try:
            return "\n".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
        finally:
            pdf.close()

    user_data = [NAAR, stored.character.notes]
    return run, user_data


def test_the_english_lotr_pdf_has_no_japanese_of_gmtools(print_naar, tmp_path):
    run, user_data = print_naar
    with english_ui(tmp_path):
        text = run()
    # pdfium breaks lines where it likes: the page and the user's data compared without white space
    found = japanese_leftovers([("pdf", squeezed(text))], [squeezed(d) for d in user_data])
    leftover = squeezed(text)
    for kept in sorted((squeezed(d) for d in user_data), key=len, reverse=True):
        leftover = leftover.replace(kept, " ")
    assert not found, "Japanese left in the English PDF: " + "".join(
        c for c in leftover if "\u3040" <= c <= "\u9fff"
    )
    assert "Dwarf" in text and "ドワーフ" not in text  # the English game's word, no gloss


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_lotr_pdf_shows_no_raw_id(print_naar, tmp_path, language):
    run, user_data = print_naar
    if language == "en":
        with english_ui(tmp_path):
            text = run()
        ids = [i for i in lotr_ids() if i != "per"]  # "per" is an English word
    else:
        text = run()
        ids = lotr_ids()
    lines = [("pdf", line) for line in text.splitlines()]
    found = raw_ids(lines, ids, user_data)
    assert not found, f"raw ids in the {language} PDF:\n" + report(found)


def test_the_wound_track_numbers_are_told_apart(print_naar, tmp_path):
    """負傷段階数 (the track's length) and the level the damage is at now read as two things."""
    run, _ = print_naar
    ja = squeezed(run())
    assert "負傷段階数5" in ja and "現在の負傷段階（0=Healthy）0" in ja
    with english_ui(tmp_path):
        en = squeezed(run())
    assert "Woundlevels5" in en and "Currentwoundlevel(0=Healthy)0" in en


def test_the_test_reads_japanese_in_a_pdf(print_naar):
    """The check above can fail: the Japanese sheet has Japanese of gmtool's."""
    run, user_data = print_naar
    text = run()
    assert japanese_leftovers([("pdf", squeezed(text))], [squeezed(d) for d in user_data])
