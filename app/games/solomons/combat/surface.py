"""Naval surface combat in the state (15.x): day section G, night section C, only in hex M.

Order (15.3, 15.33): carrier forces are ignored (6.32, 15.1); Japan's standing mission changes to Anti-Ship are
made; each side's task forces merge by mission (at most one Anti-Ship, one Bombardment and one Transport force);
each side announces whether it has an Anti-Ship force; if both do, their fight comes first (15.31) and only the
attacker's shielded ships may go on to attack one other enemy force; if one side alone has an Anti-Ship force it
attacks one enemy force, and may shield ships against another (15.32; reconstructed by analogy with 15.33).

Mid-resolution decisions are standing orders in the task force's `orders` (written with the plot), because the
fight is resolved at once for both sides and the paper rules have the players decide from the same revealed
information the standing order is written for:

    "orders": {"anti_ship_in_m": false,        # Japan, Bombardment/Transport force: become Anti-Ship in M (15.3)
               "target": "transport",          # the enemy force this side's Anti-Ship force (or shielded ships)
                                               # goes for when it has the choice: "transport" | "bombardment"
               "shield": "keep_odds",          # "none" | "keep_odds" | "max" (15.33, 15.35; see surface_action)
               "set_aside": [unit_id, ...]}    # which ships to keep out first when defending below 1:1 (15.32)

What each side is told (15.31): the ships of every force in a fight are revealed to the other side (types and
names, state["combat_reveals"]), with the strengths, the odds column, the die and each ship's result. Forces that
fight no one are not revealed. The public learns that a surface action was fought in M.
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC
from app.engine.rng import Rng
from app.games.solomons import board, fog
from app.games.solomons.combat import surface_action
from app.games.solomons.combat.common import (SIDES, afloat, casualty, combat_state, enemy, is_carrier_force,
                                             label, reveal, say, ship, ship_name, tf_label)

GUADALCANAL = board.GUADALCANAL
MISSIONS = ("anti_ship", "bombardment", "transport")


def forces_in_m(state: dict[str, Any], side: str) -> dict[str, list[dict[str, Any]]]:
    """15.33: the side's surface forces in M by mission (carrier forces left out, 6.32, 15.1)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for tf in sorted(state["task_forces"].values(), key=lambda t: t["id"]):
        if tf["side"] != side or tf["hex"] != GUADALCANAL or not afloat(state, tf) or is_carrier_force(state, tf):
            continue
        mission = "anti_ship" if tf.get("anti_slot") else tf.get("mission")
        if mission in MISSIONS:
            out.setdefault(mission, []).append(tf)
    return out


def change_to_anti_ship(state: dict[str, Any], forces: dict[str, list[dict[str, Any]]]) -> None:
    """15.3, 6.39: once the forces in M are revealed, Japan's Bombardment and Transport forces with the standing
    order "anti_ship_in_m" become Anti-Ship (only when there is an enemy to fight: otherwise they keep their
    mission and bombard or land)."""
    for mission in ("bombardment", "transport"):
        for tf in list(forces.get(mission, [])):
            if isinstance(tf.get("orders"), dict) and tf["orders"].get("anti_ship_in_m") is True:
                tf["mission"] = "anti_ship"
                forces[mission].remove(tf)
                forces.setdefault("anti_ship", []).append(tf)
                say(state, "japanese", f"{tf_label(tf)} changes its mission to Anti-Ship in M.", rule="15.3")
    for mission in ("bombardment", "transport"):
        if mission in forces and not forces[mission]:
            del forces[mission]


def resolve_surface_actions(state: dict[str, Any], segment: int, rng: Rng) -> None:
    """Day section G / night section C: every surface fight in M this segment (15.3, 15.31-15.33)."""
    combat_state(state, segment)
    forces = {side: forces_in_m(state, side) for side in SIDES}
    if not all(forces[side] for side in SIDES):
        return
    change_to_anti_ship(state, forces["japanese"])
    has = {side: "anti_ship" in forces[side] for side in SIDES}
    say(state, PUBLIC, "In M: " + "; ".join(f"{label(s)} {'have' if has[s] else 'have no'} Anti-Ship force"
                                             for s in ("japanese", "allied")) + ".", rule="15.3")
    if not any(has.values()):
        return
    if all(has.values()):
        first = [ship(state, u) for tf in forces["japanese"]["anti_ship"] for u in afloat(state, tf)]
        second = [ship(state, u) for tf in forces["allied"]["anti_ship"] for u in afloat(state, tf)]
        attacker = ("japanese", "allied")[surface_action.choose_attacker(first, second, rng)]
        _fight(state, forces, attacker, "anti_ship", rng, segment, rule="15.31")
    else:
        attacker = "japanese" if has["japanese"] else "allied"
        target = _pick_target(forces, attacker, exclude=None)
        if target:
            _fight(state, forces, attacker, target, rng, segment, rule="15.32")


SHIELD_MODES = ("none", "keep_odds", "max")
TARGETS = ("transport", "bombardment")


def check_orders(side: str, tf: dict[str, Any], orders: Any, label: str) -> None:
    """A task force's standing orders for a surface action (the docstring above) must be well formed: a value
    the rules do not know is refused rather than quietly read as the default."""
    if orders is None:
        return
    if not isinstance(orders, dict):
        raise IllegalAction(f"{label}: surface action orders are a set of named choices.", "15.33")
    unknown = sorted(set(orders) - {"anti_ship_in_m", "target", "shield", "set_aside", "shield_first"})
    if unknown:
        raise IllegalAction(f"{label}: there is no surface action order called {unknown[0]!r}.", "15.33")
    if "shield" in orders and orders["shield"] not in SHIELD_MODES:
        raise IllegalAction(f"{label}: shielding is one of none, keep_odds or max.", "15.35")
    if "target" in orders and orders["target"] not in TARGETS:
        raise IllegalAction(f"{label}: the force to attack first is the transport or the bombardment force.",
                            "15.32")
    if "anti_ship_in_m" in orders and (not isinstance(orders["anti_ship_in_m"], bool)
                                       or (orders["anti_ship_in_m"] and side != "japanese")):
        raise IllegalAction(f"{label}: only a Japanese Bombardment or Transport force may become Anti-Ship in M.",
                            "15.3")
    keep_out = orders.get("set_aside", [])
    if not isinstance(keep_out, list) or any(u not in tf["units"] for u in keep_out):
        raise IllegalAction(f"{label}: the ships to keep out of a fight must be ships of this task force.", "15.32")
    first = orders.get("shield_first", [])
    if not isinstance(first, list) or any(u not in tf["units"] for u in first):
        raise IllegalAction(f"{label}: the ships to shield first must be ships of this task force.", "15.33")


def _orders(forces: dict[str, Any], side: str) -> dict[str, Any]:
    """The side's Anti-Ship standing orders, ill-formed ones replaced by the defaults (the plot passes them on)."""
    out: dict[str, Any] = {"shield": "keep_odds", "target": "transport", "shield_first": []}
    for tf in forces[side].get("anti_ship", []):
        orders = tf.get("orders") if isinstance(tf.get("orders"), dict) else {}
        if orders.get("shield") in SHIELD_MODES:
            out["shield"] = orders["shield"]
        if orders.get("target") in TARGETS:
            out["target"] = orders["target"]
        if isinstance(orders.get("shield_first"), list):  # merged forces (15.33): each one's ranking in turn
            out["shield_first"] += [u for u in orders["shield_first"] if isinstance(u, str)]
    return out


def _pick_target(forces: dict[str, Any], side: str, exclude: str | None) -> str | None:
    """The enemy non-Anti-Ship force `side` goes for: its standing order's choice if present, else transports."""
    other = forces[enemy(side)]
    wanted = _orders(forces, side)["target"]
    for mission in (wanted, "transport", "bombardment"):
        if mission in other and mission not in ("anti_ship", exclude):
            return mission
    return None


def _fight(state: dict[str, Any], forces: dict[str, Any], side: str, target: str, rng: Rng, segment: int,
           rule: str) -> None:
    defender = enemy(side)
    attackers = [ship(state, u) for tf in forces[side]["anti_ship"] for u in afloat(state, tf)]
    defenders = [ship(state, u) for tf in forces[defender][target] for u in afloat(state, tf)]
    other = _pick_target(forces, side, exclude=target)
    principal, shielded = attackers, []
    if other:
        orders = _orders(forces, side)
        principal, shielded = surface_action.shield(attackers, surface_action.total(defenders, "defense"),
                                                    orders["shield"], orders["shield_first"])
    _engage(state, forces, side, principal, target, rng, segment, rule)
    if shielded and other:
        _engage(state, forces, side, [s for s in shielded if state["units"][s["id"]]["status"] == "intact"],
                other, rng, segment, "15.33")


def _engage(state: dict[str, Any], forces: dict[str, Any], side: str, attackers: list[dict[str, Any]],
            target: str, rng: Rng, segment: int, rule: str) -> None:
    defender = enemy(side)
    defending_tfs = forces[defender][target]
    defenders = [ship(state, u) for tf in defending_tfs for u in afloat(state, tf)]
    if not attackers or not defenders:
        return
    order: list[str] = []
    for tf in defending_tfs:
        wanted = (tf.get("orders") if isinstance(tf.get("orders"), dict) else {}).get("set_aside")
        order += [u for u in wanted if isinstance(u, str)] if isinstance(wanted, list) else []
    report = surface_action.engage(attackers, defenders, rng, order)
    # 15.31: both sides reveal their units.
    for tf in defending_tfs:
        reveal(state, side, tf, afloat(state, tf), segment, "15.31")
    ids = {s["id"] for s in attackers}
    for tf in forces[side]["anti_ship"]:
        reveal(state, defender, tf, [u for u in afloat(state, tf) if u in ids], segment, "15.31")
    _tell(state, side, target, report, rule, rng, segment)
    for unit, status in report["effects"].items():
        casualty(state, unit, status, "surface combat")


def _tell(state: dict[str, Any], side: str, target: str, report: dict[str, Any], rule: str, rng: Rng | None = None,
          segment: int | None = None) -> None:
    defender = enemy(side)
    names = {u: ship_name(u) for u in report["attackers"] + report["defenders"] + report["set_aside"]}
    if fog.enabled(state, "fog_damage") and report["column"]:
        _tell_in_fog(state, side, target, report, rule, rng, segment, names)
        return
    fate = "; ".join(f"{names[u]} {s}" for u, s in report["effects"].items()) or "no ship hit"
    aside = f" Set aside: {', '.join(names[u] for u in report['set_aside'])}." if report["set_aside"] else ""
    cell = (f"{report['attack']} attack against {report['defense']} defense, {report['column']}, die "
            f"{report['die']}: {report['cell']}"
            if report["column"] else "no fight (nothing left to engage)")
    text = (f"Surface action in M: {label(side)} Anti-Ship force ({', '.join(names[u] for u in report['attackers'])}) "
            f"attacks the {label(defender)} {target.replace('_', '-')} force "
            f"({', '.join(names[u] for u in report['defenders'])}).{aside} {cell}. {fate}.")
    for reader in (side, defender):
        say(state, reader, text, rule=rule, column=report["column"], die=report["die"])
    say(state, PUBLIC, "A surface action was fought in M.", rule=rule)


def _tell_in_fog(state: dict[str, Any], side: str, target: str, report: dict[str, Any], rule: str, rng: Rng | None,
                 segment: int | None, names: dict[str, str]) -> None:
    """Guadalcanal 18c2 (fog_damage): each side is told its own ships' fate truly and the enemy's through the
    umpire's secret die, one per enemy ship engaged; neither hears the CRT die, which would tell the truth."""
    defender = enemy(side)
    ships = {side: report["attackers"], defender: report["defenders"]}
    for reader in (side, defender):
        theirs = ships[enemy(reader)]
        told = fog.tell_damage(state, reader, {u: report["effects"].get(u, "none") for u in theirs}, rng, segment,
                               rule)
        fate = [f"{names[u]} {report['effects'][u]}" for u in ships[reader] if u in report["effects"]]
        fate += [f"{names[u]} reported {told[u]}" for u in theirs if told[u] != "none"]
        aside = (f" Set aside: {', '.join(names[u] for u in report['set_aside'])}." if report["set_aside"] else "")
        text = (f"Surface action in M: {label(side)} Anti-Ship force ({', '.join(names[u] for u in report['attackers'])}) "
                f"attacks the {label(defender)} {target.replace('_', '-')} force "
                f"({', '.join(names[u] for u in report['defenders'])}).{aside} {report['attack']} attack against "
                f"{report['defense']} defense, {report['column']}. {'; '.join(fate) or 'no ship hit'}.")
        say(state, reader, text, rule=rule, column=report["column"])
    hit = "; ".join(f"{ship_name(u)} {s}" for u, s in report["effects"].items()) or "no ship hit"
    say(state, "umpire", f"Surface action in M: {report['column']}, die {report['die']}: {report['cell']}; "
        f"{hit}.", rule=rule)
    say(state, PUBLIC, "A surface action was fought in M.", rule=rule)
