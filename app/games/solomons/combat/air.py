"""Air combat in the state (sections E and F of a day segment): 6.22-6.25, 10.1, 14.1-14.7, 16.22.

The section D allocations are the `air` submissions left in state["decisions"] (STATE.md). Each strike is one
"attack" (14.14): Area CAP intercepts it, then, against ships, the 14.3 steps run in air_strike.py; against the
Guadalcanal airbase the survivors join the segment's one combined bombardment roll (bombardment.py).

Mid-resolution decisions are standing orders, not prompts. Why: 14.3 asks for three decisions inside one attack
(the defender's groups and Point CAP, the attacker's split among groups, then among revealed ships) and several
attacks of both sides resolve in one section; a prompt for each would stall a simultaneous game for a decision
that a written doctrine makes just as well, and the paper game has players decide the same things at the table
from the same information. The orders are optional fields of the `air` submission, with defaults:

    "defence": {own_tf_id: {"groups": [[unit_id, ...], ...],   # Naval Defensive Groups, four ships at most (14.3)
                            "point_cap": [points for group 1, group 2, ...],   # default: all on the first group
                                                                                # holding a carrier
                            "counterattack": true}}             # 6.25 / 14.5; default true
    "doctrine": {"priority": ["CV", "BB", ...], "odds": 3,      # attacker: kinds first, odds sought per ship,
                 "spread": "even"}                              # and the groups of that kind shared evenly or
                                                                # all on the first ("one")
    each mission may carry its own "priority" / "odds".

Defaults when absent are in air_strike.py (form_groups, allocate_to_groups, allocate_to_ships).
What each side is told (14.3): the attacker learns the area CAP loss, the number and size of the target's groups
and which hold carriers, battleships, battlecruisers or transports, the AA loss over each group it attacked, the
ships of those groups (types and names, in state["combat_reveals"]) and each ship's result. The defender learns
the attack on its ships, every roll and every table cell. CAP columns are shown only to the CAP's owner.

Readings of the rules chosen here: the strikes of both sides resolve in one pass, Japan's first, ship results
applied at once (losses never change what the other side already launched); carrier strikes of one side from
one hex on one target combine into one attack (14.7) without being asked; 14.64's extended range applies to
Rabaul LAC attacking anything in hex M, ships or airbase; 10.7's "may not attack Shortlands" is read as hex L;
NAC whose carrier is hit while they fly land at the end of the section, own hex first, carriers before bases.
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.rng import Rng
from app.games.solomons import board, fog, tables
from app.games.solomons.combat import air_strike
from app.games.solomons.combat.common import (SIDES, afloat, capacity, casualty, combat_state, enemy, is_carrier_force,
                                             label, marker_called, marker_of, reveal, say, ship, ship_name, tf_label)

HENDERSON_HEX = board.GUADALCANAL
BASE_HEX = board.AIR_SOURCE_PLACE   # 10.5, 10.6: on-map airbases in their hexes; off-map bases are places
OFFENSIVE = ("attack", "bombard")


# === Reading the allocation ===

def missions(state: dict[str, Any], side: str) -> list[dict[str, Any]]:
    order = (state.get("decisions") or {}).get(side) or {}
    return [m for m in order.get("missions", []) if m.get("points", 0) > 0]


def standing(state: dict[str, Any], side: str, key: str) -> dict[str, Any]:
    """A standing order of the side's allocation ("defence" or "doctrine"; checked by check_standing_orders)."""
    order = (state.get("decisions") or {}).get(side) or {}
    got = order.get(key)
    return got if isinstance(got, dict) else {}


def source_hex(state: dict[str, Any], source: str) -> str:
    if source in state["task_forces"]:
        return state["task_forces"][source]["hex"]
    return BASE_HEX.get(source, source)


def henderson_side(state: dict[str, Any]) -> str | None:
    field = state["guadalcanal"]["henderson"]
    return field.get("side") if field.get("complete") else None


def area_cap(state: dict[str, Any], side: str, hex_id: str) -> int:
    """Air Points of `side` flying Area Defense over `hex_id` (6.22): allocated CAP, plus at Henderson Field every
    point not allocated to another mission this segment (6.22, 10.3). LAC and NAC combine."""
    points = sum(m["points"] for m in missions(state, side)
                 if m.get("mission") == "cap_area" and (m.get("hex") or source_hex(state, m["source"])) == hex_id)
    if hex_id == HENDERSON_HEX and henderson_side(state) == side:
        air = state["air"][side].get("henderson", {})
        total = air.get("lac", 0) + air.get("nac", 0)
        allocated = sum(m["points"] for m in missions(state, side) if m["source"] == "henderson")
        points += max(0, total - allocated)
    return points


def point_cap(state: dict[str, Any], side: str, tf_id: str) -> int:
    return flown_point_cap(missions(state, side), tf_id)


def flown_point_cap(written: list[Any], tf_id: str) -> int:
    """The Point CAP the missions written fly over the task force (6.22)."""
    return sum(m.get("points", 0) for m in written if isinstance(m, dict)
               and m.get("mission") == "cap_point" and m.get("target") == tf_id)


def slot_immune(tf: dict[str, Any]) -> bool:
    """11.1: a Slot Run is immune to Henderson Field air "while the Task Force reaches M during a night segment":
    the whole run is, if its plot puts it in M in a night segment; a run reaching M by day is not
    (docs/games/solomons.md)."""
    return bool(tf.get("slot")) and any(place == HENDERSON_HEX and not board.is_day(int(seg))
                                        for seg, place in (tf.get("plot") or {}).items())


def target_task_force(state: dict[str, Any], side: str, marker: str | None,
                      real: str | None = None) -> dict[str, Any] | None:
    """The enemy task force `side` knows as `marker` (STATE.md: markers never carry the real id); the core's
    record of the allocation may already have resolved it to `real`."""
    if real in state["task_forces"] and afloat(state, state["task_forces"][real]):
        return state["task_forces"][real]
    for tf in state["task_forces"].values():
        if tf["side"] != side and marker_of(tf, side) == marker and afloat(state, tf):
            return tf
    return None


# === Standing orders of a section D allocation (checked by air_orders.check_allocation) ===

def check_standing_orders(state: dict[str, Any], side: str, allocation: dict[str, Any]) -> None:
    """The optional standing orders of an allocation must be well formed (see the top of this module)."""
    defence = allocation.get("defence") or {}
    if not isinstance(defence, dict):
        raise IllegalAction("Defence orders are given per task force of yours.", "14.3")
    for tf_id, order in defence.items():
        tf = state["task_forces"].get(tf_id)
        if tf is None or tf["side"] != side or not isinstance(order, dict):
            raise IllegalAction("Defence orders are given per task force of yours.", "14.3")
        groups = order.get("groups")
        if groups is not None:
            if not isinstance(groups, list) or not all(isinstance(g, list) and all(isinstance(u, str) for u in g)
                                                       for g in groups):
                raise IllegalAction("Naval Defensive Groups are lists of your ships, by name.", "14.3")
            ships = [u for g in groups for u in g]
            if any(len(g) > air_strike.GROUP_SIZE for g in groups) or len(set(ships)) != len(ships) \
                    or any(u not in tf["units"] for u in ships):
                raise IllegalAction("Each ship of the task force goes in one group of no more than four.", "14.3")
        caps = order.get("point_cap")
        if caps is not None and (not isinstance(caps, list) or not all(_count(n) for n in caps)):
            raise IllegalAction("Point CAP per group is a list of whole numbers of Air Points.", "14.3")
        if caps:
            flown = flown_point_cap(allocation.get("missions") or [], tf_id)
            if sum(caps) > flown:
                raise IllegalAction(f"The Point CAP given to the groups of {tf_label(tf)} ({sum(caps)}) is more "
                                    f"than the Point CAP it flies ({flown}).", "14.33")
        if not isinstance(order.get("counterattack", True), bool):
            raise IllegalAction("Counterattack is yes or no.", "6.25")
    for doctrine in [allocation.get("doctrine") or {}] + list(allocation.get("missions") or []):
        if not isinstance(doctrine, dict):
            raise IllegalAction("An attack doctrine names ship types and odds.", "14.3")
        priority, odds = doctrine.get("priority"), doctrine.get("odds")
        if priority is not None and (not isinstance(priority, list)
                                     or not all(p in air_strike.DEFAULT_PRIORITY for p in priority)):
            raise IllegalAction("Target priority lists ship types: "
                                f"{', '.join(air_strike.DEFAULT_PRIORITY)}.", "14.3")
        if odds is not None and (isinstance(odds, bool) or not isinstance(odds, (int, float))
                                 or not 0.5 <= odds <= 3):
            raise IllegalAction("The odds sought per ship are between 1:2 (0.5) and 3:1 (3).", "14.3")
        if doctrine.get("spread") not in (None, *air_strike.SPREADS):
            raise IllegalAction("A strike's points go evenly to the groups of the kind it goes for (\"even\") or "
                                "all to the first of them (\"one\").", "14.3")


def _count(n: Any) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and n >= 0


# === Section E ===

def resolve_air_attacks(state: dict[str, Any], segment: int, rng: Rng) -> None:
    """Section E: every offensive air mission of both sides, Japan's first, each in the order written (14.14);
    carrier air comes home at the end of the section. The core has already marked the strikes spent when it
    recorded the section D allocation (14, 14.41, 14.63) and called supply.expend_air_supply (16.22)."""
    scratch = combat_state(state, segment)
    # 6.25 needs to know which carrier forces had spent their offensive action before this segment; section D's
    # record already marked this segment's strikers spent, so a force with a strike now was unspent before.
    striking = {m["source"] for side in SIDES for m in missions(state, side) if m.get("mission") in OFFENSIVE}
    scratch["spent_before"] = {t: bool(tf.get("cag_spent")) and t not in striking
                               for t, tf in state["task_forces"].items()}
    strikes = _launch(state, scratch)
    base_strikes: dict[str, int] = {}
    for m in strikes:
        side = m["side"]
        if m.get("mission") == "attack":
            _ship_strike(state, scratch, side, m, rng)
        elif m.get("mission") == "bombard":
            base_strikes[side] = base_strikes.get(side, 0) + _base_strike(state, side, m, rng)
    for side, strength in base_strikes.items():
        # 6.33 / 15.2: all of a side's bombardment in a segment, air and naval, is one roll, made in the
        # bombardment section (bombardment.resolve_naval_bombardment).
        scratch["air_bombardment"][side] = scratch["air_bombardment"].get(side, 0) + strength
    recover(state, scratch)


def _launch(state: dict[str, Any], scratch: dict[str, Any]) -> list[dict[str, Any]]:
    """Working copies of both sides' missions, Japan's first. Carrier NAC that fly (strike or CAP) leave their
    carriers now, carrier by carrier, so a carrier hit meanwhile loses only what is aboard (14.42, 14.43)."""
    out = []
    for side in ("japanese", "allied"):
        for i, m in enumerate(missions(state, side)):
            strike = dict(m, side=side, key=f"{side}:{i}")
            tf = state["task_forces"].get(m["source"])
            if tf is not None:
                _take_off(state, scratch, strike, tf)
            out.append(strike)
    return _combine(state, scratch, out)


def _combine(state: dict[str, Any], scratch: dict[str, Any], strikes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """14.7: carrier forces of one side in one hex that attack the same target in a segment fly one combined
    attack (so CAP and AA intercept it once). Counterattacks are never combined (they are flown in section F)."""
    out: list[dict[str, Any]] = []
    joined: dict[tuple, dict[str, Any]] = {}
    for strike in strikes:
        flight = scratch["airborne"].get(strike["key"])
        if strike.get("mission") != "attack" or flight is None:
            out.append(strike)
            continue
        target = strike.get("target_tf") or strike.get("target")
        key = (strike["side"], flight["hex"], target)
        first = joined.get(key)
        if first is None:
            joined[key] = strike
            out.append(strike)
            continue
        first["points"] += strike["points"]
        first.setdefault("combined", [first["source"]]).append(strike["source"])
        into = scratch["airborne"][first["key"]]["carriers"]
        for unit, n in scratch["airborne"].pop(strike["key"])["carriers"].items():
            into[unit] = into.get(unit, 0) + n
    return out


def _take_off(state: dict[str, Any], scratch: dict[str, Any], strike: dict[str, Any], tf: dict[str, Any]) -> None:
    carriers: dict[str, int] = {}
    points = strike["points"]
    for unit in afloat(state, tf):
        take = min(state["units"][unit].get("nac", 0), points)
        if take > 0:
            carriers[unit] = take
            state["units"][unit]["nac"] -= take
            points -= take
    strike["points"] -= points  # a carrier cannot launch more than it holds
    if strike.get("mission") in ("cap_area", "cap_point"):
        for unit, n in carriers.items():
            scratch["cap_nac"][unit] = scratch["cap_nac"].get(unit, 0) + n
    scratch["airborne"][strike["key"]] = {"side": tf["side"], "hex": tf["hex"], "carriers": carriers,
                                          "cap": strike.get("mission") in ("cap_area", "cap_point")}


def recover(state: dict[str, Any], scratch: dict[str, Any]) -> None:
    """The end of an air section: carrier NAC land on their own carriers if intact; the others look for a deck
    (14.42): a friendly carrier or land base in the same or an adjacent hex, within capacity; the rest are lost.
    Same hex first, carriers before bases. A CAG landing ashore has transferred and may not attack this turn
    (14.63); it stays land-based (14.65)."""
    homeless: list[tuple[str, str, int]] = []
    # Every flight whose carrier is intact lands first, so the room left on a carrier is known (17.1).
    for flight in scratch["airborne"].values():
        lost = 0
        for unit, n in flight["carriers"].items():
            if n <= 0:
                continue
            if state["units"][unit]["status"] == "intact":
                state["units"][unit]["nac"] += n
            else:
                lost += n
        if lost:
            homeless.append((flight["side"], flight["hex"], lost))
    scratch["airborne"] = {}
    for side, here, points in homeless:
        _land_elsewhere(state, side, here, points)


def _land_elsewhere(state: dict[str, Any], side: str, here: str, points: int) -> None:
    total = points
    for place in [here] + sorted(tables.neighbors(here)):
        for tf in sorted(state["task_forces"].values(), key=lambda t: t["id"]):
            if tf["side"] != side or tf["hex"] != place:
                continue
            for unit in afloat(state, tf):
                if board.is_carrier(unit) and points > 0:
                    take = max(0, min(capacity(unit) - state["units"][unit].get("nac", 0), points))
                    state["units"][unit]["nac"] += take
                    points -= take
        for base in _land_bases(state, side, place):
            if points <= 0:
                break
            air = state["air"][side].setdefault(base, {"lac": 0, "nac": 0, "untrained": 0, "spent": 0,
                                                       "transferred": 0, "attacked": False})
            cap = _air_capacity(base, state["turn"])
            room = points if cap is None else max(0, cap - air.get("lac", 0) - air.get("nac", 0)
                                                  - air.get("untrained", 0))
            take = min(room, points)
            air["nac"] = air.get("nac", 0) + take
            air["transferred"] = air.get("transferred", 0) + take
            points -= take
    if points:
        state["losses"][side]["nac"] += points
    say(state, side, f"{total} NAC whose carrier was crippled or sunk while they flew looked for a deck: "
        f"{total - points} landed on a friendly carrier or base nearby, {points} were lost.", rule="14.42")


def _strike_label(state: dict[str, Any], side: str, m: dict[str, Any], viewer: str) -> str:
    source = m["source"]
    if source in state["air"][side]:
        where = board.BASE_LABEL.get(source, source)
    elif viewer == side:
        forces = [state["task_forces"][t] for t in m.get("combined", [source]) if t in state["task_forces"]]
        where = " and ".join(tf_label(tf) for tf in forces) or "your carriers"
    else:
        where = "carriers"
    return f"{m['points']} {m['kind'].upper()} from {where}"


def _ship_strike(state: dict[str, Any], scratch: dict[str, Any], side: str, m: dict[str, Any], rng: Rng) -> None:
    tf = target_task_force(state, side, m.get("target"), m.get("target_tf"))
    if tf is None:
        say(state, side, f"Your {_strike_label(state, side, m, side)} found no target at {m.get('target')}.",
            rule="14.3")
        return
    if m["source"] == "henderson" and slot_immune(tf):
        say(state, side, f"Your {_strike_label(state, side, m, side)} could not attack {marker_called(tf, side)}: "
            "a Slot force reaching Guadalcanal by night is immune to Henderson Field air.", rule="11.1")
        return
    # 6.25: a spent carrier force attacked by unspent carrier air (judged before the attack cripples anything)
    if m["source"] in state["task_forces"] and not scratch["spent_before"].get(m["source"]) \
            and is_carrier_force(state, tf) and scratch["spent_before"].get(tf["id"]):
        scratch["carrier_attacks"].append({"attacker": m["source"], "defender": tf["id"]})
    _attack_task_force(state, scratch, side, m, tf, rng, rule="14.3")


def _attack_task_force(state: dict[str, Any], scratch: dict[str, Any], side: str, m: dict[str, Any],
                       tf: dict[str, Any], rng: Rng, rule: str) -> dict[str, Any]:
    defender = enemy(side)
    ships = [ship(state, u) for u in afloat(state, tf)]
    groups = _groups(state, scratch, tf, ships)
    caps = _point_caps(state, tf, groups)
    doctrine = dict(standing(state, side, "doctrine"))
    doctrine.update({k: m[k] for k in ("priority", "odds") if k in m})
    extended = board.extended_range(m["source"], m["kind"], tf["hex"])
    report = air_strike.resolve_ship_strike(
        m["points"], ships, rng, area_cap=area_cap(state, defender, tf["hex"]), groups=groups, point_cap=caps,
        priority=doctrine.get("priority"), odds=doctrine.get("odds"), spread=doctrine.get("spread"),
        extended=extended)
    _lose_air(state, side, m, report["lost_before"] + report["lost_after"])
    for g in report["groups"]:
        reveal(state, side, tf, g["ships"], scratch["key"][1], "14.3")
    _tell_ship_strike(state, side, m, tf, report, rule, rng)
    for unit, result in report["hits"].items():
        wreck(state, scratch, unit, "crippled" if result == "C" else "sunk", "air attack")
    return report


def _groups(state: dict[str, Any], scratch: dict[str, Any], tf: dict[str, Any], ships: list[dict[str, Any]]
            ) -> list[list[str]]:
    """The task force's Naval Defensive Groups, formed at its first attack of the segment (14.7: no regrouping)."""
    ids = {s["id"] for s in ships}
    if tf["id"] not in scratch["groups"]:
        order = standing(state, tf["side"], "defence").get(tf["id"], {}).get("groups")
        scratch["groups"][tf["id"]] = air_strike.form_groups(ships, order)
    return [g for g in ([u for u in grp if u in ids] for grp in scratch["groups"][tf["id"]]) if g]


def _point_caps(state: dict[str, Any], tf: dict[str, Any], groups: list[list[str]]) -> list[int]:
    total = point_cap(state, tf["side"], tf["id"])
    caps = [0] * len(groups)
    if not total or not groups:
        return caps
    wanted = standing(state, tf["side"], "defence").get(tf["id"], {}).get("point_cap")
    if isinstance(wanted, list) and all(_count(x) for x in wanted) and sum(wanted[:len(groups)]) <= total:
        for i, n in enumerate(wanted[:len(groups)]):
            caps[i] = int(n)
        return caps
    first = next((i for i, g in enumerate(groups) if any(board.is_carrier(u) for u in g)), 0)
    caps[first] = total
    return caps


def _tell_ship_strike(state: dict[str, Any], side: str, m: dict[str, Any], tf: dict[str, Any],
                      report: dict[str, Any], rule: str, rng: Rng | None = None) -> None:
    defender = enemy(side)
    # Guadalcanal 18c2 (fog_damage): the attacker hears of each ship attacked through the umpire's secret die,
    # and without the CRT die, which with the column would tell the truth; the defender hears the truth.
    results = {a["ship"]: _word(a["result"]).replace("no effect", "none")
               for g in report["groups"] for a in g["attacks"]}
    foggy = fog.enabled(state, "fog_damage")
    told = fog.tell_damage(state, side, results, rng, state.get("segment"), rule)
    area = report["area"]
    shown = ", ".join(f"group {i + 1}: {n} ships" + (f" ({', '.join(k)})" if k else "")
                      for i, (n, k) in enumerate(zip(report["group_sizes"], report["announced"])))
    att = [f"Your {_strike_label(state, side, m, side)} attacked {marker_called(tf, side)} in {tf['hex']}."]
    dfn = [f"{tf_label(tf)} in {tf['hex']} was attacked by {_strike_label(state, side, m, defender)}."]
    if area:
        att.append(f"Area CAP shot down {area['lost']} (die {area['die']}).")
        dfn.append(f"Your Area CAP ({area['strength']} doubled, column {area['column']}, die {area['die']}) shot "
                   f"down {area['lost']}.")
    att.append(f"The enemy showed {shown}.")
    dfn.append(f"You showed {shown}.")
    for g in report["groups"]:
        n = g["index"] + 1
        fire = g["fire"]
        hits = "; ".join(f"{ship_name(a['ship'])} attacked with {a['points']} at {a['column']}, die {a['die']}: "
                         f"{_word(a['result'])}" for a in g["attacks"]) or "no ship could be attacked"
        die = f"die {fire['die']}" if fire["die"] else "too weak to roll"
        if foggy:
            hits = "; ".join(f"{ship_name(a['ship'])} attacked with {a['points']} at {a['column']}: reported "
                             f"{told[a['ship']].replace('none', 'no effect')}"
                             for a in g["attacks"]) or "no ship could be attacked"
        att.append(f"Group {n} ({g['points']} points): anti-aircraft fire shot down {g['lost']} ({die}); {hits}.")
        if foggy:
            hits = "; ".join(f"{ship_name(a['ship'])} attacked with {a['points']} at {a['column']}, die "
                             f"{a['die']}: {_word(a['result'])}" for a in g["attacks"]) or "no ship could be attacked"

        dfn.append(f"Group {n} took {g['points']} points: AA {g['aa']} (Point CAP {g['point_cap']} doubled), "
                   f"column {fire['column'] or 'none'}, {die}, shot down {g['lost']}; {hits}.")
    if report["lost_after"]:
        att.append(f"At extended range the strike lost {report['lost_after']} more on the way home.")
        dfn.append(f"At extended range the attackers lost {report['lost_after']} more on the way home.")
    say(state, side, " ".join(att), rule=rule)
    say(state, defender, " ".join(dfn), rule=rule)
    hits = ", ".join(f"{ship_name(u)} {_word(r)}" for u, r in report["hits"].items()) or "none"
    say(state, "umpire", f"{label(side)} {m['points']} {m['kind'].upper()} from "
        f"{board.BASE_LABEL.get(m['source'], 'a carrier force')} on {label(defender)} TF {tf['number']}: "
        f"lost {report['lost_before']}+{report['lost_after']}, hits: {hits}.", rule=rule)


def _word(result: str) -> str:
    return {"C": "crippled", "D": "sunk"}.get(result, "no effect")


def _base_strike(state: dict[str, Any], side: str, m: dict[str, Any], rng: Rng) -> int:
    defender = enemy(side)
    extended = board.extended_range(m["source"], m["kind"], HENDERSON_HEX)
    report = air_strike.resolve_base_strike(m["points"], rng, area_cap=area_cap(state, defender, HENDERSON_HEX),
                                            extended=extended)
    _lose_air(state, side, m, report["lost_before"] + report["lost_after"])
    area = report["area"]
    cap = f" Area CAP shot down {area['lost']} (die {area['die']})." if area else ""
    after = (f" At extended range {report['lost_after']} more were lost after the attack."
             if report["lost_after"] else "")
    say(state, side, f"Your {_strike_label(state, side, m, side)} bombed Guadalcanal with {report['strength']} "
        f"surviving points.{cap}{after}", rule="14.2")
    column = f" (CAP {area['strength']} doubled, column {area['column']})" if area else ""
    say(state, defender, f"Guadalcanal was bombed by {_strike_label(state, side, m, defender)}.{cap}{column}{after}",
        rule="14.2")
    return report["strength"]


def _lose_air(state: dict[str, Any], side: str, m: dict[str, Any], lost: int) -> None:
    """Remove a strike's losses from where it flew from, and count them for Victory Points (22)."""
    if lost <= 0:
        return
    state["losses"][side][m["kind"]] += lost
    flight = state["combat"]["airborne"].get(m.get("key", ""))
    if flight is None:
        air = state["air"][side][m["source"]]
        air[m["kind"]] = max(0, air.get(m["kind"], 0) - lost)
        return
    for unit in flight["carriers"]:
        take = min(lost, flight["carriers"][unit])
        flight["carriers"][unit] -= take
        lost -= take


def wreck(state: dict[str, Any], scratch: dict[str, Any], unit_id: str, status: str, cause: str) -> None:
    """Cripple or sink a ship through the core: NAC aboard are lost with it (14.43); NAC in the air are not aboard
    and look for a deck when they come back (recover, 14.42)."""
    if state["units"][unit_id]["status"] == "intact":
        casualty(state, unit_id, status, cause)


def _air_capacity(base: str, turn: int) -> int | None:
    """10.5, 10.7, 17.2: how many Air Points a base holds (None: unlimited)."""
    try:
        return tables.air_capacity(base, turn)
    except KeyError:
        return None


def _land_bases(state: dict[str, Any], side: str, place: str) -> list[str]:
    bases = [b for b in state["air"][side] if BASE_HEX.get(b, b) == place]
    if place == HENDERSON_HEX and henderson_side(state) == side and "henderson" not in bases:
        bases.append("henderson")
    if place in board.BASES.get(side, ()) and place not in bases:
        bases.append(place)
    return [b for b in bases if b != "henderson" or henderson_side(state) == side]


# === Section F ===

def resolve_counterattacks(state: dict[str, Any], segment: int, rng: Rng) -> None:
    """Section F (6.25, 14.5): a carrier force that had spent its offensive action and was attacked by carrier air
    that had not may counterattack that enemy force with the NAC it kept aboard, if it still has an uncrippled
    carrier. NAC that flew CAP this segment may not. One counterattack per attacked force per segment; forces are
    never combined for it (14.7)."""
    scratch = combat_state(state, segment)
    for pair in list(scratch.get("carrier_attacks", [])):
        mine, theirs = state["task_forces"].get(pair["defender"]), state["task_forces"].get(pair["attacker"])
        if mine is None or pair["defender"] in scratch["counterattacked"]:
            continue
        side = mine["side"]
        if standing(state, side, "defence").get(mine["id"], {}).get("counterattack", True) is False:
            continue
        scratch["counterattacked"].append(mine["id"])
        kept = {u: state["units"][u].get("nac", 0) - scratch["cap_nac"].get(u, 0)
                for u in afloat(state, mine) if board.is_carrier(u)}
        points = sum(n for n in kept.values() if n > 0)
        if theirs is None or not afloat(state, theirs) or points <= 0:
            say(state, side, f"{tf_label(mine)} has no aircraft kept aboard an uncrippled carrier, or no target, "
                "for a counterattack.", rule="6.25")
            continue
        strike = {"source": mine["id"], "kind": "nac", "points": points, "mission": "attack",
                  "target": marker_of(theirs, side), "side": side, "key": f"counter:{mine['id']}"}
        carriers: dict[str, int] = {}
        for unit, n in kept.items():
            if n > 0:
                carriers[unit] = n
                state["units"][unit]["nac"] -= n
        scratch["airborne"][strike["key"]] = {"side": side, "hex": mine["hex"], "carriers": carriers, "cap": False}
        _attack_task_force(state, scratch, side, strike, theirs, rng, rule="6.25")
    recover(state, scratch)
