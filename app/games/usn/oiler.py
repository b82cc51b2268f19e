"""The Oiler's refuelling mission (Supply (G), (H); Mission Capability Chart: Naval Units, Mission: Refuelling;
Detailed Sequence of Play, Step 2 (J)).

At the end of a side's Air and Sea Movement Phase (J), after the naval base refuelling (naval.refuel):
- an Oiler that ends the phase in a friendly naval base that may refuel (in supply, not neutralized) fills up;
- a full Oiler refuels every friendly ship ending the phase stacked with it at sea, however many, and is then empty
  until it has ended a phase in a naval base (H). Reading (data/optional.toml [oiler]): a ship with no Game-Turn at
  sea yet (fuel record 0) draws nothing, so an Oiler is emptied only by ships that needed it; two Oilers in one
  hex: the first (by id) serves, the other keeps its fuel; an Oiler does not refuel itself.
The Oilers' status is an open record (Necessary Equipment b), shown with the fuel records (views.py)."""
from __future__ import annotations

from typing import Any

from app.engine.log import entry
from app.games.usn import board, gamedata, supply

State = dict[str, Any]
RULE = "Supply (H)"
DATA = gamedata.load("optional")["oiler"]


def start(state: State) -> None:
    """How To Use the Situation: every naval unit starts fully fuelled, Oilers full."""
    state["oilers"] = {s["id"]: bool(DATA["starts_full"]) for s in state["ships"].values() if s["type"] == DATA["type"]}


def due(state: State, side: str) -> None:
    """The phase's refuelling (J) is owed once its movement (and any surface engagement) is over."""
    state["oiler_due"] = side


def refuel(state: State, side: str) -> None:
    oilers = state.setdefault("oilers", {})
    for o in sorted(board.afloat(state, side), key=lambda x: x["id"]):
        if o["type"] != DATA["type"]:
            continue
        if supply.refuels_at(state, o["hex"], side):
            if not oilers.get(o["id"]):
                state["log"].append(entry(side, f"{o['id']} fills up in the naval base at {o['hex']} (Supply (H))."))
            oilers[o["id"]] = True
            continue
        if not oilers.get(o["id"]):
            continue
        thirsty = [s for s in board.stack(state, o["hex"], side)
                   if s["id"] != o["id"] and s["at_sea"] >= DATA["draws_after_turns_at_sea"]]
        if not thirsty:
            continue
        for s in thirsty:
            s["at_sea"] = 0
        oilers[o["id"]] = False
        state["log"].append(entry(side, f"{o['id']} refuels {', '.join(s['id'] for s in thirsty)} at sea in hex "
                                        f"{o['hex']} and is empty until it ends a movement phase in a naval base "
                                        "(Supply (H))."))
