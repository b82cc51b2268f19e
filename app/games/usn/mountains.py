"""Mountain hexsides for air units: Movement (U) "All air units expend an additional Movement Point from their Range
Allowance when crossing a mountain hex-side"; Terrain: "Air units lose 'one' from their Range Allowance when flying
across any number of mountain hex-sides."

The map is lost: the only mountain hexside the text names is the errata's (Game Map) between 0692 and 0693, "for
land movement ... a mountain hexside. For air movement it is a clear hexside" (data/map.toml [[hexside]]: land =
"mountain", air = "clear"). Land movement reads it in land.py (Movement (E)); air units read the `air` column here,
so today no air unit loses range to a mountain, and a hexside recorded with air = "mountain" would cost one.

Reading (docs/games/usn.md, "Unit Breakdown and the mountain hexside (session 9)"): the air unit flies the route it
chooses; it loses one only if every shortest route crosses a mountain hexside (a clear route of the same length
costs nothing; "any number" of crossings costs one). The extra point is checked with the allocation
(`check_allocation`); the prompts' target lists and the step D examination still count plain hexes.
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.games.usn import board, gamedata, grid, supply

RULE = "Movement (U)"
AIR_MOUNTAIN = frozenset(tuple(sorted((hs["a"], hs["b"]))) for hs in gamedata.load("map").get("hexside", [])
                         if hs["air"] == "mountain")


def _clear_route(a: str, b: str, d: int) -> bool:
    """Is there a route of d steps from a to b (d = their distance) crossing no air mountain hexside?"""
    frontier = {a}
    for left in range(d, 0, -1):
        frontier = {n for h in frontier for n in grid.neighbours(h)
                    if tuple(sorted((h, n))) not in AIR_MOUNTAIN and grid.distance(n, b) == left - 1}
        if not frontier:
            return False
    return b in frontier


def air_distance(a: str, b: str) -> int:
    """Hexes from a to b as Range Allowance counts them: one more when every shortest route crosses a mountain."""
    d = grid.distance(a, b)
    if not AIR_MOUNTAIN or d == 0 or d >= grid.BEYOND:
        return d
    return d if _clear_route(a, b, d) else d + 1


def check_allocation(state: dict[str, Any], role: str, action: dict[str, Any]) -> None:
    """Every strike, bombing and ground support flight within its extended range counted with Movement (U)."""
    a = action["args"]
    flights = [*a.get("missions", []), *(a.get("land_strikes") or []), *(a.get("base_strikes") or []),
               *(a.get("ground_support") or [])]
    for m in flights:
        if m.get("from") not in supply.air_stations(state, role) and not m.get("from", "").startswith("base:"):
            continue
        h = board.station_hex(state, m["from"])
        d, reach = air_distance(h, m["target"]), board.reach(m["kind"], extended=True)
        if d > reach >= grid.distance(h, m["target"]):
            raise IllegalAction(f"{board.KIND_TITLE[m['kind']]} from {m['from']} reach {reach} hexes; {m['target']} "
                                f"is {d - 1} away across a mountain hexside, which costs one more.", RULE)
