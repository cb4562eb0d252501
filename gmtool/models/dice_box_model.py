"""The dice box: a BCDice-style command line evaluated as it is typed, rolled into the session log.

As the GM types, the command is parsed and its exact odds computed (or the parse error kept, with
its position); Enter rolls with a fresh recorded seed and appends the BCDice-shaped line to the
log.  A secret roll (S…) is logged with its text kept in the payload but a hidden summary, so
the log table shows that a roll was made, not what it gave, until `reveal` appends it.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_payload import summary_payload
from gmtool.models.log_replay import Replay, replay, secret_result
from gmtool.rules.dice import new_seed
from gmtool.store.campaign import LogEntry as LogEntry  # re-exported: the entries the dice box shows
from gmtool.store.errors import CampaignError

if TYPE_CHECKING:
    from gmtool.rules.command import CommandError, CommandOdds, CommandResult

LOG_KIND = "command"
HISTORY_LIMIT = 200
# The earlier rolls shown are looked for among this many of the log's last lines: bounded work at
# open however long the log (a secret rolled further back is still in the log, 結果を見る there).
RECENT_WITHIN = 20_000


# A plain SRS-shaped check: [S]2D6 with whole-number modifiers, compared with >= or not at all,
# no brackets yet, then an optional comment.
_PLAIN_2D6 = re.compile(
    r"^(?P<head>S?2D6(?:[+-]\d+)*(?:>=[+-]?\d+)?)(?P<comment>\s.*)?$", re.IGNORECASE | re.DOTALL
)


class DiceBoxModel(QObject):
    changed = Signal()  # text, odds or error changed
    rolled = Signal(object)  # the LogEntry of a roll (or of a reveal)
    revealed = Signal(object)  # the secret LogEntry that was revealed
    campaign_switched = Signal()  # another campaign is open: its rolls are the recent ones

    def __init__(
        self,
        campaign_model: CampaignModel,
        parent: QObject | None = None,
        seed_source: Callable[[], int] = new_seed,
        campaign_source: Callable[[], CampaignModel] | None = None,
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        # The main window swaps its campaign model when another file is opened; asking it at each
        # roll keeps the dice box logging into the open campaign without the window telling us.
        self._campaign_source = campaign_source
        self._seed_source = seed_source
        self.variables: dict[str, int | str] = {}
        self.who = ""  # the character the roll is for, shown in the log's キャラクター column
        # Asked before each evaluation and roll: (the selected character's variables, its name), so
        # a value edited on the sheet a moment ago is the one `{name}` rolls.
        self.variables_source: Callable[[], tuple[Mapping[str, int | str], str]] | None = None
        # (critical, fumble) while an アナザーワールド character is selected, else None: see `_expand`.
        self.srs_source: Callable[[], tuple[int, int] | None] | None = None
        self.text = ""
        self.expanded = ""  # the command after {variables} were replaced
        self.odds: CommandOdds | None = None
        self.error: CommandError | None = None
        self.history: list[str] = []
        self._history_index = 0  # == len(history): editing a new line
        self.recent: list[LogEntry] = self._session_entries()
        self.last_result: CommandResult | None = None

    # ---- inputs --------------------------------------------------------------------------
    def set_campaign_model(self, campaign_model: CampaignModel) -> None:
        self.campaign_model = campaign_model
        self.recent = self._session_entries()
        self.campaign_switched.emit()
        self.changed.emit()

    def _follow_campaign(self) -> None:
        if self._campaign_source is not None and self._campaign_source() is not self.campaign_model:
            self.set_campaign_model(self._campaign_source())

    def _expand(self, text: str) -> str:
        """`{name}` filled in; and with an アナザーワールド character selected, a plain 2D6 check is
        read as SRS (as BCDice does with that game system), with the character's own critical and
        fumble values, so 自動成功 and 自動失敗 count in its odds and its roll."""
        from gmtool.rules.command import substitute

        expanded = substitute(text, self.variables)
        thresholds = self.srs_source() if self.srs_source is not None else None
        if thresholds is None:
            return expanded
        match = _PLAIN_2D6.match(unicodedata.normalize("NFKC", expanded))
        if match is None:
            return expanded
        critical, fumble = thresholds
        head, comment = match.group("head"), match.group("comment") or ""
        return f"{head}[{critical},{fumble}]{comment}"

    def _ask_variables(self) -> None:
        if self.variables_source is not None:
            variables, self.who = self.variables_source()
            self.variables = dict(variables)

    def set_variables(self, variables: Mapping[str, int | str], who: str = "") -> None:
        """The selected character's chat-palette variables for `{name}`."""
        self.variables = dict(variables)
        self.who = who
        self.set_text(self.text)

    def set_text(self, text: str) -> None:
        """Re-evaluates the command: exact odds, or the error pointing at the bad character."""
        self.text = text
        self._ask_variables()
        self.odds, self.error, self.expanded = None, None, ""
        if text.strip():
            # The grammar loads with the first command typed, not with the window.
            from gmtool.rules.command import CommandError, distribution, parse

            try:
                self.expanded = self._expand(text)
                self.odds = distribution(parse(self.expanded))
            except CommandError as error:
                self.error = error
        self.changed.emit()

    @property
    def success_probability(self) -> Any:
        return self.odds.success if self.odds is not None else None

    # ---- rolling ---------------------------------------------------------------------------
    def roll(self) -> CommandResult | None:
        """Rolls the current command and logs it; None (and nothing logged) when it is malformed."""
        if not self.text.strip():
            return None
        self._follow_campaign()
        self._ask_variables()
        from gmtool.rules.command import CommandError, parse, roll

        try:
            expanded = self._expand(self.text)
            command = parse(expanded)
            seed = self._seed_source()
            result = roll(command, random.Random(seed))
        except CommandError as error:
            self.error = error
            self.changed.emit()
            return None
        self._remember(self.text)
        payload = summary_payload(
            LOG_KIND,
            inputs=self.text if expanded == self.text else f"{self.text} → {expanded}",
            who=self.who,
            dice=",".join(map(str, result.dice)),
            result=self.tr("シークレットダイス") if result.secret else result.text.replace("\n", " "),
            seed=seed,
            command=expanded,
            faces=list(result.dice),
            text=result.text,
            total=result.total,
            success=result.success,
            secret=result.secret,
            comment=result.comment,
            revealed=False,
        )
        if result.secret:  # the dice column would give the result away
            payload["summary"]["dice"] = "—"
        entry = self.campaign_model.append_log(LOG_KIND, payload)
        self.last_result = result
        self.recent.append(entry)
        self.rolled.emit(entry)
        return result

    def reveal(self, entry: LogEntry) -> LogEntry | None:
        """Appends the hidden result of a secret roll as a new log line (the log is append-only)."""
        self._follow_campaign()
        if entry not in self.recent:
            # A roll of another campaign (the list was shown before a switch): never written here.
            raise ValueError(self.tr("このシークレットダイスは、開いているキャンペーンのものではありません"))
        p = entry.payload
        if not p.get("secret") or self.is_revealed(entry):
            return None
        payload = summary_payload(
            LOG_KIND,
            inputs=self.tr("シークレットダイス公開: {0}").format(p.get("command", "")),
            who=p.get("summary", {}).get("who", ""),
            dice=",".join(map(str, p.get("faces", []))),
            result=str(p.get("text", "")).replace("\n", " "),
            seed=p.get("seed"),
            command=p.get("command", ""),
            faces=p.get("faces", []),
            text=p.get("text", ""),
            total=p.get("total"),
            success=p.get("success"),
            secret=False,
            reveals=entry.id,
        )
        revealing = self.campaign_model.append_log(LOG_KIND, payload)
        self.recent.append(revealing)
        self.revealed.emit(entry)
        self.rolled.emit(revealing)
        return revealing

    def is_revealed(self, entry: LogEntry) -> bool:
        return any(e.payload.get("reveals") == entry.id for e in self.recent)

    def peek(self, entry: LogEntry) -> str | None:
        """A secret roll's result for the GM alone, before 公開: nothing is logged."""
        return secret_result(entry.payload)

    def replay(self, entry: LogEntry) -> Replay | None:
        """The roll made again from its logged seed: the same dice (nothing is logged)."""
        return replay(entry.payload)

    # ---- history (Up / Down in the command line) --------------------------------------------
    def history_previous(self) -> str:
        if self._history_index > 0:
            self._history_index -= 1
        return self.history[self._history_index] if self.history else self.text

    def history_next(self) -> str:
        if self._history_index < len(self.history):
            self._history_index += 1
        return self.history[self._history_index] if self._history_index < len(self.history) else ""

    def _remember(self, text: str) -> None:
        if not self.history or self.history[-1] != text:
            self.history.append(text)
            del self.history[:-HISTORY_LIMIT]
        self._history_index = len(self.history)

    def _session_entries(self) -> list[LogEntry]:
        """Earlier dice-box lines of this campaign: a secret rolled last session can still be shown."""
        try:
            return self.campaign_model.campaign.log_tail(LOG_KIND, HISTORY_LIMIT, RECENT_WITHIN)
        except CampaignError:  # the file cannot be read now: no earlier rolls to show
            return []
