"""Task forces that enter during a scenario (3c; 7e2: Task Forces 16 and 64 "enter at any V area hex on Turn 7").

Until its Turn such a task force and its units are held off the Operations Card in `state["entering"]`
({id: {turn, hex, task_force, units}}); its entry hex is designated in secret at set-up (deployment.py). At the start
of its Turn it is placed in that hex, which "counts as its movement for the entry Turn" (3c): the record's
`entered` Turn keeps it from moving again in that Turn's Sea Movement Step (sea.py).
"""
from __future__ import annotations

from typing import Any

from app.engine.log import entry
from app.games.guadalcanal import cards
from app.games.guadalcanal.gamedata import TITLE, TRACK, enemy

State = dict[str, Any]
AT = "Turn Record Phase (6): entries (3c)"


def _when(state: State, turn: int) -> str:
    """The date and Turn of a scenario Turn (the 7th Turn of Scenario 4 is NOV 13, Turn 2)."""
    t = state["time"]
    n = t["turn"] - 1 + (turn - t["scenario_turn"])
    return f"{TRACK['dates'][t['date'] + n // TRACK['turns_per_date']]}, Turn {n % TRACK['turns_per_date'] + 1}"


def announce(state: State) -> None:
    """After set-up, each side is reminded where and when its held task forces enter (its own secret)."""
    for x in (state.get("entering") or {}).values():
        tf = x["task_force"]
        state["log"].append(entry(tf["side"], f"{tf['name']} enters at {x['hex']} on Turn {x['turn']} "
                                              f"({_when(state, x['turn'])}) (3c).", at="Set-up (7a2)"))


def enter(state: State) -> list[str]:
    """3c: place the task forces whose Turn has come in their designated hexes; their units join the Operations
    Card. Returns the ids that entered."""
    now = state["time"]["scenario_turn"]
    held = state.get("entering") or {}
    came = [t for t, x in held.items() if x["turn"] == now]
    for t in came:
        x = held.pop(t)
        tf = dict(x["task_force"], hex=x["hex"], entered=now)
        state["task_forces"][t] = tf
        state["units"].update(x["units"])
        side = tf["side"]
        ships = [u for u, r in x["units"].items() if r["kind"] == "ship"]
        state["log"].append(entry(side, f"{tf['name']} enters at {tf['hex']} (3c): {cards.names(state, ships)}. "
                                        f"Its entry is its movement this Turn.", at=AT))
        if state["open_cards"]:
            # 2c: the enemy watches the Operations Card (not the searchboard): he learns the ships, not the hex.
            state["log"].append(entry(enemy(side), f"{TITLE[side]} Operations Card: {tf['name']} enters play "
                                                   f"({cards.names(state, ships)}).", at=AT))
    return came


def moved_by_entry(state: State, t: str) -> bool:
    """3c: a task force that entered this Turn has made its move."""
    return state["task_forces"][t].get("entered") == state["time"]["scenario_turn"]
