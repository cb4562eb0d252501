"""The installed Qt binding must not leak references to None.

PySide6 6.12.0 drops one reference to None on every void method call. Before
Python 3.12 None is an ordinary object, so a session at the table would abort
after a few thousand widget updates. pyproject.toml keeps that version out;
this test fails if it ever comes back.
"""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QLabel, QSpinBox


def test_void_qt_calls_keep_none_alive(qtbot):
    label, spin = QLabel(), QSpinBox()
    qtbot.addWidget(label)
    qtbot.addWidget(spin)
    label.setText("warm-up")
    before = sys.getrefcount(None)
    for i in range(2000):
        label.setText(str(i))
        spin.setValue(i % 50)
    # Python ≥ 3.12 reports a constant for the immortal None; earlier versions count for real.
    assert sys.getrefcount(None) >= before - 50
