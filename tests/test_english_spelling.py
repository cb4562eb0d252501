"""The English UI spells one way, American (issue 35): the catalogue had "Favored", "Color" and
"specialization" beside "Defence" and "coloured".  American is the majority of the catalogue and the
LotR rule summary's own spelling of its terms (Defense, favored attribute, Armor); a British form
added to a translation fails here, with the file and the text."""

from __future__ import annotations

import json
import re
from pathlib import Path

I18N = Path(__file__).resolve().parents[1] / "resources" / "i18n"
BRITISH = re.compile(
    r"\b(defence|colour\w*|favour\w*|armour\w*|speciali[s]\w*|traveller\w*|grey|behaviour\w*|honour\w*"
    r"|centre|catalogue)\b",
    re.IGNORECASE,
)


def english_translations() -> list[tuple[str, str]]:
    files = [*sorted((I18N / "en").glob("*.json")), I18N / "messages_en.json"]
    return [
        (path.name, value)
        for path in files
        for value in json.loads(path.read_text(encoding="utf-8")).values()
        if isinstance(value, str)
    ]


def test_the_english_catalogue_spells_the_american_way() -> None:
    found = [
        (name, match.group(0), value[:80])
        for name, value in english_translations()
        if (match := BRITISH.search(value))
    ]
    assert found == [], "\n".join(f"{name}: {word!r} in {text!r}" for name, word, text in found)


def test_the_check_finds_a_british_spelling() -> None:
    assert BRITISH.search("Dodge and defence")
    assert BRITISH.search("shown in coloured bold")
    assert not BRITISH.search("Defense 12, colored, favored attribute, specialization")
