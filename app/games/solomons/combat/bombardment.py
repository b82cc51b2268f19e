"""Bombardment of the Guadalcanal airbase, by air (6.23, 14.2) and by ships (6.33, 15.2), and 14.61.

One roll on the Bombardment CRT per side per segment for everything it bombards with, air and ships (6.33:
"Multiple bombardments in the same segment are combined"; 15.2: "A player may bombard once per segment"). Supply losses are immediate; Air Point losses wait for the end of
the segment (6.23, 6.33, 14.2), so a point that flies CAP keeps intercepting all segment. The airbase itself is
never destroyed (14.61). What is bombarded is the enemy's: its Supply Points on Guadalcanal and its air at
Henderson Field if it holds the completed field.
"""
from __future__ import annotations

from typing import Any

from app.engine.rng import Rng
from app.games.solomons import board
from app.games.solomons.combat import crt
from app.games.solomons.combat.common import (afloat, combat_state, enemy, is_carrier_force, label, say, ship,
                                             task_forces_in, tf_label)

GUADALCANAL = board.GUADALCANAL


# === The procedure ===

def roll(strength: int, supply: int, rng: Rng) -> dict[str, Any]:
    """One roll on the Bombardment CRT: the column (strength rounded down), the die, Air Points and Supply lost.

    Below the first column there is no roll and no effect.
    """
    column = crt.bombardment_column(strength)
    if column is None:
        return {"strength": strength, "column": None, "die": None, "air": 0, "supply": 0}
    die = rng.d6()
    air, supply_code = crt.bombardment_result(column, die)
    return {"strength": strength, "column": column, "die": die, "air": air,
            "supply": crt.supply_lost(supply_code, supply)}


# === State ===

def bombard(state: dict[str, Any], scratch: dict[str, Any], side: str, strength: int, rng: Rng, by: str,
            rule: str) -> dict[str, Any]:
    """`side` bombards Guadalcanal with `strength`: supply lost now, air lost at the end of the segment."""
    victim = enemy(side)
    g = state["guadalcanal"]
    result = roll(strength, g["supply"][victim], rng)
    g["supply"][victim] -= result["supply"]
    state["losses"][victim]["supply"] += result["supply"]
    if result["air"]:
        scratch["pending_air_loss"][victim] = scratch["pending_air_loss"].get(victim, 0) + result["air"]
    if result["column"] is None:
        cell, effect = "too weak for the Bombardment table", "no effect"
    else:
        cell = f"column {result['column']}, die {result['die']}"
        effect = (f"{result['supply']} {label(victim)} Supply Points destroyed, {result['air']} Air Points to be "
                  "lost at the end of the segment")
    say(state, side, f"Your {by} bombardment of Guadalcanal, strength {strength}, {cell}: {effect}.", rule=rule)
    say(state, victim, f"Guadalcanal was bombarded by {label(side)} {by}: {cell}: {effect}.", rule=rule)
    return result


def resolve_naval_bombardment(state: dict[str, Any], segment: int, rng: Rng) -> None:
    """Day section H / night section D (6.33, 15.2), then the segment's deferred Air Point losses (6.23, 14.2).

    A side's bombardment of the segment is one roll (6.33: "Multiple bombardments in the same segment are
    combined"; 15.2: "Combine all friendly bombardment in that segment ... A player may bombard once per
    segment"): the surviving strength of its air strikes on the airbase in section E plus every Bombardment task
    force of its in M that has not yet bombarded. Carrier forces bombard only through their CAG (6.33). A force
    that bombards has done its mission and must withdraw (15.2, 8.4): its mission_done is set for the core's plot
    reset.
    """
    scratch = combat_state(state, segment)
    for side in ("japanese", "allied"):
        forces = [tf for tf in task_forces_in(state, GUADALCANAL, side)
                  if tf.get("mission") == "bombardment" and not tf.get("mission_done")
                  and not is_carrier_force(state, tf)]
        from_air = scratch["air_bombardment"].pop(side, 0)
        if not forces and not from_air:
            continue
        naval = sum(ship(state, u)["bombardment"] for tf in forces for u in afloat(state, tf))
        by = "air and naval" if forces and from_air else "naval" if forces else "air"
        bombard(state, scratch, side, naval + from_air, rng, by, "6.33" if forces else "14.2")
        for tf in forces:
            tf["mission_done"] = True
        if forces:
            say(state, side, f"{', '.join(tf_label(tf) for tf in forces)} bombarded and must now withdraw.",
                rule="15.2")
    apply_air_losses(state, scratch)


def apply_air_losses(state: dict[str, Any], scratch: dict[str, Any]) -> None:
    """The end of the segment: bombardment Air Point losses from the air at Henderson Field (14.2, 14.61).

    Ignored if no Air Points are based there. Which points: LAC first, then NAC (not in the rules;
    reconstructed: Henderson's own land-based air is the bulk of what sits on the field).
    """
    for victim, lost in list(scratch["pending_air_loss"].items()):
        field = state["guadalcanal"]["henderson"]
        air = state["air"].get(victim, {}).get("henderson") if field.get("side") == victim else None
        taken = 0
        if air:
            for kind in ("lac", "nac"):
                take = min(lost - taken, air.get(kind, 0))
                air[kind] = air.get(kind, 0) - take
                state["losses"][victim][kind] += take
                taken += take
        scratch["pending_air_loss"][victim] = 0
        if lost:
            say(state, victim, f"Bombardment of Guadalcanal this segment destroyed {taken} of your Air Points at "
                "Henderson Field.", rule="14.61")
