"""Replacements (Step 1): "Replacements, unlike reinforcements, are only taken from units that are destroyed or
damaged. Transports and engineer regiments are the only units which may be replaced."

- Engineer regiments (both sides): replaced at the beginning of the fifth Game-Turn after they were destroyed
  (destroyed on Game-Turn 4 -> back on Game-Turn 9).
- The Allied Assault Transport: ten Game-Turns after it was eliminated or sustained twenty weeks or more of damage.
- Every other Transport (both sides): four Game-Turns after elimination or ten weeks or more of damage.
- A damaged transport that earned its replacement is removed when it returns to a friendly naval base.
- Japanese replacements start at any naval base in Japan; Allied ones on the U.S. West Coast.

Losses happen after Step 1 (Steps 2-10), so a loss first seen at the Step 1 of Game-Turn t happened on t - 1
(a unit may name its turn itself: `destroyed_turn`, `damaged_turn`). A replacement is a new counter of the same
unit: the lost one keeps its record (its Victory Points are paid); the new one takes the id, or "<id>.2" while the
old record is still in the state.
"""
from __future__ import annotations

from typing import Any

from app.engine.log import PUBLIC, entry
from app.games.usn import arrivals, board, campaigndata

State = dict[str, Any]
AT = "Step 1: replacements"
RULE = "Replacements"


def delay(kind: str, cause: str) -> int | None:
    """Game-Turns from the loss to the replacement's entry: (kind, "destroyed" | "damaged")."""
    r = campaigndata.units()["replacement"]
    if kind == "engineer":
        return r["engineer_after"] if cause == "destroyed" else None
    if kind == "AT":
        return r["assault_transport_after"]
    if kind == "TR":
        return r["transport_after"]
    return None


def damage_threshold(kind: str) -> int | None:
    r = campaigndata.units()["replacement"]
    return {"AT": r["assault_transport_damage"], "TR": r["transport_damage"]}.get(kind)


def note_losses(state: State) -> None:
    """Record each new loss that earns a replacement, with the Game-Turn it is due."""
    book = state.setdefault("replacements", {"noted": [], "due": []})
    noted = set(book["noted"])
    lost_on = state["turn"] - 1
    for u in state["land"].values():
        if u["kind"] == "engineer" and u.get("destroyed") and u["id"] not in noted:
            t = u.get("destroyed_turn", lost_on)
            book["due"].append({"kind": "engineer", "side": u["side"], "name": u["name"], "of": u["id"],
                                "turn": t + delay("engineer", "destroyed")})
            book["noted"].append(u["id"])
    for s in state["ships"].values():
        if s["type"] not in ("TR", "AT") or s["id"] in noted:
            continue
        limit = damage_threshold(s["type"])
        if s["sunk"]:
            t = s.get("destroyed_turn", lost_on)
        elif s["damage"] >= limit:
            t = s.get("damaged_turn", lost_on)
            s["replaced"] = True  # to be removed when it returns to a friendly naval base
        else:
            continue
        book["due"].append({"kind": "ship", "side": s["side"], "of": s["id"], "turn": t + delay(s["type"], "x")})
        book["noted"].append(s["id"])


def remove_returned(state: State) -> None:
    """A damaged transport whose replacement is earned leaves the game on reaching a friendly naval base."""
    for s in list(state["ships"].values()):
        if s.get("replaced") and not s["sunk"] and board.friendly_base(state, s["hex"], s["side"], naval=True):
            arrivals.remove_ship(state, s, "is removed: damaged beyond the replacement threshold, it has reached a "
                                            "friendly naval base (Replacements)")


def enter_due(state: State) -> None:
    book = state.setdefault("replacements", {"noted": [], "due": []})
    place = campaigndata.units()["places"]
    waiting = []
    for d in book["due"]:
        if d["turn"] > state["turn"]:
            waiting.append(d)
            continue
        at = place["japan"] if d["side"] == "japanese" else place["west_coast"]
        if d["kind"] == "engineer":
            arrivals.enter_land(state, d["side"], d["name"], at, f"Replacement for {d['of']}")
            continue
        base = d["of"].split(".")[0]
        sid, n = base, 1
        while sid in state["ships"]:
            n += 1
            sid = f"{base}.{n}"
        state["ships"][sid] = arrivals.new_ship(sid, d["side"], at)
        if sid in book["noted"]:  # the lost counter has left the state; its successor starts a fresh record
            book["noted"].remove(sid)
        state["log"].append(entry(PUBLIC, f"Replacement for {d['of']}: {board.TITLE[d['side']]} {sid} enters at "
                                          f"{arrivals.where(at)}.", at=AT))
    book["due"] = waiting


def step(state: State) -> None:
    note_losses(state)
    remove_returned(state)
    enter_due(state)
