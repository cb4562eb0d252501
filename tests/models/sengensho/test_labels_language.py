"""The names the 千幻抄 views share, in the UI language (issue 35): the game's 類型 as English beside
the bracketed word, a 類型 the GM typed as typed; an unnamed scene and the session's state in English;
in Japanese each as before."""

from __future__ import annotations

from pathlib import Path

from gmtool.models.sengensho.labels import archetype_label, scene_label, session_status
from gmtool.rules.systems.sengensho.catalog import shipped_catalog
from gmtool.rules.systems.sengensho.character import GAME_ARCHETYPES, LAST_BOSS
from gmtool.rules.systems.sengensho.session import SengenshoSession, add_scene, start_session
from tests.qt_fixtures import english_ui


def session_with_an_unnamed_scene() -> SengenshoSession:
    return add_scene(start_session(SengenshoSession()), "  ")


def test_the_game_archetypes_are_the_shipped_catalogs_and_the_last_boss() -> None:
    assert GAME_ARCHETYPES == {*shipped_catalog().names(), LAST_BOSS}


def test_in_english_the_games_archetypes_stand_bracketed_beside_their_english(
    qapp: object, tmp_path: Path
) -> None:
    session = session_with_an_unnamed_scene()
    with english_ui(tmp_path):
        assert [archetype_label(n) for n in ("狩猟者", "芸術家", LAST_BOSS, "月の民")] == [
            "Hunter 〈狩猟者〉",
            "Artist 〈芸術家〉",
            "Last boss",
            "月の民",  # the GM's own 類型: their data
        ]
        assert scene_label(session, 1) == "Scene 1"
        assert scene_label(session, None) == "Before the session starts"
        assert session_status(session) == "Session 1 (running · current scene: Scene 1)"


def test_in_japanese_they_read_as_the_game_writes_them(qapp: object) -> None:
    session = session_with_an_unnamed_scene()
    assert [archetype_label(n) for n in ("狩猟者", LAST_BOSS, "月の民")] == ["狩猟者", "ラスボス", "月の民"]
    assert session_status(session) == "セッション 1（進行中・現在のシーン: シーン1）"


def test_a_refusal_naming_an_unnamed_ability_of_a_game_archetype_reads_english() -> None:
    """The shipped catalog leaves 狩猟者's abilities unnamed and unset: the refusal to use one names it
    「幻想能力1（名称未設定）」, which the English UI writes in English."""
    from gmtool.rules.systems.sengensho.catalog import FantasyAbility
    from gmtool.rules.systems.sengensho.session_types import SessionRefused
    from gmtool.views.message_catalog import catalog_path, load

    label = FantasyAbility().label(0)
    refusal = SessionRefused(label)
    assert str(refusal) == "幻想能力1（名称未設定）"
    assert load(catalog_path("en")).translate(str(refusal)) == "Fantasy ability 1 (no name yet)"
