"""The non-interference and canary hooks (app/engine/testing.py): change, or mark, only what a role may not know.

Hidden from a side: the enemy's task force hexes, flights and searchboard markers, its orders not yet carried out,
its log lines, and, in an umpired game (18c), its Operations Card and its secret orders for the simultaneous step
(state["step"]["in"], 18c1), and under the 18c2 fog the true damage of each enemy unit the umpire reported on (the
side knows what it was told). Hidden from a spectator: all of these, both sides.
"""
from __future__ import annotations

import copy
from typing import Any

from app.engine.contract import UMPIRE
from app.engine.log import entry
from app.games.guadalcanal import cards, fog
from app.games.guadalcanal.gamedata import HEXES, SIDES, enemy

State = dict[str, Any]


def hidden_sides(role: str) -> list[str]:
    if role == UMPIRE:
        return []
    return [enemy(role)] if role in SIDES else list(SIDES)


def cards_hidden(state: State, role: str) -> bool:
    return role not in SIDES or not state["open_cards"]


def fogged(state: State, role: str, side: str) -> list[str]:
    """18c2: the units of `side` whose true damage `role` does not know: those it was told of (a side), those
    reported on to anyone (a spectator, who sees a fogged base as it stood before the first report)."""
    if not fog.enabled(state):
        return []
    fogs = state["fog"]
    seen = (fogs["told"].get(role) or {}) if role in SIDES else (fogs.get("public") or {})
    return [u for u in seen if u in state["units"] and state["units"][u]["side"] == side]


def hides_nothing(state: State) -> bool:
    """Scenarios 5 and 6 are played on the Battleboard alone, where both sides see every ship (16a)."""
    return bool(state.get("surface_game"))


def perturb(state: State, role: str, rng) -> State:
    if state.get("surface_game"):  # scenarios 5 and 6: nothing on the Battleboard is hidden (16a)
        return copy.deepcopy(state)
    s = copy.deepcopy(state)
    for side in hidden_sides(role):
        for t in cards.task_forces_of(s, side):
            s["task_forces"][t]["hex"] = rng.choice([h for h in HEXES if h != s["task_forces"][t]["hex"]])
        for u in cards.in_box(s, side, "flying") + cards.in_box(s, side, "shadowing"):  # 12d2: shadowers too
            s["units"][u]["location"]["hex"] = rng.choice(HEXES)
        for x in (s.get("entering") or {}).values():  # 7e2: a held task force's entry hex, designated in secret
            if x["task_force"]["side"] == side:
                x["hex"] = rng.choice([h for h in HEXES if h != x["hex"]])
        board = s["boards"][side]
        for c in board["contacts"].values():
            c["hex"] = rng.choice(HEXES)
        board["contacts"]["99"] = {"marker": 99, "hex": rng.choice(HEXES), "exact": True, "ships": [],
                                   "seen": "OCT 27, Turn 1", "how": "air search"}
        board["next_marker"] += 1
        if s["orders"][side] is not None:
            s["orders"][side] = {"hexes": {}, "ready": []}
        if (s["step"].get("in") or {}).get(side) is not None:  # 18c1: orders in, not yet carried out
            s["step"]["in"][side] = dict(s["step"]["in"][side], note=rng.die(1000))
        if cards_hidden(s, role):
            for u in cards.units_of(s, side, "air"):
                box = s["units"][u]["box"]
                if box in ("arming", "ready"):
                    s["units"][u]["box"] = "ready" if box == "arming" else "arming"
            for t in cards.task_forces_of(s, side):
                s["task_forces"][t]["name"] += " (perturbed)"
        for u in fogged(s, role, side):
            if not fog.shown(s["units"][u])["eliminated"]:  # afloat or not: that much a later meeting tells
                s["units"][u]["hits"] = 1 - min(s["units"][u]["hits"], 1)
        s["log"].append(entry(side, "A line only this side may read."))
    return s


def plant_canaries(state: State, role: str, marker: str) -> State:
    if state.get("surface_game"):  # scenarios 5 and 6: nothing hidden to plant in (16a)
        return copy.deepcopy(state)
    s = copy.deepcopy(state)
    for side in hidden_sides(role):
        for t in cards.task_forces_of(s, side):
            s["task_forces"][t]["hex"] = marker
        for u in cards.in_box(s, side, "flying") + cards.in_box(s, side, "shadowing"):  # 12d2: shadowers too
            s["units"][u]["location"]["hex"] = marker
        for x in (s.get("entering") or {}).values():
            if x["task_force"]["side"] == side:
                x["hex"] = marker
        board = s["boards"][side]
        board["contacts"][marker] = {"marker": marker, "hex": marker, "exact": True, "ships": [],
                                     "seen": marker, "how": marker}
        if s["orders"][side] is not None:
            s["orders"][side] = {"hexes": {marker: marker}, "ready": [marker]}
        if (s["step"].get("in") or {}).get(side) is not None:
            s["step"]["in"][side] = dict(s["step"]["in"][side], note=marker)
        if cards_hidden(s, role):
            for u in cards.units_of(s, side):
                if s["units"][u]["kind"] != "base":
                    s["units"][u]["name"] = marker
            for t in cards.task_forces_of(s, side):
                s["task_forces"][t]["name"] = marker
        s["log"].append(entry(side, f"{marker}: a line only this side may read."))
    return s
