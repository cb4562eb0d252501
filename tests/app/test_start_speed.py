"""What the start skips (issue 36): PySide6's reading of every later module's source to learn whether
it selects a `__feature__` — no module gmtool loads does."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy
import pyqtgraph

import gmtool

SELECTS_A_FEATURE = re.compile(r"^\s*(from\s+__feature__\s+import|import\s+__feature__)", re.MULTILINE)


def test_no_module_gmtool_loads_selects_a_pyside_feature():
    """The skip is right only while this holds: a module selecting snake_case or true_property would
    need PySide6's own answer."""
    selecting = []
    for package in (gmtool, pyqtgraph, numpy):
        for path in Path(package.__file__).parent.rglob("*.py"):
            if SELECTS_A_FEATURE.search(path.read_text(encoding="utf-8", errors="replace")):
                selecting.append(str(path))
    assert selecting == []


SCRIPT = """
import inspect
import PySide6.QtWidgets
from gmtool.app.gui import skip_feature_scan

skip_feature_scan()
read = []
real = inspect.getsource
inspect.getsource = lambda obj: read.append(getattr(obj, "__name__", obj)) or real(obj)
import pyqtgraph
import gmtool.app.main_window
import gmtool.views.aw.check_view
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

app = QApplication([])
label = QLabel("x")
label.setAlignment(Qt.AlignmentFlag.AlignRight)  # Qt's own names, as every module uses them
print(len(read), int(label.alignment() & Qt.AlignmentFlag.AlignRight) != 0, hasattr(label, "set_alignment"))
"""


def test_the_start_reads_no_modules_source_and_qt_keeps_its_names():
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0", "True", "False"]
