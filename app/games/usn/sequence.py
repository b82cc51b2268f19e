"""The Detailed Sequence of Play as a table: the ten steps of a Game-Turn, each row a decision kind (a record of the
states table in rules.py) or an automatic procedure, with the side that acts. Before Game-Turn 1 both sides deploy,
Japan first (How To Use the Situation & Order of Battle). Only 5(E)/9(E), the air mission allocation, is decided by
both sides at once and in secret; every other decision is one side's."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.engine.log import PUBLIC, entry
from app.games.usn import setup_due

State = dict[str, Any]
BOTH = "both"

# (printed step, kind, side, title). A kind is a decision record or a procedure (PROCEDURES).
PREGAME: list[tuple[str, str, str, str]] = [
    ("Set-up", "deploy", "japanese", "Japanese deployment of air points"),
    ("Set-up", "deploy", "allied", "Allied deployment of air points"),
]
TURN: list[tuple[str, str, str, str]] = [
    ("1", "reinforce", "", "Step 1: reinforcements, replacements, repaired ships"),
    ("2", "naval", "japanese", "Step 2: Japanese Air and Sea Movement Phase"),
    ("3", "land_move", "allied", "Step 3: Allied Land Movement Phase"),
    ("4", "naval", "allied", "Step 4: Allied Air and Sea Movement Phase"),
    ("5", "land_attack", "allied", "Step 5 (A)-(C): Allied landings and land attacks"),
    ("5", "examine", "", "Step 5 (D): examination of naval stacks in air range"),
    ("5", "allocation", BOTH, "Step 5 (E): secret simultaneous air mission allocation"),
    ("5", "strikes", "", "Step 5 (F)-(L): air strikes, land combat, air units return"),
    ("6", "naval", "allied", "Step 6: Allied Air and Sea Movement Phase"),
    ("7", "land_move", "japanese", "Step 7: Japanese Land Movement Phase"),
    ("8", "naval", "japanese", "Step 8: Japanese Air and Sea Movement Phase"),
    ("9", "land_attack", "japanese", "Step 9 (A)-(C): Japanese landings and land attacks"),
    ("9", "examine", "", "Step 9 (D): examination of naval stacks in air range"),
    ("9", "allocation", BOTH, "Step 9 (E): secret simultaneous air mission allocation"),
    ("9", "strikes", "", "Step 9 (F)-(L): air strikes, land combat, air units return"),
    ("10", "records", "", "Step 10: Turn Record, fuel and damage records"),
]
# Campaign Games 1 and 3, Shock Effect: "Before the Game actually begins, the Japanese Player may move his Naval units
# for one full Game-Turn (two Movement Phases)": the Pre-Game-Turn, before Step 1 of Game-Turn 1 (shock.py)
SHOCK: list[tuple[str, str, str, str]] = [
    ("Pre-Game-Turn", "naval", "japanese", "Shock Effect: Pre-Game-Turn, first Japanese naval movement phase"),
    ("Pre-Game-Turn", "naval", "japanese", "Shock Effect: Pre-Game-Turn, second Japanese naval movement phase"),
]
RULE = {"Set-up": "How to Set-up and Play the Games", "Pre-Game-Turn": "Campaign Game 1, Shock Effect"}
DECISIONS = ("deploy", "naval", "land_move", "land_attack", "allocation")
SURFACE = ("escape", "surface_fire")  # decisions inside a naval phase's Step (G), not rows of the table
SET_UP = ("variable_deployment", "campaign_setup")  # a campaign's set-up decisions (campaign_setup.py), not rows

# procedure kind -> function(state, rng); filled in by rules.py (the modules of each rule)
PROCEDURES: dict[str, Callable[[State, Any], None]] = {}


def row(state: State) -> tuple[str, str, str, str]:
    st = state["step"]
    if state.get("setup_due"):  # a campaign's set-up decisions, before Step 1 (campaign_setup.py)
        return setup_due.row(state)
    if st.get("shock"):
        return SHOCK[st["n"]]
    return PREGAME[st["n"]] if st.get("pregame") else TURN[st["n"]]


def kind(state: State) -> str:
    """The row's kind, or inside a naval phase with engagements pending (Step 2 (G)) the engagement's decision, or
    the Allied Player's Australian Reserves decision (special.py) when it is due."""
    if state.get("sub_attack"):  # Submarines (H): an engagement's decisions (submarine.py)
        from app.games.usn import submarine
        return submarine.kind(state)
    if (state.get("reserves") or {}).get("due"):
        return "reserves"
    if state.get("surface"):
        from app.games.usn import surface
        return surface.kind(state)
    return row(state)[1]


def rule(state: State) -> str:
    step = row(state)[0]
    return RULE.get(step, f"Detailed Sequence of Play, Step {step}")


def acting(state: State) -> list[str]:
    """Who decides now: the row's side, or for the secret allocation both sides that have not yet written."""
    if state["outcome"] is not None:
        return []
    if state.get("sub_attack"):  # Submarines (H): the Japanese aim, then the Allied split (submarine.py)
        from app.games.usn import submarine
        return [submarine.decider(state)]
    if (state.get("reserves") or {}).get("due"):  # Australian Reserves (special.py): the Allied Player's choice
        return ["allied"]
    if state.get("surface"):
        from app.games.usn import surface
        return surface.acting(state)
    k, side = row(state)[1], row(state)[2]
    if k not in DECISIONS + SET_UP:
        return []
    if side == BOTH:
        return [s for s in ("japanese", "allied") if s not in state["allocations"]]
    return [side]


def _enter(state: State, pregame: bool, n: int, shock: bool = False) -> None:
    state["step"] = {"pregame": pregame, "n": n, **({"shock": True} if shock else {})}
    r = row(state)
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
            _enter(state, True, st["n"] + 1, shock=True) if st["n"] + 1 < len(SHOCK) else _enter(state, False, 0)
        elif st.get("pregame") and st["n"] + 1 < len(PREGAME):
            _enter(state, True, st["n"] + 1)
        elif st.get("pregame") and _shock_due(state):  # set-up done: the Shock Effect's Pre-Game-Turn
            _enter(state, True, 0, shock=True)
        elif st.get("pregame"):
            _enter(state, False, 0)
        elif st["n"] + 1 < len(TURN):
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
    from app.games.usn import shock
    return shock.in_force(state)


def start(state: State) -> None:
    _enter(state, True, 0)
