"""The Japanese BOT: one die on the Japanese Action Chart each turn, its steps played in order (Using Action Charts).

The rulebook gives the player nothing to decide here ("Roll a die to determine the Japanese BOT action to use for the
turn and follow its instructions"), so the walk carries it out (`act`, a procedure of sequence.py) and the log shows
each die. A step that cannot be played is ignored (Key Game Concepts). A Japanese land attack that succeeds against a
front with an Allied reserve pauses the BOT until the player decides on the re-roll (Allied Army Reserves, the
walk's interrupt); the remaining steps wait in `state["bot"]["steps"]` and `play_steps` plays them afterwards.
"""
from __future__ import annotations

from typing import Any

from app.engine.rng import Rng
from app.games.pacific_war_1942 import attacks, board, data

State = dict[str, Any]


def roll_action(state: State, rng: Rng) -> None:
    """Roll the Japanese Action Chart and start playing its row."""
    roll = rng.d6()
    row = data.JAPANESE_ACTIONS[roll]
    state["bot"] = {"steps": [dict(s) for s in row["steps"]]}
    state["last_bot"] = {"turn": state["turn"], "roll": roll, "name": row["name"], "text": row["text"],
                         "results": []}
    attacks.log(state, f"Japanese BOT action: die {roll}, {row['name']}: {row['text']}", roll=roll, bot=True)


def act(state: State, rng: Rng) -> bool:
    """Roll the chart and play its row; True when it pauses for the player's reserve decision."""
    roll_action(state, rng)
    return play_steps(state, rng)


def note(state: State, text: str) -> None:
    state["last_bot"]["results"].append(text)
    attacks.log(state, text)


def play_steps(state: State, rng: Rng) -> bool:
    """Play the BOT's remaining steps. Returns True when paused for the player's reserve decision."""
    steps = state["bot"]["steps"]
    while steps:
        step = steps.pop(0)
        if _play(state, step, rng):
            return True
    state["bot"] = None
    return False


def _front_name(front: str) -> str:
    return data.FRONTS[front]["name"]



def _flip(state: State, front: str, marker: str, already: str, done: str) -> None:
    """A BOT result that turns a front marker over (stalled, reserve): ignored if it is already so. `already` and
    `done` name the front with {}."""
    f = state["fronts"][front]
    if f[marker]:
        note(state, already.format(_front_name(front)))
    else:
        f[marker] = True
        note(state, done.format(_front_name(front)))

def _play(state: State, step: dict[str, Any], rng: Rng) -> bool:
    kind = step["kind"]
    if kind == "europe":
        # Europe markers stack (docs/games/pacific_war_1942.md, "Europe markers"): a repeated result adds one.
        state["europe"] = int(state["europe"]) + 1
        if state["europe"] == 1:
            note(state, "A Europe marker is placed in the Europe First Box: Allied attacks on the India and "
                        "China fronts get -2 DRM until every Europe marker is removed.")
        else:
            note(state, f"Another Europe marker is placed in the Europe First Box: {state['europe']} are in play.")
        return False
    if kind == "stall":
        _flip(state, step["front"], "stalled", "The Allied {} front is already stalled: ignored.",
              "The Allied {} front is stalled: it may not attack until an action flips it back to active.")
        return False
    if kind == "reserve":
        _flip(state, step["front"], "japanese_reserve",
              "The Japanese {} front marker is already a reserve: ignored.",
              "The Japanese {} front marker flips to its reserve side: -1 DRM to Allied attacks on that front.")
        return False
    if kind == "attack_front":
        if board.allied_location(state, step["front"]) is None:
            note(state, f"No Allied front marker to attack on the {_front_name(step['front'])} front: ignored.")
            return False
        before = len(state["log"])
        paused = attacks.land_attack(state, step["front"], "japanese", rng)
        state["last_bot"]["results"].extend(line["text"] for line in state["log"][before:])
        return paused
    if kind == "attack_sea":
        sea = next((s for s in step["order"] if state["seas"][s] == "allied"), None)
        if sea is None:
            note(state, "The Allies control no sea area: ignored.")
            return False
        before = len(state["log"])
        attacks.sea_attack(state, sea, "japanese", rng)
        state["last_bot"]["results"].extend(line["text"] for line in state["log"][before:])
        return False
    raise ValueError(f"unknown Japanese action step {kind!r}")  # a data error, caught by the data check
