"""A surface battle played decision by decision (16c-16d7): who decides now, what they may order (typed orders,
app/engine/orders.py), and carrying an order out. It works on `state["surface"]` (see the package's docstring) plus
`step`: {"kind": "setup" | "movement" | "torpedoes" | "gunnery" | "breakoff" | "over", "side": side}.

The order of play: Side B sets up, then Side A (16c); each Surface Turn: the Surface Sides are rolled (16d1), then
Surface Side B and A in turn move (16d2), place torpedo markers (16d3) and fire their guns one shot at a time until
they cease fire (16d4); the torpedo combats are resolved, B's then A's (16d5); B and then A designate ships to break
off, and B's then A's attempts are resolved (16d6); the Surface Turn ends (16d7). Steps with nothing to decide are
passed over. A surface battle is fought in the open: both sides see the whole Battleboard (16a: "exact information
on the ship units present is given to both sides when they are setup for battle"), so `view` is the same for both.
"""
from __future__ import annotations

import copy
from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.engine.orders import (
    Assignment,
    Boolean,
    Choice,
    Keyed,
    Repeated,
    Several,
    check_action,
)
from app.engine.rng import Rng
from app.games.guadalcanal import forms
from app.games.guadalcanal.combat import units
from app.games.guadalcanal.combat.damage import alive
from app.games.guadalcanal.combat.resolution import roll_combat
from app.games.guadalcanal.combat.tables import FACINGS, hexes
from app.games.guadalcanal.surface import (
    battleline,
    breakoff,
    gunnery,
    movement,
    scenarios,
    torpedoes,
    turns,
)
from app.games.guadalcanal.surface.values import section

State = dict[str, Any]
SIDES = ("allied", "japanese")
ALL_SHIPS = tuple(u for u, r in units.units().items() if r["kind"] == "ship")
ALL_UNITS = tuple(u for u, r in units.units().items() if r["kind"] in ("ship", "base"))
TORPEDO_SIDES = tuple(section("torpedo")["sides"])

VERBS = {
    "surface_set_up": {"line": Choice(("H11", "I11", "L11", "M11"), label="Setup line (its X hex)"),
               "facing": Choice(tuple(section("facing")["setup_facings"]), label="Facing"),
               "placement": Assignment(ALL_SHIPS, hexes(), required=False, label="Ship units")},
    "surface_move": {"courses": Keyed(Repeated(Choice(FACINGS), maximum=3), ALL_SHIPS, label="Courses (a heading per hex)")},
    "surface_torpedoes": {"markers": Assignment(ALL_SHIPS, TORPEDO_SIDES, required=False, label="Torpedo markers")},
    "surface_fire": {"ship": Choice(ALL_SHIPS + ALL_UNITS, label="Firing ship"), "target": Choice(ALL_UNITS, label="Target")},
    "surface_cease_fire": {},
    "surface_break_off": {"ships": Several(ALL_SHIPS, label="Ships breaking off")},
    "surface_free_roll": {"use": Boolean(label="Use the free roll marker")},
    "surface_contact": {"fight": Boolean(label="Make surface contact and fight")},  # 16a, one side knowing
}
BEST = {True: "eliminate", False: "miss"}  # the best result for the holder: attacking, defending


def name(uid: str) -> str:
    return units.record(uid)["name"]


def log(state: State, text: str, **data: Any) -> None:
    state.setdefault("log", []).append(entry(PUBLIC, text, at=f"Surface Turn {state['surface']['turn']}", **data))


def acting(state: State) -> list[str]:
    step = state["surface"].get("step") or {}
    return [] if step.get("kind") in (None, "over") else [step["side"]]


def _mine(state: State, side: str) -> list[str]:
    return turns.on_board(state, side)


def fleet(state: State, side: str) -> list[str]:
    """The side's ship units in this battle: those of its task forces in the hex (`in_battle`, scenarios 1-4), or
    every one of its ships (scenarios 5 and 6)."""
    ids = state["surface"].get("in_battle")
    return [u for u in (state["units"] if ids is None else ids)
            if state["units"][u]["side"] == side and state["units"][u].get("kind") == "ship"]


# --- what a side may order now ---------------------------------------------------------------------------------------

def prompt(state: State, side: str) -> dict[str, Any]:
    s, step = state["surface"], state["surface"].get("step") or {}
    if side not in acting(state):
        return {"title": "Waiting", "actions": []}
    kind, t = step["kind"], f"Surface Turn {s['turn']}"
    if kind == "setup":
        ours = fleet(state, side)
        xs = battleline.x_hexes(s["night"])
        b = s["sides"]["B"]
        lines = xs if side == b else [x for x in xs if x != s["setup"][b]["line"]]
        # offered means legal (issue 34): Side A faces as 16b2 makes it; each ship is offered the hexes on or behind
        # a line its side may take, free of enemy ships; a ship left unplaced sets up in line astern (battleline.fill)
        facings = ("N", "S") if side == b else (battleline.facing_for_a(s["setup"][b]["facing"], s["relation"]),)
        spots = tuple(battleline.open_behind(lines, s["night"], {p["at"] for p in s["ships"].values()}))
        return {"title": "Set up your ships on the Battleboard", "rule": "16c", "info": {"kind": "surface_setup"},
                "actions": [{"verb": "surface_set_up", "label": "Set up", "args": {
                    "line": Choice(tuple(lines)).to_json(), "facing": Choice(facings).to_json(),
                    "placement": forms.per_piece(ours, {u: name(u) for u in ours}, {u: spots for u in ours},
                                                 required=False,
                                                 label="Ship units (a ship left out sets up in line astern: the "
                                                       "first one unplaced leads from the X hex)")}}]}
    if kind == "free_roll":
        c = s["offer"]["combat"]
        ships = c.get("ships") or [c["ship"]]  # a torpedo combat (16h1) may join several ships' markers
        what = "torpedoes" if "torpedo" in s["offer"] else "fires"
        return {"title": f"Free roll marker (11a): {', '.join(name(u) for u in ships)} {what} at {name(c['target'])}: "
                         f"{c['attacker_roll']}+{c['attacker_total']}={c['attacker_number']} against "
                         f"{c['defender_roll']}+{c['defender_total']}={c['defender_number']}: {c['result']}. "
                         "Roll both dice again?", "rule": "11a",
                "info": {"kind": "surface_free_roll", "result": c["result"],
                         "shooter": state["units"][ships[0]]["side"]},
                "actions": [{"verb": "surface_free_roll", "label": "Decide", "args": {"use": Boolean().to_json()}}]}
    if kind == "contact":
        return {"title": f"Surface contact in {s['hex']}? Your search found enemy ships there, and they do not know "
                         "of yours: fight a surface combat, or let them pass", "rule": "16a",
                "info": {"kind": "surface_contact", "hex": s["hex"]},
                "actions": [{"verb": "surface_contact", "label": "Decide", "args": {"fight": Boolean().to_json()}}]}
    mine = _mine(state, side)
    if kind == "movement":
        return {"title": f"{t}: move your ships", "rule": "16d2", "info": {"kind": "surface_movement"},
                "actions": [{"verb": "surface_move", "label": "Move", "args": {
                    "courses": Keyed(Repeated(Choice(FACINGS), maximum=3), tuple(mine)).to_json()}}]}
    if kind == "torpedoes":
        able = tuple(u for u in mine if torpedoes.may_fire(state, u))
        return {"title": f"{t}: place torpedo markers", "rule": "16d3", "info": {"kind": "surface_torpedoes"},
                "actions": [{"verb": "surface_torpedoes", "label": "Place", "args": {
                    "markers": forms.per_piece(able, {u: name(u) for u in able}, {u: TORPEDO_SIDES for u in able},
                                               required=False, label="Torpedo markers")}}]}
    if kind == "gunnery":
        shots = [(u, x) for u in mine if gunnery.may_fire(state, u) for x in gunnery.targets(state, u)]
        acts = [{"verb": "surface_fire", "label": f"{name(u)} fires at {name(x)}",
                 "args": {"ship": Choice((u,)).to_json(), "target": Choice((x,)).to_json()}} for u, x in shots]
        return {"title": f"{t}: gunnery", "rule": "16d4", "info": {"kind": "surface_gunnery"},
                "actions": acts + [{"verb": "surface_cease_fire", "label": "Cease fire", "args": {}}]}
    return {"title": f"{t}: break off?", "rule": "16d6", "info": {"kind": "surface_breakoff"},
            "actions": [{"verb": "surface_break_off", "label": "Break off", "args": {
                "ships": Several(tuple(breakoff.able(state, side)), minimum=0,
                                 labels=tuple(name(u) for u in breakoff.able(state, side)),
                                 label="Ships breaking off").to_json()}}]}


# --- carrying an order out -------------------------------------------------------------------------------------------

def apply(state: State, side: str, action: dict[str, Any], rng: Rng) -> State:
    """Check and carry out `side`'s order; the battle then walks on to the next decision. The state given is left
    unchanged (an order refused changes nothing)."""
    args = check_action(VERBS, action)
    if side not in acting(state):
        raise IllegalAction("It is not your turn to decide in this surface combat.", "16d")
    kind, verb = state["surface"]["step"]["kind"], action["verb"]
    wanted = {"setup": ("surface_set_up",), "movement": ("surface_move",), "torpedoes": ("surface_torpedoes",),
              "gunnery": ("surface_fire", "surface_cease_fire"), "breakoff": ("surface_break_off",),
              "free_roll": ("surface_free_roll",), "contact": ("surface_contact",)}[kind]
    if verb not in wanted:
        raise IllegalAction(f"Now is the {kind} step: order {' or '.join(wanted)}.", "16d")
    st = copy.deepcopy(state)
    s = st["surface"]
    if verb == "surface_set_up":
        scenarios.set_up(st, side, args["placement"], args["facing"], args["line"])
        log(st, f"{side.title()} ships set up on the line of {s['setup'][side]['line']}, facing {args['facing']} "
                "(16c).")
    elif verb == "surface_move":
        for u, course in args["courses"].items():
            if u not in _mine(st, side):
                raise IllegalAction(f"{name(u)} is not one of your ships on the Battleboard.", "16d2")
            movement.move(st, u, course)
        log(st, f"{side.title()} ships moved (16d2).", ships={u: s["ships"][u] for u in _mine(st, side)})
    elif verb == "surface_torpedoes":
        for u, where in args["markers"].items():
            if u not in _mine(st, side):
                raise IllegalAction(f"{name(u)} is not one of your ships on the Battleboard.", "16d3")
            m = torpedoes.place(st, u, where)
            log(st, f"{name(u)} fires torpedoes from {m['at']}, heading {m['facing']} (16d3).")
    elif verb == "surface_fire":
        if args["ship"] not in _mine(st, side):
            raise IllegalAction(f"{name(args['ship'])} is not one of your ships on the Battleboard.", "16g")
        c = gunnery.roll(st, args["ship"], args["target"], rng)
        holder = (st.get("free_roll") or {}).get("holder")
        if holder and c["result"] != BEST[holder == side]:
            s["offer"] = {"combat": c, "back": dict(s["step"])}  # 11a (7f4.4, 7g4.4): the holder may roll again
            s["step"] = {"kind": "free_roll", "side": holder}
            return st
        return _fired(st, side, c, rng)
    elif verb == "surface_free_roll":
        o = s.pop("offer")
        c = o["combat"]
        if args["use"]:
            again = roll_combat(rng, c["attacker_total"], c["defender_total"])
            log(st, f"{side.title()} use the free roll marker (11a): {c['attacker_roll']} against "
                    f"{c['defender_roll']} is rolled again.")
            c.update(again)
            other = "japanese" if side == "allied" else "allied"
            st["free_roll"] = {"holder": other, "used": [*st["free_roll"].get("used", []), side]}
        s["step"] = o["back"]
        if "torpedo" in o:  # a torpedo combat (16d5): mark it, then go on from where the combats were begun
            _torpedo_fired(st, c)
            _advance(st, rng)
            return st
        return _fired(st, o["back"]["side"], c, rng)
    elif verb == "surface_break_off":
        breakoff.designate(st, side, args["ships"])
    elif verb == "surface_contact":
        return _contact(st, side, args["fight"])
    _advance(st, rng)
    return st


def _contact(st: State, side: str, fight: bool) -> State:
    """16a: the one side holding exact information decides. A contact is told to both (the battle is then fought in
    the open); no contact is told to the side that chose only: the other never learns it was seen."""
    s = st["surface"]
    if not fight:
        s["step"], s["declined"] = {"kind": "over", "side": None}, True
        st["log"].append(entry(side, f"You chose no surface contact in {s['hex']} (16a).", at="Surface combat (16a)"))
        return st
    st["log"].append(entry(PUBLIC, f"Surface contact in {s['hex']} (16a): the {side.title()} side makes contact; a "
                                   "surface combat is fought. Side B sets up first (16c).", at="Surface combat (16a)"))
    return start(st)


def _fired(st: State, side: str, c: dict[str, Any], rng: Rng) -> State:
    gunnery.mark(st, c)
    log(st, _told(f"{name(c['ship'])} fires at {name(c['target'])}", c), combat=c)
    if not gunnery_left(st, side):
        _advance(st, rng)
    return st  # else the side fires on, one shot at a time (16g)


def _told(what: str, c: dict[str, Any]) -> str:
    return (f"{what} ({', '.join(c['why'])}): {c['attacker_roll']} + {c['attacker_total']} = {c['attacker_number']} "
            f"against {c['defender_roll']} + {c['defender_total']} = {c['defender_number']}: {c['result']}"
            + (f" ({', '.join(c['seen'])})" if c["seen"] else "") + ".")


def gunnery_left(state: State, side: str) -> bool:
    return any(gunnery.may_fire(state, u) and gunnery.targets(state, u) for u in _mine(state, side))


def _has_something(state: State, kind: str, side: str) -> bool:
    mine = _mine(state, side)
    if kind == "movement":
        return bool(mine)
    if kind == "torpedoes":
        return any(torpedoes.may_fire(state, u) for u in mine)
    if kind == "gunnery":
        return gunnery_left(state, side)
    if kind == "breakoff":
        return breakoff.allowed(state) and bool(breakoff.able(state, side))
    return True


ORDER = ("movement", "torpedoes", "gunnery", "breakoff")


def start(state: State) -> State:
    """A new battle waits for Side B's set-up (16c)."""
    state["surface"]["step"] = {"kind": "setup", "side": state["surface"]["sides"]["B"]}
    return state


def _advance(state: State, rng: Rng) -> None:
    """Walk on from the step just done to the next one somebody must decide, resolving what needs no decision."""
    s = state["surface"]
    kind, side = s["step"]["kind"], s["step"]["side"]
    if kind == "setup":
        if side == s["sides"]["B"]:
            s["step"] = {"kind": "setup", "side": s["sides"]["A"]}
            return
        _new_turn(state, rng, first=True)
        return
    seq = [(k, x) for k in ORDER for x in (s["sides"]["B"], s["sides"]["A"])]
    i = seq.index((kind, side)) + 1
    while True:
        if i < len(seq) and seq[i][0] == "breakoff" and seq[i - 1][0] == "gunnery":
            if not _torpedo_combats(state, rng):  # 16d5, after both sides' gunnery
                return  # 11a: a torpedo combat waits on the free roll marker's holder
        if i >= len(seq):
            _end_turn(state, rng)
            return
        k, x = seq[i]
        if _has_something(state, k, x):
            s["step"] = {"kind": k, "side": x}
            return
        i += 1


def _torpedo_combats(state: State, rng: Rng) -> bool:
    """16d5: Side B's torpedo combats, then Side A's, one per target (16h1), each marked as it is resolved (16h). Under
    option 11a a combat the marker's holder could want rolled again waits on the holder (`offer`): False then, and the
    walk goes on from the same step once the holder has decided (the combats already done are not rolled again)."""
    s = state["surface"]
    for side in (s["sides"]["B"], s["sides"]["A"]):
        for t, markers in torpedoes.attacks(state, side).items():
            if not alive(state, t):
                continue
            c = torpedoes.roll(state, t, markers, rng)
            holder = (state.get("free_roll") or {}).get("holder")
            if holder and c["result"] != BEST[holder == side]:
                s["offer"] = {"combat": c, "torpedo": side, "back": dict(s["step"])}
                s["step"] = {"kind": "free_roll", "side": holder}
                return False
            _torpedo_fired(state, c)
        s["torpedoes"] = [m for m in s["torpedoes"] if state["units"][m["ship"]]["side"] != side]  # misses (16h)
    return True


def _torpedo_fired(state: State, c: dict[str, Any]) -> None:
    torpedoes.mark(state, c)
    log(state, _told(f"Torpedoes of {', '.join(name(u) for u in c['ships'])} at {name(c['target'])}", c), combat=c)


def _end_turn(state: State, rng: Rng) -> None:
    s = state["surface"]
    if s["torpedoes"] and not _torpedo_combats(state, rng):
        return  # 11a: a torpedo combat waits on the free roll marker's holder
    for side in (s["sides"]["B"], s["sides"]["A"]):
        for a in breakoff.resolve(state, side, rng):
            log(state, f"{name(a['ship'])} tries to break off: {a['roll']} + {a['total']} against "
                       f"{a['enemy_roll']} + {a['enemy_total']}: " + ("broke off" if a["broke_off"] else "held")
                + " (16d6).", attempt=a)
    end = turns.end_turn(state, dead_in_the_water_rule=bool((state.get("options") or {}).get("dead_in_the_water")))
    if end["over"]:
        s["step"] = {"kind": "over", "side": None}
        log(state, f"The surface combat ends: {end['why']} (16d7).")
        return
    _new_turn(state, rng)


def _new_turn(state: State, rng: Rng, first: bool = False) -> None:
    s = state["surface"]
    r = turns.roll_sides(rng)
    s["sides"] = {"A": r["A"], "B": r["B"]}
    log(state, f"Surface Turn {s['turn']}: Surface Side A is {r['A'].title()} (16d1).", rolls=r["rolls"])
    seq = [(k, x) for k in ORDER for x in (r["B"], r["A"])]
    for k, x in seq:
        if _has_something(state, k, x):
            s["step"] = {"kind": k, "side": x}
            return
    _end_turn(state, rng)


def view(state: State, role: str) -> dict[str, Any]:
    """The Battleboard as both sides see it (everything on it is in the open)."""
    s = state["surface"]
    return {"turn": s["turn"], "night": s["night"], "hex": s.get("hex"), "sides": dict(s["sides"]), "step": dict(s.get("step") or {}),
            "ships": [{"id": u, "name": name(u), "side": state["units"][u]["side"], "at": p["at"],
                       "facing": p["facing"], "face": state["units"][u].get("face", "front"),
                       "hits": state["units"][u].get("hits", 0)}
                      for u, p in sorted(s["ships"].items()) if not state["units"][u].get("eliminated")
                      and u not in s.get("broken_off", [])],
            "torpedoes": [dict(m) for m in s["torpedoes"]], "broken_off": list(s.get("broken_off", [])),
            "broken_off_names": [name(u) for u in s.get("broken_off", [])],
            "night_modifier": s.get("night_modifier", 0), "relation": s.get("relation"),
            "setup": copy.deepcopy(s.get("setup") or {})}
