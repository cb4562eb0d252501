"""Japanese names for outcome codes (the engine speaks only in codes)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gmtool.rules.checks import Outcome, Side


def _tr(text: str) -> str:
    return QCoreApplication.translate("outcome", text)


def outcome_label(outcome: Outcome | str) -> str:
    labels = {
        Outcome.AUTO_SUCCESS: _tr("自動成功"),
        Outcome.SUCCESS: _tr("成功"),
        Outcome.FAILURE: _tr("失敗"),
        Outcome.AUTO_FAILURE: _tr("自動失敗"),
    }
    return labels[Outcome(outcome)]


def side_label(side: Side | str) -> str:
    return {Side.ACTION: _tr("アクション側"), Side.REACTION: _tr("リアクション側")}[Side(side)]


def percent(p: float) -> str:
    return f"{p * 100:.2f}%"
