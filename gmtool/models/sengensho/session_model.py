"""The 千幻抄 session as Qt sees it: scenes, 縁故, 幻想値, 幻想能力, 前借り and the ラスボス.

The state is one JSON document in the campaign's session state (SESSION_KEY), read only through
`sengensho_state`; the engine (`rules/systems/sengensho/{session,bonds,fantasy}.py`) decides what is
allowed and raises `SessionRefused` with the reason.  Every action here is one undo step and one log
line (`SengenshoSessionActions`).  Any number of these models may look at one campaign (the session
dialog, the sheet, the menu): they all re-read on `session_changed`, so they never disagree.  A
stored document that cannot be read is reported by `problem()`; the next action replaces it.  The
campaign's house rules (`readings()`) are read on every computation, and a flipped switch (or the
GM's ラスボス cap) re-syncs every view through `changed`.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.models.log_payload import summary_payload
from gmtool.models.sengensho import labels as labels
from gmtool.models.sengensho.session_actions import SengenshoSessionActions
from gmtool.models.sengensho.state import (
    BOSS_CAP_KEY,
    CATALOG_KEY,
    LOG_KIND,
    SESSION_KEY,
    SYSTEM_ID,
    cast_of,
    read_boss_cap,
    read_catalog,
    read_session,
    readings_for,
)
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.message import Message
from gmtool.rules.systems.sengensho import bonds as bond_rules
from gmtool.rules.systems.sengensho import fantasy
from gmtool.rules.systems.sengensho.bonds import KIND_LIMITS, MAX_BONDS, BondUsage
from gmtool.rules.systems.sengensho.catalog import ArchetypeCatalog
from gmtool.rules.systems.sengensho.character import LAST_BOSS, BondKind
from gmtool.rules.systems.sengensho.house_rules import (
    ABILITY_PERIOD,
    BOSS_LEVEL,
    BOSS_LEVEL_CAPPED,
    PER_SCENARIO,
    SengenshoReadings,
)
from gmtool.rules.systems.sengensho.session import (
    Bond,
    Cast,
    Impression,
    Scene,
    SengenshoSession,
    SessionRefused,
    archetypes_in_force,
    current_scene,
    display_name,
    session_from_document,
    session_to_document,
)
from gmtool.store.errors import StoreError
from gmtool.store.validation import format_validation_error

UNSET_IMPRESSION = "未設定（類型カタログ）"
NO_USAGE = BondUsage(0, 0, 0, 0, None)


class SengenshoSessionModel(SengenshoSessionActions, QObject):
    changed = Signal()

    def __init__(self, campaign_model: CampaignModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self._session_cache: tuple[Any, SengenshoSession, str | None] | None = None
        self._catalog_cache: tuple[Any, ArchetypeCatalog, str | None] | None = None
        campaign_model.session_changed.connect(self._on_session_changed)
        campaign_model.characters_changed.connect(self.changed)
        # A bound method, not a lambda: Qt drops it when this model is deleted with its view.
        campaign_model.character_changed.connect(self._on_character_changed)

    # ---- reading ------------------------------------------------------------------------
    def state(self) -> SengenshoSession:
        return self._load_session()[0]

    def problem(self) -> str | None:
        """Why the stored state could not be read (it is shown, and the next action replaces it)."""
        return self._load_session()[1]

    def catalog(self) -> ArchetypeCatalog:
        return self._load_catalog()[0]

    def catalog_problem(self) -> str | None:
        return self._load_catalog()[1]

    def cast(self) -> Cast:
        return cast_of(self.campaign_model)

    def readings(self) -> SengenshoReadings:
        """The campaign's house rules as the engine plays them (read anew: a switch may have flipped)."""
        return readings_for(self.campaign_model)

    def per_scenario(self) -> bool:
        """True when 幻想能力 are once per scenario (the ABILITY_PERIOD switch), not per session."""
        return campaign_house_rules(self.campaign_model).get(ABILITY_PERIOD) == PER_SCENARIO

    def boss_cap_in_force(self) -> bool:
        """True when the GM's cap on a PC's 縁故 to the ラスボス is played (the BOSS_LEVEL switch)."""
        return campaign_house_rules(self.campaign_model).get(BOSS_LEVEL) == BOSS_LEVEL_CAPPED

    def boss_cap(self) -> int | None:
        """The GM's number (None: not entered, so Lv99), whether or not the switch plays it."""
        return read_boss_cap(self.campaign_model)

    def boss_level_limit(self) -> int:
        """The highest level a PC's new 縁故 to the revealed ラスボス may start at, as played now."""
        return bond_rules.boss_level_cap(self.readings())

    def set_boss_cap(self, cap: int | None) -> None:
        """The GM's cap (None clears it): one undo step."""
        if cap is not None and not 1 <= cap <= bond_rules.MAX_LEVEL:
            raise SessionRefused(Message(self.tr("上限は1から{0}までです"), bond_rules.MAX_LEVEL))
        if cap == self.boss_cap():
            return
        text = (
            self.tr("ラスボスへの縁故の上限: Lv{0}").format(cap)
            if cap is not None
            else self.tr("ラスボスへの縁故の上限: なし")
        )
        self.campaign_model.set_session_value(BOSS_CAP_KEY, cap, text)

    def characters(self) -> list[tuple[str, str]]:
        """(id, name) of the campaign's 千幻抄 characters, in list order."""
        return [(s.id, s.character.name) for s in self.campaign_model.characters_of(SYSTEM_ID)]

    def pcs(self) -> list[tuple[str, str]]:
        return [(i, m.name) for i, m in self.cast().items() if m.is_pc]

    def name(self, character_id: str | None) -> str:
        if character_id is None:
            return ""
        found = self.cast().get(character_id)
        return found.name if found else self.tr("（削除されたキャラクター）")

    def is_pc(self, character_id: str) -> bool:
        found = self.cast().get(character_id)
        return bool(found and found.is_pc)

    def archetypes(self, holder: str) -> tuple[str, ...]:
        """The holder's 類型 in force (ラスボス added for the session's ラスボス); () if unknown."""
        if holder not in self.cast():
            return ()
        return archetypes_in_force(self.state(), self.cast(), holder)

    def fantasy_values(self, holder: str) -> dict[str, fantasy.FantasyValue]:
        if holder not in self.cast():
            return {}
        return fantasy.fantasy_values(self.state(), self.cast(), holder, self.readings())

    def bond_values(self, holder: str) -> dict[int, int]:
        if holder not in self.cast():
            return {}
        return fantasy.bond_values(self.state(), self.cast(), holder, self.readings())

    def ability_statuses(self, holder: str) -> list[fantasy.AbilityStatus]:
        if holder not in self.cast():
            return []
        return fantasy.ability_statuses(self.state(), self.cast(), self.catalog(), holder, self.readings())

    def current_scene(self) -> Scene | None:
        state = self.state()
        return state.scene(state.current_scene)

    def require_scene(self) -> Scene:
        """The scene a 縁故 is formed in, or SessionRefused with the engine's reason."""
        state = self.state()
        scene = state.scene(current_scene(state))
        assert scene is not None  # the session document guarantees it
        return scene

    def halved_bonds(self, holder: str) -> set[int]:
        """The holder's 縁故 whose 幻想値 is halved (縁故 to a PC after the first)."""
        if holder not in self.cast():
            return set()
        return fantasy.halved_bonds(self.state(), self.cast(), holder)

    def bond_usage(self, holder: str) -> BondUsage:
        """What the holder has used of each limit, as the engine counts it."""
        if holder not in self.cast():
            return NO_USAGE
        return bond_rules.usage(self.state(), self.cast(), holder, self.readings())

    def target_name(self, bond: Bond) -> str:
        """The 縁故's target as it is called now (a renamed or deleted character included)."""
        return labels.target_name(self.cast(), bond)

    def impression_target(self, impression: Impression) -> str:
        if impression.target_id is None:
            return impression.target
        return display_name(self.cast(), impression.target_id)

    def impressions_in_scene(self) -> list[Impression]:
        """The 印象効果 in force in the current scene (one 類型 per holder and target)."""
        state = self.state()
        if state.current_scene is None:
            return []
        return [i for i in state.impressions if i.scene == state.current_scene]

    def held_archetype(self, holder: str, target_id: str) -> str | None:
        """The 類型 of the holder's 縁故 to a campaign character, or None: a session 縁故, or an NPC's
        preset 縁故 (which names its target in text, so it is matched by the current name)."""
        cast = self.cast()
        found = next((b.archetype for b in self.state().bonds_of(holder) if b.target_id == target_id), None)
        if found is not None or holder not in cast or target_id not in cast:
            return found
        name = cast[target_id].name.strip().casefold()
        return next(
            (
                p.archetype
                for p in cast[holder].presets
                if p.kind is BondKind.CHARACTER and p.target.strip().casefold() == name
            ),
            None,
        )

    def pcs_without_archetypes(self) -> list[str]:
        """The names of the PCs with no 類型 of their own (they cannot form a 縁故 this session)."""
        return [m.name for m in self.cast().values() if m.is_pc and not m.archetypes]

    def impression_body(self, archetype: str) -> str:
        """The 類型's 印象効果 from the catalog, or what the GM has not filled in yet."""
        if archetype == LAST_BOSS:
            return self.tr("未設定（ラスボスの印象効果は本文にありません）")
        found = self.catalog().get(archetype)
        if found is None or not found.impression.strip():
            return self.tr(UNSET_IMPRESSION)
        return found.impression.strip()

    def impression_text(self, archetype: str) -> str:
        return self.tr("印象効果: {0}").format(self.impression_body(archetype))

    def bond_guidance(self, archetype: str) -> str:
        found = self.catalog().get(archetype)
        if found is None or not found.bond_guidance.strip():
            return self.tr("縁故の指針: 未設定（類型カタログ）")
        return self.tr("縁故の指針: {0}").format(found.bond_guidance.strip())

    @staticmethod
    def limits() -> tuple[int, dict[BondKind, int]]:
        return MAX_BONDS, dict(KIND_LIMITS)

    # ---- internals -------------------------------------------------------------------------
    def _raw(self, key: str) -> tuple[bool, Any]:
        try:
            return True, self.campaign_model.session_value(key)
        except StoreError:
            return False, None

    def _load_session(self) -> tuple[SengenshoSession, str | None]:
        ok, raw = self._raw(SESSION_KEY)
        if not ok:
            return read_session(self.campaign_model)  # it reports why the file could not be read
        if self._session_cache is None or self._session_cache[0] != raw:
            self._session_cache = (raw, *read_session(self.campaign_model))
        return self._session_cache[1], self._session_cache[2]

    def _load_catalog(self) -> tuple[ArchetypeCatalog, str | None]:
        ok, raw = self._raw(CATALOG_KEY)
        if not ok:
            return read_catalog(self.campaign_model)
        if self._catalog_cache is None or self._catalog_cache[0] != raw:
            self._catalog_cache = (raw, *read_catalog(self.campaign_model))
        return self._catalog_cache[1], self._catalog_cache[2]

    def _commit(self, new: SengenshoSession, undo_text: str, log_text: str, **log: Any) -> None:
        """One undo step and one log line.

        The document is read back before it is stored: the engine's dataclasses do not check the
        field limits (a 250-character scene name), and a stored document the reader refuses would
        make the whole session look lost in every view."""
        document = session_to_document(new)
        try:
            session_from_document(document)
        except ValidationError as e:
            raise SessionRefused(
                Message(self.tr("この内容は保存できません（{0}）"), format_validation_error(e, SESSION_KEY))
            ) from e
        self.campaign_model.set_session_value(SESSION_KEY, document, undo_text)
        self.log(log_text, **log)

    def log(self, text: str, who: str = "", dice: str = "", result: str = "", **extra: Any) -> None:
        self.campaign_model.append_log(LOG_KIND, summary_payload(SYSTEM_ID, text, who, dice, result, **extra))

    def _on_character_changed(self, _character_id: str) -> None:
        self.changed.emit()

    def _on_session_changed(self, key: str) -> None:
        if key in (SESSION_KEY, CATALOG_KEY, HOUSE_RULES_KEY, BOSS_CAP_KEY):
            self.changed.emit()
