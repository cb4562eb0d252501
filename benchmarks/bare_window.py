"""Baseline for the start-up benchmark: a bare PySide6 window with one pyqtgraph plot."""

import sys
import time

import pyqtgraph as pg
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

app = QApplication(sys.argv)
window = QMainWindow()
window.setCentralWidget(pg.PlotWidget())
window.resize(1500, 950)
window.show()
QTimer.singleShot(0, lambda: (print(f"gmtool-shown {time.time():.6f}", flush=True), app.quit()))
sys.exit(app.exec())
