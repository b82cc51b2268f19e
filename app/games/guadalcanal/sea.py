"""The Sea Movement Step (3c): task force markers move in secret, at most one hex, never through an all-green
hexside."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import entry
from app.engine.orders import Assignment
from app.games.guadalcanal import cards, dead_in_the_water, entries, searchboard
from app.games.guadalcanal.gamedata import ALL_TASK_FORCES, HEXES

State = dict[str, Any]
RULE = "3c"
VERBS = {"move": {"moves": Assignment(ALL_TASK_FORCES, HEXES, required=False, label="Task force moves")}}


def movable(state: State, side: str) -> list[str]:
    """3c: a task force that entered this Turn has made its move (entries.py); under option 11c one holding a dead
    in the water ship may not move (12a4.2, dead_in_the_water.py)."""
    return [t for t in cards.task_forces_of(state, side) if not entries.moved_by_entry(state, t)
            and not dead_in_the_water.stays(state, t)]


def needed(state: State, side: str) -> bool:
    return bool(movable(state, side))


def prompt(state: State, side: str) -> dict[str, Any]:
    tfs = movable(state, side)
    dest = tuple(dict.fromkeys(h for t in tfs for h in [state["task_forces"][t]["hex"],
                                                          *searchboard.sea_steps(state["task_forces"][t]["hex"])]))
    where = "; ".join(f"{state['task_forces'][t]['name']} in {state['task_forces'][t]['hex']}" for t in tfs)
    return {"title": f"Sea Movement Step: move task force markers one hex at most ({where})", "rule": RULE,
            "info": {"kind": "sea"},
            "actions": [{"verb": "move", "label": "Move (a task force left out stays)",
                         "args": {"moves": Assignment(tuple(tfs), dest, required=False,
                                                      label="Task force moves").to_json()}}]}


def check(state: State, side: str, action: dict[str, Any]) -> None:
    for t, h in action["args"]["moves"].items():
        tf = state["task_forces"].get(t)
        if tf is None or tf["side"] != side or tf["hex"] is None:
            raise IllegalAction(f"{t} is not one of your task forces on the searchboard.", RULE)
        if h == tf["hex"]:
            continue
        if entries.moved_by_entry(state, t):
            raise IllegalAction(f"{tf['name']} entered at {tf['hex']} this Turn: that was its movement.", RULE)
        if dead_in_the_water.stays(state, t):
            dead = cards.names(state, dead_in_the_water.dead_in(state, t))
            raise IllegalAction(f"{tf['name']} may not move: {dead} is dead in the water and nothing tows it (11c, "
                                f"reconstructed; 12a4.2). Reorganise to leave it behind (4e1).", "11c")
        if searchboard.distance(tf["hex"], h) != 1:
            raise IllegalAction(f"{tf['name']} may move no more than one hex: {tf['hex']} to {h} is "
                                f"{searchboard.distance(tf['hex'], h)}.", RULE)
        if not searchboard.crossable(tf["hex"], h):
            raise IllegalAction(f"{tf['name']} may not cross the all-green hexside between {tf['hex']} and {h}.", RULE)


def resolve(state: State, side: str, action: dict[str, Any], rng) -> State:
    s = cards.clone(state)
    moved = []
    for t, h in action["args"]["moves"].items():
        tf = s["task_forces"][t]
        if h != tf["hex"]:
            moved.append(f"{tf['name']} {tf['hex']} to {h}")
            tf["entered_from"], tf["hex"] = tf["hex"], h
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
        options = [here, *searchboard.sea_steps(here)]
        if contacts and rng.die(2) == 1:
            goal = min(contacts, key=lambda h: (searchboard.distance(here, h), h))
            moves[t] = min(options, key=lambda h: (searchboard.distance(h, goal), h))
        else:
            moves[t] = rng.choice(options)
    return {"verb": "move", "args": {"moves": moves}}


def default(state: State, side: str) -> dict[str, Any]:
    return {"verb": "move", "args": {"moves": {}}}
