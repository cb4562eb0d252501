"""A LotR rule name as the UI language shows it: 「Warrior（戦士）」 in Japanese (the rules' English
name with its Japanese gloss), 「Warrior」 in English (the gloss only helps a Japanese reader).

The rule tables keep both names (rules_data.Named: name, name_ja, and label = the two together);
which one a view or a log line shows is decided here, once.  The UI is English when the
translator turns the gloss's own template 「{0}（{1}）」 into something else (its English catalogue
has it as "{0} ({1})"; the Japanese UI installs no translation of it).
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QCoreApplication

from gmtool.rules.systems.lotr.kinds import skill_label
from gmtool.rules.systems.lotr.rules_data import LotRRules

GLOSS = "{0}（{1}）"


class _Named(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def label(self) -> str: ...


def english_ui() -> bool:
    return QCoreApplication.translate("LotRNames", GLOSS) != GLOSS


def shown_name(named: _Named) -> str:
    """*named*'s English name in the English UI, its label (English（日本語）) otherwise."""
    return named.name if english_ui() else named.label


def shown_skill(name: str, rules: LotRRules) -> str:
    """A skill as the table names it in Japanese (「Stealth（隠密）」), its name alone in English."""
    return name if english_ui() else skill_label(name, rules)
