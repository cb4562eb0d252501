"""The printed sheet names its system by the one name the UI uses (issue 35): the English name in
the English UI, the declared Japanese name in the Japanese UI."""

from __future__ import annotations

import pytest

from gmtool.rules.systems import SYSTEMS
from tests.models.test_system_names import ENGLISH
from tests.qt_fixtures import english_ui
from tests.views.test_pdf_terms import EXPECTED, print_pdf, sheet, squeezed  # noqa: F401 - the fixture


@pytest.mark.parametrize("system_id", ["aw", "lotr"])
def test_the_sheet_names_the_system_in_the_ui_language(print_pdf, system_id, tmp_path):  # noqa: F811
    name = EXPECTED[system_id].name
    assert squeezed(str(SYSTEMS[system_id].name)) in sheet(print_pdf, name)
    with english_ui(tmp_path):
        text = sheet(print_pdf, name)
    assert squeezed(ENGLISH[system_id]) in text
    assert squeezed(str(SYSTEMS[system_id].name)) not in text
