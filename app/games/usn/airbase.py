"""Air strikes on bases (Detailed Sequence of Play, Step 5 (H)-(I); Mission Capability Chart: Air Units, Bomb Air or
Naval Base; CRTs 2, 3 and 5).

(H) the Allied strikes on bases, then (I) the Japanese: every flight written against the same base attacks together,
all types at once. a) CAP: the defender's Combat Air Patrol flown from that base answers (an air base's CAP defends
land targets, bases and ships in port), and if the target is an air base that is not neutralized, every air point
left on it rises to CAP automatically; both fire at once on CRT 2. b) the base's Anti-Aircraft (an air base its Air
Point Capacity, a naval base 20: Air and Naval Bases (M)) fires at the survivors, never at LBAC (CRT 2: AA fires at
LBAC only when they attack naval units). c) the survivors' total Bombardment Strength against the base's Defense 10
on CRT 3, then CRT 5: 20-40 neutralizes it for one complete Game-Turn, X also takes five Air Point Capacity; air
points grounded on a base already neutralized suffer the schedule (bombard.base_result). A strike on the base's
"air units on the ground" is Strafing: a) and b) as for an air base, then the strafers' air-to-air at the points
still on the ground instead of c) (`_strafe`).

Readings (docs/games/usn.md): the strike's losses are taken in the order the flights were written and the CAP's in
the order its flights were written, then from the points rising from the base (the cheapest to the defender first);
destruction first when too few (errata)."""
from __future__ import annotations

from typing import Any

from app.engine.log import PUBLIC, entry
from app.games.usn import board, bombard, coastal, crt, damage, strength, supply

RULE = "Mission Capability Chart: Air Units, Bomb Air or Naval Base"


def bomb_per_point(m) -> int:
    """Bombardment Strength per air point against a base or land units (against ships: strength.bomb_per_point)."""
    if m.get("bomb_per_point"):  # Shock Effect: Japanese NAC at ten (shock.strikes)
        return m["bomb_per_point"]
    if m["kind"] == "lbac":
        return board.AIR["bomb_per_point_lbac"]
    return board.AIR[f"bomb_per_point_{m['kind']}_{m['side']}"]


def _take(flights, aborted, destroyed, state, side, why) -> tuple[int, int]:
    """Spread (aborted, destroyed) over flights in order, destruction first (errata); what was actually taken."""
    took_a = took_d = 0
    for f in flights:
        a, d = damage.losses(f["alive"], aborted - took_a, destroyed - took_d)
        f["alive"] -= a + d
        f["aborted"] = f.get("aborted", 0) + a
        took_a, took_d = took_a + a, took_d + d
        damage.lose_air(state, side, f["kind"], d, why)
    return took_a, took_d


def meet_cap(state, side: str, group, cover, rising: int, rng, at, what: str = "the strike") -> tuple[int, int]:
    """The CAP over the target (flown from a base in its hex, plus `rising`: a base's own points that rise to defend
    it) meets the flights on CRT 2, and the flights fire back at once (Mission Capability Chart: Air Units). Returns
    (CAP points destroyed, destroyed wanted by the result): a base's rising points take the difference."""
    cap_points = sum(c["alive"] for c in cover) + rising
    if not cap_points:
        return 0, 0
    r1, r2 = rng.d6(), rng.d6()
    ab, de = crt.air(cap_points * board.AIR["air_to_air_per_point"], r1)
    fire_back = sum(f["alive"] * strength.air_to_air_per_point(f) for f in group)
    cab, cde = crt.air(fire_back, r2)
    ta, td = _take(group, ab, de, state, side, "by CAP")
    state["log"].append(entry(PUBLIC, f"CAP {cap_points} points meet it (die {r1}): {ta} aborted, {td} "
                                      f"destroyed; {what} fires back with {fire_back} (die {r2}).", at=at))
    _ca, cd = _take(cover, cab, cde, state, board.other(side), "on CAP")
    return cd, cde


def _ground_losses(state, b, destroyed) -> None:
    """Air points that rose from the base itself: destroyed ones are gone; aborted ones simply land again."""
    left = destroyed
    for k in sorted(("lac", "nac"), key=lambda k: (damage.air_vp(k, b["side"]), k)):
        n = min(left, b["air"][k])
        if n:
            b["air"][k] -= n
            left -= n
            damage.lose_air(state, b["side"], k, n, f"rising from the base at {b['hex']}")


STRAFE = "air units on the ground"


def _strafe(state, b, group, rising, rng, at) -> None:
    """Mission: Strafing, last step: the strafers' air-to-air (normal or extended) at the air points on the ground,
    which do not fire back (CRT 2). Reading: the points that rose to CAP are in the air, not on the ground, so the
    targets are the LBAC (never rising) and, on a neutralized base, every point; only the destroyed number counts
    on the ground; the strafer chooses the types lost (CRT 2), the dearest to the defender first."""
    grounded = {k: n for k, n in b["air"].items() if k == "lbac" or not rising}
    fire = sum(f["alive"] * strength.air_to_air_per_point(f) for f in group)
    if not fire or not any(grounded.values()):
        state["log"].append(entry(PUBLIC, f"Strafing {fire}: no air units on the ground at {b['hex']}.", at=at))
        return
    r = rng.d6()
    _ab, de = crt.air(fire, r)
    lost = 0
    for k in sorted(grounded, key=lambda k: (-damage.air_vp(k, b["side"]), k)):
        n = min(de - lost, grounded[k])
        if n:
            b["air"][k] -= n
            lost += n
            damage.lose_air(state, b["side"], k, n, f"strafed on the ground at {b['hex']}")
    state["log"].append(entry(PUBLIC, f"Strafing {fire} at the air units on the ground at {b['hex']} (die {r}): "
                                      f"{lost} destroyed.", at=at))


def strike_bases(state, side: str, flights: list[dict[str, Any]], caps: list[dict[str, Any]], rng, at) -> None:
    enemy = board.other(side)
    targets: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for f in flights:
        targets.setdefault((f["target"], f["base"]), []).append(f)
    for (h, kind), group in sorted(targets.items()):
        b = state["bases"].get(h)
        names = ", ".join(f"{f['alive']} {board.KIND_TITLE[f['kind']]}" for f in group)
        state["log"].append(entry(PUBLIC, f"{board.TITLE[side]} strike on the {kind} at hex {h}: {names}.", at=at))
        if b is None or b["side"] != enemy or not board.has_base(b, "air base" if kind == STRAFE else kind):
            state["log"].append(entry(PUBLIC, "The strike finds no enemy base there.", at=at))
            continue
        was_neutralized = board.neutralized(state, h, "air")
        # a) CAP flown from this base, and every point left on an air base that is not neutralized
        cover = [c for c in caps if c["side"] == enemy and c["from"] == f"base:{h}" and c["alive"]]
        air_target = kind != "naval base"
        grounded = was_neutralized or not supply.base_supplied(state, h)  # Supply (E): no mission out of supply
        rising = b["air"]["lac"] + b["air"]["nac"] if air_target and not grounded and not b.get("shock") else 0
        # LBAC fly; under the Shock Effect (shock.strikes) Allied aircraft perform no missions
        # no CAP (Mission Capability Chart: Air Units)
        cd, cde = meet_cap(state, side, group, cover, rising, rng, at)
        if rising and cd < cde:
            _ground_losses(state, b, min(cde - cd, rising))
        if not any(f["alive"] for f in group):
            continue
        # b) the base's Anti-Aircraft, never at LBAC
        aa = b["capacity"] if air_target else board.PLAY["base_values"]["naval_base_anti_aircraft"]
        aa = max(aa // 3, 1) if b.get("shock") and aa else aa  # Shock Effect: an Allied base's AA at one third
        exposed = [f for f in group if f["kind"] != "lbac" and f["alive"]]
        if aa and exposed:
            r = rng.d6()
            ab, de = crt.air(aa, r)
            ta, td = _take(exposed, ab, de, state, side, "by anti-aircraft fire")
            state["log"].append(entry(PUBLIC, f"Anti-aircraft {aa} (die {r}): {ta} aborted, {td} destroyed.", at=at))
        if kind == STRAFE:
            _strafe(state, b, group, rising, rng, at)
            continue
        # c) bombing: CRT 3, then CRT 5
        attack = sum(f["alive"] * bomb_per_point(f) for f in group)
        if not attack:
            continue
        defense = board.PLAY["base_values"]["defense"]
        r3 = rng.d6()
        number = crt.air_to_surface(attack, defense, r3)
        if not number:
            state["log"].append(entry(PUBLIC, f"Bombing {attack} against {defense} (die {r3}): no effect.", at=at))
            continue
        r5 = rng.d6()
        result = crt.damage(number, r5)
        state["log"].append(entry(PUBLIC, f"Bombing {attack} against {defense} (die {r3}): damage number {number}; "
                                          f"CRT 5 (die {r5}): {result or 'no effect'}.", at=at))
        if result:
            bombard.base_result(state, b, "air" if kind == "air base" else "naval", result,
                                grounded=grounded or kind != "air base")


def strike_land(state, side: str, flights: list[dict[str, Any]], caps, rng, at) -> None:
    """Mission: Bombing of Land Units (5(H)-(I)): the flights against one land unit meet the CAP flown from an air
    base in its hex (CRT 2, at once), then their Bombardment Strength goes against its Defense on CRT 1, where only
    Dx counts (bombard.bomb_land). No Anti-Aircraft fire (the mission names none)."""
    enemy = board.other(side)
    targets: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for f in flights:
        targets.setdefault((f["target"], f["unit"]), []).append(f)
    for (h, uid), group in sorted(targets.items()):
        u = state["land"][uid]
        names = ", ".join(f"{f['alive']} {board.KIND_TITLE[f['kind']]}" for f in group)
        state["log"].append(entry(PUBLIC, f"{board.TITLE[side]} bombing of {u['name']} at hex {h}: {names}.", at=at))
        if u["hex"] != h:
            state["log"].append(entry(PUBLIC, "The strike finds no target there.", at=at))
            continue
        cover = [c for c in caps if c["side"] == enemy and c["from"] == f"base:{h}" and c["alive"]]
        meet_cap(state, side, group, cover, 0, rng, at)
        attack = sum(f["alive"] * bomb_per_point(f) for f in group)
        if attack and coastal.is_coastal(u):  # Mission: Bombing Coastal Defense Unit: CRT 4, "2" or more destroys
            coastal.bomb(state, side, attack, u, rng, at)
        elif attack:
            bombard.bomb_land(state, side, "air units bomb", attack, u, rng, at)
