"""`gmtool install-desktop` and `gmtool uninstall-desktop`: gmtool in the Linux desktop's menus, with
its icon, and *.gmcampaign opening in it, for the current user (gmtool.desktop_entry).  Without Qt."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence

from gmtool.app.cli_common import CliParser, refuse, shown_message, use_cli_language
from gmtool.desktop_entry import data_home, install, this_program, uninstall
from gmtool.rules.message import Message

INSTALL = "install-desktop"
UNINSTALL = "uninstall-desktop"
COMMANDS = (INSTALL, UNINSTALL)


def run_desktop(action: str, argv: Sequence[str]) -> int:
    use_cli_language()
    if action == INSTALL:
        about = Message("メニュー・アイコンと *.gmcampaign を開く設定を、このユーザーに登録します")
    else:
        about = Message("install-desktop で登録したものを外します")
    parser = CliParser(prog=f"gmtool {action}", description=shown_message(about))
    if action == INSTALL:
        parser.add_argument(
            "--exec",
            dest="program",
            metavar="PROGRAM",
            help=shown_message(Message("メニューから起動するプログラム（絶対パス。既定: このプログラム）")),
        )
    args = parser.parse_args(argv)
    home = data_home()
    try:
        if action == INSTALL:
            command = [args.program] if args.program else this_program()
            if not os.path.isabs(command[0]):  # the menu starts it from anywhere
                refuse(parser, Message("起動するプログラムは絶対パスで指定してください（{0}）", command[0]))
            done = install(command, home)
            said = Message("gmtool をデスクトップに登録しました（{0}）: {1}", home, " ".join(command))
        else:
            done = uninstall(home)
            said = Message("gmtool をデスクトップから外しました（{0}）", home)
    except (OSError, subprocess.CalledProcessError) as error:
        refuse(parser, Message("登録できません（{0}）", error))
    print(shown_message(said))
    for path in done.files:
        print(f"  {path}")
    for tool in done.skipped:
        print(shown_message(Message("{0} がないため省きました（次のログインで反映されます）", tool)))
    return 0
