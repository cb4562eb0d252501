"""Build tests/data/bcdice3_systems.toml from BCDice's own test data for the bots the dice box uses.

    python packaging/bcdice_golden.py BCDICE_TEST_DATA [--commit SHA] [--out tests/data/bcdice3_systems.toml]

BCDICE_TEST_DATA is the `test/data` folder of a checkout of https://github.com/bcdice/BCDice (BSD
3-Clause License, Copyright (c) BCDice Project).  Of it this reads `SRS.toml` (the bot gmtool's
アナザーワールド setting rolls with) and `Sengensyou.toml` (千幻抄's), keeps every case of that bot
(`game_system`), and writes each as the test plays it: `source` (the BCDice file), `system` (the
dice box's setting that reads it with that bot), the input, the line BCDice prints, BCDice's flags
(success, failure, critical, fumble) and the dice it rolled, in the order it rolled them.

A case where gmtool deliberately does not print what BCDice prints is marked `differs` with the
reason (`DIFFERENCES` below; README.md, "The dice box and BCDice", lists them too).  BCDice printing
nothing (its bot does not read the command) is `refused = true`: gmtool refuses the command with a
message saying why, rather than staying silent.  tests/rules/test_command_system.py plays every case
with the fixed dice and compares the line and the flags.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "bcdice3_systems.toml"

# BCDice's test file → (its game_system, the dice box's setting that rolls with that bot)
BOTS = {"SRS.toml": ("SRS", "aw"), "Sengensyou.toml": ("Sengensyou", "sengensho")}
FLAGS = ("success", "failure", "critical", "fumble")

REFUSED = (
    "BCDice prints nothing (its bot does not read the command); gmtool refuses it with a message saying why"
)
# (source, input) → why gmtool's line is not BCDice's; checked against the data: a reason that
# matches no case is an error, so the list cannot outlive the difference.
DIFFERENCES: dict[tuple[str, str], str] = {
    ("Sengensyou.toml", "SGS>=5"): REFUSED + " (SGS is never compared with a target)",
}

HEADER = """\
# Golden cases from BCDice 3's own test data for its game-system bots (https://github.com/bcdice/BCDice,
# test/data/SRS.toml and test/data/Sengensyou.toml, BSD 3-Clause License, Copyright (c) BCDice Project),
# read at BCDice commit {commit}
# and written by packaging/bcdice_golden.py: run it again rather than editing this file.
# The input, the line BCDice prints and the dice it rolled, as they are; `source` names the file and
# `system` the dice box setting that reads them with that bot (aw: SRS, sengensho: Sengensyou).
# success / failure / critical / fumble are BCDice's flags.  gmtool prints the line after the bot's
# ID ("SRS : …"), as a room shows it.  `refused = true`: BCDice prints nothing and gmtool refuses the
# command with a message.  `differs`: why gmtool deliberately does not print BCDice's line.
"""


def _string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _case(source: str, system: str, test: dict[str, Any]) -> tuple[str, set[tuple[str, str]]]:
    lines = ["[[test]]", f"source = {_string(source)}", f"system = {_string(system)}"]
    lines.append(f"input = {_string(test['input'])}")
    refused = test["output"] == ""
    if not refused:
        lines.append(f"output = {_string(test['output'])}")
    lines += [f"{flag} = true" for flag in FLAGS if test.get(flag)]
    if test.get("secret"):
        lines.append("secret = true")
    if refused:
        lines.append("refused = true")
    used = set()
    reason = DIFFERENCES.get((source, test["input"]))
    if reason is not None:
        lines.append(f"differs = {_string(reason)}")
        used.add((source, test["input"]))
    elif refused:
        raise SystemExit(f"{source}: {test['input']!r}: BCDice prints nothing; add its reason to DIFFERENCES")
    rands = ", ".join(f"{{ sides = {r['sides']}, value = {r['value']} }}" for r in test["rands"])
    lines.append(f"rands = [{rands}]")
    return "\n".join(lines), used


def build(test_data: Path, commit: str) -> str:
    cases, used = [], set()
    for source, (game_system, system) in BOTS.items():
        tests = tomllib.loads((test_data / source).read_text("utf-8"))["test"]
        for test in tests:
            if test["game_system"] != game_system:
                continue
            text, marked = _case(source, system, test)
            cases.append(text)
            used |= marked
    stale = set(DIFFERENCES) - used
    if stale:
        raise SystemExit(f"DIFFERENCES names cases BCDice's data no longer has: {sorted(stale)}")
    return HEADER.format(commit=commit) + "\n" + "\n\n".join(cases) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("test_data", type=Path, help="BCDice's test/data folder")
    parser.add_argument("--commit", default="an unnamed commit", help="the BCDice commit it was read from")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    args.out.write_text(build(args.test_data, args.commit), "utf-8")
    print(f"{args.out}: written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
