"""A LotR rule name as the UI language shows it: 「Warrior（戦士）」 in Japanese (the rules' English
name with its Japanese gloss), 「Warrior」 in English (the gloss only helps a Japanese reader).

The rule tables keep both names (rules_data.Named: name, name_ja, and label = the two together);
which one a view or a log line shows is decided here, once.  The UI is English when the
translator turns the gloss's own template 「{0}（{1}）」 into something else (its English catalogue
has it as "{0} ({1})"; the Japanese UI installs no translation of it).
"""

from __future__ import annotations

from functools import cache
from typing import Protocol

from PySide6.QtCore import QCoreApplication

from gmtool.models.shown_text import english_ui
from gmtool.rules.checks import CheckKind
from gmtool.rules.message_types import Message
from gmtool.rules.systems.lotr.kinds import skill_label
from gmtool.rules.systems.lotr.rules_data import LotRRules
from gmtool.rules.systems.lotr.rules_types import NAME_GLOSS

GLOSS = "{0}（{1}）"


class _Named(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def label(self) -> str: ...


def shown_name(named: _Named) -> str:
    """*named*'s English name in the English UI, its label (English（日本語）) otherwise."""
    return named.name if english_ui() else named.label


def shown_skill(name: str, rules: LotRRules) -> str:
    """A skill as the table names it in Japanese (「Stealth（隠密）」), its name alone in English."""
    return name if english_ui() else skill_label(name, rules)


AGE_NAMES = {"": "—", "old": "Old", "aged": "Aged"}  # 1.2.2's words, the same in both languages


def rule_id_name(key: str, value: str) -> str | None:
    """A stored rule id (a race, order, size, attribute, reaction or age) as the sheet shows it:
    「Dwarf（ドワーフ）」 for race "dwarf", 「Wits」 for "wit"; None for a key that holds no such id.

    The printed sheet reads the shipped rule tables: a sheet printed outside the campaign has no
    GM edits to read, and an id the tables do not know prints as it is."""
    from gmtool.rules.systems.lotr.rules_types import ATTRIBUTE_NAMES, REACTION_NAMES

    if key in ("favoured_attributes", "attribute"):
        return ATTRIBUTE_NAMES.get(value)
    if key == "favoured_reaction":
        return REACTION_NAMES.get(value)
    if key == "age":
        return AGE_NAMES.get(value)
    rules = _shipped_rules()
    if not value:
        return None
    if key == "race":
        race = rules.race(value)
        return None if race is None else shown_name(race)
    if key == "subrace":
        subrace = next((s for r in rules.races for s in r.subraces if s.id == value), None)
        return None if subrace is None else shown_name(subrace)
    if key in ("order", "other_orders", "advancing_orders"):
        order = rules.order(value)
        return None if order is None else shown_name(order)
    if key == "size":
        size = rules.size(value)
        return None if size is None else shown_name(size)
    return None


@cache
def _shipped_rules() -> LotRRules:
    from gmtool.rules.systems.lotr.rules_data import load_rules

    return load_rules()


def shown_kind(kind: CheckKind) -> str:
    """A check as the UI language names it: its label (「Appraise（鑑定）（ランク 0）」) in Japanese;
    in English the rules' English name alone (「Appraise (rank 0)」), from the check's id."""
    if not english_ui():
        return kind.label
    what, _, rest = kind.id.partition(":")
    if what == "untrained":
        return _tr("{0}（ランク 0）").format(rest)
    if what == "skill":
        # "skill:Armed Combat: Axes:Battle-axe": a skill's own colon is followed by a space, the
        # specialisation's is not.
        cut = max((i for i, c in enumerate(rest) if c == ":" and rest[i + 1 : i + 2] != " "), default=-1)
        return rest if cut < 0 else _tr("{0}（{1}）").format(rest[:cut], rest[cut + 1 :])
    return kind.label


def _tr(text: str) -> str:
    return QCoreApplication.translate("LotRNames", text)


def ungloss(text: str) -> str:
    """A message as the UI language shows a LotR name inside it: unchanged in Japanese; in English each
    name glossed by the engine (`Named.glossed`, found by its template) is its English name alone, the
    rest of the message still a Message for the catalogue to translate."""
    if not english_ui() or not isinstance(text, Message):
        return text
    if text.template == NAME_GLOSS:
        return str(text.kwargs["name"])
    args = [ungloss(a) if isinstance(a, str) else a for a in text.args]
    kwargs = {k: ungloss(v) if isinstance(v, str) else v for k, v in text.kwargs.items()}
    # For showing only: what a refusal carries beside its text (an UnsetCell's cell) is read from
    # the refusal itself, not from this.
    return Message(text.template, *args, **kwargs)
