"""The GM's edits of the LotR rule tables as one document (session state, RULES_KEY): what is in
force, whether a value is edited, and every change of it — each one undo step of the campaign,
refused (RuleDataError naming the key) before anything is stored when the tables would not load.

`LotRRulesModel` holds one and gives it to its parts (the origins, the skill list, the tables
the summary refers to); the editor's tabs read it through the model.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.lotr.rules_campaign import RULES_KEY, campaign_lotr_rules, campaign_rules_problem
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.systems.lotr.overrides import apply_overrides
from gmtool.rules.systems.lotr.overrides_document import diff_document, with_value, without_value
from gmtool.rules.systems.lotr.rules_data import LotRRules, lotr_rules


class RuleEdits(QObject):
    changed = Signal()  # the effective tables changed (an edit, undo, redo, another window)

    def __init__(self, campaign_model: CampaignModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        # The edits in force, worked out once until RULES_KEY changes: the editor asks whether each
        # row is edited, and reading and diffing the tables for each of thousands of skills was n².
        self._edits: dict[str, Any] | None = None
        campaign_model.session_changed.connect(self._on_session_changed)

    # ---- reading ------------------------------------------------------------------------------
    @property
    def shipped(self) -> LotRRules:
        return lotr_rules()

    @property
    def rules(self) -> LotRRules:
        return campaign_lotr_rules(self.campaign_model)

    @property
    def problem(self) -> str | None:
        return campaign_rules_problem(self.campaign_model)

    def document(self) -> dict[str, Any]:
        """The edits in force, only what differs from the shipped tables ({} = none); a copy."""
        return copy.deepcopy(self._document())

    def _document(self) -> dict[str, Any]:
        if self._edits is None:
            self._edits = diff_document(self.shipped, self.rules)
        return self._edits

    def is_edited(self, *path: str) -> bool:
        node: Any = self._document()
        for key in path:
            if isinstance(node, list):  # a whole replaced list (reordered skills): all of it is edited
                return True
            if not isinstance(node, Mapping) or key not in node:
                return False
            node = node[key]
        return True

    def is_edited_any(self) -> bool:
        return bool(self._document())

    def stored_whole(self, key: str) -> bool:
        """The GM's edits keep this whole list (a hand-edited file reordered it)."""
        return isinstance(self._document().get(key), list)

    # ---- editing ------------------------------------------------------------------------------
    def set_value(self, path: Sequence[str], value: Any, what: str) -> None:
        self.store(with_value(self.document(), path, value), self.tr("ルール表: {0}").format(what))

    def reset_value(self, path: Sequence[str], what: str) -> None:
        self.reset_values((path,), what)

    def reset_values(self, paths: Sequence[Sequence[str]], what: str) -> None:
        """Back to the shipped values, as one undo step."""
        document = self.document()
        for path in paths:
            document = without_value(document, path)
            if path and path[-1] == "bonuses":  # bonuses and whether they are known go together
                document = without_value(document, (*path[:-1], "bonuses_known"))
        self.store(document, self.tr("ルール表を既定に戻す: {0}").format(what))

    def reset_all(self) -> None:
        self.campaign_model.set_session_value(RULES_KEY, None, self.tr("ルール表をすべて既定に戻す"))

    def store(self, document: Mapping[str, Any], text: str) -> None:
        """The whole edited document, checked by loading the tables first; one undo step `text`."""
        rules = apply_overrides(self.shipped, document)  # RuleDataError names the bad key
        self.campaign_model.set_session_value(RULES_KEY, diff_document(self.shipped, rules) or None, text)

    def _on_session_changed(self, key: str) -> None:
        if key == RULES_KEY:
            self._edits = None
            self.changed.emit()
        elif key == HOUSE_RULES_KEY:  # the tables in force carry the unset wound penalty's reading
            self.changed.emit()
