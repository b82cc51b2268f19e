"""The non-interference and canary hooks: what each role may not know (views.py) is changed or marked here, and its
view must not move. Hidden from a side: the other side's ship identities and positions inside stacks it has not
examined, their NAC aboard (and which Japanese carrier trains new NAC), transport cargo, the unrevealed air
allocation, the targets written for a surface engagement until both sides have written, the Japanese submarine record
(optional rule), and log lines addressed to the other side. A spectator is kept from both sides' hidden things; the umpire reads everything."""
from __future__ import annotations

import copy
from typing import Any

from app.engine.contract import UMPIRE
from app.engine.log import entry
from app.games.usn import board, building, grid, offmap

State = dict[str, Any]


def hidden_from(role: str) -> list[str]:
    if role == UMPIRE:
        return []
    return [s for s in board.SIDES if s != role]


def _allocation(state: State, side: str) -> list[dict[str, Any]]:
    """The side's secret air allocation: its order kept by the walk until both are in, or written down."""
    kept = (state["step"].get("in") or {}).get(side)
    return [kept["args"]] if kept is not None else [state["allocations"][side]] if side in state["allocations"] else []


def perturb(state: State, role: str, rng) -> State:
    s = copy.deepcopy(state)
    if s["outcome"] is not None:
        return s
    examined = s["examined"].get(role, {}) if role in board.SIDES else {}
    for side in hidden_from(role):
        s["log"].append(entry(side, f"A note only the {board.TITLE[side]} side reads ({rng.die(1000)})."))
        offmap.perturb(s, side, rng)  # Off-Map Movement: the carriers' record off the west edge
        building.perturb(s, side, rng)  # Repairing or Building Bases: the works begun, the bases not yet usable
        for written in _allocation(s, side):  # the side's air allocation, kept until both are in
            written["cap"] = [*written.get("cap", []), {"from": "base:0659", "kind": "lac", "points": rng.die(9)}]
        sf = s.get("surface") or {}
        if side in sf.get("fire", {}):  # the other side's targets, written and not yet fired
            fire = sf["fire"][side]
            if fire:
                fire.pop(min(fire))
        if sf.get("attacker") == side and s.get("pending_moves"):  # the attacker's rest of movement (I), unseen
            p = s["pending_moves"][0]
            p["end"] = p["stop"] if p["end"] != p["stop"] else p["start"]
        here = sf["hexes"][min(sf["i"], len(sf["hexes"]) - 1)] if sf else None  # the engagement's hex
        if sf.get("attacker") == side and sf["stage"] != "done":  # the hexside of an attacker not yet engaged
            later = [k for k in sorted(sf.get("entry", {})) if s["ships"][k]["hex"] != here]
            if later:
                around = grid.neighbours(s["ships"][later[0]]["hex"])
                sf["entry"][later[0]] = next(h for h in around if h != sf["entry"][later[0]])
        shown = set(sf.get("attacking", [])) | {i for ids in sf.get("engaged", {}).values() for i in ids}
        if sf:
            shown |= {x["id"] for x in board.afloat(s) if x["hex"] == here}
        # swap the positions of two ships of different unexamined stacks: every stack keeps its count
        ships = [x for x in board.afloat(s, side) if x["hex"] not in examined and x["id"] not in shown]
        pairs = [(a, b) for a in ships for b in ships if a["hex"] < b["hex"]]
        if pairs:
            a, b = rng.choice(pairs)
            a["hex"], b["hex"] = b["hex"], a["hex"]
        # move the cargo of one transport to another, or empty it
        trs = [x for x in board.afloat(s, side) if x["type"] == "TR"]
        loaded = [x for x in trs if x["cargo"]]
        if loaded and len(trs) > 1:
            src = loaded[0]
            dst = next(x for x in trs if x is not src)
            for u in src["cargo"]:
                s["land"][u]["aboard"] = dst["id"]
            dst["cargo"], src["cargo"] = dst["cargo"] + src["cargo"], []
        subs = sorted((s.get("submarines") or {}).values(), key=lambda x: x["id"]) if side == "japanese" else []
        if subs:  # Submarines: the secret record (position, On Station) moves
            sub = subs[0]
            sub.update(hex=f"{int(sub['hex'] or '0754') % 1400 + 1:04d}", placed=True,
                       station=not sub["station"], phases=sub["phases"] + rng.die(3))
        if side == "japanese":  # Japanese Carrier Aircraft Embarkation: which carrier trains new NAC is his
            for x in board.afloat(s, side):
                if board.is_carrier(x):
                    x["training"] = 0 if x.get("training") else 1
                    break
        carriers = [x for x in board.afloat(s, side) if board.is_carrier(x) and not x["damage"]]
        if len(carriers) > 1:
            a, b = carriers[0], carriers[1]
            if a["nac"] <= b["capacity"] and b["nac"] <= a["capacity"]:
                a["nac"], b["nac"] = b["nac"], a["nac"]
    return s


def plant_canaries(state: State, role: str, marker: str) -> State:
    s = copy.deepcopy(state)
    for side in hidden_from(role):
        s["log"].append(entry(side, f"{marker}: a note only the {board.TITLE[side]} side reads."))
        for x in board.afloat(s, side):
            x["note"] = marker
        for u in s["land"].values():
            if u["side"] == side and u["aboard"] is not None:
                u["name"] = f"{u['name']} {marker}"
        for written in _allocation(s, side):
            written["note"] = marker
        building.plant(s, side, marker)  # Repairing or Building Bases: the works, the bases not yet usable
        if side == "japanese":
            for sub in (s.get("submarines") or {}).values():
                sub["note"] = marker
        sf = s.get("surface") or {}
        if side in sf.get("fire", {}):
            sf["fire"][side] = {k: v for k, v in sf["fire"][side].items()}
            sf["fire"][side]["note"] = marker
    return s
