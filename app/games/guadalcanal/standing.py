"""Standing orders (issue 34): what a side has said once to stop being asked a question with one sensible answer.

The sea search (3d5) on a Turn when the side has no enemy marker on its searchboard in or next to one of its task
forces' hexes: a sea search calls only hexes holding the side's own task forces or bases; calling an unspotted task
force's hex tells the enemy where it is, and with nothing sighted near it there is no sighting to check on. The standing order calls every base's hex (the enemy knows
where the bases are, and the rules' own hint, 10a, is to sea-search "every Turn with bases") and no task force's, and
the step does not ask. It is on from the start; the first Turn it answers says so in the side's log, and the sea
search form (asked on a Turn with an enemy marker placed) has the box that keeps or cancels it. Umpired (18c1) the
sea search is sent with the other side's at once and always asked."""
from __future__ import annotations

from typing import Any

from app.engine.log import entry
from app.games.guadalcanal import cards, search, searchboard, standing_orders
from app.games.guadalcanal.gamedata import EDGES

State = dict[str, Any]
AT = "Action Phase, sea search (3d5), standing order"


def applies(state: State, side: str) -> bool:
    """The sea search is answered by the standing order now: it is on, play is not umpired, and no enemy marker is
    placed on the side's searchboard in or next to a hex of one of its task forces (where a call might find what
    the marker stands for, at the price of telling the enemy where the task force is)."""
    if not standing_orders.on(state, side, "sea_search") or state.get("umpired"):
        return False
    tfs = {state["task_forces"][t]["hex"] for t in cards.task_forces_of(state, side)} - {None}
    return not any(searchboard.distance(c["hex"], h) <= 1 for c in state["boards"][side]["contacts"].values()
                   if c.get("hex") in EDGES for h in tfs if h in EDGES)


def base_hexes(state: State, side: str) -> list[str]:
    mine = set(search.callable_hexes(state, side))
    return list(dict.fromkeys(h for b in cards.units_of(state, side, "base") if (h := cards.hex_of(state, b)) in mine))


def sea_search(state: State, side: str, rng) -> None:
    """Carry out the standing order (the step is not asked): the bases' hexes called, each answered (3d3.2)."""
    hexes = base_hexes(state, side)
    first = standing_orders.first_told(state, side, "told")
    called = f"your bases' hexes called ({', '.join(hexes)})" if hexes else "nothing called (you have no base)"
    why = (" On a Turn with no enemy marker in or next to your task forces' hexes the sea search is not asked: "
           "calling a task force's hex would tell the enemy where it is. The sea search form, asked when a marker is placed, keeps or "
           "cancels this standing order.") if first else ""
    state["log"].append(entry(side, f"Sea search by your standing order: no enemy marker placed near your task "
                                    f"forces; {called}.{why}",
                              at=AT))
    for h in hexes:
        search.answer(state, side, h, "Sea search", AT, rng)


# The reorganisation's standing order (4e1) is the combat package's: combat/reorganisation.py.


def answered(state: State, side: str) -> None:
    """The standing order answered this Turn's sea search: the step does not ask it (sequence.py)."""
    standing_orders.mine(state, side)["answered"] = state["time"]["scenario_turn"]


def answered_now(state: State, side: str) -> bool:
    return (state.get("standing") or {}).get(side, {}).get("answered") == state["time"]["scenario_turn"]
