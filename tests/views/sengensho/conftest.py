"""The session dialog's fixtures, shared by tests/views/sengensho/test_session_dialog*.py: the dialog on
an empty campaign, and the same with a session running in the scene 「神社」 (`table`)."""

from __future__ import annotations

import pytest

from gmtool.views.sengensho.session_dialog import SengenshoSessionDialog
from tests.views.sengensho.test_session_dialog import open_dialog, open_table


@pytest.fixture
def dialog(qtbot, empty_campaign_model) -> SengenshoSessionDialog:
    return open_dialog(qtbot, empty_campaign_model)


@pytest.fixture
def table(qtbot, empty_campaign_model) -> SengenshoSessionDialog:
    return open_table(qtbot, empty_campaign_model)
