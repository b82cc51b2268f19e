"""The game log lives in the state. Each entry says who may read it: "public", a side, or "umpire"."""
from __future__ import annotations

from typing import Any

from app.engine.contract import SPECTATOR, UMPIRE, Role

PUBLIC = "public"


def entry(to: Role | str, text: str, **data: Any) -> dict[str, Any]:
    """A log line for `to`. Write one line per reader rather than one line that names hidden things."""
    line: dict[str, Any] = {"to": to, "text": text}
    if data:
        line["data"] = data
    return line


def readable(line: dict[str, Any], role: Role, ended: bool = False) -> bool:
    """Whether `role` may read `line`. The umpire reads everything, and so does anyone once the game is over."""
    if role == UMPIRE or ended:
        return True
    to = line.get("to", PUBLIC)
    if to == PUBLIC:
        return True
    if role == SPECTATOR:
        return False
    return to == role


def visible(log: list[dict[str, Any]], role: Role, ended: bool = False) -> list[dict[str, Any]]:
    """The lines of `log` that `role` may read, numbered within what `role` sees.

    The numbers count only readable lines: numbering by position in the whole log would show the gaps
    where the other side's lines are, and so how much it is doing.
    """
    lines = [line for line in log if readable(line, role, ended)]
    return [dict(line, n=i) for i, line in enumerate(lines)]
