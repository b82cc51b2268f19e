"""The opening position (21 Initial placement, 5) and the blank records every procedure fills in."""
from __future__ import annotations

from typing import Any

from app.engine.log import entry
from app.games.solomons import board
from app.games.solomons.units import make_unit

State = dict[str, Any]


def blank_air(base: str) -> dict[str, Any]:
    return {"lac": 0, "nac": 0, "untrained": 0, "spent": 0, "transferred": 0, "attacked": False}


def new_state(options: dict[str, Any]) -> State:
    placement = board.initial_placement(options)
    state: State = {
        "game": "solomons", "scenario": "campaign", "options": dict(options),
        "turn": 1, "step": {"part": "turn", "index": -1, "kind": None, "side": None},  # the walker's place (sequence.py)
        "phase": "plot1", "segment": None, "section": None, "day": True,
        "units": {}, "task_forces": {},
        "air": {"allied": {b: blank_air(b) for b in ("espiritu_santo", "australia", "henderson")},
                "japanese": {b: blank_air(b) for b in ("rabaul", "truk")}},
        "ground": {"allied": {"espiritu_santo": 0}, "japanese": {"rabaul": 0}},
        "guadalcanal": {"ground": {"allied": 0, "japanese": 0}, "supply": {"allied": 0, "japanese": 0},
                        "henderson": {"complete": False, "side": "allied"}, "supplied": True,
                        "landed": {"allied": 0, "japanese": 0}, "unsupplied_turns": 0},
        "submarines": {},
        "truk_sortie": None, "henderson_roll": None, "intentions": None,
        "markers": {"allied": {}, "japanese": {}},
        "cap_shown": {"allied": [], "japanese": []},
        "combat_reveals": {"allied": [], "japanese": []},
        "pending": {"allied": None, "japanese": None},
        "standing": {"allied": {}, "japanese": {}},  # issue 11 item 4: standing orders, each secret to its side
        "decisions": {"allied": None, "japanese": None},
        "emergency_runs": {"turn": 0, "phase": 0},
        "losses": {s: {"lac": 0, "nac": 0, "ground": 0, "supply": 0} for s in board.SIDES},
        "counters": {"marker": {"allied": 0, "japanese": 0}, "tf": {"allied": 0, "japanese": 0}},
        "log": [entry("public", "Game-Turn 1 begins: the Americans have landed on Guadalcanal.")],
        "outcome": None,
    }
    for side in board.SIDES:
        spec = placement[side]
        for place, ids in spec["units"].items():
            for uid in ids:
                state["units"][uid] = make_unit(uid, place)
        for place, points in spec.get("ground", {}).items():
            if place == "guadalcanal":
                state["guadalcanal"]["ground"][side] += points
            else:
                state["ground"][side][place] = state["ground"][side].get(place, 0) + points
        for base, air in spec.get("air", {}).items():
            for kind, n in air.items():
                state["air"][side][base][kind] += n
        for uid, nac in spec.get("nac_aboard", {}).items():
            state["units"][uid]["nac"] = nac
        for uid, cargo in spec.get("cargo", {}).items():
            state["units"][uid]["cargo"] = {"ground": cargo.get("ground", 0), "supply": cargo.get("supply", 0)}
    # The American fleet begins at sea in M (21): it forms its task forces there in the first allocation.
    for uid in placement["allied"]["units"].get("M", []):
        state["units"][uid]["location"] = "M"
        state["units"][uid]["sortied"] = True
    return state
