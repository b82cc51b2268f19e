"""The Movement Plot (8.1-8.9, 9.1-9.2, 6.37, 11.1, 13.1, 20); the intentions it must keep to are in intentions.py.

A side's plot submission: `{"plots": {tf_id: {"hexes": {"1": "K", "2": "L", ...}, "slot": false,
"anti_slot": false, "orders": {...}}}, "submarines": {"jp-SS-1": "F"}}`. A segment left out means "stay".
The plot of a task force that has aborted or completed its mission is written by the server (6.38, 8.4).
"""
from __future__ import annotations

import re
from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import entry
from app.engine.orders import Boolean, Choice, Free, Group, Integer, Keyed, Optional, Plot
from app.games.solomons import board, bots, disclosure
from app.games.solomons.decision import VERB, Kind, ask, fixed, later, plot_phase, randomly, store
from app.games.solomons.combat import surface
from app.games.solomons.units import (at_sea, automatic, course, has_carriers, has_transports, may_move, paced_course,  # noqa: F401
                                      phase_segments, side_tfs, tf_label)  # the course helpers, here for the modules that read plots

State = dict[str, Any]
SLOT_FORBIDDEN = ("CV", "CVL", "BB", "B", "TR")   # 11.1: battlecruisers may run the Slot
CARRIER_BASES = {"japanese": "truk", "allied": "australia"}  # 8.8, 17.51


SLOT_RUN = ("K", "L", "M", "L", "K", "rabaul")     # 6.37: a Slot run's course from Rabaul, one segment in each


def slot_course(segments: list[int], start: int) -> dict[str, str]:
    """6.37: wait at Rabaul, then K, L, M, L, K and home, one segment in each, leaving Rabaul in segment `start`."""
    return {str(s): ("rabaul" if s < start else SLOT_RUN[min(s - start, 5)]) for s in segments}


def allowed_bases(state: State, tf: dict[str, Any]) -> list[str]:
    if has_carriers(tf):
        return [CARRIER_BASES[tf["side"]]]
    return list(board.BASES[tf["side"]])


def rabaul_fits(state: State, units: list[str], already: list[str]) -> bool:
    """5.16 / 17.52 / 25.3: the units in port at Rabaul, plus `already` and `units` arriving, within its limits."""
    there = [u["id"] for u in state["units"].values()
             if u["side"] == "japanese" and u["location"] == "rabaul" and u["status"] == "intact"
             and u["task_force"] is None and u["type"] != "SS"]
    return board.rabaul_limit_ok(there + already + units)


def max_moves(tf: dict[str, Any], segments: list[int]) -> int:
    """Moves a force can still make in `segments` (9.1: a transport force moves one hex every two segments)."""
    moves, last = 0, tf["last_move"]
    for seg in segments:
        if may_move(has_transports(tf), last, seg):
            moves += 1
            last = seg
    return moves


def retire_course(state: State, tf: dict[str, Any], segments: list[int], start: str | None = None,
                  already_rabaul: list[str] | None = None) -> dict[str, str]:
    """The shortest route to the nearest friendly naval base it may enter (6.38, 8.4), at its pace (9.1)."""
    here = start or tf["hex"]
    if board.is_base(here):
        return {str(s): here for s in segments}
    near = nearest_bases(state, tf, here, already_rabaul)
    # 6.38: when two bases are equally near, the one its player named (the reset's `homes`), else the first by name
    target = tf.get("home") if tf.get("home") in near else near[0]
    return paced_course(here, board.shortest_path(here, target), segments, tf["last_move"], has_transports(tf))


def nearest_bases(state: State, tf: dict[str, Any], start: str | None = None,
                  already_rabaul: list[str] | None = None) -> list[str]:
    """6.38: the friendly naval bases the force may enter at the shortest distance from `start`, by name: two when
    they are equally near (American forces in H, I, N, O; Japanese in K, L, M), and its player chooses."""
    here = start or tf["hex"]
    bases = allowed_bases(state, tf)
    if "rabaul" in bases and not rabaul_fits(state, tf["units"], already_rabaul or []):
        bases = [b for b in bases if b != "rabaul"]
    nearest = min(board.distance(here, b) for b in bases)
    return sorted(b for b in bases if board.distance(here, b) == nearest)


def slot_pattern_ok(places: list[str], complete: bool) -> bool:
    """6.37: Rabaul, then K, L, M and back L, K to Rabaul, one segment in each hex."""
    word = "".join({"rabaul": "R"}.get(p, p if p in board.SLOT else "x") for p in places)
    if re.fullmatch(r"R*KLMLKR*", word):
        return True
    if complete:
        return bool(re.fullmatch(r"R*", word))
    return bool(re.fullmatch(r"R*(K(L(M(L(K)?)?)?)?)?", word))


def check_tf(state: State, side: str, tf: dict[str, Any], entry: dict[str, Any], phase: int) -> None:
    label = f"TF {tf['number']}"
    segments = phase_segments(phase)
    hexes = entry.get("hexes") or {}
    if not isinstance(hexes, dict) or any(k not in {str(s) for s in segments} for k in hexes):
        raise IllegalAction(f"{label}: plot only segments {segments[0]}-{segments[-1]} in this Plot Phase.", "8.1")
    if any(not isinstance(p, str) or p not in board.adjacency() for p in hexes.values()):
        raise IllegalAction(f"{label}: plot lettered hexes A-S or your bases.", "8.3")
    check_slot(state, side, tf, entry, phase)
    surface.check_orders(side, tf, entry.get("orders"), label)
    graph = board.adjacency()
    here, last = tf["hex"], tf["last_move"]
    been_at_sea = not board.is_base(here) or any(not board.is_base(p) for p in tf.get("path", []))
    transports = has_transports(tf)
    for seg in segments:
        nxt = hexes.get(str(seg), here)
        if not isinstance(nxt, str) or nxt not in graph:
            raise IllegalAction(f"{label}: segment {seg}: {nxt!r} is not a hex or base on the map.", "8.3")
        if nxt != here:
            if nxt not in graph[here]:
                raise IllegalAction(f"{label}: segment {seg}: {nxt} is not next to {here}; a task force moves one "
                                    "hex per segment, and leaves or enters a base by its entry hexes.", "8.2")
            if board.is_base(nxt) and board.side_of_base(nxt) != side:
                raise IllegalAction(f"{label}: {board.BASE_LABEL[nxt]} is not a friendly base.", "8.9")
            if board.is_base(nxt) and nxt not in allowed_bases(state, tf):
                raise IllegalAction(f"{label}: carriers must return to {board.BASE_LABEL[CARRIER_BASES[side]]}.",
                                    "8.8")
            if not may_move(transports, last, seg):
                raise IllegalAction(f"{label}: a task force with transports moves one hex every two segments.", "9.1")
            if board.is_base(here):
                if been_at_sea:
                    raise IllegalAction(f"{label}: back in port, it may not sail again this Game-Turn.", "6.3")
                if here == "truk" and not (state["truk_sortie"] or {}).get("released"):
                    raise IllegalAction(f"{label}: the Truk Sortie roll keeps every naval unit at Truk this "
                                        "Game-Turn.", "20.3" if state["turn"] == 1 else "8.6")
            else:
                been_at_sea = True
            last = seg
        here = nxt
    if phase == 2 and not board.is_base(here):
        rest = [tf_seg for tf_seg in segments]
        reach = min(board.distance(tf["hex"], b) for b in allowed_bases(state, tf))
        if reach <= max_moves(tf, rest):
            raise IllegalAction(f"{label}: every unit must end the Game-Turn in a friendly naval base.", "8.9")


def check_slot(state: State, side: str, tf: dict[str, Any], entry: dict[str, Any], phase: int) -> None:
    label = f"TF {tf['number']}"
    if entry.get("anti_slot"):
        if side != "allied" or tf["hex"] != "espiritu_santo" or tf["mission"] != "anti_ship" or has_carriers(tf):
            raise IllegalAction(f"{label}: Anti-Slot is for an Espiritu Santo Anti-Ship task force without "
                                "carriers.", "6.37")
    slot = entry.get("slot") or tf.get("slot")
    sails = any(not board.is_base(p) for p in course(tf, entry, phase_segments(phase)))
    if tf.get("emergency_dd") and sails and not slot:
        raise IllegalAction(f"{label}: the emergency transport destroyer must make a Slot Run.", "6.35")
    if not slot:
        return
    if side != "japanese" or tf["base"] != "rabaul":
        raise IllegalAction(f"{label}: only naval units based at Rabaul may run the Slot.", "6.37")
    bad = [u for u in tf["units"] if board.unit_type(u) in SLOT_FORBIDDEN]
    if bad:
        raise IllegalAction(f"{label}: carriers, battleships and transports may not make a Slot Run.", "11.1")
    places = [p for p in tf.get("path", [])] + course(tf, entry, phase_segments(phase))
    if not slot_pattern_ok(places, complete=phase == 2):
        raise IllegalAction(f"{label}: a Slot Run goes straight from Rabaul through K and L to M, one segment in "
                            "each hex, and returns the same way to Rabaul by the end of the Game-Turn.", "6.37")


def check(state: State, side: str, args: dict[str, Any], phase: int) -> None:
    plots = args.get("plots", {})
    if not isinstance(plots, dict):
        raise IllegalAction("Plots map each of your task forces to its course.", "8.1")
    own = {tf["id"]: tf for tf in side_tfs(state, side)}
    for tf_id, entry in plots.items():
        if tf_id not in own:
            raise IllegalAction(f"You have no task force {tf_id!r}.", "8.1")
        if not isinstance(entry, dict):
            raise IllegalAction("Each plot is an object with its hexes.", "8.1")
    arriving: list[str] = []
    for tf in own.values():
        if automatic(tf):
            continue
        entry = plots.get(tf["id"], {})
        check_tf(state, side, tf, entry, phase)
        if side == "japanese" and tf["hex"] != "rabaul" and course(tf, entry, phase_segments(phase))[-1] == "rabaul":
            arriving += tf["units"]  # forces already in port there stay; only arrivals must fit
    if arriving and not rabaul_fits(state, arriving, []):
        raise IllegalAction("Rabaul may hold no more than ten naval units or 100 Bombardment Points (transports "
                            "not counted).", "5.16")
    check_submarines(state, side, args.get("submarines"), phase)


def check_submarines(state: State, side: str, subs: Any, phase: int) -> None:
    if not subs:
        return
    if side != "japanese" or phase != 1 or not isinstance(subs, dict):
        raise IllegalAction("Only Japan deploys submarines, and only in Plot Phase 1.", "13.1")
    hexes = list(subs.values())
    if not all(isinstance(h, str) for h in hexes):
        raise IllegalAction("A submarine is deployed in a lettered hex.", "13.1")
    if len(set(hexes)) != len(hexes):
        raise IllegalAction("No more than one submarine per hex.", "13.1")
    for sub_id, where in subs.items():
        sub = state["submarines"].get(sub_id)
        if sub is None or sub["status"] not in ("available", "deployed", "used"):
            raise IllegalAction(f"{sub_id} is not available to deploy.", "13.4")
        if where not in board.sea_hexes():
            raise IllegalAction(f"A submarine is deployed in a map hex, not {where!r}.", "13.1")


def resolve(state: State, side: str, args: dict[str, Any], phase: int) -> None:
    plots = args.get("plots", {})
    segments = phase_segments(phase)
    heading_rabaul: list[str] = []
    for tf in side_tfs(state, side):
        if automatic(tf):
            tf["anti_slot"] = False
            tf["plot"].update(retire_course(state, tf, segments, already_rabaul=heading_rabaul))
            continue
        entry = plots.get(tf["id"], {})
        tf["slot"] = bool(entry.get("slot") or tf.get("slot"))
        tf["anti_slot"] = bool(entry.get("anti_slot"))
        if isinstance(entry.get("orders"), dict):
            tf["orders"] = entry["orders"]  # standing orders for surface combat (combat/surface.py)
        places = course(tf, entry, segments)
        tf["plot"].update({str(s): p for s, p in zip(segments, places)})
        if places[-1] == "rabaul":
            heading_rabaul += tf["units"]
    if side == "japanese" and phase == 1:
        deploy_submarines(state, args.get("submarines") or {})


def deploy_submarines(state: State, subs: dict[str, str]) -> None:
    """13.1: hexes noted in the plot; a submarine left out is withdrawn (its consecutive count restarts, 13.4)."""
    for sub in state["submarines"].values():
        if sub["status"] in ("available", "deployed", "used"):
            if sub["id"] in subs:
                sub["status"], sub["hex"] = "deployed", subs[sub["id"]]
            else:
                sub["status"], sub["hex"], sub["deployed_turns"] = "available", None, 0


def anti_slot_courses(state: State, phase: int) -> None:
    """11.1: the Anti-Slot force follows O - N - M and is in M with the first Japanese Slot force to get there."""
    segments = phase_segments(phase)
    arrival = None
    for tf in side_tfs(state, "japanese"):
        if tf["slot"]:
            for seg in segments:
                if tf["plot"].get(str(seg)) == board.GUADALCANAL:
                    arrival = seg if arrival is None else min(arrival, seg)
                    break
    for tf in side_tfs(state, "allied"):
        if not tf["anti_slot"]:
            continue
        if arrival is None:
            tf["plot"].update({str(s): tf["hex"] for s in segments})
            continue
        approach = {arrival - 2: board.ANTI_SLOT[0], arrival - 1: board.ANTI_SLOT[1], arrival: board.ANTI_SLOT[2]}
        here = tf["hex"]
        back = list(reversed(board.ANTI_SLOT[:2])) + ["espiritu_santo"]
        for seg in segments:
            if seg in approach:
                here = approach[seg]
            elif seg > arrival and back:
                here = back.pop(0)
            tf["plot"][str(seg)] = here


# ---------------------------------------------------------------- the decision (states table)

def _plot_args(forces: tuple[str, ...] | None, segments: list[int], submarines: Any,
               names: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Per task force: the hex (or base) of each segment (8.1; a segment left out means stay), a Slot run (6.37) or
    the Anti-Slot course (11.1), and its standing orders for a surface action (combat/surface.py checks them, 15.3x).
    Japan's submarines, in Plot Phase 1 only: the hex of each (13.1)."""
    places = board.places()
    entry = Group({"hexes": Plot(tuple(str(s) for s in segments), Choice(places, board.base_labels(places)),
                                 label="Hexes"),
                   "slot": Boolean(label="Slot run"), "anti_slot": Boolean(label="Anti-Slot"),
                   "slot_start": Integer(min(segments), max(segments), label="Slot run (6.37): the segment to leave "
                                                                             "Rabaul in"),
                   "orders": Free("surface action orders (15.32-15.35)")},
                  optional=("hexes", "slot", "anti_slot", "slot_start", "orders"))
    out: dict[str, Any] = {"plots": Optional(Keyed(entry, forces, label="Plots", names=names))}
    if submarines is not None:
        out["submarines"] = Optional(submarines)
    return out


# The whole domain: any task force (they are named as they form), every segment, every place; submarines are the
# rules' to judge (13.1: Japan's, in Plot Phase 1, one to a lettered hex; 13.4: available).
ARGS = _plot_args(None, list(range(1, 15)), Free("Japan's submarines: {submarine: hex} (13.1)"))


def plot_args(state: State, side: str) -> dict[str, Any]:
    phase = plot_phase(state)
    subs = None
    if side == "japanese" and phase == 1:
        ready = tuple(sorted(k for k, v in state["submarines"].items()
                             if v["status"] in ("available", "deployed", "used")))
        subs = Keyed(Choice(tuple(board.sea_hexes()), label="Hex"), ready, label="Submarines",
                     names=tuple(board.unit_name(k) for k in ready))
    forces = side_tfs(state, side)
    return _plot_args(tuple(tf["id"] for tf in forces), phase_segments(phase), subs,
                      tuple(tf_label(tf) for tf in forces))


def plot_choices(state: State, side: str) -> dict[str, Any]:
    phase = plot_phase(state)
    out = {"segments": phase_segments(phase),
           "task_forces": {tf["id"]: {"hex": tf["hex"], "mission": tf["mission"], "server_plotted": automatic(tf)}
                           for tf in side_tfs(state, side)},
           "truk_released": bool((state["truk_sortie"] or {}).get("released"))}
    if side == "japanese" and phase == 1:
        out["submarines"] = sorted(k for k, v in state["submarines"].items()
                                   if v["status"] in ("available", "deployed", "used"))
    return out


def tidy_plot(state: State, side: str, args: dict[str, Any]) -> dict[str, Any]:
    """The Plotting Chart as the rules read it: a Slot run given by the segment it leaves Rabaul in is its course
    (6.37); an Anti-Slot force's course is the server's to write (11.1); a ticked box is a yes, an unticked one says
    nothing; the surface orders' keep-out ranks are the ships in order (15.32); no submarine placed is none."""
    out = dict(args)
    if isinstance(args.get("plots", {}), dict):
        out["plots"] = {tf: _tidy_entry(e) for tf, e in args.get("plots", {}).items()}
    if out.get("submarines") == {}:
        del out["submarines"]
    return out


def _tidy_entry(entry: Any) -> Any:
    if not isinstance(entry, dict):
        return entry
    e = {k: v for k, v in entry.items() if not (k in ("slot", "anti_slot") and v is False)}
    hexes = e.get("hexes") if isinstance(e.get("hexes"), dict) else {}
    if e.get("anti_slot"):
        e.pop("slot_start", None)
        e["hexes"] = {}
    elif isinstance(e.get("slot_start"), int) and all(str(s).isdigit() for s in hexes):
        e["hexes"] = slot_course(sorted(int(s) for s in hexes), e.pop("slot_start"))
        e["slot"] = True
    if isinstance(e.get("orders"), dict):
        e["orders"] = ranked_orders(e["orders"])
    return e


def ranked_orders(orders: dict[str, Any]) -> dict[str, Any]:
    """A force's surface orders with the ships to keep out first (15.32) and to shield first (15.33) as the lists the
    rules read, from their ranks on the board ({ship: rank}), first removed first; the keep-out order always given,
    so that it replaces an earlier plot's.
    An unticked "become Anti-Ship in M" is the rules' default (15.3) and left out."""
    out = {k: v for k, v in orders.items() if not (k == "anti_ship_in_m" and v is False)}
    ranks = out.get("set_aside", {})  # 15.32's keep-out order: always given
    if isinstance(ranks, dict) and all(isinstance(r, int) for r in ranks.values()):
        out["set_aside"] = sorted(ranks, key=lambda u: (ranks[u], u))
    ranks = out.get("shield_first")  # 15.33's shielding order: given when ranked
    if isinstance(ranks, dict) and all(isinstance(r, int) for r in ranks.values()):
        out["shield_first"] = sorted(ranks, key=lambda u: (ranks[u], u))
        if not out["shield_first"]:
            del out["shield_first"]
    return out


def default_plot(state: State, side: str) -> dict[str, Any]:
    """Forces in port stay; forces at sea come home by the shortest route (a Slot run goes on the same way)."""
    phase = plot_phase(state)
    segments = phase_segments(phase)
    plots, heading_rabaul = {}, []
    for tf in side_tfs(state, side):
        if automatic(tf) or not at_sea(tf):
            continue
        if tf.get("slot"):
            plots[tf["id"]] = {"hexes": slot_continuation(tf, segments), "slot": True}
            continue
        course = retire_course(state, tf, segments, already_rabaul=heading_rabaul)
        if course[str(segments[-1])] == "rabaul":
            heading_rabaul += tf["units"]
        plots[tf["id"]] = {"hexes": course}
    return {"plots": plots}


def slot_continuation(tf: dict[str, Any], segments: list[int]) -> dict[str, str]:
    """6.37: a Slot force at sea goes on K - L - M - L - K - Rabaul from where it is, one hex a segment."""
    run = ["K", "L", "M", "L", "K", "rabaul"]
    sea = [p for p in tf.get("path", []) if not board.is_base(p)]
    rest = run[len(sea):] if sea else run
    out, here = {}, tf["hex"]
    for seg in segments:
        if rest:
            here = rest.pop(0)
        out[str(seg)] = here
    return out


def check_plot(state: State, side: str, args: dict[str, Any]) -> None:
    check(state, side, args, plot_phase(state))
    if side == "japanese":
        disclosure.check_plot(state, args.get("plots", {}), plot_phase(state))  # 8.6


def conclude(state: State, orders: dict[str, Any], sides: list[str], rng) -> None:
    """Both plots are written (8.1); the server writes the Anti-Slot course against the Slot run (11.1)."""
    phase = plot_phase(state)
    for s in board.SIDES:
        resolve(state, s, orders.get(s) or {"plots": {}}, phase)
    anti_slot_courses(state, phase)
    state["log"].append(entry("public", f"Both Movement Plots for Plot Execution Phase {phase} are written."))


DECISION = Kind(
    id="movement_plot", rule="8.1", verbs={VERB: ARGS}, deciders=lambda state: list(board.SIDES), prompt=ask,
    resolve=store, default=fixed(later("players", "default_plot_args")),
    random=randomly(later("players", "random_plot")), check=check_plot, bot=bots.plot_bot, form="plot",
    offered=plot_args, choices=plot_choices, conclude=conclude, tidy=tidy_plot)
