"""アナザーワールドSRS 3rd's printed sheet in the UI language (issue 35): each AW demo character, with a
contract, a servant and an event key in its session section, printed in English has no Japanese left
outside the user's data, and in either language no raw id (a key, an enum value) printed as text."""

from __future__ import annotations

import pytest

from gmtool.models.aw.session_model import AWSessionModel
from gmtool.rules.systems.aw.session import SpellEffect
from tests.e2e.test_english_walk_aw import TYPED, aw_ids, demo_strings
from tests.qt_fixtures import english_ui
from tests.text_audit import japanese_leftovers, raw_ids, report
from tests.views.test_pdf_terms import squeezed

AW_NAMES = ("朝霧 透", "ミナ・クローデル", "影の使徒")


@pytest.fixture
def print_pdf(campaign_model, tmp_path, qtbot):
    """Prints a demo character as the File menu does; the pages' text with its spaces (a raw id is a
    whole word: squeezed, `body` would hide inside "Bodybody")."""
    import pypdfium2 as pdfium

    from gmtool.app.pdf_menu import print_parts, session_html
    from gmtool.views.print.sheet_document import export_sheet_pdf

    def run(name: str) -> list[str]:
        stored = next(s for s in campaign_model.characters() if s.character.name == name)
        path = tmp_path / f"{stored.id}.pdf"
        extra = session_html(campaign_model, stored.id)
        export_sheet_pdf(path, stored.system, stored.character, extra, print_parts(stored.system))
        pdf = pdfium.PdfDocument(str(path))
        try:
            return [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
        finally:
            pdf.close()

    return run


@pytest.fixture
def played(campaign_model, qtbot):
    """The demo with a contract (ミナ → 朝霧), a 令呪 used and an event key, as a session leaves it."""
    names = {s.character.name: s.id for s in campaign_model.characters()}
    session = AWSessionModel(campaign_model)
    session.add_scene("シーン1", (names["ミナ・クローデル"], names["朝霧 透"]))
    session.contracts.form_contract(names["ミナ・クローデル"], names["朝霧 透"])
    session.contracts.use_command_spell(names["ミナ・クローデル"], names["朝霧 透"], SpellEffect.ORDER)
    session.keys.give("鍵", names["朝霧 透"])
    return session


def kept() -> list[str]:
    """The user's data, as typed and as the PDF's text layer may break it (white space squeezed out)."""
    texts = demo_strings() + TYPED
    return texts + [squeezed(text) for text in texts if squeezed(text)]


def texts_of(pages: list[str]) -> list[tuple[str, str]]:
    """Each page's text, and the same squeezed (pdfium may break a line between two glyphs)."""
    return [(f"page {i + 1}", text) for i, page in enumerate(pages) for text in (page, squeezed(page))]


@pytest.mark.parametrize("name", AW_NAMES)
def test_the_english_aw_pdf_has_no_japanese_left(print_pdf, played, name, tmp_path):
    with english_ui(tmp_path):
        pages = print_pdf(name)
    found = japanese_leftovers(texts_of(pages), kept())
    assert found == [], report(found)
    if name == "ミナ・クローデル":  # the session section is there, in English
        assert "CommandSpellsleft2/3" in squeezed("".join(pages))


@pytest.mark.parametrize("name", AW_NAMES)
def test_the_aw_pdf_prints_no_raw_id_in_either_language(print_pdf, played, name, tmp_path):
    japanese = print_pdf(name)
    with english_ui(tmp_path):
        english = print_pdf(name)
    # In English an id such as `failure` or `check` is also a word of the sheet ("Automatic failure"):
    # there a key shows as snake_case; in Japanese any of AW's ids is a leak.
    for pages, ids in ((japanese, aw_ids()), (english, [])):
        found = raw_ids([(f"page {i + 1}", page) for i, page in enumerate(pages)], ids, kept())
        assert found == [], report(found)
