"""Upgrades of old character documents, one schema step at a time.

A system bumps ``schema_version`` when its character document changes shape, and
registers one function per step::

    @migration("aw", 1, 2)
    def _aw_1_to_2(data: dict) -> dict:
        data["hp"] = {"current": data.pop("hp"), "max": data.pop("hp_max")}
        return data

Files written by every older gmtool then load through the chain 1 → 2 → … → current.
Steps are strictly n → n+1 so that no path through the chain can be skipped, and each
step keeps one real old file in ``tests/data/`` (DESIGN.md, "Storage").
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from gmtool.rules.message import Message
from gmtool.rules.systems import SYSTEMS
from gmtool.store.errors import StoreError

Migration = Callable[[dict[str, Any]], dict[str, Any]]

# (system id, from version) → function producing the document of version from + 1.
_MIGRATIONS: dict[tuple[str, int], Migration] = {}


def migration(system_id: str, from_version: int, to_version: int) -> Callable[[Migration], Migration]:
    """Register ``fn(data) -> data`` upgrading ``system_id`` documents by one version."""
    if to_version != from_version + 1:
        raise ValueError(f"migration {system_id} {from_version}→{to_version}: steps must be n → n+1")

    def register(fn: Migration) -> Migration:
        key = (system_id, from_version)
        if key in _MIGRATIONS:
            raise ValueError(f"migration {system_id} {from_version}→{to_version} is registered twice")
        _MIGRATIONS[key] = fn
        return fn

    return register


def unregister(system_id: str, from_version: int) -> None:
    """Forget a step (tests register throwaway migrations and clean up after)."""
    _MIGRATIONS.pop((system_id, from_version), None)


def current_version(system_id: str) -> int:
    system = SYSTEMS.get(system_id)
    if system is None:
        known = Message.joined("、", sorted(SYSTEMS))
        raise StoreError(Message("未対応のシステムです（system: {0}、対応: {1}）", system_id, known))
    return int(system.schema_version)


def migrate(system_id: str, from_version: int, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (version ``from_version``) upgraded to the system's current version.

    The caller's dict is never modified: migration functions get a deep copy and may
    edit it in place.  A missing step or a failing function is a StoreError, because a
    half-upgraded document must not reach the validator as if it were current.
    """
    target = current_version(system_id)
    if isinstance(from_version, bool) or not isinstance(from_version, int) or from_version < 1:
        raise StoreError(Message("スキーマのバージョンが正しくありません（{0!r}）", from_version))
    if from_version > target:
        raise StoreError(
            Message(
                "より新しい gmtool で作られたデータです（スキーマ v{0}、このバージョンは v{1} まで）",
                from_version,
                target,
            )
        )
    if from_version == target:
        return data
    document = copy.deepcopy(data)
    for version in range(from_version, target):
        step = _MIGRATIONS.get((system_id, version))
        if step is None:
            raise StoreError(
                Message(
                    "{0} のスキーマ v{1} から v{2} への変換がありません（このバージョンの gmtool "
                    "では読めません）",
                    system_id,
                    version,
                    version + 1,
                )
            )
        try:
            document = step(document)
        except Exception as exc:  # any bug or odd old data: refuse instead of half-converting
            step_name = Message("{0} のスキーマ v{1} から v{2} への変換", system_id, version, version + 1)
            raise StoreError(Message("{0}に失敗しました（{1}）", step_name, str(exc)[:200])) from exc
        if not isinstance(document, dict):
            raise StoreError(
                Message(
                    "{0} のスキーマ v{1} から v{2} への変換が壊れています", system_id, version, version + 1
                )
            )
    return document
