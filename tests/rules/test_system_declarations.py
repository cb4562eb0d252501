"""What each system declares for generic code (`Declarations`): read without loading any system,
consistent with what its models write, and giving the generic tables exactly what they held when
they named the systems themselves (the dice box's settings, the log filter's groups, the session
marks, Udonarium's dice bots)."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

from gmtool.models.log_filter import SHARED_KINDS, kind_groups
from gmtool.resources import resource_path
from gmtool.rules.command_system import DICE_SYSTEMS
from gmtool.rules.systems import (
    SYSTEMS,
    all_declarations,
    declarations,
    derived_table,
    register_system,
    unregister_system,
)
from gmtool.rules.systems.declarations import CHECKS, COMBAT, LOG_GROUPS, NOTES, OTHER, SESSION
from gmtool.store.log_spans import session_kinds
from gmtool.store.udonarium import dicebot

ROOT = Path(__file__).resolve().parents[2]
SYSTEM_IDS = sorted(SYSTEMS)
# Session-state keys of the shared code: no system may take one.
SHARED_SESSION_KEYS = {"dice_system", "dice_tables", "house_rules", "log.undone", "battle.saved"}


def test_declarations_are_read_without_loading_any_system():
    probe = (
        "import sys\n"
        "from gmtool.rules.systems import all_declarations\n"
        "from gmtool.rules.command_system import DICE_SYSTEMS\n"
        "from gmtool.models.log_filter import kind_groups\n"
        "from gmtool.store.log_spans import session_kinds\n"
        "from gmtool.rules.systems.lotr import fear\n"  # one module of a system, not the system
        "all_declarations(); list(DICE_SYSTEMS); kind_groups(); session_kinds()\n"
        "print(sorted(m for m in sys.modules if m.endswith('.system')))\n"
    )
    found = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True, timeout=120
    )
    assert found.stdout.strip() == "[]"


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_the_system_and_its_package_declare_the_same(system_id):
    declared = declarations(system_id)
    assert SYSTEMS[system_id].declarations is declared
    assert all(kind.group in LOG_GROUPS for kind in declared.log_kinds)
    assert all(kind.kind.startswith(system_id) for kind in declared.log_kinds)
    assert all(key == system_id or key.startswith(f"{system_id}.") for key in declared.session_keys)
    if declared.demo is not None:
        assert resource_path("demo", declared.demo.file).is_file()


def test_no_two_systems_share_a_log_kind_or_a_session_key():
    kinds = [kind.kind for declared in all_declarations().values() for kind in declared.log_kinds]
    shared = {kind for listed in SHARED_KINDS.values() for kind in listed}
    assert len(kinds) == len(set(kinds)) and not shared & set(kinds)
    keys = [key for declared in all_declarations().values() for key in declared.session_keys]
    assert len(keys) == len(set(keys)) and not SHARED_SESSION_KEYS & set(keys)


def _constants(system_id: str) -> tuple[set[str], set[str]]:
    """(LOG_KIND values, session-key values) of the system's engine and model modules."""
    log_kinds: set[str] = set()
    keys: set[str] = set()
    for top in (f"gmtool.rules.systems.{system_id}", f"gmtool.models.{system_id}"):
        package = importlib.import_module(top)
        for info in pkgutil.walk_packages(package.__path__, f"{top}."):
            module = importlib.import_module(info.name)
            for name, value in vars(module).items():
                if not isinstance(value, str):
                    continue
                if name == "LOG_KIND":
                    log_kinds.add(value)
                elif name.endswith("_KEY") and (value == system_id or value.startswith(f"{system_id}.")):
                    keys.add(value)
    return log_kinds, keys


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_every_log_kind_and_session_key_its_code_uses_is_declared(system_id, qapp):
    log_kinds, keys = _constants(system_id)
    declared = declarations(system_id)
    shared = {kind for listed in SHARED_KINDS.values() for kind in listed}
    assert log_kinds - shared <= {kind.kind for kind in declared.log_kinds}
    assert keys <= set(declared.session_keys)


def test_the_dice_box_settings_are_the_ones_it_always_offered():
    assert list(DICE_SYSTEMS) == ["generic", "aw", "sengensho", "fourcard", "lotr"]
    assert [(s.label, s.bot, s.own_bot, s.prefix) for s in DICE_SYSTEMS.values()] == [
        ("汎用", "DiceBot", True, ""),
        ("アナザーワールド (SRS)", "SRS", True, "SRS : "),
        ("千幻抄 (SGS)", "Sengensyou", True, "Sengensyou : "),
        ("フォーカード", "DiceBot", False, "DiceBot（BCDiceにフォーカードのボットなし・汎用） : "),
        ("指輪物語", "DiceBot", False, "DiceBot（BCDiceに指輪物語のボットなし・汎用） : "),
    ]
    bots = {system_id: dicebot(system_id) for system_id in SYSTEM_IDS}
    assert bots == {
        "aw": "SRS",
        "sengensho": "Sengensyou",
        "fourcard": "DiceBot",
        "lotr": "DiceBot",
        "mtg": "DiceBot",
    }
    assert dicebot("no such system") == "DiceBot"


def test_the_log_groups_and_session_marks_are_the_ones_the_filter_always_had():
    groups = {group: set(kinds) for group, kinds in kind_groups().items()}
    assert groups == {
        CHECKS: {"check", "command", "sengensho.opposed", "aw.focus", "aw.supply", "mtg.table"},
        COMBAT: {"battle", "lotr.army", "lotr.mass_battle", "fourcard-damage", "lotr-condition"},
        SESSION: {"aw.session", "sengensho.session"},
        NOTES: {"fourcard-creation", "lotr-creation", "fourcard-growth", "lotr-advancement", "demo"},
    }
    assert OTHER not in groups  # その他 is every kind the others do not list (lotr.travel among them)
    assert session_kinds() == {"aw.session", "sengensho.session"}


def test_a_system_registered_at_run_time_is_in_the_derived_tables_until_taken_back():
    counted = []

    @derived_table
    def ids() -> tuple[str, ...]:
        counted.append(1)
        return tuple(all_declarations())

    assert ids() is ids() and len(counted) == 1  # kept while the registry does not change
    register_system("madeup", "tests.made_up_system")
    try:
        assert ids()[-1] == "madeup" and "madeup" in DICE_SYSTEMS
        with pytest.raises(ValueError, match="registered already"):
            register_system("madeup", "tests.made_up_system")
    finally:
        unregister_system("madeup")
    assert "madeup" not in ids() and "madeup" not in SYSTEMS and len(counted) == 3
