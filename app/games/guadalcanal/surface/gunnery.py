"""Gunnery combats (16g-16g3), ships against a base (16j, reconstructed) and the night fighting modifier (16k3).

- 16g: one ship unit against one target unit, in any order, one shot at a time, no line of sight. The attacker adds
  its current surface factor, the defender its current defense factor.
- 16g1: the range by the surface factor's letter (a 6, b 5, c 4, d 3); +2 at half range (a 3, b 2, c 2, d 1).
- 16g2 (reconstructed): a target in the firing ship's front or rear sector gets half its surface factor.
- 16g3: the gun letter against the target's armour letter: d/a -6; d/b, c/a -4; d/c, c/b, b/a -2.
- 16j (reconstructed): a base in the battle hex is fired at like a ship (its armour letter counts); it fires back
  only with a surface factor.
- 16k3: at night the Japanese side adds the scenario's modifier to every surface combat roll it makes.
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.rng import Rng
from app.games.guadalcanal.combat import units
from app.games.guadalcanal.combat.damage import alive, apply_result, factor
from app.games.guadalcanal.combat.resolution import roll_combat
from app.games.guadalcanal.surface.geometry import distance, sector
from app.games.guadalcanal.surface.values import section

State = dict[str, Any]


def night_modifier(state: State, side: str) -> int:
    """16k3: the Japanese side's night fighting modifier (0 by day and for the Allies)."""
    s = state["surface"]
    return s.get("night_modifier", 0) if s["night"] and side == "japanese" else 0


def position(state: State, uid: str) -> str:
    s = state["surface"]
    return s["base_at"] if uid == s.get("base") else s["ships"][uid]["at"]


def gun_range(uid: str) -> tuple[int, int]:
    g, letter = section("gunnery"), units.record(uid)["range"]
    return g["range"][letter], g["half_range"][letter]


def armour(gun: str, target_uid: str) -> int:
    """16g3: the armour modifier (0 when the guns are as big as the armour, or bigger)."""
    return section("gunnery")["armour"].get(gun + units.record(target_uid).get("armour", "d"), 0)


def targets(state: State, uid: str) -> list[str]:
    """The enemy units within the ship's gun range (16g1), nearest first."""
    s = state["surface"]
    side, here, (reach, _) = state["units"][uid]["side"], position(state, uid), gun_range(uid)
    pool = [u for u in s["ships"] if u not in s.get("broken_off", [])]
    if s.get("base"):
        pool.append(s["base"])
    found = [u for u in pool if alive(state, u) and state["units"][u]["side"] != side
             and distance(here, position(state, u)) <= reach]
    return sorted(found, key=lambda u: (distance(here, position(state, u)), u))


def modifiers(state: State, uid: str, target_uid: str) -> tuple[int, int, list[str]]:
    """The attacker's and the defender's totals of one gunnery combat, and what made them."""
    s, g = state["surface"], section("gunnery")
    gun = units.record(uid)["range"]
    sf = factor(state, uid, "surface") or 0
    why = [f"surface factor {sf}"]
    if uid in s["ships"]:
        where = sector(s["ships"][uid]["at"], s["ships"][uid]["facing"], position(state, target_uid))
        if where != "side":
            sf //= g["end_on_divisor"]
            why = [f"surface factor {sf} (target in the {where} sector, halved, 16g2)"]
    att = sf
    _, half = gun_range(uid)
    if distance(position(state, uid), position(state, target_uid)) <= half:
        att += g["half_range_bonus"]
        why.append(f"half range +{g['half_range_bonus']} (16g1)")
    arm = armour(gun, target_uid)
    if arm:
        att += arm
        why.append(f"{gun} guns against {units.record(target_uid)['armour']} armour {arm} (16g3)")
    side, tside = state["units"][uid]["side"], state["units"][target_uid]["side"]
    if night_modifier(state, side):
        att += night_modifier(state, side)
        why.append(f"Japanese night fighting {night_modifier(state, side):+d} (16k3)")
    dfn = (factor(state, target_uid, "defense") or 0) + night_modifier(state, tside)
    return att, dfn, why


def may_fire(state: State, uid: str) -> bool:
    """A ship with a surface factor that has not fired its guns this Surface Turn; a base only with one (16j)."""
    s = state["surface"]
    if uid == s.get("base"):
        if factor(state, uid, "surface") is None and not section("base")["base_fires_without_surface_factor"]:
            return False
    elif factor(state, uid, "surface") is None:
        return False
    return alive(state, uid) and uid not in s.get("gunned", []) and uid not in s.get("broken_off", [])


def fire(state: State, uid: str, target_uid: str, rng: Rng) -> dict[str, Any]:
    """16d4: one gunnery combat, resolved at once (4b) and marked (4b4, 4b5)."""
    return mark(state, roll(state, uid, target_uid, rng))


def mark(state: State, c: dict[str, Any]) -> dict[str, Any]:
    """Mark a rolled gunnery combat's result on its target (4b4, 4b5)."""
    c["seen"] = apply_result(state, c["target"], c["result"])
    return c


def roll(state: State, uid: str, target_uid: str, rng: Rng) -> dict[str, Any]:
    """Check and roll one gunnery combat without marking it yet (11a's free roll may roll it again); the ship has
    fired its guns this Surface Turn."""
    name = units.record(uid)["name"]
    if not may_fire(state, uid):
        raise IllegalAction(f"{name} cannot fire its guns again this Surface Turn.", "16g")
    if target_uid not in targets(state, uid):
        reach, _ = gun_range(uid)
        raise IllegalAction(f"{units.record(target_uid)['name']} is not an enemy unit within {name}'s gun range "
                            f"({reach} hexes).", "16g1")
    att, dfn, why = modifiers(state, uid, target_uid)
    c = roll_combat(rng, att, dfn)
    c.update(ship=uid, target=target_uid, why=why, seen=[])
    state["surface"].setdefault("gunned", []).append(uid)
    return c
