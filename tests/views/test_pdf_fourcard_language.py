"""The フォーカード demo character's printed sheet read back as text (issue 35): in English nothing
gmtool prints is left in Japanese (the character's own data and bracketed skill names aside); in
either language no raw id is printed (性別 「female」, 利き腕 「left」)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from gmtool.app.pdf_menu import print_parts, session_html
from gmtool.views.print.sheet_document import export_sheet_pdf
from tests.e2e.test_english_walk_fourcard import IDS, USER_DATA
from tests.qt_fixtures import english_ui
from tests.text_audit import japanese_leftovers, raw_ids, report

DEMO = "リゼ・アルノー"


def printed_lines(campaign_model, path: Path) -> list[tuple[str, str]]:
    """The demo character printed as the File menu does, each line of the PDF's text as (page, line)."""
    stored = next(s for s in campaign_model.characters() if s.character.name == DEMO)
    export_sheet_pdf(
        path,
        stored.system,
        stored.character,
        session_html(campaign_model, stored.id),
        print_parts(stored.system),
    )
    pdf = pdfium.PdfDocument(str(path))
    try:
        return [
            (f"page {i + 1}", line.strip())
            for i in range(len(pdf))
            for line in pdf[i].get_textpage().get_text_range().splitlines()
            if line.strip()
        ]
    finally:
        pdf.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_fourcard_pdf_reads_in_the_ui_language_with_no_raw_id(campaign_model, tmp_path, qtbot, language):
    if language == "en":
        with english_ui(tmp_path):
            lines = printed_lines(campaign_model, tmp_path / "sheet.pdf")
    else:
        lines = printed_lines(campaign_model, tmp_path / "sheet.pdf")
    # The notes wrap over lines: a line that is a piece of the user's data is the user's data.
    lines = [(page, line) for page, line in lines if not any(line in kept for kept in USER_DATA)]
    found = raw_ids(lines, IDS, USER_DATA)
    if language == "en":
        found += japanese_leftovers(lines, USER_DATA)
    assert found == [], "\n" + report(found)
    text = " ".join(line for _, line in lines)
    if language == "en":
        assert "Female" in text and "Left" in text
    else:
        assert "女性" in text and "左" in text
