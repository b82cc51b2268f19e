"""Computer players for either side. A bot decides from `view(state, side)` and its prompt only - it is never
given the state - using the public game data (the map, the counters) through board.py.

The plan is the historical one, kept simple: the Americans run supplies and troops from Espiritu Santo to
Guadalcanal, cover them with an Anti-Slot force, and strike what their air can reach; the Japanese run the Tokyo
Express down the Slot by night from Rabaul, ship troops from Rabaul, and strike with Rabaul's bombers. Carriers
stay in port (the bot does not gamble them). Whatever the bot cannot build for sure falls back on the prompt's
default orders, which are always legal.
"""
from __future__ import annotations

from typing import Any, Callable

from app.games.solomons import board

View = dict[str, Any]
LOADING = {"allied": "espiritu_santo", "japanese": "rabaul"}
SLOT_FORBIDDEN = ("CV", "CVL", "BB", "B", "TR")
RUN = ["K", "L", "M", "L", "K", "rabaul"]


def submit(args: dict[str, Any]) -> dict[str, Any]:
    return {"verb": "submit", "args": args}


def segments_of(view: View) -> list[int]:
    return list(range(1, 8)) if view["phase"] in ("plot1", "exec1") else list(range(8, 15))


def ready_in_port(view: View, base: str) -> list[str]:
    return sorted(u["id"] for u in view["units"].values()
                  if u["location"] == base and u["status"] == "intact" and not u["sortied"] and u["type"] != "SS"
                  and (u["task_force"] is None or view["task_forces"].get(u["task_force"], {}).get("hex") == base))


def placement(view: View, side: str) -> dict[str, Any]:
    """5.14: the Americans bring their transports to the loading base (9.4) before forming task forces."""
    moves = {}
    if side == "allied":
        for other in board.BASES[side]:
            if other != LOADING[side]:
                moves.update({u: LOADING[side] for u in ready_in_port(view, other)
                              if board.unit_type(u) in ("TR", "APD")})
    return {"placement": moves}


def intentions(default: dict[str, Any]) -> dict[str, Any]:
    """18: Japan's answers cover what its plot may do: the forces at sea (the default), a Slot run (with or without
    capital ships: battlecruisers may run it) and transports from Rabaul."""
    answers = dict(default.get("answers") or {})
    answers.update(slot=True, slot_capital=True, rabaul_sortie=True, rabaul_transports=True)
    return {"answers": answers}


def allocation(view: View, side: str, default: dict[str, Any]) -> dict[str, Any]:
    base = LOADING[side]
    at_sea = {u for spec in default["task_forces"] for u in spec["units"]}
    ready = [u for u in ready_in_port(view, base) if u not in at_sea]
    specs = list(default["task_forces"])
    carriers_of_cargo = [u for u in ready if board.unit_type(u) in ("TR", "APD")]
    warships = [u for u in ready if board.unit_type(u) not in ("TR", "APD", "CV", "CVL")]
    pool = view["ground_in_port"].get(base, 0)
    if carriers_of_cargo:
        cargo = {}
        for u in carriers_of_cargo:
            room = board.strength(u)["cargo_capacity"]
            ground = min(pool, room)
            pool -= ground
            cargo[u] = {"ground": ground, "supply": room - ground}
        specs.append({"units": carriers_of_cargo, "mission": "transport", "cargo": cargo})
    if side == "japanese":
        express = [u for u in warships if board.unit_type(u) not in SLOT_FORBIDDEN][:6]
        if express and any(board.strength(u)["bombardment"] > 0 for u in express):
            specs.append({"units": express, "mission": "bombardment"})
    elif warships and any(board.strength(u)["attack"] > 0 for u in warships):
        specs.append({"units": warships[:6], "mission": "anti_ship"})
    return {"task_forces": specs}


def paced_course(here: str, plan: list[str], segments: list[int], last: int | None, transports: bool) -> dict[str, str]:
    """Follow `plan` (the places after `here`), one hex a segment, or one every two segments with transports."""
    out, plan = {}, list(plan)
    for seg in segments:
        if plan and (not transports or last != seg - 1):
            nxt = plan.pop(0)
            if nxt != here:
                last = seg
            here = nxt
        out[str(seg)] = here
    return out


def loaded(view: View, tf: dict[str, Any]) -> bool:
    return any(sum(view["units"][u]["cargo"].values()) for u in tf["units"] if board.unit_type(u) == "TR")


def plot(view: View, side: str, default: dict[str, Any]) -> dict[str, Any]:
    plots = dict(default.get("plots", {}))
    segments = segments_of(view)
    for tf in sorted(view["task_forces"].values(), key=lambda t: t["number"]):
        if tf["hex"] == board.GUADALCANAL and tf["mission"] == "transport" and loaded(view, tf) \
                and not tf["mission_done"] and segments[0] == 1:
            # 9.4: stay in M two segments to land the cargo; the server then brings the force home (8.4)
            plots[tf["id"]] = {"hexes": {str(s): board.GUADALCANAL for s in segments}}
    for tf in sorted(view["task_forces"].values(), key=lambda t: t["number"]):
        if tf["id"] in plots or tf["aborted"] or tf["mission_done"] or not board.is_base(tf["hex"]):
            continue
        kinds = [board.unit_type(u) for u in tf["units"]]
        if any(k in ("CV", "CVL") for k in kinds) or tf["hex"] != LOADING[side]:
            continue  # carriers and forces elsewhere stay in port
        if "TR" in kinds and segments[0] == 1:
            out = board.shortest_path(tf["hex"], board.GUADALCANAL)
            back = board.shortest_path(board.GUADALCANAL, tf["hex"])
            plots[tf["id"]] = {"hexes": paced_course(tf["hex"], out + [board.GUADALCANAL] + back, segments, None,
                                                     True)}
        elif side == "japanese" and tf["mission"] == "bombardment" and not any(k in SLOT_FORBIDDEN for k in kinds):
            plots[tf["id"]] = {"hexes": {str(s): (["rabaul"] + RUN)[min(i, 6)] for i, s in enumerate(segments)},
                               "slot": True}
        elif side == "allied" and tf["mission"] == "anti_ship":
            plots[tf["id"]] = {"hexes": {}, "anti_slot": True}
    return {"plots": plots}


def air_source_place(view: View, source: str) -> str:
    return {"henderson": board.GUADALCANAL, "shortlands": board.SHORTLANDS_HEX}.get(
        source, view["task_forces"].get(source, {}).get("hex", source))


def reaches(side: str, source: str, kind: str, place: str, target_hex: str) -> bool:
    dist = board.distance(place, target_hex)
    radius = board.AIR["radius"][f"{side}_{kind}"]  # 10.1, 14.64
    return dist <= radius or (source == "rabaul" and kind == "lac" and target_hex == board.GUADALCANAL
                              and dist <= board.AIR["rabaul_lac_extended_to_guadalcanal"])


def air(view: View, side: str, segment: int) -> dict[str, Any]:
    marks = sorted(((m["capital"], m["units"], mid, m) for mid, m in view["enemy"]["markers"].items()
                    if m["segment"] == segment and m["units"] and not m["submarine"]), reverse=True)
    if not marks:
        return {"missions": []}
    missions = []
    henderson_ok = view["guadalcanal"]["henderson"] == {"complete": True, "side": side}
    for source in ("rabaul", "shortlands", "henderson"):
        base = view["air"].get(source)
        if not base or (source == "henderson" and not henderson_ok) or base.get("attacked"):
            continue
        free = base["lac"] - base["spent"] - base["transferred"]
        if source == "henderson":
            free = min(free, board.AIR["henderson_supply_per_air_points"] * view["guadalcanal"]["supply"][side])
        if free <= 0:
            continue
        place = air_source_place(view, source)
        target = next((mid for _, _, mid, m in marks if reaches(side, source, "lac", place, m["hex"])), None)
        if target:
            missions.append({"source": source, "kind": "lac", "points": free, "mission": "attack", "target": target})
    return {"missions": missions}


def ground(view: View, info: dict[str, Any]) -> dict[str, Any]:
    most = info.get("effective", 0)
    return {"attack": True, "points": most} if most else {"attack": False}


def make_bot(side: str) -> Callable[[View, dict[str, Any], Any], dict[str, Any]]:
    def bot(view: View, prompt: dict[str, Any], rng) -> dict[str, Any]:
        info = prompt.get("info", {})
        default = info.get("default", {})
        kind = info.get("kind")
        if kind == "placement":
            return submit(placement(view, side))
        if kind == "intelligence":
            return submit(intentions(default))
        if kind == "allocation":
            return submit(allocation(view, side, default))
        if kind == "movement_plot" and view.get("pending") is None:
            return submit(plot(view, side, default))
        if kind == "air":
            return submit(air(view, side, info.get("segment")))
        if kind == "ground":
            return submit(ground(view, info))
        return submit(default)
    bot.__name__ = f"solomons_{side}_bot"
    return bot


BOTS: dict[str, Callable[[View, dict[str, Any], Any], dict[str, Any]]] = {s: make_bot(s) for s in board.SIDES}
