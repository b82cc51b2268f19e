"""Fog of war in umpired games (Guadalcanal 18c1, 18c2, made general): what a side is told of the enemy.

Two options, only in an umpired game (rules.setup refuses them otherwise):
- "fog_damage": the attacker is told the damage done to each enemy ship shifted by the secret 18c2 die; the
  defender is told its own damage truly.
- "fog_intel": the totals on a day marker (18.5, 18.6, 19.1-19.3: units, capital ships, transports) are halved,
  given or doubled by one secret 18c1 die per marker.

The truth stays in the state: the ships' status, the task forces' units, and state["fog"], which holds each
reported value beside the true one and its die. Only the umpire's view (and, after the game, the all-seeing
replay) shows state["fog"]; a side's view holds only what it was told (markers and its own log).
"""
from __future__ import annotations

from typing import Any

from app.engine.log import entry
from app.games.solomons import board, tables, units

State = dict[str, Any]
OPTIONS = ("fog_damage", "fog_intel")
COUNTS = ("units", "capital", "transports")


def enabled(state: State, option: str) -> bool:
    return bool((state.get("options") or {}).get(option))


def record(state: State) -> dict[str, Any]:
    """state["fog"], made on first use: {"damage": [report], "intel": {viewer: {marker: report}}}."""
    return state.setdefault("fog", {"damage": [], "intel": {"allied": {}, "japanese": {}}})


# ---------------------------------------------------------------- 18c2 damage

def reported_damage(true_result: str, die: int) -> str:
    """The damage level the attacker is told of (18c2): true hits shifted by the die's row, read as the highest
    level reached and never below no damage nor beyond sunk."""
    return tables.fog_level(tables.fog_hits(true_result) + tables.fog_damage_shift(die))


def tell_damage(state: State, attacker: str, results: dict[str, str], rng, segment: int | None,
                rule: str) -> dict[str, str]:
    """What `attacker` is told of each enemy ship's result ("none" | "crippled" | "sunk"): the truth without
    fog_damage, else the 18c2 report, one secret die per ship, recorded for the umpire."""
    if not enabled(state, "fog_damage"):
        return dict(results)
    told = {}
    for unit_id in sorted(results):
        die = rng.d10()
        told[unit_id] = reported_damage(results[unit_id], die)
        record(state)["damage"].append({"turn": state.get("turn"), "segment": segment, "rule": rule,
                                        "to": attacker, "unit": unit_id, "true": results[unit_id],
                                        "reported": told[unit_id], "die": die})
        state["log"].append(entry("umpire", f"Fog (Guadalcanal 18c2): the {board.SIDE_ADJECTIVE[attacker]} side is told "
                                            f"{board.unit_name(unit_id)} "
                                            f"{told[unit_id]} (true: {results[unit_id]}), die {die}.", rule=rule))
    return told


# ---------------------------------------------------------------- 18c1 intelligence

def lie(count: int, effect: str) -> int:
    """18c1: halve (round down, never below 1 when the truth is at least 1), give, or double one count."""
    if effect == "halve":
        return max(1, count // 2) if count >= 1 else 0
    if effect == "double":
        return count * 2
    return count


def tell_counts(state: State, viewer: str, marker: str, counts: dict[str, int], rng) -> dict[str, int]:
    """The totals `viewer` is told on one day marker: the truth without fog_intel, else one secret 18c1 die
    applied to every count (so the report stays self-consistent), recorded for the umpire."""
    if not enabled(state, "fog_intel") or rng is None:
        return dict(counts)
    die = rng.d10()
    effect = tables.fog_intel_effect(die)
    told = {k: lie(int(counts[k]), effect) for k in COUNTS}
    record(state)["intel"][viewer][marker] = {"turn": state.get("turn"), "segment": state.get("segment"),
                                              "true": {k: counts[k] for k in COUNTS}, "reported": told,
                                              "die": die, "effect": effect}
    state["log"].append(entry("umpire", f"Fog (Guadalcanal 18c1): the {board.SIDE_ADJECTIVE[viewer]} side is told "
                                        f"{units.marker_name(board.ENEMY[viewer], marker)} has "
                                        f"{told['units']}/{told['capital']}/{told['transports']} (true: "
                                        f"{counts['units']}/{counts['capital']}/{counts['transports']}), die {die} "
                                        f"({effect})."))
    return told


def clear_intel(state: State) -> None:
    """Markers describe only the current segment (intel.clear); so do their fog records."""
    if "fog" in state:
        state["fog"]["intel"] = {"allied": {}, "japanese": {}}
