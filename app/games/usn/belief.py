"""What U.S.N.'s strong computer player believes of a mini-game (issue 36): a full state built from its side's view
alone, for the engine's search over beliefs (app/engine/search.py), and the score it gives a position.

The view shows the side's own ships, every land unit ashore, the bases and their air points, the Victory Points, the
fuel record of every ship afloat (Supply (G), an open record), the ships sunk, and of the enemy's fleet only its
stacks (hex and count) and, for a stack examined (Step 5 (D)), its two-ship groups by name. So the belief is:

- everything the view shows copied as it is; the side's own ships exactly (cargo, NAC, damage);
- the enemy's ships, the printed order of battle less those sunk: each examined group's ships where the view names
  them, the others dealt at random among the unexamined stacks, each stack receiving its count;
- the enemy's NAC aboard: the situation's printed NAC, less what a damaged or sunk carrier lost, dealt at random
  among its undamaged carriers within their capacities (the view never shows NAC aboard an enemy carrier);
- the enemy's land units not shown ashore: aboard its transports (within their Transport Points) in random order,
  else lost;
- the step of the walk the view names; what the rules keep inside a step (engagements, the written allocation, the
  announced land attacks) empty: the strong player searches only at the naval movement phase, where none is open.

Nothing the view does not show is read, so the same view and the same stream always give the same belief (the proof
of fog). The belief covers the mini-games played without the Simulation Version or the submarines (`covers`)."""
from __future__ import annotations

import copy
from typing import Any

from app.games.usn import board, building, damage, deploy, oiler, steps

View = dict[str, Any]
State = dict[str, Any]

SEARCHED_SCENARIOS = ("coral_sea", "midway")
UNKNOWN_DAMAGE = 10  # weeks believed of an examined enemy ship shown damaged (the view says only that it is)


def covers(view: View) -> bool:
    """The belief can be built for this view: a mini-game it knows, under way, without the optional rules whose
    records it does not rebuild (the Simulation Version's strike, the Japanese submarines)."""
    return (view.get("scenario") in SEARCHED_SCENARIOS and view.get("outcome") is None
            and not view.get("simulation") and not any(k.startswith("sub") for k in view)
            and not view.get("surface") and view["step"]["kind"] == "naval")


def step_index(view: View) -> int:
    """The place in the Game-Turn (steps.TURN) of the step the view names."""
    step = view["step"]
    for i, st in enumerate(steps.TURN):
        if st.kind == step["kind"] and st.title == step["title"]:
            return i
    raise ValueError(f"the view's step {step!r} is not a Game-Turn step")


def _step(view: View) -> dict[str, Any]:
    st = steps.TURN[step_index(view)]
    return {"part": "turn", "index": step_index(view), "kind": st.kind, "side": st.who}


def determinize(view: View, role: str, rng) -> State:
    """A full state consistent with `view` (see the module doc), the enemy's hidden forces drawn from `rng`."""
    enemy = board.other(role)
    s = board.new_state(scenario=view["scenario"])
    building.start(s)
    oiler.start(s)
    printed_nac = deploy.printed(s, enemy)["nac"] - sum(b["air"]["nac"] for b in view["bases"] if b["side"] == enemy)
    for k in ("turn", "turns"):
        s[k] = view[k]
    s["vp"] = dict(view["vp"])
    s["holder"] = dict(view["holder"])
    s["bases"] = {b["hex"]: copy.deepcopy(b) for b in view["bases"]}
    s["oilers"] = dict(view.get("oilers") or {})
    s["examined"] = {role: copy.deepcopy(view.get("examined") or {}), enemy: {}}
    s["step"] = _step(view)
    s["log"] = []
    s["aloft"], s["allocations"], s["outcome"] = [], {}, None
    sunk = set(view["sunk"])
    fuel = view["fuel"]
    for sid, ship in s["ships"].items():
        ship["sunk"] = sid in sunk
        ship["cargo"] = []
        if sid in fuel:
            ship["at_sea"] = fuel[sid]
    # the land units: those ashore as shown, the rest aboard or lost
    shown_land = {u["id"]: u for u in view["land"]}
    for uid, u in s["land"].items():
        u["aboard"] = None
        if uid in shown_land:
            v = shown_land[uid]
            u.update(hex=v["hex"], attack=v["attack"], defense=v["defense"], entrenched=v["entrenched"],
                     moved=v["moved"])
        else:
            u.update(hex=None, destroyed=True)
    # own ships exactly
    for x in view["ships"][role]["units"]:
        ship = s["ships"][x["id"]]
        ship.update(hex=x["hex"], damage=x["damage"], at_sea=x["at_sea"], nac=x["nac"], capacity=x["capacity"],
                    cargo=list(x["carrying"]), sunk=False)
        ship["vp_paid"] = round(damage.ship_vp(ship) * ship["damage"] / 100, 2)
        for uid in x["carrying"]:
            s["land"][uid].update(aboard=x["id"], hex=None, destroyed=False)
    for sid, ship in s["ships"].items():
        if ship["side"] == role and sid not in {x["id"] for x in view["ships"][role]["units"]}:
            ship["sunk"] = True
    # the enemy's ships: examined groups where named, the rest dealt among the other stacks
    stacks = view["ships"][enemy]["stacks"]
    afloat = sorted(sid for sid, x in s["ships"].items() if x["side"] == enemy and not x["sunk"])
    placed: dict[str, str] = {}
    damaged: set[str] = set()
    for st in stacks:
        for g in st.get("groups") or []:
            for x in g:
                if x["id"] in s["ships"]:
                    placed[x["id"]] = st["hex"]
                    if x["damaged"]:
                        damaged.add(x["id"])
    rest = rng.shuffle([sid for sid in afloat if sid not in placed])
    for st in stacks:
        room = st["count"] - sum(1 for h in placed.values() if h == st["hex"])
        for _ in range(max(room, 0)):
            if rest:
                placed[rest.pop()] = st["hex"]
    for sid in rest:  # more ships than the stacks show room for (cannot happen in a true view): sunk
        s["ships"][sid]["sunk"] = True
    for sid, h in placed.items():
        ship = s["ships"][sid]
        ship.update(hex=h, sunk=False, damage=UNKNOWN_DAMAGE if sid in damaged else 0, nac=0)
        ship["vp_paid"] = round(damage.ship_vp(ship) * ship["damage"] / 100, 2)
    carriers = [s["ships"][sid] for sid in rng.shuffle(sorted(placed))
                if board.is_carrier(s["ships"][sid]) and not s["ships"][sid]["damage"]]
    left = printed_nac
    for c in carriers:
        n = min(left, c["capacity"])
        c["nac"] = n
        left -= n
    # the enemy's land units not ashore: aboard its transports, within their Transport Points
    cap = board.PLAY["ship_type"]["TR"]["transport_points"]
    transports = [s["ships"][sid] for sid in sorted(placed) if s["ships"][sid]["type"] == "TR"]
    load = {t["id"]: 0 for t in transports}
    for uid in rng.shuffle(sorted(u for u, x in s["land"].items() if x["side"] == enemy and u not in shown_land)):
        u = s["land"][uid]
        need = board.LAND_TYPES[u["name"]]["transport_points"]
        t = next((t for t in transports if load[t["id"]] + need <= cap), None)
        if t is not None:
            t["cargo"].append(uid)
            load[t["id"]] += need
            u.update(aboard=t["id"], hex=None, destroyed=False)
    return s


# --- the score of a position ------------------------------------------------------------------------------------

WIN = 100.0  # a decided game outweighs the margin of Victory Points


def evaluate(state: State, role: str) -> float:
    """How well `role` stands, in tens of Victory Points: at the end, WIN for a win (the enemy's: -WIN) and the
    margin; before it, the margin as if the game ended now, each objective's points to the side holding it
    (the situation's Victory Conditions: Port Moresby, Midway)."""
    enemy = board.other(role)
    margin = state["vp"][role] - state["vp"][enemy]
    out = state.get("outcome")
    if out:
        won = WIN if out.get("winner") == role else -WIN if out.get("winner") == enemy else 0.0
        return won + margin / 10
    for v in board.situation(state["scenario"]).get("victory") or []:
        if "hex" in v and "side" not in v:
            holder = state["holder"].get(v["hex"])
            margin += v["points"] if holder == role else -v["points"] if holder == enemy else 0
    return margin / 10


__all__ = ["covers", "determinize", "evaluate", "step_index"]
