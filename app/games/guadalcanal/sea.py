"""The Sea Movement Step (3c): task force markers move in secret, at most one hex, never through an all-green
hexside."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import clone, entry
from app.engine.orders import Assignment
from app.games.guadalcanal import cards, dead_in_the_water, entries, forms, sea_movement, searchboard, standing_orders
from app.games.guadalcanal import options as optional
from app.games.guadalcanal.gamedata import ALL_TASK_FORCES, HEXES

State = dict[str, Any]
RULE = "3c"
# issue 34: every standing order's box rides on this form, asked every Turn before the Turn's battles
VERBS = {"move": {"moves": Assignment(ALL_TASK_FORCES, HEXES, required=False, label="Task force moves"),
                  "standing": standing_orders.boxes()}}


def movable(state: State, side: str) -> list[str]:
    """3c: a task force that entered this Turn has made its move (entries.py); under option 11c one holding a dead
    in the water ship may not move (12a4.2, dead_in_the_water.py)."""
    return [t for t in cards.task_forces_of(state, side) if not entries.moved_by_entry(state, t)
            and not sea_movement.stays(state, t)]


def destinations(state: State, tf: str) -> list[str]:
    """Where the task force may end its move: here, one sea step (3c), or two under option 12a (sea_movement.py)."""
    return sea_movement.reach(state["task_forces"][tf]["hex"], sea_movement.hexes(state, tf))


def needed(state: State, side: str) -> bool:
    return bool(movable(state, side))


def prompt(state: State, side: str) -> dict[str, Any]:
    tfs = movable(state, side)
    where = "; ".join(f"{state['task_forces'][t]['name']} in {state['task_forces'][t]['hex']}"
                      + (f", up to {n} hexes ({sea_movement.mark(state, t)})"
                         if (n := sea_movement.hexes(state, t)) > 1 else "") for t in tfs)
    # issue 34: each task force offered only the hexes it may reach, under its printed name
    moves = forms.per_piece(tfs, {t: state["task_forces"][t]["name"] for t in tfs},
                            {t: destinations(state, t) for t in tfs}, required=False, label="Task force moves",
                            labels=lambda t, h: f"{h} (stays)" if h == state["task_forces"][t]["hex"] else h)
    return {"title": f"Sea Movement Step: move task force markers one hex at most, unless shown ({where})",
            "rule": RULE,
            "info": {"kind": "sea", "default": {"standing": standing_orders.shown(state, side)}},
            "actions": [{"verb": "move", "label": "Move (a task force left out stays)",
                         "args": {"moves": moves, "standing": standing_orders.boxes().to_json()}}]}


def check(state: State, side: str, action: dict[str, Any]) -> None:
    for t, h in action["args"]["moves"].items():
        tf = state["task_forces"].get(t)
        if tf is None or tf["side"] != side or tf["hex"] is None:
            raise IllegalAction(f"{t} is not one of your task forces on the searchboard.", RULE)
        if h == tf["hex"]:
            continue
        if entries.moved_by_entry(state, t):
            raise IllegalAction(f"{tf['name']} entered at {tf['hex']} this Turn: that was its movement.", RULE)
        if sea_movement.stays(state, t):
            dead = cards.names(state, dead_in_the_water.dead_in(state, t))
            raise IllegalAction(f"{tf['name']} may not move: {dead} is dead in the water and nothing tows it (11c, "
                                f"reconstructed; 12a4.2). Reorganise to leave it behind (4e1).", "11c")
        n = sea_movement.hexes(state, t)
        if n > 1 and h not in destinations(state, t):
            raise IllegalAction(f"{tf['name']} may move no more than {n} hexes this Turn, never through an all-green "
                                f"hexside: {h} cannot be reached from {tf['hex']}.", "12a")
        if n == 1 and searchboard.distance(tf["hex"], h) != 1:
            slow = (" (12a: its slowest ship moves one hex this Turn)"
                    if optional.on(state, optional.SEA_MOVEMENT) else "")
            raise IllegalAction(f"{tf['name']} may move no more than one hex{slow}: {tf['hex']} to {h} is "
                                f"{searchboard.distance(tf['hex'], h)}.", "12a" if slow else RULE)
        if n == 1 and not searchboard.crossable(tf["hex"], h):
            raise IllegalAction(f"{tf['name']} may not cross the all-green hexside between {tf['hex']} and {h}.", RULE)


def via(here: str, there: str) -> str:
    """The hex a task force entered `there` from: `here` after one hex; after two (12a), the first middle hex in
    order through which the move is legal (the entry hexside, 16b)."""
    if searchboard.distance(here, there) <= 1:
        return here
    return min(m for m in searchboard.sea_steps(here) if there in searchboard.sea_steps(m))


def resolve(state: State, side: str, action: dict[str, Any], rng) -> State:
    s = clone(state)
    standing_orders.set_all(s, side, action["args"].get("standing") or {})
    moved = []
    for t, h in action["args"]["moves"].items():
        tf = s["task_forces"][t]
        if h != tf["hex"]:
            moved.append(f"{tf['name']} {tf['hex']} to {h}")
            tf["entered_from"], tf["hex"] = via(tf["hex"], h), h
    s["log"].append(entry(side, "Sea movement (secret): " + ("; ".join(moved) or "no task force moves") + ".",
                          at="Action Phase, Sea Movement Step (3c)"))
    return s


def random(state: State, side: str, rng) -> dict[str, Any]:
    """Random legal moves; half the time a task force closes on the nearest enemy marker its side has placed (so
    random games come within strike range)."""
    contacts = [c["hex"] for c in state["boards"][side]["contacts"].values() if searchboard.is_hex(c["hex"])]
    moves = {}
    for t in movable(state, side):
        here = state["task_forces"][t]["hex"]
        options = destinations(state, t)
        if contacts and rng.die(2) == 1:
            goal = min(contacts, key=lambda h: (searchboard.distance(here, h), h))
            moves[t] = min(options, key=lambda h: (searchboard.distance(h, goal), h))
        else:
            moves[t] = rng.choice(options)
    return {"verb": "move", "args": {"moves": moves}}


def default(state: State, side: str) -> dict[str, Any]:
    return {"verb": "move", "args": {"moves": {}}}
