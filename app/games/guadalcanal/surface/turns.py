"""16d, the sequence of a Surface Turn: 16d1 (Surface Sides by a competitive roll), 16d7 (advance the Surface Turn;
the battle ends when one side has no ship unit left on the Battleboard, or after Surface Turn 10), and 11c1
(reconstructed: dead in the water ships left alone on the Battleboard are eliminated automatically)."""
from __future__ import annotations

from typing import Any

from app.engine.rng import Rng
from app.games.guadalcanal import dead_in_the_water
from app.games.guadalcanal.combat.damage import alive, eliminate
from app.games.guadalcanal.surface.values import section

State = dict[str, Any]
SIDES = ("allied", "japanese")

# 16d2-16d6, in order; each is done by Surface Side B, then Side A (16d6: B designates, A designates, then B
# resolves, then A resolves).
STEPS = ("movement", "torpedo_markers", "gunnery", "torpedo_combats", "breakoff")


def roll_sides(rng: Rng) -> dict[str, Any]:
    """16d1: one die each (Allied first), again on a tie; the high roll is Surface Side A."""
    rolls = []
    while True:
        a, j = rng.die(section("turns")["sides_die"]), rng.die(section("turns")["sides_die"])
        rolls.append({"allied": a, "japanese": j})
        if a != j:
            hi = "allied" if a > j else "japanese"
            return {"A": hi, "B": "japanese" if hi == "allied" else "allied", "rolls": rolls}


def on_board(state: State, side: str) -> list[str]:
    """The side's ship units still on the Battleboard (not eliminated, not broken off)."""
    s = state["surface"]
    return [u for u in s["ships"] if state["units"][u]["side"] == side and alive(state, u)
            and u not in s.get("broken_off", [])]


def dead_alone(state: State) -> list[str]:
    """11c1 (reconstructed, option 11c): a side whose only ships left on the Battleboard are dead in the water loses
    them; they are eliminated automatically (16d7 refers to it)."""
    out = []
    for side in SIDES:
        left = on_board(state, side)
        if left and all(dead_in_the_water.is_dead(state, u) for u in left):
            out += left
    return out


def end_turn(state: State, *, dead_in_the_water_rule: bool = False) -> dict[str, Any]:
    """16d7: advance the Surface Turn marker; say whether the battle is over and why. Torpedo markers and this
    Turn's gunnery are cleared (16h: each marker is removed as it is resolved)."""
    s = state["surface"]
    lost = []
    if dead_in_the_water_rule:
        for u in dead_alone(state):
            lost += eliminate(state, u)
    s["torpedoes"], s["gunned"], s["breaking"] = [], [], []
    empty = [side for side in SIDES if not on_board(state, side)]
    if empty:
        return {"over": True, "why": "no ship units left on the Battleboard for " + " and ".join(empty),
                "lost": lost}
    if s["turn"] >= section("turns")["surface_turns"]:
        return {"over": True, "why": f"Surface Turn {s['turn']} completed", "lost": lost}
    s["turn"] += 1
    return {"over": False, "turn": s["turn"], "lost": lost}
