"""What Guadalcanal's strong computer player believes of the game (issue 36): a full state rebuilt from its side's
view alone, for the engine's search over beliefs (app/engine/search.py), and the score it gives a position.

Outside umpired play both Operations Cards are open (2c): a side sees every enemy ship, its damage and every enemy
air unit's box. What it does not see is where the enemy is. So a believed state is:

- **Own forces exact** from the view: task force hexes, ships, air units in their boxes, flights where they fly.
- **Enemy cards exact** from the view (the open card): ships with their damage, air units in their boxes.
- **Enemy task forces sampled** where the view says they could be: a task force whose ships a sighting on the
  searchboard shows is within the hexes it could have sailed since (one hex a Turn, 3c), drawn by a random walk
  from the sighting; one never seen is drawn from the easy player's likelihood map (bots.Intel.likelihood: its
  set-up area grown by the Turns gone by, the hexes searched empty left out), within the hexes it can have reached.
- **Enemy flights** (3d, a Side B that flew first): over one of this side's task forces (the only battles that
  matter to it), drawn.
- **The searchboards**: this side's from the view; the enemy's rebuilt from this side's own log (each enemy search
  that spotted one of its task forces, as the rules told it: "you reveal ...").
- **Everything else** (the walk's step, the time, the sides, the options) from the view and the scenario's set-up.

Nothing the view does not show is read, so the same view and the same stream always give the same belief (the
proof of fog). Umpired play (18c) hides the enemy's card too: the strong player does not search there (strong_bot)."""
from __future__ import annotations

import copy
import json
import re
from functools import lru_cache
from typing import Any

from app.games.guadalcanal import deployment, fighters, fog, victory
from app.games.guadalcanal import options as optional
from app.games.guadalcanal.bots import Intel, dist
from app.games.guadalcanal.gamedata import AREAS, SIDES, TRACK, enemy
from app.games.guadalcanal.searchboard import sea_steps
from app.games.guadalcanal.sequence import TURN

View = dict[str, Any]
State = dict[str, Any]

NO_COMBAT = {"battles": [], "order": None, "current": None, "step": "over", "board": {}, "aa_used": [],
             "bombing_used": [], "damaged": [], "reorganise": []}  # between Combat Phases (combat/phase.py)
SCOUTED_WEIGHT = 4.0  # a hex an enemy scout may have taken off from (scouted_from): a fresh sighting next to it
MOVE_CHANCE = 3  # an enemy task force believed to sail on a Turn since its sighting two times in three


@lru_cache(maxsize=None)
def _template(scenario: str, options: str) -> str:
    """The scenario's set-up as the rules make it (public: 7a2), before either side has placed anything."""
    opts = json.loads(options)
    state = fog.begin(deployment.new_state(scenario, opts), opts)
    state = optional.begin(state, opts)
    fighters.set_up(state)
    state["log"] = []
    return json.dumps(state)


def options_of(view: View) -> dict[str, bool]:
    out = {o["id"]: True for o in view.get("options") or [] if o.get("on")}
    if view.get("umpired"):
        out["umpired"] = True
    return out


def step_of(view: View) -> dict[str, Any]:
    """The walker's step record for the step the view names (its kind, and Side A or B this Turn)."""
    kind, side = view["step"]["kind"], view["step"].get("side")
    letter = next((k for k in ("A", "B") if (view.get("sides") or {}).get(k) == side), None) if side else None
    for i, st in enumerate(TURN):
        if st.kind == kind and (st.who == letter or (letter is None and st.who is None)):
            return {"part": "turn", "index": i, "kind": kind, "side": side}
    raise ValueError(f"the view's step {view['step']!r} is not a step of the Turn")


def _weighted(rng, weights: dict[str, float]) -> str:
    hexes = sorted(h for h, w in weights.items() if w > 0)
    total = sum(weights[h] for h in hexes)
    x = (rng.die(1_000_000) - 1) / 1_000_000 * total
    for h in hexes:
        x -= weights[h]
        if x < 0:
            return h
    return hexes[-1]


def _walk(start: str, turns: int, rng) -> str:
    here = start
    for _ in range(max(0, turns)):
        if rng.die(MOVE_CHANCE) != 1:
            steps = sea_steps(here)
            if steps:
                here = rng.choice(sorted(steps))
    return here


def enemy_hexes(view: View, rng) -> dict[str, str]:
    """{enemy task force id: a hex it could be in}, drawn (see the module doc)."""
    me = Intel(view)
    them = ((view.get("cards") or {}).get(enemy(me.side)) or {}).get("task_forces") or []
    likely = me.likelihood()
    scenario = view["scenario"]
    out: dict[str, str] = {}
    for t in them:
        ids = {s["id"] for s in t["ships"]}
        seen = [c for c in me.contacts if ids & {s["id"] for s in c["ships"]}]
        if seen:
            last = min(seen, key=lambda c: (c["age"], -c["marker"]))
            out[t["id"]] = _walk(last["hex"], last["age"], rng)
            continue
        area = AREAS.get(_area(scenario, t["id"]) or "", ())
        reach = me.turns_gone + 1
        near = {h: w for h, w in likely.items() if not area or min(dist(h, a) for a in area) <= reach}
        out[t["id"]] = _weighted(rng, near) if near else (rng.choice(sorted(area)) if area else
                                                         _weighted(rng, likely))
    return out


@lru_cache(maxsize=None)
def _areas(scenario: str) -> dict[str, str]:
    state = json.loads(_template(scenario, "{}"))
    return {t: tf["area"] for t, tf in state["task_forces"].items()}


def _area(scenario: str, tf: str) -> str | None:
    return _areas(scenario).get(tf)


SEARCHED = re.compile(r"^(Japanese|Allied) (air|sea) search (\w+): (.*)$")
SPOTTED = re.compile(r"^.*? (.+?) is spotted, and you reveal")


def enemy_board(view: View) -> dict[str, Any]:
    """The enemy's searchboard as this side's log tells it (3d3.2-3d3.3): each enemy search answered places a marker
    for each of its task forces spotted, with their ships as they are now, and takes away the markers it made stale
    (any in the hex searched, and any showing a ship found)."""
    me = Intel(view)
    ships_of = {t["name"]: [dict(s) for s in t["ships"]] for t in me.card["task_forces"]}
    label, answer, board = view["time"]["label"], None, []
    for line in view.get("log") or []:
        text = line.get("text", "")
        m = re.match(r"^([A-Z]{3} \d+, Turn \d+)\. Sides roll", text)
        if m:
            label, answer = m.group(1), None
            continue
        m = SEARCHED.match(text) if line.get("to") == me.side else None
        if not m or m.group(1) == me.side.capitalize():
            answer = None
            continue
        how, hex_id, told = m.group(2), m.group(3), SPOTTED.match(m.group(4))
        if answer != (how, hex_id):  # a new answer: the markers in the hex searched are stale
            board = [c for c in board if c["hex"] != hex_id]
            answer = (how, hex_id)
        if told and told.group(1) in ships_of:
            ids = {s["id"] for s in ships_of[told.group(1)]}
            board = [c for c in board if not ids & {s["id"] for s in c["ships"]}]
            board.append({"hex": hex_id, "exact": True, "ships": ships_of[told.group(1)], "seen": label,
                          "how": f"{how} search"})
    contacts = {str(i): dict(c, marker=i) for i, c in enumerate(board, start=1)}
    return {"contacts": contacts, "next_marker": len(contacts) + 1}


def scouted_from(view: View) -> dict[str, float]:
    """Where the enemy's scouts took off, as this side's log tells it: each enemy air search is answered by this side
    (3d3.2), hex by hex in the order flown, so a run of answered hexes each next to the one before is one scout's
    route, and a scout's route starts next to where it took off (3d2: each hex entered is next to the last). A route
    of this Turn or the last starting other than next to an enemy base was flown from a carrier (one starting next to
    a base counts a quarter: it may be the base's): {sea hex next to its first hex: weight}, the last Turn's halved.
    A single hex answered is a strike's (it announces where it ends) and tells nothing of where it came from."""
    me = Intel(view)
    bases = [b["hex"] for b in me.enemy_bases]
    turns: list[list[list[str]]] = [[]]
    last: str | None = None
    for line in view.get("log") or []:
        text = line.get("text", "")
        if "is Side A" in text and "Sides roll" in text:
            turns.append([])
            last = None
            continue
        m = SEARCHED.match(text) if line.get("to") == me.side else None
        if not m or m.group(1) == me.side.capitalize() or m.group(2) != "air":
            continue
        h = m.group(3)
        if last is not None and dist(last, h) <= 1 and turns[-1]:
            if h != last:
                turns[-1][-1].append(h)
        else:
            turns[-1].append([h])
        last = h
    out: dict[str, float] = {}
    for age, routes in enumerate(reversed(turns[-2:])):
        for route in routes:
            start = route[0]
            if len(route) < 2:
                continue
            # next to a base, the base may be where it took off: a hex next to it counts a quarter
            share = 0.25 if any(dist(start, b) == 1 for b in bases) else 1.0
            for h in sea_steps(start):
                out[h] = out.get(h, 0.0) + share * SCOUTED_WEIGHT / (1 + age)
    return out


def _place(s: State, entry: dict[str, Any], box: str, location: dict[str, Any]) -> None:
    rec = s["units"].get(entry["id"])
    if rec is None:
        return
    rec.update(face=entry.get("face", rec["face"]), hits=entry.get("hits", rec["hits"]), box=box,
               location=location)


def determinize(view: View, role: str, rng) -> State:
    """A full state consistent with `view` (see the module doc), the hidden part drawn from `rng`."""
    s = json.loads(_template(view["scenario"], json.dumps(options_of(view), sort_keys=True)))
    t = view["time"]
    s["time"] = {"date": TRACK["dates"].index(t["date"]), "turn": t["turn"], "scenario_turn": t["scenario_turn"],
                 "turns": t["turns"]}
    s["sides"] = copy.deepcopy(view["sides"])
    s["step"] = step_of(view)
    for b in view["bases"]:
        rec = s["units"][b["id"]]
        rec.update(face=b["face"], hits=b["hits"])
        if b["eliminated"]:
            rec["box"] = "eliminated"
    for tf in s["task_forces"].values():
        tf["hex"] = None
    s.pop("entering", None)
    own_hex = {x["id"]: x["hex"] for x in (view.get("searchboard") or {}).get("task_forces", [])}
    drawn = enemy_hexes(view, rng)
    flights = [h for h in own_hex.values() if h]
    for side in SIDES:
        c = (view.get("cards") or {}).get(side)
        if not c:
            continue
        for tf in c["task_forces"]:
            s["task_forces"].setdefault(tf["id"], {"side": side, "name": tf["name"], "hex": None, "area": None,
                                                   "entered_from": None})  # a spare marker placed (4e1)
            s["task_forces"][tf["id"]]["hex"] = own_hex.get(tf["id"]) if side == role else drawn.get(tf["id"])
            for ship in tf["ships"]:
                _place(s, ship, "ships", {"tf": tf["id"]})
            for box in ("normal_strike", "high_cap", "low_cap"):
                for u in tf.get(box) or []:
                    _place(s, u, box, {"tf": tf["id"]})
        for a in c["areas"]:
            for box in ("arming", "ready", "max_strike"):
                for u in a.get(box) or []:
                    _place(s, u, box, {"area": a["id"]})
            for box in ("normal_strike", "high_cap", "low_cap"):
                for u in a.get(box) or []:
                    _place(s, u, box, {"base": a["id"], "from": a["id"]})
        shadowing = {u["id"] for u in c.get("shadowing") or []}
        for u in c.get("flying") or []:
            where = u.get("hex") or (rng.choice(sorted(flights)) if flights else None)
            if where:
                _place(s, u, "shadowing" if u["id"] in shadowing else "flying", {"hex": where})
        for uid in c.get("eliminated") or []:
            if uid in s["units"]:
                s["units"][uid].update(box="eliminated", location=None, eliminated=True)
    s["boards"][role] = {"contacts": {str(c["marker"]): {k: copy.deepcopy(v) for k, v in c.items() if k != "age"}
                                      for c in (view.get("searchboard") or {}).get("contacts", [])},
                         "next_marker": 1 + max((c["marker"] for c in (view.get("searchboard") or {})
                                                 .get("contacts", [])), default=0)}
    s["boards"][enemy(role)] = enemy_board(view)
    s["standing"] = {side: {"told": True} for side in SIDES}  # the standing orders are on (standing.py)
    s.setdefault("combat", dict(NO_COMBAT))
    return s


# --- the score of a position (7a3) ---------------------------------------------------------------------------------

HIT_WEIGHT = 0.5  # each hit on a ship still afloat and front side up: the next hit may flip or sink it


def score(state: State, role: str) -> float:
    """The victory points margin for `role` (7a3, victory.points), and a little for hits not yet worth points."""
    vp = victory.points(state)
    margin = vp[role] - vp[enemy(role)]
    hits = 0
    for rec in state["units"].values():
        if rec["kind"] == "ship" and rec["box"] != "eliminated" and rec["face"] == "front":
            hits += rec["hits"] if rec["side"] != role else -rec["hits"]
    return margin + HIT_WEIGHT * hits


__all__ = ["determinize", "enemy_board", "enemy_hexes", "score", "step_of"]

