"""The computer players' Off-Map Movement (bots.py's hook), from the side's own view only: Allied ships off the map
head for it through the boxes, the Japanese carriers carry out the Indian Ocean sortie and come back. Kept apart from
offmap.py, which judges the orders, so that the rules never import the computer players."""
from __future__ import annotations

from typing import Any

from app.games.usn import board, bot_view, campaigndata, grid
from app.games.usn.offmap import (
    BOXES,
    INDIAN_OCEAN,
    JAPANESE_TYPES,
    NUMBER,
    WEST_COAST,
    WEST_OFF,
    _nearest,
    indian_ocean_rule,
    off,
    west_edge,
    zone,
)


BOT_SORTIE_TURN = 1  # reconstructed: the Japanese computer player sails for the Indian Ocean at once, while its


def _enter(view: dict[str, Any], side: str, ship: dict[str, Any], edge, goal: str) -> str | None:
    """The hex onto the map, one step in from the edge and within the unit's (undoubled) Movement Allowance, nearest
    the goal and free of enemy naval stacks (Stacking (D))."""
    budget = ship["values"]["movement"] - 1
    options = sorted({h for e in edge for h in grid.within(e, budget) if grid.open_hex(h)
                      and bot_view.free(view, side, h)})
    return min(options, key=lambda h: (grid.distance(h, goal), h)) if options else None


def _zone_for(goal: str, movement: int) -> int:
    """The east zone a ship from the West Coast enters by to reach `goal` soonest: its box's phases, then the steps
    from its edge (at twice the Movement Allowance a phase, Movement (N) far from the enemy)."""
    return min((n for n in BOXES if zone(n)),
               key=lambda n: (n + _nearest(zone(n), goal)[0] / max(1, 2 * movement), n))


def bot_moves(view: dict[str, Any], side: str, goal: str) -> dict[str, dict[str, Any] | None]:
    """Orders for the ships Off-Map Movement concerns, by id (None: it stays): Allied ships off the map head for the
    map through the boxes (a transport on the West Coast first embarks the land units there, a whole phase), the
    Japanese carriers carry out the Indian Ocean sortie and come back. The other ships are left to bots.py."""
    mine = [s for s in view["ships"][side].get("units", [])]
    out: dict[str, dict[str, Any] | None] = {}
    if side == "allied":
        taken: set[str] = set()
        for s in sorted(mine, key=lambda x: x["id"]):
            h = s["hex"]
            if h == WEST_OFF or not off(h):
                continue
            if h == WEST_COAST and s["type"] == "TR" and not s["carrying"]:
                cargo = _west_coast_cargo(view, s, taken)
                if cargo:
                    out[s["id"]] = {"embark": cargo}
                    continue
            target = _zone_for(goal, s["values"]["movement"])
            here = NUMBER.get(h, 0)
            if here == target:
                to = _enter(view, side, s, zone(target), goal)
                out[s["id"]] = {"to": to} if to else None
            else:  # one box along the track toward the target zone's box
                out[s["id"]] = {"to": BOXES[here + 1] if here < target else BOXES.get(here - 1, WEST_COAST)}
        return out
    rule = indian_ocean_rule(view["scenario"])
    if rule is None:
        return out
    done = (view.get("indian_ocean") or {}).get("done_turn")
    carriers = [s for s in mine if s["type"] in JAPANESE_TYPES]
    ports = sorted(b["hex"] for b in view["bases"] if b["side"] == side and b["naval"])
    japan = campaigndata.units()["repair"]["japanese"]  # the naval bases in Japan
    if done:
        limit = board.fuel_limit("JCV")
        for s in carriers:
            if s["hex"] == INDIAN_OCEAN:  # back toward the home islands' naval base nearest the edge, through the
                # open northern waters where Movement (N) doubles (Supply (G) leaves it one Game-Turn to get there)
                home = min([p for p in ports if p in japan] or ports or ["0676"],
                           key=lambda b: (_nearest(west_edge(), b)[0], b))
                to = _best(view, side, s, INDIAN_OCEAN, lambda h, home=home: grid.distance(h, home), west_edge())
                near = min(ports or [home], key=lambda b: (_nearest(west_edge(), b)[0], b))
                if to != home and near != home:  # Japan is out of reach this phase: the naval base nearest the
                    # edge instead (Saigon), or the ships come on with their fuel spent
                    there = _best(view, side, s, INDIAN_OCEAN, lambda h: grid.distance(h, near), west_edge())
                    to = there if there == near else to
                out[s["id"]] = {"to": to} if to else None
            elif ports and s["at_sea"] >= limit - 1 and s["hex"] not in ports:
                # home to refuel at Movement (N)'s doubled rate where it may (Supply (G): the sortie is long)
                home = min(ports, key=lambda b: (grid.distance(s["hex"], b), b))
                to = _best(view, side, s, s["hex"], lambda h, home=home: grid.distance(h, home))
                out[s["id"]] = {"to": to} if to and to != s["hex"] else None
        return out
    if (view.get("indian_ocean") or {}).get("rolled"):  # the sortie is off the map: it stays its two phases
        return {s["id"]: None for s in carriers if s["hex"] == INDIAN_OCEAN}
    if view["turn"] < BOT_SORTIE_TURN:
        return out
    group, nac = [], 0
    for s in sorted(carriers, key=lambda x: (x["hex"] != INDIAN_OCEAN, bool(x["damage"]), -x["nac"], x["id"])):
        if nac >= rule["nac"] or (s["hex"] != INDIAN_OCEAN and (s["damage"] or not s["nac"])):
            break
        group.append(s)
        nac += s["nac"]
    if nac < rule["nac"]:
        return out
    for s in group:
        if s["hex"] == INDIAN_OCEAN:
            out[s["id"]] = None
            continue
        d, e = _nearest(west_edge(), s["hex"])
        if d + 1 <= _budget(view, side, s, [s["hex"], e]):
            out[s["id"]] = {"to": INDIAN_OCEAN}
        else:
            to = _best(view, side, s, s["hex"], lambda h: _nearest(west_edge(), h)[0])
            out[s["id"]] = {"to": to} if to and to != s["hex"] else None
    return out


def _far(view: dict[str, Any], side: str, hexes: list[str]) -> bool:
    """Movement (N) as movement.allowance judges it, from the side's view: every hex more than five hexes from any
    enemy base, Engineer unit ashore or naval stack (and, for the Japanese, six from an Allied base with LBAC)."""
    enemy = board.other(side)
    danger = [(b["hex"], 5) for b in view["bases"] if b["side"] == enemy]
    danger += [(u["hex"], 5) for u in view["land"] if u["side"] == enemy and "Engineer" in u["name"] and u["hex"]]
    danger += [(st["hex"], 5) for st in view["ships"][enemy].get("stacks", [])]
    if side == "japanese":
        danger += [(b["hex"], 6) for b in view["bases"] if b["side"] == "allied" and b["air"].get("lbac")]
    return all(grid.distance(h, d) > n for h in hexes if not off(h) for d, n in danger)


def _budget(view: dict[str, Any], side: str, ship: dict[str, Any], hexes: list[str]) -> int:
    ma = ship["values"]["movement"]
    return ma * 2 if not ship["damage"] and _far(view, side, hexes) else ma


def _best(view, side, ship, start, key, edge=()) -> str | None:
    """The hex the ship may reach from `start` (a hex, or off the map through `edge`, one to cross) with the lowest
    `key`, free of enemy stacks, counting Movement (N)'s doubling only where every hex of the move allows it."""
    ma = ship["values"]["movement"]
    froms = [(e, 1) for e in edge] if edge else [(start, 0)]
    best = None
    for e, extra in froms:
        for h in grid.within(e, 2 * ma - extra):
            if not grid.open_hex(h) or not (bot_view.free(view, side, h) or h == start):
                continue
            # the check judges the edge nearest the end hex: measure from there, as it will
            d = (_nearest(edge, h)[0] if edge else grid.distance(start, h)) + extra
            where = [h, _nearest(edge, h)[1]] if edge else [start, h]
            if d > _budget(view, side, ship, where):
                continue
            k = (key(h), d, h)
            if best is None or k < best[0]:
                best = (k, h)
    return best[1] if best else None


def _west_coast_cargo(view: dict[str, Any], ship: dict[str, Any], taken: set[str]) -> list[str]:
    """The Allied land units ashore on the West Coast a transport can carry (its Transport Points)."""
    cap = board.PLAY["ship_type"]["TR"]["transport_points"]
    out, tp = [], 0
    for u in sorted(view["land"], key=lambda x: x["id"]):
        if u["side"] != "allied" or u["hex"] != WEST_COAST or u["id"] in taken or u["entrenched"]:
            continue
        need = board.LAND_TYPES[u["name"]]["transport_points"]
        if tp + need <= cap:
            out.append(u["id"])
            taken.add(u["id"])
            tp += need
    return out
