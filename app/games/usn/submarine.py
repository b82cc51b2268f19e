"""Submarines (Optional Rules): the Japanese submarines, kept on paper, never on the map.

A sub has a Movement Allowance of two and a Surface Attack Strength of six (General Rule); its position and On
Station status are a secret record (Necessary Equipment c) in state["submarines"], never in the Allied view. The
Japanese Player writes each sub's order with his naval movement ("subs": {sub: {"to": hex, "station": bool}}):

- the first Japanese Air and Sea Movement Phase places it anywhere on the map, On Station or not (the situations:
  "may deploy anywhere on the map within the Submarine rules; the Sub need not be on station");
- (A) it goes On Station only at the beginning of a movement phase (it does not move that phase) and then stays
  for eight Japanese Movement Phases, (J) after which it may move or stay; (I) an Allied land-based air unit's
  reach over its hex frees it at once; (G) a hex it may no longer hold forces it off at its next phase;
- (E) never On Station within two hexes of an Allied air base with aircraft unless also within two of a Japanese one
  with aircraft; (F) never in the hex of an Allied naval base.

(C), (H): when Allied naval units enter the hex of subs On Station (the first portion ends there, or the move ends
there: paths are on the lost map), the subs attack at once, as a Surface attack (CRT 4, then CRT 5); (D) every DD in
the Allied stack takes two points off the subs' strength, every BB, CV, CVL, CVE one. (B) Subs are never attacked.
The subs' hex is then discovered: a public record (state["sub_sightings"]). Readings (docs/games/usn.md): every sub
in the hex fires at the one target the Japanese Player's standing order names by type (largest Victory Point value
first), combined (C); the Allied Player's split of the reduction (H) is made for him so as to silence whole subs.
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.engine.orders import Boolean, Choice, Group, Keyed, Optional
from app.games.usn import board, crt, gamedata, grid

State = dict[str, Any]
RULE = "Submarines"
DATA = gamedata.load("optional")["submarines"]
OPTION = DATA["option"]
AT = "Submarines (C): submarine attack"
REDUCTION = {k: v for k, v in DATA["reduction"].items() if k != "provenance"}


def sub_ids() -> tuple[str, ...]:
    """Every situation's optional submarines, as ship-like ids ("J-Sub-1", "J-Sub-Flot-1")."""
    return tuple(sorted({f"J-{n}" for sit in board.SITUATIONS.values()
                         for n in sit["japanese"].get("optional", {}).get("submarines", [])}))


SUBS = sub_ids()
HEXES = tuple(f"{n:04d}" for n in range(grid.FIRST, grid.LAST + 1) if grid.open_hex(f"{n:04d}"))


def order_spec(ids=SUBS, hexes=HEXES) -> Optional:
    return Optional(Keyed(Group({"to": Choice(hexes, label="move to (or first placed at)"),
                                 "station": Boolean(label="On Station this phase (Submarines (A))")},
                                optional=("to", "station")), ids, label="submarines (secret record)"))


def start(state: State, options: dict[str, Any]) -> None:
    """The lobby option: the situation's printed optional submarines join the Japanese side, not yet placed."""
    if not options.get(OPTION):
        return
    names = board.situation(state["scenario"])["japanese"].get("optional", {}).get("submarines", [])
    state["submarines"] = {f"J-{n}": {"id": f"J-{n}", "hex": None, "station": False, "phases": 0, "placed": False}
                           for n in names}
    state["sub_sightings"] = []
    if names:
        state["log"].append(entry(PUBLIC, f"Optional rule: Japanese submarines ({len(names)}) are in play; their "
                                          "positions are kept secret until they attack (Submarines)."))


def active(state: State) -> bool:
    return bool(state.get("submarines"))


def _air_bases(bases, side: str) -> list[str]:
    return [b["hex"] for b in bases if b["side"] == side and any(b["air"].values())]


def station_problem(bases, h: str) -> str | None:
    """Why a sub may not be On Station in hex h (Submarines (E), (F)), or None. `bases` as the views list them."""
    n = DATA["air_base_hexes"]
    if any(b["hex"] == h and b["side"] == "allied" and b["naval"] for b in bases):
        return f"Subs may never go On Station in hex {h}, which holds an Allied Naval Base (Submarines (F))."
    near = [x for x in _air_bases(bases, "allied") if grid.distance(x, h) <= n]
    own = [x for x in _air_bases(bases, "japanese") if grid.distance(x, h) <= n]
    if near and not own:
        return (f"Hex {h} is within {n} hexes of the Allied air base at {near[0]} with aircraft, and of no Japanese "
                f"air base with aircraft: no sub may go On Station there (Submarines (E)).")
    return None


def _bases(state) -> list[dict[str, Any]]:
    return list(state["bases"].values())


def freed(state: State, sub: dict[str, Any]) -> bool:
    """(J) eight Japanese Movement Phases On Station are over; (I) Allied land-based air reaches the hex; (G) the
    hex may no longer be held."""
    h = sub["hex"]
    zoc = DATA["zoc_hexes"]
    return (sub["phases"] >= DATA["station_phases"]
            or any(b["side"] == "allied" and (b["air"]["lac"] or b["air"]["lbac"]) and grid.distance(b["hex"], h) <= zoc
                   for b in state["bases"].values())
            or station_problem(_bases(state), h) is not None)


def forced(state: State, sub: dict[str, Any]) -> bool:
    """(G): the station hex may no longer be held; the sub must move this phase."""
    return sub["station"] and station_problem(_bases(state), sub["hex"]) is not None


def allowance(state: State, h: str, to: str) -> int:
    """Movement Allowance 2, doubled (Movement (N): 'subs move exactly the way other Naval units move') when start
    and end are more than five hexes from any Allied base, Engineer unit or naval unit, and more than six from any
    Allied base holding LBAC."""
    ma = DATA["movement"]
    danger = [(b["hex"], 5) for b in state["bases"].values() if b["side"] == "allied"]
    danger += [(u["hex"], 5) for u in state["land"].values()
               if u["side"] == "allied" and u["kind"] == "engineer" and u["aboard"] is None and u["hex"]]
    danger += [(s["hex"], 5) for s in board.afloat(state, "allied")]
    danger += [(b["hex"], 6) for b in state["bases"].values() if b["side"] == "allied" and b["air"]["lbac"]]
    far = all(grid.distance(x, d) > n for x in (h, to) for d, n in danger)
    return ma * 2 if far else ma


def _first_phase(state: State) -> bool:
    return state["turn"] == 1 and state["step"].get("n") == 1


def check(state: State, role: str, orders: dict[str, Any]) -> None:
    if not orders:
        for sub in (state.get("submarines") or {}).values():
            if sub["placed"] and forced(state, sub):
                raise IllegalAction(f"{sub['id']} may no longer hold hex {sub['hex']} and must move this phase.",
                                    "Submarines (G)")
        return
    if role != "japanese" or not active(state):
        raise IllegalAction("Only the Japanese Player has submarines, and only with the optional rule.", RULE)
    for sid, o in orders.items():
        sub = state["submarines"].get(sid)
        if sub is None:
            raise IllegalAction(f"{sid} is not one of your submarines in this game.", RULE)
        _plan(state, sub, o)
    for sid, sub in state["submarines"].items():
        if sid not in orders and sub["placed"] and forced(state, sub):
            raise IllegalAction(f"{sid} may no longer hold hex {sub['hex']} and must move this phase.",
                                "Submarines (G)")


def _plan(state: State, sub: dict[str, Any], o: dict[str, Any]) -> tuple[str, bool]:
    station = bool(o.get("station", False))
    if not sub["placed"]:
        if not _first_phase(state):
            raise IllegalAction(f"{sub['id']} was not placed in the first Japanese movement phase and is out of the "
                                "game.", "Submarines, General Rule")
        if "to" not in o:
            raise IllegalAction(f"Place {sub['id']}: give the hex it starts in.", "Submarines, General Rule")
        to = o["to"]
    else:
        to = o.get("to", sub["hex"])
        if to != sub["hex"]:
            if station:
                raise IllegalAction(f"{sub['id']} goes On Station only at the beginning of its movement phase, "
                                    "where it stands: it may not move and go On Station in one phase.", "Submarines (A)")
            if sub["station"] and not freed(state, sub):
                raise IllegalAction(f"{sub['id']} is On Station and may not move before it has spent "
                                    f"{DATA['station_phases']} Japanese Movement Phases there "
                                    f"({sub['phases']} so far).", "Submarines (A)")
            ma = allowance(state, sub["hex"], to)
            if grid.distance(sub["hex"], to) > ma:
                raise IllegalAction(f"{sub['id']} may move {ma} hexes; hex {to} is "
                                    f"{grid.distance(sub['hex'], to)} away.", "Submarines, General Rule")
        elif forced(state, sub):
            raise IllegalAction(f"{sub['id']} may no longer hold hex {sub['hex']} and must move this phase.",
                                "Submarines (G)")
    if station and (why := station_problem(_bases(state), to)):
        raise IllegalAction(why, "Submarines (F)" if "(F)" in why else "Submarines (E)")
    return to, station


def move(state: State, orders: dict[str, Any]) -> None:
    """The Japanese movement phase's sub orders, written in the secret record; then every sub On Station counts the
    phase (A)."""
    if not active(state):
        return
    lines = []
    for sid, o in (orders or {}).items():
        sub = state["submarines"][sid]
        to, station = _plan(state, sub, o)
        if to != sub["hex"] or not sub["placed"]:
            sub.update(hex=to, placed=True, station=False, phases=0)
        if station and not sub["station"]:
            sub.update(station=True, phases=0)
        elif not station and "station" in o and sub["station"] and freed(state, sub):
            sub.update(station=False, phases=0)
        lines.append(f"{sid} at {sub['hex']}{' On Station' if sub['station'] else ''}")
    for sub in state["submarines"].values():
        if sub["station"]:
            sub["phases"] += 1
    if lines:
        state["log"].append(entry("japanese", "Submarine record: " + "; ".join(lines) + "."))


def watch(state: State, action: dict[str, Any]) -> None:
    """Before an Allied naval movement: the hexes each ship enters (its first portion's stop, its end)."""
    if not active(state):
        return
    entered = {}
    for sid, o in action["args"]["moves"].items():
        ship = state["ships"].get(sid)
        if ship is None:
            continue
        hexes = [h for h in (o.get("stop"), o.get("to")) if h and h != ship["hex"]]
        if hexes:
            entered[sid] = sorted(set(hexes))
    state["sub_watch"] = entered


def _target_value(ship) -> tuple[float, str]:
    from app.games.usn.air import ship_vp
    return (-ship_vp(ship), ship["id"])


def attack(state: State, rng) -> None:
    """(C), (D), (H): the subs On Station in a hex the Allied ships entered attack them, as a Surface attack."""
    entered = state.pop("sub_watch", None)
    if not entered or not active(state):
        return
    from app.games.usn.air import damage_ship
    stations: dict[str, list[dict[str, Any]]] = {}
    for sub in state["submarines"].values():
        if sub["placed"] and sub["station"]:
            stations.setdefault(sub["hex"], []).append(sub)
    for h in sorted(stations):
        targets = [state["ships"][sid] for sid, hexes in sorted(entered.items())
                   if h in hexes and not state["ships"][sid]["sunk"]]
        if not targets:
            continue
        subs = sorted(stations[h], key=lambda x: x["id"])
        stack = {s["id"]: s for s in targets} | {s["id"]: s for s in board.stack(state, h, "allied")}
        cut = sum(REDUCTION.get(s["type"], 0) for s in stack.values())
        strengths = []
        for _ in subs:  # (H) the reduction split so as to silence whole subs, one after another
            take = min(cut, DATA["surface_attack"])
            strengths.append(DATA["surface_attack"] - take)
            cut -= take
        attack_strength = sum(strengths)
        target = min(targets, key=_target_value)
        names = ", ".join(x["id"] for x in subs)
        state["sub_sightings"].append({"hex": h, "turn": state["turn"], "subs": len(subs), "target": target["id"]})
        line = (f"Japanese submarines attack from hex {h}: {len(subs)} sub(s), Surface Attack "
                f"{DATA['surface_attack'] * len(subs)} less {DATA['surface_attack'] * len(subs) - attack_strength} "
                f"for the escorts (Submarines (D)) = {attack_strength}, at {target['id']}")
        state["log"].append(entry("japanese", f"Your submarines {names} attack from hex {h}."))
        if attack_strength <= 0:
            state["log"].append(entry(PUBLIC, f"{line}: the escorts leave them no strength; no effect.", at=AT))
            continue
        defense = board.values(target)["defense"]
        r4 = rng.d6()
        number = crt.surface_to_surface(attack_strength, defense, r4)
        if not number:
            state["log"].append(entry(PUBLIC, f"{line} (defense {defense}, die {r4}): no effect.", at=AT))
            continue
        r5 = rng.d6()
        weeks = crt.damage(number, r5)
        state["log"].append(entry(PUBLIC, f"{line} (defense {defense}, die {r4}): damage number {number}; CRT 5 "
                                          f"(die {r5}): {weeks or 'no damage'}.", at=AT))
        if weeks:
            damage_ship(state, target, weeks)


# --- orders for the Japanese Player when he writes none, at random, and the prompt ---

def default(state: State) -> dict[str, Any]:
    """The missed-order default: subs stay as they are; one that must leave its hex (G) moves to the first hex in
    reach where it may stand."""
    out = {}
    for sid, sub in (state.get("submarines") or {}).items():
        if sub["placed"] and forced(state, sub):
            to = next((h for h in grid.within(sub["hex"], DATA["movement"]) if h != sub["hex"]
                       and station_problem(_bases(state), h) is None), None)
            if to is None:
                to = next(h for h in grid.within(sub["hex"], DATA["movement"]) if h != sub["hex"])
            out[sid] = {"to": to}
    return out


def random(state: State, rng) -> dict[str, Any]:
    out = default(state)
    for sid, sub in (state.get("submarines") or {}).items():
        if sid in out:
            continue
        if not sub["placed"]:
            if not _first_phase(state):
                continue
            ships = sorted({s["hex"] for s in board.afloat(state)})
            to = rng.choice(grid.within(rng.choice(ships), 3)) if ships else "0754"
            o = {"to": to, "station": station_problem(_bases(state), to) is None and rng.die(2) == 1}
        elif not sub["station"] and station_problem(_bases(state), sub["hex"]) is None and rng.die(2) == 1:
            o = {"station": True}
        elif not sub["station"] or freed(state, sub):
            ma = allowance(state, sub["hex"], sub["hex"])
            o = {"to": rng.choice([h for h in grid.within(sub["hex"], ma)])}
        else:
            continue
        try:
            _plan(state, sub, o)
        except IllegalAction:
            continue
        out[sid] = o
    return out


def prompt_info(state: State, role: str) -> dict[str, Any] | None:
    """The Japanese Player's own record and what each sub may do now (none for the Allied Player)."""
    if role != "japanese" or not active(state):
        return None
    return {sid: {"hex": s["hex"], "placed": s["placed"], "station": s["station"], "phases": s["phases"],
                  "may_place": not s["placed"] and _first_phase(state),
                  "may_move": s["placed"] and (not s["station"] or freed(state, s)),
                  "must_move": s["placed"] and forced(state, s),
                  "movement": allowance(state, s["hex"], s["hex"]) if s["placed"] else DATA["movement"]}
            for sid, s in state["submarines"].items()}


def view(state: State, role: str) -> dict[str, Any]:
    """What a role may know: the Japanese Player his record; everyone the sightings (positions discovered by an
    attack); the Allied Player nothing else (Necessary Equipment c: not inspected until the end of the game)."""
    if not active(state) and not state.get("sub_sightings"):
        return {}
    out: dict[str, Any] = {"sub_sightings": [dict(x) for x in state.get("sub_sightings", [])]}
    if role == "japanese":
        out["my_submarines"] = {sid: dict(s) for sid, s in state["submarines"].items()}
    return out
