"""Supply lines (Supply (A)-(E)): whether a land unit or a base can trace a line to its Player's supply sources.

(A) The line runs over land, hex to hex across hexsides with land on them, until it crosses to sea; once any part
    of it is at sea it may not come back onto land. It goes to sea across any hexside that is not wholly land (a
    completely sea hexside always puts it at sea); at sea it enters any hex a ship could (Terrain: a hexside at
    least partially sea). The hexsides are the reconstruction in data/terrain.toml (tools/usn_terrain.py).
(B) Sources: Japanese, any hex of the Japanese Home Islands; Allied, any hex of Australia or of the east edge.
(C) Never through a hex of India or China.
(D) Blocks: enemy land units block a line traced on land through their hex (not into it); enemy naval units at
    sea (not in their own naval base) block a line traced by sea into or through their hex; the undisputed enemy
    Zone of Control blocks a line by land or sea into or through a hex, the unit's own hex included.
Everything is computed from the position when asked (the effect of Zones of Control is instantaneous).
"""
from __future__ import annotations

from collections import deque
from functools import cache
from typing import Any

from app.games.usn import board, gamedata, grid, philippines, zoc

TERRAIN = gamedata.load("terrain")
LAND = frozenset(TERRAIN["hexes"]["land"])
LAND_SIDES = frozenset(TERRAIN["hexsides"]["land"])      # wholly land: no line by sea across them
MIXED_SIDES = frozenset(TERRAIN["hexsides"]["mixed"])    # partly land, partly sea
FORBIDDEN = frozenset(TERRAIN["regions"]["china"]) | frozenset(TERRAIN["regions"]["india"])
WEST_COAST = gamedata.load("offmap")["west_coast"]["id"]
EAST_COLUMN = (grid.LAST - grid.OFFSET) // grid.PER_COLUMN  # its inset rows too: the Aleutians run east to Alaska


def _side(a: str, b: str) -> str:
    return f"{a}|{b}" if a < b else f"{b}|{a}"


def on_land(a: str, b: str) -> bool:
    """Can a line traced on land cross from a to b? Both land hexes, the hexside not completely sea."""
    return a in LAND and b in LAND and _side(a, b) in (LAND_SIDES | MIXED_SIDES)


def by_sea(a: str, b: str) -> bool:
    """Can a line traced at sea cross from a to b? The hexside at least partially sea (Terrain)."""
    return _side(a, b) not in LAND_SIDES


@cache
def sources(side: str) -> frozenset[str]:
    """Supply (B): the hexes a side's lines may end in."""
    if side == "japanese":
        return frozenset(TERRAIN["regions"]["japan_home_islands"])
    east = {h for h in (grid.hex_at(EAST_COLUMN, r) for r in range(grid.PER_COLUMN)) if h}
    # the U.S. West Coast, beyond the east edge (Off-Map Movement, data/offmap.toml), is in supply: ships there refuel
    return frozenset(TERRAIN["regions"]["australia"]) | frozenset(east) | {WEST_COAST}


def blocks(state: board.State, side: str) -> tuple[set[str], set[str], set[str]]:
    """Supply (D) for `side`'s lines: (hexes of enemy land units ashore, hexes of enemy ships at sea, the enemy's
    undisputed Zone of Control)."""
    enemy = board.other(side)
    land = {u["hex"] for u in state["land"].values()
            if u["side"] == enemy and u.get("aboard") is None and not u.get("destroyed")}
    ships = {s["hex"] for s in board.afloat(state, enemy) if not board.friendly_base(state, s["hex"], enemy, naval=True)}
    return land, ships, zoc.undisputed(state, enemy)


@cache
def _links(h: str) -> tuple[tuple[str, bool, bool], ...]:
    """(neighbour, crossable on land, crossable at sea) for each neighbour of h."""
    return tuple((n, on_land(h, n), by_sea(h, n)) for n in grid.neighbours(h))


_MEMO: dict[tuple, bool] = {}


def traces(state: board.State, side: str, start: str, known: tuple | None = None) -> bool:
    """Supply (A)-(D): can `side` trace a supply line from hex `start` to one of its sources? (`known`: the side's
    `blocks`, when the caller traces many lines in one position.)"""
    enemy_land, enemy_ships, zone = known or blocks(state, side)
    key = (side, start, frozenset(enemy_land), frozenset(enemy_ships), frozenset(zone))
    if key not in _MEMO:  # a pure function of the blocks: remembered, since the position changes slowly
        if len(_MEMO) > 4096:
            _MEMO.clear()
        _MEMO[key] = line(start, sources(side), enemy_land, enemy_ships, zone)
    return _MEMO[key]


def line(start: str, goal: frozenset[str], enemy_land: set[str], enemy_ships: set[str], zone: set[str]) -> bool:
    """Supply (A)-(D): is there a line from `start` to a hex of `goal` past these blocks? It begins on land and may
    go to sea; once at sea it stays at sea."""
    if start in zone:
        return False
    if start in goal:
        return True
    seen = {(start, "land")}
    todo = deque([(start, "land")])
    while todo:
        h, mode = todo.popleft()
        if mode == "land" and h != start and h in enemy_land:
            continue  # a line on land goes into a hex of enemy land units, never through it (the unit's own is free)
        land_ok = mode == "land"
        for n, over_land, over_sea in _links(h):
            if n in zone or n in FORBIDDEN:
                continue
            for m, ok in (("land", land_ok and over_land), ("sea", over_sea and n not in enemy_ships)):
                if not ok:
                    continue
                if n in goal:
                    return True
                if (n, m) not in seen:
                    seen.add((n, m))
                    todo.append((n, m))
    return False


def unit_supplied(state: board.State, unit: dict, known: tuple | None = None) -> bool:
    """Supply (A)-(F) for a land unit: a unit carried at sea is supplied by its ship; one ashore traces its line, or
    has been brought supply by emergency transport for this Game-Turn (emergency.py)."""
    if unit.get("aboard") is not None or unit.get("kind") == "coastal_defense":  # (E): Coastal Defense stays normal
        return True
    until = unit.get("emergency_supply_until")
    if until and [state["turn"], state["step"]["index"]] < until:
        return True
    return traces(state, unit["side"], unit["hex"], known)


def base_supplied(state: board.State, hex_id: str) -> bool:
    """Supply (A), (E) for a base: it traces a line like a land unit; out of supply it does nothing but fire its AA."""
    b = state["bases"].get(hex_id)
    return b is not None and traces(state, b["side"], hex_id)


def shown_all(state: board.State, units: list[dict], role: str | None) -> dict[str, bool]:
    """`shown` for many units at once, the blocks worked out once (a view lists every land unit)."""
    known = blocks(state, role) if role in board.SIDES else None
    out = {}
    for u in units:
        if u["side"] == role:
            until = u.get("unsupplied_until")
            deprived = until and [state["turn"], state["step"]["index"]] < until
            out[u["id"]] = not deprived and unit_supplied(state, u, known)
        else:
            out[u["id"]] = shown(state, u, role)
    return out


def shown(state: board.State, unit: dict, role: str | None) -> bool:
    """What a role's view says of a land unit's supply. Its owner sees the whole of Supply (A)-(F) (the rules cannot
    be applied to his units in secret from him); anyone else sees only the public Dx of bombardment or bombing,
    because the rest of the line depends on the owner's hidden carriers (their Zones of Control) and emergency
    transport, which that role may not learn from a flag (docs/games/usn.md)."""
    if unit["side"] == role:
        return supplied(state, unit)
    until = unit.get("unsupplied_until")
    return not until or [state["turn"], state["step"]["index"]] >= until


def supplied(state: board.State, unit: dict[str, Any]) -> bool:
    """Supply (A)-(E): a land unit is in supply when it traces a supply line (below) and no Dx of bombardment or
    bombing has deprived it of supply for one full Game-Turn (to the same step of the next Game-Turn)."""
    until = unit.get("unsupplied_until")
    return (not until or [state["turn"], state["step"]["index"]] >= until) and (
        unit_supplied(state, unit) or philippines.immune(state, unit))  # Phillipine Fortifications: 8 Game-Turns


def refuels_at(state: board.State, hex_id: str, side: str) -> bool:
    """A friendly naval base that is not neutralized refuels (Supply (G); a neutralized one may not), if in supply
    (Supply (E): an unsupplied base may not function)."""
    return (board.friendly_base(state, hex_id, side, naval=True) is not None
            and not board.neutralized(state, hex_id, "naval") and base_supplied(state, hex_id))


def air_stations(state: board.State, side: str) -> dict[str, dict[str, int]]:
    """{station: {kind: points}}: each base ("base:<hex>") and each carrier (its ship id) holding air points."""
    # Supply (E): unsupplied air units may not perform any missions
    out: dict[str, dict[str, int]] = {}
    for h, b in sorted(state["bases"].items()):
        if (b["side"] == side and any(b["air"].values()) and not board.neutralized(state, h, "air")
                and base_supplied(state, h)):
            out[f"base:{h}"] = dict(b["air"])
    for s in board.afloat(state, side):
        if board.is_carrier(s) and s["nac"] and not s["damage"]:
            out[s["id"]] = {"lac": 0, "lbac": 0, "nac": s["nac"]}
    return out


def air_range(state: board.State, side: str) -> set[str]:
    """Every hex within the extended range of a side's air units (Movement (V)): what step D examines."""
    out: set[str] = set()
    for station, pts in air_stations(state, side).items():
        h = board.station_hex(state, station)
        reach = max((board.reach(k, True) for k, n in pts.items() if n), default=0)
        out |= set(grid.within(h, reach))
    return out
