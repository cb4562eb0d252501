"""An NPC's preset 縁故 on the 千幻抄 sheet: 「セッション開始時点で設定済み」 (fixed while a session
runs), the points guideline shown, and the text's limits counted together with the 縁故 in play."""

from __future__ import annotations

import pytest

from gmtool.models.sengensho.state import cast_of
from gmtool.rules.systems.sengensho.bonds import BondRequest, form_bond
from gmtool.rules.systems.sengensho.character import BondKind, PresetBond
from gmtool.rules.systems.sengensho.session import SengenshoSession, add_scene, end_session, start_session
from tests.views.sengensho.test_sheet_view import LORD, add_cast, sheet, store, stored

LOCKED = "セッション 1 の最中は事前設定の縁故を変更できません（次のセッションの開始前に変更してください）"


@pytest.fixture
def campaign(empty_campaign_model):
    return add_cast(empty_campaign_model)


def choose(box, archetype: str, kind: BondKind, target: str, level: int = 1) -> None:
    box.archetype_combo.setCurrentIndex(box.archetype_combo.findData(archetype))
    box.kind_combo.setCurrentIndex(box.kind_combo.findData(kind.value))
    box.target_edit.setText(target)
    box.level_spin.setValue(level)


def kept_bonds(model, ids) -> SengenshoSession:
    """宵闇の主 forms four 縁故 in session 1 (朔, 詩織, 紅 and a memory) and the GM keeps them: with its
    three presets it holds 7 縁故, 2 of them 記憶."""
    cast, lord = cast_of(model), ids["宵闇の主"]
    session = start_session(SengenshoSession())
    requests = [
        BondRequest(lord, "狩猟者", BondKind.CHARACTER, target_id=ids["白峰 朔"]),
        BondRequest(lord, "狩猟者", BondKind.CHARACTER, target_id=ids["綾瀬 詩織"]),
        BondRequest(lord, "芸術家", BondKind.CHARACTER, target_id=ids["紅"]),
        BondRequest(lord, "狩猟者", BondKind.MEMORY, target="紅い月"),
    ]
    for n, request in enumerate(requests):
        session = form_bond(add_scene(session, f"シーン{n + 1}"), cast, request)[0]
    return store(model, end_session(store(model, session), keep_bonds=True))


def test_preset_sums_outside_the_guideline_are_shown_in_the_warning_colour(qtbot, campaign):
    model, ids = campaign
    view = sheet(qtbot, model, ids["宵闇の主"])
    box = view.presets_box
    assert not box.isHidden()
    assert box.guide_label.text() == "NPCの縁故は類型ごとに5〜6点が目安"
    hunter, artist = box.sum_labels["狩猟者"], box.sum_labels["芸術家"]
    assert (hunter.text(), artist.text()) == ("狩猟者: 5点", "芸術家: 5点")
    assert hunter.styleSheet() == "" and artist.styleSheet() == ""

    choose(box, "狩猟者", BondKind.CHARACTER, "博麗神社", 2)
    box.add_button.click()  # 7 points: not refused, shown
    assert stored(model, "宵闇の主").preset_bonds[-1] == PresetBond(
        "狩猟者", "博麗神社", BondKind.CHARACTER, 2
    )
    assert hunter.text() == "狩猟者: 7点" and "#b35c00" in hunter.styleSheet()
    assert artist.styleSheet() == ""
    assert model.undo_stack.undoText() == "事前設定の縁故「博麗神社」の追加"

    box.table.setCurrentCell(0, 0)  # 人里 3 → 1: 3 points
    assert box.target_edit.text() == "人里" and box.level_spin.value() == 3
    box.level_spin.setValue(1)
    box.update_button.click()
    assert box.rows()[0] == ["狩猟者", "キャラクター・集団", "人里", "1"]
    assert hunter.text() == "狩猟者: 5点" and hunter.styleSheet() == ""
    assert model.undo_stack.count() == 2
    model.undo_stack.undo()
    assert hunter.text() == "狩猟者: 7点" and "#b35c00" in hunter.styleSheet()


def test_preset_bonds_keep_the_texts_limits(qtbot, campaign, refusals):
    model, ids = campaign
    box = sheet(qtbot, model, ids["宵闇の主"]).presets_box
    choose(box, "芸術家", BondKind.CHARACTER, "人里")
    box.add_button.click()
    assert refusals[-1] == (
        "宵闇の主は「人里」に類型「狩猟者」の縁故を事前設定で持っています。"
        "別の類型から結ぶには、先にキャラクターシートでその縁故を外してください"
    )
    choose(box, "芸術家", BondKind.PURPOSE, "夜明けを見る")
    box.add_button.click()
    assert refusals[-1] == "目的の縁故は最大1つまでです（事前設定とセッションの縁故で1つ）"
    assert model.character(ids["宵闇の主"]) == LORD and model.undo_stack.count() == 0


def test_presets_are_locked_while_a_session_runs(qtbot, campaign, refusals):
    model, ids = campaign
    view = sheet(qtbot, model, ids["宵闇の主"])
    box = view.presets_box
    controls = (
        box.archetype_combo,
        box.kind_combo,
        box.target_edit,
        box.level_spin,
        box.add_button,
        box.update_button,
        box.remove_button,
    )
    assert all(w.isEnabled() for w in controls) and box.lock_label.isHidden()

    running = store(model, start_session(SengenshoSession()))
    assert not any(w.isEnabled() for w in controls)
    assert not box.lock_label.isHidden() and box.lock_label.text() == LOCKED
    assert box.add_button.toolTip() == LOCKED
    # What clicks that still got through (a keyboard shortcut) would do: each is refused.
    choose(box, "狩猟者", BondKind.CHARACTER, "博麗神社", 6)
    box.table.setCurrentCell(0, 0)
    box._on_add()
    box._on_update()
    box._on_remove()
    assert refusals == [LOCKED] * 3
    assert model.character(ids["宵闇の主"]) == LORD and model.undo_stack.count() == 1

    store(model, end_session(running))
    assert all(w.isEnabled() for w in controls) and box.lock_label.isHidden()
    box.table.setCurrentCell(2, 0)
    box.remove_button.click()
    assert [b.target for b in stored(model, "宵闇の主").preset_bonds] == ["人里", "満月の夜"]
    model.undo_stack.undo()
    model.undo_stack.undo()  # back into the running session
    assert not box.add_button.isEnabled() and box.lock_label.text() == LOCKED


def test_presets_count_the_bonds_kept_in_play_towards_the_limits(qtbot, campaign, refusals):
    model, ids = campaign
    box = sheet(qtbot, model, ids["宵闇の主"]).presets_box
    assert box.count_label.text() == "縁故 3/7個（事前設定 3個・セッションの縁故 0個を合わせて数えます）"
    kept_bonds(model, ids)
    assert box.add_button.isEnabled()  # between sessions
    assert box.count_label.text() == "縁故 7/7個（事前設定 3個・セッションの縁故 4個を合わせて数えます）"
    history = model.undo_stack.count()

    choose(box, "芸術家", BondKind.CHARACTER, "博麗神社")
    box.add_button.click()  # would be the 8th
    assert refusals[-1] == "縁故は最大7個までです（宵闇の主は事前設定とセッションの縁故で7個持っています）"
    box.table.setCurrentCell(0, 0)  # 人里 → a third 記憶
    choose(box, "狩猟者", BondKind.MEMORY, "初めての狩り")
    box.update_button.click()
    assert refusals[-1] == "記憶の縁故は最大2つまでです（事前設定とセッションの縁故で2つ）"
    choose(box, "芸術家", BondKind.CHARACTER, "白峰 朔")  # 人里 → 朔, whom a kept 狩猟者 縁故 holds
    box.update_button.click()
    assert refusals[-1] == (
        "宵闇の主は「白峰 朔」にセッションで結んだ類型「狩猟者」の縁故を持っています。"
        "別の類型から設定するには、先にセッション管理でその縁故を破棄してください"
    )
    assert len(refusals) == 3
    assert model.character(ids["宵闇の主"]) == LORD and model.undo_stack.count() == history

    choose(box, "狩猟者", BondKind.CHARACTER, "人里", 2)  # an update that keeps the count is fine
    box.update_button.click()
    assert len(refusals) == 3 and stored(model, "宵闇の主").preset_bonds[0].level == 2


def test_a_pc_with_presets_still_shows_them_so_they_can_be_removed(qtbot, campaign, refusals):
    model, ids = campaign
    view = sheet(qtbot, model, ids["宵闇の主"])
    view.pc_combo.setCurrentIndex(view.pc_combo.findData(True))
    box = view.presets_box
    assert not box.isHidden() and not box.pc_note.isHidden()
    box.target_edit.setText("満月")
    box.add_button.click()
    assert refusals == ["事前設定の縁故はNPCのものです（PCの縁故はセッション中に結びます）"]
    for _ in range(3):
        box.table.setCurrentCell(0, 0)
        box.remove_button.click()
    assert model.character(ids["宵闇の主"]).preset_bonds == ()
    assert box.isHidden()
