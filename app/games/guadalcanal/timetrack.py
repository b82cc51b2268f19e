"""The TIME RECORD TRACK (6, 7a2.1): six Turns to a date; night Turns are dark-shaded (3a1)."""
from __future__ import annotations

from typing import Any

from app.games.guadalcanal import entries, transports
from app.games.guadalcanal.gamedata import TRACK

State = dict[str, Any]


def start(date: str, turn: int, turns: int) -> dict[str, Any]:
    """7a2.1: both sides' Turn and Date markers point to the scenario's starting Turn."""
    return {"date": TRACK["dates"].index(date), "turn": turn, "scenario_turn": 1, "turns": turns}


def is_night(state: State) -> bool:
    return state["time"]["turn"] in TRACK["night_turns"]


def label(time: dict[str, Any]) -> str:
    return f"{TRACK['dates'][time['date']]}, Turn {time['turn']}"


def public(state: State) -> dict[str, Any]:
    t = state["time"]
    return {"date": TRACK["dates"][t["date"]], "turn": t["turn"], "scenario_turn": t["scenario_turn"],
            "turns": t["turns"], "night": is_night(state), "label": label(t)}


def advance(state: State) -> bool:
    """6: advance the Turn markers; after Turn 6 back to Turn 1 and the next date. True if the last Turn is over.

    The scenario's end-of-Turn rule is counted first (7e4, transports.py); the task forces whose Turn has come enter
    once the markers point to it (3c, entries.py)."""
    t = state["time"]
    transports.end_of_turn(state, is_night(state), label(t))
    if t["scenario_turn"] >= t["turns"]:
        return True
    t["scenario_turn"] += 1
    if t["turn"] >= TRACK["turns_per_date"]:
        t["turn"] = 1
        t["date"] += 1
    else:
        t["turn"] += 1
    entries.enter(state)
    return False


def next_turn_is_night(state: State) -> bool:
    t = state["time"]["turn"]
    return (t % TRACK["turns_per_date"]) + 1 in TRACK["night_turns"]
