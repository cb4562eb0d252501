"""The card database model says when its first open builds the cache (the window then shows a wait
cursor and why it pauses), and only then."""

from __future__ import annotations

from gmtool.models.mtg.card_database_model import CardDatabaseModel


def test_the_first_open_says_it_is_preparing_and_a_later_one_does_not(qapp, tmp_path):
    path = tmp_path / "cards.sqlite"
    heard: list[bool] = []
    first = CardDatabaseModel(path)
    first.preparing.connect(heard.append)
    assert first.find("山").name == "Mountain"  # the shipped cards, no import step
    assert heard == [True, False]
    first.close()
    again: list[bool] = []
    second = CardDatabaseModel(path)
    second.preparing.connect(again.append)
    assert second.find("Mountain") is not None and again == []
    second.close()
