"""The campaign games' set-up (How to Set-up and Play the Games; Situations & Orders of Battle): a state of board.py's
shape built from data/campaign*.toml, with the defaults an owner would change while deploying (an area's
representative hex, "any friendly" places, air points on carriers and bases within capacity).

Beyond board.py's shape a campaign state holds `first_turn` (Game 2 starts on Game-Turn 21), `options` (e.g.
burma), `control` (who holds each victory objective, How the Game is Won) and the Step 1 books (`air_waiting`,
`withdraw_due`, `replacements`). The off-map U.S. West Coast is the place "west-coast": a naval and air base.
"""
from __future__ import annotations

from typing import Any

from app.engine.log import PUBLIC, entry
from app.games.usn import (
    arrivals,
    board,
    campaign_setup,
    campaign_victory,
    campaigndata,
    garrisons,
)

State = dict[str, Any]
SCENARIOS = tuple(campaigndata.GAMES)


def new_state(scenario: str = "campaign_3", options: dict[str, Any] | None = None, rng=None) -> State:
    """A campaign game at the start of its first Game-Turn, before Step 1. Options: "burma" (Burma Campaign),
    "allied_variable_deployment" (Games 1 and 3: one die from `rng`)."""
    options = dict(options or {})
    g = campaigndata.game(scenario)["game"]
    oob = campaigndata.deployment(scenario)
    state: State = {"game": "usn", "scenario": scenario, "turn": g["first_turn"], "first_turn": g["first_turn"],
                    "turns": g["last_turn"], "options": options,
                    "step": {"part": "turn", "index": 0, "kind": "reinforce", "side": None},
                    "ships": {}, "land": {}, "bases": {}, "aloft": [], "allocations": {},
                    "examined": {s: {} for s in board.SIDES}, "vp": {s: 0.0 for s in board.SIDES}, "holder": {},
                    "outcome": None, "log": []}
    burma = bool(options.get("burma"))
    _bases(state, oob, burma)
    for side in board.SIDES:
        _ships(state, oob[side], side)
        for rec in oob[side].get("land", []) + (oob[side].get("optional_land", []) if burma else []):
            for _ in range(rec["count"]):
                u = arrivals.enter_land(state, side, rec["unit"], rec["hex"], "Set-up")
                u["entrenched"] = bool(rec.get("entrenched"))
                campaign_setup.note(state, u["id"], rec)  # an area or "anywhere": the set-up choice
        for rec in oob[side].get("coastal", []):
            for _ in range(rec["count"]):
                arrivals.enter_land(state, side, rec["unit"], rec["hex"], "Set-up")
        each = oob[side].get("coastal_each")
        if each:
            held = {u["hex"] for u in state["land"].values() if u["side"] == side and u["kind"] == "coastal_defense"}
            naval = [h for h, b in state["bases"].items() if b["side"] == side and b["naval"] and h[0].isdigit()]
            for h in sorted(set(naval) - held) + [h for h in each["also"] if h not in held and h not in naval]:
                arrivals.enter_land(state, side, each["unit"], h, "Set-up")
        _air(state, oob[side], side, burma)
    state["log"] = [entry(PUBLIC, f"{g['name']}: Game-Turns {g['first_turn']} to {g['last_turn']}. The Japanese "
                                  "Player deploys and moves first (How To Use the Situation & Order of Battle).")]
    state["control"] = campaign_victory.start_control(scenario)
    garrisons.start(state)  # Garrisons (optional rule): the fixed garrisons named
    if options.get("allied_variable_deployment") and "variable_deployment" in oob:
        variable_deployment(state, oob["variable_deployment"], rng)
    return state


def variable_deployment(state: State, rule: dict[str, Any], rng) -> None:
    """Allied Variable Deployment (Optional Rules): one die; 1-2 CV-2, CA-3, DD-10 in Pearl Harbor; 3-4 CV-6, CA-2;
    5 all of them; 6 the historical deployment. The units are the chart's Game-Turn 2 arrivals: placed now, with
    their carriers' share of its NAC, they do not enter again then (reinforce.arrive). The Allied side reads the
    result; the other side sees only what the board shows (the stack's count at Pearl Harbor)."""
    roll = rng.d6()
    key = {1: "roll_1_2", 2: "roll_1_2", 3: "roll_3_4", 4: "roll_3_4", 5: "roll_5", 6: "roll_6"}[roll]
    early = {"turn": 2, "ships": [], "nac": 0}
    for u in rule[key]:
        sid = f"A-{u}"
        ship = arrivals.new_ship(sid, "allied", rule["hex"])
        ship["nac"] = ship["capacity"]
        early["nac"] += ship["nac"]
        early["ships"].append(sid)
        state["ships"][sid] = ship
    state["entered_early"] = early
    state["log"].append(entry(PUBLIC, "Allied Variable Deployment: the Allied Player rolls for Pearl Harbor."))
    placed = ", ".join(u for u in rule[key]) or "none: the historical deployment"
    state["log"].append(entry("allied", f"Allied Variable Deployment, die {roll}: {placed} in Pearl Harbor (1456)."))


def _bases(state: State, oob: dict[str, Any], burma: bool) -> None:
    for b in oob.get("base", []):
        if b.get("option") and not burma:
            continue
        state["bases"][b["hex"]] = {"hex": b["hex"], "side": b["side"], "naval": b["naval"],
                                    "capacity": b["air_capacity"], "air": {k: 0 for k in board.KINDS}}


def _ships(state: State, forces: dict[str, Any], side: str) -> None:
    for stack in forces.get("naval", []):
        for u in stack["units"]:
            sid = f"{arrivals.PREFIX[side]}-{u}"
            ship = arrivals.new_ship(sid, side, stack["hex"])
            ship["damage"] = stack.get("damage", {}).get(u, 0)
            state["ships"][sid] = ship
            campaign_setup.note(state, sid, stack)  # an area or "anywhere": the set-up choice
        if stack.get("cargo_lac"):
            state["ships"][f"{arrivals.PREFIX[side]}-{stack['units'][0]}"]["air_cargo"] = {"lac": stack["cargo_lac"]}
        for h in [stack["hex"]]:
            if h not in state["bases"] and h[0].isdigit():
                # ships start in naval bases (How to Set-up): a printed hex without one gets a bare naval base
                state["bases"][h] = {"hex": h, "side": side, "naval": True, "capacity": 0,
                                     "air": {k: 0 for k in board.KINDS}}


def _put(state: State, hex_id: str, kind: str, points: int) -> int:
    b = state["bases"][hex_id]
    n = min(points, b["capacity"] - sum(b["air"].values()))
    b["air"][kind] += max(n, 0)
    return points - max(n, 0)


def _air(state: State, forces: dict[str, Any], side: str, burma: bool) -> None:
    """Printed placements first; points free to go "on any carrier or friendly air base" fill the carriers in the
    printed order, then the side's air bases from the largest down, those where reinforcements enter (Japan) last so
    the first arrivals find room; none may exceed a capacity (Stacking (E))."""
    for rec in forces.get("air", []) if isinstance(forces.get("air"), list) else []:
        for kind in ("lac", "lbac"):
            if rec.get(kind):
                left = _put(state, rec["hex"], kind, rec[kind])
                if left:
                    raise ValueError(f"{rec['hex']} cannot hold the printed {rec[kind]} {kind}")
    for rec in forces.get("lac", []) + (forces.get("optional_air", []) if burma else []):
        for kind in ("lac", "lbac"):
            pts = rec.get(kind, rec.get("points") if kind == "lac" else 0)
            if pts and _put(state, rec["hex"], kind, pts):
                raise ValueError(f"{rec['hex']} cannot hold the printed {pts} {kind}")
    for rec in forces.get("nac", []):
        c = state["ships"][f"{arrivals.PREFIX[side]}-{rec['carrier']}"]
        c["nac"] = rec["points"]
    pool = forces.get("air") if isinstance(forces.get("air"), dict) else {}
    nac = pool.get("nac", 0)
    for c in state["ships"].values():
        if c["side"] == side and c["capacity"] and not c["damage"] and nac:
            n = min(nac, c["capacity"] - c["nac"])
            c["nac"] += n
            nac -= n
    home = set(campaigndata.units()["repair"][side])  # where reinforcements enter: filled last
    for kind, pts in (("lac", pool.get("lac", 0) + pool.get("lac_anywhere", 0)), ("nac", nac)):
        for h in sorted((h for h, b in state["bases"].items() if b["side"] == side and b["capacity"]
                         and h[0].isdigit()), key=lambda h: (h in home, -state["bases"][h]["capacity"])):
            if pts:
                pts = _put(state, h, kind, pts)
        if pts:
            raise ValueError(f"no room for {pts} {side} {kind} points on the set-up's air bases")
