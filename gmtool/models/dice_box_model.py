"""The dice box: a BCDice-style command line evaluated as it is typed, rolled into the session log.

As the GM types, the command is parsed and its exact odds computed (or the parse error kept, with
its position); Enter rolls with a fresh recorded seed and appends the BCDice-shaped line to the
log.  A secret roll (S…) is logged with its text kept in the payload but a hidden summary, so
the log table shows that a roll was made, not what it gave, until `reveal` appends it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.dice_tables_model import DICE_TABLES_KEY as TABLES_KEY, RowOdds, table_rows
from gmtool.models.log_payload import summary_payload
from gmtool.models.log_replay import Replay, replay, secret_result, shown_roll_text
from gmtool.models.shown_text import shown
from gmtool.rules.dice import new_seed
from gmtool.rules.dice_table import table_text
from gmtool.rules.message import Message
from gmtool.store.campaign import LogEntry as LogEntry  # re-exported: the entries the dice box shows
from gmtool.store.errors import CampaignError

if TYPE_CHECKING:
    from gmtool.rules.command import CommandError, CommandOdds, CommandResult
    from gmtool.rules.dice_table import DiceTable, TableCall

LOG_KIND = "command"
HISTORY_LIMIT = 200
# The earlier rolls shown are looked for among this many of the log's last lines: bounded work at
# open however long the log (a secret rolled further back is still in the log, 結果を見る there).
RECENT_WITHIN = 20_000
# The dice box's ダイスボット setting, kept with the campaign (session state): a setting of
# gmtool.rules.command_system.DICE_SYSTEMS (generic, or a system's declared dice bot), or
# FOLLOW_CHARACTER.
SYSTEM_KEY = "dice_system"
FOLLOW_CHARACTER = "character"


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
        # (critical, fumble) while a character whose checks are SRS checks is selected (the system's
        # `SystemHooks.srs`), else None: see `_expand`.
        self.srs_source: Callable[[], tuple[int, int] | None] | None = None
        # The selected character's game system id (None: no character), which the ダイスボット
        # follows while it is set to FOLLOW_CHARACTER.
        self.character_system_source: Callable[[], str | None] | None = None
        # The campaign's own dice tables: a command whose first word is a table's name ([S]name,
        # then a comment) rolls that table (gmtool.models.dice_tables_model.campaign_tables).
        self.tables_source: Callable[[], Sequence[DiceTable]] | None = None
        self.table: DiceTable | None = None  # the table the typed command names, if it names one
        self.text = ""
        self.expanded = ""  # the command after {variables} were replaced
        self.odds: CommandOdds | None = None
        self.error: CommandError | None = None
        self.history: list[str] = []
        self._history_index = 0  # == len(history): editing a new line
        self.recent: list[LogEntry] = self._session_entries()
        self.last_result: CommandResult | None = None
        campaign_model.session_changed.connect(self._session_changed)

    # ---- inputs --------------------------------------------------------------------------
    def set_campaign_model(self, campaign_model: CampaignModel) -> None:
        self.campaign_model.session_changed.disconnect(self._session_changed)
        self.campaign_model = campaign_model
        campaign_model.session_changed.connect(self._session_changed)
        self.recent = self._session_entries()
        self.campaign_switched.emit()
        self.changed.emit()

    def _follow_campaign(self) -> None:
        if self._campaign_source is not None and self._campaign_source() is not self.campaign_model:
            self.set_campaign_model(self._campaign_source())

    # ---- the ダイスボット setting ------------------------------------------------------------
    @property
    def system_setting(self) -> str:
        """FOLLOW_CHARACTER or a system id, as saved with the open campaign."""
        value = self.campaign_model.session_value(SYSTEM_KEY, FOLLOW_CHARACTER)
        return value if isinstance(value, str) else FOLLOW_CHARACTER

    def system_choices(self) -> tuple[str, ...]:
        """FOLLOW_CHARACTER, then every setting: generic and each registered system's dice bot."""
        from gmtool.rules.command_system import DICE_SYSTEMS

        return (FOLLOW_CHARACTER, *DICE_SYSTEMS)

    def set_system_setting(self, value: str) -> None:
        """One undo step; the typed command is read again under the new setting."""
        if value not in self.system_choices():
            raise ValueError(value)
        self.campaign_model.set_session_value(
            SYSTEM_KEY,
            value,
            self.tr("ダイスボットを「{0}」に変更").format(self.system_label(value)),
            self.system_setting,
        )
        self.set_text(self.text)

    def system_label(self, value: str) -> str:
        """A `system_choices()` value as the dice box names it, in the UI language (a setting's
        name is its declared label, a Message)."""
        if value == FOLLOW_CHARACTER:
            return self.tr("キャラクターに合わせる")
        from gmtool.rules.command_system import DICE_SYSTEMS

        return shown(DICE_SYSTEMS[value].label)

    def _session_changed(self, key: str) -> None:
        if key in (SYSTEM_KEY, TABLES_KEY):  # set here, or undone / redone: read the command again
            self.set_text(self.text)

    def system(self) -> str:
        """The system commands are read with now: the setting, or the selected character's system
        (汎用 without a character, or for a system that declares no dice bot)."""
        from gmtool.rules.command_system import DICE_SYSTEMS, GENERIC

        setting = self.system_setting
        if setting != FOLLOW_CHARACTER:
            return setting if setting in DICE_SYSTEMS else GENERIC
        character = self.character_system_source() if self.character_system_source is not None else None
        return character if character in DICE_SYSTEMS else GENERIC

    def _expand(self, text: str) -> str:
        """`{name}` filled in; under a setting that reads SRS checks, with a character selected whose
        checks are SRS checks, an SRS check typed without its own critical/fumble is written out with
        the character's, so the odds, the roll, the log and a replay all use the sheet's values
        (`with_thresholds`)."""
        from gmtool.rules.command import substitute
        from gmtool.rules.command_system import with_thresholds

        expanded = substitute(text, self.variables)
        thresholds = self.srs_source() if self.srs_source is not None else None
        if thresholds is None:
            return expanded
        return with_thresholds(expanded, self.system(), *thresholds)

    def _table_call(self, command: str) -> TableCall | None:
        """The campaign's dice table *command* names, if any (a table's name is never a command)."""
        if self.tables_source is None:
            return None
        from gmtool.rules.dice_table import find_call

        return find_call(command, self.tables_source())

    def _ask_variables(self) -> None:
        if self.variables_source is not None:
            variables, self.who = self.variables_source()
            self.variables = dict(variables)

    def set_variables(self, variables: Mapping[str, int | str], who: str = "") -> None:
        """The selected character's chat-palette variables for `{name}`."""
        self.variables = dict(variables)
        self.who = who
        self.set_text(self.text)

    def character_changed(self) -> None:
        """Another character is selected: the command read again with its `{name}`s and, while the
        setting follows the character, its dice bot (the box said 汎用 beside an AW character)."""
        self.set_text(self.text)

    def set_text(self, text: str) -> None:
        """Re-evaluates the command: exact odds, or the error pointing at the bad character."""
        self.text = text
        self._ask_variables()
        self.odds, self.error, self.expanded, self.table = None, None, "", None
        self.no_odds = ""  # why a command that reads has no odds (a choice, a tally, too large)
        if text.strip():
            # The grammar loads with the first command typed, not with the window.
            from gmtool.rules.command import CommandError
            from gmtool.rules.command_system import distribution_for, parse_for

            try:
                self.expanded = self._expand(text)
                call = self._table_call(self.expanded)
                if call is not None:
                    from gmtool.models.dice_tables_model import table_odds

                    self.table, self.odds = call.table, table_odds(call.table)
                else:
                    parsed = parse_for(self.expanded, self.system())
                    self.odds = distribution_for(parsed)
                    if self.odds is None:
                        from gmtool.rules.command_dist import missing_odds_reason

                        self.no_odds = missing_odds_reason(parsed)
            except CommandError as error:
                self.error = error
        self.changed.emit()

    @property
    def success_probability(self) -> Any:
        return self.odds.success if self.odds is not None else None

    def mean(self) -> float | None:
        """The typed command's expected total (None while it has no odds)."""
        if self.odds is None:
            return None
        return sum(float(total) * float(p) for total, p in self.odds.totals.items())

    def table_rows(self) -> tuple[RowOdds, ...]:
        """The rows of the dice table the command names, each with its exact chance, in the order of
        the numbers (none while it names no table)."""
        return table_rows(self.table) if self.table is not None else ()

    # ---- rolling ---------------------------------------------------------------------------
    def roll(self) -> CommandResult | None:
        """Rolls the current command and logs it; None (and nothing logged) when it is malformed."""
        if not self.text.strip():
            return None
        self._follow_campaign()
        self._ask_variables()
        from gmtool.rules.command import CommandError
        from gmtool.rules.command_system import parse_for, roll_for

        system = self.system()
        try:
            expanded = self._expand(self.text)
            call = self._table_call(expanded)
            if call is None:
                command = parse_for(expanded, system)
                seed = self._seed_source()
                result = roll_for(command, random.Random(seed), system)
            else:
                from gmtool.models.dice_tables_model import roll_call

                seed = self._seed_source()
                result = roll_call(call, random.Random(seed))
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
            result=Message("シークレットダイス") if result.secret else result.text.replace("\n", " "),
            seed=seed,
            command=expanded,
            dice_system=system,  # the ダイスボット it was read with: a replay reads it the same way
            faces=list(result.dice),
            text=result.text,
            total=result.total,
            success=result.success,
            secret=result.secret,
            comment=result.comment,
            revealed=False,
            **({"table": table_text(call.table)} if call is not None else {}),  # replayed as it was
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
            inputs=Message("シークレットダイス公開: {0}", p.get("command", "")),
            who=p.get("summary", {}).get("who", ""),
            dice=",".join(map(str, p.get("faces", []))),
            result=str(p.get("text", "")).replace("\n", " "),
            seed=p.get("seed"),
            command=p.get("command", ""),
            faces=p.get("faces", []),
            **({"dice_system": p["dice_system"]} if "dice_system" in p else {}),
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

    def roll_text(self, entry: LogEntry) -> str:
        """A roll's result as logged, in the UI language where gmtool wrote it (`shown_roll_text`)."""
        return shown_roll_text(entry.payload, str(entry.payload.get("text", "")))

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
