"""`gmtool prob` for the Lord of the Rings RPG: a CODA test and a mass battle, exactly."""

from __future__ import annotations

import argparse
from typing import Any

from gmtool.app.lotr.cli_attack import ATTACK_KINDS, add_attack_parsers, run_attack
from gmtool.app.lotr.cli_battle import BATTLE_KINDS, add_battle_parsers, run_battle
from gmtool.app.lotr.cli_fear import FEAR_KINDS, add_fear_parsers, run_fear
from gmtool.app.lotr.cli_recovery import RECOVERY_KINDS, add_recovery_parsers, run_recovery
from gmtool.app.lotr.cli_renown import RENOWN_KINDS, add_renown_parsers, run_renown
from gmtool.app.lotr.cli_test import TEST_KINDS, add_test_parsers, run_test

KINDS = TEST_KINDS + BATTLE_KINDS + ATTACK_KINDS + FEAR_KINDS + RECOVERY_KINDS + RENOWN_KINDS


def add_parsers(sub: Any) -> None:
    add_test_parsers(sub)
    add_battle_parsers(sub)
    add_attack_parsers(sub)
    add_fear_parsers(sub)
    add_recovery_parsers(sub)
    add_renown_parsers(sub)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.kind in TEST_KINDS:
        return run_test(args, parser)
    if args.kind in ATTACK_KINDS:
        return run_attack(args, parser)
    if args.kind in FEAR_KINDS:
        return run_fear(args, parser)
    if args.kind in RECOVERY_KINDS:
        return run_recovery(args, parser)
    if args.kind in RENOWN_KINDS:
        return run_renown(args, parser)
    return run_battle(args, parser)
