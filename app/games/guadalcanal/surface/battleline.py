"""16c, surface combat set-up: Side B sets up first and picks a setup line, Side A takes the other. The first
battlelines go right on the opposing Night (or Day) Setup Lines, the lead ship of each in its line's X hex; the other
ship units stand behind (further from the enemy). One unit per hex; every ship of a side faces the same way, and the
two sides face the same way or opposite ways as 16b2 gives (data: battleboard.toml [surface_setup], surface.toml)."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from app.engine.errors import IllegalAction
from app.games.guadalcanal.combat.tables import battleboard, grid, hexes
from app.games.guadalcanal.surface.geometry import turned
from app.games.guadalcanal.surface.values import section


def x_hexes(night: bool) -> list[str]:
    """The two X hexes (west, east) of the night or day setup lines (16c)."""
    s = battleboard()["surface_setup"]
    return list(s["night_x"] if night else s["day_x"])


def open_hexes(night: bool) -> int:
    s = battleboard()["surface_setup"]
    return s["night_open_hexes"] if night else s["day_open_hexes"]


def column(hex_id: str) -> int:
    return grid().parse(hex_id)[0]


def behind(line_x: str, other_x: str, hex_id: str) -> bool:
    """On the setup line's column or further from the enemy's line."""
    c, mine, theirs = column(hex_id), column(line_x), column(other_x)
    return c <= mine if mine < theirs else c >= mine


def facing_for_a(b_facing: str, relation: str) -> str:
    """16b2: Side A's ships face as Side B's (same) or the other way (opposite)."""
    return b_facing if relation == "same" else turned(b_facing, 3)


def check(placement: dict[str, str], facing: str, *, night: bool, line_x: str, taken: dict[str, Any],
          must_face: str | None = None) -> None:
    """Refuse a side's set-up that breaks 16c: `placement` {ship: hex}, all facing `facing`; `line_x` the X hex of
    the line it sets up on; `taken` the hexes the enemy already holds; `must_face` Side A's facing under 16b2."""
    xs = x_hexes(night)
    if line_x not in xs:
        raise IllegalAction(f"Choose a setup line by its X hex, {xs[0]} or {xs[1]}.", "16c")
    other = xs[1] if line_x == xs[0] else xs[0]
    if facing not in section("facing")["setup_facings"]:
        raise IllegalAction("A battleline faces along the setup line, north or south.", "16c")
    if must_face and facing != must_face:
        raise IllegalAction(f"Your ships must face {must_face}: the task forces entered the hex as 16b2 says.",
                            "16b2")
    hexes = list(placement.values())
    if len(set(hexes)) != len(hexes) or any(h in taken for h in hexes):
        raise IllegalAction("Only one unit may stand in a Battleboard hex.", "16c")
    for h in placement.values():
        if not grid().is_hex(h):
            raise IllegalAction(f"{h} is not a Battleboard hex: all units must fit on the Battleboard.", "16c")
        if not behind(line_x, other, h):
            raise IllegalAction(f"{h} is in front of your setup line: ships set up on it or behind it.", "16c")
    if line_x not in hexes:
        raise IllegalAction(f"The lead ship of your first battleline goes in the X hex {line_x}.", "16c")


def astern(line_x: str, toward_north: bool = True) -> Iterator[str]:
    """The hexes of a battleline in line astern along the setup line, the X hex first, then the hexes following it
    (further from where the line faces); past the column's end, the next column further from the enemy, and so on
    (a task force's many ships in scenarios 1-4)."""
    col, row = grid().parse(line_x)
    step = 1 if toward_north else -1  # ships astern of a north-facing lead are south of it
    west = line_x in (x_hexes(True)[0], x_hexes(False)[0])
    away = -1 if west else 1
    c = col
    while grid().is_hex(grid().id(c, row)):
        r = row
        while grid().is_hex(grid().id(c, r)):
            yield grid().id(c, r)
            r += step
        c += away


def sample(ships: list[str], line_x: str, toward_north: bool = True) -> dict[str, str]:
    """A first battleline in line astern along the setup line, the lead ship in the X hex and the others following
    it (`astern`). Used by the default set-ups, the computer players and tests."""
    return dict(zip(ships, astern(line_x, toward_north)))


def fill(placed: dict[str, str], ships: list[str], line_x: str, toward_north: bool,
         taken: Iterable[str] = ()) -> dict[str, str]:
    """16c as a player leaves it to the table: the ships the player placed keep their hexes; the others set up in
    line astern (`astern`), each in the next hex no ship holds, so the first of them leads in the X hex when no
    placed ship stands there."""
    out, used = dict(placed), set(placed.values()) | set(taken)
    rest = [u for u in ships if u not in placed]
    for spot in astern(line_x, toward_north):
        if not rest:
            break
        if spot not in used:
            out[rest.pop(0)] = spot
            used.add(spot)
    return out


def open_behind(lines: Iterable[str], night: bool, taken: Iterable[str] = ()) -> list[str]:
    """The Battleboard hexes a ship may set up in behind any of `lines` (X hexes), none of them `taken`."""
    xs, taken = x_hexes(night), set(taken)
    return [h for h in hexes() if h not in taken
            and any(behind(x, xs[1] if x == xs[0] else xs[0], h) for x in lines)]
