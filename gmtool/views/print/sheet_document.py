"""A character sheet as a printable document: PDF export and the print preview draw the same pages.

The sheet is HTML in a `QTextDocument` (tables of every value, the main check's plot as an image
resource), laid out on A4 in a Japanese font; Qt embeds the used subset of that font in the PDF.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QMarginsF, QSizeF, QUrl
from PySide6.QtGui import (
    QFont,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPdfWriter,
    QTextBlock,
    QTextCursor,
    QTextDocument,
    QTextFormat,
)

from gmtool.models.sheet_print import MainCheck, SheetContent, sheet_content
from gmtool.views.fonts import installed_japanese_family
from gmtool.views.print.check_plot import check_rows, render_check_plot
from gmtool.views.print.parts import COMMON_PARTS, PrintParts
from gmtool.views.print.sheet_sections import (
    character_sections,
    check_name,
    checks_section,
    derived_section,
    heading,
    notes_section,
    table,
)

PDF_RESOLUTION = 300  # dpi
MARGIN_MM = 15.0
FONT_POINT_SIZE = 9.5
DOCUMENT_DPI = 96  # the unit of the document's page size: pixels at the default logical dpi
PLOT_URL = QUrl("gmtool-sheet://main-check.png")
PLOT_WIDTH = 360  # document pixels of the embedded picture (the results table beside it)
# Ink colours are explicit: the document would otherwise write in the window's palette, and the
# dark theme's light text would print a near-white title on white paper.
STYLE = """
body { color: #1b1b1b; }
h1 { font-size: 16pt; margin-bottom: 2px; color: #1b1b1b; }
h2 { font-size: 11pt; margin-top: 10px; margin-bottom: 3px; color: #1f3f68; }
table.grid { border-collapse: collapse; border-color: #9aa5b1; }
th { background-color: #eef2f7; font-weight: normal; text-align: left; }
p.sub { color: #555; }
"""


def _tr(text: str) -> str:
    return QCoreApplication.translate("SheetPrint", text)


def sheet_font_family() -> str:
    """The platform's Japanese font (gmtool.japanese_fonts), else any that writes Japanese, else ''."""
    return installed_japanese_family()


def sheet_html(sheet: SheetContent, extra_html: str = "", parts: PrintParts = COMMON_PARTS) -> str:
    character = sheet.character
    name = getattr(character, "name", "") or _tr("（名前なし）")
    sections = [
        f"<h1>{escape(name)}</h1>",
        f'<p class="sub">{escape(_tr("キャラクターシート"))} — {escape(_tr(sheet.system_name))}</p>',
        character_sections(parts, character),
        notes_section(parts, character),
        extra_html,
        derived_section(parts, sheet.derived),
        checks_section(list(sheet.checks), parts),
        main_check_section(sheet.main_check, parts),
    ]
    return "<html><body>" + "".join(sections) + "</body></html>"


def main_check_section(check: MainCheck | None, parts: PrintParts = COMMON_PARTS) -> str:
    if check is None:
        return (
            heading(_tr("主な判定"))
            + f"<p>{escape(_tr('この キャラクターには振れる判定がありません。'))}</p>"
        )
    kind = check.kind
    difficulty = "" if check.difficulty is None else f"{_tr(parts.difficulty_label)} {check.difficulty}"
    if not parts.check_values:
        title = _tr("主な判定: {0}（{1}）").format(check_name(kind, parts), difficulty)
    elif difficulty:
        title = _tr("主な判定: {0}（判定値 {1}、{2}）").format(
            check_name(kind, parts), kind.value, difficulty
        )
    else:
        title = _tr("主な判定: {0}（判定値 {1}）").format(check_name(kind, parts), kind.value)
    rows = [(name, f"{float(p) * 100:.2f}%") for name, p in check_rows(check, parts)]
    # The picture and its numbers side by side, one table: the section stays on one page.
    return (
        heading(title)
        + '<table width="100%" cellspacing="0" cellpadding="0"><tr>'
        + f'<td width="{PLOT_WIDTH}"><img src="{PLOT_URL.toString()}" width="{PLOT_WIDTH}"/></td>'
        + f'<td valign="top">{table(rows, [_tr("結果"), _tr("確率")])}</td>'
        + "</tr></table>"
    )


def build_sheet_document(
    system_id: str, character: Any, extra_html: str = "", parts: PrintParts = COMMON_PARTS
) -> QTextDocument:
    """The sheet, not yet laid out on pages (see `paginate`).

    `extra_html`: sections from outside the character (the system's `parts.session_html`).
    `parts`: what the system adds to the sheet (field names, outcome names and colours).
    """
    sheet = sheet_content(system_id, character)
    check = sheet.main_check
    document = QTextDocument()
    family = sheet_font_family()
    font = QFont(family) if family else QFont()
    font.setPointSizeF(FONT_POINT_SIZE)
    document.setDefaultFont(font)
    document.setDefaultStyleSheet(STYLE)
    if check is not None:
        document.addResource(
            QTextDocument.ResourceType.ImageResource, PLOT_URL, render_check_plot(check, parts)
        )
    document.setHtml(sheet_html(sheet, extra_html, parts))
    return document


def paginate(document: QTextDocument, device: QPagedPaintDevice) -> int:
    """Lays the document out on the device's printable area; the number of pages it will print."""
    paint = device.pageLayout().paintRect(QPageLayout.Unit.Inch)
    document.setPageSize(QSizeF(paint.width() * DOCUMENT_DPI, paint.height() * DOCUMENT_DPI))
    keep_headings_with_next(document)
    return document.pageCount()


def keep_headings_with_next(document: QTextDocument) -> None:
    """A section heading never stays alone at the foot of a page, and a short section (a table up to
    half a page: the computed values, the main check) is never cut in two: it starts the next page."""
    page_height = document.pageSize().height()
    layout = document.documentLayout()
    block = document.begin()
    while block.isValid():
        following = block.next()
        if block.blockFormat().headingLevel() == 2 and following.isValid():
            top = layout.blockBoundingRect(block).top()
            below = _absolute_top(document, following)
            end = _section_bottom(document, following)
            cut = int(top // page_height) != int(below // page_height)
            short = end - top <= page_height / 2
            if cut or (short and int(top // page_height) != int(end // page_height)):
                cursor = QTextCursor(block)
                fmt = block.blockFormat()
                fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
                cursor.setBlockFormat(fmt)
        block = following


def _section_bottom(document: QTextDocument, block: QTextBlock) -> float:
    """Where the table that starts a section ends (a paragraph: where the paragraph ends)."""
    layout = document.documentLayout()
    frame = QTextCursor(block).currentFrame()
    if frame is None or frame is document.rootFrame():
        return layout.blockBoundingRect(block).bottom()
    while frame.parentFrame() is not None and frame.parentFrame() is not document.rootFrame():
        frame = frame.parentFrame()  # a nested table's outermost table
    return layout.frameBoundingRect(frame).bottom()


def _absolute_top(document: QTextDocument, block: QTextBlock) -> float:
    """Where a block starts in the document (a table cell's block rect is relative to its frame)."""
    layout = document.documentLayout()
    frame = QTextCursor(block).currentFrame()
    if frame is None or frame is document.rootFrame():
        return layout.blockBoundingRect(block).top()
    return layout.frameBoundingRect(frame).top()


def a4_pdf_writer(path: str | Path) -> QPdfWriter:
    writer = QPdfWriter(str(path))
    writer.setResolution(PDF_RESOLUTION)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
            QPageLayout.Unit.Millimeter,
        )
    )
    writer.setCreator("gmtool")
    return writer


def print_sheet(
    device: QPagedPaintDevice,
    system_id: str,
    character: Any,
    extra_html: str = "",
    parts: PrintParts = COMMON_PARTS,
) -> int:
    """Draws the sheet on a PDF writer or printer (the preview's too); returns the page count."""
    document = build_sheet_document(system_id, character, extra_html, parts)
    pages = paginate(document, device)
    document.print_(device)
    return pages


def export_sheet_pdf(
    path: str | Path,
    system_id: str,
    character: Any,
    extra_html: str = "",
    parts: PrintParts = COMMON_PARTS,
) -> int:
    """Writes the character's sheet as an A4 PDF at `path`; returns the number of pages.

    Raises OSError when the file cannot be written.
    """
    writer = a4_pdf_writer(path)
    writer.setTitle(getattr(character, "name", "") or "character")
    pages = print_sheet(writer, system_id, character, extra_html, parts)
    del writer  # the file is finished when the writer goes
    if not Path(path).is_file() or Path(path).stat().st_size == 0:
        raise OSError(_tr("PDF を書き出せませんでした: {0}").format(path))
    return pages
