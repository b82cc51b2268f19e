"""What each role may know (view): the whole board, since First Blood hides nothing (digest part 0), built fresh
from the state; the log through `log.visible` (lines addressed to one side stay with it).

`board` describes the map for the one renderer (docs/architecture.md, "Board"), north up as printed (row 12, Lunga
Point, at the top; columns numbered westward, so west on the left): the terrain is a drawing of its own
(`terrain_markup`, the web plug-in registers it as the layer "first-blood-terrain"), every hex from the map's data
with its provenance in its title (clear or jungle in the centre, jungle hexsides, the rivers, the bridge and Bloody
Ridge along the hexsides, the air strips, the setup border, the sea, the entry points and the off-map boxes). Each
hex holding ground units shows one counter for its stack (its strength; the units listed in its details, opened on
focus or tap), so counters never cover each other; the air strips' status is drawn over their hexes. The turn
track and the boxes off the map (entry points, boxes A-D, the IJ naval and air boxes, the air strip status boxes
with the USAF units parked there, §2.1, and the USAF boxes) are lists the page draws (`track`, `box_rows`)."""
from __future__ import annotations

import json
import math
from functools import cache
from html import escape
from typing import Any

from app.engine.contract import SPECTATOR
from app.engine.log import visible
from app.games.first_blood import board as boardlib
from app.games.first_blood.gamedata import (
    BOX_ORDER,
    BOXES,
    BRIDGES,
    ENTRIES,
    FIGHTER,
    GRID,
    HENDERSON,
    JUNGLE,
    JUNGLE_EDGE_HEXES,
    JUNGLE_SIDES,
    LAND,
    LAND_SET,
    MAP,
    RIDGES,
    RIVERS,
    STRIPS,
    TITLE,
    TURN_LABELS,
    TYPES,
    in_setup_border,
    neighbours,
    turn_label,
)
from app.games.first_blood.placement import IJ_BOXES, PLACE_LABELS, place_label
from app.games.first_blood.sequence import acting, printed_step

State = dict[str, Any]
STATUS = {"oper": "Operational", "dam": "Damaged", "dest": "Destroyed"}
SQRT3 = math.sqrt(3)
TERRAIN_LAYER = "first-blood-terrain"


# --- the map's geometry, north up (board units: a hex's centre to a corner is 1) ------------------------------------

@cache
def centre(h: str) -> tuple[float, float]:
    """A hex's centre: the printed grid's axial coordinates with the rows running up the page (row 12 at the top)."""
    q, r = GRID.axial(h)
    return SQRT3 * (q + r / 2), -1.5 * r


def _corners(h: str) -> list[tuple[float, float]]:
    x, y = centre(h)
    return [(x + math.cos(math.radians(30 + 60 * i)), y + math.sin(math.radians(30 + 60 * i))) for i in range(6)]


def _side(a: str, b: str) -> list[tuple[float, float]]:
    """The two ends of the hexside between neighbours a and b."""
    (ax, ay), (bx, by) = centre(a), centre(b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = bx - ax, by - ay
    n = math.hypot(dx, dy)
    px, py = -dy / n * 0.5, dx / n * 0.5  # half a side's length (1) along the side
    return [(mx + px, my + py), (mx - px, my - py)]


def _pts(points) -> str:
    return " ".join(f"{x:.3f},{y:.3f}" for x, y in points)


ALL_HEXES: tuple[str, ...] = tuple(GRID.all())
_XS = [x for h in ALL_HEXES for x, _ in _corners(h)]
_YS = [y for h in ALL_HEXES for _, y in _corners(h)]
EXTENT = [round(min(_XS) - 2.6, 2), round(min(_YS) - 0.4, 2), round(max(_XS) + 2.6, 2), round(max(_YS) + 1.7, 2)]


def _source(provenance: str) -> str:
    """The short form of a data record's provenance, for a hex's title."""
    return provenance.split(";")[0].split(" (")[0]


def terrain_of(h: str) -> tuple[str, str, str]:
    """(kind, name, source) of a hex's terrain (data/map.toml; §2.1, Table 1): the sea, jungle in the centre, jungle
    on its sides only, or clear (clear, beach or rough: the same for movement and combat), an air strip on it."""
    if h not in LAND_SET:
        return "sea", "Sea (no hex of the map)", MAP["land"]["provenance"]
    if h in JUNGLE:
        kind, name, src = "jungle", "Jungle (combat -1, +1 MF to enter)", MAP["jungle"]["provenance"]
    elif h in JUNGLE_EDGE_HEXES:
        kind, name, src = "edge", "Jungle on its sides only (not jungle for combat)", MAP["jungle_edges"]["provenance"]
    else:
        kind, name, src = "clear", "Clear, beach or rough", MAP["land"]["provenance"]
    if h in STRIPS:
        name += ", Henderson Field air strip" if h in HENDERSON else ", fighter strip"
        src = MAP["strips"]["provenance"]
    return kind, name, src


def _terrain(h: str) -> str:
    kind, name, src = terrain_of(h)
    return f"{name} [{_source(src)}]"


# The hexsides: each river, the bridge, the ridge and each jungle side of an open hex, with what it costs (§6.1).
def _edges() -> list[tuple[str, str, str, str]]:
    out = []
    for pair in sorted(tuple(sorted(p)) for p in RIVERS):
        bridge = frozenset(pair) in BRIDGES
        out.append((*pair, "bridge" if bridge else "river",
                    f"Bridge between {pair[0]} and {pair[1]}: a clear hexside (§2.1)" if bridge else
                    f"River between {pair[0]} and {pair[1]}: +2 MF to cross, no retreat across, defenders doubled "
                    f"behind it (§6.1, §7.1, §7.9) [{_source(MAP['rivers']['lunga_provenance'])}]"))
    for pair in sorted(tuple(sorted(p)) for p in RIDGES):
        out.append((*pair, "ridge", f"Bloody Ridge between {pair[0]} and {pair[1]}: +1 MF to cross, defenders "
                                    f"doubled behind it (§6.1, §7.1) [{_source(MAP['ridges']['sides_provenance'])}]"))
    for entered, source in sorted(JUNGLE_SIDES):
        out.append((entered, source, "jungle-side", f"Jungle on the side of {entered} toward {source}: +1 MF to "
                                                    f"enter {entered} across it (§6.1) "
                                                    f"[{_source(MAP['jungle_edges']['sides_provenance'])}]"))
    return out


def _setup_border() -> list[tuple[str, str]]:
    """§3: the hexsides between a hex inside the US setup border and one outside it."""
    out = []
    for h in LAND:
        if in_setup_border(h):
            out += [(h, n) for n in GRID.neighbours(h) if not in_setup_border(n) and n in set(ALL_HEXES)]
    return out


def _outside(hexes: list[str], push: float = 1.25) -> tuple[float, float]:
    """A point off the map beside `hexes` (an entry point's, a box's), pushed away from the map's middle."""
    xs = [centre(h)[0] for h in hexes]
    ys = [centre(h)[1] for h in hexes]
    x, y = sum(xs) / len(xs), sum(ys) / len(ys)
    mx, my = (min(_XS) + max(_XS)) / 2, (min(_YS) + max(_YS)) / 2
    dx, dy = x - mx, y - my
    if abs(dx) / (max(_XS) - min(_XS)) > abs(dy) / (max(_YS) - min(_YS)):
        return (max(_XS) + push if dx > 0 else min(_XS) - push), y
    return x, (max(_YS) + push if dy > 0 else min(_YS) - push)


@cache
def terrain_markup() -> str:
    """The map's terrain as SVG in board units (the renderer scales it): every hex of the printed grid with its
    terrain, id and title, the hexsides, the setup border, the entry points and the off-map boxes. It never changes,
    so the page keeps it across pushes (a preserved layer)."""
    out = ['<g class="fb-terrain">']
    for h in ALL_HEXES:
        kind, _, _ = terrain_of(h)
        x, y = centre(h)
        title = f"Hex {h}: {_terrain(h)}" if kind != "sea" else f"Sea beyond the coast, off the map ({h} unnumbered)"
        tid = f'<text class="board-hex-id fb-hex-id" x="{x:.3f}" y="{y - 0.62:.3f}">{h}</text>' if kind != "sea" else ""
        strip = f'<rect class="fb-runway" x="{x - 0.55:.3f}" y="{y - 0.12:.3f}" width="1.1" height="0.24"></rect>' \
            if h in STRIPS else ""
        out.append(f'<g class="board-hex fb-t-{kind}" data-hex="{h}"><title>{escape(title)}</title>'
                   f'<polygon points="{_pts(_corners(h))}"></polygon>{strip}{tid}</g>')
    for a, b, kind, title in _edges():
        out.append(f'<polyline class="fb-edge fb-{kind}" points="{_pts(_side(a, b))}"><title>{escape(title)}</title>'
                   f'</polyline>')
    border = " ".join(f"M{_pts(_side(a, b)).replace(' ', ' L')}" for a, b in _setup_border())
    out.append(f'<path class="fb-setup-border" d="{border}"><title>The US setup border (§3): rows 02-12, columns '
               f'02-15 [{escape(_source(MAP["setup_border"]["provenance"]))}]</title></path>')
    for e, rec in ENTRIES.items():
        x, y = _outside(rec["hexes"], 1.0)
        mark = "★" if rec["side"] == "us" else "●"
        out.append(f'<g class="fb-entry fb-entry-{rec["side"]}"><title>{escape(rec["label"])}: leads to hex '
                   f'{", ".join(rec["hexes"])} (§5)</title><circle cx="{x:.3f}" cy="{y:.3f}" r="0.42"></circle>'
                   f'<text x="{x:.3f}" y="{y + 0.16:.3f}">{mark}</text></g>')
    for b in BOX_ORDER:
        x, y = _outside(BOXES[b]["hexes"], 1.15)
        out.append(f'<g class="fb-box-mark"><title>Off-map movement box {b}: leads to hex '
                   f'{", ".join(BOXES[b]["hexes"])} (§6.5)</title><text x="{x:.3f}" y="{y + 0.15:.3f}">Box {b}'
                   f'</text></g>')
    out.append("</g>")
    return "".join(out)


# --- the pieces ----------------------------------------------------------------------------------------------------

def _unit_text(u: dict[str, Any]) -> str:
    t = TYPES[u["type"]]
    rng = f", range {u['range']}" if u["range"] else ""
    return f"{u['name']} ({t['label']}, CF {u['cf']}{rng}, MF {u['mf']}{', has moved' if u['moved'] else ''})"


def _face(u: dict[str, Any]) -> str:
    return f"{u['cf']}-{u['range']}-{u['mf']}" if u["range"] else f"{u['cf']}-{u['mf']}"


def _stack_piece(h: str, units: list[dict[str, Any]]) -> dict[str, Any]:
    """One counter for the ground units in a hex: its strength on the face (a unit's factors, or a stack's total
    and how many), each unit in its details."""
    side = units[0]["side"]
    cf = sum(u["cf"] for u in units)
    x, y = centre(h)
    names = "; ".join(_unit_text(u) for u in units)
    if len(units) == 1:
        label = f"{TITLE[side]} {units[0]['name']} ({_face(units[0])}) in hex {h}"
        details = f"{TITLE[side]} {_unit_text(units[0])} in hex {h}."
        face = _face(units[0])
    else:
        label = f"{TITLE[side]} stack of {len(units)} in hex {h}, combat factor {cf}"
        details = f"{TITLE[side]} stack in hex {h}, combat factor {cf} in all: {names}."
        face = f"{cf} ({len(units)})"
    return {"id": f"stack-{h}", "kind": "stack" if len(units) > 1 else "artillery" if units[0]["range"] else "ground",
            "side": side, "at": [round(x, 3), round(y + 0.05, 3)], "face": face, "label": label, "details": details,
            "tags": ["moved"] if all(u["moved"] for u in units) else []}


def board(state: State) -> dict[str, Any]:
    stacks: dict[str, list[dict[str, Any]]] = {}
    for u in sorted(boardlib.ground(state, where="hex:"), key=lambda x: (-x["cf"], x["name"])):
        stacks.setdefault(u["loc"][4:], []).append(u)
    pieces = [_stack_piece(h, units) for h, units in sorted(stacks.items())]
    areas = []
    for h, s in state["strips"].items():
        parked = [a["name"] for a in boardlib.air(state, "us", f"strip:{h}")]
        areas.append({"id": f"strip-{h}", "kind": f"strip-{s['status']}", "points": [list(p) for p in _corners(h)],
                      "label": f"Air strip {h}: {STATUS[s['status']]}" + (f", work {s['work']}" if s["work"] else "")
                      + (f"; USAF units parked: {', '.join(parked)}" if parked else "")})
    return {"id": "first-blood-map", "label": f"First Blood map, {turn_label(state['turn'])}",
            "description": "The Lunga perimeter round Henderson Field, north up: hexes of half a kilometre, ids row "
                           "then column, rows numbered northward, columns westward.",
            "extent": EXTENT, "areas": areas,
            "layers": [{"id": TERRAIN_LAYER, "draw": TERRAIN_LAYER, "below": True, "preserve": True,
                        "label": "Terrain"}],
            "pieces": pieces, "piece_size": [1.36, 0.8], "per_row": 1}


# --- the turn track and the boxes round the map ---------------------------------------------------------------------

def _chip(p: dict[str, Any]) -> dict[str, Any]:
    """A piece in a box, as the page lists it."""
    if "role" in p:
        face = "face down" if p.get("face") == "down" else ""
        target = f", supporting the attack on hex {p['target']}" if p.get("target") else ""
        return {"id": p["id"], "side": p["side"], "name": p["name"], "face": p["role"] + (f", {face}" if face else ""),
                "details": f"{TITLE[p['side']]} {p['name']}, {p['role']}{', face down (refuelling)' if face else ''}"
                           f"{target}.", "tags": ["face-down"] if face else []}
    placed = ", arrived this turn" if p.get("placed") == p.get("_turn") and p["loc"].startswith("box:") else ""
    return {"id": p["id"], "side": p["side"], "name": p["name"], "face": _face(p),
            "details": f"{TITLE[p['side']]} {_unit_text(p)}{placed}.", "tags": []}


def box_rows(state: State) -> list[dict[str, Any]]:
    """The boxes of the board (§2.1) in rows: entry points, off-map boxes A-D (west to east), the IJ naval and air
    boxes, the air strip status boxes (status, work and the USAF units parked there), the USAF boxes, eliminated."""
    at: dict[str, list[dict[str, Any]]] = {}
    for p in sorted([*state["units"].values(), *state["air"].values()], key=lambda x: x["name"]):
        at.setdefault(p["loc"], []).append(_chip(dict(p, _turn=state["turn"])))

    def box(place: str, label: str, **extra: Any) -> dict[str, Any]:
        return {"id": place, "label": label, "pieces": at.get(place, []), **extra}
    strips = []
    for h in STRIPS:
        s = state["strips"][h]
        field = "Henderson" if h in HENDERSON else "Fighter"
        strips.append(box(f"strip:{h}", f"{field} {h}: {STATUS[s['status']]}"
                          + (f", work {s['work']}" if s["work"] else ""), status=s["status"]))
    return [
        {"label": "Entry points (§5)", "boxes": [box(f"entry:{e}", r["label"]) for e, r in ENTRIES.items()]},
        {"label": "Off-map movement boxes, west to east (§6.5)",
         "boxes": [box(f"box:{b}", f"Off-map box {b}") for b in BOX_ORDER]},
        {"label": "IJ naval and air boxes (§6.6, §6.7, §9)", "boxes": [box(k, PLACE_LABELS[k]) for k in IJ_BOXES]},
        {"label": f"Air strip status (§2.1, §10; capacity {boardlib.capacity(state)} active USAF units, §11)",
         "boxes": strips, "always": True},
        {"label": "USAF boxes (§6.7, §6.8, §11)",
         "boxes": [box(k, PLACE_LABELS[k]) for k in ("cap", "ground_attack", "reserve")]},
        {"label": "Eliminated", "boxes": [box("eliminated", "Eliminated")], "closed": True},
    ]


def track(state: State) -> list[dict[str, Any]]:
    """The turn track (§4): Sep I to Jan III, the current turn marked."""
    return [{"turn": i + 1, "label": lb, "now": state["turn"] == i + 1} for i, lb in enumerate(TURN_LABELS)]


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
    return {place_label(k): v for k, v in sorted(out.items())}


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
        "usaf_over": state.get("usaf_over", 0),
        "standing": json.loads(json.dumps(state.get("standing", {}))),
        "boxes": _off_map(state),
        "entry_points": {e: {"label": r["label"], "side": r["side"], "hexes": list(r["hexes"])}
                         for e, r in ENTRIES.items()},
        "off_map_boxes": {b: list(r["hexes"]) for b, r in BOXES.items()},
        "outcome": state["outcome"],
        "board": board(state),
        "track": track(state),
        "box_rows": box_rows(state),
        "log": visible(state["log"], role if role != SPECTATOR else SPECTATOR, ended),
    }


__all__ = ["FIGHTER", "TERRAIN_LAYER", "board", "centre", "neighbours", "terrain_markup", "view"]
