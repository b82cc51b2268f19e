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
    JUNGLE_EDGE_HEXES,
    LAND,
    MAP,
    RIDGES,
    RIVERS,
    TITLE,
    TURN_LABELS,
    TYPES,
    turn_label,
)
from app.games.first_blood.placement import IJ_BOXES, PLACE_LABELS, place_label
from app.games.first_blood.sequence import acting, printed_step

State = dict[str, Any]
STATUS = {"oper": "Operational", "dam": "Damaged", "dest": "Destroyed"}


def _grid() -> dict[str, Any]:
    g = MAP["grid"]
    return {"lines": g["lines"], "shifted": g["shifted"], "toward": g["toward"], "ids": g["ids"],
            "cols": list(g["cols"]), "rows": list(g["rows"]), "show_ids": True}


def _source(provenance: str) -> str:
    """The short form of a data record's provenance, for a hex's details."""
    return provenance.split(";")[0].split(" (")[0]


def _terrain(h: str) -> str:
    """A hex's terrain by name and where it comes from (data/map.toml), for its title on the map (§2.1, Table 1)."""
    if h in JUNGLE:
        name, src = "Jungle (combat -1, +1 MF to enter)", MAP["jungle"]["provenance"]
    elif h in JUNGLE_EDGE_HEXES:
        name, src = "Jungle on its sides only (not jungle for combat)", MAP["jungle_edges"]["provenance"]
    else:
        name, src = "Clear, beach or rough", MAP["land"]["provenance"]
    if h in HENDERSON or h in FIGHTER:
        name += ", Henderson Field air strip" if h in HENDERSON else ", fighter strip"
        src = MAP["strips"]["provenance"]
    return f"{name} [{_source(src)}]"


_TERRAIN_SPACES = tuple({"id": f"terrain-{h}", "at": h, "label": _terrain(h), "shape": "none"} for h in LAND)


def _terrain_spaces() -> list[dict[str, Any]]:
    # the map's terrain never changes: worked out once, handed out as fresh copies (a view is the caller's to keep)
    return [dict(s) for s in _TERRAIN_SPACES]


def _unit_piece(u: dict[str, Any], at: str | None = None) -> dict[str, Any]:
    t = TYPES[u["type"]]
    rng = f", range {u['range']}" if u["range"] else ""
    name = f"{TITLE[u['side']]} {u['name']} ({t['label']}, CF {u['cf']}{rng}, MF {u['mf']})"
    where = f"hex {u['loc'][4:]}" if at is None else place_label(u["loc"])
    state = ", has moved" if u["moved"] else ""
    return {"id": u["id"], "kind": "artillery" if u["range"] else "ground", "side": u["side"],
            "at": u["loc"][4:] if at is None else at, "face": [u["name"], f"{u['cf']}-{u['mf']}"],
            "label": f"{name}, {where}",
            "details": f"{name} in {where}: combat factor {u['cf']}, movement factors {u['mf']}{rng}{state}."}


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
            "spaces": _terrain_spaces(), "pieces": pieces, "markers": markers}


# The strategic boxes and the turn track (§2.1, §4), a second small board in board units: the track on row 0, then
# the entry points, the off-map boxes A-D (west to east), the IJ naval and air boxes, the USAF boxes.
BOX_ROWS = ([(f"entry:{e}", ENTRIES[e]["label"].replace(" entry point", "").replace(" (coast road)", ""))
             for e in ENTRIES],
            [(f"box:{b}", f"Off-map box {b}") for b in BOXES],
            [(k, PLACE_LABELS[k]) for k in IJ_BOXES],
            [("cap", PLACE_LABELS["cap"]), ("ground_attack", PLACE_LABELS["ground_attack"]),
             ("reserve", "USAF Reserve"), ("eliminated", "Eliminated")])
ROW_Y = (1.9, 4.6, 7.6, 10.6)


def _box_spaces() -> list[dict[str, Any]]:
    out = []
    for row, places in enumerate(BOX_ROWS):
        step = 16.8 / (len(places) - 1)
        out += [{"id": p, "label": lb, "at": [j * step, ROW_Y[row]], "shape": "square", "size": 0.45,
                 "kind": "box", "per_row": 2 if row == 0 else 3} for j, (p, lb) in enumerate(places)]
    return out


_BOX_SPACES = _box_spaces()  # they never move: laid out once, copied into each view
_BOX_IDS = frozenset(s["id"] for s in _BOX_SPACES)


def boxes_board(state: State) -> dict[str, Any]:
    spaces = [{"id": f"turn-{i + 1}", "label": lb, "at": [i * 1.1, 0], "shape": "square", "size": 0.4,
               "kind": "turn", "marks": ["ring"] if state["turn"] == i + 1 else [],
               "details": f"Turn {i + 1} of {len(TURN_LABELS)} (§4)"} for i, lb in enumerate(TURN_LABELS)]
    spaces += [dict(sp, at=list(sp["at"])) for sp in _BOX_SPACES]
    known = _BOX_IDS | {f"turn-{i + 1}" for i in range(len(TURN_LABELS))}
    pieces = [{"id": "turn-marker", "kind": "marker", "label": f"Turn marker: {turn_label(state['turn'])}",
               "at": f"turn-{min(max(state['turn'], 1), len(TURN_LABELS))}", "face": "Turn",
               "details": f"Game turn: {turn_label(state['turn'])} (§4)."}]
    for u in sorted(state["units"].values(), key=lambda x: x["id"]):
        if u["loc"] in known:
            pieces.append(_unit_piece(u, at=u["loc"]))
    for a in sorted(state["air"].values(), key=lambda x: x["id"]):
        if a["loc"] in known:
            where = place_label(a["loc"])
            pieces.append({"id": a["id"], "kind": "aircraft", "side": a["side"], "at": a["loc"],
                           "tags": [f"face-{a['face']}"] if a.get("face") else [],
                           "face": a["name"].removeprefix("IJ ").split(" ", 1),
                           "label": f"{TITLE[a['side']]} {a['name']} ({a['role']}), {where}",
                           "details": f"{TITLE[a['side']]} {a['name']}, {a['role']}, in {where}"
                                      + (f", supporting hex {a['target']}" if a.get("target") else "") + "."})
    return {"id": "first-blood-boxes", "label": f"Turn track and boxes, {turn_label(state['turn'])}",
            "description": "The turn track (Sep I to Jan III), the entry points and off-map boxes A-D (west to east), "
                           "and the naval and air boxes of both sides.",
            "extent": [-1.2, -0.8, 18.0, 13.6], "spaces": spaces, "pieces": pieces, "piece_size": [1.3, 0.62],
            "per_row": 3}


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
    step, printed = state["step"], printed_step(state)
    return {
        "game": "first_blood", "role": role, "turn": state["turn"], "turn_label": turn_label(state["turn"]),
        "step": {"kind": step["kind"], "side": step.get("side"), "title": printed.title if printed else "Game over",
                 "rule": printed.rule if printed else None},
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
        "boxes_board": boxes_board(state),
        "log": visible(state["log"], role if role != SPECTATOR else SPECTATOR, ended),
    }
