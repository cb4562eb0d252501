"""What the LotR creation wizard's steps share: the draft as it stands, the tables it is built by,
the GM override, the free-point buys, and the one way to change the draft — refused when the
change makes any limit the engine measures worse (`creation.exceeded`), unless the override is on.

Also the log the steps write to (kind ``lotr-creation``), each line naming the character being
made.  `LotRCreationModel` holds one of each and gives them to its steps (attributes, skills,
extras).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import QObject

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.creation_common import CreationRefused
from gmtool.models.creation_log import CreationLog as GenericCreationLog
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.character import Pick
from gmtool.rules.systems.lotr.creation import CreationDraft, draft_pick_cost, exceeded
from gmtool.rules.systems.lotr.rules_data import LotRRules

LOG_KIND = "lotr-creation"
NAME_MAX = 80  # the schema's limit for a skill or specialisation name


@dataclass(frozen=True)
class FreeBuy:
    """One free-point buy as asked for; its cost is re-read from the table when the draft changes."""

    kind: str
    target: str
    typed_cost: int | None  # what the user typed (used only where the table has no cost)
    cost: int
    note: str = ""


class CreationState(QObject):
    """The draft and how it changes; `notify` is called after every accepted change."""

    def __init__(self, rules: LotRRules, notify: Callable[[], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rules = rules
        self.draft = CreationDraft()
        self.override = False
        self.free_buys: tuple[FreeBuy, ...] = ()
        self._notify = notify

    def update(self, **changes: Any) -> None:
        """Applies a change; refused when it makes any budget or cap worse, unless overridden."""
        self._apply(self.free_buys, changes)

    def update_buys(self, buys: Sequence[FreeBuy]) -> None:
        """The free-point buys changed (each priced by the table); refused as `update` is."""
        self._apply(buys, {})

    def _apply(self, buys: Sequence[FreeBuy], changes: dict[str, Any]) -> None:
        draft = replace(self.draft, **changes)
        priced = self.priced(draft, buys)
        picks = tuple(Pick(kind=b.kind, target=b.target, cost=b.cost, note=b.note) for b in priced)  # type: ignore[arg-type]
        draft = replace(draft, free_picks=picks)
        before, after = exceeded(self.draft, self.rules), exceeded(draft, self.rules)
        worse = [
            limit.message
            for key, limit in after.items()
            if key not in before or limit.excess > before[key].excess
        ]
        if worse and not self.override:
            hint = self.tr(
                "（GM オーバーライドを有効にすると越えられます。越えたことはキャラクターに記録されます）"
            )
            raise CreationRefused(Message("{0}\n{1}", Message.joined("、", worse), hint))
        self.draft, self.free_buys = draft, priced
        self._notify()

    def stand(self, **changes: Any) -> None:
        """A change that stands whatever it does to the limits (a roll has happened and is logged)."""
        self.draft = replace(self.draft, **changes)

    def pick_cost(self, kind: str, target: str = "") -> int | None:
        return draft_pick_cost(self.draft, kind, target, self.rules)

    def priced(self, draft: CreationDraft, buys: Sequence[FreeBuy]) -> tuple[FreeBuy, ...]:
        """The buys at the table's cost for this draft (favoured attributes cost differently)."""
        out = []
        for buy in buys:
            table = draft_pick_cost(draft, buy.kind, buy.target, self.rules)
            cost = table if table is not None else buy.typed_cost if buy.typed_cost is not None else buy.cost
            out.append(replace(buy, cost=cost))
        return tuple(out)

    def checked_name(self, text: str, what: str) -> str:
        """A skill, specialisation or edge name as typed: not empty, not longer than the schema's."""
        name = text.strip()
        if not name:
            raise CreationRefused(self.tr("{0}を入力してください").format(what))
        if len(name) > NAME_MAX:
            raise CreationRefused(self.tr("{0}は {1} 文字までです").format(what, NAME_MAX))
        return name


class CreationLog(GenericCreationLog):
    """The creation's lines in the session log, each naming the character being made."""

    def __init__(self, campaign_model: CampaignModel, state: CreationState) -> None:
        super().__init__(campaign_model, "lotr", LOG_KIND, lambda: state.draft.name)
