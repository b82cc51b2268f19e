"""The game log lives in the state. Each entry says who may read it: everyone ("public"), one seat (its role), a
whole side (`to_side(id)`, "side:<id>": Guadalcanal 18c1's spotting reports go to every player of a side), or the
umpire.

Reading a side's line needs to know the reader's side. The engine stays pure: the caller passes `sides`, a
{seat: side id} map (`meta.seat_sides()`). Without it a seat is taken to be its own side, as in every two-player
game, whose sides and seats share ids."""
from __future__ import annotations

import json
import re
from typing import Any, Mapping

from app.engine.contract import SIDE_PREFIX, SPECTATOR, UMPIRE, Role, to_side

PUBLIC = "public"


def entry(to: Role | str, text: str, **data: Any) -> dict[str, Any]:
    """A log line for `to`. Write one line per reader rather than one line that names hidden things."""
    line: dict[str, Any] = {"to": to, "text": text}
    if data:
        line["data"] = data
    return line


def clone(state: dict[str, Any]) -> dict[str, Any]:
    """A copy of a state for `apply` to change. Everything but the log goes through a JSON round trip (the state is
    plain JSON: the fastest deep copy, many times faster than copy.deepcopy); the log is a new list of the same
    lines, since a line is never changed once written, only new ones appended. A late U.S.N. campaign's log is nine
    tenths of its state (4,400 lines), and copying it whole at every order was most of the order's copying."""
    body = json.loads(json.dumps({k: v for k, v in state.items() if k != "log"}))
    body["log"] = list(state["log"])
    return body


def reader_addresses(role: Role, sides: Mapping[Role, str] | None = None) -> frozenset[str]:
    """The addresses whose lines `role` reads besides the public ones: its own, and its side's. A side's address
    itself (a replay through a side's eyes) reads the side's lines and no seat's."""
    if role in (UMPIRE, SPECTATOR):
        return frozenset({role}) if role == UMPIRE else frozenset()
    if role.startswith(SIDE_PREFIX):
        return frozenset({role})
    side = sides.get(role) if sides is not None else role
    return frozenset({role, to_side(side)}) if side is not None else frozenset({role})


def readable(line: dict[str, Any], role: Role, ended: bool = False,
             sides: Mapping[Role, str] | None = None) -> bool:
    """Whether `role` may read `line`. The umpire reads everything, and so does anyone once the game is over."""
    if role == UMPIRE or ended:
        return True
    to = line.get("to", PUBLIC)
    if to == PUBLIC:
        return True
    return to in reader_addresses(role, sides)


def visible(log: list[dict[str, Any]], role: Role, ended: bool = False,
            sides: Mapping[Role, str] | None = None) -> list[dict[str, Any]]:
    """The lines of `log` that `role` may read, numbered within what `role` sees.

    The numbers count only readable lines: numbering by position in the whole log would show the gaps
    where the other side's lines are, and so how much it is doing.
    """
    addresses = None if role == UMPIRE or ended else reader_addresses(role, sides)
    lines = [line for line in log
             if addresses is None or line.get("to", PUBLIC) == PUBLIC or line.get("to") in addresses]
    return [dict(line, n=i) for i, line in enumerate(lines)]


def turn_headings(pattern: str, heading: str):
    """A game's `turn_heading` (app/engine/spec.py) from the way its log opens a Game-Turn: `pattern` a regular
    expression matching the line's text where a turn starts, `heading` its groups as the log heads the turn
    ("Game-Turn {1}"); lines that start no turn get None."""
    opens = re.compile(pattern)

    def turn_heading(line: dict[str, Any]) -> str | None:
        found = opens.match(str(line.get("text", "")))
        return heading.format(*found.groups()) if found else None
    return turn_heading
