"""Names for outcome codes in the UI language (the engine speaks only in codes)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gmtool.rules.checks import Outcome, Side


def outcome_label(outcome: Outcome | str) -> str:
    labels = {
        Outcome.AUTO_SUCCESS: QCoreApplication.translate("outcome", "自動成功"),
        Outcome.SUCCESS: QCoreApplication.translate("outcome", "成功"),
        Outcome.FAILURE: QCoreApplication.translate("outcome", "失敗"),
        Outcome.AUTO_FAILURE: QCoreApplication.translate("outcome", "自動失敗"),
    }
    return labels[Outcome(outcome)]


def side_label(side: Side | str) -> str:
    labels = {
        Side.ACTION: QCoreApplication.translate("outcome", "アクション側"),
        Side.REACTION: QCoreApplication.translate("outcome", "リアクション側"),
    }
    return labels[Side(side)]


def percent(p: float) -> str:
    return f"{p * 100:.2f}%"
