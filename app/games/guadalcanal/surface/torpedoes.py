"""Torpedo fire: 16f3-16f5 (printed), 16f1-16f2 and 16h2 (not transcribed; reconstructed, data/surface.toml
[torpedo]), and the torpedo combats of 16h-16h1.1.

- A marker goes in one of the four hexes beside its ship (off the bow and quarter hexsides), pointing straight away
  from the ship across that hexside; it runs on along that line to its range counted from the firing ship (Allied 2,
  IJN 5: the markers' faces, 1b2).
- 16f3: not in a hex holding a ship unit (so Allied torpedoes never run at half range), not where no target lies in
  its path, not where a friendly ship is nearer than an enemy one. It hits the first ship unit in its path.
- 16f4: once per surface combat and once per game (16f5, Japanese reloads, is an option within the option).
- 16h: a marker whose ship has been eliminated, or with no target left in its path, misses; 16h1: the torpedo
  factors of the markers against one target add up; +2 at night (16h1.1), +2 at half range (16h2, reconstructed).
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.rng import Rng
from app.games.guadalcanal.combat import units
from app.games.guadalcanal.combat.damage import alive, apply_result, factor
from app.games.guadalcanal.combat.resolution import roll_combat
from app.games.guadalcanal.combat.tables import toward
from app.games.guadalcanal.surface.geometry import OFFSET, distance, line, turned
from app.games.guadalcanal.surface.gunnery import night_modifier
from app.games.guadalcanal.surface.values import section

State = dict[str, Any]


def reach(side: str) -> int:
    return section("torpedo")["range"][side]


def marker_place(state: State, uid: str, side_of_ship: str) -> tuple[str | None, str]:
    """The hex a marker goes in off `side_of_ship` (front_right, rear_right, rear_left, front_left) and its facing."""
    p = state["surface"]["ships"][uid]
    d = turned(p["facing"], OFFSET[side_of_ship])
    return toward(p["at"], d), d


def ships_at(state: State) -> dict[str, str]:
    s = state["surface"]
    return {p["at"]: u for u, p in s["ships"].items() if alive(state, u) and u not in s.get("broken_off", [])}


def path(state: State, marker: dict[str, Any]) -> list[str]:
    """The hexes the marker's torpedoes run through, from the marker's own hex to the range (counted from the ship)."""
    side = state["units"][marker["ship"]]["side"]
    return [marker["at"]] + line(marker["at"], marker["facing"], reach(side) - 1)


def target(state: State, marker: dict[str, Any]) -> str | None:
    """The first ship unit in the marker's path (of either side), or None."""
    at = ships_at(state)
    return next((at[h] for h in path(state, marker) if h in at), None)


def may_fire(state: State, uid: str) -> bool:
    """16f4 (and 16f5 if the reloads rule is on): the ship has a torpedo factor and has not fired yet."""
    if factor(state, uid, "torpedo") is None or not factor(state, uid, "torpedo"):
        return False
    s = state["surface"]
    if uid in s.get("fired", []):
        return False
    reloads = section("torpedo")["reloads"] and state["units"][uid]["side"] == "japanese"
    return reloads or not state["units"][uid].get("torpedoes_fired")


def place(state: State, uid: str, side_of_ship: str) -> dict[str, Any]:
    """16d3: place a torpedo marker (in place), refusing what 16f3-16f4 forbid."""
    name = units.record(uid)["name"]
    if side_of_ship not in section("torpedo")["sides"]:
        raise IllegalAction("A torpedo marker goes in one of the four hexes off the ship's bow and quarters.", "16f3")
    if not may_fire(state, uid):
        raise IllegalAction(f"{name} has no torpedoes to fire: a ship fires them once per surface combat and once "
                            "per game.", "16f4")
    at, facing = marker_place(state, uid, side_of_ship)
    if at is None:
        raise IllegalAction("That hex is off the Battleboard.", "16f3")
    if at in ships_at(state):
        raise IllegalAction(f"A torpedo marker may not be placed in a hex with a ship unit ({at}).", "16f3")
    if any(m["at"] == at for m in state["surface"]["torpedoes"]):
        raise IllegalAction(f"Another torpedo marker is already in {at}.", "16f3")
    marker = {"ship": uid, "at": at, "facing": facing}
    hit = target(state, marker)
    if hit is None:
        raise IllegalAction(f"No target lies in that path within {name}'s torpedo range.", "16f3")
    if state["units"][hit]["side"] == state["units"][uid]["side"]:
        raise IllegalAction(f"A friendly ship ({units.record(hit)['name']}) is closer than any enemy in that path.",
                            "16f3")
    state["surface"]["torpedoes"].append(marker)
    state["surface"].setdefault("fired", []).append(uid)
    state["units"][uid]["torpedoes_fired"] = True
    return marker


def attacks(state: State, side: str) -> dict[str, list[dict[str, Any]]]:
    """16h, 16h1: the side's markers that are not automatic misses, grouped by target {target: [markers]}."""
    out: dict[str, list[dict[str, Any]]] = {}
    for m in state["surface"]["torpedoes"]:
        if state["units"][m["ship"]]["side"] != side or not alive(state, m["ship"]):
            continue
        t = target(state, m)
        if t is not None:
            out.setdefault(t, []).append(m)
    return out


def modifiers(state: State, target_uid: str, markers: list[dict[str, Any]]) -> tuple[int, int, list[str]]:
    """The attacker's and defender's totals of one torpedo combat, and what made them."""
    s, t = state["surface"], section("torpedo")
    side = state["units"][markers[0]["ship"]]["side"]
    why = []
    att = sum(factor(state, m["ship"], "torpedo") or 0 for m in markers)
    why.append(f"torpedo factors {att} (16h1)")
    if s["night"]:
        att += t["night"]
        why.append(f"night +{t['night']} (16h1.1)")
    half = t["half_range"][side]
    tat = s["ships"][target_uid]["at"]
    if (any if t["half_range_if"] == "any" else all)(distance(s["ships"][m["ship"]]["at"], tat) <= half
                                                      for m in markers):
        att += t["half_range_bonus"]
        why.append(f"half range +{t['half_range_bonus']} (16h2)")
    att += night_modifier(state, side)
    dfn = (factor(state, target_uid, "defense") or 0) + night_modifier(state, state["units"][target_uid]["side"])
    return att, dfn, why


def roll(state: State, target_uid: str, markers: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    """One torpedo combat (16h1) rolled, not yet marked (option 11a: the free roll marker's holder may decide first)."""
    att, dfn, why = modifiers(state, target_uid, markers)
    c = roll_combat(rng, att, dfn)
    c.update(target=target_uid, ships=[m["ship"] for m in markers], why=why)
    return c


def mark(state: State, c: dict[str, Any]) -> dict[str, Any]:
    """Mark a torpedo combat's result and remove its markers (16h: "as their torpedo combat attacks are resolved")."""
    c["seen"] = apply_result(state, c["target"], c["result"])
    state["surface"]["torpedoes"] = [m for m in state["surface"]["torpedoes"] if m["ship"] not in c["ships"]]
    return c


def resolve(state: State, side: str, rng: Rng) -> list[dict[str, Any]]:
    """16d5: resolve the side's torpedo combats, one per target (16h1), removing every marker of the side (16h)."""
    done = []
    for t, markers in attacks(state, side).items():
        if not alive(state, t):
            continue
        done.append(mark(state, roll(state, t, markers, rng)))
    state["surface"]["torpedoes"] = [m for m in state["surface"]["torpedoes"]
                                     if state["units"][m["ship"]]["side"] != side]
    return done
