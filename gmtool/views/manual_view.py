"""The manual's window (ヘルプ → 使い方, F1): the page list on the left, the page on the right.

Pages are Markdown, shown by a `QTextBrowser` from the files themselves (images and links relative
to the page); nothing is fetched from the network.  The search field keeps the pages that hold the
text in the list and finds it in the page shown (Enter: the next place).
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QTimer, QUrl
from PySide6.QtGui import (
    QDesktopServices,
    QImage,
    QKeySequence,
    QPixmap,
    QResizeEvent,
    QShortcut,
    QTextCursor,
    QTextDocument,
    QTextImageFormat,
)
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.manual_model import ManualModel
from gmtool.views.screen_fit import fit_to_screen

WANTED_SIZE = QSize(1100, 720)
PAGE_ROLE = Qt.ItemDataRole.UserRole


class ManualDialog(QDialog):
    def __init__(self, model: ManualModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setWindowTitle(self.tr("gmtool の使い方"))

        self.back_button = QPushButton(self.tr("← 戻る"))
        self.forward_button = QPushButton(self.tr("進む →"))
        self.home_button = QPushButton(self.tr("はじめに"))
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("検索（Enter で次へ）"))
        self.search.setClearButtonEnabled(True)

        self.page_list = QListWidget()
        self.page_list.setTextElideMode(Qt.TextElideMode.ElideRight)  # the full title in the tooltip
        self.page_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for page in model.pages:
            item = QListWidgetItem(page.title)
            item.setData(PAGE_ROLE, page.name)
            item.setToolTip(page.title)
            self.page_list.addItem(item)
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)  # links are followed here: a page's anchor, or the browser
        self.browser.anchorClicked.connect(self._follow)
        self.browser.sourceChanged.connect(self._shown)
        self._pending_anchor = self._pending_page = ""
        scroll = self.browser.verticalScrollBar()
        scroll.rangeChanged.connect(lambda *_: self._scroll_to_pending())
        scroll.actionTriggered.connect(self._user_scrolled)
        self.browser.backwardAvailable.connect(self.back_button.setEnabled)
        self.browser.forwardAvailable.connect(self.forward_button.setEnabled)

        self.back_button.clicked.connect(self.browser.backward)
        self.forward_button.clicked.connect(self.browser.forward)
        self.home_button.clicked.connect(lambda: self.open_page(""))
        self.back_button.setEnabled(False)
        self.forward_button.setEnabled(False)
        self.page_list.currentItemChanged.connect(self._chosen)
        self.search.textChanged.connect(self._filter_pages)
        self.search.returnPressed.connect(self.find_next)
        QShortcut(QKeySequence.StandardKey.Find, self, self._focus_search)
        QShortcut(QKeySequence.StandardKey.Back, self, self.browser.backward)
        QShortcut(QKeySequence.StandardKey.Forward, self, self.browser.forward)

        bar = QHBoxLayout()
        for button in (self.back_button, self.forward_button, self.home_button):
            bar.addWidget(button)
        bar.addWidget(self.search, 1)
        splitter = QSplitter()
        splitter.addWidget(self.page_list)
        splitter.addWidget(self.browser)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([260, 840])
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(splitter, 1)
        layout.addWidget(buttons)
        fit_to_screen(self, WANTED_SIZE)
        self.browser.setSource(model.url(""))  # the first page: the one 「はじめに」 comes back to

    # ---- what the window asks --------------------------------------------------------------
    def open_page(self, target: str) -> None:
        """Shows ``page.md`` or ``page.md#anchor`` ("" or an unknown page: the start page)."""
        url = self.model.url(target)
        same_page = url.toLocalFile() == self.browser.source().toLocalFile()
        self.browser.setSource(url)
        if same_page:  # not loaded again: only scrolled
            self._scroll_to(url.fragment())

    def start_at(self, target: str) -> None:
        """Opens at *target* (as `open_page`) with nothing before it: ← 戻る is off until the user
        goes elsewhere (opened at a dialog's page, it went back to a start page never seen)."""
        self.open_page(target)
        self.browser.clearHistory()

    def shown_page(self) -> str:
        return self.model.page_of(self.browser.source())

    def find_next(self) -> None:
        """The next place of the search text in the page shown, from the top again after the last."""
        text = self.search.text().strip()
        if not text or self.browser.find(text):
            return
        self.browser.moveCursor(self.browser.textCursor().MoveOperation.Start)
        self.browser.find(text)

    # ---- inside the dialog ---------------------------------------------------------------------
    def _follow(self, url: QUrl) -> None:
        if url.isRelative() and not url.path():  # "#anchor": a heading of this page
            self._scroll_to(url.fragment())
            return
        page = self.model.page_of(self.browser.source().resolved(url))
        if page:
            self.open_page(f"{page}#{url.fragment()}" if url.fragment() else page)
        else:
            QDesktopServices.openUrl(url)  # a web address: the user's browser, not this window

    def _shown(self, url: QUrl) -> None:
        page = self.model.page_of(url)
        self._pending_anchor, self._pending_page = url.fragment(), page
        QTimer.singleShot(0, self, self._fit_images)  # not once deleted
        QTimer.singleShot(0, self, self._scroll_to_pending)
        for row in range(self.page_list.count()):
            item = self.page_list.item(row)
            if item.data(PAGE_ROLE) == page:
                self.page_list.blockSignals(True)
                self.page_list.setCurrentItem(item)
                self.page_list.blockSignals(False)
        if self.search.text().strip():
            self.find_next()

    def _scroll_to(self, anchor: str) -> None:
        """Markdown headings carry no anchors in Qt: the heading whose GitHub anchor matches, at the
        top, once the page is laid out far enough (a page opened before the window is shown)."""
        self._pending_anchor = anchor
        self._pending_page = self.model.page_of(self.browser.source())
        self._scroll_to_pending()

    def _scroll_to_pending(self) -> None:
        # sourceChanged comes before the page is loaded, a hidden window is not laid out, and each
        # layout pass moves the heading: placed again at each change of the scroll range, until
        # the user scrolls
        if not self._pending_anchor or self.shown_page() != self._pending_page:
            return
        wanted = self.model.heading_anchor(self._pending_page, self._pending_anchor)
        document = self.browser.document()
        block = document.begin()
        while block.isValid():
            if block.blockFormat().headingLevel() and self.model.anchor(block.text()) == wanted:
                place = document.documentLayout().blockBoundingRect(block)
                if place.isEmpty():  # not laid out yet (a window not shown): when it is
                    return
                self.browser.verticalScrollBar().setValue(int(place.top()))
                return
            block = block.next()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_images()

    def _fit_images(self) -> None:
        """Screenshots are 1366 px wide: each is shown at most as wide as the page, never wider
        (no sideways scrolling), and never larger than it is."""
        document = self.browser.document()
        room = self.browser.viewport().width() - 2 * int(document.documentMargin()) - 8
        block = document.begin()
        while block.isValid():
            fragments = block.begin()
            while not fragments.atEnd():
                fragment = fragments.fragment()
                if fragment.isValid() and fragment.charFormat().isImageFormat():
                    self._fit_image(fragment.position(), fragment.charFormat().toImageFormat(), room)
                fragments += 1
            block = block.next()

    def _fit_image(self, position: int, image: QTextImageFormat, room: int) -> None:
        document = self.browser.document()
        picture = document.resource(QTextDocument.ResourceType.ImageResource, QUrl(image.name()))
        if not isinstance(picture, (QImage, QPixmap)) or picture.isNull() or room <= 0:
            return
        width = min(picture.width(), room)
        if int(image.width()) == width:
            return
        image.setWidth(width)
        image.setHeight(picture.height() * width / picture.width())
        cursor = QTextCursor(document)
        cursor.setPosition(position)
        cursor.setPosition(position + 1, QTextCursor.MoveMode.KeepAnchor)
        cursor.setCharFormat(image)

    def _user_scrolled(self) -> None:
        self._pending_anchor = ""

    def _chosen(self, item: QListWidgetItem | None) -> None:
        if item is not None and item.data(PAGE_ROLE) != self.shown_page():
            self.open_page(str(item.data(PAGE_ROLE)))

    def _filter_pages(self, text: str) -> None:
        found = set(self.model.pages_with(text))
        for row in range(self.page_list.count()):
            item = self.page_list.item(row)
            item.setHidden(item.data(PAGE_ROLE) not in found)
        if not text.strip():
            return
        if self.shown_page() not in found and found:  # the first page that has it
            self.open_page(next(page.name for page in self.model.pages if page.name in found))
        self.browser.moveCursor(self.browser.textCursor().MoveOperation.Start)
        self.browser.find(text.strip(), QTextDocument.FindFlag(0))

    def _focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()
