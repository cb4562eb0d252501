"""What the 千幻抄 session tests share: a GM's catalog, a cast of five, and checks that an action is
one undo step (the file goes back too) and one log line, or a refusal that stores nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.models.sengensho.session_model import SengenshoSessionModel
from gmtool.models.sengensho.state import CATALOG_KEY, SESSION_KEY
from gmtool.rules.systems.sengensho.bonds import BondRequest
from gmtool.rules.systems.sengensho.catalog import (
    AbilityKind,
    Archetype,
    ArchetypeCatalog,
    FantasyAbility,
    catalog_to_document,
)
from gmtool.rules.systems.sengensho.character import BondKind, PresetBond, SengenshoCharacter
from gmtool.rules.systems.sengensho.session import SessionRefused
from tests.qt_fixtures import stored_session

# What a GM typed into the catalog for these tests (the shipped catalog has every field empty).
GM_CATALOG = ArchetypeCatalog(
    (
        Archetype(
            "狩猟者",
            impression="GMの入力した印象",
            bond_guidance="GMの入力した指針",
            abilities=(
                FantasyAbility("能力甲", AbilityKind.BONUS, 2, "GMの入力した効果"),
                FantasyAbility("能力乙", AbilityKind.INFORMATION, 4, ""),
                FantasyAbility(),
            ),
        ),
        Archetype("芸術家"),
    )
)
CAST_NAMES = ("白峰 朔", "綾瀬 詩織", "黒羽 透", "宵闇の主", "町の古老")


def add_cast(campaign_model) -> tuple[str, str, str, str, str]:
    """Three PCs, the NPC 宵闇の主 (preset 縁故 5 per 類型) and an NPC without 類型."""
    characters = (
        SengenshoCharacter(name="白峰 朔", archetypes=("狩猟者", "芸術家")),
        SengenshoCharacter(name="綾瀬 詩織", archetypes=("芸術家",)),
        SengenshoCharacter(name="黒羽 透", archetypes=("狩猟者",)),
        SengenshoCharacter(
            name="宵闇の主",
            is_pc=False,
            archetypes=("狩猟者", "芸術家"),
            preset_bonds=(
                PresetBond("狩猟者", "人里", level=5),
                PresetBond("芸術家", "古い歌", BondKind.MEMORY, 5),
            ),
        ),
        SengenshoCharacter(name="町の古老", is_pc=False),
    )
    ids = tuple(campaign_model.insert_character("sengensho", c, "追加") for c in characters)
    return ids  # type: ignore[return-value]


def set_gm_catalog(campaign_model) -> None:
    campaign_model.set_session_value(CATALOG_KEY, catalog_to_document(GM_CATALOG), "類型カタログ")


def in_file(path: Path) -> object:
    """The session document as another program opening the file sees it."""
    return stored_session(path, SESSION_KEY)


def last_summary(model: SengenshoSessionModel) -> tuple[str, str, str]:
    """(who, inputs, result) of the last log line: the log table's キャラクター, 内容 and 結果."""
    summary = model.campaign_model.log_entries()[-1].payload["summary"]
    return summary["who"], summary["inputs"], summary["result"]


def trace(model: SengenshoSessionModel) -> tuple[object, int, int]:
    stack = model.campaign_model.undo_stack
    return model.state(), stack.count(), len(model.campaign_model.log_entries())


def refused(model: SengenshoSessionModel, action, reason: str) -> None:
    """The action is refused with `reason`, and nothing is stored, undoable or logged."""
    before = trace(model)
    with pytest.raises(SessionRefused) as refusal:
        action()
    assert reason in str(refusal.value)
    assert trace(model) == before


def undo_restores(model: SengenshoSessionModel, path: Path, action) -> object:
    """`action` is one undo step; undoing it brings back the state and the file, redo re-applies."""
    before_state, before_file = model.state(), in_file(path)
    count = model.campaign_model.undo_stack.count()
    result = action()
    after_state, after_file = model.state(), in_file(path)
    assert after_state != before_state and after_file != before_file
    assert model.campaign_model.undo_stack.count() == count + 1
    model.campaign_model.undo_stack.undo()
    assert model.state() == before_state and in_file(path) == before_file
    model.campaign_model.undo_stack.redo()
    assert model.state() == after_state and in_file(path) == after_file
    return result


def to(holder: str, archetype: str, target_id: str | None = None, **fields) -> BondRequest:
    kind = fields.pop("kind", BondKind.CHARACTER)
    return BondRequest(holder, archetype, kind, target_id=target_id, **fields)


def demo_session_with_a_bond(campaign_model, kind: BondKind, target: str) -> SengenshoSessionModel:
    """The demo campaign with the GM's catalog and a running session in scene 「神社」, where 白峰 朔
    has tied a 狩猟者 縁故 of `kind` to `target`."""
    saku = next(s.id for s in campaign_model.characters() if s.character.name == "白峰 朔")
    set_gm_catalog(campaign_model)
    session = SengenshoSessionModel(campaign_model)
    session.course.start()
    session.course.add_scene("神社")
    session.bonds.form(BondRequest(saku, "狩猟者", kind, target=target))
    return session
