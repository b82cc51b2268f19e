"""Japanese Carrier Aircraft Embarkation: "When new NAC are embarked onto a Japanese carrier, that is, NAC which have
not previously been on a carrier, the carrier must spend one Game-Turn in a naval base in Japan while training the new
pilots. Two full Naval Movement Phases must be spent idle in the base."

Readings (docs/games/usn.md, "Special Game Rules in play (session 9)"): new NAC are those the Reinforcement Chart puts
aboard a Japanese carrier at Step 1 (reinforce.py: with the carrier that enters, or waiting points); the carrier is
then "in training" for two Japanese naval movement phases it spends idle in a Japanese naval base in Japan (the home
islands); while it stands in such a base in training it may not move (its order is refused; the missed, random and
computer orders leave it). A carrier in training elsewhere may sail home; its phases count only there. The status
is the Japanese Player's own (it tells which carrier took NAC aboard, and NAC aboard are hidden: views.py), given in
his naval prompt's `info.training` and perturbed by the secrecy harness (hidden.py)."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import entry
from app.games.usn import board, gamedata

State = dict[str, Any]
RULE = "Japanese Carrier Aircraft Embarkation"
PHASES = 2  # printed: "Two full Naval Movement Phases must be spent idle in the base"


def _japan() -> frozenset[str]:
    return frozenset(gamedata.load("terrain")["regions"]["japan_home_islands"])


def _carriers(state: State) -> list[dict[str, Any]]:
    return [s for s in board.afloat(state, "japanese") if board.is_carrier(s) or s["type"] == "CVE"]


def before(state: State) -> dict[str, int]:
    """NAC aboard each Japanese carrier before a campaign's Step 1 places the chart's points."""
    return {s["id"]: s["nac"] for s in _carriers(state)}


def mark_new(state: State, was: dict[str, int]) -> None:
    """After Step 1: a Japanese carrier holding more NAC than before took new NAC aboard; it trains."""
    for s in _carriers(state):
        if s["nac"] > was.get(s["id"], 0):
            s["training"] = PHASES
            state["log"].append(entry("japanese", f"{s['id']} has new NAC aboard: it must spend two full Naval "
                                                  f"Movement Phases idle in a naval base in Japan ({RULE}).",
                                      at="Step 1"))


def in_home_base(state: State, ship: dict[str, Any]) -> bool:
    return ship["hex"] in _japan() and board.friendly_base(state, ship["hex"], "japanese", naval=True) is not None


def training(state: State, role: str) -> dict[str, int]:
    """{carrier: phases still to spend idle} for the Japanese Player's prompt."""
    if role != "japanese":
        return {}
    return {s["id"]: s["training"] for s in _carriers(state) if s.get("training")}


def _moves(state: State, sid: str, o: dict[str, Any]) -> bool:
    h = state["ships"][sid]["hex"]
    return o.get("stop", h) != h or o.get("to", o.get("stop", h)) != h


def check(state: State, role: str, action: dict[str, Any]) -> None:
    if role != "japanese":
        return
    for sid, o in action["args"].get("moves", {}).items():
        s = state["ships"].get(sid)
        if s and s.get("training") and in_home_base(state, s) and _moves(state, sid, o):
            raise IllegalAction(f"{sid} is training the new pilots of its NAC: it must spend {s['training']} more "
                                "full Naval Movement Phase(s) idle in its naval base in Japan.", RULE)


def comply(state: State, role: str, action: dict[str, Any]) -> dict[str, Any]:
    if role != "japanese":
        return action
    keep = {sid: o for sid, o in action["args"].get("moves", {}).items()
            if not (state["ships"].get(sid, {}).get("training") and in_home_base(state, state["ships"][sid])
                    and _moves(state, sid, o))}
    return {**action, "args": {**action["args"], "moves": keep}}


def idle(state: State, role: str) -> list[str]:
    """Before a Japanese naval movement phase: the carriers in training that stand in a naval base in Japan (`check`
    keeps them there for the phase)."""
    return [s["id"] for s in _carriers(state) if s.get("training") and in_home_base(state, s)] \
        if role == "japanese" else []


def count(state: State, idle_ones: list[str]) -> None:
    """After the phase: each carrier that spent it idle in the base counts one phase; after two it is ready."""
    for sid in idle_ones:
        s = state["ships"][sid]
        if not s["sunk"] and s.get("training") and in_home_base(state, s):
            s["training"] -= 1
            if not s["training"]:
                del s["training"]
                state["log"].append(entry("japanese", f"{s['id']}'s new pilots are trained ({RULE})."))
