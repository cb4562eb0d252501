"""Engine, store and model messages translated where they are shown: see ``gmtool.views.message_catalog``.

The catalog lives with the views, which show the messages and never import ``gmtool.app``
(``make lint``'s import contracts); this name is kept for app code that still reaches it here.
"""

from __future__ import annotations

from gmtool.views.message_catalog import (
    MessageCatalog,
    catalog_path,
    install,
    load,
    placeholders,
    shown_message,
    translate_message,
)

__all__ = [
    "MessageCatalog",
    "catalog_path",
    "install",
    "load",
    "placeholders",
    "shown_message",
    "translate_message",
]
