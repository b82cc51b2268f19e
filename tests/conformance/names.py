"""Names, never ids (issue 34 item 1): the internal ids of a position, and those of them a page shows as text.

An internal id is what the state keys its pieces, places and options by ("us-tf16", "ij-13con", "box:A", "J-CV-3",
"base:0659", "tf-?1", "fleet_and_bases"): the keys of its collections and every "id" value, written with a
separator a printed name would not use there. An id that is also printed somewhere in the state as a name (a hex
number, "B-17") is a name, and is not looked for. Ids belong in attribute values and the API; the text a player
reads names the unit, task force, base, box or option as the rulebook prints it."""
from __future__ import annotations

import re
from typing import Any, Iterable

_SEPARATED = re.compile(r"^[A-Za-z0-9?]+(?:[-_:][A-Za-z0-9?]+)+$")
_NAME_KEYS = ("name", "label", "title", "short", "printed")


def _walk(value: Any, ids: set[str], names: set[str]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            if isinstance(k, str) and isinstance(v, dict):
                ids.add(k)
            if k == "id" and isinstance(v, str):
                ids.add(v)
            if k in _NAME_KEYS and isinstance(v, str):
                names.add(v)
            _walk(v, ids, names)
    elif isinstance(value, list):
        for v in value:
            _walk(v, ids, names)


def internal_ids(state: Any, extra: Iterable[str] = ()) -> set[str]:
    """The ids of a position a page must not show as text (see the module's docstring)."""
    ids: set[str] = set(extra)
    names: set[str] = set()
    _walk(state, ids, names)
    return {i for i in ids if _SEPARATED.match(i) and i not in names and not i.startswith(("turn-", "side:"))}


def shown(text: str, ids: set[str]) -> list[str]:
    """The ids that stand in `text` as words of their own."""
    if not ids:
        return []
    found = re.findall(r"(?<![\w:?-])(" + "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
                       + r")(?![\w:?-])", text)
    return sorted(set(found))
