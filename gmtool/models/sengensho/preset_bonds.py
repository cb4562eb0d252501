"""An NPC's preset 縁故 on the 千幻抄 sheet: 「NPCの縁故はセッション開始時点で設定済みで良いが、一つの
類型あたり5~6点程度を目安とすること」.

「セッション開始時点で設定済み」: like the 類型, they are fixed while a session runs (the engine's
`archetype_lock_reason`), so no limit of play can be got around from the sheet.  Between sessions
the text's own limits are refused with their reason, counting the holder's 縁故 still in play (kept
at the last session's end) as the engine counts them (`bonds.usage`): at most 7, 記憶 ≤ 2, 目的 ≤ 1,
and one target from one 類型 only (the engine's preset rule).  The points guideline is a hint: a
類型 whose preset levels sum outside it is reported, never refused.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QObject

from gmtool.models.character_model import CharacterModel
from gmtool.models.sengensho.labels import archetype_label, labels_tr, target_name
from gmtool.models.sengensho.session_record import SessionRecord
from gmtool.models.sengensho.sheet_lists import ADD, REMOVE, UPDATE, CharacterList
from gmtool.rules.systems.sengensho.bonds import (
    KIND_LABELS,
    KIND_LIMITS,
    MAX_BONDS,
    NPC_POINTS_GUIDE,
    BondRequest,
    check_presets,
    usage,
)
from gmtool.rules.systems.sengensho.character import BondKind, PresetBond
from gmtool.rules.systems.sengensho.session import Member, SengenshoSession, archetype_lock_reason


@dataclass(frozen=True)
class PresetPoints:
    """The preset levels of one 類型 summed, and whether the sum is outside the 5〜6 guideline."""

    archetype: str
    points: int
    outside_guide: bool


@dataclass(frozen=True)
class BondCount:
    """縁故 the holder has towards the limit of 7: its presets and those kept in play."""

    total: int
    maximum: int
    presets: int
    in_play: int


class PresetList(CharacterList):
    FIELD = "preset_bonds"

    def __init__(
        self, character_model: CharacterModel, record: SessionRecord, parent: QObject | None = None
    ) -> None:
        super().__init__(character_model, parent)
        self._record = record

    # ---- reading ---------------------------------------------------------------------------
    def shown(self) -> bool:
        """Hidden for a PC unless it still carries presets (e.g. switched from NPC), so they can be
        removed."""
        character = self.character_model.character
        return not (character.is_pc and not character.preset_bonds)

    def lock_reason(self) -> str | None:
        # 「NPCの縁故はセッション開始時点で設定済み」: set before the session, like the 類型.
        return archetype_lock_reason(self._record.state(), self.tr("事前設定の縁故"))

    def points(self) -> list[PresetPoints]:
        """Per 類型 (the character's, then any only a preset still names), the preset levels summed."""
        character = self.character_model.character
        names = dict.fromkeys([*character.archetypes, *(b.archetype for b in character.preset_bonds)])
        low, high = NPC_POINTS_GUIDE
        sums = [(name, sum(b.level for b in character.preset_bonds if b.archetype == name)) for name in names]
        return [PresetPoints(name, points, not low <= points <= high) for name, points in sums]

    def count(self) -> BondCount:
        session, cast = self._with_presets(self.character_model.character.preset_bonds)
        used = usage(session, cast, self.character_model.character_id)
        presets = len(self.character_model.character.preset_bonds)
        return BondCount(used.total, MAX_BONDS, presets, used.total - presets)

    # ---- editing ---------------------------------------------------------------------------
    def preset(self, archetype: str | None, kind: BondKind, typed_target: str, level: int) -> PresetBond:
        """The preset 縁故 the GM chose and typed, or ValueError saying what is missing."""
        if not archetype:
            raise ValueError(self.tr("縁故の類型がありません（先に類型を追加してください）"))
        target = typed_target.strip()
        if not target:
            raise ValueError(self.tr("縁故の対象を入れてください"))
        return PresetBond(archetype, target, kind, level)

    def check(self, item: PresetBond, others: tuple[PresetBond, ...], adding: bool) -> None:
        """The text's limits as the engine counts them in play, with `others` as the presets."""
        if self.character_model.character.is_pc:
            raise ValueError(self.tr("事前設定の縁故はNPCのものです（PCの縁故はセッション中に結びます）"))
        session, cast = self._with_presets(others)
        me = self.character_model.character_id
        if item.kind is BondKind.CHARACTER:
            self._check_target(session, cast, item)
        used = usage(session, cast, me)
        if adding and used.total >= MAX_BONDS:
            raise ValueError(
                self.tr(
                    "縁故は最大{0}個までです（{1}は事前設定とセッションの縁故で{2}個持っています）"
                ).format(MAX_BONDS, cast[me].name, used.total)
            )
        limit = KIND_LIMITS.get(item.kind)
        held = {BondKind.MEMORY: used.memories, BondKind.PURPOSE: used.purposes}.get(item.kind, 0)
        if limit is not None and held >= limit:
            raise ValueError(
                self.tr("{0}の縁故は最大{1}つまでです（事前設定とセッションの縁故で{2}つ）").format(
                    self._kind_text(item.kind), limit, held
                )
            )

    def undo_text(self, action: str, item: PresetBond) -> str:
        texts = {
            ADD: self.tr("事前設定の縁故「{0}」の追加"),
            UPDATE: self.tr("事前設定の縁故「{0}」の変更"),
            REMOVE: self.tr("事前設定の縁故「{0}」の削除"),
        }
        return texts[action].format(item.target)

    # ---- internals ---------------------------------------------------------------------------
    @staticmethod
    def _kind_text(kind: BondKind) -> str:
        return labels_tr(KIND_LABELS[kind])

    def _with_presets(self, presets: tuple[PresetBond, ...]) -> tuple[SengenshoSession, dict[str, Member]]:
        """The session on file and the cast with this character holding these presets."""
        cast = dict(self._record.cast())
        me = self.character_model.character_id
        cast[me] = replace(cast[me], presets=tuple(presets))
        return self._record.state(), cast

    def _check_target(self, session: SengenshoSession, cast: dict[str, Member], item: PresetBond) -> None:
        """「同じ対象について、2つ以上の類型に従って縁故を設定することはできない」: against the other
        presets by the engine's own rule, and against the 縁故 kept in play by the target's name."""
        me = self.character_model.character_id
        holder = cast[me]
        # SessionRefused is a ValueError: the engine's reason reaches the GM as it is.
        check_presets(holder, BondRequest(me, item.archetype, item.kind, target=item.target), item.target)
        for bond in session.bonds_of(me):
            name = target_name(cast, bond)
            if bond.kind is not BondKind.CHARACTER or name.strip().casefold() != item.target.casefold():
                continue
            if bond.archetype != item.archetype:
                raise ValueError(
                    self.tr(
                        "{0}は「{1}」にセッションで結んだ類型「{2}」の縁故を持っています。"
                        "別の類型から設定するには、先にセッション管理でその縁故を破棄してください"
                    ).format(holder.name, name, archetype_label(bond.archetype))
                )
            raise ValueError(
                self.tr("{0}は「{1}」との縁故をセッションで結んでいます（事前設定は要りません）").format(
                    holder.name, name
                )
            )
