"""Naval surface combat over explicit inputs (15.31-15.35): who attacks, set-aside, shielding, one roll.

Ships are dicts {"id", "type", "attack", "defense"} (Surface Attack and Defense Strengths from tables.py).
Results are {unit_id: "crippled"|"sunk"}; the state layer (surface.py) applies and reports them.
"""
from __future__ import annotations

from typing import Any

from app.engine.rng import Rng
from app.games.solomons.combat import crt
from app.games.solomons.combat.air_strike import DEFAULT_PRIORITY
from app.games.solomons.combat.results import apply_naval_result


def total(ships: list[dict[str, Any]], key: str) -> int:
    return sum(s[key] for s in ships)


def choose_attacker(first: list[dict[str, Any]], second: list[dict[str, Any]], rng: Rng) -> int:
    """15.31: the force with the greater total Surface Attack Strength attacks. 0 = first, 1 = second.

    A tie is not covered by the rules; reconstructed: the attacker is chosen at random (one die), since neither
    force is the stronger.
    """
    a, b = total(first, "attack"), total(second, "attack")
    if a != b:
        return 0 if a > b else 1
    return rng.choice([0, 1])


def set_aside(attack: int, defenders: list[dict[str, Any]], order: list[str] | None = None
              ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """15.32: the defender removes ships of its choice until the fight is at least 1:1; removed ships are untouched.

    `order` is the defender's standing order (unit ids, first removed first); by default it keeps its most valuable
    ships out of the fight first. Returns (engaged, set aside).
    """
    ranked = _removal_order(defenders, order)
    engaged = list(defenders)
    aside: list[dict[str, Any]] = []
    for ship in ranked:
        if crt.surface_allowed(attack, total(engaged, "defense")):
            break
        engaged.remove(ship)
        aside.append(ship)
    return engaged, aside


def shield(attackers: list[dict[str, Any]], defense: int, mode: str = "keep_odds", first: list[str] | None = None
           ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """15.33, 15.35: whole ships held back from the principal attack, to attack another enemy force.

    Never below 1:1 against the principal target, so none may be shielded if removing one ship would go below.
    mode "none": no shielding; "keep_odds" (default): only ships the principal attack does not need to keep its
    odds column; "max": as many ships as 1:1 allows. The ships the attacker ranked (`first`, its standing order: "the
    attacker may shield whole ships") are tried first in its order, then the greatest Attack Strength first.
    """
    principal = list(attackers)
    shielded: list[dict[str, Any]] = []
    if mode == "none" or defense <= 0:
        return principal, shielded
    column = crt.surface_column(total(principal, "attack"), defense)
    if column is None:
        return principal, shielded
    ranked = [u for u in first or [] if isinstance(u, str)]
    for ship in sorted(attackers, key=lambda s: (ranked.index(s["id"]) if s["id"] in ranked else len(ranked),
                                                 -s["attack"], s["id"])):
        rest = [s for s in principal if s is not ship]
        if not rest or not crt.surface_allowed(total(rest, "attack"), defense):
            continue
        if mode == "keep_odds" and crt.surface_column(total(rest, "attack"), defense) != column:
            continue
        principal = rest
        shielded.append(ship)
    return principal, shielded


def engage(attackers: list[dict[str, Any]], defenders: list[dict[str, Any]], rng: Rng,
           set_aside_order: list[str] | None = None) -> dict[str, Any]:
    """One surface combat (15.31, 15.32, 15.34): the attacker rolls once and both sides of the result apply.

    If the attack is below 1:1 the defender sets ships aside first (15.32; reconstructed for 15.31, where the
    weaker force may still out-defend the stronger's attack: the same set-aside keeps the prohibited odds out).
    """
    attack = total(attackers, "attack")
    engaged, aside = set_aside(attack, defenders, set_aside_order)
    report: dict[str, Any] = {"attack": attack, "attackers": [s["id"] for s in attackers],
                              "defenders": [s["id"] for s in engaged], "set_aside": [s["id"] for s in aside],
                              "defense": total(engaged, "defense")}
    if not engaged or attack <= 0:
        report.update(column=None, die=None, attacker_result="-", defender_result="-", effects={}, cell=None)
        return report
    column = crt.surface_column(attack, report["defense"])
    die = rng.d6()
    att_code, def_code = crt.surface_result(column, die)
    effects = apply_naval_result(att_code, report["attackers"], rng)
    effects.update(apply_naval_result(def_code, report["defenders"], rng))
    report.update(column=column, die=die, attacker_result=att_code, defender_result=def_code, effects=effects,
                  cell=crt.cell("surface", column, die)["text"])
    return report


def _removal_order(ships: list[dict[str, Any]], order: list[str] | None) -> list[dict[str, Any]]:
    by_id = {s["id"]: s for s in ships}
    first = [by_id[u] for u in (order or []) if u in by_id]
    rank = {t: i for i, t in enumerate(DEFAULT_PRIORITY)}
    rest = sorted((s for s in ships if s not in first),
                  key=lambda s: (rank.get(s["type"], len(rank)), -s["defense"], s["id"]))
    return first + rest
