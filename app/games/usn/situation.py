"""The special game rules of a mini-game, read from its data file (USN "Mini-Games").

Eastern Solomons Special Game Rules (and Santa Cruz, "Same as Eastern Solomons Game"): "at no time during or at the
end of a Japanese Naval Movement Phase may a Japanese naval unit enter within Allied LAC range from any Australian
Hex". Reading (docs/games/usn.md): the LAC's normal range, 3 hexes, from the Australian hexes the text numbers,
checked where Movement (N) judges a move: its start, the end of its first portion and its end (the paths between are
on the lost map). A ship already inside may leave."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import entry
from app.games.usn import board, coastal, grid


def _keep_off(state) -> list[dict[str, Any]]:
    return [r for r in board.situation(state["scenario"]).get("special", []) if r["id"] == "keep_off_australia"]


def forbidden(state, side: str, h: str) -> dict[str, Any] | None:
    """The special rule that keeps `side`'s ships out of hex h, if any."""
    for r in _keep_off(state):
        if r["side"] == side and any(grid.distance(h, x) <= r["distance"] for x in r["hexes"]):
            return r
    return None


def check_naval(state, role, action) -> None:
    for sid, order in action["args"].get("moves", {}).items():
        ship = state["ships"].get(sid)
        if ship is None:
            continue
        for key in ("stop", "to"):
            h = order.get(key)
            r = forbidden(state, role, h) if h else None
            if r and h != ship["hex"]:
                raise IllegalAction(f"{sid} may not enter hex {h}: Japanese naval units may not come within "
                                    f"{r['distance']} hexes (Allied LAC range) of Australia.", r["rule"])


def allowed_naval(state, role, action) -> dict[str, Any]:
    """The order without the moves the special rules forbid (for the random and default orders)."""
    moves = {sid: o for sid, o in action["args"].get("moves", {}).items()
             if not any(o.get(k) and o[k] != state["ships"][sid]["hex"] and forbidden(state, role, o[k])
                        for k in ("stop", "to"))}
    return {**action, "args": {**action["args"], "moves": moves}}


# --- Amphibious Assault (errata): "Units may never be landed in a hex occupied by an Enemy Coastal Defense Unit" ---

LANDING_RULE = "Amphibious Assault"


def coastal_defense(state, h: str, side: str) -> list[dict[str, Any]]:
    """`side`'s undestroyed Coastal Defense units ashore in hex h (Midway's 6-2 Coast Artillery)."""
    return coastal.at(state, h, side)


def _landing_hex(state, uid: str) -> str | None:
    ship = state["ships"].get(state["land"][uid].get("aboard") or "")
    return ship["hex"] if ship else None


def check_landing(state, role, action) -> None:
    for uid in action["args"].get("land", []):
        h = _landing_hex(state, uid) if uid in state["land"] else None
        if h and coastal_defense(state, h, board.other(role)):
            raise IllegalAction(f"Units may never be landed in a hex occupied by an enemy Coastal Defense unit: "
                                f"destroy the one at {h} first (bombing or bombardment).", LANDING_RULE)


def allowed_landing(state, role, action) -> dict[str, Any]:
    """The order without the landings the errata forbids (and without those units' attacks)."""
    a = action["args"]
    barred = {uid for uid in a.get("land", []) if (h := _landing_hex(state, uid))
              and coastal_defense(state, h, board.other(role))}
    if not barred:
        return action
    return {**action, "args": {**a, "land": [u for u in a["land"] if u not in barred],
                               "attack": [u for u in a.get("attack", []) if u not in barred]}}


# --- The Battle of Midway: Simulation Version (an optional rule addition of the Midway mini-game) ---
# "CV-1, CV-2, CV-5, CV-6, escorted by BB-1, must move full speed (12 hexes first Naval Movement Phase, and 6 hexes
# second Naval Movement Phase) to a position directly adjacent to Midway. The Japanese Player must then launch an
# air-strike on Midway (he may attack anything on Midway Island). The Japanese Player may leave a maximum of 4 naval
# air points on CAP, and a minimum of 20 naval air points must attack Midway. No Japanese naval units may move within
# 5 hexes of Midway until the Japanese Movement Phase after the attack."
# Readings (docs/games/usn.md): the five ships end each of the first two Japanese naval phases together in one hex;
# the first 12 hexes from where they start and 7 from Midway (the nearest a doubled move may end, Movement (N): more
# than six hexes from Midway's LBAC), the second 6 more to a hex adjacent to Midway; only hexes the movement rules
# allow count (none: the rule cannot be obeyed and binds nothing); a damaged or sunk ship is released. The strike is the first Japanese allocation after they arrive: the
# four carriers' NAC on CAP at most 4, their NAC against targets in Midway's hex at least 20 (all they have if less).
# The 5-hex ban binds every other Japanese ship in those two phases. Stages: 0 before the first phase, 1 before the
# second, 2 the strike due, 3 done.

SIM_RULE = "Midway: Simulation Version"
SIM_OPTION = "midway_simulation"


def _sim(state) -> dict[str, Any] | None:
    sim = state.get("simulation")
    return sim if sim and sim["stage"] < 3 else None


def start_simulation(state, options) -> None:
    if state["scenario"] == "midway" and options.get(SIM_OPTION):
        rule = next(r for r in board.situation("midway")["special"] if r["id"] == "simulation_version")
        state["simulation"] = {"stage": 0, "ships": list(rule["ships"]), "hex": rule["hex"],
                               "first": rule["first_phase_hexes"], "second": rule["second_phase_hexes"],
                               "cap": rule["cap_at_most"], "strike": rule["strike_at_least"],
                               "away": rule["keep_away_hexes"]}


def _bound(state) -> list[dict[str, Any]]:
    sim = _sim(state)
    return [state["ships"][i] for i in sim["ships"] if not state["ships"][i]["sunk"]
            and not state["ships"][i]["damage"]] if sim else []


def sim_hexes(state) -> list[str]:
    """Where the five ships must end this Japanese naval phase (stages 0 and 1), nearest Midway first."""
    sim = _sim(state)
    ships = _bound(state)
    if not sim or sim["stage"] > 1 or not ships:
        return []
    start = ships[0]["hex"]
    if sim["stage"] == 0:
        out = [h for h in grid.within(start, sim["first"]) if grid.distance(start, h) == sim["first"]
               and grid.distance(h, sim["hex"]) == sim["second"] + 1]
    else:
        out = [h for h in grid.neighbours(sim["hex"]) if grid.distance(start, h) <= sim["second"]]
    return sorted(h for h in out if not grid.in_inset(h) and not board.stack(state, h, "allied"))


def _binding(state, role) -> bool:
    sim = _sim(state)
    return bool(sim and role == "japanese" and sim["stage"] <= 1 and _bound(state) and sim_hexes(state))


def others(state, role, action) -> dict[str, Any]:
    """The order without the five ships' prescribed moves, for the movement rules proper (naval.py): the
    Simulation Version sets their speed itself ("must move full speed (12 hexes ...)", though BB-1's printed type
    moves 5, doubled 10)."""
    if not _binding(state, role):
        return action
    bound = {s["id"] for s in _bound(state)}
    return {**action, "args": {**action["args"], "moves": {sid: o for sid, o in action["args"].get("moves", {}).items()
                                                           if sid not in bound}}}


def simulation_move(state, role, action) -> None:
    """Carry out the five ships' prescribed move (checked by check_simulation_naval)."""
    if not _binding(state, role):
        return
    ships = _bound(state)
    o = action["args"]["moves"][ships[0]["id"]]
    to = o.get("to", o.get("stop"))
    for x in ships:
        x["hex"] = to
    state["log"].append(entry("japanese", f"{', '.join(x['id'] for x in ships)} move at full speed to {to} "
                                          f"({SIM_RULE}).", at="Step 2"))


def check_simulation_naval(state, role, action) -> None:
    sim = _sim(state)
    if not sim or role != "japanese" or sim["stage"] > 1:
        return
    moves = action["args"].get("moves", {})
    ends = set()
    for s in _bound(state):
        o = moves.get(s["id"], {})
        ends.add(o.get("to", o.get("stop", s["hex"])))
    allowed = sim_hexes(state)
    if _bound(state) and allowed and (len(ends) != 1 or not ends <= set(allowed)):
        what = f"{sim['first']} hexes toward Midway" if sim["stage"] == 0 else "to a hex adjacent to Midway"
        raise IllegalAction(f"CV-1, CV-2, CV-5 and CV-6 with BB-1 must move together at full speed {what} "
                            f"(one of {', '.join(allowed[:6])}{'...' if len(allowed) > 6 else ''}).", SIM_RULE)
    bound = set(sim["ships"])
    for sid, o in moves.items():
        if sid in bound:
            continue
        for k in ("stop", "to"):
            if o.get(k) and grid.distance(o[k], sim["hex"]) <= sim["away"]:
                raise IllegalAction(f"{sid} may not come within {sim['away']} hexes of Midway before the Japanese "
                                    "Movement Phase after the attack on it.", SIM_RULE)


def comply_naval(state, role, action) -> dict[str, Any]:
    """A random or missed order made to obey the Simulation Version: the five ships sent together to the first
    allowed hex, the other ships' moves near Midway dropped."""
    sim = _sim(state)
    if not sim or role != "japanese" or sim["stage"] > 1:
        return action
    moves = {sid: o for sid, o in action["args"].get("moves", {}).items() if sid not in sim["ships"]
             and not any(o.get(k) and grid.distance(o[k], sim["hex"]) <= sim["away"] for k in ("stop", "to"))}
    allowed = sim_hexes(state)
    if allowed:
        for s in _bound(state):
            moves[s["id"]] = {"to": allowed[0]}
    return {**action, "args": {**action["args"], "moves": moves}}


def after_naval(state, role) -> None:
    sim = _sim(state)
    if sim and role == "japanese" and sim["stage"] <= 1:
        sim["stage"] += 1


def _strike_due(state) -> list[dict[str, Any]]:
    """The four carriers bound to strike now (stage 2, beside Midway), with NAC aboard."""
    sim = _sim(state)
    if not sim or sim["stage"] != 2:
        return []
    return [s for s in _bound(state) if board.is_carrier(s) and s["nac"] and grid.distance(s["hex"], sim["hex"]) <= 1]


def check_simulation_allocation(state, role, action) -> None:
    carriers = _strike_due(state) if role == "japanese" else []
    if not carriers:
        return
    ids = {c["id"] for c in carriers}
    a = action["args"]
    on_cap = sum(c["points"] for c in a.get("cap", []) if c["from"] in ids and c["kind"] == "nac")
    at_midway = sum(m["points"] for key in ("missions", "base_strikes", "land_strikes") for m in a.get(key) or []
                    if m["from"] in ids and m["target"] == state["simulation"]["hex"])
    sim = state["simulation"]
    need = min(sim["strike"], sum(c["nac"] for c in carriers) - min(on_cap, sim["cap"]))
    if on_cap > sim["cap"]:
        raise IllegalAction(f"At most {sim['cap']} naval air points may stay on CAP ({on_cap} written).", SIM_RULE)
    if at_midway < need:
        raise IllegalAction(f"At least {need} naval air points of CV-1, CV-2, CV-5 and CV-6 must attack Midway "
                            f"({at_midway} written).", SIM_RULE)


def comply_allocation(state, role, action) -> dict[str, Any]:
    """A random or missed allocation made to obey: every NAC of the four carriers strikes Midway's air base (or, with
    no base left there, a unit on it)."""
    carriers = _strike_due(state) if role == "japanese" else []
    if not carriers:
        return action
    h = state["simulation"]["hex"]
    ids = {c["id"] for c in carriers}
    a = {k: [m for m in (v or []) if m.get("from") not in ids] for k, v in action["args"].items()}
    base = state["bases"].get(h)
    units = [u for u in board.land_at(state, h, "allied")]
    for c in carriers:
        if base and base["side"] == "allied":
            a.setdefault("base_strikes", []).append({"from": c["id"], "kind": "nac", "points": c["nac"],
                                                     "target": h, "base": "air base" if base["capacity"] else
                                                     "naval base"})
        elif units:
            a.setdefault("land_strikes", []).append({"from": c["id"], "kind": "nac", "points": c["nac"],
                                                     "target": h, "unit": units[0]["id"]})
    return {**action, "args": a}


def after_allocation(state, role) -> None:
    sim = _sim(state)
    if sim and role == "japanese" and sim["stage"] == 2 and _strike_due(state):
        sim["stage"] = 3


def simulation_info(state, role) -> dict[str, Any] | None:
    """What the Japanese prompt tells the player (and the computer) about the Simulation Version now."""
    sim = _sim(state)
    if not sim or role != "japanese":
        return None
    return {"stage": sim["stage"], "ships": [s["id"] for s in _bound(state)], "hexes": sim_hexes(state),
            "midway": sim["hex"], "away": sim["away"], "strike": [c["id"] for c in _strike_due(state)]}
