"""`gmtool prob madeup --luck N`: the exact odds of 作り話RPG's luck test."""

from __future__ import annotations

import argparse
import json

from tests.made_up_system import SYSTEM_ID, luck_distribution

KINDS = (SYSTEM_ID,)


def add_parsers(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(SYSTEM_ID, help="作り話RPG の運だめし（1D6＋運≧7）")
    parser.add_argument("--luck", type=int, required=True)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    outcomes = {str(outcome): float(p) for outcome, p in luck_distribution(args.luck).probabilities.items()}
    print(json.dumps({"system": SYSTEM_ID, "outcomes": outcomes}))
    return 0
