"""SengenshoSessionModel over a real campaign file: each action is one undo step (the file goes back
too) and one log line saying who, what and the result; a refusal stores, logs and stacks nothing."""

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
from gmtool.rules.systems.sengensho.fantasy import AbilityState
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


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "empty.gmcampaign"


@pytest.fixture
def model(empty_campaign_model) -> SengenshoSessionModel:
    return SengenshoSessionModel(empty_campaign_model)


@pytest.fixture
def cast(model) -> tuple[str, str, str, str, str]:
    return add_cast(model.campaign_model)


@pytest.fixture
def running(model, cast) -> tuple[str, str, str, str, str]:
    """A running session in the scene 「神社」, with the GM's catalog."""
    set_gm_catalog(model.campaign_model)
    model.start_session()
    model.add_scene("神社")
    return cast


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


# ---- the session's course ------------------------------------------------------------------------


def test_starting_and_scenes_are_undoable_and_logged(model, cast, path):
    undo_restores(model, path, model.start_session)
    assert model.state().running
    assert last_summary(model) == ("", "セッション 1 開始", "セッション 1（進行中）")
    scene = undo_restores(model, path, lambda: model.add_scene("神社"))
    assert model.current_scene().name == "神社"
    assert last_summary(model)[1:] == ("シーン「神社」を追加", "現在のシーン")
    second = model.add_scene("")
    assert last_summary(model)[1] == f"シーン「シーン{second}」を追加"
    undo_restores(model, path, lambda: model.set_current_scene(scene))
    assert model.current_scene().id == scene and last_summary(model)[1] == "現在のシーン: 「神社」"
    undo_restores(model, path, lambda: model.rename_scene(scene, "夜の神社"))
    assert last_summary(model)[1] == "シーン名の変更: 「神社」→「夜の神社」"


def test_the_same_scene_or_name_again_records_nothing(model, running):
    scene = model.current_scene()
    before = trace(model)
    model.set_current_scene(scene.id)
    model.rename_scene(scene.id, "神社")
    assert trace(model) == before


def test_scenes_wait_for_the_session(model, cast):
    refused(model, lambda: model.add_scene("神社"), "セッションが始まっていません")
    model.start_session()
    refused(model, model.start_session, "セッション 1 はもう始まっています")
    refused(model, lambda: model.set_current_scene(99), "シーン 99 はこのセッションにありません")


def test_an_over_long_scene_name_is_refused_and_the_session_stays_readable(model, running):
    refused(model, lambda: model.add_scene("あ" * 250), "この内容は保存できません")
    assert model.problem() is None


# ---- 縁故 ---------------------------------------------------------------------------------------


def test_forming_a_bond_names_the_impression_it_applies(model, running, path):
    saku, shiori, *_ = running
    bond = undo_restores(model, path, lambda: model.form_bond(to(saku, "狩猟者", shiori)))
    assert model.state().bonds == (bond,) and bond.target == "綾瀬 詩織"
    assert last_summary(model) == (
        "白峰 朔",
        "縁故を結ぶ（シーン「神社」）: 狩猟者・キャラクター・集団「綾瀬 詩織」Lv1"
        "／印象効果（綾瀬 詩織へ）: GMの入力した印象",
        "狩猟者の幻想値 1",
    )
    assert model.fantasy_values(saku)["狩猟者"].value == 1


def test_an_impression_the_catalog_lacks_is_named_unset(model, running):
    saku, *_, elder = running
    model.form_bond(to(saku, "芸術家", elder))
    assert last_summary(model)[1].endswith("／印象効果（町の古老へ）: 未設定（類型カタログ）")


def test_a_memory_applies_no_impression(model, running):
    saku, *_ = running
    model.form_bond(to(saku, "芸術家", kind=BondKind.MEMORY, target="月下の約束"))
    assert last_summary(model)[1] == "縁故を結ぶ（シーン「神社」）: 芸術家・記憶「月下の約束」Lv1"


def test_the_gm_override_is_recorded(model, running):
    saku, shiori, toru, *_ = running
    model.form_bond(to(saku, "狩猟者", shiori))
    refused(
        model,
        lambda: model.form_bond(to(saku, "狩猟者", toru)),
        "縁故の取得（結び直しを含む）は1シーンにつき1つです",
    )
    bond = model.form_bond(to(saku, "狩猟者", toru, override=True))
    assert bond.override
    assert "／GM裁定で制限を超えて／印象効果（黒羽 透へ）" in last_summary(model)[1]


def test_the_second_pc_bond_gives_half_rounded_up(model, running):
    saku, shiori, toru, *_ = running
    model.form_bond(to(saku, "狩猟者", shiori))
    model.add_scene("川")
    second = model.form_bond(to(saku, "狩猟者", toru))
    for scene in ("橋", "森"):
        model.add_scene(scene)
        model.raise_level(second.id)
    assert model.bond_values(saku)[second.id] == 2  # Lv3 → 2
    assert last_summary(model) == (
        "白峰 朔",
        "縁故のレベルを上げる（シーン「森」）: 狩猟者「黒羽 透」Lv2→Lv3",
        "狩猟者の幻想値 3・この縁故 2（半減）",
    )


def test_raising_a_level_waits_for_another_scene(model, running, path):
    saku, *_, elder = running
    bond = model.form_bond(to(saku, "狩猟者", elder))
    refused(model, lambda: model.raise_level(bond.id), "レベルは別のシーンで上げられます")
    model.add_scene("川")
    raised = undo_restores(model, path, lambda: model.raise_level(bond.id))
    assert raised.level == 2 and model.fantasy_values(saku)["狩猟者"].value == 2
    bond = model.raise_level(bond.id, override=True)
    assert bond.level == 3 and last_summary(model)[1].endswith("Lv2→Lv3／GM裁定で制限を超えて")


def test_retying_gives_no_fantasy_value(model, running, path):
    saku, shiori, *_ = running
    bond = model.form_bond(to(saku, "狩猟者", kind=BondKind.PURPOSE, target="犯人を捜す"))
    model.add_scene("川")
    model.raise_level(bond.id)
    model.add_scene("橋")
    retied = undo_restores(model, path, lambda: model.retie_bond(bond.id, to(saku, "狩猟者", shiori)))
    assert (retied.level, retied.retied, retied.target) == (2, True, "綾瀬 詩織")
    assert model.fantasy_values(saku)["狩猟者"].value == 2 and len(model.state().bonds) == 1
    assert last_summary(model) == (
        "白峰 朔",
        "縁故を結び直す（シーン「橋」）: 「犯人を捜す」→ 狩猟者・キャラクター・集団「綾瀬 詩織」Lv2"
        "（結び直しでは幻想値は増えません）／印象効果（綾瀬 詩織へ）: GMの入力した印象",
        "狩猟者の幻想値 2",
    )


def test_discarding_is_logged_and_undoable(model, running, path):
    saku, shiori, *_ = running
    bond = model.form_bond(to(saku, "狩猟者", shiori))
    undo_restores(model, path, lambda: model.discard_bond(bond.id))
    assert model.state().bonds == ()
    assert last_summary(model) == (
        "白峰 朔",
        "縁故を破棄: 狩猟者・キャラクター・集団「綾瀬 詩織」Lv1",
        "狩猟者の幻想値 0",
    )


def test_an_npc_counts_its_preset_bonds(model, running):
    *_, lord, elder = running
    values = model.fantasy_values(lord)
    assert (values["狩猟者"].value, values["芸術家"].value) == (5, 5)
    usage = model.bond_usage(lord)
    assert (usage.total, usage.memories) == (2, 1)  # presets count toward the seven and the kinds
    model.form_bond(to(lord, "狩猟者", elder))
    assert model.fantasy_values(lord)["狩猟者"].value == 6


# ---- 幻想能力 and 前借り ------------------------------------------------------------------------------


def test_using_an_ability_is_logged_and_spends_nothing(model, running, path):
    saku, shiori, *_ = running
    model.form_bond(to(saku, "狩猟者", shiori))
    model.add_scene("川")
    model.raise_level(model.state().bonds[0].id)
    undo_restores(model, path, lambda: model.use_ability(saku, "狩猟者", 0))
    assert last_summary(model) == (
        "白峰 朔",
        "幻想能力「能力甲」（狩猟者・ボーナス・必要幻想値 2）: 効果 GMの入力した効果",
        "使用（幻想値 2 は減りません）",
    )
    states = {(s.archetype, s.index): s.state for s in model.ability_statuses(saku)}
    assert states[("狩猟者", 0)] is AbilityState.USED and states[("狩猟者", 1)] is AbilityState.LOCKED
    assert states[("狩猟者", 2)] is AbilityState.UNSET
    assert model.fantasy_values(saku)["狩猟者"].value == 2
    refused(model, lambda: model.use_ability(saku, "狩猟者", 0), "能力甲はこのセッションで使用済みです")
    refused(model, lambda: model.use_ability(saku, "狩猟者", 2), "の必要幻想値が未設定です")


def test_borrowing_records_the_debt_until_bonds_pay_it(model, running, path):
    saku, *_, elder = running
    refused(
        model, lambda: model.use_ability(saku, "狩猟者", 1), "幻想値が足りません（0/4）。前借りすれば使えます"
    )
    undo_restores(model, path, lambda: model.use_ability(saku, "狩猟者", 1, borrow_if_short=True))
    value = model.fantasy_values(saku)["狩猟者"]
    assert (value.value, value.debt) == (4, 4)
    assert last_summary(model) == (
        "白峰 朔",
        "幻想能力「能力乙」（狩猟者・情報収集・必要幻想値 4）: 効果 未設定"
        "／前借り: 幻想値 0→4（以後のシーンで縁故を結び、あと4点を確保）",
        "前借りして使用・前借り中: あと4点（縁故で返す）",
    )
    model.form_bond(to(saku, "狩猟者", elder))
    assert last_summary(model)[2] == "狩猟者の幻想値 4・前借り中: あと3点（縁故で返す）"


def test_borrowing_is_refused_while_a_type_owes(model, running):
    saku, *_ = running
    catalog = ArchetypeCatalog(
        (GM_CATALOG.archetypes[0], Archetype("芸術家", abilities=(FantasyAbility("能力丙", required=1),) * 3))
    )
    model.campaign_model.set_session_value(CATALOG_KEY, catalog_to_document(catalog), "カタログ")
    model.use_ability(saku, "狩猟者", 0, borrow_if_short=True)
    refused(
        model,
        lambda: model.use_ability(saku, "芸術家", 0, borrow_if_short=True),
        "縁故が幻想値に満たない類型があるあいだは前借りできません（狩猟者 あと2点）",
    )


# ---- ラスボス -------------------------------------------------------------------------------------


def test_revealing_the_last_boss_forms_a_bond_to_every_pc(model, running, path):
    saku, shiori, toru, lord, _ = running
    undo_restores(model, path, lambda: model.set_last_boss(lord))
    assert last_summary(model) == ("宵闇の主", "ラスボス: 宵闇の主", "")
    formed = undo_restores(model, path, model.reveal_last_boss)
    assert [(b.holder, b.target_id, b.level, b.archetype) for b in formed] == [
        (lord, pc, 1, "ラスボス") for pc in (saku, shiori, toru)
    ]
    assert last_summary(model) == (
        "宵闇の主",
        "ラスボス「宵闇の主」を明かした（クライマックス・シーン「神社」）: "
        "ラスボスの縁故Lv1 → 白峰 朔、綾瀬 詩織、黒羽 透。"
        "PCは宵闇の主への縁故を、選択している類型からレベルの制限なしで結べます"
        "／印象効果（白峰 朔、綾瀬 詩織、黒羽 透へ）: 未設定（ラスボスの印象効果は本文にありません）",
        "縁故 3 つ",
    )
    model.form_bond(to(saku, "狩猟者", shiori))  # the scene's one new 縁故
    bond = model.form_bond(to(saku, "芸術家", lord, level=3))  # free of the level limits
    assert bond.level == 3 and "／ラスボスへの縁故（レベルの制限なし）" in last_summary(model)[1]
    refused(model, lambda: model.set_last_boss(None), "もう明かされています")


def test_a_pc_as_last_boss_is_logged_as_the_gms_ruling(model, running):
    saku, *_ = running
    model.set_last_boss(saku)
    assert last_summary(model)[1] == "ラスボス: 白峰 朔（PC・GM裁定）"
    assert "ラスボス" in model.archetypes(saku)
    model.set_last_boss(None)
    assert last_summary(model)[1] == "ラスボスを解除（白峰 朔）"


def test_one_last_boss_per_session(model, running):
    *_, lord, elder = running
    model.set_last_boss(lord)
    refused(model, lambda: model.set_last_boss(elder), "ラスボスはセッションに1人だけです")


# ---- the end of the session ----------------------------------------------------------------------


def test_ending_resets_uses_scenes_and_the_boss(model, running, path):
    saku, shiori, _, lord, _ = running
    model.form_bond(to(saku, "狩猟者", shiori))
    model.use_ability(saku, "狩猟者", 0, borrow_if_short=True)
    model.set_last_boss(lord)
    undo_restores(model, path, model.end_session)
    state = model.state()
    assert (state.session_number, state.running, state.scenes, state.uses, state.last_boss) == (
        2,
        False,
        (),
        (),
        None,
    )
    assert state.bonds == () and state.borrowings == () and state.history[0].bonds
    assert last_summary(model) == (
        "",
        "セッション 1 終了: 幻想能力の使用回数、シーン、ラスボスをリセット。"
        "このセッションの縁故と前借りは記録へ（縁故は各セッションで結ぶもの）",
        "セッション 2（開始前）へ",
    )
    refused(model, model.end_session, "セッションが始まっていません")


def test_the_gm_may_keep_the_bonds(model, running):
    saku, shiori, *_ = running
    model.form_bond(to(saku, "狩猟者", shiori))
    model.use_ability(saku, "狩猟者", 1, borrow_if_short=True)
    model.end_session(keep_bonds=True)
    assert len(model.state().bonds) == 1 and model.fantasy_values(saku)["狩猟者"].debt == 3
    assert model.state().uses == ()
    assert "縁故と前借りは次のセッションに持ち越し（GMの判断）" in last_summary(model)[1]


# ---- several views, damaged files -------------------------------------------------------------


def test_every_model_on_the_campaign_sees_a_change(model, running, qtbot):
    saku, shiori, *_ = running
    other = SengenshoSessionModel(model.campaign_model)
    with qtbot.waitSignal(other.changed):
        model.form_bond(to(saku, "狩猟者", shiori))
    assert other.state() == model.state() and other.fantasy_values(saku)["狩猟者"].value == 1
    with qtbot.waitSignal(other.changed):
        model.campaign_model.undo_stack.undo()
    assert other.state().bonds == ()
    with qtbot.waitSignal(other.changed):
        model.campaign_model.rename_character(shiori, "綾瀬 しおり")
    with qtbot.waitSignal(other.changed):
        model.campaign_model.set_session_value(CATALOG_KEY, None, "カタログを戻す")
    assert other.impression_text("狩猟者") == "印象効果: 未設定（類型カタログ）"


def test_a_bad_stored_state_is_reported_and_replaced_by_the_next_action(model, cast):
    model.campaign_model.set_session_value(SESSION_KEY, {"session_number": "x"}, "壊す")
    assert "session_number" in model.problem() and model.state().session_number == 1
    model.start_session()
    assert model.problem() is None and model.state().running


def test_a_bad_catalog_is_reported_and_the_shipped_one_used(model, cast):
    model.campaign_model.set_session_value(CATALOG_KEY, {"archetypes": "x"}, "壊す")
    assert "類型カタログが正しくありません" in model.catalog_problem()
    assert model.catalog().names() == ["狩猟者", "芸術家"]


def test_a_deleted_holder_has_nothing_to_show(model, running):
    saku, shiori, *_ = running
    model.form_bond(to(saku, "狩猟者", shiori))
    model.campaign_model.delete_character(saku)
    assert model.fantasy_values(saku) == {} and model.ability_statuses(saku) == []
    assert model.name(saku) == "（削除されたキャラクター）"
