"""Shared fixtures. Qt must be offscreen before any QApplication exists (DESIGN.md)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
