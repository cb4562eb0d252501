"""The app side of sengensho: its menu, CLI subcommands and registry hooks."""

from gmtool.app.sengensho.hooks import HOOKS as HOOKS
