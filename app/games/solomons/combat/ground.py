"""Ground combat on Guadalcanal (12.x, 16.12, 16.21) and the possession of Henderson Field (12.5, 10.5).

The procedure functions take point counts; `resolve_ground_combat(state, rng)` is the Ground Combat Phase.
The decisions are the `ground` submissions in state["decisions"]: {"attack": bool, "points": n}. Attacking means
expending the one Supply Point of 12.4 / 16.12; a side that has no attack-effective points, or fewer than the
other side, may not attack (12.3) and its order is refused by `check_decision`.
Everything about ground combat is public: both sides' points on the island are shown on the map and the chart.
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction, Refused
from app.engine.log import PUBLIC, entry
from app.engine.rng import Rng
from app.games.solomons import board
from app.games.solomons.combat import crt
from app.games.solomons.combat.common import SIDES, enemy, label

HENDERSON_GUARD = board.GROUND["henderson_garrison"]  # 12.2: ten Ground Points always defend Henderson Field


# === Procedures over explicit numbers ===

def attack_effective(side: str, points: int, supply: int, supplied_points: int) -> int:
    """12.2: the Ground Points of `side` that may attack, if it expends a Supply Point (it needs one on the island).

    Japan: all its points. United States: the points above the ten guarding Henderson Field that are in supply
    (supplied_points: all of them if the force is supplied this turn, else only those landed this turn).
    """
    if supply < 1 or points <= 0:
        return 0
    if side == "japanese":
        return points
    return max(0, min(supplied_points, points - HENDERSON_GUARD))


def initiative(effective: dict[str, int]) -> list[str]:
    """12.3: the sides that may attack: the one with more attack-effective points, or both when equal."""
    a, j = effective.get("allied", 0), effective.get("japanese", 0)
    if a == j:
        return [] if a == 0 else ["allied", "japanese"]
    return ["allied"] if a > j else ["japanese"]


def defense_strength(points: int, unsupplied: int = 0) -> int:
    """12.4, 16.21: full strength, except unsupplied American points defend at half, fractions rounded up."""
    return (points - unsupplied) + -(-unsupplied // 2)


def resolve_attack(attack: int, defense_points: int, rng: Rng, unsupplied: int = 0) -> dict[str, Any]:
    """One ground attack (12.4): round-down odds; a weaker attack sets defense aside to leave 1:1.

    unsupplied: how many of the defending points are unsupplied Americans (halved, rounded up). The set-aside
    points suffer no result; losses are Ground Points, deducted only from the points involved.
    """
    defense = defense_strength(defense_points, unsupplied)
    involved, involved_unsupplied = defense_points, unsupplied
    if attack < defense:
        # Set aside supplied points first, then unsupplied ones, keeping the largest force that is still 1:1.
        involved, involved_unsupplied = _largest_at(attack, defense_points - unsupplied, unsupplied)
    strength = defense_strength(involved, involved_unsupplied)
    column = crt.ground_column(attack, strength)
    die = rng.d6()
    lost_attacker, lost_defender = crt.ground_result(column, die)
    return {"attack": attack, "defense": defense, "involved": involved, "involved_strength": strength,
            "set_aside": defense_points - involved, "column": column, "die": die,
            "cell": crt.cell("ground", column, die)["text"],
            "attacker_loses": min(attack, lost_attacker), "defender_loses": min(involved, lost_defender)}


def _largest_at(attack: int, supplied: int, unsupplied: int) -> tuple[int, int]:
    """The most defending points (supplied, unsupplied) whose strength does not exceed `attack`."""
    best = (0, 0)
    for u in range(unsupplied + 1):
        room = attack - defense_strength(u, u)
        if room < 0:
            break
        s = min(supplied, room)
        if s + u > best[0]:
            best = (s + u, u)
    return best


# === State ===

def effective_points(state: dict[str, Any]) -> dict[str, int]:
    """Attack-effective points of each side now (12.2), for the core's prompts; none with no enemy to attack."""
    g = state["guadalcanal"]
    out = {}
    for side in SIDES:
        points = g["ground"][side]
        supplied = points if (side == "japanese" or g.get("supplied")) else min(points, g["landed"].get(side, 0))
        out[side] = attack_effective(side, points, g["supply"][side], supplied)
        if g["ground"][enemy(side)] <= 0:
            out[side] = 0  # 12.1: nothing to attack
    return out


def check_decision(state: dict[str, Any], side: str, decision: dict[str, Any]) -> None:
    """Refuse a ground order the rules do not allow (12.2, 12.3, 12.4)."""
    if not decision.get("attack"):
        return
    if state["guadalcanal"]["ground"][enemy(side)] <= 0:
        raise IllegalAction("There are no enemy Ground Points on Guadalcanal to attack.", "12.1")
    effective = effective_points(state)
    if side not in initiative(effective):
        if effective[side] == 0:
            raise IllegalAction("You have no attack-effective Ground Points this turn.", "12.2")
        raise IllegalAction("The other side has more attack-effective Ground Points, so you may not attack.", "12.3")
    points = decision.get("points")
    if not isinstance(points, int) or isinstance(points, bool) or not 1 <= points <= effective[side]:
        raise IllegalAction(f"Attack with 1 to {effective[side]} attack-effective Ground Points.", "12.4")


def resolve_ground_combat(state: dict[str, Any], rng: Rng) -> None:
    """The Ground Combat Phase (4.3, 12): attacks, results applied together at the end, then 12.5."""
    g = state["guadalcanal"]
    decisions = state.get("decisions") or {}
    attacks = []
    for side in SIDES:
        order = decisions.get(side) or {}
        try:
            check_decision(state, side, order)
        except Refused as refused:
            state["log"].append(entry(side, f"Your ground attack was not made: {refused.message}", rule=refused.rule))
            continue
        if order.get("attack"):
            attacks.append((side, order["points"]))
    if not attacks:
        state["log"].append(entry(PUBLIC, "Ground Combat Phase: no ground attack on Guadalcanal.", rule="12.3"))
        return
    lost = {side: 0 for side in SIDES}
    for side, points in attacks:
        other = enemy(side)
        # 12.4 / 16.12: the attack costs one Supply Point, spent now.
        g["supply"][side] -= 1
        unsupplied = _unsupplied_americans(g) if other == "allied" else 0
        result = resolve_attack(points, g["ground"][other], rng, unsupplied)
        lost[side] += result["attacker_loses"]
        lost[other] += result["defender_loses"]
        aside = f", {result['set_aside']} defending points set aside" if result["set_aside"] else ""
        state["log"].append(entry(
            PUBLIC,
            f"{label(side)} ground attack on Guadalcanal: {points} against {result['defense']} defense{aside}; "
            f"{result['column']}, die {result['die']} ({result['cell']}): {label(side)} lose "
            f"{result['attacker_loses']}, {label(other)} lose {result['defender_loses']} Ground Points "
            "(1 Supply Point spent).",
            rule="12.4", column=result["column"], die=result["die"]))
    # 12.4: "Roll and apply the result at the end of the phase" - both attacks' results together (12.3).
    for side in SIDES:
        n = min(lost[side], g["ground"][side])
        g["ground"][side] -= n
        g["landed"][side] = min(g["landed"].get(side, 0), g["ground"][side])
        state["losses"][side]["ground"] += n
    check_henderson(state)


def _unsupplied_americans(g: dict[str, Any]) -> int:
    if g.get("supplied"):
        return 0
    return max(0, g["ground"]["allied"] - g["landed"].get("allied", 0))


def check_henderson(state: dict[str, Any]) -> None:
    """12.5: Japan seizes Henderson Field on eliminating every American Ground Point; the air there is lost.

    10.5: a completed field is never captured intact - the change of control destroys it (Japan may then build
    its own with the same die roll).
    """
    g = state["guadalcanal"]
    field = g["henderson"]
    if g["ground"]["allied"] > 0 or field.get("side") != "allied":
        return
    air = state["air"].get("allied", {}).get("henderson")
    if air:
        for kind in ("lac", "nac"):
            state["losses"]["allied"][kind] += air.get(kind, 0)
            air[kind] = 0
        air["untrained"] = 0
    was_complete = field.get("complete")
    field["side"] = "japanese"
    field["complete"] = False
    destroyed = (" The field is destroyed in the fighting and every American Air Point there is lost."
                 if was_complete else "")
    state["log"].append(entry(PUBLIC, f"Japan holds Guadalcanal: no American Ground Points remain.{destroyed}",
                              rule="12.5"))
