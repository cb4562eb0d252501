"""The MTGでTRPG menu: making a deck from a decklist, the card database, the virtual library and the end
of the turn; and what the deck sheet asks of the window (a decklist, a card entered by hand).

Dialogs and the card database are opened when first needed: the window does not need them to appear.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEventLoop, Qt
from PySide6.QtWidgets import QApplication, QDialog, QMenu, QWidget

from gmtool.app.system_menu import SystemMenu
from gmtool.store.errors import StoreError
from gmtool.views.widgets import show_refusal, shown_message

if TYPE_CHECKING:
    from gmtool.models.mtg.card_database_model import CardDatabaseModel
    from gmtool.models.mtg.table_model import MTGTableModel
    from gmtool.rules.systems.mtg.cards import Card
    from gmtool.views.mtg.sheet_view import MTGSheetView


class MTGMenu(SystemMenu):
    system_id = "mtg"
    _cards: CardDatabaseModel | None = None
    _damage_reported = False

    def title(self) -> str:
        return self.tr("MTGでTRPG(&M)")

    def build(self, menu: QMenu) -> None:
        services = self.services
        for text, slot, shortcut in (
            (self.tr("デッキを作る（デッキリストから）…"), self.create_deck, "Ctrl+Shift+D"),
            (self.tr("カードデータベース…"), self.show_card_database, "Ctrl+Shift+B"),
            (None, None, None),
            (self.tr("仮想ライブラリー…"), self.show_library, "Ctrl+Shift+Y"),
            (self.tr("ターン終了（シーン終了）"), self.end_turn, "Ctrl+Shift+T"),
        ):
            if text is None or slot is None:
                menu.addSeparator()
            else:
                menu.addAction(services.make_action(text, slot, shortcut))

    # ---- the card database -----------------------------------------------------------------
    def card_database(self) -> CardDatabaseModel:
        """The user's card cache, one per window, opened on first use."""
        if self._cards is None:
            from gmtool.models.mtg.card_database_model import CardDatabaseModel

            self._cards = CardDatabaseModel(parent=self)
            self._cards.preparing.connect(self._show_preparing)
        return self._cards

    def _show_preparing(self, started: bool) -> None:
        """The first start builds the card cache from the shipped table: a wait cursor and a word."""
        status = self.services.status_bar
        if started:
            QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
            status.showMessage(self.tr("カードデータベースを準備しています（初回だけ数秒かかります）…"))
            QApplication.processEvents(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
        else:
            QApplication.restoreOverrideCursor()
            status.clearMessage()

    def close_card_database(self) -> None:
        if self._cards is not None:
            self._cards.close()

    def _lookups(self, quiet: bool = False) -> tuple[Any, Any] | None:
        """The database's find and search, or None when it cannot be opened.

        A damaged cache is reported once (not at every deck shown), with the offer to set it aside
        and start again from the shipped sample; ``quiet`` lookups after that say nothing.
        """
        cards = self.card_database()
        try:
            cards.database()
        except StoreError as problem:  # the message names the file and the fault
            if quiet and self._damage_reported:
                return None
            self._damage_reported = True
            question = self.tr(
                "{0}\n\nカードデータベースは読み込んだカードの控えです。このファイルを脇に置いて"
                "（消さずに名前を変えて）、同梱のサンプルから作り直しますか？"
                "カードファイルはあとで読み込み直せます。"
            ).format(shown_message(str(problem)))
            if not self.services.questions.ask_confirm(self.tr("カードデータベースを作り直す"), question):
                return None
            try:
                aside = cards.rebuild()
            except (StoreError, OSError) as failure:
                failed = self.tr("作り直せませんでした: {0}").format(shown_message(str(failure)))
                show_refusal(self.services.parent_widget, failed)
                return None
            self.services.status_bar.showMessage(
                self.tr("カードデータベースを作り直しました（元のファイル: {0}）").format(aside.name), 10000
            )
        return cards.find, cards.search

    def show_card_database(self) -> None:
        from gmtool.views.mtg.card_database_dialog import MTGCardDatabaseDialog

        cards = self.card_database()
        parent = self.services.parent_widget
        self.show_single(MTGCardDatabaseDialog, lambda: MTGCardDatabaseDialog(cards, parent))

    def enter_card(self, name: str = "", parent: QWidget | None = None) -> Card | None:
        """A card typed in by hand, kept in the card database; None if the player gives up."""
        from gmtool.models.mtg.card_entry_model import MTGCardEntryModel
        from gmtool.views.mtg.card_entry_dialog import MTGCardEntryDialog

        lookups = self._lookups(quiet=True)
        model = MTGCardEntryModel(lookups[0] if lookups else None)
        dialog = MTGCardEntryDialog(model, name, parent or self.services.parent_widget)
        if not self.services.questions.run_wizard(dialog) or dialog.card is None:
            return None
        try:
            self.card_database().add_manual(dialog.card)
        except StoreError as problem:  # the message names the file and the fault
            show_refusal(self.services.parent_widget, str(problem))
            return None
        return dialog.card

    # ---- decks ------------------------------------------------------------------------------
    def _decklist_dialog(self, deck_name: str | None) -> Any:
        from gmtool.views.mtg.decklist_dialog import MTGDecklistDialog

        lookups = self._lookups()
        if lookups is None:
            return None
        from gmtool.models.mtg.decklist_model import MTGDecklistModel
        from gmtool.models.mtg.decklists import card_data_date, name_candidates

        find, search = lookups
        cards = self.card_database()

        def candidates(name: str) -> list[Card]:
            try:
                return name_candidates(name, cards.database().find_all)
            except StoreError:  # reported once by _lookups; the dialog then lists no candidates
                return []

        try:
            data_date = card_data_date(cards.database())
        except StoreError:
            data_date = ""
        model = MTGDecklistModel(find, self.enter_card, search, candidates=candidates, data_date=data_date)
        return MTGDecklistDialog(model, deck_name, self.services.parent_widget)

    def create_character(self) -> str | None:
        """「PCはデッキ」: a new character is a deck, made from a decklist or empty."""
        return self.create_deck()

    def window_closing(self) -> None:
        self.close_card_database()

    def create_deck(self) -> str | None:
        """「MTGでTRPG のPCはデッキ」: a new character from a decklist (or an empty deck)."""
        from gmtool.rules.systems.mtg.character import MTGCharacter

        dialog = self._decklist_dialog("")
        if dialog is None:  # no card database: a deck can still be started, its cards entered by hand
            empty = self.services.questions.ask_confirm(
                self.tr("デッキを作る"),
                self.tr(
                    "カードデータベースが使えないため、デッキリストは読めません。空のデッキを作りますか？"
                ),
            )
            if not empty:
                return None
        elif not self.services.questions.run_wizard(dialog):
            return None
        name = (dialog.deck_name if dialog else "") or self.tr("新しいデッキ")
        try:
            deck = MTGCharacter(name=name) if dialog is None or dialog.empty else dialog.resolution.deck(name)
        except ValueError as refusal:
            show_refusal(self.services.parent_widget, str(refusal))
            return None
        text = self.tr("デッキ「{0}」を作成").format(name)
        new_id = self.services.campaign_model.insert_character(self.system_id, deck, text)
        self.services.select_character(new_id)
        return new_id

    def replace_decklist(self, sheet: MTGSheetView) -> None:
        """The sheet's 「デッキリストを読み込む…」: the deck's cards replaced, one undo step."""
        dialog = self._decklist_dialog(None)
        if dialog is None or not self.services.questions.run_wizard(dialog) or dialog.resolution is None:
            return
        resolution = dialog.resolution
        try:
            sheet.deck_model.replace_cards(resolution.library, resolution.sideboard, dialog.source)
        except ValueError as refusal:
            show_refusal(self.services.parent_widget, str(refusal))

    def attach_panel(self, view: QWidget, model: Any) -> None:
        from gmtool.views.mtg.check_view import MTGCheckView  # loaded: `view` is one

        assert isinstance(view, MTGCheckView)  # the MTG panel its hooks name
        view.library_requested.connect(lambda: self.show_library(model.character_id))
        view.outside_requested.connect(lambda: self.show_outside(model))

    def show_outside(self, model: Any) -> QDialog:
        """The judgement panel's 「ライブラリー外…」: its deck's cards out of the library."""
        from gmtool.views.mtg.outside_dialog import MTGOutsideDialog

        parent = self.services.parent_widget
        return self.show_single(MTGOutsideDialog, lambda: MTGOutsideDialog(model, parent))

    def attach_sheet(self, sheet: QWidget) -> None:
        """A deck sheet was shown: give it the card database and answer its requests."""
        from gmtool.views.mtg.sheet_view import MTGSheetView  # loaded: `sheet` is one

        if not isinstance(sheet, MTGSheetView):
            return
        lookups = self._lookups(quiet=True)
        sheet.set_card_database(*(lookups or (None, None)))
        sheet.decklist_requested.connect(lambda: self.replace_decklist(sheet))

        def manual(name: str, section: str, count: int) -> None:
            card = self.enter_card(name, sheet)
            if card is not None:
                sheet.add_card(card, count, section)

        sheet.manual_card_requested.connect(manual)

    # ---- the table -------------------------------------------------------------------------
    def _table_model(self) -> MTGTableModel:
        from gmtool.models.mtg.table_model import MTGTableModel  # imported on first use

        return MTGTableModel(self.services.campaign_model)

    def show_library(self, character_id: str | None = None) -> None:
        from gmtool.views.mtg.library_dialog import MTGLibraryDialog

        if not character_id:
            selected = self.services.selected_character_id()
            stored = self.services.campaign_model.stored(selected) if selected else None
            character_id = selected if stored is not None and stored.system == self.system_id else None
        parent = self.services.parent_widget
        dialog = self.show_single(
            MTGLibraryDialog, lambda: MTGLibraryDialog(self._table_model(), character_id, parent)
        )
        if character_id:
            combo = dialog.deck_combo
            combo.setCurrentIndex(combo.findData(character_id))

    def end_turn(self) -> None:
        """「ターン終了時」: boost cards back to the bottom, boost and repeat counts reset (one undo step)."""
        model = self._table_model()
        turn = model.state().turn
        from gmtool.rules.systems.mtg.table import TableRefused  # the engine loads with its first use

        try:
            model.end_turn()
        except TableRefused as refused:
            show_refusal(self.services.parent_widget, str(refused))
            return
        self.services.status_bar.showMessage(
            self.tr("MTGでTRPG: ターン {0} を終了しました（ブーストのカードはライブラリーの下へ）").format(
                turn
            ),
            5000,
        )
