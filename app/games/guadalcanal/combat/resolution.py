"""4b: how every combat is resolved. Each side rolls one d10 (the attacker first) and adds its total modifier
(4b2); a combat number below 1 counts as 1 (4b3); the two numbers compared give a miss, a hit, a flip or an
elimination (4b4). The thresholds are data (tables.toml [results])."""
from __future__ import annotations

from typing import Any

from app.engine.rng import Rng
from app.games.guadalcanal.combat.tables import tables

MISS, HIT, FLIP, ELIMINATE = "miss", "hit", "flip", "eliminate"


def combat_number(roll: int, total_modifier: int) -> int:
    """4b3: the roll plus the side's total modifier, never below 1."""
    return max(roll + total_modifier, tables()["results"]["lowest_number"])


def result(attacker_number: int, defender_number: int) -> str:
    """4b4: the defender equal or more is a miss; more than the defender a hit; two times a flip; three times an
    elimination."""
    t = tables()["results"]
    a, d = attacker_number, defender_number
    if a >= t["eliminate_from"] * d:
        return ELIMINATE
    if a >= t["flip_from"] * d:
        return FLIP
    if a > t["hit_above"] * d:
        return HIT
    return MISS


def roll_combat(rng: Rng, attacker_total: int, defender_total: int) -> dict[str, Any]:
    """Both dice of one individual combat, attacker first (the order the examples print them), and its result."""
    a_roll = rng.d10()
    d_roll = rng.d10()
    a, d = combat_number(a_roll, attacker_total), combat_number(d_roll, defender_total)
    return {"attacker_roll": a_roll, "defender_roll": d_roll, "attacker_total": attacker_total,
            "defender_total": defender_total, "attacker_number": a, "defender_number": d, "result": result(a, d)}
