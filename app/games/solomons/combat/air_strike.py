"""Air attacks over explicit inputs (14.1-14.3, 14.64, 6.23, 6.24): what one strike loses and what it hits.

Nothing here reads the state. A strike is a number of Air Points; ships are dicts {"id", "type", "defense",
"aa"}; CAP is given in Air Points and doubled here (6.22, 14.12). The results are plain data the state layer
(air.py) applies and tells each side about.

The choices 14.3 gives the players in mid-resolution are standing orders written before the segment (see air.py
for why): the defender's Naval Defensive Groups and the groups its Point CAP covers, and the attacker's
"doctrine": which announced kind of ship it goes for and the odds it tries for on each ship.
"""
from __future__ import annotations

from typing import Any

from app.engine.rng import Rng
from app.games.solomons import board
from app.games.solomons.combat import crt

GROUP_SIZE = 4  # 14.3: "face down in groups of no more than four"
CAP_MULTIPLIER = board.AIR["cap_multiplier"]  # 6.22, 14.12: "CAP strength is doubled" (data/charts.toml)

# 14.3: the defender states which groups contain carriers, battleships, battlecruisers or transports.
ANNOUNCED = {"CV": "carrier", "CVL": "carrier", "BB": "battleship", "B": "battleship",
             "BC": "battlecruiser", "TR": "transport"}
# Default attacker doctrine: the most valuable ships first (22's Victory Point order), odds of 3:1 (the best column).
DEFAULT_PRIORITY = ["CV", "CVL", "BB", "BC", "B", "TR", "CA", "DD", "APD"]
DEFAULT_ODDS = 3.0
# 14.3 "The attacker allocates Air Points among target groups": the doctrine's "spread" says how, among the groups
# announced to hold the first kind it goes for: shared evenly (the default), or all on the first of them (one
# group's anti-aircraft fire instead of several: the CAP/AA table's losses do not shrink with a smaller share).
SPREADS = ("even", "one")


def intercept(strength: int, rng: Rng) -> dict[str, Any]:
    """One roll on the CAP/Anti-Aircraft CRT for `strength` (CAP already doubled). Below the first column: no roll."""
    column = crt.cap_aa_column(strength)
    if column is None:
        return {"strength": strength, "column": None, "die": None, "lost": 0}
    die = rng.d6()
    return {"strength": strength, "column": column, "die": die, "lost": crt.cap_aa_loss(column, die)}


def form_groups(ships: list[dict[str, Any]], order: list[list[str]] | None = None) -> list[list[str]]:
    """The defender's Naval Defensive Groups (14.3): its standing order if it is valid, else the default.

    Default: the ships dealt round-robin, most valuable first, into as few groups of four as will hold them, so
    each group has escorts' AA around its capital ships.
    """
    ids = [s["id"] for s in ships]
    if order:
        listed = [u for g in order for u in g if u in ids]
        groups = [[u for u in g if u in ids] for g in order]
        groups = [g for g in groups if g]
        missing = [u for u in ids if u not in listed]
        if len(set(listed)) == len(listed) and all(len(g) <= GROUP_SIZE for g in groups):
            # Ships the order forgot (reinforcements, merged forces) fill later groups.
            for u in missing:
                room = next((g for g in groups if len(g) < GROUP_SIZE), None)
                if room is None:
                    groups.append([u])
                else:
                    room.append(u)
            return groups
    ranked = sorted(ships, key=lambda s: (_rank(s["type"], DEFAULT_PRIORITY), s["id"]))
    count = max(1, -(-len(ranked) // GROUP_SIZE))
    groups = [[] for _ in range(count)]
    for i, ship in enumerate(ranked):
        groups[i % count].append(ship["id"])
    return [g for g in groups if g]


def announce(groups: list[list[str]], types: dict[str, str]) -> list[list[str]]:
    """What the defender states of each group (14.3): the kinds among carrier/battleship/battlecruiser/transport."""
    out = []
    for group in groups:
        kinds = {ANNOUNCED[types[u]] for u in group if types[u] in ANNOUNCED}
        out.append(sorted(kinds))
    return out


def allocate_to_groups(points: int, groups: list[list[str]], types: dict[str, str],
                       priority: list[str] | None = None, spread: str | None = None) -> list[int]:
    """The attacker's Air Points per group, by doctrine, knowing only what was announced (14.3).

    The points go to the groups announced to hold the first kind in the attacker's priority, shared evenly (the
    first groups take the odd points), or with `spread` "one" all to the first of those groups; if nothing was
    announced, all go to the first group.
    """
    priority = priority or DEFAULT_PRIORITY
    announced = announce(groups, types)
    chosen: list[int] = []
    for kind_type in priority:
        kind = ANNOUNCED.get(kind_type)
        chosen = [i for i, kinds in enumerate(announced) if kind and kind in kinds]
        if chosen:
            break
    if not chosen or spread == "one":
        chosen = chosen[:1] or [0]
    share, extra = divmod(points, len(chosen))
    out = [0] * len(groups)
    for n, i in enumerate(chosen):
        out[i] = share + (1 if n < extra else 0)
    return out


def allocate_to_ships(points: int, ships: list[dict[str, Any]], priority: list[str] | None = None,
                      odds: float | None = None) -> list[tuple[str, int]]:
    """The surviving Air Points of one group shared among its revealed ships (14.3, 14.32).

    Ships in the attacker's priority (then the stronger defense first) each get enough points for the doctrine's
    odds, or what is left if that still reaches 1:2 (below 1:2 is prohibited, Aircraft-Naval CRT note). Points left
    over that reach no further ship join the first ship attacked. An Air Point attacks one ship only.
    """
    priority = priority or DEFAULT_PRIORITY
    odds = odds or DEFAULT_ODDS
    ranked = sorted(ships, key=lambda s: (_rank(s["type"], priority), -s["defense"], s["id"]))
    left = points
    plan: list[list[Any]] = []
    for ship in ranked:
        if left <= 0:
            break
        need = max(1, int(odds * ship["defense"] + 0.999999))
        give = min(left, need)
        if not crt.aircraft_naval_allowed(give, ship["defense"]):
            continue
        plan.append([ship["id"], give])
        left -= give
    if plan and left > 0:
        plan[0][1] += left
    return [(u, n) for u, n in plan]


def attack_ship(points: int, defense: int, rng: Rng) -> dict[str, Any]:
    """One ship attacked by `points` on the Aircraft-Naval CRT (14.3): the column, the die and C / D / -."""
    column = crt.aircraft_naval_column(points, defense)
    die = rng.d6()
    return {"points": points, "defense": defense, "column": column, "die": die,
            "result": crt.aircraft_naval_result(column, die)}


def resolve_ship_strike(points: int, ships: list[dict[str, Any]], rng: Rng, *, area_cap: int = 0,
                        groups: list[list[str]] | None = None, point_cap: list[int] | None = None,
                        priority: list[str] | None = None, odds: float | None = None,
                        spread: str | None = None, extended: bool = False) -> dict[str, Any]:
    """One air attack on one Task Force, in the order of 14.3.

    area_cap and point_cap are Air Points (doubled here, 14.12). groups are the defender's Naval Defensive Groups
    (already formed for the segment: 14.7, no regrouping between attacks). extended: Rabaul LAC attacking
    Guadalcanal at extended range lose every CAP and AA loss a second time after the attack (14.64).
    Returns every roll, what was announced and revealed, the ship results, and the surviving points.
    """
    by_id = {s["id"]: s for s in ships}
    types = {s["id"]: s["type"] for s in ships}
    groups = groups if groups is not None else form_groups(ships)
    point_cap = list(point_cap or [0] * len(groups))
    report: dict[str, Any] = {"points": points, "extended": extended}
    # 1. Area CAP intercepts (14.13).
    area = intercept(CAP_MULTIPLIER * area_cap, rng) if area_cap else None
    lost = min(points, area["lost"]) if area else 0
    report["area"] = area
    left = points - lost
    # 2. The defender shows its groups and what kinds they hold (14.3).
    report["announced"] = announce(groups, types)
    report["group_sizes"] = [len(g) for g in groups]
    # 3. The attacker shares its points among the groups.
    shares = allocate_to_groups(left, groups, types, priority, spread) if left > 0 else [0] * len(groups)
    report["groups"] = []
    for i, group in enumerate(groups):
        if shares[i] <= 0:
            continue
        # 4. Anti-aircraft fire: ship AA plus doubled Point CAP in one roll (14.33).
        aa = sum(by_id[u]["aa"] for u in group) + CAP_MULTIPLIER * point_cap[i]
        fire = intercept(aa, rng)
        group_lost = min(shares[i], fire["lost"])
        lost += group_lost
        survivors = shares[i] - group_lost
        # 5. The ships of an attacked group are revealed; 6. survivors are shared among them and roll.
        attacks = []
        for unit, n in allocate_to_ships(survivors, [by_id[u] for u in group], priority, odds):
            attack = attack_ship(n, by_id[unit]["defense"], rng)
            attack["ship"] = unit
            attacks.append(attack)
        report["groups"].append({"index": i, "ships": list(group), "points": shares[i], "aa": aa,
                                 "point_cap": point_cap[i], "fire": fire, "lost": group_lost,
                                 "attacks": attacks})
    report["lost_before"] = lost
    survivors = points - lost
    # 14.64: the same losses again, after the attack, from the survivors.
    report["lost_after"] = min(survivors, lost) if extended else 0
    report["survivors"] = survivors - report["lost_after"]
    report["hits"] = {a["ship"]: a["result"] for g in report["groups"] for a in g["attacks"]
                      if a["result"] != "-"}
    return report


def resolve_base_strike(points: int, rng: Rng, *, area_cap: int = 0, extended: bool = False) -> dict[str, Any]:
    """One air bombardment of the Guadalcanal airbase, up to the Bombardment CRT (6.23, 14.2, 14.64).

    Area CAP intercepts first; the surviving points are what this strike adds to the segment's combined
    bombardment (bombardment.py rolls once for all of them).
    """
    area = intercept(CAP_MULTIPLIER * area_cap, rng) if area_cap else None
    lost = min(points, area["lost"]) if area else 0
    strength = points - lost
    lost_after = min(strength, lost) if extended else 0
    return {"points": points, "extended": extended, "area": area, "lost_before": lost, "strength": strength,
            "lost_after": lost_after, "survivors": strength - lost_after}


def _rank(unit_type: str, priority: list[str]) -> int:
    return priority.index(unit_type) if unit_type in priority else len(priority)
