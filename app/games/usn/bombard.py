"""Naval bombardment of bases (Detailed Sequence of Play, Step 2 (F); Mission Capability Chart: Naval Units, Mission:
Bombardment of Bases; CRTs 4 and 5) and what a neutralized base may no longer do (Movement (S); Air and Naval
Bases).

At (F), after the first portion of movement, the moving Player's bombardment ships (BB, CA, CL, DD) in a hex with an
enemy base may bombard it: their total Surface Attack against the base's Defense 10 on CRT 4, then CRT 5. A result
of 20 through 40 neutralizes the base for one complete Game-Turn; X neutralizes it and takes five Air Point Capacity
for good. If the target is an air base, its air points are destroyed by the schedule (10-15 25%, 20-30 50%, 35-40
75%, X all; fractions dropped). Not in a hex with enemy naval units (Step 2 (F)).

Readings (docs/games/usn.md): "one complete Game-Turn" runs to the same step of the next Game-Turn; the defender's
choice of which air types are lost is made for him, the types worth fewest Victory Points to the enemy first; the
target names which base of the hex ("air base" or "naval base", Combat (B))."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.games.usn import board, coastal, crt, damage, gamedata, strength

RULE = "Mission Capability Chart: Naval Units, Bombardment of Bases"
TARGETS = ("air base", "naval base")
_MISSIONS = {m["id"]: m for m in gamedata.load("missions")["naval"]}
LAND_RULE = "Mission Capability Chart: Naval Units, Bombardment of Land Units"
_SCHEDULE = gamedata.load("crt")["base_bombardment"]
BASE_DEFENSE = board.PLAY["base_values"]["defense"]


def bombarders(state, side: str, h: str, mission: str = "bombard_base") -> list[dict[str, Any]]:
    """The side's ships in hex h able to fly the mission (Units: BB, CA, CL, DD) with some Surface Attack."""
    return [s for s in board.stack(state, h, side) if s["type"] in _MISSIONS[mission][side]
            and board.values(s)["surface_attack"] > 0]


def check(state, role: str, orders: dict[str, str]) -> None:
    """`orders` {hex: "air base" | "naval base" | an enemy land unit's id}, checked against the position after the
    first portion."""
    enemy = board.other(role)
    for h, target in orders.items():
        u = state["land"].get(target)
        if u is not None and coastal.is_coastal(u):  # Step 2 (H): Mission: Bombardment of Coastal Defense Unit
            if u["side"] != enemy or u["hex"] != h or u.get("destroyed"):
                raise IllegalAction(f"No enemy Coastal Defense unit {target} stands at hex {h}.", coastal.BOMBARD_RULE)
            if not bombarders(state, role, h, "bombard_cd"):
                raise IllegalAction(f"None of your battleships, cruisers or destroyers ends the first portion of its "
                                    f"movement at hex {h}: bombarding units move into its hex.", coastal.BOMBARD_RULE)
            continue
        if coastal.at(state, h, enemy):
            raise IllegalAction(f"Hex {h} holds an undestroyed enemy Coastal Defense unit: land units and bases there "
                                "may not be bombarded until it is destroyed.", "Detailed Sequence of Play, Step 2 (F)")
        if target not in TARGETS:  # Mission: Bombardment of Land Units
            if u is None or u["side"] != enemy or u["hex"] != h or u["aboard"]:
                raise IllegalAction(f"No enemy land unit {target} is ashore at hex {h}.", LAND_RULE)
            if not bombarders(state, role, h, "bombard_land"):
                raise IllegalAction(f"None of your battleships, cruisers or destroyers ends the first portion of its "
                                    f"movement at hex {h}: bombarding units must enter the target's hex.", LAND_RULE)
            if board.stack(state, h, enemy):
                raise IllegalAction(f"Hex {h} holds enemy naval units: bombardment may not be performed there.",
                                    "Detailed Sequence of Play, Step 2 (F)")
            continue
        b = state["bases"].get(h)
        if b is None or b["side"] != enemy or not board.has_base(b, target):
            raise IllegalAction(f"There is no enemy {target} at hex {h} to bombard.", RULE)
        if not bombarders(state, role, h):
            raise IllegalAction(f"None of your battleships, cruisers or destroyers ends the first portion of its "
                                f"movement at hex {h}: bombarding units must enter the target's hex.", RULE)
        if board.stack(state, h, enemy):
            raise IllegalAction(f"Hex {h} holds enemy naval units: bombardment may not be performed there.",
                                "Detailed Sequence of Play, Step 2 (F)")


def resolve(state, role: str, orders: dict[str, str], rng) -> None:
    for h in sorted(orders):
        cd = state["land"].get(orders[h])
        if cd is not None and coastal.is_coastal(cd):
            coastal.bombard(state, role, bombarders(state, role, h, "bombard_cd"), cd, rng,
                            "Step (H): bombardment of Coastal Defense")
            continue
        if orders[h] not in TARGETS:
            ships = bombarders(state, role, h, "bombard_land")
            attack = sum(board.values(s)["surface_attack"] for s in ships)
            u = state["land"][orders[h]]
            bomb_land(state, role, f"{', '.join(s['id'] for s in ships)} bombard", attack, u, rng,
                      "Step (F): bombardment")
            u["naval_bombarded"] = state["turn"]  # not to be combined with Bombing of Land Units (air) this turn
            continue
        ships = bombarders(state, role, h)
        attack = sum(board.values(s)["surface_attack"] for s in ships)
        r4 = rng.d6()
        number = crt.surface_to_surface(attack, BASE_DEFENSE, r4)
        line = (f"{board.TITLE[role]} {', '.join(s['id'] for s in ships)} bombard the {orders[h]} at hex {h}: "
                f"{attack} against {BASE_DEFENSE} (die {r4})")
        if not number:
            state["log"].append(entry(PUBLIC, f"{line}: no effect.", at="Step (F): bombardment"))
            continue
        r5 = rng.d6()
        result = crt.damage(number, r5)
        state["log"].append(entry(PUBLIC, f"{line}: damage number {number}; CRT 5 (die {r5}): {result or 'no effect'}.",
                                  at="Step (F): bombardment"))
        if result:
            base_result(state, state["bases"][h], "air" if orders[h] == "air base" else "naval", result)


def _worth(result) -> int:
    return 101 if result == "X" else int(result)


def base_result(state, b: dict[str, Any], kind: str, result, grounded: bool = True) -> None:
    """A CRT 5 result against a base (shared by naval bombardment and air base bombing): neutralization for 20-40
    and X, five Air Point Capacity lost on X, and for an air base its air points by the schedule: always under naval
    bombardment, under air bombing only when grounded (the base was already neutralized and they could not rise to
    CAP: Mission: Bomb Air or Naval Base)."""
    at = "bombardment of a base"
    if result == "X" or _worth(result) >= 20:
        until = [state["turn"] + 1, state["step"]["index"]]
        b.setdefault("neutralized", {})[kind] = until
        state["log"].append(entry(PUBLIC, f"The {board.TITLE[b['side']]} {kind} base at {b['hex']} is neutralized "
                                          f"until Game-Turn {until[0]}, this step.", at=at))
    if result == "X":
        b["capacity"] = max(b["capacity"] - _SCHEDULE["capacity_lost_on_x"], 0)
        state["log"].append(entry(PUBLIC, f"The base at {b['hex']} loses {_SCHEDULE['capacity_lost_on_x']} Air Point "
                                          f"Capacity for good (now {b['capacity']}).", at=at))
    if kind != "air" or not grounded:
        return
    pct = 100 if result == "X" else next((x["percent"] for x in _SCHEDULE["loss"] if str(result) in x["results"]), 0)
    total = sum(b["air"].values())
    lose = total * pct // 100
    if not lose:
        return
    for k in sorted(board.KINDS, key=lambda k: (damage.air_vp(k, b["side"]), k)):  # the cheapest to the defender first
        n = min(lose, b["air"][k])
        if n:
            b["air"][k] -= n
            lose -= n
            board.add_vp(state, board.other(b["side"]), n * damage.air_vp(k, b["side"]),
                         f"{n} {board.TITLE[b['side']]} {board.KIND_TITLE[k]} points destroyed on the ground at "
                         f"{b['hex']}")
    state["log"].append(entry(PUBLIC, f"{pct}% of the air points on the base at {b['hex']} are destroyed.", at=at))


def bomb_land(state, side: str, who: str, attack: int, u: dict[str, Any], rng, at: str) -> None:
    """Bombardment of Land Units (naval) and Bombing of Land Units (air): the attack against the Defense of one land
    unit on CRT 1; only Dx counts, depriving it of supply for one full Game-Turn (Supply (E): it may not move or
    attack, its Defense is halved, it may not retreat)."""
    d = strength.defense(state, u)
    roll = rng.d6()
    result = crt.land(attack, d, roll)
    effect = "deprived of supply for one full Game-Turn" if result == "Dx" else "no effect (only Dx counts)"
    state["log"].append(entry(PUBLIC, f"{board.TITLE[side]} {who} {board.TITLE[u['side']]} {u['name']} at {u['hex']}: "
                                      f"{attack} against {d} (die {roll}): {result}, {effect}.", at=at))
    if result == "Dx":
        u["unsupplied_until"] = [state["turn"] + 1, state["step"]["index"]]
