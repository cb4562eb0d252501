"""Cards for the MTG engine tests: the rule text's own examples (with the facts the text states) and
fictional cards for the shapes the text does not show.  Fictional names are marked as such."""

from __future__ import annotations

from gmtool.rules.systems.mtg.cards import Card
from gmtool.rules.systems.mtg.checks import LibraryCard

# From the rule text: 《エルフの神秘家》 マナ総量1・緑, 《ルーン爪の熊》 マナ総量2・緑,
# 《森》《山》 (basic lands), 「変異エルドラージ（欠色）」,
# 「甲鱗のワーム（緑）」, 「ラノワールのエルフ（緑）」.
MYSTIC = Card(
    "Elvish Mystic", 1, ("G",), name_ja="エルフの神秘家", types=("Creature",), subtypes=("Elf", "Druid")
)
BEAR = Card("ルーン爪の熊", 2, ("G",), name_ja="ルーン爪の熊", types=("Creature",))
FOREST = Card("Forest", 0, (), name_ja="森", supertypes=("Basic",), types=("Land",), subtypes=("Forest",))
MOUNTAIN = Card(
    "Mountain", 0, (), name_ja="山", supertypes=("Basic",), types=("Land",), subtypes=("Mountain",)
)
# The text gives no mana value for 変異エルドラージ (no real card of that name was found: see
# resources/cards/SOURCES.md) and ラノワールのエルフ; only their colors matter where they are used.
# 「甲鱗のワーム(7)(緑)」 is the cost {7}{G}: mana value 8, as the shipped sample's Scaled Wurm.
ELDRAZI = Card("変異エルドラージ", 3, ("U",), name_ja="変異エルドラージ", keywords=("Devoid",))
WURM = Card("甲鱗のワーム", 8, ("G",), name_ja="甲鱗のワーム", types=("Creature",))
ELVES = Card("ラノワールのエルフ", 1, ("G",), name_ja="ラノワールのエルフ", types=("Creature",))

# Fictional cards (not real card names): one for each shape the checks must handle.
GOLD = Card("Test Gold Two", 3, ("U", "G"), types=("Creature",))  # two colors
TRI = Card("Test Gold Three", 4, ("W", "U", "G"), types=("Creature",))  # three colors
DUAL = Card("Test Dual Land", 0, (), types=("Land",), subtypes=("Plains", "Island"))  # two land types
WASTE = Card("Test Plain Land", 0, (), types=("Land",))  # a land without basic land types
ARBOR = Card("Test Land Creature", 0, ("G",), types=("Land", "Creature"), subtypes=("Forest",))
RELIC = Card("Test Relic", 2, (), types=("Artifact",))  # a colorless spell
RED = Card("Test Red", 3, ("R",), types=("Instant",))
SEVEN = Card("Test Green Seven", 7, ("G",), types=("Creature",))  # the by-hand odds' big green card


def copies(card: Card, n: int, critical: int = 0) -> list[LibraryCard]:
    return [LibraryCard(card, i < critical) for i in range(n)]
