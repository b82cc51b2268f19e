"""A mini-game's position: building it from its situation's order of battle (How To Use the Situation & Order of
Battle; How to Set-up and Play the Games; USN "Mini-Games": Coral Sea, Midway, Eastern Solomons, Santa Cruz) and reading
it (who is where, ranges, values as damage changes them).

Each situation is one data file (data/<situation>.toml): its order of battle, its bases (Coral Sea's are in
coral_play.toml), the unit types and terrain classes it adds, its victory conditions and special rules. The tables
every situation shares (ship and air values, fuel, the Victory Point Schedule) are coral_play.toml's; the unit types
and terrain classes a later situation adds are merged into them here, once, so every rule module reads one table."""
from __future__ import annotations

from typing import Any

from app.engine.log import PUBLIC, entry
from app.games.usn import gamedata, philippines

State = dict[str, Any]
SIDES = ("japanese", "allied")
TITLE = {"japanese": "Japanese", "allied": "Allied"}
PLAY = gamedata.load("coral_play")
CORAL = gamedata.load("coral_sea")
SITUATIONS: dict[str, dict[str, Any]] = {n: gamedata.load(n) for n in gamedata.SITUATIONS}
CAPACITY = {c["id"]: c["capacity"] for c in gamedata.load("units")["carrier"]}


def _merge() -> dict[str, dict[str, Any]]:
    """The unit types of every situation by name (one name, one set of values), the ship types and terrain classes
    the later situations add merged into the shared table."""
    types: dict[str, dict[str, Any]] = {}
    for doc in (PLAY, *SITUATIONS.values()):
        for u in doc.get("land_unit", []):
            if u["name"] in types and types[u["name"]] != u:
                raise ValueError(f"land unit {u['name']!r} has two sets of values")
            types[u["name"]] = u
        for t, v in doc.get("ship_type", {}).items():
            PLAY["ship_type"].setdefault(t, v)
        for cls in ("class_1", "class_2"):
            extra = doc.get("terrain_class", {}).get(cls, [])
            PLAY["terrain_class"][cls] += [h for h in extra if h not in PLAY["terrain_class"][cls]]
    return types


LAND_TYPES = _merge()
AIR = PLAY["air"]
KINDS = ("lac", "lbac", "nac")
KIND_TITLE = {"lac": "LAC", "lbac": "LBAC", "nac": "NAC"}


def other(side: str) -> str:
    return "allied" if side == "japanese" else "japanese"


def ship_type(ship_id: str) -> str:
    """"J-CV-3" -> "JCV"; "A-CA-1" -> "CA"; "J-TR-1" -> "TR"."""
    side, kind = ship_id.split("-")[:2]
    return "JCV" if (side, kind) == ("J", "CV") else kind


def is_carrier(ship: dict[str, Any]) -> bool:
    return ship["type"] in ("CV", "JCV", "CVL", "CVE")  # CVE: the campaigns' escort carriers (Game Equipment)


CAMPAIGNS: dict[str, dict[str, Any]] = {}  # the campaign games' entries, filled by campaign_play.py


def situation(scenario: str) -> dict[str, Any]:
    """The data of a mini-game (How To Use the Situation & Order of Battle), or a campaign game's stand-in (no
    mini-game special rules or Victory Conditions; its computer players' objectives: campaign_play.py)."""
    return CAMPAIGNS[scenario] if scenario in CAMPAIGNS else SITUATIONS[scenario]


def bases_of(scenario: str) -> list[dict[str, Any]]:
    """The bases a situation starts with: Coral Sea's in coral_play.toml, the others' in their own file."""
    return PLAY["base"] if scenario == "coral_sea" else SITUATIONS[scenario]["base"]


def _ships(sit: dict[str, Any]) -> dict[str, Any]:
    ships: dict[str, Any] = {}
    for side, prefix in (("japanese", "J"), ("allied", "A")):
        for stack in sit[side]["naval"]:
            for u in stack["units"]:
                sid = f"{prefix}-{u}"
                ships[sid] = {"id": sid, "side": side, "type": ship_type(sid), "hex": stack["hex"], "damage": 0,
                              "sunk": False, "at_sea": 0, "cargo": [], "nac": 0, "capacity": CAPACITY.get(sid, 0)}
    return ships


def _land(sit: dict[str, Any], turns: int) -> dict[str, Any]:
    land: dict[str, Any] = {}
    for side in SIDES:
        for i, u in enumerate(sit[side]["land"]):
            lid = f"{side[0].upper()}-L{i + 1}"
            t = LAND_TYPES[u["unit"]]
            # A Coastal Defense unit's first value is its Surface Attack, what it fires at ships (coastal.py)
            attack = t.get("surface_attack", t["attack"]) if t["kind"] == "coastal_defense" else t["attack"]
            land[lid] = {"id": lid, "side": side, "name": u["unit"], "kind": t["kind"], "attack": attack,
                         "defense": t["defense"], "tp": t["transport_points"], "vp": t["vp"], "hex": u["hex"],
                         "aboard": None, "entrenched": bool(u.get("entrenched")), "moved": False}
            if u.get("unsupplied"):
                # How To Use the Situation: the Japanese on Guadalcanal start out of supply; read as for the whole
                # two-turn game, whatever line supply.py could trace (docs/games/usn.md)
                land[lid]["unsupplied_until"] = [turns + 1, 0]
    return land


def _holders(sit: dict[str, Any]) -> dict[str, str]:
    """The geographic objectives whose holder the Victory Conditions read, with their holder at the start."""
    out = {}
    for v in sit["victory"]:
        if v.get("kind", v["id"]) in ("hold", "port_moresby"):
            out[v["hex"]] = v.get("holder", "allied")
        for h, side in zip(v.get("hexes", []), v.get("holders", [])):
            out[h] = side
    return out


def new_state(rng=None, scenario: str = "coral_sea") -> State:
    sit = SITUATIONS[scenario]
    g = sit["game"]
    bases = {b["hex"]: {"hex": b["hex"], "side": b["side"], "naval": b["naval"], "capacity": b["air_capacity"],
                        "air": {k: 0 for k in KINDS}} for b in bases_of(scenario)}
    opening = (f"{g.get('title', g['name'] + ', 8 May 1942')}: {_turns_text(g['turns'])}. The Japanese Player "
               "deploys and moves first (How To Use the Situation & Order of Battle).")
    return {"game": "usn", "scenario": scenario, "turn": 1, "turns": g["turns"],
            "step": {"part": "pregame", "index": 0, "kind": "deploy", "side": "japanese"},
            "ships": _ships(sit), "land": _land(sit, g["turns"]), "bases": bases, "aloft": [], "allocations": {},
            "examined": {s: {} for s in SIDES}, "vp": {s: 0.0 for s in SIDES}, "holder": _holders(sit),
            "outcome": None, "log": [entry(PUBLIC, opening)]}


def _turns_text(n: int) -> str:
    return {2: "two Game-Turns", 3: "three Game-Turns"}.get(n, f"{n} Game-Turns")


def every(what: str) -> tuple[str, ...]:
    """Every ship id ("ships"), land unit id ("land") or base hex ("bases") of any situation: the shapes orders are
    checked against before the situation's own rules judge them."""
    out: set[str] = set()
    for name in SITUATIONS:
        out |= set(new_state(scenario=name)[what])
    return tuple(sorted(out))


def afloat(state: State, side: str | None = None) -> list[dict[str, Any]]:
    return [s for s in state["ships"].values() if not s["sunk"] and (side is None or s["side"] == side)]


def stack(state: State, hex_id: str, side: str) -> list[dict[str, Any]]:
    """A side's ships in a hex, top first (Stacking (G): the order is the order of `ships`, kept by the owner)."""
    return [s for s in afloat(state, side) if s["hex"] == hex_id]


def groups(state: State, hex_id: str, side: str) -> list[list[str]]:
    """Stacking (G): two-ship defensive groups from the top; an odd bottom ship alone."""
    ids = [s["id"] for s in stack(state, hex_id, side)]
    return [ids[i:i + 2] for i in range(0, len(ids), 2)]


def values(ship: dict[str, Any]) -> dict[str, int]:
    """A ship's Defense, AA, Surface Attack and MA, halved when damaged (Combat (H)): Defense, Surface Attack and AA
    for any damage, the Movement Allowance only beyond twenty weeks."""
    t = PLAY["ship_type"][ship["type"]]
    v = {"defense": t["defense"], "anti_aircraft": t["anti_aircraft"], "surface_attack": t["surface_attack"],
         "movement": t["movement"]}
    if ship["damage"]:
        for k in ("defense", "anti_aircraft", "surface_attack"):
            v[k] = max(v[k] // 2, 1) if k == "defense" else v[k] // 2
    if ship["damage"] > PLAY["damage"]["halved_over_weeks"]:
        v["movement"] //= 2
    if ship.get("shock"):  # Campaign Game 1, Shock Effect: Step 9 of Game-Turn One (shock.strikes)
        for k in ("defense", "anti_aircraft", "surface_attack"):
            v[k] = max(v[k] // 3, 1)
    return v


def friendly_base(state: State, hex_id: str, side: str, naval: bool | None = None) -> dict[str, Any] | None:
    b = state["bases"].get(hex_id)
    if b is None or b["side"] != side:
        return None
    if naval and not b["naval"]:
        return None
    if naval and philippines.manila_barred(state, hex_id, side):  # Campaign Game 1, Phillipine Fortifications
        return None
    return b


def neutralized(state: State, hex_id: str, kind: str) -> bool:
    """Movement (S); Bombardment of Bases: a base neutralized by sea or air bombardment ("air" or "naval") stays so
    for one complete Game-Turn, to the same step of the next Game-Turn."""
    b = state["bases"].get(hex_id)
    until = (b or {}).get("neutralized", {}).get(kind)
    return bool(until) and [state["turn"], state["step"]["index"]] < until


def station_hex(state: State, station: str) -> str:
    return station[5:] if station.startswith("base:") else state["ships"][station]["hex"]


def _reach(kind: str, extended: bool) -> int:
    if kind == "lbac":
        return AIR["range_lbac"]
    return AIR[f"range_{kind}_extended"] if extended else AIR[f"range_{kind}"]


def reach(kind: str, extended: bool = False) -> int:
    return _reach(kind, extended)


def land_at(state: State, hex_id: str, side: str | None = None) -> list[dict[str, Any]]:
    return [u for u in state["land"].values() if u["hex"] == hex_id and u["aboard"] is None
            and (side is None or u["side"] == side)]


def add_vp(state: State, side: str, points: float, why: str) -> None:
    """Victory Points are gained as soon as the damage is done and may be inspected at any time (Necessary Equipment
    a): an open record and a public log line."""
    if points:
        state["vp"][side] = round(state["vp"][side] + points, 2)
        state["log"].append(entry(PUBLIC, f"{TITLE[side]} +{points:g} VP: {why}."))


def has_base(b: dict[str, Any] | None, kind: str) -> bool:
    if b is None:
        return False
    return bool(b["naval"]) if kind == "naval base" else b["capacity"] > 0  # an air base (or its air units)


def enemy_at_sea(state, h, side) -> list[dict[str, Any]]:
    """`side`'s ships in hex h that surface ships could engage: not in their own naval base (Air and Naval Bases (L))."""
    if friendly_base(state, h, side, naval=True):
        return []
    return stack(state, h, side)


SHIPS = every("ships")  # every situation's ships: the ids an order may name


def fuel_limit(ship_type: str) -> int:
    """Supply (G): the Game-Turns a ship of this type may spend at sea before it must refuel."""
    fuel = PLAY["fuel"]
    return fuel["at_sea_turns_transports"] if ship_type in ("TR", "OL") else fuel["at_sea_turns"]
