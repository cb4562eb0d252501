"""What a game system declares for generic code: light values, read without loading the system.

A system's package `__init__` holds its `DECLARATIONS` and imports nothing heavy; its rules, schemas
and rule data load with its `SYSTEM`, on first access (gmtool.rules.systems).  So the dice box, the
log filter, the session spans, the exports and the demo derive their tables from every registered
system's declarations at start-up without loading one system's rules, and none of them names a
system: a new system is found by its declarations alone.

Value types only (no Qt, nothing imported but the message type).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

# BCDice's generic bot (lib/bcdice/base.rb's DiceBot): the game system ID of a room set to no game.
GENERIC_BOT = "DiceBot"

# The log window's filter groups (gmtool.models.log_filter), in the order it offers them; 「その他」
# (OTHER) holds every kind not in the others: a kind declared there, or one no system declares.
CHECKS, COMBAT, SESSION, NOTES, OTHER = "checks", "combat", "session", "notes", "other"
LOG_GROUPS = (CHECKS, COMBAT, SESSION, NOTES, OTHER)


class BotCommand(Enum):
    """Commands only the BCDice bots of some game systems read, beside the generic ones every bot
    reads.  Their syntax is generic (gmtool.rules.command_parse, command_srs_syntax); which bot
    reads which is its system's declaration (`DiceBot.reads`)."""

    # 2D6+m>=t judged with a critical and a fumble (a plain one too), and the forms that give
    # them: `2D6+m>=t[c,f]`, `@c`, `#f` (BCDice SRS.rb).
    SRS = "srs"
    # SGS+m: 3D6 with a critical and a fumble, against no target (BCDice Sengensyou.rb).
    SGS = "sgs"


@dataclass(frozen=True)
class DiceBot:
    """How a BCDice room set to the system reads and rolls commands: the dice box's ダイスボット
    setting (gmtool.rules.command_system) and an Udonarium chat palette's dicebot."""

    # The setting's name in the dice box and in refusals: a Message, shown in the UI language.
    label: str
    # The BCDice game system ID that rolls it (lib/bcdice/game_system/<ID>.rb): a result line
    # begins with it, and an Udonarium character carries it.
    bot: str = GENERIC_BOT
    # False: BCDice has no bot for this game; the generic DiceBot rolls it, and its lines say so.
    own_bot: bool = True
    # The commands of its own it reads; the other bots refuse them, naming the setting that reads them.
    reads: frozenset[BotCommand] = frozenset()
    # A sum's dice shown in ascending order (BCDice's sort_add_dice, which SRS.rb sets).
    sort_add_dice: bool = False


@dataclass(frozen=True)
class LogKind:
    """A kind of session-log line the system's models write (`append_log(kind, …)`)."""

    kind: str
    # Its group in the log window's filter: CHECKS, COMBAT, SESSION, NOTES or OTHER.
    group: str
    # Its lines mark a session's course with the payload's `action` (start_session, end_session,
    # end_scenario, set_scenario, add_scene, set_current_scene): gmtool.store.log_spans.
    marks_sessions: bool = False


@dataclass(frozen=True)
class Demo:
    """The system's part of the demo campaign (gmtool.app.demo): a JSON file of its characters
    (``characters``: system-less entries of ``schema_version`` and ``data``), its saved encounters
    (``encounters``: a name, characters by name, quick NPCs) and its session-log lines (``log``)."""

    # A file name in the shipped resources' demo folder (resources/demo/), or an absolute path.
    file: str
    # The check (its id) the screenshots and the self-test roll for the demo's first character,
    # when this system's demo is the first to declare one.
    shown_check: str = ""


@dataclass(frozen=True)
class RuleDataPart:
    """A session-state document of the GM's rule data that a player's creation reads (a skill
    catalog, the GM's edits of rule tables): written to a rule data file (``*.gmrules.json``,
    gmtool.store.rule_data) and read back into a player's campaign."""

    # The session-state key the document is stored under (one of the system's `session_keys`).
    key: str
    # What it is, for a refusal that names the bad part: a Message, shown in the UI language.
    label: str
    # ``"module:function"`` under the system's package: function(document) validates a document
    # read from a file, raising ValueError or TypeError naming what is wrong.
    check: str


@dataclass(frozen=True)
class CreationRecordPart:
    """How the system's creation wizard records its rolls in a character file (the creation record,
    gmtool.rules.creation_record), and how an import replays them from their seeds."""

    # Each method id the record may carry (its ``method``), with what it is called: a Message.
    methods: tuple[tuple[str, str], ...]
    # Each roll id the record may carry (a roll's ``roll``), with what was rolled: a Message.
    rolls: tuple[tuple[str, str], ...]
    # ``"module:function"`` under the system's package: function(roll, seed) gives the faces the
    # engine's dice show for that roll from that seed, in the shape the record keeps them.
    replay: str
    # What the keys of a roll's faces (a mapping of name → dice) are called when shown.
    face_labels: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Declarations:
    """Everything generic code reads of one system before it loads the system."""

    # How BCDice rolls its commands; None for a system whose checks roll no dice (its lines, if
    # any, are the generic DiceBot's and the dice box offers no setting for it).
    dice_bot: DiceBot | None = None
    # The log kinds its models write, each in its filter group.
    log_kinds: tuple[LogKind, ...] = ()
    # The session-state keys it owns (`CampaignModel.session_value`): its id, or its id and a dot.
    session_keys: tuple[str, ...] = ()
    # Its part of the demo campaign; None: it ships none.
    demo: Demo | None = None
    # The documents a player's creation reads from the GM's rule data file.
    rule_data: tuple[RuleDataPart, ...] = ()
    # What its creation wizard records of its rolls; None: no wizard of its rolls dice.
    creation: CreationRecordPart | None = None
