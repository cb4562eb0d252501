"""PDF character sheets: every system's demo character printed, the PDF rendered back to pictures."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import replace
from enum import Enum
from html import escape
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from PySide6.QtGui import QFontDatabase, QPageLayout
from PySide6.QtPrintSupport import QPrinter

from gmtool.app.pdf_menu import install_pdf_actions, session_html
from gmtool.app.systems import hooks_for
from gmtool.models.sheet_print import main_check, sheet_content
from gmtool.rules.systems import SYSTEMS
from gmtool.views.print.check_plot import OutcomePlot, check_rows, render_check_plot
from gmtool.views.print.sheet_document import (
    build_sheet_document,
    export_sheet_pdf,
    sheet_font_family,
    sheet_html,
)
from tests.qt_fixtures import DEMO_NAMES

INK = 200  # a rendered pixel darker than this (any channel) is ink, not paper
MIN_INK = 0.0005  # fraction of a page that must be ink


def demo_characters(campaign_model) -> list[tuple[str, object]]:
    return [(s.system, s.character) for s in campaign_model.characters()]


@pytest.fixture
def demo(campaign_model):
    return demo_characters(campaign_model)


def rendered_pages(path: Path) -> list[np.ndarray]:
    pdf = pdfium.PdfDocument(str(path))
    try:
        return [np.asarray(pdf[i].render(scale=1).to_numpy()) for i in range(len(pdf))]
    finally:
        pdf.close()


def squeezed(text: str) -> str:
    return "".join(text.split())


def pdf_text(path: Path) -> str:
    """The text layer with all white space removed (pdfium may break lines between glyphs)."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        return squeezed("".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf))))
    finally:
        pdf.close()


def ink(page: np.ndarray) -> float:
    return float((page[:, :, :3].min(axis=2) < INK).mean())


def test_the_demo_campaign_has_a_character_of_every_system(demo):
    assert {system for system, _ in demo} == set(SYSTEMS)
    assert [c.name for _, c in demo] == DEMO_NAMES


def test_a_japanese_font_is_chosen_and_embedded(demo, tmp_path, qtbot):
    family = sheet_font_family()
    assert QFontDatabase.WritingSystem.Japanese in QFontDatabase.writingSystems(family)
    path = tmp_path / "sheet.pdf"
    export_sheet_pdf(path, *demo[0])
    base_fonts = re.findall(rb"/BaseFont\s*/(\S+)", path.read_bytes())
    assert any(family.replace(" ", "").encode() in name for name in base_fonts), base_fonts


@pytest.mark.parametrize("index", range(len(DEMO_NAMES)))
def test_every_demo_character_prints_to_an_a4_pdf_with_content_on_every_page(demo, index, tmp_path):
    system_id, character = demo[index]
    parts = hooks_for(system_id).print_parts()  # the system's outcome names, as the menu prints them
    path = tmp_path / "sheet.pdf"
    pages = export_sheet_pdf(path, system_id, character, parts=parts)
    images = rendered_pages(path)
    assert len(images) == pages >= 1
    for image in images:
        height, width = image.shape[:2]
        assert abs(height / width - 297 / 210) < 0.01  # A4 portrait
        assert ink(image) > MIN_INK
    data = path.read_bytes()
    assert b"/FontFile2" in data or b"/FontFile" in data  # the font is embedded
    text = pdf_text(path)
    assert squeezed(character.name) in text
    assert "キャラクターシート" in text
    check = main_check(system_id, character)
    assert check is not None
    assert squeezed(check.kind.label) in text
    for name, _ in check_rows(check, parts):
        assert squeezed(name) in text


def _leaf_strings(value: object) -> list[str]:
    """Every non-empty text stored anywhere in the character (names, notes, card names, …)."""
    if isinstance(value, Enum):
        return [str(value.value)]
    if isinstance(value, str):
        return [value] if value else []
    if dataclasses.is_dataclass(value):
        shown = [f.name for f in dataclasses.fields(value) if f.name != "layout"]  # MTG card layout code
        return [s for name in shown for s in _leaf_strings(getattr(value, name))]
    if isinstance(value, tuple | list):
        return [s for v in value for s in _leaf_strings(v)]
    return []


@pytest.mark.parametrize("index", range(len(DEMO_NAMES)))
def test_the_sheet_shows_every_stored_text_every_computed_value_and_every_check(demo, index, qtbot):
    system_id, character = demo[index]
    system = SYSTEMS[system_id]
    html = sheet_html(sheet_content(system_id, character))
    for text in _leaf_strings(character):
        assert escape(text).replace("\n", "<br/>") in html, text
    for kind in system.checks(character):
        assert escape(kind.label) in html
    for key, value in system.derive(character).items():
        assert f"<td>{value}</td>" in html, key


def test_mtg_deck_list_is_printed_with_counts_and_total(demo, qtbot):
    system_id, deck = next((s, c) for s, c in demo if s == "mtg")
    html = sheet_html(replace(sheet_content(system_id, deck), main_check=None))
    assert "《森》 Forest" in html
    total = sum(entry.count for entry in deck.library)
    assert f"<td>{total}</td><td>合計</td>" in html


@pytest.mark.parametrize("index", [0, 3, 4, 5, 8])  # one character of each system
def test_the_plot_is_given_the_main_checks_distribution(demo, index, qtbot):
    system_id, character = demo[index]
    system = SYSTEMS[system_id]
    check = main_check(system_id, character)
    kind = system.checks(character)[0]
    expected = system.distribution(system.default_spec(character, kind)).probabilities
    plot = OutcomePlot(check)
    qtbot.addWidget(plot)
    assert plot.heights() == pytest.approx([float(p) * 100 for p in expected.values()])
    image = render_check_plot(check, size=(320, 160), scale=1)
    assert (image.width(), image.height()) == (320, 160)
    colors = {image.pixelColor(x, y).name() for x in range(0, 320, 8) for y in range(0, 160, 8)}
    assert len(colors) > 3  # axes, bars and text, not a blank picture


def test_the_document_embeds_the_plot_as_an_image(demo, qtbot):
    system_id, character = demo[0]
    document = build_sheet_document(system_id, character)
    assert 'src="gmtool-sheet://main-check.png"' in document.toHtml()


# ---- the menu ------------------------------------------------------------------------


@pytest.fixture
def window(window):
    install_pdf_actions(window.services)
    return window


def file_menu_texts(window) -> list[str]:
    menu = window.menuBar().actions()[0].menu()
    return [a.text() for a in menu.actions()]


def test_the_actions_sit_in_the_file_menu_above_quit_once(window):
    assert install_pdf_actions(window.services) is window.pdf_actions  # a second install adds nothing
    texts = file_menu_texts(window)
    assert texts.count("PDFに書き出す…") == texts.count("印刷プレビュー…") == 1
    export, preview = texts.index("PDFに書き出す…"), texts.index("印刷プレビュー…")
    assert preview == export + 1
    assert texts[preview + 1] == "" and texts[-1] == "終了"


def test_export_pdf_writes_the_selected_characters_sheet(window, tmp_path, monkeypatch):
    out = tmp_path / "toru"
    asked: list[tuple] = []
    monkeypatch.setattr(window, "ask_save_path", lambda *args: asked.append(args) or str(out))
    window.pdf_actions.export_action.trigger()
    assert asked[0][2] == "朝霧 透.pdf"
    written = tmp_path / "toru.pdf"
    assert written.is_file()
    assert "朝霧透" in pdf_text(written)
    assert "toru.pdf" in window.statusBar().currentMessage()


def test_cancelling_the_save_dialog_writes_nothing(window, tmp_path, monkeypatch):
    monkeypatch.setattr(window, "ask_save_path", lambda *_: "")
    window.pdf_actions.export_pdf()
    assert list(tmp_path.glob("*.pdf")) == []


def test_no_selected_character_is_refused(window, refusals, monkeypatch):
    monkeypatch.setattr(window, "selected_character_id", lambda: None)
    monkeypatch.setattr(window, "ask_save_path", lambda *_: pytest.fail("asked for a path"))
    window.pdf_actions.export_pdf()
    window.pdf_actions.print_preview()
    assert refusals == [
        "PDFに書き出すキャラクターを選んでください",
        "印刷するキャラクターを選んでください",
    ]


def test_print_preview_draws_the_same_sheet(window, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr(window, "open_dialog", shown.append)
    window.select_character(window.character_list.id_at(DEMO_NAMES.index("ナール")))
    window.pdf_actions.preview_action.trigger()
    (dialog,) = shown
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    out = tmp_path / "preview.pdf"
    printer.setOutputFileName(str(out))
    printer.setPageLayout(dialog.printer().pageLayout())
    assert printer.pageLayout().orientation() == QPageLayout.Orientation.Portrait
    dialog.paintRequested.emit(printer)
    assert "ナール" in pdf_text(out)
    assert all(ink(page) > MIN_INK for page in rendered_pages(out))
    dialog.close()


# ---- what the sheet shows from the session -------------------------------------------


def test_aw_contracts_and_event_keys_are_printed(campaign_model, qtbot):
    from gmtool.rules.systems.aw import session as aw

    ids = {s.character.name: s.id for s in campaign_model.characters()}
    master, servant = ids["朝霧 透"], ids["影の使徒"]
    state = aw.AWSession(
        contracts=(aw.Contract(master=master, servant=servant),),
        event_keys=(aw.EventKey(id="k1", name="古びた鍵", holder=master, scene="廃教会"),),
    )
    campaign_model.set_session_value("aw.session", aw.dump_session(state), "test")
    html = session_html(campaign_model, master)
    assert "契約・イベントキー" in html
    assert "影の使徒" in html
    assert "古びた鍵（シーン「廃教会」）" in html
    assert "マスター</th><td>朝霧 透" in session_html(campaign_model, servant)


def test_sengensho_session_bonds_are_printed_and_reach_the_pdf(campaign_model, tmp_path, qtbot):
    from gmtool.rules.systems.sengensho.character import BondKind
    from gmtool.rules.systems.sengensho.session import Bond, SengenshoSession, session_to_document

    holder = next(s for s in campaign_model.characters() if s.character.name == "白峰 朔")
    bond = Bond(
        id=1, holder=holder.id, archetype="狩猟者", kind=BondKind.MEMORY, target="燃える故郷", level=2
    )
    document = session_to_document(SengenshoSession(running=True, bonds=(bond,), next_id=2))
    campaign_model.set_session_value("sengensho.session", document, "test")
    html = session_html(campaign_model, holder.id)
    assert "<td>狩猟者</td><td>記憶</td><td>燃える故郷</td><td>2</td>" in html
    path = tmp_path / "saku.pdf"
    export_sheet_pdf(path, "sengensho", holder.character, html)
    assert "燃える故郷" in pdf_text(path)


def test_systems_without_session_sections_add_nothing(campaign_model, qtbot):
    for stored in campaign_model.characters():
        if stored.system in ("fourcard", "lotr", "mtg"):
            assert session_html(campaign_model, stored.id) == ""


@pytest.mark.parametrize("system_id", sorted(SYSTEMS))
def test_a_new_blank_character_of_every_system_prints(system_id, tmp_path, qtbot):
    character = SYSTEMS[system_id].new_character()
    path = tmp_path / "blank.pdf"
    pages = export_sheet_pdf(path, system_id, character)
    images = rendered_pages(path)
    assert len(images) == pages >= 1
    assert all(ink(page) > MIN_INK for page in images)
    assert "キャラクターシート" in pdf_text(path)


def test_bilingual_degree_names_are_shortened_on_the_plot_axis_only():
    from gmtool.views.print.check_plot import tick_label

    assert tick_label("Failure（失敗）") == "失敗"
    assert tick_label("成功（行動判定ブースト）") == "成功（行動判定ブースト）"
    assert tick_label("自動成功") == "自動成功"
