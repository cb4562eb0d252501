"""The log of a creation wizard that rolls: every roll with its seed, every GM override, one line
each in the session log naming the character being made — and, from the same data, the creation
record (`recorder`, gmtool.rules.creation_record) the finished character keeps and its file
carries.  A wizard closed before it made a character marks its lines 取り消し (`cancel`): they
belong to no character.  Each system's wizard makes one with its own id and log kind.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_payload import summary_payload
from gmtool.rules.creation_record import CreationRecorder
from gmtool.rules.message import Message


class CreationLog:
    """Appends one line to the campaign's log for the character being made (`who`: its name so
    far), and records each roll (a line with a ``seed``) and each override."""

    def __init__(
        self, campaign_model: CampaignModel, system_id: str, log_kind: str, who: Callable[[], str]
    ) -> None:
        self._campaign_model = campaign_model
        self._system_id = system_id
        self._log_kind = log_kind
        self._who = who
        self.written: list[int] = []  # the ids of the lines this wizard wrote
        self.recorder = CreationRecorder()

    @property
    def rolled(self) -> bool:
        """True once the wizard has rolled (closing it then throws rolls away: it asks first)."""
        return bool(self.recorder.rolls)

    def write(self, kind: str, inputs: str, dice: str, result: str, **fields: Any) -> None:
        """A column given as a Message (an override's reasons) is kept as one, shown in the UI language
        when the log is read (gmtool.models.log_payload)."""
        name = self._who()
        who = name or QCoreApplication.translate("CreationLog", "（作成中のキャラクター）")
        payload = summary_payload(
            self._system_id, inputs, who, dice, result, roll=kind, character=name, **fields
        )
        self.written.append(self._campaign_model.append_log(self._log_kind, payload).id)
        if "seed" in fields and "faces" in fields:
            self.recorder.rolled(kind, fields["seed"], fields["faces"], bool(fields.get("consent", False)))

    def override(self, what: str, reasons: list[str]) -> None:
        """A page, a purchase or the character passed by the GM override, with every reason it was
        refused."""
        self.recorder.overridden(what, reasons)
        self.write(
            "override",
            QCoreApplication.translate("CreationLog", "GM オーバーライド: {0}").format(what),
            "",
            Message.joined("、", reasons),  # "Choose a race, Choose an order" in the English UI
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
            QCoreApplication.translate("CreationLog", "キャラクター作成の取り消し"),
            "",
            result,
            cancelled=cancelled,
            **fields,
        )
