"""The movement phase (§6): ground movement with terrain costs (§6.1), zones of control (§6.2), stacking (§6.4),
entry points (§5), IJ off-map movement (§6.5) and air strips (§6.3); and, in the same phase, the IJ air-to-air
combat (§6.7), the IJN shore bombardment allocation (§6.6) and the US ground support allocation (§6.8).

A move names a unit and its destination; the unit goes there by its cheapest legal route and its MF are spent
(a unit moves once a phase: §2.2 "once per turn")."""
from __future__ import annotations

import heapq
from functools import lru_cache
from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.engine.orders import Choice, Several
from app.games.first_blood import board
from app.games.first_blood.gamedata import (
    BOX_ORDER,
    BOXES,
    ENTRIES,
    LAND,
    STACKING,
    STEPS,
    STRIPS,
    TITLE,
    enemy,
    half,
    neighbours,
)
from app.games.first_blood.picks import Pick
from app.games.first_blood.placement import place_label

State = dict[str, Any]
DESTINATIONS: tuple[str, ...] = (*[f"hex:{h}" for h in LAND], *[f"box:{b}" for b in BOXES])
TARGETS = ("cap", "ground_attack")


def _map_costs(occ: dict[str, tuple[str, int]], side: str, starts: dict[str, int], budget: int,
               origin: str | None) -> dict[str, int]:
    """Least MF to each hex from `starts` ({hex: MF already spent}), under §6.2: entering enemy ZOC stops a unit,
    and a unit starting in enemy ZOC cannot step straight into another enemy ZOC hex. Enemy-held hexes are closed.
    `occ` is `board.occupancy(state)`. The answer is shared (read it, never change it), keyed by place ("hex:0708")."""
    foe = enemy(side)
    closed = frozenset(h for h, (owner, _) in occ.items() if owner == foe)
    return _search(closed, tuple(starts.items()), budget, origin)


@lru_cache(maxsize=2048)
def _search(closed: frozenset[str], starts: tuple[tuple[str, int], ...], budget: int,
            origin: str | None) -> dict[str, int]:
    # Only the enemy's hexes (closed, and their zone of control) shape the search, and they do not change during a
    # side's movement phase, while every prompt of that phase asks for every unit's reach: the answers are kept
    # (a pure function of its arguments; the heap's (cost, hex) order makes it independent of the starts' order).
    zoc: set[str] = set()
    for h in closed:
        zoc.update(neighbours(h))  # the enemy's zone of control (§6.2), as board.zoc
    best: dict[str, int] = {}
    heap = [(c, h) for h, c in starts]
    heapq.heapify(heap)
    while heap:
        cost, h = heapq.heappop(heap)
        if h in best:
            continue
        best[h] = cost
        if h in zoc and h != origin:
            continue  # halted in an enemy zone of control
        for n, step in STEPS[h]:
            if n in best or n in closed:
                continue
            if h == origin and h in zoc and n in zoc:
                continue  # ZOC to ZOC: disengage first
            c = cost + step  # move_cost(h, n), from the table
            if c <= budget:
                heapq.heappush(heap, (c, n))
    return {f"hex:{h}": c for h, c in best.items()}


def reachable(state: State, unit: dict[str, Any], occ: dict[str, tuple[str, int]] | None = None) -> dict[str, int]:
    """{destination place: MF spent} for a unit that has not moved this phase. `occ`, `board.occupancy(state)`,
    when the caller asks for many units of one state (the prompt)."""
    if unit["moved"] or unit["loc"] in ("pending", "eliminated"):
        return {}
    side, mf = unit["side"], unit["mf"]
    loc = unit["loc"]
    occ = board.occupancy(state) if occ is None else occ
    free = lambda h: occ.get(h, ("", 0))[0] != enemy(side)
    out: dict[str, int] = {}
    if loc.startswith("hex:"):
        h = loc[4:]
        out = dict(_map_costs(occ, side, {h: 0}, mf, h))
        del out[loc]  # staying put is not a move
    elif loc.startswith("entry:"):
        first = 0 if side == "us" else half(mf)  # §5.2 and §5.3
        starts = {h: first for h in ENTRIES[loc[6:]]["hexes"] if free(h)}
        out = dict(_map_costs(occ, side, starts, mf, None))
    elif loc.startswith("box:"):
        if unit.get("placed") == state["turn"]:
            return {}  # §5.2, §6.5: placed in the box this turn, it cannot move
        i, step = BOX_ORDER.index(loc[4:]), half(mf)
        visited = set(unit.get("visited", []))
        boxes = {loc[4:]: 0}
        for d in (-1, 1):
            k = 1
            while 0 <= i + d * k < len(BOX_ORDER) and k * step <= mf and BOX_ORDER[i + d * k] not in visited:
                boxes[BOX_ORDER[i + d * k]] = k * step  # §6.5: one direction only, never back into a visited box
                k += 1
        starts: dict[str, int] = {}
        for b, spent in boxes.items():
            if b != loc[4:]:
                out[f"box:{b}"] = spent
            if spent + step <= mf:
                for h in BOXES[b]["hexes"]:
                    if free(h):
                        starts[h] = min(starts.get(h, 99), spent + step)
        out.update(_map_costs(occ, side, starts, mf, None))
    full = {f"hex:{h}" for h, (owner, n) in occ.items() if owner == side and n >= STACKING}  # §6.4
    return {p: c for p, c in out.items() if p not in full} if full else out


def movable(state: State, side: str) -> list[dict[str, Any]]:
    return [u for u in board.ground(state, side) if not u["moved"] and u["loc"][:4] in ("hex:", "entr", "box:")
            and not (u["loc"].startswith("box:") and u.get("placed") == state["turn"])]


def must_move(state: State, side: str, occ: dict[str, tuple[str, int]] | None = None) -> list[dict[str, Any]]:
    """§6.5: IJ units in the boxes must move (a box on, or onto the map) unless they arrived there this turn."""
    boxed = [u for u in board.ground(state, side, "box:") if not u["moved"] and u.get("placed") != state["turn"]]
    if not boxed:
        return []
    occ = board.occupancy(state) if occ is None else occ
    return [u for u in boxed if reachable(state, u, occ)]


# --- orders ------------------------------------------------------------------------------------------------------

def verbs(units: tuple[str, ...], air_ids: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    return {
        "move": {"unit": Pick(units, label="Unit"),
                 "to": Pick(DESTINATIONS, tuple(place_label(p) for p in DESTINATIONS), label="Destination")},
        "intercept": {"aircraft": Several(air_ids, 1, 2, label="IJAAF units"),
                      "target": Choice(TARGETS, ("USAF CAP", "USAF Ground Attack"), label="Target box")},
        "support": {"unit": Pick(air_ids, label="Destroyer or bomber"), "hex": Pick(LAND, label="Defending hex")},
        "end_movement": {},
    }


def _support_options(state: State, side: str) -> tuple[list[str], list[str]]:
    """§6.6 (IJN destroyers in the IJN Attack box) and §6.8 (USAF bombers in Ground Attack) placed on enemy hexes
    adjacent to the side's ground units."""
    if side == "ij":
        units = [a["id"] for a in board.air(state, "ij", "ijn_attack") if not a.get("target")]
    else:
        units = [a["id"] for a in board.air(state, "us", "ground_attack")
                 if a["role"] in ("bomber", "both") and not a.get("target")]
    if not units:
        return [], []
    occ = board.occupancy(state)
    hexes = sorted({n for h, (owner, _) in occ.items() if owner == side for n in board.enemy_adjacent(state, side, h,
                                                                                                     occ)})
    return (units, hexes) if hexes else ([], [])


def _intercept_options(state: State) -> dict[str, list[str]]:
    """§6.7: fighters (one) or bombers (two) against CAP; once CAP is empty, fighters against Ground Attack."""
    ij = [*board.air(state, "ij", "ijaaf_reserve"), *board.air(state, "ij", "ijaaf_attack")]
    fighters = [a["id"] for a in ij if a["role"] == "fighter"]
    bombers = [a["id"] for a in ij if a["role"] == "bomber"]
    out: dict[str, list[str]] = {}
    if board.air(state, "us", "cap"):
        if fighters or len(bombers) >= 2:
            out["cap"] = fighters + (bombers if len(bombers) >= 2 else [])
    elif board.air(state, "us", "ground_attack") and fighters:
        out["ground_attack"] = fighters
    return out


def unit_label(state: State, uid: str) -> str:
    """A unit as the forms name it: name, strength and movement, and where it is."""
    u = state["units"][uid]
    return f"{u['name']} ({u['cf']}-{u['mf']}, {place_label(u['loc'])})"


def prompt(state: State, role: str, v: dict[str, Any]) -> dict[str, Any]:
    units = [u["id"] for u in movable(state, role)]
    actions = []
    if units:
        actions.append({"verb": "move", "label": "Move a unit",
                        "args": {"unit": Choice(tuple(units), tuple(unit_label(state, u) for u in units),
                                                label="Unit").to_json(),
                                 "to": v["move"]["to"].to_json()}})
    if role == "ij":
        opts = _intercept_options(state)
        if opts:
            ids = sorted({a for ids in opts.values() for a in ids})
            actions.append({"verb": "intercept", "label": "Air-to-air combat (§6.7)",
                            "args": {"aircraft": Several(tuple(ids), 1, 2, label="IJAAF units").to_json(),
                                     "target": v["intercept"]["target"].only(*opts).to_json()}})
    su, sh = _support_options(state, role)
    if su:
        actions.append({"verb": "support", "label": "Shore bombardment (§6.6)" if role == "ij" else
                        "Ground support (§6.8)", "args": {"unit": v["support"]["unit"].only(*su).to_json(),
                                                          "hex": v["support"]["hex"].only(*sh).to_json()}})
    actions.append({"verb": "end_movement", "label": "End the movement phase", "args": {}})
    occ = board.occupancy(state)
    must = [u["name"] for u in must_move(state, role, occ)]
    return {"title": f"{TITLE[role]} movement phase", "rule": "§6",
            "info": {"kind": "movement", "must_move": must,
                     # the pages highlight these when a unit is chosen: {unit: {place: MF spent}} (§6.1, §6.5)
                     "reach": {u: reachable(state, state["units"][u], occ) for u in units}}, "actions": actions}


def check(state: State, role: str, action: dict[str, Any]) -> None:
    verb, args = action["verb"], action["args"]
    if verb == "move":
        u = state["units"].get(args["unit"])
        if u is None or u["side"] != role:
            raise IllegalAction(f"{args['unit']} is not one of your ground units.", "§6")
        if u["moved"]:
            raise IllegalAction(f"{u['name']} has already moved this phase.", "§6")
        if args["to"] not in reachable(state, u):
            raise IllegalAction(f"{u['name']} cannot reach {place_label(args['to'])} (its {u['mf']} MF, terrain, "
                                f"enemy zones of control and stacking decide).", "§6.1")
    elif verb == "intercept":
        opts = _intercept_options(state)
        if args["target"] not in opts or any(a not in opts[args["target"]] for a in args["aircraft"]):
            raise IllegalAction("Those IJAAF units cannot attack that box now.", "§6.7")
        roles = sorted(state["air"][a]["role"] for a in args["aircraft"])
        if roles not in (["fighter"], ["bomber", "bomber"]) or (args["target"] == "ground_attack"
                                                               and roles != ["fighter"]):
            raise IllegalAction("One fighter, or two bombers against CAP only, make one air-to-air attack.", "§6.7")
    elif verb == "support":
        su, sh = _support_options(state, role)
        if args["unit"] not in su or args["hex"] not in sh:
            raise IllegalAction("That unit cannot support an attack on that hex now.", "§6.6" if role == "ij" else
                                "§6.8")
    elif verb == "end_movement":
        must = must_move(state, role)
        if must:
            raise IllegalAction(f"{', '.join(u['name'] for u in must)} must move out of the off-map box first.",
                                "§6.5")


def resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    s = board.clone(state)
    verb, args = action["verb"], action["args"]
    if verb == "move":
        u = s["units"][args["unit"]]
        spent = reachable(s, u)[args["to"]]
        was = u["loc"]
        u.update(loc=args["to"], moved=True, stirred=True)
        if args["to"].startswith("box:"):
            u["visited"] = [*u.get("visited", []), args["to"][4:]]
        s["log"].append(entry(PUBLIC, f"{u['name']} moves from {place_label(was)} to {place_label(args['to'])} "
                                      f"({spent} MF)."))
        h = board.hex_of(u)
        if role == "ij" and h in STRIPS:
            lost = board.strip_destroyed(s, h, "entered")
            s["log"].append(entry(PUBLIC, f"IJ troops overrun air strip {h}: it is Destroyed"
                                          + (f", USAF units lost: {', '.join(lost)}" if lost else "") + " (§6.3)."))
    elif verb == "intercept":
        victims = [a for a in board.air(s, "us", args["target"])
                   if a["role"] in (("fighter", "both") if args["target"] == "cap" else ("bomber", "both"))]
        victim = min(victims, key=lambda a: a["id"])
        victim["loc"] = "eliminated"
        for a in args["aircraft"]:
            s["air"][a]["loc"] = "eliminated"
        s["log"].append(entry(PUBLIC, f"Air-to-air: {', '.join(s['air'][a]['name'] for a in args['aircraft'])} "
                                      f"shoot down {victim['name']}; the attackers are spent (§6.7)."))
    elif verb == "support":
        a = s["air"][args["unit"]]
        a["target"] = args["hex"]
        s["log"].append(entry(PUBLIC, f"{a['name']} will support the attack on {args['hex']}."))
    return s


def random(state: State, role: str, rng) -> dict[str, Any]:
    units = movable(state, role)
    occ = board.occupancy(state)
    must = must_move(state, role, occ)
    if role == "ij":
        opts = _intercept_options(state)
        if opts and rng.die(3) == 1:
            target = rng.choice(sorted(opts))
            ids = opts[target]
            fighters = [a for a in ids if state["air"][a]["role"] == "fighter"]
            pick = [rng.choice(fighters)] if fighters else rng.shuffle(ids)[:2]
            return {"verb": "intercept", "args": {"aircraft": pick, "target": target}}
    su, sh = _support_options(state, role)
    if su and rng.die(3) == 1:
        return {"verb": "support", "args": {"unit": rng.choice(su), "hex": rng.choice(sh)}}
    choices = must or [u for u in units if rng.die(4) > 1]
    while choices:
        u = rng.choice(choices)
        dests = sorted(reachable(state, u, occ))
        if dests:
            return {"verb": "move", "args": {"unit": u["id"], "to": rng.choice(dests)}}
        choices = [x for x in choices if x is not u]
    return {"verb": "end_movement", "args": {}}


def default(state: State, role: str) -> dict[str, Any]:
    must = must_move(state, role)
    if must:
        return {"verb": "move", "args": {"unit": must[0]["id"], "to": min(reachable(state, must[0]))}}
    return {"verb": "end_movement", "args": {}}
