"""What every step of a battle shares: the Combat Phase record in the state, the battle being fought, who is on the
Battleboard, and the public log (every battle is fought in the open: both players sit at the Battleboard).

`state["combat"]`:
    battles   [{id, hex, attacker, defender, ships, base, air, fought}]  in the order they were found
    order     the battle ids in Side A's order (4), or None until he gives it
    current   the id of the battle being fought, or None
    step      "order" | "setup_defender" | "setup_attacker" | "air_combat" (option 14) | "aa" | "bombing" |
              "reorganise" | "over"
    board     {unit id: {"hex": Battleboard hex, "facing": hexside or None, "target": unit id (air only)}}
    aa_used, bombing_used   units whose factor has been used this Combat Phase (4c2, 4d3)
    damaged   ships and bases hit or flipped this Combat Phase (option 11b checks their aircraft)
    offer     option 11a: a combat rolled and not yet marked, while the free roll marker's holder decides
    reorganise  the sides still to reorganise their task forces (4e1), Side B first
"""
from __future__ import annotations

from typing import Any

from app.engine.contract import State
from app.engine.log import PUBLIC, entry
from app.games.guadalcanal.combat import units
from app.games.guadalcanal.combat.damage import aboard, alive

SIDES = ("allied", "japanese")
BOMBER_TYPES = ("D", "H", "M", "T")  # 4a: the only air units that fight in the Basic Game

SECTIONS = {"order": "battle order (4)", "setup_defender": "defender's set-up (4a1-4a2)",
            "setup_attacker": "air attack set-up (4a3)", "air_combat": "air combat (14)",
            "aa": "anti-aircraft combat (4c)",
            "bombing": "bombing combat (4d)", "end": "battle's end (4e)", "reorganise": "reorganisation (4e1)",
            "carried_air": "aircraft damage on damaged ships and bases (11b)",
            "submarine": "submarine attack (11e)", "free_roll": "the free roll marker (11a)"}
OUTSIDE = {"submarine": "Air Return Phase: "}  # lines of combats fought outside the Combat Phase


def other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


def combat(state: State) -> dict[str, Any]:
    return state["combat"]


def battle(state: State, battle_id: str | None = None) -> dict[str, Any] | None:
    c = state.get("combat") or {}
    bid = battle_id if battle_id is not None else c.get("current")
    return next((b for b in c.get("battles", []) if b["id"] == bid), None)


def side_of(uid: str) -> str:
    return units.record(uid)["side"]


def kind(uid: str) -> str:
    return units.record(uid)["kind"]


def utype(uid: str) -> str:
    return units.record(uid)["type"]


def name(uid: str) -> str:
    return units.record(uid)["name"]


def say(state: State, step: str, text: str, to: str = PUBLIC, **data: Any) -> None:
    """A line for `to` (everyone, unless given), marked with the section of play it was written in."""
    b = battle(state)
    where = OUTSIDE.get(step) or (f"Combat Phase, battle {b['hex']}: " if b else "Combat Phase: ")
    state["log"].append(entry(to, text, **data) | {"at": where + SECTIONS[step]})


# --- who is where on the searchboard -------------------------------------------------------------------------------

def task_force_hex(state: State, tf: str) -> str | None:
    return (state.get("task_forces") or {}).get(tf, {}).get("hex")


def hex_of(state: State, uid: str) -> str | None:
    """The searchboard hex of a unit: its task force's hex for a ship, its own for a base or a flying air unit, its
    carrier's or base's for an air unit On Board / On Ground."""
    loc = state["units"][uid].get("location") or {}
    if "hex" in loc:
        return loc["hex"]
    if "tf" in loc:
        return task_force_hex(state, loc["tf"])
    if aboard(loc):
        return hex_of(state, aboard(loc))
    return None


def ships_in(state: State, hex_id: str, side: str) -> list[str]:
    return [u for u, x in state["units"].items() if alive(state, u) and kind(u) == "ship" and side_of(u) == side
            and "tf" in (x.get("location") or {}) and task_force_hex(state, x["location"]["tf"]) == hex_id]


def base_in(state: State, hex_id: str, side: str) -> str | None:
    return next((u for u, x in state["units"].items() if alive(state, u) and kind(u) == "base"
                 and side_of(u) == side and (x.get("location") or {}).get("hex") == hex_id), None)


def bombers_over(state: State, hex_id: str, side: str) -> list[str]:
    """The side's bomber units on the searchboard in `hex_id`: the air strike that ended its move there (3d4).
    Scouts stay on the searchboard (4a NOTE); fighters do not fight in the Basic Game (4a)."""
    return [u for u, x in state["units"].items() if alive(state, u) and kind(u) == "air" and side_of(u) == side
            and utype(u) in BOMBER_TYPES and (x.get("location") or {}).get("hex") == hex_id]


# --- the Battleboard -----------------------------------------------------------------------------------------------

def board(state: State) -> dict[str, dict[str, Any]]:
    return combat(state)["board"]


def on_board(state: State, uid: str) -> bool:
    return uid in board(state) and alive(state, uid)


def defenders_on_board(state: State) -> list[str]:
    b = battle(state)
    if b is None:
        return []
    return [u for u in [*b["ships"], *([b["base"]] if b["base"] else [])] if on_board(state, u)]


def attackers_on_board(state: State) -> list[str]:
    b = battle(state)
    return [u for u in b["air"] if on_board(state, u)] if b else []


def air_hex(state: State, uid: str) -> str:
    """Where an attacking air unit sits: on its target (D, H, M; T against a base) or beside it (T, 4a3.2)."""
    return board(state)[uid]["hex"]


def decided_by(step: str, who: str):
    """The `deciders` of a battle's decision: the battle's `who` ("attacker" or "defender") at combat step `step`."""
    def deciders(state: State) -> list[str]:
        c = state.get("combat")
        # option 11a: while the free roll marker's holder decides on a combat's dice, nothing else is decided
        return [battle(state)[who]] if c and c["step"] == step and not c.get("offer") else []
    return deciders
