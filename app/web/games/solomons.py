"""Solomons Campaign in the browser: the map with what a side knows, the boards its orders are given on, and the
form parser that turns those boards back into the one order the rules take, {"verb": "submit", "args": {...}}.

Everything drawn comes from `view(state, role)` and the game's printed (public) data: the map graph, the counters'
values and the charts. The parser only reads the posted form; the rules decide what is legal (IllegalAction).
"""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from app.engine.errors import IllegalAction
from app.games.solomons import board, tables, validate
from app.play import lobby
from app.play.errors import BadRequest
from app.play.state import load_state, rules_for, view_for
from app.paths import ROOT
from app.web.actions import action_from_form
from app.web.deps import ReadDBDep, User
from app.web.games import parser
from app.web.templating import env, render

router = APIRouter(include_in_schema=False)
MISSIONS = (("anti_ship", "Anti-Ship"), ("bombardment", "Bombardment"), ("transport", "Transport"))
AIR_MISSIONS = (("attack", "Attack a task force"), ("bombard", "Bombard Guadalcanal airbase"),
                ("cap_area", "Area CAP"), ("cap_point", "Point Defense CAP"))
AIR_BASE_HEX = {"henderson": "M", "shortlands": "L", "rabaul": "rabaul", "espiritu_santo": "espiritu_santo"}
CARRIER_BASES = {"japanese": "truk", "allied": "australia"}  # 8.8, 17.51
SLOT_RUN = ("K", "L", "M", "L", "K", "rabaul")               # 6.37
LOADING_BASE = {"allied": "espiritu_santo", "japanese": "rabaul"}  # 9.4
EXTRA_TF_SLOTS = 3
AIR_ROWS = 2


# ---------------------------------------------------------------- the map

@lru_cache(maxsize=1)
def map_data() -> dict[str, Any]:
    return json.loads((ROOT / "static" / "solomons" / "map.json").read_text())


@lru_cache(maxsize=1)
def map_svg_open() -> str:
    """The committed map without its closing tag, so the board can draw its counters inside the same SVG."""
    text = (ROOT / "static" / "solomons" / "map.svg").read_text()
    text = text[text.index("<svg"):]
    return text[:text.rindex("</svg>")]


def place_label(place: str | None) -> str:
    if place is None:
        return ""
    return board.BASE_LABEL.get(place, f"hex {place}" if place in tables.HEXES else place.replace("_", " ").title())


def anchor(place: str) -> tuple[float, float]:
    d = map_data()
    if place in d["hexes"]:
        return tuple(d["hexes"][place]["center"])
    if place in d["bases"]:
        return tuple(d["bases"][place]["anchor"])
    return (20.0, 20.0)


def spread(items: list[dict[str, Any]], key: str) -> None:
    """Give each counter its x, y: stacked counters at one place fan out so each can be read."""
    seen: dict[str, int] = {}
    for it in items:
        n = seen.get(it[key], 0)
        seen[it[key]] = n + 1
        x, y = anchor(it[key])
        it["x"], it["y"] = round(x - 30 + (n % 2) * 60, 1), round(y + 14 + (n // 2) * 32, 1)


# ---------------------------------------------------------------- units and task forces (own side, from the view)

def unit_info(view: dict[str, Any], uid: str) -> dict[str, Any]:
    u = (view.get("units") or {}).get(uid, {})
    s = board.strength(uid)
    kind, name = board.unit_type(uid), u.get("name") or board.unit_name(uid)
    return {"id": uid, "name": name, "type": kind, "label": name if name.startswith(kind + " ") else f"{kind} {name}",
            "status": u.get("status"), "cargo": u.get("cargo") or {"ground": 0, "supply": 0}, "nac": u.get("nac", 0),
            "attack": s.get("attack", 0), "defense": s.get("defense", 0), "bombardment": s.get("bombardment", 0),
            "aa": s.get("aa", 0), "capacity": s.get("capacity", 0), "cargo_capacity": s.get("cargo_capacity", 0),
            "sortied": u.get("sortied", False)}


def tf_label(tf: dict[str, Any]) -> str:
    return f"TF {tf['number']}"


def has_type(tf: dict[str, Any], types: tuple[str, ...]) -> bool:
    return any(board.unit_type(u) in types for u in tf["units"])


def board_model(view: dict[str, Any]) -> dict[str, Any]:
    """What the map draws for this role: own task forces in full, enemy markers as last seen."""
    tfs = []
    for tf in sorted((view.get("task_forces") or {}).values(), key=lambda t: t["number"]):
        tfs.append({"id": tf["id"], "label": tf_label(tf), "place": tf["hex"], "where": place_label(tf["hex"]),
                    "mission": dict(MISSIONS).get(tf["mission"], "None"), "slot": tf["slot"],
                    "anti_slot": tf["anti_slot"], "aborted": tf["aborted"],
                    "units": [unit_info(view, u) for u in tf["units"]]})
    spread(tfs, "place")
    for tf in tfs:  # its plotted course this phase, drawn from where it is now (own forces only)
        plot = (view.get("task_forces") or {})[tf["id"]].get("plot") or {}
        now = view.get("segment") or 0
        stops = [tf["place"]] + [plot[k] for k in sorted(plot, key=int) if int(k) > now]
        points = [anchor(p) for i, p in enumerate(stops) if i == 0 or p != stops[i - 1]]
        tf["course"] = " ".join(f"{x:.0f},{y:.0f}" for x, y in points) if len(points) > 1 else ""
    markers = []
    for mid, mk in sorted(((view.get("enemy") or {}).get("markers") or {}).items()):
        markers.append(dict(mk, id=mid, place=mk["hex"], where=place_label(mk["hex"])))
    spread(markers, "place")
    return {"task_forces": tfs, "markers": markers}


def in_port(view: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Own ships not in a task force, by base."""
    out: dict[str, list[dict[str, Any]]] = {}
    for uid, u in sorted((view.get("units") or {}).items()):
        if u["task_force"] is None and u["status"] == "intact" and board.is_base(u["location"]):
            out.setdefault(u["location"], []).append(unit_info(view, uid))
    return out


def tracks(view: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The refit and repair tracks (8.8, 15.3, 21.6, 21.7) and carriers away training (6.21): own units only."""
    out: dict[str, list[dict[str, Any]]] = {"refit": [], "repair": [], "training": [], "sunk": []}
    for uid, u in sorted((view.get("units") or {}).items()):
        info = dict(unit_info(view, uid), returns=u.get("returns"), return_base=place_label(u.get("return_base")))
        if u["status"] == "sunk":
            out["sunk"].append(info)
        elif u.get("training"):
            out["training"].append(dict(info, returns=u["training"]["returns"]))
        elif u["status"] == "refit" or u["location"] == "refit":
            out["refit"].append(info)
        elif u["status"] == "crippled" or u["location"] == "repair":
            out["repair"].append(info)
    return out


def reinforcement_chart(side: str, turns: int) -> list[dict[str, Any]]:
    """Own side's printed Turn Record and Reinforcement chart (21)."""
    rows = []
    for t in range(1, turns + 1):
        try:
            rec = tables.reinforcements(t, side)
        except KeyError:
            rec = {}
        for base, spec in rec.items():
            units = [f"{board.unit_type(u)} {board.unit_name(u)}" for u in spec.get("units", [])]
            rows.append({"turn": t, "base": place_label(base), "units": units, "lac": spec.get("lac", 0),
                         "nac": spec.get("nac", 0), "ground": spec.get("ground", 0)})
    return rows


def losses_vp(view: dict[str, Any]) -> int:
    """The Victory Points the enemy has earned from this side's losses (22), from what this side knows."""
    side = view.get("role")
    vp = sum(board.vp_value(uid) for uid, u in (view.get("units") or {}).items() if u["status"] == "sunk")
    vp += sum(board.vp_value("SS") for s in (view.get("submarines") or {}).values() if s["status"] == "sunk")
    lost = view.get("losses") or {}
    vp += lost.get("lac", 0) * board.vp_value("lac") + lost.get("nac", 0) * board.vp_value("nac")
    vp += lost.get("ground", 0) * board.vp_value(f"ground_{side}") + lost.get("supply", 0) * board.vp_value("supply")
    return vp


# ---------------------------------------------------------------- the boards orders are given on

def start_args(view: dict[str, Any], prompt: dict[str, Any] | None) -> dict[str, Any]:
    """A form starts from the side's own pending orders when it is revising, else the always-legal default."""
    info = (prompt or {}).get("info") or {}
    if info.get("submitted") and view.get("pending"):
        return view["pending"]
    return info.get("default") or {}


def allocation_model(view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
    """The Task Force Composition Board: ships by place, each assigned to a numbered task force or left in port."""
    args = start_args(view, prompt)
    specs = args.get("task_forces") or []
    slot_of, cargo_of, emergency = {}, {}, {}
    for i, spec in enumerate(specs, 1):
        for uid in spec.get("units", []):
            slot_of[uid] = i
        cargo_of.update(spec.get("cargo") or {})
        if spec.get("emergency_dd"):
            emergency[i] = (spec["emergency_dd"], spec.get("emergency_cargo") or "supply")
    places: dict[str, list[dict[str, Any]]] = {}
    for uid, u in sorted((view.get("units") or {}).items()):
        if u["status"] != "intact" or board.unit_type(uid) == "SS":
            continue
        tf = (view.get("task_forces") or {}).get(u["task_force"]) if u["task_force"] else None
        place = tf["hex"] if tf else u["location"]
        at_base = board.is_base(place)
        if place not in board.adjacency() or (at_base and u.get("sortied")):
            continue  # away (refit, repair, training) or back in port after this turn's sortie (6.3)
        info = unit_info(view, uid)
        info.update(slot=slot_of.get(uid), at_sea=not at_base, tf=tf_label(tf) if tf else None,
                    load=cargo_of.get(uid) or info["cargo"],
                    carries=board.unit_type(uid) in ("TR", "APD"))
        places.setdefault(place, []).append(info)
    n = max(len(specs) + EXTRA_TF_SLOTS, 1)
    slots = [{"n": i, "mission": specs[i - 1]["mission"] if i <= len(specs) else "anti_ship",
              "emergency": emergency.get(i)} for i in range(1, n + 1)]
    dds = [u for us in places.values() for u in us if u["type"] == "DD"] if view.get("role") == "japanese" else []
    return {"places": [{"id": p, "label": place_label(p), "units": us, "loading": p == LOADING_BASE[view["role"]]}
                       for p, us in places.items()],
            "slots": slots, "dds": dds, "ground_waiting": view.get("ground_in_port") or {}}


def plot_segments(view: dict[str, Any]) -> list[int]:
    return list(range(1, 8)) if view.get("phase") == "plot1" else list(range(8, 15))


def plot_column(view: dict[str, Any], tf: dict[str, Any], hexes: dict[str, str]) -> dict[str, Any]:
    """One column of the Simultaneous Movement Plotting Chart: in each segment only the places the task force
    can reach from where the previous row leaves it (8.2, 8.5, 8.8, 8.9, 9.1 transport pace, 20 Truk)."""
    side = view["role"]
    carriers = has_type(tf, board.CARRIERS)
    transports = has_type(tf, ("TR",))
    bases = [CARRIER_BASES[side]] if carriers else list(board.BASES[side])
    units = view.get("units") or {}
    # 6.3: a force back in port after its sortie this Game-Turn may not sail again
    done_at_sea = board.is_base(tf["hex"]) and any(units.get(u, {}).get("sortied") for u in tf["units"]) \
        and tf["mission"] != "none" and any(not board.is_base(p) for p in (tf.get("plot") or {}).values())
    held_at_truk = not (view.get("truk_sortie") or {}).get("released")
    here, moved_last, rows = tf["hex"], False, []
    for seg in plot_segments(view):
        options = [here]
        pace = transports and moved_last
        if not pace and not (board.is_base(here) and (done_at_sea or (here == "truk" and held_at_truk))):
            for n in board.adjacency()[here]:
                if board.is_base(n) and n not in bases:
                    continue
                options.append(n)
        chosen = hexes.get(str(seg), here)
        if chosen not in options:
            chosen = here
        moved_last = chosen != here
        rows.append({"segment": seg, "night": not board.is_day(seg), "value": chosen, "pace": pace,
                     "options": [{"value": o, "label": ("stay in " if o == here else "") + place_label(o)}
                                 for o in options]})
        here = chosen
    slot_ok = (side == "japanese" and tf["base"] == "rabaul" and tf["hex"] == "rabaul"
               and tf["mission"] in ("anti_ship", "bombardment")
               and not has_type(tf, ("CV", "CVL", "BB", "B", "TR")))
    anti_ok = (side == "allied" and tf["hex"] == "espiritu_santo" and tf["mission"] == "anti_ship" and not carriers)
    return {"id": tf["id"], "label": tf_label(tf), "mission": dict(MISSIONS).get(tf["mission"], "None"),
            "transports": transports, "rows": rows, "slot": tf["slot"], "slot_ok": slot_ok, "anti_ok": anti_ok,
            "units": [unit_info(view, u) for u in tf["units"]]}


def plot_model(view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
    args = start_args(view, prompt)
    plots = args.get("plots") or {}
    columns, automatic = [], []
    for tf in sorted((view.get("task_forces") or {}).values(), key=lambda t: t["number"]):
        if tf["aborted"] or tf["mission_done"] or tf["anti_slot"]:
            automatic.append({"label": tf_label(tf), "why": "Anti-Slot: follows the Japanese Slot force (11.1)"
                              if tf["anti_slot"] else "retiring to base: the course is written for it (6.38, 8.4)"})
            continue
        entry = plots.get(tf["id"]) or {}
        col = plot_column(view, tf, entry.get("hexes") or {})
        col["anti_slot_on"] = bool(entry.get("anti_slot"))
        col["orders"] = entry.get("orders")
        columns.append(col)
    subs = []
    if view.get("role") == "japanese" and view.get("phase") == "plot1":
        chosen = args.get("submarines") or {}
        for sid, s in sorted((view.get("submarines") or {}).items()):
            if s["status"] in ("available", "deployed", "used"):
                subs.append({"id": sid, "name": f"Submarine {sid.split('-')[-1]}", "value": chosen.get(sid) or "",
                             "status": s["status"]})
    return {"columns": columns, "automatic": automatic, "segments": plot_segments(view),
            "submarines": subs, "sea_hexes": board.sea_hexes()}


def air_model(view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
    """Air allocation and CAP (14, 6.22): each base and carrier task force that can fly, with its strengths."""
    side, segment = view["role"], view.get("segment")
    g = view.get("guadalcanal") or {}
    henderson_ours = (g.get("henderson") or {}).get("side") == side and (g.get("henderson") or {}).get("complete")
    sources = []
    for base, air in sorted((view.get("air") or {}).items()):
        if base not in AIR_BASE_HEX or (base == "henderson" and not henderson_ours):
            continue
        for kind in ("lac", "nac"):
            if air.get(kind, 0) > 0:
                free = max(0, air[kind] - air.get("spent", 0) - air.get("transferred", 0))
                sources.append({"source": base, "kind": kind, "label": place_label(base), "total": air[kind],
                                "free": free, "place": AIR_BASE_HEX[base], "carrier": False})
    units = view.get("units") or {}
    for tf in sorted((view.get("task_forces") or {}).values(), key=lambda t: t["number"]):
        if has_type(tf, board.CARRIERS) and not board.is_base(tf["hex"]):
            nac = sum(units.get(u, {}).get("nac", 0) for u in tf["units"] if board.is_carrier(u))
            sources.append({"source": tf["id"], "kind": "nac", "label": f"{tf_label(tf)} carriers", "total": nac,
                            "free": 0 if tf["cag_spent"] else nac, "place": tf["hex"], "carrier": True})
    targets = [{"value": mid, "label": f"Enemy task force {mid} in {place_label(m['hex'])} ({m['units']} ships)"}
               for mid, m in sorted(((view.get("enemy") or {}).get("markers") or {}).items())
               if m.get("segment") == segment and m.get("turn", view.get("turn")) == view.get("turn")
               and m.get("units") and not m.get("submarine")]
    if (g.get("henderson") or {}).get("side") not in (side, None):
        targets.append({"value": "guadalcanal", "label": "The enemy airbase on Guadalcanal"})
    given = (start_args(view, prompt).get("missions") or [])
    rows, i = [], 0
    for src in sources:
        mine = [m for m in given if m.get("source") == src["source"] and m.get("kind") == src["kind"]]
        for k in range(max(AIR_ROWS, len(mine))):
            m = mine[k] if k < len(mine) else {}
            rows.append(dict(src, i=i, first=k == 0, points=m.get("points", 0), mission=m.get("mission", "attack"),
                             target=m.get("target") or "", counters=m.get("counters", 1)))
            i += 1
    return {"rows": rows, "targets": targets, "missions": AIR_MISSIONS,
            "henderson_supply": (g.get("supply") or {}).get(side, 0)}


def reset_model(view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
    args = start_args(view, prompt)
    forces = []
    for tf in sorted((view.get("task_forces") or {}).values(), key=lambda t: t["number"]):
        sails = not board.is_base(tf["hex"]) or any(not board.is_base(p) for p in (tf.get("plot") or {}).values())
        if not sails:
            continue
        forces.append({"id": tf["id"], "label": tf_label(tf), "where": place_label(tf["hex"]),
                       "mission": dict(MISSIONS).get(tf["mission"], "None"), "aborted": tf["aborted"],
                       "abort": tf["id"] in (args.get("aborts") or []),
                       "can_change": view["role"] == "japanese" and tf["mission"] in ("transport", "bombardment"),
                       "change": (args.get("mission_changes") or {}).get(tf["id"], "")})
    places = [(b, place_label(b)) for b in sorted(view.get("air") or {})]
    places += [(f["id"], f["label"]) for f in forces]
    transfers = list(args.get("transfers") or []) + [{}] * 2  # two blank rows to add transfers in
    return {"forces": forces, "places": places, "transfers": transfers,
            "night": not view.get("day", True)}


def training_model(view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
    side = view["role"]
    base = CARRIER_BASES[side]
    chosen = {c["unit"]: c["nac"] for c in start_args(view, prompt).get("carriers") or []}
    carriers = []
    for uid, u in sorted((view.get("units") or {}).items()):
        if board.is_carrier(uid) and u["status"] == "intact" and u["location"] == base and u["task_force"] is None \
                and not u.get("sortied"):
            info = unit_info(view, uid)
            room = info["capacity"] - info["nac"]
            if room > 0:
                carriers.append(dict(info, room=room, value=chosen.get(uid, 0)))
    return {"base": place_label(base), "untrained": ((view.get("air") or {}).get(base) or {}).get("untrained", 0),
            "carriers": carriers}


def provenance_of(kind: str, ident: str) -> str:
    try:
        return tables.provenance(kind, ident)
    except (KeyError, ValueError, StopIteration, IndexError):
        raise BadRequest("There is no such entry in the Solomons tables.") from None


env.globals["sol"] = {
    "map_svg_open": map_svg_open, "board_model": board_model, "in_port": in_port, "tracks": tracks,
    "reinforcement_chart": reinforcement_chart, "losses_vp": losses_vp, "place_label": place_label,
    "allocation_model": allocation_model, "plot_model": plot_model, "air_model": air_model,
    "reset_model": reset_model, "training_model": training_model, "missions": MISSIONS,
    "is_day": board.is_day, "unit_info": unit_info,
}


# ---------------------------------------------------------------- form parser

def _int(form, name: str, default: int = 0) -> int:
    raw = str(form.get(name) or "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise BadRequest(f"{name.split('.')[-1].replace('_', ' ').capitalize()}: give a whole number.") from None


def _prefixed(form, prefix: str) -> dict[str, str]:
    return {k[len(prefix):]: str(v) for k, v in form.multi_items() if k.startswith(prefix)}


def _rows(form, prefix: str) -> list[str]:
    """The row numbers of a repeated group of fields (m.0.points, m.1.points ...), in order."""
    rows = {k[len(prefix):].split(".")[0] for k, _ in form.multi_items() if k.startswith(prefix)}
    return sorted((r for r in rows if r.isdigit()), key=int)


def parse_training(form) -> dict[str, Any]:
    return {"carriers": [{"unit": uid, "nac": _int(form, f"train.{uid}")}
                         for uid in sorted(_prefixed(form, "train.")) if _int(form, f"train.{uid}") > 0]}


def parse_allocation(form) -> dict[str, Any]:
    groups: dict[int, list[str]] = {}
    for uid, slot in _prefixed(form, "tf.").items():
        if slot.strip():
            groups.setdefault(_int(form, f"tf.{uid}"), []).append(uid)
    specs = []
    for n in sorted(groups):
        units = sorted(groups[n])
        spec: dict[str, Any] = {"units": units, "mission": str(form.get(f"mission.{n}") or "anti_ship")}
        cargo = {u: {"ground": _int(form, f"cargo.{u}.ground"), "supply": _int(form, f"cargo.{u}.supply")}
                 for u in units if f"cargo.{u}.ground" in form or f"cargo.{u}.supply" in form}
        if cargo:
            spec["cargo"] = cargo
        dd = str(form.get(f"emergency.{n}") or "")
        if dd:
            spec["emergency_dd"] = dd
            spec["emergency_cargo"] = str(form.get(f"emergency_cargo.{n}") or "supply")
        specs.append(spec)
    return {"task_forces": specs}


def parse_plot(form) -> dict[str, Any]:
    plots: dict[str, Any] = {}
    for key, value in _prefixed(form, "plot.").items():
        tf_id, seg = key.rsplit(".", 1)
        plots.setdefault(tf_id, {"hexes": {}})["hexes"][seg] = value
    for tf_id in _prefixed(form, "column."):
        entry = plots.setdefault(tf_id, {"hexes": {}})
        start = str(form.get(f"slot_start.{tf_id}") or "")
        if form.get(f"anti_slot.{tf_id}"):
            entry.update(hexes={}, anti_slot=True)  # 11.1: the server writes the course
        elif start:  # 6.37 shortcut: wait at Rabaul, then K L M L K and home, one segment in each
            segs = sorted(int(s) for s in entry["hexes"]) or []
            first = _int(form, f"slot_start.{tf_id}")
            entry["hexes"] = {str(s): ("rabaul" if s < first else SLOT_RUN[min(s - first, 5)]) for s in segs}
            entry["slot"] = True
        elif form.get(f"slot.{tf_id}"):
            entry["slot"] = True
        raw = str(form.get(f"orders.{tf_id}") or "").strip()
        if raw:
            try:
                entry["orders"] = json.loads(raw)
            except ValueError:
                raise BadRequest("The standing orders of a task force could not be read. Reload the page.") from None
    out: dict[str, Any] = {"plots": plots}
    subs = {sid: where for sid, where in _prefixed(form, "sub.").items() if where}
    if subs:
        out["submarines"] = subs
    return out


def parse_air(form) -> dict[str, Any]:
    missions = []
    for i in _rows(form, "m."):
        points = _int(form, f"m.{i}.points")
        if points <= 0:
            continue
        m: dict[str, Any] = {"source": str(form.get(f"m.{i}.source") or ""), "kind": str(form.get(f"m.{i}.kind")),
                             "points": points, "mission": str(form.get(f"m.{i}.mission") or "attack")}
        if m["mission"] in ("attack", "bombard"):
            m["target"] = str(form.get(f"m.{i}.target") or "") or None
        else:
            m["counters"] = _int(form, f"m.{i}.counters", 1)
            m["target"] = m["source"] if m["mission"] == "cap_point" else None
        missions.append(m)
    return {"missions": missions}


def parse_reset(form) -> dict[str, Any]:
    aborts = sorted(_prefixed(form, "abort."))
    changes = {tf: v for tf, v in _prefixed(form, "change.").items() if v}
    transfers = []
    for i in _rows(form, "t."):
        points = _int(form, f"t.{i}.points")
        if points > 0:
            transfers.append({"from": str(form.get(f"t.{i}.from")), "to": str(form.get(f"t.{i}.to")),
                              "kind": str(form.get(f"t.{i}.kind") or "lac"), "points": points})
    return {"aborts": aborts, "mission_changes": changes, "transfers": transfers}


def parse_ground(form) -> dict[str, Any]:
    if str(form.get("attack") or "no") != "yes":
        return {"attack": False}
    return {"attack": True, "points": _int(form, "points")}


PARSERS = {"cag_training": parse_training, "allocation": parse_allocation, "intelligence": parse_plot,
           "movement_plot": parse_plot, "air": parse_air, "reset": parse_reset, "ground": parse_ground}


@parser("solomons")
def parse_form(form, prompt: dict[str, Any] | None) -> dict[str, Any]:
    """The boards' fields back into {"verb": "submit", "args": ...}, by the kind of decision the form was drawn for."""
    if str(form.get("verb") or "") not in ("", "submit"):
        return action_from_form(form, prompt)  # the umpire's plain orders (advance, run): the generic form
    kind = str(form.get("kind") or ((prompt or {}).get("info") or {}).get("kind") or "")
    if str(form.get("verb") or "") != "submit" or kind not in PARSERS:
        raise BadRequest("The form has no order in it. Reload the page.")
    return {"verb": "submit", "args": PARSERS[kind](form)}


# ---------------------------------------------------------------- HTMX fragments (GET: read only)

def solomons_game(db, game_id: str):
    game = lobby.require_game(db, game_id)
    if game.game != "solomons":
        raise BadRequest("That is not a Solomons Campaign game.")
    return game


def _role_view(db, game_id: str, user_id: int) -> tuple[Any, str, dict[str, Any], dict[str, Any] | None]:
    game = solomons_game(db, game_id)
    role = lobby.role_of(db, game, user_id)
    rules = rules_for(game)
    state = load_state(db, game)
    view = view_for(rules, state, role, game.status == "ended")
    prompt = rules.prompts(state).get(role) if game.status == "active" else None
    return game, role, view, prompt


@router.get("/games/{game_id}/solomons/plot/{tf_id}", response_class=HTMLResponse)
def plot_column_fragment(request: Request, game_id: str, tf_id: str, db: ReadDBDep, user: User):
    """One plotting-chart column again, after the player picked a hex: the later rows offer only what is legal
    from there. Drawn from the player's own view; nothing is stored."""
    game, role, view, prompt = _role_view(db, game_id, user.user_id)
    tf = (view.get("task_forces") or {}).get(tf_id)
    if tf is None or role not in board.SIDES:
        raise BadRequest("You have no such task force.")
    hexes = {k.split(".")[-1]: v for k, v in request.query_params.items() if k.startswith(f"plot.{tf_id}.")}
    col = plot_column(view, tf, hexes)
    col["anti_slot_on"] = bool(request.query_params.get(f"anti_slot.{tf_id}"))
    col["orders"] = None
    raw = request.query_params.get(f"orders.{tf_id}")
    return HTMLResponse(render("games/solomons/_plot_column.html", col=col, game={"id": game.id}, orders_raw=raw))


@router.get("/games/{game_id}/solomons/check", response_class=HTMLResponse)
def check_orders(request: Request, game_id: str, db: ReadDBDep, user: User):
    """The rules' verdict on the board as it stands, while the player is still filling it in (5.16, 5.21, 6.31,
    9.3 ...): the same check a submission gets, so its message names nothing the side may not know. Nothing is
    stored."""
    game = solomons_game(db, game_id)
    role = lobby.role_of(db, game, user.user_id)
    state = load_state(db, game)
    prompt = rules_for(game).prompts(state).get(role) if game.status == "active" else None
    if prompt is None:
        return HTMLResponse("")
    action = parse_form(request.query_params, prompt)
    try:
        validate.check(state, role, prompt["info"]["kind"], action["args"])
    except IllegalAction as e:
        return HTMLResponse(render("games/solomons/_check.html", ok=False, message=e.message, rule=e.rule))
    return HTMLResponse(render("games/solomons/_check.html", ok=True))


@router.get("/solomons/provenance/{kind}/{ident:path}", response_class=HTMLResponse)
def provenance_page(request: Request, kind: str, ident: str, user: User):
    """Where a printed or reconstructed value comes from (the rulebook section, or why it was reconstructed)."""
    text = provenance_of(kind, ident)
    label = board.unit_name(ident) if kind == "unit" else ident
    return HTMLResponse(render("games/solomons/provenance.html", kind=kind, ident=ident, label=label, text=text,
                               partial=bool(request.headers.get("hx-request"))))
