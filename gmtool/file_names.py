"""The file names gmtool suggests in its save dialogs, safe on every platform (issue 39, case 8).

A suggestion is made from user text — a character's name, a campaign's title — and such text may
hold what no file name may: a slash (``</script>`` makes the dialog start in a folder that does not
exist), Windows' forbidden ``<>:"|?*``, its reserved device names (CON, NUL, COM1 …, with or without
an extension) and trailing dots or spaces, control characters, and bidirectional overrides that make a
name read backwards in a file manager.  One function cleans every suggestion; the user may still type
any name the system takes.  Pure Python, so every layer may use it (`gmtool.views.file_dialogs` passes
every suggestion through it; the store's Udonarium name too).
"""

from __future__ import annotations

import re

_FORBIDDEN = re.compile(r'[\\/:*?"<>|\x00-\x1f\x7f]')  # Windows' set, which covers POSIX's "/" and NUL
_BIDI_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_RESERVED = re.compile(r"(?i)(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?")
# The extension kept whole when a long name is cut: up to two short parts (".gmchar.json").
_SUFFIX = re.compile(r"((?:\.[A-Za-z0-9]{1,10}){1,2})$")
MAX_NAME_BYTES = 200  # below the 255-byte limit of common file systems, with room for a copy's " (2)"


def with_suffix(path: str, suffix: str) -> str:
    """``path`` ending in ``suffix`` (added when missing), compared in any case: Windows' and macOS'
    file systems ignore case, and a user who types 卓.GMCAMPAIGN means a campaign, not
    卓.GMCAMPAIGN.gmcampaign (the Linux desktop's glob ignores case too)."""
    return path if path.lower().endswith(suffix.lower()) else path + suffix


def safe_file_name(name: str, fallback: str = "gmtool") -> str:
    """``name`` as a file name every platform accepts: forbidden characters become "_", bidi controls
    go, white space is folded, leading and trailing dots and spaces are dropped, a reserved device
    name gets a leading "_", and a name too long is cut before its extension.  ``fallback`` when
    nothing is left."""
    cleaned = _BIDI_CONTROLS.sub("", name)
    cleaned = " ".join(_FORBIDDEN.sub("_", cleaned).split()).strip(". ")
    suffix_match = _SUFFIX.search(cleaned)
    suffix = suffix_match.group(1) if suffix_match and suffix_match.start() > 0 else ""
    stem = cleaned[: len(cleaned) - len(suffix)].strip(". ")
    if not stem:
        stem = fallback
    budget = MAX_NAME_BYTES - len(suffix.encode("utf-8"))
    stem = stem[:budget]  # at least a byte a character: the loop below cuts the rest
    while len(stem.encode("utf-8")) > budget:  # cut by characters, never inside one
        stem = stem[: max(1, len(stem) - max(1, (len(stem.encode("utf-8")) - budget) // 4))]
    stem = stem.rstrip(". ") or fallback
    result = stem + suffix
    if _RESERVED.fullmatch(result):
        result = "_" + result
    return result
