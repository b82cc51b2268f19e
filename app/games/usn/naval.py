"""The Air and Sea Movement Phase (Detailed Sequence of Play, Steps 2, 4, 6, 8) for naval units: (C) the first
portion of movement, (D) embarking or debarking at that hex, (I) the rest of the Movement Allowance, (J) refuelling.
Movement (N) doubles the allowance far from the enemy; Supply (G) counts the Game-Turns at sea.

Built here: naval movement with ranges, Movement (N), embarking and debarking (Mission: Normal Transport: cargo face
down, one Movement Point for a Japanese transport), refuelling in a friendly naval base; air transfers (A) in transfer.py, parachute drops (B) in parachute.py. Stopping the first portion in a hex with enemy
naval units at sea opens a Surface Naval Engagement (Stacking (D); surface.py) before the rest of the movement. Not
built: emergency transport of troops (E; of supplies: emergency.py); (F) bombards
bases and land units (bombard.py), (H) none."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from app.engine.errors import IllegalAction, Refused
from app.engine.log import PUBLIC, entry
from app.engine.orders import Boolean, Choice, Group, Keyed, Optional, Several
from app.games.usn import (
    board,
    bombard,
    coastal,
    emergency,
    garrisons,
    grid,
    land,
    movement,
    offmap,
    parachute,
    supply,
    surface,
    transfer,
)
from app.games.usn.bombard import TARGETS

LAND = tuple(sorted(set(board.every("land")) | set(coastal.IDS) | set(parachute.IDS)))
RULE = "Naval Unit Movement"


def _each(hexes, land=LAND) -> Group:
    return Group({"stop": Choice(hexes, label="first portion ends at (C)"),
                  "via": Choice(hexes, label="enters that hex from (an adjacent hex: the hexside a surface engagement "
                                             "sees it come through)"),
                  "embark": Several(land, 0, len(land), label="embark at that hex (D)"),
                  "debark": Boolean(label="debark the cargo at that hex (D)"),
                  "to": Choice(hexes, label="rest of movement to (I)"),
                  "supply": Boolean(label="emergency transport of supplies to the first-portion hex (E)"),
                  "carry": Several(land, 0, len(land), label="emergency transport of troops from the start hex "
                                                             "to the first-portion hex (E)")},
                 optional=("stop", "via", "embark", "debark", "to", "supply", "carry"))


def _bombard(hexes, land=LAND) -> Optional:
    return Optional(Keyed(Choice(TARGETS + tuple(land), label="base or land unit bombarded"), hexes,
                          label="bombardment at (F), by hex"))


VERBS = {"move": {"moves": Keyed(_each(grid.ALL_HEXES), board.SHIPS, label="naval movement by ship"),
                  "bombard": _bombard(grid.ALL_HEXES),
                  "transfers": transfer.order(),
                  "drops": Optional(Keyed(Choice(grid.ALL_HEXES, label="drop onto hex"), parachute.IDS,
                                          label="parachute drops at (B)"))}}


def _reachable(state, ship) -> list[str]:
    ma, _ = movement.allowance(state, ship, [ship["hex"]])
    return [*_open_within(ship["hex"], max(ma, board.values(ship)["movement"] * 2)),
            *offmap.destinations(state, ship)]  # and the off-map places (Off-Map Movement)


@lru_cache(maxsize=1 << 12)  # the map's alone: a late campaign's prompt asks it for each of 40 ships on every page
def _open_within(h: str, n: int) -> tuple[str, ...]:
    return tuple(x for x in grid.within(h, n) if grid.open_hex(x))


def entry_hex(start: str, stop: str) -> str | None:
    """The hex a ship's first portion enters its stop hex from when its order names none: the neighbour of the stop
    hex nearest its start (on a shortest route; ties by number). None when it did not move or moved off the map."""
    if start == stop or start in grid.OFF_MAP or stop in grid.OFF_MAP:
        return None
    return min(grid.neighbours(stop), key=lambda n: (grid.distance(start, n), n), default=None)


def _first_portion(sid, start, stop, via) -> int:
    """Hexes the first portion (C) costs: through `via`, the adjacent hex it enters the stop hex from, when the
    order names one (Mission: Surface Naval Engagement, step 1: "through one or more of six hex-sides")."""
    if via is None:
        return grid.distance(start, stop)
    if stop not in grid.neighbours(via) or not grid.open_hex(via):
        raise IllegalAction(f"{sid} must enter hex {stop} from a hex next to it ({via} is not one).",
                            "Mission Capability Chart: Naval Units, Surface Naval Engagement, step 1")
    return grid.distance(start, via) + 1


def _mine(state, role):
    return [s for s in board.afloat(state, role)]


def prompt(state, role):
    ships = _mine(state, role)
    hexes = sorted({h for s in ships for h in _reachable(state, s)})
    land = tuple(sorted(u["id"] for u in state["land"].values() if u["side"] == role))
    moves = Keyed(_each(tuple(hexes) or ("0759",), land or LAND[:1]), tuple(s["id"] for s in ships),
                  label="naval movement by ship")
    enemy_land = tuple(sorted(u["id"] for u in state["land"].values() if u["side"] != role and u["hex"])) or LAND[:1]
    targets = {h for h, b in state["bases"].items() if b["side"] != role} | {
        u["hex"] for u in state["land"].values() if u["side"] != role and u["hex"]}
    return {"title": "Move your naval units (or leave them where they are)", "rule": RULE,
            "actions": [{"verb": "move", "label": "Move", "args": {
                "moves": moves.to_json(),
                "bombard": _bombard(tuple(sorted(targets)), enemy_land).to_json(),
                "transfers": transfer.order(tuple(supply.air_stations(state, role)) or transfer.STATIONS[:1],
                                            tuple(transfer.destinations(state, role)) or transfer.STATIONS[:1]
                                            ).to_json(),
                "drops": Optional(Keyed(Choice(parachute.drop_hexes(state, role) or ("0759",), label="drop onto hex"),
                                        tuple(u["id"] for u in parachute.droppable(state, role)) or parachute.IDS,
                                        label="parachute drops at (B)")).to_json()}}],
            "info": {"ships": {s["id"]: dict(cargo_choices(state, role, s), hex=s["hex"],
                                                              movement=movement.allowance(state, s, [s["hex"]])[0])
                                                for s in ships},
                     "choices": {"bombard": bombard_choices(state, role, targets)}}}


def bombard_choices(state, role, hexes) -> dict[str, list[str]]:
    """What the form offers to bombard in each hex: the enemy's bases there and its land units ashore there (the
    order's shape offers every target in every hex; the rules refuse the rest)."""
    out: dict[str, list[str]] = {h: [] for h in hexes}
    for h in hexes:
        b = state["bases"].get(h)
        if b is not None and b["side"] != role:
            out[h] += [t for t in TARGETS if board.has_base(b, t)]
    for u in state["land"].values():
        if u["side"] != role and u["hex"] in out and not u["aboard"]:
            out[u["hex"]].append(u["id"])
    return out


def cargo_choices(state, role, ship) -> dict[str, list[str]]:
    """The land units the form offers a ship (the order's shape offers every one of the side's to every ship): to
    embark, a transport any not aboard (they embark where its first portion ends, (D)); to carry by emergency
    transport, a ship of a type that may, those ashore in its start hex (E). Anything else the rules refuse anyway;
    drawn for every ship it made a late campaign's form thousands of boxes."""
    free = [u for u in state["land"].values() if u["side"] == role and u["aboard"] is None and u["hex"]
            and u.get("kind") != "coastal_defense"]
    return {"embark": sorted(u["id"] for u in free) if ship["type"] == "TR" else [],
            "carry": sorted(u["id"] for u in free if u["hex"] == ship["hex"]) if ship["type"] in emergency.UNITS[role]
            else []}


def _plan(state, role, sid, order):
    ship = state["ships"].get(sid)
    if ship is None or ship["side"] != role or ship["sunk"]:
        raise IllegalAction(f"{sid} is not one of your naval units afloat.", RULE)
    start = ship["hex"]
    stop = order.get("stop", start)
    end = order.get("to", stop)
    embark, debark = order.get("embark", []), order.get("debark", False)
    handling = 1 if (embark or debark) and ship["type"] == "TR" else 0
    off_map = offmap.involved(start, stop, end)
    via = None if off_map else order.get("via")  # the hexside entered by: on the map only
    cost = _first_portion(sid, start, stop, via) + handling + grid.distance(stop, end)
    ma, doubled = movement.allowance(state, ship, [start, stop, end] + ([via] if via else []))
    if off_map:  # Off-Map Movement: the West Coast, the east boxes, the west edge
        offmap.check(state, role, ship, start, stop, end, order)
    elif cost > ma:
        why = " (doubled, Movement (N))" if doubled else ""
        raise IllegalAction(f"{sid} may move {ma} hexes{why}; this move needs {cost}"
                            f"{' with 1 for embarking or debarking' if handling else ''}.", "Movement (C)")
    if end != stop and board.enemy_at_sea(state, end, board.other(role)):
        # Stacking (D): entering enemy ships forces an engagement, which the sequence resolves only where the first
        # portion ends (Step 2 (C), then (G)); the rest of the movement (I) may not enter them
        raise IllegalAction(f"{sid} may not end its movement in hex {end}, which holds enemy naval units: to engage "
                            "them, end the first portion of the movement there (Step 2 (G)).", "Stacking (D)")
    if order.get("carry"):
        emergency.check_troops(state, role, ship, start, stop, end, order["carry"],
                               bool(embark or debark or order.get("supply")))
    elif order.get("supply"):
        emergency.check(state, role, ship, start, stop, end, bool(embark or debark))
    elif (embark or debark) and ship["type"] != "TR":
        raise IllegalAction(f"{sid} is not a transport.", "Mission Capability Chart: Naval Units, Normal Transport")
    garrisons.check_embark(state, role, list(embark) + list(order.get("carry", [])))  # Garrisons (optional)
    if embark:
        tp = sum(state["land"][u]["tp"] for u in ship["cargo"])
        for u in embark:
            lu = state["land"][u]
            if lu["side"] != role or lu["aboard"] is not None or lu["hex"] != stop:
                raise IllegalAction(f"{lu['name']} is not ashore in hex {stop} to embark.", "Movement (K)")
            if lu["entrenched"]:
                raise IllegalAction(f"{lu['name']} is entrenched and may not move.", "Entrenchment (A)")
            tp += lu["tp"]
        cap = board.PLAY["ship_type"]["TR"]["transport_points"]
        if tp > cap:
            raise IllegalAction(f"{sid} carries at most {cap} Transport Points ({tp} asked).",
                                "Mission Capability Chart: Naval Units, Normal Transport")
    if debark:
        if not ship["cargo"] and not embark:
            raise IllegalAction(f"{sid} has no cargo to debark.", "Mission Capability Chart: Naval Units, "
                                                               "Normal Transport")
        if board.land_at(state, stop, board.other(role)) or board.stack(state, stop, board.other(role)):
            raise IllegalAction(f"Units may not be debarked onto hex {stop}, which holds enemy land or naval units; "
                                "an opposed landing is made in the Land Attack Phase.",
                                "Detailed Sequence of Play, Step 2 (D)")
        if stop not in board.PLAY["terrain_class"]["class_1"] + board.PLAY["terrain_class"]["class_2"] \
                and grid.normalise(stop) not in {p["id"] for p in board.gamedata.load("map")["place"]}:
            raise IllegalAction(f"Hex {stop} is not a land hex the map records.", "Terrain")
    return {"ship": sid, "stop": stop, "end": end, "via": via or entry_hex(start, stop), "cost": cost,
            "embark": list(embark), "debark": bool(debark),
            "supply": bool(order.get("supply")), "carry": list(order.get("carry", []))}


def check(state, role, action):
    transfer.check(state, role, action["args"].get("transfers", []))  # (A) comes before the ships move
    parachute.check(state, role, action["args"].get("drops", {}))  # (B)
    seen: set[str] = set()
    plans = []
    for sid, order in action["args"]["moves"].items():
        plan = _plan(state, role, sid, order)
        plans.append(plan)
        for u in plan["embark"] + plan["carry"]:
            if u in seen:
                raise IllegalAction("A land unit may be carried by one vehicle only in a phase.", "Movement (K)")
            seen.add(u)
    if action["args"].get("bombard"):  # (F) is judged where the first portion leaves the ships
        import copy
        after = copy.deepcopy(state)
        for p in plans:
            after["ships"][p["ship"]]["hex"] = p["stop"]
        bombard.check(after, role, action["args"]["bombard"])


def resolve(state, role, action, rng):
    """(C) and (D) now; then (G) the surface engagements (surface.py) where the first portion ended beside enemy
    ships at sea; (I) and (J) once they are over (`finish`)."""
    transfer.resolve(state, role, action["args"].get("transfers", []))  # (A)
    parachute.resolve(state, role, action["args"].get("drops", {}))  # (B)
    plans = [_plan(state, role, sid, o) for sid, o in action["args"]["moves"].items()]
    for p in plans:
        ship = state["ships"][p["ship"]]
        p["start"] = ship["hex"]
        ship["hex"] = p["stop"]
        for u in p["embark"]:
            state["land"][u]["aboard"] = ship["id"]
            state["land"][u]["hex"] = None
            ship["cargo"].append(u)
        if p["embark"]:
            state["log"].append(entry(role, f"{ship['id']} embarks {', '.join(state['land'][u]['name'] for u in p['embark'])} "
                                            f"at {p['stop']} (cargo face down)."))
        if p["carry"]:
            emergency.land_troops(state, role, ship, p["stop"], p["carry"])
        if p["debark"]:
            landed = list(ship["cargo"])
            for u in landed:
                state["land"][u].update(aboard=None, hex=p["stop"], moved=True)  # Movement (J): no further move
            ship["cargo"] = []
            state["log"].append(entry(PUBLIC, f"{board.TITLE[role]} units land at {p['stop']}: "
                                              f"{', '.join(state['land'][u]['name'] for u in landed)}."))
    bombard.resolve(state, role, action["args"].get("bombard", {}), rng)  # (F), before the engagements (G)
    state["pending_moves"] = plans
    if surface.begin(state, role):
        return state  # the engagements decide first; `finish` runs when they are over
    finish(state, role)
    return state


def finish(state, role) -> None:
    """(I) the rest of each ordered movement, (J) refuelling, and the bases captured. A ship that took part in a
    surface engagement continues only if it still can: afloat, its (possibly halved) allowance enough, and its end
    hex free of enemy naval units (Movement (O): not into enemy ships that withdrew from the engagement)."""
    plans = state.pop("pending_moves", [])
    fought = set(state.pop("surface", {}).get("hexes", []))
    for p in plans:
        ship = state["ships"][p["ship"]]
        if ship["sunk"] or p["end"] == p["stop"]:
            continue
        if p["stop"] in fought:
            cost = p["cost"] if "cost" in p else (  # the whole move's, as ordered (_plan); a plan written before
                grid.distance(p["start"], p["stop"]) + grid.distance(p["stop"], p["end"])  # it kept none
                + (1 if (p["embark"] or p["debark"]) and ship["type"] == "TR" else 0))
            ma, _ = movement.allowance(state, ship, [p["start"], p["stop"], p["end"]])
            try:
                if offmap.involved(p["start"], p["stop"], p["end"]):  # Off-Map Movement: its own costs
                    offmap.check(state, role, ship, p["start"], p["stop"], p["end"], p)
                    cost = 0
            except Refused:
                pass
            if cost > ma or board.enemy_at_sea(state, p["end"], board.other(role)):
                state["log"].append(entry(role, f"{ship['id']} cannot finish its movement to {p['end']} after the "
                                                f"engagement and stays at {p['stop']} (Movement (O))."))
                continue
        ship["hex"] = p["end"]
    emergency.deliver(state, role, [(p["ship"], p["stop"]) for p in plans if p.get("supply")
                                    and not state["ships"][p["ship"]]["sunk"]
                                    and state["ships"][p["ship"]]["hex"] == p["end"]])
    state["log"].append(entry(PUBLIC, f"{board.TITLE[role]} naval movement: {len(plans)} unit(s) ordered."))
    state["log"].append(entry(role, "Your naval units: " + "; ".join(
        f"{p['ship']} to {state['ships'][p['ship']]['hex']}" for p in plans) + ".") if plans
        else entry(role, "No naval movement."))
    offmap.after_movement(state, role, plans)  # Off-Map Movement: NAC on the West Coast, the Indian Ocean sortie
    refuel(state, role)
    land.captures(state)


def refuel(state, side):
    """(J): naval units in a friendly naval base refuel (Supply (G)); the base is announced automatically."""
    for s in board.afloat(state, side):
        if supply.refuels_at(state, s["hex"], side):  # not in a neutralized naval base (Bombardment of Bases)
            s["at_sea"] = 0


def default(state, role):
    return {"verb": "move", "args": {"moves": {}}}


def random(state, role, rng):
    moves: dict[str, Any] = {}
    for s in _mine(state, role):
        if rng.die(3) == 1:
            continue
        ma, _ = movement.allowance(state, s, [s["hex"]])
        options = [h for h in grid.within(s["hex"], ma) if grid.open_hex(h)] + offmap.destinations(state, s)
        if not options:
            continue
        fights = sorted(h for h in options if board.enemy_at_sea(state, h, board.other(role)))
        to = rng.choice(fights) if fights and rng.die(3) == 1 else rng.choice(sorted(options))
        # into enemy ships at sea only as the end of the first portion: a surface engagement (Stacking (D))
        order = {"stop": to} if board.enemy_at_sea(state, to, board.other(role)) else {"to": to}
        try:
            _plan(state, role, s["id"], order)
        except Refused:
            continue
        moves[s["id"]] = order
    return {"verb": "move", "args": {"moves": moves}}
