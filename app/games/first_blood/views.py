"""What each role may know (view): the whole board, since First Blood hides nothing (digest part 0), built fresh
from the state; the log through `log.visible` (lines addressed to one side stay with it). `board` describes the map
as data for the one renderer (docs/architecture.md, "Board"): the printed grid, terrain as areas of hexes, the
rivers and ridges as edges, units and aircraft as pieces."""
from __future__ import annotations

import json
from typing import Any

from app.engine.contract import SPECTATOR
from app.engine.log import visible
from app.games.first_blood import board as boardlib
from app.games.first_blood.gamedata import (
    BOXES,
    BRIDGES,
    ENTRIES,
    FIGHTER,
    HENDERSON,
    JUNGLE,
    LAND,
    MAP,
    RIDGES,
    RIVERS,
    TITLE,
    TYPES,
    turn_label,
)
from app.games.first_blood.placement import place_label
from app.games.first_blood.sequence import RULES, TITLES, acting

State = dict[str, Any]
STATUS = {"oper": "Operational", "dam": "Damaged", "dest": "Destroyed"}


def _grid() -> dict[str, Any]:
    g = MAP["grid"]
    return {"lines": g["lines"], "shifted": g["shifted"], "toward": g["toward"], "ids": g["ids"],
            "cols": list(g["cols"]), "rows": list(g["rows"]), "show_ids": True}


def _unit_piece(u: dict[str, Any]) -> dict[str, Any]:
    t = TYPES[u["type"]]
    rng = f", range {u['range']}" if u["range"] else ""
    name = f"{TITLE[u['side']]} {u['name']} ({t['label']}, CF {u['cf']}{rng}, MF {u['mf']})"
    return {"id": u["id"], "kind": "artillery" if u["range"] else "ground", "side": u["side"],
            "at": u["loc"][4:], "face": u["name"], "label": f"{name}, {u['loc'][4:]}",
            "details": f"{name} in hex {u['loc'][4:]}."}


def board(state: State) -> dict[str, Any]:
    pieces = [_unit_piece(u) for u in sorted(boardlib.ground(state, where="hex:"), key=lambda x: x["id"])]
    for a in sorted(state["air"].values(), key=lambda x: x["id"]):
        if a["loc"].startswith("strip:"):
            h = a["loc"][6:]
            pieces.append({"id": a["id"], "kind": "aircraft", "side": "us", "at": h, "face": a["name"],
                           "tags": [f"face-{a['face']}"],
                           "label": f"USAF {a['name']} ({a['role']}, face {a['face']}) on air strip {h}",
                           "details": f"USAF {a['name']}, {a['role']}, face {a['face']}, on air strip {h}."})
    markers = [{"id": f"strip-{h}", "kind": "strip", "side": "us", "at": h, "face": s["status"].title(),
                "label": f"Air strip {h}: {STATUS[s['status']]}" + (f", work {s['work']}" if s["work"] else ""),
                "details": f"Air strip {h} ({'Henderson' if h in HENDERSON else 'Fighter'}): "
                           f"{STATUS[s['status']]}" + (f", engineering marker '{s['work']}'" if s["work"] else "")
                           + "."}
               for h, s in state["strips"].items()]
    open_land = [h for h in LAND if h not in JUNGLE]
    return {"id": "first-blood-map", "label": f"First Blood map, {turn_label(state['turn'])}",
            "description": "The Lunga perimeter round Henderson Field, hexes of half a kilometre; ids row then "
                           "column, rows numbered northward, columns westward.",
            "grid": _grid(),
            "areas": [{"id": "jungle", "label": "Jungle", "kind": "jungle", "hexes": sorted(JUNGLE)},
                      {"id": "open", "label": "Clear, beach or rough", "kind": "clear", "hexes": open_land},
                      {"id": "henderson", "label": "Henderson Field", "kind": "airfield", "hexes": list(HENDERSON)},
                      {"id": "fighter", "label": "Fighter strip", "kind": "airfield", "hexes": list(FIGHTER)}],
            "edges": ([{"from": a, "to": b, "kind": "bridge" if frozenset((a, b)) in BRIDGES else "river",
                        "label": "Bridge" if frozenset((a, b)) in BRIDGES else "River"}
                       for a, b in sorted(tuple(sorted(p)) for p in RIVERS)]
                      + [{"from": a, "to": b, "kind": "ridge", "label": "Ridge"}
                         for a, b in sorted(tuple(sorted(p)) for p in RIDGES)]),
            "pieces": pieces, "markers": markers}


def _off_map(state: State) -> dict[str, Any]:
    """The boxes around the map (§2.1): entry points, off-map boxes A-D, the IJ, USAF and air strip boxes."""
    out: dict[str, list[dict[str, Any]]] = {}
    for u in [*state["units"].values(), *state["air"].values()]:
        if u["loc"].startswith("hex:") or u["loc"].startswith("strip:") or u["loc"] == "eliminated":
            continue
        rec = {"id": u["id"], "name": u["name"], "side": u["side"]}
        if "role" in u:
            rec.update(role=u["role"], face=u["face"], target=u.get("target"))
        else:
            rec.update(cf=u["cf"], mf=u["mf"], range=u["range"], arrive=u["arrive"], placed=u.get("placed"),
                       visited=list(u.get("visited", [])), moved=u["moved"])
        out.setdefault(u["loc"], []).append(rec)
    return {place_label(k) if k != "pending" else "not yet arrived": v for k, v in sorted(out.items())}


def view(state: State, role: str) -> dict[str, Any]:
    ended = state["outcome"] is not None
    step = state["step"]
    return {
        "game": "first_blood", "role": role, "turn": state["turn"], "turn_label": turn_label(state["turn"]),
        "step": {"kind": step["kind"], "side": step.get("side"), "title": TITLES.get(step["kind"], "Game over"),
                 "rule": RULES.get(step["kind"])},
        "waiting_for": acting(state),
        "units": {u["id"]: {k: u[k] for k in ("name", "side", "type", "cf", "mf", "range", "loc", "moved", "fought")}
                  for u in state["units"].values()},
        "air": {a["id"]: {k: a.get(k) for k in ("name", "side", "role", "loc", "face", "target")}
                for a in state["air"].values()},
        "strips": {h: dict(s) for h, s in state["strips"].items()},
        "attacked": list(state["attacked"]),
        "losses": json.loads(json.dumps(state["losses"])) if state.get("losses") else None,
        "capacity": boardlib.capacity(state),
        "boxes": _off_map(state),
        "entry_points": {e: {"label": r["label"], "side": r["side"], "hexes": list(r["hexes"])}
                         for e, r in ENTRIES.items()},
        "off_map_boxes": {b: list(r["hexes"]) for b, r in BOXES.items()},
        "outcome": state["outcome"],
        "board": board(state),
        "log": visible(state["log"], role if role != SPECTATOR else SPECTATOR, ended),
    }
