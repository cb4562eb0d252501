"""`prob mtg`: the exact chance of a MTGでTRPG 行動判定 for a deck, with and without 行動判定ブースト.

The deck is a decklist in any format gmtool reads (MTG Arena, MTGO .dek / text, Cockatrice .cod,
plain lists) resolved against the card database (the shipped sample and the user's card cache), or a
gmtool character file of a deck (told apart by its content, whatever its name).  The library is the
main deck, shuffled, nothing known on top.  A name the database does not know exits 2 naming it:
gmtool never guesses a card.  A check the rules do not allow (too few cards, or an outcome the
player already knows) still prints its numbers, with the reason ("refusal" in JSON); how an
unmarked decklist was read (its blank-line sideboard) goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from gmtool.app.cli_common import bounded, percent
from gmtool.rules.systems.mtg import COLOR_NAMES
from gmtool.rules.systems.mtg.character import MTGCharacter
from gmtool.rules.systems.mtg.checks import DIFFICULTY_BOUNDS, CheckColor
from gmtool.rules.systems.mtg.procedure import plan_check
from gmtool.rules.systems.mtg.table import MTGTable
from gmtool.store.errors import StoreError

KINDS = ("mtg",)
DIFFICULTY = bounded("難易度", DIFFICULTY_BOUNDS)  # the judgement panel's field


def add_parsers(sub: Any) -> None:
    check = sub.add_parser(
        "mtg", help="MTGでTRPG の行動判定: デッキ・色・難易度から成功率（ブーストあり/なし）"
    )
    check.add_argument(
        "--deck", required=True, help="デッキリスト（アリーナ・MTGO・Cockatrice・テキスト）か .gmchar.json"
    )
    check.add_argument(
        "--color",
        required=True,
        type=str.upper,
        choices=[c.value for c in CheckColor],
        help="判定の色: W 白 / U 青 / B 黒 / R 赤 / G 緑 / C 色のない",
    )
    check.add_argument(
        "--difficulty", type=DIFFICULTY, required=True, help=f"難易度（通常 0〜8）{DIFFICULTY.range}"
    )
    check.add_argument("--json", action="store_true", help="JSON で出力")


def is_character_file(path: Path) -> bool:
    """Whether ``path`` holds a gmtool character file: a JSON object with the character format.

    Decided by content as well as by the name: a deck file saved as "deck.json" is still a deck.  A
    file that cannot be read here is left to the decklist reader, whose message names the fault.
    """
    from gmtool.store.exchange import FORMAT, MAX_CHARACTER_FILE_BYTES, SUFFIX
    from gmtool.store.files import read_limited

    if path.name.endswith(SUFFIX):
        return True  # even a damaged one: import_character says what is wrong with it
    try:
        raw = read_limited(path, MAX_CHARACTER_FILE_BYTES, StoreError).removeprefix(b"\xef\xbb\xbf")
        if not raw.lstrip().startswith(b"{"):
            return False
        document = json.loads(raw.decode("utf-8"))
    except (StoreError, UnicodeDecodeError, ValueError, RecursionError):
        return False
    return isinstance(document, dict) and document.get("format") == FORMAT


def _deck_from_character_file(path: Path) -> MTGCharacter:
    from gmtool.store.exchange import import_character

    system_id, character = import_character(path)
    if system_id != "mtg":
        raise ValueError(f"「{path.name}」: MTGでTRPG のデッキではありません（システム: {system_id}）")
    return character


def _deck_from_decklist(path: Path) -> tuple[MTGCharacter, tuple[str, ...]]:
    from gmtool.store.cards.database import CardDatabase, default_card_cache_path
    from gmtool.store.cards.deck_resolution import resolve_decklist
    from gmtool.store.cards.decklists import read_decklist_file

    decklist = read_decklist_file(path)
    with CardDatabase.open(default_card_cache_path()) as database:
        resolution = resolve_decklist(decklist, database.find)
    if resolution.unresolved:
        names = "、".join(f"{u.line}行目「{u.name}」" for u in resolution.unresolved)
        raise ValueError(
            f"「{path.name}」: カードデータベースにないカードがあります: {names}"
            "（名前を直すか、gmtool のカードデータベースに読み込んでください）"
        )
    return resolution.deck(decklist.name or path.stem), decklist.notes


def load_deck(path: Path) -> tuple[MTGCharacter, tuple[str, ...]]:
    """The deck of ``path`` and the notes on how its decklist was read (none for a character file)."""
    if is_character_file(path):
        return _deck_from_character_file(path), ()
    return _deck_from_decklist(path)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    path = Path(args.deck)
    try:
        deck, notes = load_deck(path)
    except (StoreError, ValueError, OSError) as problem:  # each message names the file and the fault
        parser.exit(2, f"gmtool prob: {problem}\n")
    for note in notes:
        print(f"gmtool prob: 「{path.name}」: {note}", file=sys.stderr)
    color = CheckColor(args.color)
    # A fresh table: nothing checked or boosted this turn, nothing known on top (physical cards).
    plan = plan_check(MTGTable(), "cli", deck, color, args.difficulty)
    success, boosted = plan.success, plan.success_with_boost
    if args.json:
        out: dict[str, Any] = {
            "system": "mtg",
            "success": float(success),
            "success_with_boost": float(boosted),
            "cards": deck.size,
        }
        if plan.refusal:
            out["refusal"] = plan.refusal
        print(json.dumps(out))
        return 0
    check = f"{COLOR_NAMES[color]}判定 / 難易度 {args.difficulty}"
    print(f"MTGでTRPG 行動判定: 「{deck.name}」 {deck.size}枚 / {check}")
    if plan.odds.possible:
        print(f"  成功率（公開のまま）        {percent(success)}")
        note = "" if plan.odds.boost_possible else "（ライブラリーが足りずブーストできません）"
        print(f"  成功率（ブーストを使う場合）{percent(boosted)}{note}")
    if plan.refusal:
        print(f"  {plan.refusal}")
    return 0
