"""Units entering or leaving play at Step 1 (Detailed Sequence of Play: "Both Players enter reinforcements,
replacements and repaired naval units"): a new ship's record, a land unit entering at a hex, a ship removed (not sunk),
and how a place of entry reads in the log. Kept below reinforce.py, replacements.py, campaign.py and special.py's
Australian Reserves, which all bring units in."""
from __future__ import annotations

from typing import Any

from app.engine.log import PUBLIC, entry
from app.games.usn import board, campaigndata, gamedata

State = dict[str, Any]
PREFIX = {"japanese": "J", "allied": "A"}
AT = "Step 1: reinforcements"


def new_ship(sid: str, side: str, hex_id: str) -> dict[str, Any]:
    """A ship record of board.py's shape, fully fuelled and undamaged."""
    return {"id": sid, "side": side, "type": board.ship_type(sid.split(".")[0]), "hex": hex_id, "damage": 0,
            "sunk": False, "at_sea": 0, "cargo": [], "nac": 0,
            "capacity": campaigndata.capacities().get(sid.split(".")[0], 0)}


def enter_land(state: State, side: str, name: str, at: str, why: str) -> dict[str, Any]:
    t = campaigndata.land_types()[name]
    n = 1 + sum(1 for u in state["land"].values() if u["side"] == side)
    lid = f"{PREFIX[side]}-L{n}"
    while lid in state["land"]:
        n += 1
        lid = f"{PREFIX[side]}-L{n}"
    tp = t.get("transport_points_allied", t["transport_points"]) if side == "allied" else t["transport_points"]
    u = {"id": lid, "side": side, "name": name, "kind": t["kind"], "attack": t["attack"], "defense": t["defense"],
         "tp": tp, "vp": t["vp"], "hex": at, "aboard": None, "entrenched": False, "moved": False}
    state["land"][lid] = u
    state["log"].append(entry(PUBLIC, f"{why.capitalize() if why[0].islower() else why}: {board.TITLE[side]} "
                                      f"{name} enters at {where(at)}.", at=AT))
    return u


def remove_ship(state: State, ship: dict[str, Any], why: str) -> None:
    """Take a ship off the map (not sunk: no Victory Points); what it carries is put ashore in its hex."""
    for u in ship["cargo"]:
        state["land"][u].update(aboard=None, hex=ship["hex"])
    ship["cargo"] = []
    state["ships"].pop(ship["id"])
    state.setdefault("removed", []).append({"id": ship["id"], "turn": state["turn"], "why": why})
    state["log"].append(entry(PUBLIC, f"{board.TITLE[ship['side']]} {ship['id']} {why}.", at=AT))


def where(hex_id: str) -> str:
    if hex_id == campaigndata.units()["places"]["west_coast"]:
        return "the U.S. West Coast"
    name = gamedata.places().get(hex_id, {}).get("name")
    return f"{name} ({hex_id})" if name else hex_id
