"""追加 without a wizard names each new character apart (the walk: every one was 「新しいキャラクター」,
within one system and across systems): the second is 「新しいキャラクター (2)」, in English
"New character (2)"; the sheet shows the name it got."""

from __future__ import annotations

from gmtool.models.system_names import system_choices
from tests.qt_fixtures import language  # noqa: F401 (a fixture)

NAMES = {
    "ja": ["新しいキャラクター", "新しいキャラクター (2)", "新しいキャラクター (3)"],
    "en": ["New character", "New character (2)", "New character (3)"],
}


def add(window, system_id: str) -> None:
    """追加, answering the system question with the system's name as the UI language shows it."""
    shown = dict(system_choices())[system_id]
    window.ask_item = lambda _title, _label, _items, _current: (shown, True)
    window.add_character()


def test_each_added_character_gets_a_name_of_its_own(language, window):  # noqa: F811
    add(window, "aw")
    add(window, "aw")
    add(window, "sengensho")  # another system: the campaign's names are shared
    added = window.campaign_model.characters()[-3:]
    assert [s.character.name for s in added] == NAMES[language]
    assert added[-1].system == "sengensho"
    assert window.selected_character_id() == added[-1].id
