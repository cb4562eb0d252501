"""The app side of fourcard: its menu, CLI subcommands and registry hooks."""

from gmtool.app.fourcard.hooks import HOOKS as HOOKS
