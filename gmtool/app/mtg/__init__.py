"""The app side of mtg: its menu, CLI subcommands and registry hooks."""

from gmtool.app.mtg.hooks import HOOKS as HOOKS
