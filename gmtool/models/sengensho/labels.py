"""The words the 千幻抄 sheet, session dialog and log share, so each thing is named one way.

Translated in the "SengenshoLabels" context (the English UI is issue 8's).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gmtool.models.shown_text import shown
from gmtool.rules.message import Message
from gmtool.rules.systems.sengensho.bonds import KIND_LABELS, KIND_LIMITS, NPC_POINTS_GUIDE
from gmtool.rules.systems.sengensho.character import GAME_ARCHETYPES, BondKind
from gmtool.rules.systems.sengensho.fantasy import AbilityState, AbilityStatus
from gmtool.rules.systems.sengensho.session import Bond, Cast, SengenshoSession, display_name


def labels_tr(text: str) -> str:
    """One of the notes and marks below, in the UI language (the "SengenshoLabels" context)."""
    return QCoreApplication.translate("SengenshoLabels", text)


_tr = labels_tr


# Notes the rule text gives, shown where they apply.
HALVED_NOTE = "PCとの縁故は原則一人まで。二人目以降は得られる幻想値を半減（切上げ）"
DEBT_NOTE = "前借り中: GMの判断で縁故を与えられます（印象効果も通常どおり）"
UNLIMITED_TERM = "原作キャラクター"  # the sheet's check box, its undo text and the printed sheet
UNLIMITED_NOTE = "原作キャラクター: GMの判断で幻想能力を無制限に使用できます"
NPC_GUIDE_NOTE = "NPCの縁故は類型ごとに{}〜{}点が目安".format(*NPC_POINTS_GUIDE)
RETIE_NOTE = "結び直しでは幻想値は増えません"
NOTES_HEADER = "備考"
MARK_PRESET, MARK_RETIED, MARK_LAST_BOSS, MARK_OVERRIDE = "事前設定", "結び直し", "ラスボス", "GM裁定"


def archetype_label(name: str) -> str:
    """A 類型's name as the UI shows it: the game's 類型 (`GAME_ARCHETYPES`) in the UI language
    (「Hunter 〈狩猟者〉」), the GM's as typed."""
    return _tr(name) if name in GAME_ARCHETYPES else name


def scene_label(session: SengenshoSession, scene_id: int | None) -> str:
    """A scene's name as the UI shows it: the GM's name as typed, else 「シーン2」 in the UI language."""
    name = session.scene_name(scene_id)
    return shown(name) if isinstance(name, Message) else name


def session_status(session: SengenshoSession) -> str:
    """「セッション 2（進行中・現在のシーン: 出会い）」 / 「セッション 2（開始前）」."""
    if not session.running:
        return _tr("セッション {0}（開始前）").format(session.session_number)
    if session.current_scene is None:
        return _tr("セッション {0}（進行中）").format(session.session_number)
    return _tr("セッション {0}（進行中・現在のシーン: {1}）").format(
        session.session_number, scene_label(session, session.current_scene)
    )


def kind_choice(kind: BondKind) -> str:
    """The bond dialog's kind choices: 「記憶（最大2つ）」."""
    limit = KIND_LIMITS.get(kind)
    label = _tr(KIND_LABELS[kind])
    return label if limit is None else _tr("{0}（最大{1}つ）").format(label, limit)


def target_name(cast: Cast, bond: Bond) -> str:
    """The target as it is called now: a campaign character's current name (or that it was deleted)."""
    return display_name(cast, bond.target_id) if bond.target_id is not None else bond.target


def bond_value_text(value: int, halved: bool) -> str:
    return _tr("{0}（半減）").format(value) if halved else str(value)


def bond_marks(bond: Bond) -> list[str]:
    marks = [(bond.retied, MARK_RETIED), (bond.last_boss, MARK_LAST_BOSS), (bond.override, MARK_OVERRIDE)]
    return [_tr(text) for on, text in marks if on]


def debt_text(debt: int, by_count: bool = False) -> str:
    """What a 類型 still owes of a 前借り: points, or 縁故 to form when the debt is counted in 縁故."""
    if not debt:
        return ""
    if by_count:
        return _tr("前借り中: 縁故あと{0}つ（縁故の数で返す）").format(debt)
    return _tr("前借り中: あと{0}点（縁故で返す）").format(debt)


def ability_name(status: AbilityStatus) -> str:
    """The ability's name, or 「幻想能力2（名称未設定）」 while the GM has not named it."""
    return status.ability.name or _tr("幻想能力{0}（名称未設定）").format(status.index + 1)


def ability_state_text(status: AbilityStatus) -> str:
    """使用可 / 使用不可（幻想値 a/b）/ 使用済み / 未設定."""
    if status.state is AbilityState.LOCKED:
        return _tr("使用不可（幻想値 {0}/{1}）").format(status.value, status.ability.required)
    return {
        AbilityState.UNSET: _tr("必要幻想値が未設定"),
        AbilityState.AVAILABLE: _tr("使用可"),
        AbilityState.USED: _tr("使用済み"),
    }[status.state]
