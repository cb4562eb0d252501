"""A card typed in by hand (the card entry dialog): the fields as entered turned into a `Card` — or
the reason they are not one — and what to point out before it is saved (a name the card database
already has, basic land types on a card that is not a land).

Nothing is written here: the menu keeps the card in the card database once the dialog is accepted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pydantic import TypeAdapter, ValidationError
from PySide6.QtCore import QObject

from gmtool.rules.systems.mtg.cards import BASIC_LAND_TYPE_COLORS, DEVOID, Card
from gmtool.store.validation import format_validation_error

_CARD = TypeAdapter(Card)


@dataclass(frozen=True)
class CardFields:
    """The dialog's fields as the player filled them in."""

    name: str = ""  # English
    name_ja: str = ""
    mana_value: int = 0
    colors: Sequence[str] = ()
    supertypes: Sequence[str] = ()
    types: Sequence[str] = ()
    land_types: Sequence[str] = ()  # the basic land types ticked
    subtypes: str = ""  # the others, as typed: words separated by spaces
    devoid: bool = False
    layout: str = "normal"


class MTGCardEntryModel(QObject):
    def __init__(
        self, existing: Callable[[str], Card | None] | None = None, parent: QObject | None = None
    ) -> None:
        """``existing`` is the card database's lookup: a name it knows is pointed out before saving."""
        super().__init__(parent)
        self.existing = existing

    def build(self, fields: CardFields) -> Card:
        """The card as entered; ValueError with the reason when it is not a card."""
        english = " ".join(fields.name.split())
        japanese = fields.name_ja.strip()
        if not english and not japanese:
            raise ValueError(self.tr("カード名を入力してください（英語名か日本語名）"))
        land_types = list(fields.land_types)
        data = {
            # A Japanese card shows no English name: the Japanese one then names the card.
            "name": english or japanese,
            "name_ja": japanese,
            "mana_value": fields.mana_value,
            "colors": list(fields.colors),
            "supertypes": list(fields.supertypes),
            "types": list(fields.types),
            "subtypes": land_types + [w for w in fields.subtypes.split() if w not in land_types],
            "keywords": [DEVOID] if fields.devoid else [],
            "layout": fields.layout,
        }
        try:
            return _CARD.validate_python(data)
        except ValidationError as error:
            raise ValueError(format_validation_error(error)) from None

    def known(self, card: Card) -> Card | None:
        """The card database's card of the same name (saving the entered one overrides it)."""
        return self.existing(card.name) if self.existing is not None else None

    @staticmethod
    def land_types_ignored(card: Card) -> bool:
        """Basic land types on a card that is not a land: they give it no color."""
        land_types = any(t in BASIC_LAND_TYPE_COLORS for t in card.subtypes)
        return bool(card.types) and not card.is_land and land_types
