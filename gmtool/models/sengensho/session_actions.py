"""The actions of `SengenshoSessionModel`: each one undo step and one log line.

Split from `sengensho_session_model` only to keep modules short: this mixin is part of the model
and uses its readers, `_commit` and `tr`; it holds no state of its own.  Each action raises the
engine's `SessionRefused` (nothing stored, nothing logged) when the rules forbid it.  A log line
says who acted, what was asked and what came of it, in the rule text's words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from gmtool.models.sengensho import labels as labels
from gmtool.rules.systems.sengensho import bonds as bond_rules
from gmtool.rules.systems.sengensho import fantasy
from gmtool.rules.systems.sengensho import session as rules
from gmtool.rules.systems.sengensho.bonds import KIND_LABELS, BondRequest
from gmtool.rules.systems.sengensho.catalog import ABILITY_KIND_LABELS
from gmtool.rules.systems.sengensho.character import BondKind
from gmtool.rules.systems.sengensho.house_rules import PER_SCENARIO
from gmtool.rules.systems.sengensho.session import Bond, Impression, SengenshoSession

if TYPE_CHECKING:
    from gmtool.models.campaign_model import CampaignModel
    from gmtool.rules.systems.sengensho.catalog import ArchetypeCatalog
    from gmtool.rules.systems.sengensho.house_rules import SengenshoReadings
    from gmtool.rules.systems.sengensho.session import Cast


def labels_tr(text: str) -> str:
    """A note of `sengensho_labels`, in its translation context."""
    return QCoreApplication.translate("SengenshoLabels", text)


class SengenshoSessionActions:
    # Provided by the model: QObject's `tr` (declared for the checker only, so QObject's is found at
    # run time; its signature is QObject's so the two bases agree) and the readers.
    campaign_model: CampaignModel

    if TYPE_CHECKING:

        def tr(self, sourceText: str, /, disambiguation: str | None = ..., n: int = ...) -> str: ...

    def state(self) -> SengenshoSession:
        raise NotImplementedError

    def cast(self) -> Cast:
        raise NotImplementedError

    def readings(self) -> SengenshoReadings:
        raise NotImplementedError

    def catalog(self) -> ArchetypeCatalog:
        raise NotImplementedError

    def name(self, character_id: str | None) -> str:
        raise NotImplementedError

    def impression_body(self, archetype: str) -> str:
        raise NotImplementedError

    def target_name(self, bond: Bond) -> str:
        raise NotImplementedError

    def impression_target(self, impression: Impression) -> str:
        raise NotImplementedError

    def held_archetype(self, holder: str, target_id: str) -> str | None:
        raise NotImplementedError

    def _commit(self, new: SengenshoSession, undo_text: str, log_text: str, **log: Any) -> None:
        raise NotImplementedError

    # ---- the session's course -------------------------------------------------------------
    def start_session(self) -> None:
        """Starts the session (the dialog asks first when a PC has no 類型: they are fixed now)."""
        new = rules.start_session(self.state())
        text = self.tr("セッション {0} 開始").format(new.session_number)
        self._commit(new, text, text, result=labels.session_status(new), action="start_session")

    def end_session(self, keep_bonds: bool = False, scenario_goes_on: bool = False) -> None:
        """幻想能力の使用回数、シーン、ラスボスが終わる; 縁故 and 前借り go to the history unless kept.
        Under 「1シナリオに1回」 (the ABILITY_PERIOD switch) a scenario that goes on keeps the uses."""
        state = self.state()
        keep_uses = scenario_goes_on and self.readings().ability_period == PER_SCENARIO
        new = rules.end_session(state, keep_bonds, keep_uses)
        kept = (
            self.tr("縁故と前借りは次のセッションに持ち越し（GMの判断）")
            if keep_bonds
            else self.tr("このセッションの縁故と前借りは記録へ（縁故は各セッションで結ぶもの）")
        )
        if keep_uses:
            text = self.tr(
                "セッション {0} 終了: シーン、ラスボスをリセット。"
                "シナリオが続くため幻想能力の使用回数は持ち越し（1シナリオに1回）。{1}"
            ).format(state.session_number, kept)
        else:
            text = self.tr("セッション {0} 終了: 幻想能力の使用回数、シーン、ラスボスをリセット。{1}").format(
                state.session_number, kept
            )
        self._commit(
            new,
            self.tr("セッション {0} 終了").format(state.session_number),
            text,
            result=self.tr("{0}へ").format(labels.session_status(new)),
            action="end_session",
            keep_bonds=keep_bonds,
            keep_uses=keep_uses,
        )

    def add_scene(self, name: str) -> int:
        new = rules.add_scene(self.state(), name)
        scene = new.scene(new.current_scene)
        assert scene is not None
        label = new.scene_name(scene.id)
        text = self.tr("シーン「{0}」を追加").format(label)
        self._commit(new, text, text, result=self.tr("現在のシーン"), action="add_scene", scene=scene.id)
        return scene.id

    def set_current_scene(self, scene_id: int) -> None:
        state = self.state()
        if state.current_scene == scene_id:
            return  # already the current scene: nothing to record
        new = rules.set_current_scene(state, scene_id)
        text = self.tr("現在のシーン: 「{0}」").format(new.scene_name(scene_id))
        self._commit(new, self.tr("現在のシーン"), text, action="set_current_scene", scene=scene_id)

    def presence_warning(self, holder: str, target_id: str | None) -> str:
        """「登場したキャラクター…に対する縁故」: who of the holder and the target the current scene
        does not record as present ("" when all are, or when the scene records no one)."""
        absent = rules.absent_from_scene(self.state(), self.cast(), holder, target_id)
        if not absent:
            return ""
        return self.tr("このシーンに登場していません: {0}（縁故は登場したキャラクターに結びます）").format(
            "、".join(absent)
        )

    def set_present(self, character_ids: list[str]) -> None:
        """Records who appears in the current scene: one undo step."""
        state = self.state()
        scene_id = rules.current_scene(state)
        new = rules.set_present(state, scene_id, tuple(character_ids))
        if new == state:
            return
        names = "、".join(self.name(i) for i in character_ids) or self.tr("なし")
        text = self.tr("シーン「{0}」の登場: {1}").format(new.scene_name(scene_id), names)
        self._commit(new, self.tr("シーンの登場"), text, action="set_present", scene=scene_id)

    def rename_scene(self, scene_id: int, name: str) -> None:
        state = self.state()
        new = rules.rename_scene(state, scene_id, name)
        if new == state:
            return  # the same name: nothing to record
        text = self.tr("シーン名の変更: 「{0}」→「{1}」").format(
            state.scene_name(scene_id), new.scene_name(scene_id)
        )
        self._commit(new, self.tr("シーン名の変更"), text, action="rename_scene", scene=scene_id)

    # ---- 縁故 ------------------------------------------------------------------------------
    def form_bond(self, request: BondRequest) -> Bond:
        state, cast = self.state(), self.cast()
        new, bond, impression = bond_rules.form_bond(state, cast, request, self.readings())
        text = self.tr("縁故を結ぶ（シーン「{0}」）: {1}").format(
            new.scene_name(bond.formed_scene), self._describe(bond)
        )
        text += self._boss_mark(bond)
        if request.override:
            text += self.tr("／GM裁定で制限を超えて")
        absent = rules.absent_from_scene(state, cast, request.holder, bond.target_id)
        if absent:  # warned in the dialog; the log keeps it
            text += self.tr("／シーンに登場していない: {0}").format("、".join(absent))
        text += self._impression(impression, self._replaced(state, new))
        self._commit(
            new,
            self.tr("縁故を結ぶ（{0}→{1}）").format(self.name(bond.holder), self.target_name(bond)),
            text,
            who=self.name(bond.holder),
            result=self._value_result(new, bond),
            action="form_bond",
            bond=bond.id,
        )
        return bond

    def retie_bond(self, bond_id: int, request: BondRequest) -> Bond:
        state, cast = self.state(), self.cast()
        old = state.bond(bond_id)
        new, bond, impression = bond_rules.retie_bond(state, cast, bond_id, request, self.readings())
        text = self.tr("縁故を結び直す（シーン「{0}」）: 「{1}」→ {2}").format(
            new.scene_name(bond.formed_scene), self.target_name(old), self._describe(bond)
        )
        before = fantasy.total_value(state, cast, bond.holder, self.readings())
        after = fantasy.total_value(new, cast, bond.holder, self.readings())
        if after > before:  # only with the override: the engine refuses it otherwise
            text += self.tr("／GM裁定で制限を超えて（結び直しで幻想値の合計 {0}→{1}）").format(before, after)
        else:
            text += self.tr("（{0}）").format(labels_tr(labels.RETIE_NOTE))
            if request.override:
                text += self.tr("／GM裁定で制限を超えて")
        text += self._boss_mark(bond) + self._impression(impression, self._replaced(state, new))
        self._commit(
            new,
            self.tr("縁故を結び直す（{0}）").format(self.name(bond.holder)),
            text,
            who=self.name(bond.holder),
            result=self._value_result(new, bond),
            action="retie_bond",
            bond=bond.id,
        )
        return bond

    def raise_level(self, bond_id: int, override: bool = False) -> Bond:
        state = self.state()
        old = state.bond(bond_id)
        new, bond = bond_rules.raise_level(state, bond_id, override, self.cast(), self.readings())
        target = self.target_name(bond)
        text = self.tr("縁故のレベルを上げる（シーン「{0}」）: {1}「{2}」Lv{3}→Lv{4}").format(
            new.scene_name(bond.changed_scene), bond.archetype, target, old.level, bond.level
        )
        if override:
            text += self.tr("／GM裁定で制限を超えて")
        self._commit(
            new,
            self.tr("縁故のレベルを上げる（{0}）").format(target),
            text,
            who=self.name(bond.holder),
            result=self._value_result(new, bond),
            action="raise_level",
            bond=bond.id,
        )
        return bond

    def discard_bond(self, bond_id: int) -> None:
        new, bond = bond_rules.discard_bond(self.state(), bond_id)
        text = self.tr("縁故を破棄: {0}").format(self._describe(bond))
        self._commit(
            new,
            self.tr("縁故を破棄（{0}）").format(self.target_name(bond)),
            text,
            who=self.name(bond.holder),
            result=self._value_result(new, bond),
            action="discard_bond",
            bond=bond.id,
        )

    # ---- 幻想能力 --------------------------------------------------------------------------
    def use_ability(self, holder: str, archetype: str, index: int, borrow_if_short: bool = False) -> None:
        state, cast, catalog, readings = self.state(), self.cast(), self.catalog(), self.readings()
        before = fantasy.fantasy_values(state, cast, holder, readings).get(archetype)
        new, status = fantasy.use_ability(
            state, cast, catalog, holder, archetype, index, borrow_if_short, readings
        )
        ability = status.ability
        label = labels.ability_name(status)
        effect = ability.effect.strip() or self.tr("未設定")
        text = self.tr("幻想能力「{0}」（{1}・{2}・必要幻想値 {3}）: 効果 {4}").format(
            label, archetype, self.tr(ABILITY_KIND_LABELS[ability.kind]), ability.required, effect
        )
        after = fantasy.fantasy_values(new, cast, holder, readings)[archetype]
        borrowed = new.uses[-1].borrowed
        if borrowed:
            owed = (
                self.tr("以後のシーンで縁故をあと{0}つ結ぶ")
                if after.by_count
                else self.tr("以後のシーンで縁故を結び、あと{0}点を確保")
            ).format(after.debt)
            text += self.tr("／前借り: 幻想値 {0}→{1}（{2}）").format(
                before.value if before else 0, after.value, owed
            )
            result = self.tr("前借りして使用・{0}").format(labels.debt_text(after.debt, after.by_count))
        else:
            result = self.tr("使用（幻想値 {0} は減りません）").format(after.value)
        self._commit(
            new,
            self.tr("幻想能力「{0}」").format(label),
            text,
            who=self.name(holder),
            result=result,
            action="use_ability",
            archetype=archetype,
            index=index,
            borrowed=borrowed,
        )

    # ---- ラスボス --------------------------------------------------------------------------
    def set_last_boss(self, character_id: str | None) -> None:
        state = self.state()
        if state.last_boss == character_id:
            return  # already so: nothing to record
        new = rules.set_last_boss(state, self.cast(), character_id)
        if character_id is None:
            text = self.tr("ラスボスを解除（{0}）").format(self.name(state.last_boss))
            who = self.name(state.last_boss)
        else:
            who = self.name(character_id)
            text = self.tr("ラスボス: {0}").format(who)
            if self.cast()[character_id].is_pc:
                text += self.tr("（PC・GM裁定）")
        self._commit(new, self.tr("ラスボスの設定"), text, who=who, action="set_last_boss")

    def boss_holds(self) -> list[tuple[str, str]]:
        """(PC id, 類型) of each PC the ラスボス holds a 縁故 to.  Before the reveal these are the PCs it
        gives none (「同じ対象について、2つ以上の類型に従って縁故を設定することはできない」)."""
        state, cast = self.state(), self.cast()
        boss = state.last_boss
        if boss is None or boss not in cast:
            return []
        held = ((pc_id, self.held_archetype(boss, pc_id)) for pc_id, pc in cast.items() if pc.is_pc)
        return [(pc_id, archetype) for pc_id, archetype in held if archetype is not None and pc_id != boss]

    def reveal_last_boss(self) -> list[Bond]:
        state = self.state()
        skipped = self.boss_holds()
        new, formed = bond_rules.reveal_last_boss(state, self.cast())
        boss = self.name(new.last_boss)
        targets = "、".join(self.target_name(b) for b in formed) or self.tr("なし")
        text = self.tr(
            "ラスボス「{0}」を明かした（クライマックス・シーン「{1}」）: ラスボスの縁故Lv1 → {2}。"
            "PCは{0}への縁故を、選択している類型からレベルの制限なしで結べます"
        ).format(boss, new.scene_name(new.current_scene), targets)
        if skipped:
            text += self.tr("／ラスボスの縁故を結ばないPC: {0}").format(
                "、".join(
                    self.tr("{0}（既に{1}の縁故あり）").format(self.name(pc), archetype)
                    for pc, archetype in skipped
                )
            )
        if formed:
            text += self.tr("／印象効果（{0}へ）: {1}").format(
                targets, self.impression_body(formed[0].archetype)
            )
            for gone in self._replaced(state, new):
                text += self.tr("（{0}への先の印象効果〈{1}〉は無効）").format(
                    self.impression_target(gone), gone.archetype
                )
        result = self.tr("縁故 {0} つ").format(len(formed))
        self._commit(
            new, self.tr("ラスボスを明かす"), text, who=boss, result=result, action="reveal_last_boss"
        )
        return formed

    # ---- texts -----------------------------------------------------------------------------
    def _describe(self, bond: Bond) -> str:
        return self.tr("{0}・{1}「{2}」Lv{3}").format(
            bond.archetype, self.tr(KIND_LABELS[bond.kind]), self.target_name(bond), bond.level
        )

    def _boss_mark(self, bond: Bond) -> str:
        if bond.last_boss and bond.kind is BondKind.CHARACTER and bond.target_id == self.state().last_boss:
            return self.tr("／ラスボスへの縁故（レベルの制限なし）")
        return ""

    @staticmethod
    def _replaced(before: SengenshoSession, after: SengenshoSession) -> list[Impression]:
        """The impressions the action put out of force: one 類型's per target and scene."""
        return [i for i in before.impressions if i not in after.impressions]

    def _impression(self, impression: Impression | None, replaced: list[Impression]) -> str:
        """「縁故を結んだ場合、その時点で必ず印象効果が適用される」: named in the log, with the
        impression of another 類型 it replaces."""
        if impression is None:
            return ""
        text = self.tr("／印象効果（{0}へ）: {1}").format(
            self.impression_target(impression), self.impression_body(impression.archetype)
        )
        for gone in replaced:
            if gone.archetype != impression.archetype:
                text += self.tr("（先の印象効果〈{0}〉は無効）").format(gone.archetype)
        return text

    def _value_result(self, session: SengenshoSession, bond: Bond) -> str:
        """The 類型's 幻想値 after the action, with the halving and any 前借り debt."""
        cast, readings = self.cast(), self.readings()
        value = fantasy.fantasy_values(session, cast, bond.holder, readings).get(bond.archetype)
        if value is None:
            return ""
        result = self.tr("{0}の幻想値 {1}").format(bond.archetype, value.value)
        given = fantasy.bond_values(session, cast, bond.holder, readings).get(bond.id)
        if given is not None and bond.id in fantasy.halved_bonds(session, cast, bond.holder):
            result += self.tr("・この縁故 {0}").format(labels.bond_value_text(given, True))
        if value.debt:
            result += self.tr("・{0}").format(labels.debt_text(value.debt, value.by_count))
        return result
