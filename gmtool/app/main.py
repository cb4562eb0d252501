"""Entry point of `gmtool` and `python -m gmtool`.

`prob …` and `roll …` are answered without loading Qt; everything else starts the GUI.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "roll":  # a BCDice-style command, answered without Qt like `prob`
        from gmtool.app.cli_command import run_roll

        return run_roll(args[1:])
    if args and args[0] in ("install-desktop", "uninstall-desktop"):  # Linux: the menu entry, no Qt
        from gmtool.app.cli_desktop import run_desktop

        return run_desktop(args[0], args[1:])
    if args and args[0] == "prob":
        from gmtool.app.cli import run_prob

        return run_prob(args[1:])
    from gmtool.app.gui import run_gui

    return run_gui(args)
