"""Set-up (7a2): time markers (7a2.1), base units on both searchboards and task force markers placed in secret
(7a2.2), the Operations Cards filled (7a2.3). The `deploy` decision is both sides' secret placement at once."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, clone, entry
from app.engine.orders import Assignment, Several
from app.games.guadalcanal.cards import new_unit as _unit
from app.games.guadalcanal import cards, entries, forms, timetrack
from app.games.guadalcanal.gamedata import (AIR, ALL_AIR, ALL_TASK_FORCES, AREAS, BASE_HEX, BASES, HEXES, SCENARIOS,
                                            SHIPS, SIDES, TITLE, enemy)

State = dict[str, Any]
RULE = "7a2.2"

VERBS = {"deploy": {"hexes": Assignment(ALL_TASK_FORCES, HEXES, required=False, label="Task force hexes"),
                    "ready": Several(ALL_AIR, label="Air units in Ready boxes"),
                    "bases": Assignment(ALL_AIR, tuple(BASES), required=False, label="Air units' bases")}}


def new_state(scenario: str, options: dict[str, Any]) -> State:
    sc = SCENARIOS[scenario]
    umpired = bool(options.get("umpired", False))
    state: State = {
        "scenario": scenario, "umpired": umpired,
        # 2c: players watch the opposing Operations Card; 18c: not in umpired games.
        "open_cards": not umpired,
        "time": timetrack.start(sc["start_date"], sc["start_turn"], sc["turns"]),
        "sides": None, "step": {"part": "pregame", "index": 0, "kind": "deploy", "side": None},
        "orders": {s: None for s in SIDES},  # secret orders in, not yet carried out (deploy)
        "units": {}, "task_forces": {},
        "boards": {s: {"contacts": {}, "next_marker": 1} for s in SIDES},
        "launched": {}, "battles": [], "outcome": None, "vp": None,
        "log": [],
    }
    back = set(sc.get("back", [])) | set(sc.get("back_japanese", []))
    # 7c2, 7d2: land air "may be spread between them in any desired manner": placed by its side at set-up.
    state["spread"] = {x["side"]: {"bases": list(x["bases"]), "air": list(x["air"])} for x in sc.get("spread", [])}
    for x in sc.get("spread", []):
        for a in x["air"]:
            _add(state, a, "air", AIR[a], {"area": x["bases"][0]}, "arming", back)
    for b in sc["base"]:
        _add(state, b["id"], "base", BASES[b["id"]], {"hex": BASE_HEX[b["id"]]["hex"]}, None, back)
        for a in b["air"]:
            _add(state, a, "air", AIR[a], {"area": b["id"]}, "arming", back)
    for tf in sc["task_force"]:
        record = {"side": tf["side"], "name": tf["name"], "hex": None, "area": tf["area"], "entered_from": None}
        units = state["units"]
        if "enters" in tf:
            # 3c, 7e2: a task force that enters later is held off the Operations Card until its Turn (entries.py).
            state.setdefault("entering", {})[tf["id"]] = {"turn": tf["enters"], "hex": None, "task_force": record,
                                                          "units": {}}
            units = state["entering"][tf["id"]]["units"]
        else:
            state["task_forces"][tf["id"]] = record
        for ship in tf["ships"]:
            units[ship] = _unit(ship, "ship", SHIPS[ship], {"tf": tf["id"]}, "ships", back)
        for carrier, air in tf["air"].items():
            for a in air:
                units[a] = _unit(a, "air", AIR[a], {"area": carrier}, "arming", back)
    state["log"].append(entry(PUBLIC, f"Scenario {scenario}: {sc['title']}. Both sides set their Turn and Date markers "
                                      f"to {timetrack.label(state['time'])} (7a2.1), and place every base unit on "
                                      f"both searchboards (7a2.2).", at="Set-up (7a2)"))
    return state


def _add(state: State, uid: str, kind: str, table: dict[str, Any], location: dict[str, Any], box: str | None,
         back: set[str]) -> None:
    state["units"][uid] = _unit(uid, kind, table, location, box, back)


# --- the deploy decision ------------------------------------------------------------------------------------------

def deciders(state: State) -> list[str]:
    return [s for s in SIDES if state["orders"][s] is None]


def own_task_forces(state: State, side: str) -> list[str]:
    """The side's task force markers to place at set-up: those on the searchboard from the start, and those that
    enter later, whose entry hex is designated now (3c)."""
    return [t for t, tf in state["task_forces"].items() if tf["side"] == side] + \
        [t for t, x in entering(state).items() if x["task_force"]["side"] == side]


def entering(state: State) -> dict[str, Any]:
    return state.get("entering") or {}


def tf_record(state: State, t: str) -> dict[str, Any]:
    return state["task_forces"][t] if t in state["task_forces"] else entering(state)[t]["task_force"]


def setup_hexes(state: State, t: str) -> tuple[str, ...]:
    """Where a task force sets up or enters: a printed hex (7e2: Task Force 67 in N6) or any hex of its area."""
    for tf in SCENARIOS[state["scenario"]]["task_force"]:
        if tf["id"] == t and tf.get("hexes"):
            return tuple(tf["hexes"])
    return AREAS[tf_record(state, t)["area"]]


def where(state: State, t: str) -> str:
    """How the set-up prompt names a task force's place: 'area III', 'hex N6', 'area V (enters on Turn 7)'."""
    rec, x = tf_record(state, t), entering(state).get(t)
    place = rec["area"] if rec["area"].startswith("hex") else f"area {rec['area']}"
    return f"{place} (enters on Turn {x['turn']})" if x else place


def own_air(state: State, side: str) -> list[str]:
    held = [u for x in entering(state).values() for u, r in x["units"].items()
            if r["side"] == side and r["kind"] == "air"]
    return cards.units_of(state, side, "air") + held


def _unit_rec(state: State, uid: str) -> dict[str, Any]:
    if uid in state["units"]:
        return state["units"][uid]
    return next(x["units"][uid] for x in entering(state).values() if uid in x["units"])


def prompt(state: State, side: str) -> dict[str, Any]:
    tfs = own_task_forces(state, side)
    areas = "; ".join(f"{tf_record(state, t)['name']} in {where(state, t)}" for t in tfs)
    air = own_air(state, side)
    spread = state["spread"].get(side, {"bases": [], "air": []})
    # issue 34: every piece by its printed name, each task force offered only its own set-up hexes
    names = {u: _unit_rec(state, u)["name"] for u in air}
    args = {"hexes": forms.per_piece(tfs, {t: tf_record(state, t)["name"] for t in tfs},
                                     {t: setup_hexes(state, t) for t in tfs}, required=True,
                                     label="Task force hexes"),
            "ready": forms.named(air, names, "Air units in Ready boxes (the rest are Arming)"),
            "bases": forms.per_piece(spread["air"], names, {u: tuple(spread["bases"]) for u in spread["air"]},
                                     required=True, label="Air units' bases (spread as desired)",
                                     labels=lambda u, b: BASES[b]["name"], what="base")}  # "FF" is its Ready box
    return {"title": f"Set-up: place your task force markers in secret ({areas}) and fill your Operations Card",
            "rule": RULE, "actions": [{"verb": "deploy", "label": "Place the task forces", "args": args}],
            "info": {"kind": "deploy"}}


def check(state: State, side: str, action: dict[str, Any]) -> None:
    args = action["args"]
    tfs = own_task_forces(state, side)
    for t, h in args["hexes"].items():
        if t not in tfs:
            raise IllegalAction(f"{t} is not one of your task forces.", RULE)
        if h not in setup_hexes(state, t):
            rule = "3c" if t in entering(state) else RULE
            raise IllegalAction(f"{tf_record(state, t)['name']} sets up in {where(state, t)} "
                                f"({', '.join(setup_hexes(state, t))}), not {h}.", rule)
    missing = [tf_record(state, t)["name"] for t in tfs if t not in args["hexes"]]
    if missing:
        raise IllegalAction(f"Place {', '.join(missing)} too.", RULE)
    mine = set(own_air(state, side))
    for u in args["ready"]:
        if u not in mine:
            raise IllegalAction(f"{u} is not one of your air units.", "7a2.3")
    spread = state["spread"].get(side, {"bases": [], "air": []})
    for u, b in args["bases"].items():
        if u not in spread["air"] or b not in spread["bases"]:
            raise IllegalAction(f"{u} is not placed by you between {', '.join(spread['bases']) or 'bases'} "
                                f"at set-up.", "7a2.3")
    missing = [state["units"][u]["name"] for u in spread["air"] if u not in args["bases"]]
    if missing:
        raise IllegalAction(f"Say at which base {', '.join(missing)} start.", "7a2.3")
    for b in spread["bases"]:
        n = sum(1 for u in cards.aboard(state, b) if u not in spread["air"]) + \
            sum(1 for x in args["bases"].values() if x == b)
        if n > cards.capacity(state, b):
            raise IllegalAction(f"{cards.area_name(state, b)} can hold no more than {cards.capacity(state, b)} air "
                                f"units.", "2c4")


def resolve(state: State, side: str, action: dict[str, Any], rng) -> State:
    s = clone(state)
    s["orders"][side] = action["args"]
    s["log"].append(entry(side, f"Your set-up is in (7a2.2): {_summary(s, side, action['args'])}.",
                          at="Set-up (7a2)"))
    s["log"].append(entry(PUBLIC, f"The {TITLE[side]} set-up is in.", at="Set-up (7a2)"))
    if all(s["orders"][x] is not None for x in SIDES):
        for x in SIDES:
            _carry_out(s, x, s["orders"][x])
            s["orders"][x] = None
        entries.announce(s)
    return s


def last_in(state: State, side: str) -> bool:
    """Is `side`'s set-up the last one in (the first Turn begins once it is carried out)?"""
    return all(state["orders"][x] is not None for x in SIDES if x != side)


def _summary(state: State, side: str, args: dict[str, Any]) -> str:
    return "; ".join(f"{tf_record(state, t)['name']} {'enters at' if t in entering(state) else 'in'} {h}"
                     for t, h in args["hexes"].items())


def _carry_out(state: State, side: str, args: dict[str, Any]) -> None:
    for t, h in args["hexes"].items():
        if t in entering(state):
            state["entering"][t]["hex"] = h  # 3c: its designated entry hex, secret until it enters
        else:
            state["task_forces"][t]["hex"] = h
    for u, b in args["bases"].items():
        state["units"][u]["location"] = {"area": b}
    ready = set(args["ready"])
    for u in own_air(state, side):
        _unit_rec(state, u)["box"] = "ready" if u in ready else "arming"
    if state["open_cards"]:
        # 2c: the enemy watches the Operations Card being filled (not the searchboard).
        state["log"].append(entry(enemy(side), f"The {TITLE[side]} Operations Card: Ready "
                                  f"{cards.names(state, [u for u in cards.units_of(state, side, 'air') if u in ready])}.",
                                  at="Set-up (7a2.3)"))


def random(state: State, side: str, rng) -> dict[str, Any]:
    hexes = {t: rng.choice(setup_hexes(state, t)) for t in own_task_forces(state, side)}
    air = own_air(state, side)
    return {"verb": "deploy", "args": {"hexes": hexes, "ready": [u for u in air if rng.die(3) > 1],
                                       "bases": _spread(state, side, lambda free: rng.choice(free))}}


def _spread(state: State, side: str, pick) -> dict[str, str]:
    """Place the side's spread air units one by one at a base with room (2c4)."""
    spread = state["spread"].get(side, {"bases": [], "air": []})
    room = {b: cards.capacity(state, b) - sum(1 for u in cards.aboard(state, b) if u not in spread["air"])
            for b in spread["bases"]}
    out = {}
    for u in spread["air"]:
        b = pick([x for x in spread["bases"] if room[x] > 0])
        out[u], room[b] = b, room[b] - 1
    return out


def default(state: State, side: str) -> dict[str, Any]:
    """A missed set-up: each task force in the first hex of its area, every air unit Ready, the spread air units
    each at the base with the most room left (so every base keeps a place where it can: the form offers each unit
    every base, 2c4)."""
    spread = state["spread"].get(side, {"bases": [], "air": []})
    room = {b: cards.capacity(state, b) - sum(1 for u in cards.aboard(state, b) if u not in spread["air"])
            for b in spread["bases"]}
    out = {}
    for u in spread["air"]:
        b = max(spread["bases"], key=lambda x: (room[x], -spread["bases"].index(x)))
        out[u], room[b] = b, room[b] - 1
    return {"verb": "deploy", "args": {"hexes": {t: setup_hexes(state, t)[0] for t in own_task_forces(state, side)},
                                       "ready": own_air(state, side), "bases": out}}
