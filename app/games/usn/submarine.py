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
The subs' hex is then discovered: a public record (state["sub_sightings"]). (H) is two decisions of the players
(docs/games/usn.md): the Japanese Player aims each sub at a target of its own (`sub_aim`), subs on one target
combining (C); then the Allied Player splits the reduction among the subs (`sub_split`); each is asked only when it
can change the outcome, with a default (all at the most valuable ship; whole subs silenced, those aimed at the most
valuable ships first) that the computer players give too.
"""
from __future__ import annotations

import json
from typing import Any

from app.engine.errors import IllegalAction, Refused
from app.engine.log import PUBLIC, entry
from app.engine.orders import Boolean, Choice, Group, Integer, Keyed, Optional
from app.games.usn import board, crt, damage, gamedata, grid

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
    return state["turn"] == 1 and state["step"].get("part") == "turn" and state["step"].get("index") == 1


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


def _target_value(state: State, sid: str) -> tuple[float, str]:
    return (-damage.ship_vp(state["ships"][sid]), sid)


def name(sid: str) -> str:
    """A sub's printed name (Optional Naval Forces: "Sub-1", "Sub-Flot-1")."""
    return sid.removeprefix("J-")


def attack(state: State, rng) -> None:
    """(C), (D), (H): the subs On Station in a hex the Allied ships entered attack them at once, as a Surface attack.
    Each hex is an engagement (state["sub_attack"]): the Japanese Player aims each sub at a target of its own
    (decision `sub_aim`, asked when there are several targets), then the Allied Player splits the escorts'
    reduction among the subs (decision `sub_split`, asked when the subs aim at different targets and the reduction
    silences some but not all of them); then the subs fire."""
    entered = state.pop("sub_watch", None)
    if not entered or not active(state):
        return
    stations: dict[str, list[str]] = {}
    for sub in state["submarines"].values():
        if sub["placed"] and sub["station"]:
            stations.setdefault(sub["hex"], []).append(sub["id"])
    queue = []
    for h in sorted(stations):
        targets = sorted((sid for sid, hexes in entered.items() if h in hexes and not state["ships"][sid]["sunk"]),
                         key=lambda sid: _target_value(state, sid))
        if not targets:
            continue
        stack = set(targets) | {s["id"] for s in board.stack(state, h, "allied")}
        cut = sum(REDUCTION.get(state["ships"][sid]["type"], 0) for sid in sorted(stack))
        queue.append({"hex": h, "subs": sorted(stations[h]), "targets": targets, "cut": cut, "stage": "aim"})
        state["log"].append(entry(PUBLIC, f"Japanese submarines On Station at hex {h} attack the Allied ships "
                                          f"entering it: {', '.join(targets)} (Submarines (C)).", at=AT))
    if queue:
        state["sub_attack"] = {"queue": queue}
        _go_on(state, rng)


def pending(state: State) -> bool:
    return bool(state.get("sub_attack")) and state.get("outcome") is None


def engagement(state: State) -> dict[str, Any]:
    return state["sub_attack"]["queue"][0]


def kind(state: State) -> str:
    return AIM if engagement(state)["stage"] == "aim" else SPLIT


def decider(state: State) -> str:
    return "japanese" if engagement(state)["stage"] == "aim" else "allied"


def _split_matters(e: dict[str, Any]) -> bool:
    """(H) the Allied split changes the outcome only when the subs aim at different targets and the reduction
    silences some of their strength but not all of it."""
    aimed = {t for t in e["aim"].values()}
    return len(aimed) > 1 and 0 < e["cut"] < DATA["surface_attack"] * len(e["aim"])


def _go_on(state: State, rng) -> None:
    """Carry the engagements on until a player's decision is due or all have fired."""
    while state.get("sub_attack"):
        e = engagement(state)
        if e["stage"] == "aim":
            if len(e["targets"]) > 1:
                return
            e.update(aim={sid: e["targets"][0] for sid in e["subs"]}, stage="split")
        if e["stage"] == "split":
            if _split_matters(e):
                return
            e.update(reduction=_silence_whole(e, state), stage="fire")
        _fire(state, e, rng)
        state["sub_attack"]["queue"].pop(0)
        if not state["sub_attack"]["queue"]:
            state.pop("sub_attack")


def _silence_whole(e: dict[str, Any], state: State) -> dict[str, int]:
    """The Allied default: the reduction silences whole subs one after another, those aimed at the most valuable
    targets first."""
    cut, out = e["cut"], {}
    for sid in sorted(e["aim"], key=lambda x: (_target_value(state, e["aim"][x]), x)):
        take = min(cut, DATA["surface_attack"])
        out[sid] = take
        cut -= take
    return out


def _fire(state: State, e: dict[str, Any], rng) -> None:
    """(C) the subs aimed at one target combine their strength, each less its share of the reduction (D), (H)."""
    h, full = e["hex"], DATA["surface_attack"]
    by_target: dict[str, list[str]] = {}
    for sid in sorted(e["aim"]):
        by_target.setdefault(e["aim"][sid], []).append(sid)
    state["log"].append(entry("japanese", f"Your submarines {', '.join(map(name, e['subs']))} attack from hex {h}."))
    for t in sorted(by_target, key=lambda x: _target_value(state, x)):
        subs = by_target[t]
        less = sum(min(full, e["reduction"].get(sid, 0)) for sid in subs)
        strength = full * len(subs) - less
        target = state["ships"][t]
        state["sub_sightings"].append({"hex": h, "turn": state["turn"], "subs": len(subs), "target": t})
        line = (f"Japanese submarines attack from hex {h}: {len(subs)} sub(s) ({', '.join(map(name, subs))}), "
                f"Surface Attack {full * len(subs)} less {less} for the escorts (Submarines (D)) = {strength}, at {t}")
        if strength <= 0:
            state["log"].append(entry(PUBLIC, f"{line}: the escorts leave them no strength; no effect.", at=AT))
            continue
        if target["sunk"]:
            state["log"].append(entry(PUBLIC, f"{line}: it is already sunk.", at=AT))
            continue
        defense = board.values(target)["defense"]
        r4 = rng.d6()
        number = crt.surface_to_surface(strength, defense, r4)
        if not number:
            state["log"].append(entry(PUBLIC, f"{line} (defense {defense}, die {r4}): no effect.", at=AT))
            continue
        r5 = rng.d6()
        weeks = crt.damage(number, r5)
        state["log"].append(entry(PUBLIC, f"{line} (defense {defense}, die {r4}): damage number {number}; CRT 5 "
                                          f"(die {r5}): {weeks or 'no damage'}.", at=AT))
        if weeks:
            damage.damage_ship(state, target, weeks)


# --- the two decisions of an engagement: the subs' targets (Japanese), the split of the reduction (Allied) ---

AIM, SPLIT = "sub_aim", "sub_split"
AIM_RULE, SPLIT_RULE = "Submarines (H)", "Submarines (H)"
ALL_SHIPS = board.every("ships")


def _targets_order(subs, targets) -> Keyed:
    return Keyed(Choice(tuple(targets), label="target"), tuple(subs),
                 label="each submarine's target (a sub left out holds its fire)")


def _split_order(subs) -> Keyed:
    return Keyed(Integer(0, DATA["surface_attack"], label="points of the reduction"), tuple(subs),
                 label="the escorts' reduction each submarine takes")


AIM_VERBS = {"aim": {"targets": _targets_order(SUBS, ALL_SHIPS)}}
SPLIT_VERBS = {"split": {"reduction": _split_order(SUBS)}}


def _ship_info(state: State, sid: str) -> dict[str, Any]:
    s = state["ships"][sid]
    return {"id": sid, "type": s["type"], "defense": board.values(s)["defense"], "vp": damage.ship_vp(s)}


def aim_prompt(state: State, role: str) -> dict[str, Any]:
    e = engagement(state)
    return {"title": f"Submarines at hex {e['hex']}: choose each sub's target among the Allied ships entering",
            "rule": AIM_RULE,
            "actions": [{"verb": "aim", "label": "Attack",
                         "args": {"targets": _targets_order(e["subs"], e["targets"]).to_json()}}],
            "info": {"hex": e["hex"], "subs": {sid: name(sid) for sid in e["subs"]},
                     "targets": [_ship_info(state, t) for t in e["targets"]], "reduction": e["cut"],
                     "default": aim_default(state, role)["args"]["targets"],
                     "explain": "Each sub attacks a target of its own (Submarines (H)); subs aimed at one target "
                                "combine their strength (C). The Allied Player then splits the escorts' reduction "
                                f"of {e['cut']} among the subs (D), (H)."}}


def aim_check(state: State, role: str, action: dict[str, Any]) -> None:
    e = engagement(state)
    for sid, t in action["args"]["targets"].items():
        if sid not in e["subs"]:
            raise IllegalAction(f"{name(sid)} is not On Station at hex {e['hex']}.", AIM_RULE)
        if t not in e["targets"]:
            raise IllegalAction(f"{t} is not an Allied ship entering hex {e['hex']} (may: {', '.join(e['targets'])}).",
                                "Submarines (C)")


def aim_resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    e = engagement(state)
    e.update(aim=dict(action["args"]["targets"]), stage="split")
    state["log"].append(entry(PUBLIC, f"The Japanese Player has aimed the submarines at hex {e['hex']}: "
                                      + "; ".join(f"{name(s)} at {t}" for s, t in sorted(e["aim"].items()))
                                      + (" (none fire)" if not e["aim"] else "") + ".", at=AT))
    _go_on(state, rng)
    return state


def aim_default(state: State, role: str) -> dict[str, Any]:
    """The missed order (and the computer's): every sub at the most valuable target, combined (C)."""
    e = engagement(state)
    return {"verb": "aim", "args": {"targets": {sid: e["targets"][0] for sid in e["subs"]}}}


def aim_random(state: State, role: str, rng) -> dict[str, Any]:
    e = engagement(state)
    return {"verb": "aim", "args": {"targets": {sid: rng.choice(e["targets"]) for sid in e["subs"]
                                                if rng.die(6) > 1}}}


def _split_total(e: dict[str, Any]) -> int:
    return min(e["cut"], DATA["surface_attack"] * len(e["aim"]))


def split_prompt(state: State, role: str) -> dict[str, Any]:
    e = engagement(state)
    aimed = sorted(e["aim"])
    return {"title": f"Japanese submarines attack at hex {e['hex']}: split the escorts' reduction of "
                     f"{_split_total(e)} among them",
            "rule": SPLIT_RULE,
            "actions": [{"verb": "split", "label": "Split the reduction",
                         "args": {"reduction": _split_order(aimed).to_json()}}],
            "info": {"hex": e["hex"], "aim": {name(s): t for s, t in sorted(e["aim"].items())},
                     "subs": {sid: f"{name(sid)} (at {e['aim'][sid]})" for sid in aimed},
                     "total": _split_total(e), "strength": DATA["surface_attack"],
                     "default": _silence_whole(e, state),
                     "explain": "Each DD in the stack takes two points off the subs' strength, each BB, CV, CVL or "
                                "CVE one (Submarines (D)); you split the reduction among the subs as you wish (H). "
                                "The reductions must add up to the whole."}}


def split_check(state: State, role: str, action: dict[str, Any]) -> None:
    e = engagement(state)
    given = action["args"]["reduction"]
    for sid in given:
        if sid not in e["aim"]:
            raise IllegalAction(f"{name(sid)} does not attack at hex {e['hex']}.", SPLIT_RULE)
    total = sum(given.values())
    if total != _split_total(e):
        raise IllegalAction(f"The reductions add up to {total}; the escorts' reduction is {_split_total(e)}, and it "
                            "is split whole among the subs.", "Submarines (D)")


def split_resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    e = engagement(state)
    e.update(reduction=dict(action["args"]["reduction"]), stage="fire")
    state["log"].append(entry(PUBLIC, f"The Allied Player splits the escorts' reduction at hex {e['hex']}: "
                                      + "; ".join(f"{name(s)} less {n}" for s, n in sorted(e["reduction"].items()))
                                      + ".", at=AT))
    _go_on(state, rng)
    return state


def split_default(state: State, role: str) -> dict[str, Any]:
    """The missed order (and the computer's): whole subs silenced, those aimed at the most valuable ships first."""
    return {"verb": "split", "args": {"reduction": _silence_whole(engagement(state), state)}}


def split_random(state: State, role: str, rng) -> dict[str, Any]:
    e = engagement(state)
    left, out = _split_total(e), {}
    subs = sorted(e["aim"])
    full = DATA["surface_attack"]
    for i, sid in enumerate(subs):
        low, high = max(0, left - full * (len(subs) - i - 1)), min(full, left)
        n = low + rng.die(high - low + 1) - 1
        out[sid] = n
        left -= n
    return {"verb": "split", "args": {"reduction": out}}


def shown(state: State) -> dict[str, Any] | None:
    """The engagement in progress, public: the subs have attacked and their hex is discovered."""
    if not state.get("sub_attack"):
        return None
    return json.loads(json.dumps(state["sub_attack"]))


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
        except Refused:
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
    if (e := shown(state)) is not None:
        out["sub_attack"] = e
    if role == "japanese":
        out["my_submarines"] = {sid: dict(s) for sid, s in state["submarines"].items()}
    return out
