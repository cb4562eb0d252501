"""The フォーカード creation wizard's log lines (kind ``fourcard-creation``): every roll with its seed,
every GM override and the finished character, each said as the table reads it.  A wizard cancelled
before it made a character marks its lines 取り消し (`cancel`): they belong to no character."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QCoreApplication

from gmtool.models.campaign_model import CampaignModel

LOG_KIND = "fourcard-creation"


def fraction_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


class CreationLog:
    """Appends one line to the campaign's log for the character being made (`who`: its name so far)."""

    def __init__(self, campaign_model: CampaignModel, who: Callable[[], str]) -> None:
        self._campaign_model = campaign_model
        self._who = who
        self.written: list[int] = []  # the ids of the lines this wizard wrote

    def write(self, kind: str, inputs: str, dice: str, result: str, **fields: Any) -> None:
        name = self._who()
        payload: dict[str, Any] = {
            "system": "fourcard",
            "time": datetime.now().astimezone().isoformat(timespec="seconds"),
            "roll": kind,
            "character": name,
            **fields,
            "summary": {
                "who": name
                or QCoreApplication.translate("FourCardCreationModel", "（作成中のキャラクター）"),
                "inputs": inputs,
                "dice": dice,
                "result": result,
            },
        }
        self.written.append(self._campaign_model.append_log(LOG_KIND, payload).id)

    def override(self, what: str, reasons: list[str]) -> None:
        """A page or a purchase passed by the GM override, with every reason it was refused."""
        self.write(
            "override",
            QCoreApplication.translate("FourCardCreationModel", "GM オーバーライド: {0}").format(what),
            "",
            "、".join(reasons),
            target=what,
            reasons=reasons,
        )

    def cancel(self, result: str, **fields: Any) -> None:
        """The wizard was cancelled: its lines are marked 取り消し, and one line says so."""
        cancelled, self.written = self.written, []
        if not cancelled:
            return
        self._campaign_model.mark_log_cancelled(cancelled)
        self.write(
            "cancel",
            QCoreApplication.translate("FourCardCreationModel", "キャラクター作成の取り消し"),
            "",
            result,
            cancelled=cancelled,
            **fields,
        )
