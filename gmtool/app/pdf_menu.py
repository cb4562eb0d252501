"""File menu: 「PDFに書き出す…」 and 「印刷プレビュー…」 of the selected character's sheet.

`install_pdf_actions(services)` adds both to the window's File menu (before 「終了」); the sheet itself is
built by gmtool/views/print/sheet_document.py, so the PDF and the preview draw the same pages.  What
a system adds to its sheet (field names, session sections, outcome names) is its hooks' `print_parts`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QMarginsF, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence, QPageLayout, QPageSize

from gmtool.app.services import MenuId
from gmtool.app.systems import hooks_for
from gmtool.file_names import with_suffix
from gmtool.views.widgets import show_refusal

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

    from gmtool.app.services import AppServices
    from gmtool.models.campaign_model import CampaignModel
    from gmtool.views.print.parts import PrintParts

PDF_FILTER = "PDF (*.pdf)"


def print_parts(system_id: str) -> PrintParts:
    """What the system adds to its printed sheet; nothing for a system whose hooks declare none."""
    from gmtool.views.print.parts import COMMON_PARTS  # the sheet's code loads when used

    make = hooks_for(system_id).print_parts
    return COMMON_PARTS if make is None else make()


def session_html(campaign_model: CampaignModel, character_id: str) -> str:
    """The session sections the character's sheet shows ('' where its system's sheet shows none)."""
    parts = print_parts(campaign_model.stored(character_id).system)
    return "" if parts.session_html is None else parts.session_html(campaign_model, character_id)


class PdfActions(QObject):
    """The two actions and what they do; a child of the window."""

    def __init__(self, services: AppServices) -> None:
        super().__init__(services.parent_widget)
        self.services = services
        window = services.parent_widget
        self.export_action = QAction(self.tr("PDFに書き出す…"), window)
        self.export_action.setShortcut(QKeySequence("Ctrl+Shift+E"))
        self.export_action.triggered.connect(self.export_pdf)
        self.preview_action = QAction(self.tr("印刷プレビュー…"), window)
        self.preview_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Print))
        self.preview_action.triggered.connect(self.print_preview)
        self.preview: QPrintPreviewDialog | None = None
        self.preview_printer: QPrinter | None = None  # the preview's: the dialog does not own it

    def _selected(self, refusal: str) -> tuple[str, Any, str, PrintParts] | None:
        """(system, character, the session sections its sheet shows, its system's print parts) of the
        selected character."""
        character_id = self.services.selected_or_refuse(refusal)
        if character_id is None:
            return None
        model = self.services.campaign_model
        stored = model.stored(character_id)
        return stored.system, stored.character, session_html(model, character_id), print_parts(stored.system)

    def export_pdf(self) -> None:
        selected = self._selected(self.tr("PDFに書き出すキャラクターを選んでください"))
        if selected is None:
            return
        system_id, character, extra, parts = selected
        suggested = f"{getattr(character, 'name', '') or 'character'}.pdf"
        path = self.services.questions.ask_save_path(self.tr("PDFに書き出す"), self.tr(PDF_FILTER), suggested)
        if not path:
            return
        path = with_suffix(path, ".pdf")
        try:
            from gmtool.views.print.sheet_document import export_sheet_pdf

            pages = export_sheet_pdf(path, system_id, character, extra, parts)
        except OSError as error:
            show_refusal(self.services.parent_widget, str(error))
            return
        self.services.status_bar.showMessage(
            self.tr("{0} に書き出しました（{1} ページ）").format(path, pages), 5000
        )

    def print_preview(self) -> None:
        selected = self._selected(self.tr("印刷するキャラクターを選んでください"))
        if selected is None:
            return
        system_id, character, extra, parts = selected
        from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

        from gmtool.views.print.sheet_document import MARGIN_MM, print_sheet

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageLayout(
            QPageLayout(
                QPageSize(QPageSize.PageSizeId.A4),
                QPageLayout.Orientation.Portrait,
                QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
                QPageLayout.Unit.Millimeter,
            )
        )
        dialog = QPrintPreviewDialog(printer, self.services.parent_widget)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.setWindowTitle(self.tr("印刷プレビュー — {0}").format(getattr(character, "name", "")))
        dialog.paintRequested.connect(lambda device: print_sheet(device, system_id, character, extra, parts))
        self.preview, self.preview_printer = dialog, printer
        self.services.questions.open_dialog(dialog)


def install_pdf_actions(services: AppServices) -> PdfActions:
    """Adds 「PDFに書き出す…」 and 「印刷プレビュー…」 to the File menu, before its last separator
    (the one above 「終了」), once: a second call returns the installed ones (a child of the window)."""
    existing = services.parent_widget.findChild(PdfActions)
    if existing is not None:
        return existing  # installed once, whoever calls first
    actions = PdfActions(services)
    menu = services.menu(MenuId.FILE)
    separators = [a for a in menu.actions() if a.isSeparator()]
    before = separators[-1] if separators else None
    if before is None:
        menu.addSeparator()
        menu.addActions([actions.export_action, actions.preview_action])
    else:
        menu.insertSeparator(before)
        menu.insertActions(before, [actions.export_action, actions.preview_action])
    return actions
