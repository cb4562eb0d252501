"""Issue 35, MTGでTRPG's printed sheet (tests/views/test_pdf_terms.py prints every system's): the demo
deck's PDF in English holds no Japanese of gmtool's and names every card by its English name; in either
language no raw id is printed."""

from __future__ import annotations

from tests.qt_fixtures import english_ui
from tests.text_audit import japanese_leftovers, raw_ids, report
from tests.views.test_pdf_terms import print_pdf, squeezed  # noqa: F401 - the fixture

DECK = "リーフ・ウォーカー"
# The demo deck's own words: the user's data once the demo is made (the PDF's text has no spaces).
USER_DATA = tuple(
    squeezed(text)
    for text in (
        DECK,
        "エルフ",
        "同梱のサンプルカードだけで組んだデモ用のデッキ（緑赤）。クリティカル・カードは《甲鱗のワーム》2枚と"
        "《自由なる者ルーリク・サー》1枚。",
    )
)
IDS = ("success", "boosted_success", "failure", "cancelled", "main", "sideboard", "critical_limit", "check:W")


def pages_read(print_pdf) -> list[tuple[str, str]]:  # noqa: F811
    return [(f"page {i + 1}", page) for i, page in enumerate(print_pdf(DECK))]


def test_the_english_pdf_prints_english_and_english_card_names(print_pdf, tmp_path):  # noqa: F811
    with english_ui(tmp_path):
        pages = pages_read(print_pdf)
    assert japanese_leftovers(pages, USER_DATA) == [], report(japanese_leftovers(pages, USER_DATA))
    text = "".join(page for _, page in pages)
    for name in ("Forest", "ScaledWurm", "RuricThar,theUnbowed", "Fire//Ice"):
        assert name in text, name
    assert raw_ids(pages, [i for i in IDS if "_" in i or ":" in i], USER_DATA) == []


def test_the_japanese_pdf_prints_the_japanese_names_beside_the_english_and_no_raw_id(print_pdf):  # noqa: F811
    pages = pages_read(print_pdf)
    assert raw_ids(pages, IDS, USER_DATA) == [], report(raw_ids(pages, IDS, USER_DATA))
    text = "".join(page for _, page in pages)
    assert "《森》Forest" in text and "《甲鱗のワーム》ScaledWurm" in text
