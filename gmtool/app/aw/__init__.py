"""The app side of aw: its menu, CLI subcommands and registry hooks."""

from gmtool.app.aw.hooks import HOOKS as HOOKS
