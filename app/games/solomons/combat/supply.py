"""Supply on Guadalcanal (16.x): American ground supply and isolation, Henderson air supply, the status chart.

Japanese Attack Supply (16.12) and the Supply Point of a ground attack (12.4) are spent in ground.py, at the start
of the attack. Everything on the Guadalcanal Supply Status Chart is public (3.2: a shared display).
"""
from __future__ import annotations

from typing import Any

from app.engine.log import PUBLIC
from app.games.solomons import board
from app.games.solomons.combat.common import say

ISOLATION_TURNS = board.GROUND["isolation_turns"]      # 16.21: "three complete consecutive Game-Turns"
AIR_POINTS_PER_SUPPLY = board.AIR["henderson_supply_per_air_points"]  # 16.22, 10.7: "for each ten ... or fraction"


# === Procedures ===

def isolation_survivors(points: int) -> int:
    """16.21: half lost, surviving fractions rounded up, so a force falls to one point but never to none."""
    return -(-points // 2)


def air_supply_cost(points: int) -> int:
    """16.22, 10.7, 10.3: Supply Points for Henderson Field Air Points on offensive missions (or leaving the field):
    one per ten, or fraction."""
    return -(-points // AIR_POINTS_PER_SUPPLY) if points > 0 else 0


# === State ===

def supply_american_ground(state: dict[str, Any]) -> None:
    """Plot Phase 1, before the American plot (16.11): isolation losses first (16.21), then the turn's supply.

    16.4: the American player may not leave his ground units unsupplied while a Supply Point is on the island,
    so one is spent whenever there is one.
    """
    g = state["guadalcanal"]
    points = g["ground"]["allied"]
    if points <= 0:
        g["supplied"] = True
        g["unsupplied_turns"] = 0
        return
    if g.get("unsupplied_turns", 0) >= ISOLATION_TURNS:
        survivors = isolation_survivors(points)
        lost = points - survivors
        g["ground"]["allied"] = survivors
        # not in state["losses"]: 22 scores "destroying enemy units", and isolation is no enemy's doing
        g["unsupplied_turns"] = 0
        say(state, PUBLIC, f"Isolation: the American Ground Points on Guadalcanal, unsupplied for three Game-Turns, "
            f"lose {lost} and fall to {survivors}.", rule="16.21")
    if g["supply"]["allied"] >= 1:
        _spend_for_ground(state)
    elif state.get("turn") == 1:
        # 21 places the Marines on Guadalcanal as Game-Turn 1 begins, the turn of their landing: "Newly landed
        # units remain in supply for the remainder of the turn of landing" (16.11).
        g["supplied"] = True
        say(state, PUBLIC, "The American Ground Points landed on Guadalcanal this Game-Turn are in supply for the "
            "turn.", rule="16.11")
    else:
        g["supplied"] = False
        g["unsupplied_turns"] = g.get("unsupplied_turns", 0) + 1
        say(state, PUBLIC, f"The American Ground Points on Guadalcanal are unsupplied this turn "
            f"({g['unsupplied_turns']} in a row): they may not attack and defend at half strength.", rule="16.21")


def after_landing(state: dict[str, Any]) -> None:
    """After each landing section. Supply status is fixed in Plot Phase 1 "for the turn" (16.11), and only the newly
    landed units are in supply for the turn of landing (12.2, 16.11: `landed`), so Supply landed mid-turn stays on
    the island for the next Plot Phase 1 - except on the third unsupplied turn, when "Delivery and expenditure of
    a Supply Point on the third turn prevents the loss" (16.21): one is spent at once and the count of unsupplied
    turns starts again, though the force stays unsupplied for the rest of this turn."""
    g = state["guadalcanal"]
    if g.get("supplied") or g["ground"]["allied"] <= 0 or g["supply"]["allied"] < 1:
        return
    if g.get("unsupplied_turns", 0) >= ISOLATION_TURNS:
        g["supply"]["allied"] -= 1
        g["unsupplied_turns"] = 0
        say(state, PUBLIC, "One American Supply Point, delivered on the third unsupplied Game-Turn, is spent at once: "
            "the American Ground Points on Guadalcanal escape the isolation loss.", rule="16.21")


def _spend_for_ground(state: dict[str, Any]) -> None:
    g = state["guadalcanal"]
    g["supply"]["allied"] -= 1
    g["supplied"] = True
    g["unsupplied_turns"] = 0
    say(state, PUBLIC, "One American Supply Point is spent: the American Ground Points on Guadalcanal are in supply "
        "this turn.", rule="16.11")


def expend_air_supply(state: dict[str, Any], segment: int) -> None:
    """16.22 / 10.7: before the air attacks, Henderson Field pays for its offensive missions; if it cannot pay for
    all of them (the supply was bombarded away since the allocation), the missions it cannot pay for stay home and
    fly CAP (10.3), last written first."""
    side = "allied"
    field = state["guadalcanal"]["henderson"]
    if not field.get("complete") or field.get("side") != side:
        return
    order = (state.get("decisions") or {}).get(side) or {}
    offensive = [m for m in order.get("missions", [])
                 if m.get("source") == "henderson" and m.get("mission") in ("attack", "bombard")]
    supply = state["guadalcanal"]["supply"][side]
    while offensive and air_supply_cost(sum(m["points"] for m in offensive)) > supply:
        dropped = offensive.pop()
        order["missions"].remove(dropped)
        say(state, side, f"Not enough Supply on Guadalcanal: {dropped['points']} Henderson Field Air Points stay "
            "home and fly CAP.", rule="16.22")
    cost = air_supply_cost(sum(m["points"] for m in offensive))
    if cost:
        state["guadalcanal"]["supply"][side] -= cost
        say(state, PUBLIC, f"{cost} American Supply Point{'s' if cost > 1 else ''} spent for Henderson Field air "
            "missions.", rule="16.22")


def status_chart(state: dict[str, Any]) -> dict[str, Any]:
    """The Guadalcanal Supply Status Chart (3.2, 16.3): public."""
    g = state["guadalcanal"]
    return {"supply": dict(g["supply"]), "ground": dict(g["ground"]),
            "american_supplied": bool(g.get("supplied")), "unsupplied_turns": g.get("unsupplied_turns", 0),
            "isolation_after": ISOLATION_TURNS, "henderson": dict(g["henderson"])}
