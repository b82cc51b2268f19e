"""The Detailed Sequence of Play as a table: the ten steps of a Game-Turn, each row a decision kind (a record of the
states table in rules.py) or an automatic procedure, with the side that acts. Before Game-Turn 1 both sides deploy,
Japan first (How To Use the Situation & Order of Battle). Only 5(E)/9(E), the air mission allocation, is decided by
both sides at once and in secret; every other decision is one side's. The rows only: sequence.py walks them, and the
procedures that ask which step is under way (shock.py) read them here, below the walker."""
from __future__ import annotations

from typing import Any

from app.games.usn import setup_due

State = dict[str, Any]
BOTH = "both"

# (printed step, kind, side, title). A kind is a decision record or a procedure (sequence.PROCEDURES).
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


def row(state: State) -> tuple[str, str, str, str]:
    st = state["step"]
    if state.get("setup_due"):  # a campaign's set-up decisions, before Step 1 (campaign_setup.py)
        return setup_due.row(state)
    if st.get("shock"):
        return SHOCK[st["n"]]
    return PREGAME[st["n"]] if st.get("pregame") else TURN[st["n"]]


def rule(state: State) -> str:
    step = row(state)[0]
    return RULE.get(step, f"Detailed Sequence of Play, Step {step}")
