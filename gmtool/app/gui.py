"""Starting the GUI: the window, screenshots, the self-test, and the no-display fallback."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

    from gmtool.app.main_window import MainWindow
    from gmtool.store.campaign import Campaign

VIEWS = ("main", "sheet", "check")
# The folder of an offscreen run (its demo campaign and settings), named after the process so the
# next offscreen run can remove one left behind by a run that was killed (`_remove_stale_scratch`).
SCRATCH_PREFIX = "gmtool-scratch-"


def build_parser() -> argparse.ArgumentParser:
    """The GUI's options, their help in the UI language as the CLI's (`use_cli_language`)."""
    from gmtool.app.cli_common import CliParser, shown_message, use_cli_language
    from gmtool.rules.message import Message
    from gmtool.version import app_version

    use_cli_language()
    parser = CliParser(prog="gmtool", description=shown_message(Message("TRPG のGM支援ツール")))
    parser.add_argument(
        "campaign", nargs="?", help=shown_message(Message("開くキャンペーン（*.gmcampaign）"))
    )
    parser.add_argument(
        "--demo", action="store_true", help=shown_message(Message("デモ用キャンペーンを開く"))
    )
    parser.add_argument(
        "--screenshot",
        metavar="OUT.png",
        help=shown_message(Message("画面外で描画して PNG を書き出し、終了する")),
    )
    parser.add_argument(
        "--view", choices=VIEWS, default="main", help=shown_message(Message("--screenshot で写す画面"))
    )
    parser.add_argument(
        "--self-test",
        action="store_true",
        help=shown_message(Message("画面外でメインウィンドウを開き、判定を一度行って終了する")),
    )
    parser.add_argument(
        "--screenshots-if-headless",
        metavar="DIR",
        help=shown_message(Message("ディスプレイがなければ、主な画面の PNG を DIR に書き出して終了する")),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"gmtool {app_version()}",
        help=shown_message(Message("バージョンを表示して終了する")),
    )
    parser.add_argument("--startup-marker", action="store_true", help=argparse.SUPPRESS)  # benchmarks
    parser.add_argument("--test-hook", action="store_true", help=argparse.SUPPRESS)  # gmtool.app.test_hook
    return parser


def skip_feature_scan() -> None:
    """PySide6 reads the whole source of every module imported after it (`inspect.getsource`) to
    learn whether it may select a `__feature__` (snake_case, true_property), and keeps the answer
    per module.  No module here selects one — gmtool, pyqtgraph and numpy never import
    `__feature__` (tests/app/test_start_speed.py) — so every answer is "no feature", which is what
    this gives without the reading: 60–70 ms of the start (the window's views, pyqtgraph).  Another
    PySide6 without that function keeps its own check."""
    import importlib

    try:  # (untyped: PySide6's support package ships no stubs for it)
        feature: Any = importlib.import_module("PySide6.support.feature")
    except ImportError:
        return
    if callable(getattr(feature, "_mod_uses_pyside", None)):
        feature._mod_uses_pyside = lambda module: False


def has_display() -> bool:
    if os.environ.get("QT_QPA_PLATFORM"):
        return True  # the user chose a platform (offscreen included): respect it
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def run_gui(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(argv)
    headless_dir = None
    if args.screenshots_if_headless and not has_display():
        headless_dir = Path(args.screenshots_if_headless)
        from gmtool.app.cli_common import shown_message
        from gmtool.rules.message import Message

        print(
            shown_message(
                Message(
                    "ディスプレイが見つかりません。"
                    "ウィンドウの代わりに主な画面のスクリーンショットを {0}/ に書き出します。",
                    headless_dir,
                )
            )
        )
    offscreen = bool(args.screenshot or args.self_test or headless_dir or args.test_hook)
    if offscreen:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    # The campaign is opened before Qt is imported: the store, pydantic and the campaign's systems
    # then load without PySide6's __feature__ check, which reads the source of every module
    # imported after PySide6 (about a fifth of a second of start-up).
    # gmtool uses no pydantic plugin: spare the look through every installed package's entry points.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "1")
    from gmtool.app.demo import open_demo_campaign
    from gmtool.app.last_campaign import open_last_campaign, open_or_read_only, reopen_last_campaign
    from gmtool.store.errors import StoreError

    scratch = _scratch_folder() if offscreen else None
    unopened = None  # (path, error) of the last campaign when it could not be reopened
    named_unopened = False  # the campaign named on the command line could not be opened
    campaign: Campaign | None = None  # None: the start page asks
    try:
        if args.campaign:
            try:  # another gmtool editing it: opened read-only, the banner says by whom
                campaign = open_or_read_only(args.campaign)
            except StoreError as error:
                if scratch is not None or args.startup_marker:
                    raise  # scripted runs fail with the reason (exit 2)
                # A double-click in the file manager shows no terminal: the start page says why.
                unopened, named_unopened = (Path(args.campaign), error), True
        elif scratch is not None:  # screenshots and the self-test never touch the user's files
            campaign = open_demo_campaign(Path(scratch.name))
        elif args.demo:
            campaign = open_demo_campaign()
        elif args.startup_marker:  # benchmarks: where the GM left off, else the demo (no start page)
            campaign = open_last_campaign()[0]
        else:  # where the GM left off; the start page when there is none (below, once Qt is up)
            campaign, unopened = reopen_last_campaign()
    except StoreError as error:
        print(f"gmtool: {error}", file=sys.stderr)
        if scratch is not None:
            scratch.cleanup()
        return 2

    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    skip_feature_scan()
    from gmtool.app.app_icon import use_app_icon
    from gmtool.app.i18n import install_translation
    from gmtool.views.appearance import apply_theme
    from gmtool.views.file_dialogs import use_settings
    from gmtool.views.fonts import use_japanese_font
    from gmtool.views.wheel_guard import install_wheel_guard

    existing = QApplication.instance()  # a QApplication in tests; the GUI needs one, not a QCoreApplication
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0]])
    app.setApplicationName("gmtool")
    app.setOrganizationName("gmtool")
    use_app_icon(app)  # the title bar's and the task bar's icon, the desktop entry's name

    settings = (
        QSettings(str(Path(scratch.name) / "settings.ini"), QSettings.Format.IniFormat)
        if scratch
        else QSettings()
    )
    install_translation(app, settings)  # ui/language: gmtool's and Qt's catalogs
    use_settings(settings)  # file dialogs start in the folder of the last file picked
    apply_theme(app, settings)  # ui/theme: light / dark
    use_japanese_font(app)  # kanji in the platform's Japanese font, whatever the user's language
    if campaign is None:  # nothing to reopen: the start page (it said why the last one did not open)
        from gmtool.app.start_page import StartFlow

        outcome = StartFlow(settings, unopened, named=named_unopened).run()
        if outcome is None:  # closed: quit
            return 0
        if outcome.campaign is None:  # the player's path: a window of its own, no campaign
            from gmtool.app.player import run_player
            from gmtool.models.player_model import FOLDER_PREFIX

            _remove_stale_scratch(FOLDER_PREFIX)  # a player's window killed before its clean-up
            return run_player(app, settings)
        campaign = outcome.campaign
    # The user's start shows the sheet first and builds the judgement panel and the dice box once
    # the window has painted; screenshots, the self-test and the test hook get the whole window.
    user_start = scratch is None and not (args.startup_marker or args.test_hook)
    window = show_gm_window(campaign, settings, build_later=not offscreen, remember=user_start)
    # A field takes the mouse wheel only with focus: scrolling a form never edits it.  Installed
    # once the window is up (it re-focuses the fields already made): start-up runs without it.
    install_wheel_guard(app)
    try:
        if args.self_test:
            return _self_test(window)
        if args.screenshot:
            _prepare_screenshot(window)
            _save_view(window, args.view, Path(args.screenshot))
            return 0
        if headless_dir is not None:
            _prepare_screenshot(window)
            for view in VIEWS:
                out = headless_dir / f"{view}.png"
                _save_view(window, view, out)
                print(f"  {out}")
            return 0
        if args.test_hook:
            from gmtool.app.test_hook import install_test_hook

            install_test_hook(window)
        if args.startup_marker:  # benchmarks/run.py: the sheet shown, then the whole window built
            QTimer.singleShot(0, lambda: print(f"gmtool-shown {time.time():.6f}", flush=True))

            def ready() -> None:
                # Which campaign the window shows (the desktop entry's test: a double-click's file)
                print(f"gmtool-opened {window.campaign_model.campaign.path}", flush=True)
                print(f"gmtool-ready {time.time():.6f}", flush=True)
                app.quit()

            if window.is_built():
                QTimer.singleShot(0, ready)
            else:
                window.built.connect(ready)
        return app.exec()
    finally:
        window.close()
        if scratch is not None:
            settings.sync()  # written now, into the folder about to go: nothing is left to write later
            scratch.cleanup()


def show_gm_window(
    campaign: Campaign, settings: QSettings, *, build_later: bool, remember: bool
) -> MainWindow:
    """The GM's window over `campaign`, shown as the start makes it (after the start page too: the
    first-session tests make it here).  `build_later`: the sheet first, the judgement panel and the
    dice box once it has painted (`MainWindow`); `remember`: the next start reopens what the window
    shows last (the user's own start, never a screenshot's or a benchmark's)."""
    from gmtool.app.desktop_open import open_campaigns_from_the_desktop
    from gmtool.app.file_actions import follow_campaigns
    from gmtool.app.main_window import MainWindow
    from gmtool.models.campaign_model import CampaignModel

    window = MainWindow(CampaignModel(campaign), settings, build_later=build_later)
    window.show()
    open_campaigns_from_the_desktop(window.files.open_campaign, window)  # macOS Finder, while open
    if remember:
        follow_campaigns(window.files)
    return window


def _scratch_folder() -> tempfile.TemporaryDirectory[str]:
    _remove_stale_scratch()
    return tempfile.TemporaryDirectory(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-")


def _remove_stale_scratch(prefix: str = SCRATCH_PREFIX) -> None:
    """Removes the folders of runs whose process is gone (killed before its clean-up): offscreen
    runs', or with `prefix` the player's window's (gmtool.models.player_model)."""
    if os.name != "posix":  # os.kill(pid, 0) is a probe only on POSIX
        return
    for folder in Path(tempfile.gettempdir()).glob(f"{prefix}*-*"):
        pid = folder.name.removeprefix(prefix).split("-", 1)[0]
        try:
            mine = folder.is_dir() and not folder.is_symlink() and folder.stat().st_uid == os.getuid()
        except OSError:
            continue
        if mine and pid.isdigit() and not _process_alive(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process, or one we may not probe: alive as far as we know
        return True
    return True


def _prepare_screenshot(window: MainWindow) -> None:
    """A representative state: first character, the check its demo part names (`Demo.shown_check`)
    against 10, one roll in the log."""
    from PySide6.QtWidgets import QApplication

    from gmtool.app.demo import shown_check
    from gmtool.rules.checks import Side

    window.showNormal()  # a first start is maximised, which a resize does not undo
    window.resize(1366, 768)  # the laptop the layout is made for
    QApplication.processEvents()
    window.reset_layout()  # the default docks and divider for that size
    system_id, check = shown_check()
    model: Any = window.panel_model(system_id)
    model.set_source(Side.ACTION, check)
    model.set_difficulty(10)
    model.roll()
    QApplication.processEvents()


def _save_view(window: MainWindow, view: str, out: Path) -> None:
    shown = {"main": window, "sheet": window.sheet_view or window}
    widget = shown[view] if view in shown else window.panel_view(_shown_system())
    out.parent.mkdir(parents=True, exist_ok=True)
    if not widget.grab().save(str(out), "PNG"):
        raise OSError(f"{out} に書き出せません")


def _shown_system() -> str:
    """The system of the demo's first character, which the screenshots and the self-test show."""
    from gmtool.app.demo import shown_check

    return shown_check()[0]


def _self_test(window: MainWindow) -> int:
    model: Any = window.panel_model(_shown_system())
    model.set_difficulty(9)
    total = sum(model.outcome_probabilities.values())
    before = model.campaign_model.campaign.log_count()
    result = model.roll()
    logged = model.campaign_model.campaign.log_count() - before
    if result is None:  # refused (a 令呪 or event-key condition): the panel said why
        print("gmtool self-test: NG — 判定が拒否されました")
        return 1
    ok = total == 1 and logged == 1 and result.faces != ()
    print(
        f"gmtool self-test: {'OK' if ok else 'NG'} — 成功率 {float(model.success_probability):.4f}, "
        f"出目 {list(result.faces)}, 結果 {result.outcome}"
    )
    return 0 if ok else 1
