"""Damage and Repair of Naval Units (Step 1, "repaired naval units"): "To repair damage on naval units, Japanese units
must be in any Naval Base in Japan, and Allied units in Pearl Harbor or the U.S. West Coast. For every complete
Game-Turn spent idle in the proper Naval Base, reduce the amount of damage by one week."

Reading: a Game-Turn is complete and idle when two successive Step 1s find the ship in the same proper base and
nothing records a move in between (a movement order may set `moved_on` = the Game-Turn). A ship whose damage reaches
nought is repaired: whole values again, and if sunk later it pays its full Victory Points anew (Victory Point
Schedule: "If the carrier were fully repaired, then was sunk, the Player would receive an additional 100").
"""
from __future__ import annotations

from typing import Any

from app.engine.log import PUBLIC, entry
from app.games.usn import board, campaigndata

State = dict[str, Any]
AT = "Step 1: repaired naval units"


def repair_base(state: State, ship: dict[str, Any]) -> bool:
    """Is the ship in a naval base where its side repairs, held by its side (the West Coast is always Allied)?"""
    h = ship["hex"]
    if h not in campaigndata.units()["repair"][ship["side"]]:
        return False
    if h == campaigndata.units()["places"]["west_coast"]:
        return True
    return board.friendly_base(state, h, ship["side"], naval=True) is not None


def step(state: State) -> None:
    turn = state["turn"]
    for s in board.afloat(state):
        if not s["damage"] or not repair_base(state, s):
            s.pop("repair", None)
            continue
        since = s.get("repair")
        idle = (since is not None and since["hex"] == s["hex"] and since["turn"] == turn - 1
                and s.get("moved_on") != turn - 1)
        if idle:
            s["damage"] -= 1
            if s["damage"] == 0:
                s["vp_paid"] = 0
                s.pop("repair", None)
                state["log"].append(entry(PUBLIC, f"{board.TITLE[s['side']]} {s['id']} is repaired.", at=AT))
                continue
            state["log"].append(entry(PUBLIC, f"{s['id']}: one week repaired, {s['damage']} to go.", at=AT))
        s["repair"] = {"hex": s["hex"], "turn": turn}
