"""Missed orders and random legal orders (for fuzzing): what a side submits when it does not decide.

`default_action` is always legal: stay in port, keep forces at sea together and bring them home, fly nothing,
abort nothing, do not attack. `random_action` draws orders and keeps only those the rules accept, falling back
to the default, so a random player is never refused. Each decision kind's record (states.py) names its makers here.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.engine.errors import Refused
from app.games.solomons import (air_orders, allocation, board, bots, ground_orders, intentions, placement, plot,
                                 turn)
from app.games.solomons.decision import submit
from app.games.solomons.plot import default_plot, slot_continuation  # noqa: F401 (the missed plot, read from here too)
from app.games.solomons.sequence import current, deciders, plot_phase
from app.games.solomons.states import STATES
from app.games.solomons.units import at_sea, has_transports, paced_course, side_tfs

State = dict[str, Any]


# ---------------------------------------------------------------- defaults

def default_args(state: State, side: str) -> dict[str, Any]:
    kind = current(state)["kind"]
    return STATES[kind].default(state, side)["args"] if kind in STATES else {}


def default_allocation(state: State, side: str) -> dict[str, Any]:
    """Ships at sea stay with their task force (or, formed at sea, one force per kind); nothing sails."""
    places = allocation.available(state, side)
    groups: dict[str, list[str]] = {}
    for uid in sorted(allocation.must_allocate(state, side)):
        tf = state["units"][uid]["task_force"]
        key = tf or f"{places[uid]}:{'carriers' if board.is_carrier(uid) else 'transports' if board.unit_type(uid) in ('TR', 'APD') else 'warships'}"
        groups.setdefault(key, []).append(uid)
    specs = []
    for key, units in sorted(groups.items()):
        current_mission = state["task_forces"][key]["mission"] if key in state["task_forces"] else None
        for mission in [m for m in (current_mission, "anti_ship", "bombardment", "transport") if m]:
            spec = {"units": units, "mission": mission}
            if key in state["task_forces"]:
                spec["number"] = state["task_forces"][key]["number"]  # the same force, by its number
            try:
                allocation.check_task_force(state, side, spec, places)
            except Refused:
                continue
            specs.append(spec)
            break
        else:  # no mission fits these ships on their own: let them join another group of their hex
            specs.append({"units": units, "mission": "transport" if any(board.is_transport(u) for u in units)
                          else "anti_ship"})
    return {"task_forces": specs}


def default_answers(state: State) -> dict[str, bool]:
    return intentions.default_answers(state)


def default_plot_args(state: State, side: str) -> dict[str, Any]:
    """The missed plot: the side's plot as it stands if it has submitted one (it stands by it), else forces in port
    stay and forces at sea come home."""
    if state["pending"][side] is not None:
        return state["pending"][side]
    return default_plot(state, side)


def default_action(state: State, role: str) -> dict[str, Any]:
    return submit(default_args(state, role))


# ---------------------------------------------------------------- random legal orders

def random_action(state: State, role: str, rng) -> dict[str, Any]:
    kind = current(state)["kind"]
    if role not in deciders(state) or kind not in STATES:
        return default_action(state, role)
    return STATES[kind].random(state, role, rng)


def random_training(state: State, side: str, rng) -> dict[str, Any]:
    carriers, untrained = turn.trainable(state, side)
    out = []
    for uid in carriers:
        room = board.strength(uid)["capacity"] - state["units"][uid]["nac"]
        if untrained > 0 and rng.die(2) == 1:
            n = min(room, untrained)
            out.append({"unit": uid, "nac": n})
            untrained -= n
    return {"carriers": out}


def random_allocation(state: State, side: str, rng) -> dict[str, Any]:
    specs = default_allocation(state, side)["task_forces"]
    places = allocation.available(state, side)
    by_place: dict[str, list[str]] = {}
    for uid, place in sorted(places.items()):
        if board.is_base(place):
            by_place.setdefault(place, []).append(uid)
    pool = state["ground"][side].get(allocation.LOADING_BASE[side], 0)
    for place, units in by_place.items():
        if rng.die(3) == 1:
            continue
        units = rng.shuffle(units)
        carriers = [u for u in units if board.is_carrier(u)]
        transports = [u for u in units if board.unit_type(u) in ("TR", "APD")]
        others = [u for u in units if u not in carriers and u not in transports]
        groups = []
        if carriers and rng.die(2) == 1:
            take = others[:rng.die(3)]
            others = others[len(take):]
            groups.append((carriers + take, rng.choice(["anti_ship", "bombardment"])))
        if transports and rng.die(2) == 1:
            take = others[:rng.die(2) - 1]
            others = others[len(take):]
            groups.append((transports + take, "transport"))
        if others and rng.die(2) == 1:
            n = rng.die(len(others))
            groups.append((others[:n], rng.choice(["anti_ship", "bombardment"])))
        for units_, mission in groups:
            spec: dict[str, Any] = {"units": units_, "mission": mission}
            if place == allocation.LOADING_BASE[side]:
                cargo = {}
                for u in units_:
                    if board.unit_type(u) in ("TR", "APD"):
                        limit = board.strength(u)["cargo_capacity"]
                        g = min(pool, rng.die(limit + 1) - 1)
                        pool -= g
                        cargo[u] = {"ground": g, "supply": rng.die(limit - g + 1) - 1}
                spec["cargo"] = cargo
                dds = [u for u in units_ if board.unit_type(u) == "DD"]
                if side == "japanese" and dds and mission != "transport" and rng.die(4) == 1:
                    spec["emergency_dd"] = dds[0]
                    spec["emergency_cargo"] = rng.choice(["ground", "supply"]) if pool > 0 else "supply"
                    pool -= 1 if spec["emergency_cargo"] == "ground" else 0
            specs.append(spec)
    return {"task_forces": specs}


def random_placement(state: State, side: str, rng) -> dict[str, Any]:
    """5.14, 5.15: now and then a ship in port (often a transport) moves to the side's other base."""
    moves = {}
    for uid, base in placement.movable(state, side).items():
        others = [b for b in placement.open_to(state, side, uid) if b != base]
        if others and rng.die(6) == 1:
            moves[uid] = others[0]
    return {"placement": moves}


def random_intentions(state: State, side: str, rng) -> dict[str, Any]:
    """18: the answers the default plot needs, and now and then another "yes" (a later random plot may use it)."""
    answers = default_answers(state)
    held = not (state["truk_sortie"] or {}).get("released")
    for key, _, _, sortie in intentions.QUESTIONS:
        if key.startswith("truk") and held:
            continue
        if rng.die(3) == 1 and (sortie is None or answers[sortie]):
            answers[key] = True
    return {"answers": answers}


def random_course(state: State, tf: dict[str, Any], segments: list[int], rng) -> dict[str, str]:
    """Out to a hex (often Guadalcanal), a few segments there, then home at the force's pace."""
    start = tf["hex"]
    target = board.GUADALCANAL if rng.die(2) == 1 else rng.choice(board.sea_hexes())
    out_path = board.shortest_path(start, target) if start != target else []
    dwell = rng.die(3)
    home = min(plot.allowed_bases(state, tf), key=lambda b: (board.distance(target, b), b))
    back = board.shortest_path(target, home)
    wait = rng.die(3) - 1 if board.is_base(start) else 0
    plan = [start] * wait + out_path + [target] * dwell + back
    return paced_course(start, plan, segments, tf["last_move"], has_transports(tf))


def random_plot(state: State, side: str, rng) -> dict[str, Any]:
    phase = plot_phase(state)
    segments = plot.phase_segments(phase)
    args = default_plot(state, side)
    plots = args["plots"]
    for tf in side_tfs(state, side):
        if plot.automatic(tf) or tf["id"] in plots and tf.get("slot"):
            continue
        roll = rng.die(6)
        eligible_slot = (side == "japanese" and tf["base"] == "rabaul" and tf["hex"] == "rabaul"
                         and tf["mission"] in ("anti_ship", "bombardment")
                         and not any(board.unit_type(u) in plot.SLOT_FORBIDDEN for u in tf["units"]))
        if eligible_slot and roll <= 3:
            start = segments[0] + rng.die(2) - 1
            run = ["K", "L", "M", "L", "K", "rabaul"]
            hexes = {str(s): ("rabaul" if s < start else run[min(s - start, 5)]) for s in segments}
            plots[tf["id"]] = {"hexes": hexes, "slot": True}
        elif side == "allied" and tf["hex"] == "espiritu_santo" and tf["mission"] == "anti_ship" and roll == 1:
            plots[tf["id"]] = {"hexes": {}, "anti_slot": True}
        elif roll <= 4 or at_sea(tf):
            plots[tf["id"]] = {"hexes": random_course(state, tf, segments, rng)}
    if side == "japanese" and phase == 1:
        subs = [s for s in sorted(state["submarines"]) if state["submarines"][s]["status"] in ("available", "deployed", "used")]
        hexes = rng.shuffle(board.sea_hexes())
        args["submarines"] = {s: hexes[i] for i, s in enumerate(subs) if rng.die(2) == 1}
    return args


def random_air(state: State, side: str, rng) -> dict[str, Any]:
    seg = current(state)["segment"]
    missions = []
    supply = state["guadalcanal"]["supply"][side]
    marks = [(mid, m) for mid, m in sorted(state["markers"][side].items())
             if m["segment"] == seg and m["units"] and not m["submarine"]]
    sources = [(b, k) for b in air_orders.flying_bases(state, side) for k in ("lac", "nac")]
    sources += [(t, "nac") for t in sorted(air_orders.carrier_forces(state, side))]
    for src, kind in sources:
        free = air_orders.free_points(state, side, src, kind, offensive=True)
        total = air_orders.free_points(state, side, src, kind, offensive=False)
        roll = rng.die(4)
        if roll == 1 and free:
            targets = [mid for mid, m in marks if air_orders.in_range(state, side, src, kind, m["hex"])]
            if targets:
                pts = rng.die(free)
                if src == "henderson":
                    pts = min(pts, supply * 10)
                    supply -= air_orders.henderson_supply_needed(pts)
                if pts > 0:
                    missions.append({"source": src, "kind": kind, "points": pts, "mission": "attack",
                                     "target": rng.choice(targets)})
        elif roll == 2 and free and state["guadalcanal"]["henderson"]["side"] == board.ENEMY[side] \
                and air_orders.in_range(state, side, src, kind, board.GUADALCANAL):
            pts = rng.die(free)
            if src == "henderson":
                continue
            missions.append({"source": src, "kind": kind, "points": pts, "mission": "bombard", "target": "guadalcanal"})
        elif roll == 3 and total:
            if src in air_orders.carrier_forces(state, side):
                missions.append({"source": src, "kind": "nac", "points": rng.die(total), "mission": "cap_point",
                                 "target": src, "counters": rng.die(4)})
            elif src in ("henderson", "shortlands"):
                missions.append({"source": src, "kind": kind, "points": rng.die(total), "mission": "cap_area",
                                 "counters": rng.die(4)})
    return {"missions": missions}


def random_reset(state: State, side: str, rng) -> dict[str, Any]:
    out: dict[str, Any] = {"aborts": [], "mission_changes": {}, "transfers": []}
    for tf in side_tfs(state, side):
        if at_sea(tf) and not tf["aborted"] and rng.die(10) == 1:
            out["aborts"].append(tf["id"])
        elif side == "japanese" and tf["mission"] in ("transport", "bombardment") and rng.die(10) == 1:
            out["mission_changes"][tf["id"]] = "anti_ship"
    if state["day"] and rng.die(3) == 1:
        bases = [b for b in state["air"][side] if b != "henderson" or air_orders.holds_henderson(state, side)]
        src = rng.choice(sorted(bases))
        dst = rng.choice(sorted(bases))
        kind = rng.choice(["lac", "nac"])
        free = air_orders.free_points(state, side, src, kind, offensive=True)
        if src != dst and free:
            out["transfers"].append({"from": src, "to": dst, "kind": kind, "points": rng.die(free)})
    return out


def random_ground(state: State, side: str, rng) -> dict[str, Any]:
    most = ground_orders.effective(state)[side]
    if most and rng.die(4) > 1:
        return {"attack": True, "points": rng.die(most)}
    return {"attack": False}


# ---------------------------------------------------------------- the easy computer players

Bot = Callable[[dict[str, Any], dict[str, Any], Any], dict[str, Any]]


def make_bot(side: str) -> Bot:
    """The easy computer player of `side`: each decision's record names its bot (bots.py holds them)."""
    def bot(view: dict[str, Any], prompt: dict[str, Any], rng) -> dict[str, Any]:
        kind = bots._info(prompt).get("kind")
        if kind in STATES:
            return STATES[kind].bot(view, prompt, rng)
        return submit(bots._info(prompt).get("default", {}))
    bot.__name__ = f"solomons_{side}_bot"
    return bot


BOTS: dict[str, Bot] = {s: make_bot(s) for s in board.SIDES}
