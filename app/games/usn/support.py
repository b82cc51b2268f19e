"""Ground support of land combat: naval (Step 5/9 (C); Mission Capability Chart: Naval Units, Ground Support of Land
Unit's Combat) and air (Step 5/9 (J); Mission Capability Chart: Air Units, Ground Support - Offensive and -
Defensive), both added on CRT 1 at (K).

Naval: the attacking Player's BB, CA, CL and DD in the hex of an announced attack add their Surface Attack to it
(never with a Coastal Defense unit there: none at Coral Sea). Air: flights written in the secret allocation
(`ground_support`, target hex); the attacking side's flights go to hexes where it announced an attack (offensive),
the other side's to hexes where its own land units are attacked (defensive). At (J) each side's flights over a hex
meet the enemy CAP flown from an air base in that hex (CAP from an air base defends land units; a carrier's defends
ships only), fired at once on CRT 2; there is no air-to-air between offensive and defensive support and no
Anti-Aircraft fire. The survivors' Bombardment Strength is added to the attack (offensive) or to the Defense
(defensive, whether or not air units attack), and Ax / Dx have no effect on them.

Readings (docs/games/usn.md): the strengths are those of the moment of combat (a ship damaged or sunk by a strike
adds its halved strength or nothing); air Bombardment Strength per point as against bases (airbase.py)."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.engine.orders import Choice, Group, Integer
from app.games.usn import airbase, board, gamedata, grid

NAVAL_RULE = "Mission Capability Chart: Naval Units, Ground Support of Land Unit's Combat"
AIR_RULE = "Mission Capability Chart: Air Units, Ground Support - Offensive"
_NAVAL = next(m for m in gamedata.load("missions")["naval"] if m["id"] == "ground_support")


def air_order(stations, targets) -> Group:
    return Group({"from": Choice(stations, label="from"), "kind": Choice(board.KINDS, label="air type"),
                  "points": Integer(1, 40, label="air points"), "target": Choice(targets, label="land combat hex")})


def attacked_hexes(state) -> list[str]:
    """The hexes where land attacks are announced this phase (public: Step (B))."""
    return sorted({state["land"][u]["hex"] for u in state.get("attacks", []) if state["land"][u].get("hex")})


def attacker(state) -> str | None:
    ids = state.get("attacks", [])
    return state["land"][ids[0]]["side"] if ids else None


# --- naval ground support, written with the attacks at (C) ---

def naval_check(state, role, ships: list[str], attack_hexes: set[str]) -> None:
    for sid in ships:
        s = state["ships"].get(sid)
        if s is None or s["side"] != role or s["sunk"]:
            raise IllegalAction(f"{sid} is not one of your naval units afloat.", NAVAL_RULE)
        if s["type"] not in _NAVAL[role] or not board.values(s)["surface_attack"]:
            raise IllegalAction(f"{sid} cannot support land combat: only battleships, cruisers and destroyers.",
                                NAVAL_RULE)
        if s["hex"] not in attack_hexes:
            raise IllegalAction(f"{sid} is not in the hex of one of your announced land attacks.", NAVAL_RULE)


# --- air ground support, written in the allocation at (E) ---

def air_check(state, role, flights: list[dict[str, Any]]) -> None:
    hexes = attacked_hexes(state)
    attacking = attacker(state)
    for f in flights:
        h = f["target"]
        if h not in hexes:
            raise IllegalAction(f"No land attack is announced at hex {h}: ground support goes only to a land combat.",
                                AIR_RULE)
        if role != attacking and not board.land_at(state, h, role):
            raise IllegalAction(f"None of your land units defends at hex {h}.",
                                "Mission Capability Chart: Air Units, Ground Support - Defensive")
        d = grid.distance(board.station_hex(state, f["from"]), h)
        if d > board.reach(f["kind"], extended=True):
            raise IllegalAction(f"{board.KIND_TITLE[f['kind']]} from {f['from']} reach "
                                f"{board.reach(f['kind'], True)} hexes; {h} is {d} away.", "Movement (V)")


def air_support(state, flights: dict[str, list[dict[str, Any]]], caps, rng, at) -> None:
    """(J): each side's support over each hex meets the enemy's air-base CAP there; the survivors' Bombardment
    Strength is recorded for (K) in state["support"] {hex: {"attack": n, "defense": n}}."""
    attacking = attacker(state)
    support: dict[str, dict[str, int]] = state.setdefault("support", {})
    for side in ("allied", "japanese"):
        enemy = board.other(side)
        by_hex: dict[str, list[dict[str, Any]]] = {}
        for f in flights.get(side, []):
            by_hex.setdefault(f["target"], []).append(f)
        for h, group in sorted(by_hex.items()):
            role = "attack" if side == attacking else "defense"
            names = ", ".join(f"{f['alive']} {board.KIND_TITLE[f['kind']]}" for f in group)
            state["log"].append(entry(PUBLIC, f"{board.TITLE[side]} ground support ({'offensive' if role == 'attack' else 'defensive'}) "
                                              f"at hex {h}: {names}.", at=at))
            cover = [c for c in caps if c["side"] == enemy and c["from"] == f"base:{h}" and c["alive"]]
            airbase.meet_cap(state, side, group, cover, 0, rng, at, "the support")
            strength = sum(f["alive"] * airbase.bomb_per_point(f) for f in group)
            support.setdefault(h, {"attack": 0, "defense": 0})[role] += strength
            state["log"].append(entry(PUBLIC, f"Ground support at hex {h}: {strength} added to the {role}.", at=at))


def naval_strength(state, h: str) -> int:
    """(C) at (K): the Surface Attack the attacker's supporting ships in hex h still have."""
    return sum(board.values(s)["surface_attack"] for s in (state["ships"][i] for i in state.get("naval_support", []))
               if not s["sunk"] and s["hex"] == h)
