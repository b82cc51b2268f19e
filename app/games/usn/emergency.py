"""Emergency transport of supplies (Supply (F); Mission Capability Chart: Naval Units, Mission: Emergency Transport of
Troops and Supplies): a Japanese destroyer or light cruiser, or an Allied destroyer, begins its Movement Phase in a
supplied naval base, moves to the units to be supplied and returns to the base at the end of the phase. Each ship
supplies up to one division (twelve Transport Points) for one Game-Turn; what is left over is lost, nothing
accumulates. A neutralized naval base may not be used as a base for it (Mission: Bombardment of Bases).

Troops (Step 2 (E)): the ship carries land units of up to its Transport Capacity (Japanese DD and CL four points,
Allied DD two) with no movement cost: `{"carry": [units in its start hex], "stop": <debarkation hex>, "to": <its
start hex>}`; it may not debark onto enemy land, Coastal Defense or naval units, and must be able to return.

In the naval order a supply run is `{"stop": <the units' hex>, "to": <the start hex>, "supply": true}`: the first
portion (C) ends with the units, the rest (I) returns. The units are supplied once the ship is back (`deliver`)."""
from __future__ import annotations

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.games.usn import board, gamedata, supply

RULE = "Supply (F)"
DATA = gamedata.load("supply")["emergency_supply"]
UNITS = {m["id"]: m for m in gamedata.load("missions")["naval"]}["emergency_transport"]


def check(state: board.State, role: str, ship: dict, start: str, stop: str, end: str, cargo: bool) -> None:
    if ship["type"] not in UNITS[role]:
        raise IllegalAction(f"{ship['id']} may not carry emergency supply: only "
                            f"{' and '.join(UNITS[role])} units of your side may.", RULE)
    if cargo:
        raise IllegalAction(f"{ship['id']} carries supply on this run, not troops.", RULE)
    if not board.friendly_base(state, start, role, naval=True):
        raise IllegalAction(f"{ship['id']} must begin its Movement Phase in one of your naval bases to carry "
                            "supply.", RULE)
    if board.neutralized(state, start, "naval"):
        raise IllegalAction(f"The naval base at {start} is neutralized and may not be used as a base for emergency "
                            "transport of supplies.", "Mission: Bombardment of Bases")
    if not supply.base_supplied(state, start):
        raise IllegalAction(f"The naval base at {start} is out of supply and has none to send.", "Supply (E)")
    if end != start:
        raise IllegalAction(f"{ship['id']} must return to the naval base at {start} at the end of its Movement "
                            f"Phase (its order ends at {end}).", RULE)
    if stop == start:
        raise IllegalAction(f"{ship['id']} must move to the units it supplies.", RULE)


CAPACITY = gamedata.load("missions")["transport_points"]["emergency_capacity"]
TROOPS_RULE = "Mission: Emergency Transport of Troops and Supplies"


def capacity(ship: dict) -> int:
    return CAPACITY.get(f"{ship['side']}_{ship['type'].lower()}", 0)


def check_troops(state: board.State, role: str, ship: dict, start: str, stop: str, end: str, carry: list[str],
                 other_cargo: bool) -> None:
    if ship["type"] not in UNITS[role]:
        raise IllegalAction(f"{ship['id']} may not carry troops by emergency transport: only "
                            f"{' and '.join(UNITS[role])} units of your side may.", TROOPS_RULE)
    if other_cargo:
        raise IllegalAction(f"{ship['id']} carries its troops from its start hex to the first-portion hex only.",
                            TROOPS_RULE)
    if end != start:
        raise IllegalAction(f"{ship['id']} must be able to return to {start}, where its movement began (its order "
                            f"ends at {end}).", TROOPS_RULE)
    tp = 0
    for uid in carry:
        u = state["land"].get(uid)
        if u is None or u["side"] != role or u["aboard"] is not None or u["hex"] != start:
            raise IllegalAction(f"{uid} is not one of your land units ashore at {start}, where {ship['id']} begins.",
                                TROOPS_RULE)
        if u["entrenched"]:
            raise IllegalAction(f"{u['name']} is entrenched and may not move.", "Entrenchment (A)")
        if u.get("kind") == "coastal_defense":
            raise IllegalAction(f"{u['name']} may never move.", "Movement (H)")
        tp += u["tp"]
    if tp > capacity(ship):
        raise IllegalAction(f"{ship['id']} has a Transport Capacity of {capacity(ship)} points ({tp} asked).",
                            TROOPS_RULE)
    enemy = board.other(role)
    if board.land_at(state, stop, enemy) or board.stack(state, stop, enemy):
        raise IllegalAction(f"Units may not be debarked onto hex {stop}, which holds enemy land, Coastal Defense or "
                            "naval units.", "Detailed Sequence of Play, Step 2 (D)-(E)")
    if stop not in supply.LAND:
        raise IllegalAction(f"Hex {stop} has no land to debark onto.", "Terrain")


def land_troops(state: board.State, role: str, ship: dict, stop: str, carry: list[str]) -> None:
    for uid in carry:
        state["land"][uid].update(hex=stop, moved=True)  # Movement (J): carried this Game-Turn, no further move
    state["log"].append(entry(PUBLIC, f"{board.TITLE[role]} units land at {stop}: "
                                      f"{', '.join(state['land'][u]['name'] for u in carry)}."))


def deliver(state: board.State, role: str, runs: list[tuple[str, str]]) -> None:
    """After the movement: each ship back in its base supplies its side's land units ashore in the hex it visited,
    in order, up to twelve Transport Points each, to the same step of the next Game-Turn."""
    until = [state["turn"] + DATA["game_turns"], state["step"]["index"]]
    room: dict[str, int] = {}
    for sid, h in runs:
        room[h] = room.get(h, 0) + DATA["transport_points"]
    for h, points in sorted(room.items()):
        got = []
        for u in sorted(board.land_at(state, h, role), key=lambda x: x["id"]):
            if u["tp"] <= points:
                points -= u["tp"]
                u["emergency_supply_until"] = until
                got.append(u["name"])
        state["log"].append(entry(role, f"Emergency transport brings supply to {h}: "
                                        f"{', '.join(got) or 'no unit there to use it'} (Supply (F))."))
