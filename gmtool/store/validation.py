"""Deciding whether stored data can be trusted, and saying why not in one sentence.

Shared by character files and campaigns so both refuse exactly the same things: one
Japanese, path-precise sentence from a pydantic ``ValidationError``; strict JSON parsing;
character documents (system, version, migration, pydantic); the campaign-file checks.

Players hand their files to the GM; when one is refused the GM has to be able to say
"line hp holds text instead of a number" without reading a traceback.  So the message
names the exact path inside the document (``data.feats[0].name``), says what was
expected in Japanese, and shows at most a short excerpt of the offending input: a
hostile file may hold a 50 MB string, which must never end up in a dialog.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3
import tempfile
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from gmtool.rules.control_characters import control_character_problem
from gmtool.rules.data import MAX_INPUT_CHARS, short_input
from gmtool.rules.message import Message, clipped
from gmtool.rules.systems import SYSTEMS
from gmtool.store import migrations
from gmtool.store.errors import StoreError
from gmtool.store.schema_check import check_schema, same_object
from gmtool.store.sqlite_errors import is_damage, os_problem, sqlite_problem
from gmtool.store.validation_text import JSON_PROBLEMS, PROBLEMS, SHOW_INPUT, TOO_LONG, UNKNOWN_PROBLEM

__all__ = ["MAX_INPUT_CHARS", "short_input"]  # quoted here too by the store's readers (cards, …)


def format_location(loc: Sequence[str | int], prefix: str = "") -> str:
    """``("feats", 0, "name")`` with prefix ``data`` → ``data.feats[0].name``."""
    text = prefix
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text = f"{text}.{part}" if text else str(part)
    return text or Message("（全体）")


def describe_error(error: Mapping[str, Any], prefix: str = "") -> str:
    """One error dict from ``ValidationError.errors()`` as ``path: 説明（入力: …）``."""
    return Message("{0}: {1}", format_location(error.get("loc", ()), prefix), describe_problem(error))


def describe_problem(error: Mapping[str, Any]) -> str:
    """What is wrong, without where: ``説明（入力: …）``."""
    kind = str(error.get("type", ""))
    ctx = error.get("ctx") or {}
    if kind in ("value_error", "assertion_error") and "error" in ctx:
        # Our own validators raise Japanese ValueErrors: show their text, not pydantic's
        # English "Value error, " prefix.
        text: str = clipped(str(ctx["error"]), 200)
    elif kind == "string_too_long" and isinstance(error.get("input"), str) and "max_length" in ctx:
        text = Message(TOO_LONG, ctx["max_length"], len(error["input"]))
    elif kind in PROBLEMS:
        try:
            text = Message(PROBLEMS[kind], **ctx)
        except (KeyError, IndexError, ValueError):
            text = Message(PROBLEMS[kind].split("（")[0])
    else:
        text = Message(UNKNOWN_PROBLEM)  # never pydantic's English "msg"
    if kind in SHOW_INPUT and "input" in error:
        return Message("{0}（入力: {1}）", text, short_input(error["input"]))
    return text


def format_validation_error(error: ValidationError, prefix: str = "") -> str:
    """The first error, path-precise, plus how many more there are."""
    errors = error.errors(include_url=False)
    if not errors:
        return Message("{0}: 内容が正しくありません", prefix or Message("（全体）"))
    message = describe_error(errors[0], prefix)
    if len(errors) > 1:
        message = Message("{0}（ほか {1} 件）", message, len(errors) - 1)
    return message


def short_name(name: str) -> str:
    """A name from a file or a field (a character's, an id) as a message quotes it in 「」: whole up to
    ``MAX_INPUT_CHARS`` characters, else its start and its length, as :func:`short_input` quotes a value."""
    if len(name) <= MAX_INPUT_CHARS:
        return name
    return Message("{0}…（{1} 文字）", name[:MAX_INPUT_CHARS], len(name))


class _StrictJSONError(ValueError):
    """NaN/Infinity or a duplicated key: valid for Python's json, not for us."""


def _reject_constant(name: str) -> Any:
    raise _StrictJSONError(Message("{0} は JSON の値として使えません", name))


def _unique_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # A hand-edited file with a key twice is ambiguous; Python would silently keep the last.
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _StrictJSONError(Message("項目「{0}」が重複しています", key[:40]))
        result[key] = value
    return result


def parse_json(text: str) -> Any:
    """Strict JSON → Python; raises StoreError with a Japanese line/column message."""
    try:
        return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_unique_object)
    except json.JSONDecodeError as exc:
        problem = Message(JSON_PROBLEMS[exc.msg]) if exc.msg in JSON_PROBLEMS else exc.msg
        truncated = exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string")
        if truncated and exc.msg != "Extra data":
            message = Message(
                "JSON として読めません（{0} 行 {1} 列: {2}）。途中で切れているようです",
                exc.lineno,
                exc.colno,
                problem,
            )
        else:
            message = Message("JSON として読めません（{0} 行 {1} 列: {2}）", exc.lineno, exc.colno, problem)
        raise StoreError(message) from None
    except _StrictJSONError as exc:
        raise StoreError(Message("JSON として読めません（{0}）", exc)) from None
    except RecursionError:
        raise StoreError(Message("JSON として読めません（入れ子が深すぎます）")) from None
    except ValueError:  # e.g. an integer of more than 4300 digits (CPython's DoS guard)
        raise StoreError(Message("JSON として読めません（数値が大きすぎます）")) from None


def character_from_document(system_id: Any, version: Any, data: Any, prefix: str = "data") -> Any:
    """Validate (and migrate) one stored character document; StoreError without a path.

    Shared by import and by the campaign so both refuse exactly the same documents.
    """
    if not isinstance(system_id, str) or system_id not in SYSTEMS:
        known = Message.joined("、", sorted(SYSTEMS))
        shown = Message("なし") if system_id is None else short_input(system_id)
        raise StoreError(Message("未対応のシステムです（system: {0}、対応: {1}）", shown, known))
    system = SYSTEMS[system_id]
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise StoreError(Message("schema_version が正の整数ではありません（{0}）", short_input(version)))
    if version > system.schema_version:
        raise StoreError(
            Message(
                "より新しい gmtool で作られたデータです（スキーマ v{0}、このバージョンは v{1} まで）",
                version,
                system.schema_version,
            )
        )
    if not isinstance(data, dict):
        raise StoreError(Message("{0}: オブジェクト（{{…}}）でなければなりません", prefix))
    # Refused here as every write refuses it (`character_to_document`): a campaign whose row was
    # edited by hand to hold one opened, and then no edit of that character could be saved.
    control = control_character_problem(data)
    if control is not None:
        raise StoreError(control)
    document = migrations.migrate(system_id, version, data)
    try:
        return system.load_character(document)
    except ValidationError as exc:
        raise StoreError(format_validation_error(exc, prefix)) from None
    except (ValueError, TypeError) as exc:  # a validator that escaped pydantic's wrapping
        raise StoreError(Message("{0}: {1}", prefix, clipped(str(exc), 200))) from None


def character_to_document(system_id: str, character: Any) -> dict[str, Any]:
    """The JSON document of ``character``, checked to load back.

    Characters are frozen dataclasses edited with ``dataclasses.replace``, which does not
    run pydantic; writing an unchecked value would produce a file (or a campaign) that the
    next open refuses.  So every write proves the document loads before it hits the disk.
    """
    system = SYSTEMS.get(system_id)
    if system is None:
        raise StoreError(Message("未対応のシステムです（system: {0}）", system_id))
    try:
        with warnings.catch_warnings():
            # pydantic warns while serialising a wrong-typed value; the load below reports it.
            warnings.simplefilter("ignore")
            data = system.dump_character(character)
        system.load_character(data)
    except ValidationError as exc:
        name = getattr(character, "name", "")
        shown = short_name(name) if isinstance(name, str) and name else Message("（名前なし）")
        raise StoreError(
            Message("キャラクター「{0}」を保存できません: {1}", shown, format_validation_error(exc))
        ) from None
    except (ValueError, TypeError) as exc:
        raise StoreError(Message("キャラクターを保存できません: {0}", clipped(str(exc), 200))) from None
    problem = control_character_problem(data)
    if problem is not None:  # every write: the sheet, an import added, the CLI
        name = getattr(character, "name", "")
        shown = short_name(name) if isinstance(name, str) and name else Message("（名前なし）")
        raise StoreError(Message("キャラクター「{0}」を保存できません: {1}", shown, problem))
    return data


# -- campaign files ---------------------------------------------------------------------------
# The checks Campaign.open runs before any read-write connection exists.  They raise
# StoreError without a path; the campaign wraps it in a CampaignError naming the file.

SQLITE_HEADER = b"SQLite format 3\x00"


def sidecar(path: Path, suffix: str) -> Path:
    """``campaign.gmcampaign`` → ``campaign.gmcampaign-wal`` etc."""
    return path.with_name(path.name + suffix)


def check_sqlite_header(path: Path) -> None:
    """Refuse anything that is not an SQLite file before SQLite itself sees it."""
    if not path.is_file():
        raise StoreError(
            Message("通常のファイルではありません") if path.exists() else Message("ファイルが見つかりません")
        )
    with path.open("rb") as handle:
        head = handle.read(len(SQLITE_HEADER))
    if head != SQLITE_HEADER:
        looks_json = head.lstrip()[:1] in (b"{", b"[")
        hint = (
            Message("（中身は JSON テキストです。キャラクターファイルではありませんか）")
            if looks_json
            else ""
        )
        raise StoreError(Message("SQLite データベースではありません{0}", hint))


def check_sqlite_file(
    path: Path, check: Callable[[sqlite3.Connection], None], error: type[StoreError]
) -> None:
    """Validate a user's SQLite file without changing it; any fault raises ``error`` naming the file."""
    try:
        check_sqlite_header(path)
        with validation_connection(path) as connection:
            check(connection)
    except StoreError as exc:
        refused = error(exc.problem, path)
        refused.session_key = exc.session_key
        raise refused from None
    except sqlite3.Error as exc:  # damaged: the cause is the sentence; else what kept it from reading
        problem = sqlite_problem(exc)
        problem = problem if is_damage(exc) else Message("ファイルを読めません（{0}）", problem)
        raise error(problem, path) from None
    except UnicodeDecodeError:  # a damaged page holding text that is not UTF-8 (found by fuzzing)
        raise error(Message("ファイルが壊れています（文字として読めない箇所があります）"), path) from None
    except OSError as exc:
        raise error(Message("ファイルを読めません（{0}）", os_problem(exc)), path) from None


@contextlib.contextmanager
def validation_connection(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection for the validation pass that cannot change the user's files.

    ``mode=ro`` alone is not enough: on a WAL database it creates ``-wal`` and ``-shm``
    beside the file and leaves them there (checked with SQLite 3.40).  ``immutable=1``
    touches nothing but ignores the WAL, i.e. edits committed by a gmtool that crashed or
    is still running.  So: immutable when there is no WAL; ``mode=ro`` when the ``-shm``
    index already exists (SQLite's locks give a consistent snapshot, and only that
    rebuildable index is touched); a private copy when a WAL lies there without its index.
    Every one of them only reads (``query_only``), and nothing in the file's schema runs
    with more than it needs (``trusted_schema`` off).  Through a symlink the sidecars are
    the real file's: SQLite opens ``-wal`` beside the file the link points to.
    """
    with contextlib.suppress(OSError, RuntimeError):
        path = path.resolve()
    wal, shm = sidecar(path, "-wal"), sidecar(path, "-shm")
    # as_uri() percent-encodes "?", "#", "%" and non-ASCII names, which SQLite decodes.
    uri = path.absolute().as_uri()
    with contextlib.ExitStack() as stack:
        if shm.exists():
            conn = sqlite3.connect(f"{uri}?mode=ro", uri=True)
        elif wal_left_over(path):
            copy = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="gmtool-check-"))) / "c.db"
            shutil.copyfile(path, copy)
            shutil.copyfile(wal, sidecar(copy, "-wal"))
            conn = sqlite3.connect(copy)
        else:
            conn = sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True)
        stack.callback(conn.close)
        conn.execute("PRAGMA query_only = ON")
        conn.execute("PRAGMA trusted_schema = OFF")
        yield conn


def wal_left_over(path: Path) -> bool:
    """Whether a non-empty ``-wal`` lies beside ``path``: commits not yet folded into the file, by a
    gmtool still running, one that crashed — or one that had another file open under this name."""
    try:
        return sidecar(path, "-wal").stat().st_size > 0
    except OSError:
        return False


def character_label(row_id: Any, data: Any) -> str:
    """How a message names a stored character: its name if readable, always its id."""
    name = data.get("name") if isinstance(data, dict) else None
    if isinstance(name, str) and name:
        return Message("キャラクター「{0}」（id: {1}）", short_name(name), short_name(str(row_id)))
    return Message("キャラクター（id: {0}）", short_name(str(row_id)))


def _check_characters(conn: sqlite3.Connection) -> None:
    rows = conn.execute("SELECT id, system, schema_version, position, data FROM characters")
    for row_id, system, version, position, text in rows:
        data: Any = None
        try:
            if not isinstance(row_id, str) or not isinstance(position, int):
                raise StoreError(Message("id または position の型が正しくありません"))
            if not isinstance(text, str):
                raise StoreError(Message("data が JSON テキストではありません"))
            data = parse_json(text)
            character_from_document(system, version, data, "data")
        except StoreError as exc:
            raise StoreError(Message("{0}: {1}", character_label(row_id, data), exc.problem)) from None


def _check_session_values(conn: sqlite3.Connection) -> None:
    for key, text in conn.execute("SELECT key, value FROM session"):
        problem: str
        try:
            if isinstance(text, str):
                parse_json(text)
                continue
            problem = Message("内容が正しくありません")
        except StoreError as exc:
            problem = exc.problem
        raise _unreadable_value(Message("{0}: {1}", _session_label(key), problem), key) from None


def _session_label(key: object) -> str:
    """What a stored session value is, for the user: the part's name where gmtool has one (the house
    rules, a system's rule data), never the raw key."""
    from gmtool.store.rule_data import rule_data_kinds  # it imports this module

    kind = rule_data_kinds().get(key) if isinstance(key, str) else None
    return (
        Message("セッション状態（{0}）", kind.label)
        if kind is not None
        else Message("セッション状態のひとつ")
    )


def _unreadable_value(problem: str, key: object) -> StoreError:
    error = StoreError(problem)
    if isinstance(key, str | bytes):  # the row can be found again to reset it
        error.session_key = key
    return error


def check_gmtool_database(
    conn: sqlite3.Connection, fmt: str, max_version: int, kind: str, schema: str, deferred: str = ""
) -> int:
    """The checks every SQLite file of gmtool's passes before it is opened read-write (StoreError):
    ours (a ``meta`` table saying ``fmt``), not newer than this gmtool, with exactly the ``schema``
    gmtool creates (nothing foreign in it may ever run), and intact.  ``kind`` names the file in the
    messages (「キャンペーン」).  Returns its schema version.

    The order matters: ``meta`` is read only once it is known to be gmtool's plain table, the rest
    of the file only once its whole schema is; and the integrity check is the full one when a WAL
    was left over, whose replay onto a file it did not come from corrupts indexes in a way
    ``quick_check`` does not see.  ``deferred``: a table whose ``quick_check`` is left to the caller
    when no WAL was left over (the campaign's log, which the window checks in the background,
    `check_table`: reading all of a long log would make opening as slow as the log is long)."""
    if not same_object(conn, schema, "meta"):
        raise StoreError(Message("gmtool の{0}ではありません", kind))
    rows = conn.execute("SELECT key, value FROM meta WHERE key IN ('format', 'schema_version')")
    meta = dict(rows.fetchall())
    if meta.get("format") != fmt:
        raise StoreError(
            Message("gmtool の{0}ではありません（format: {1}）", kind, short_input(meta.get("format")))
        )
    raw = meta.get("schema_version")
    try:
        version = 0 if raw is None else int(raw)  # NULL or no row: as unreadable as "abc"
    except (TypeError, ValueError):
        version = 0
    if version < 1:
        raise StoreError(Message("schema_version が正しくありません（{0}）", short_input(raw)))
    if version > max_version:
        raise StoreError(
            Message(
                "より新しい gmtool で作られた{0}です（スキーマ v{1}、このバージョンは v{2} まで）",
                kind,
                version,
                max_version,
            )
        )
    check_schema(conn, schema)
    if _has_wal(conn) or not deferred:
        check = "integrity_check" if _has_wal(conn) else "quick_check"
        _raise_problems(conn, f"PRAGMA {check}(1)")
    else:  # each other table and its indexes (their names are the schema's, checked above)
        rows = conn.execute("SELECT name FROM sqlite_schema WHERE type = 'table' AND name != ?", (deferred,))
        for (table,) in rows.fetchall():
            _raise_problems(conn, f'PRAGMA quick_check("{table}")')
    return version


def _raise_problems(conn: sqlite3.Connection, check: str) -> None:
    problem = check_problem(conn, check)
    if problem is not None:
        raise StoreError(problem)


def check_problem(conn: sqlite3.Connection, check: str) -> str | None:
    """What SQLite's ``check`` (a ``PRAGMA quick_check``/``integrity_check``) finds wrong, or None."""
    problems = [row[0] for row in conn.execute(check)]
    if problems == ["ok"]:
        return None
    return Message("ファイルが壊れています（SQLite の検査結果: {0}）", clipped(str(problems[0]), 100))


def check_table(path: Path, table: str, error: type[StoreError]) -> None:
    """SQLite's ``quick_check`` of one table and its indexes (`check_gmtool_database`'s deferred
    one), through a connection that changes nothing; ``error`` naming the file when it fails."""
    check_sqlite_file(path, lambda conn: _raise_problems(conn, f'PRAGMA quick_check("{table}")'), error)


def _has_wal(conn: sqlite3.Connection) -> bool:
    """Whether the file ``conn`` reads has a WAL left over (see :func:`wal_left_over`)."""
    for _seq, name, file in conn.execute("PRAGMA database_list"):
        if name == "main":
            return bool(file) and wal_left_over(Path(file))
    return False


def check_campaign(conn: sqlite3.Connection, fmt: str, max_version: int) -> None:
    """Every check deciding whether a campaign may be opened read-write (StoreError).

    Raises sqlite3.DatabaseError for files SQLite itself cannot read; the caller turns
    that into "ファイルが壊れています".
    """
    from gmtool.store.campaign import SCHEMA  # campaign.py imports this module

    # The log's own check is left to the window's background and to the first write
    # (`Campaign.check_writable`): reading all of a long log would make opening as slow as it is long.
    check_gmtool_database(conn, fmt, max_version, Message("キャンペーン"), SCHEMA, deferred="log")
    _check_characters(conn)
    _check_session_values(conn)
    # The log is not read here: 200 000 lines would take seconds.  Each line is read when it is shown,
    # and one that cannot be read shows as unreadable (gmtool.store.log_lines).
