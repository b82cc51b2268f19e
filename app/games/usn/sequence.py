"""The walk through the Detailed Sequence of Play (its rows in steps.py): which decision is due and who makes it,
including the decisions inside a step (a submarine or surface engagement, the Australian Reserves), and the
procedures run between decisions until one is due or the game ends."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.engine.log import PUBLIC, entry
from app.games.usn import shock, special, steps, submarine, surface

State = dict[str, Any]
# procedure kind -> function(state, rng); filled in by rules.py (the modules of each rule)
PROCEDURES: dict[str, Callable[[State, Any], None]] = {}


def kind(state: State) -> str:
    """The row's kind, or inside a naval phase with engagements pending (Step 2 (G)) the engagement's decision, or
    the Allied Player's Australian Reserves decision (special.py) when it is due."""
    if state.get("sub_attack"):  # Submarines (H): an engagement's decisions (submarine.py)
        return submarine.kind(state)
    if (state.get("reserves") or {}).get("due"):
        return special.RESERVES
    if state.get("surface"):
        return surface.kind(state)
    return steps.row(state)[1]


def acting(state: State) -> list[str]:
    """Who decides now: the row's side, or for the secret allocation both sides that have not yet written."""
    if state["outcome"] is not None:
        return []
    if state.get("sub_attack"):  # Submarines (H): the Japanese aim, then the Allied split (submarine.py)
        return [submarine.decider(state)]
    if (state.get("reserves") or {}).get("due"):  # Australian Reserves (special.py): the Allied Player's choice
        return ["allied"]
    if state.get("surface"):
        return surface.acting(state)
    k, side = steps.row(state)[1], steps.row(state)[2]
    if k in PROCEDURES:  # an automatic step: nobody decides (every other kind is a record of rules.STATES)
        return []
    if side == steps.BOTH:
        return [s for s in ("japanese", "allied") if s not in state["allocations"]]
    return [side]


def _enter(state: State, pregame: bool, n: int, shock: bool = False) -> None:
    state["step"] = {"pregame": pregame, "n": n, **({"shock": True} if shock else {})}
    r = steps.row(state)
    state["step"].update(kind=r[1], side=r[2])
    state["log"].append(entry(PUBLIC, f"Game-Turn {state['turn']}, {r[3]}." if not pregame else f"{r[3]}.",
                              at=r[3]))


def advance(state: State, rng) -> None:
    """Move past the decision just completed, running procedures, until a decision is due or the game ends."""
    if state.get("setup_due"):  # a campaign's set-up decision is still due (campaign_setup.py)
        return
    while True:
        st = state["step"]
        if st.get("shock"):  # the Pre-Game-Turn's second phase, then Step 1 of Game-Turn 1
            _enter(state, True, st["n"] + 1, shock=True) if st["n"] + 1 < len(steps.SHOCK) else _enter(state, False, 0)
        elif st.get("pregame") and st["n"] + 1 < len(steps.PREGAME):
            _enter(state, True, st["n"] + 1)
        elif st.get("pregame") and _shock_due(state):  # set-up done: the Shock Effect's Pre-Game-Turn
            _enter(state, True, 0, shock=True)
        elif st.get("pregame"):
            _enter(state, False, 0)
        elif st["n"] + 1 < len(steps.TURN):
            _enter(state, False, st["n"] + 1)
        else:  # after step 10: the next Game-Turn (records have already ended the game after the last one)
            state["turn"] += 1
            _enter(state, False, 0)
        k = kind(state)
        if k in PROCEDURES:
            PROCEDURES[k](state, rng)
            if state["outcome"] is not None:
                return
            continue
        if acting(state):
            return


def _shock_due(state: State) -> bool:
    """Campaign Games 1 and 3: the Pre-Game-Turn comes once the set-up is done, before Step 1 (shock.py)."""
    return shock.in_force(state)


def start(state: State) -> None:
    _enter(state, True, 0)
