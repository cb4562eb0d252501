"""`prob sengensho`: a 千幻抄 check (3D6 + 修正 vs 目標値) with its critical and fumble, exactly.

The critical/fumble thresholds default to the shipped ones (16 / 5); a campaign's house rule is
given with --critical / --fumble.  --modifier is everything added to the dice: 判定値
({特性値}+〈スキル〉) and 修正 together.

Every text is a message template (`Message`, `template`) shown through the message catalogue, so the
help and the table read in the UI language (English with GMTOOL_LANGUAGE=en once the CLI installs it).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.cli_common import CHECK_TOTAL_BOUNDS, bounded, pad, percent
from gmtool.models.sengensho import cli_texts as texts
from gmtool.rules.checks import Outcome
from gmtool.rules.systems.sengensho.checks import (
    CRITICAL,
    CRITICAL_BOUNDS,
    FUMBLE,
    FUMBLE_BOUNDS,
    TARGET_BOUNDS,
    SengenshoCheckSpec,
    SengenshoRoller,
    check_distribution,
)
from gmtool.rules.systems.sengensho.rules_data import sengensho_rules
from gmtool.views.message_catalog import shown_message

KINDS = ("sengensho",)
# The judgement panel's fields: 目標値, the thresholds, and every 判定値 + 修正 it can add up.
MODIFIER = bounded(texts.MODIFIER_WHAT, CHECK_TOTAL_BOUNDS)
TARGET = bounded(texts.TARGET_WHAT, TARGET_BOUNDS)
CRITICAL_AT = bounded(texts.CRITICAL_WHAT, CRITICAL_BOUNDS)
FUMBLE_AT = bounded(texts.FUMBLE_WHAT, FUMBLE_BOUNDS)
NAME_WIDTH = 30  # terminal columns of the longest name, 成功率（クリティカルを含む）
# The JSON keys of the four outcomes ("success" there is the success that is not a critical).
OUTCOME_KEYS = {
    CRITICAL: "critical",
    Outcome.SUCCESS: "success",
    Outcome.FAILURE: "failure",
    FUMBLE: "fumble",
}


def add_parsers(sub: Any) -> None:
    # The defaults are read when the command runs: building the parser for `prob aw` reads no 千幻抄 data.
    check = sub.add_parser("sengensho", help=_help(texts.HELP))
    check.add_argument(
        "--modifier", type=MODIFIER, default=0, help=_help(texts.modifier_help(MODIFIER.range))
    )
    check.add_argument("--target", type=TARGET, required=True, help=_help(texts.target_help(TARGET.range)))
    check.add_argument("--critical", type=CRITICAL_AT, help=_help(texts.critical_help(CRITICAL_AT.range)))
    check.add_argument("--fumble", type=FUMBLE_AT, help=_help(texts.fumble_help(FUMBLE_AT.range)))
    check.add_argument("--json", action="store_true", help=_help(texts.JSON_HELP))


def _help(text: str) -> str:
    """A help text in the UI language; argparse expands %-sequences in help, so % is doubled."""
    return shown_message(text).replace("%", "%%")


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    rules = sengensho_rules()
    critical = rules.default_critical if args.critical is None else args.critical
    fumble = rules.default_fumble if args.fumble is None else args.fumble
    try:
        roller = SengenshoRoller(0, args.modifier, critical, fumble)
    except ValueError as error:
        parser.exit(2, f"gmtool prob: {error}\n")
    dist = check_distribution(SengenshoCheckSpec(roller, args.target))
    success = dist.probability(lambda o: o.succeeded)
    if args.json:
        outcomes = {key: float(dist[o]) for o, key in OUTCOME_KEYS.items()}
        print(json.dumps({"system": "sengensho", "success": float(success), "outcomes": outcomes}))
        return 0
    print(shown_message(texts.heading(args.modifier, args.target, critical, fumble)))
    for outcome, name in texts.OUTCOME_NAMES.items():
        print(f"  {pad(shown_message(name), NAME_WIDTH)}{percent(dist[outcome])}")
    print(f"  {pad(shown_message(texts.SUCCESS_RATE), NAME_WIDTH)}{percent(success)}")
    return 0
