"""The app side of lotr: its menu, CLI subcommands and registry hooks."""

from gmtool.app.lotr.hooks import HOOKS as HOOKS
