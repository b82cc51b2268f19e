"""The other boards orders are given on: the Preliminary Set-Up's base moves (5.14, 5.15), the Japanese answers to
American Intelligence (18), the Task Force Composition Board (5, 6.3, 9.3), air allocation and CAP (14, 6.22),
abort / mission change / air transfer (6.38, 6.39, 6.26) and carrier air group training (6.21)."""
from __future__ import annotations

from typing import Any

from app.games.solomons import board
from app.games.solomons.board_view import MISSIONS, place_label
from app.games.solomons.units import marker_name
from app.games.solomons.plot import CARRIER_BASES
from app.games.solomons.boards.common import AIR_MISSIONS, has_type, start_args, tf_label, unit_info

EXTRA_TF_SLOTS = 3
AIR_ROWS = 2


def placement_model(view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
    """The ships ready in port, by base, each with the bases it may be placed at (the prompt's choices: 5.14,
    5.15, never a Japanese carrier at Rabaul, 5.16), starting from the orders given or "stays"."""
    chosen = start_args(view, prompt).get("placement") or {}
    ships = (((prompt or {}).get("info") or {}).get("choices") or {}).get("ships") or {}
    bases: dict[str, list[dict[str, Any]]] = {}
    for uid, ship in sorted(ships.items()):
        here = ship["at"]
        info = unit_info(view, uid)
        info.update(at=here, value=chosen.get(uid, here),
                    options=[{"value": b, "label": ("stays at " if b == here else "to ") + place_label(b)}
                             for b in ship["bases"]])
        bases.setdefault(here, []).append(info)
    return {"bases": [{"id": b, "label": place_label(b), "ships": bases[b]} for b in board.BASES[view["role"]]
                      if b in bases]}


def intentions_model(view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
    """Japan's yes/no answers to the American questions (18.1-18.4), in the printed order, each qualifier under
    the sortie it qualifies; ticked from the orders given or the missed-order default."""
    info = (prompt or {}).get("info") or {}
    given = start_args(view, prompt).get("answers") or {}
    questions = (info.get("choices") or {}).get("questions") or []
    truk_ok = (info.get("choices") or {}).get("truk_released", False)
    return {"questions": [dict(q, yes=bool(given.get(q["key"])),
                               held=q["key"].startswith("truk") and not truk_ok) for q in questions],
            "truk_ok": truk_ok}


def allocation_model(view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
    """The Task Force Composition Board: ships by place, each assigned to a numbered task force or left in port."""
    args = start_args(view, prompt)
    specs = args.get("task_forces") or []
    # each force in the slot of its number: a force that exists keeps its number (allocation.numbers)
    existing = {frozenset(tf["units"]): tf["number"] for tf in (view.get("task_forces") or {}).values()}
    taken: set[int] = set()
    numbered = []
    for spec in specs:
        n = existing.get(frozenset(spec.get("units", [])))
        n = n if n is not None else spec.get("number") if isinstance(spec.get("number"), int) else None
        if n in taken:
            n = None
        if n is not None:
            taken.add(n)
        numbered.append([n, spec])
    free = (k for k in range(1, 1000) if k not in taken)
    for pair in numbered:
        if pair[0] is None:
            pair[0] = next(free)
    slot_of, cargo_of, emergency, mission_of = {}, {}, {}, {}
    for i, spec in numbered:
        for uid in spec.get("units", []):
            slot_of[uid] = i
        cargo_of.update(spec.get("cargo") or {})
        mission_of[i] = spec.get("mission") or "anti_ship"
        if spec.get("emergency_dd"):
            emergency[i] = (spec["emergency_dd"], spec.get("emergency_cargo") or "supply")
    places: dict[str, list[dict[str, Any]]] = {}
    # the ships the rules let this side allocate, by place (5.21, 5.31, 6.3: the prompt's choices)
    for uid, place in sorted(((((prompt or {}).get("info") or {}).get("choices") or {}).get("units") or {}).items()):
        u = (view.get("units") or {}).get(uid) or {}
        tf = (view.get("task_forces") or {}).get(u.get("task_force")) if u.get("task_force") else None
        info = unit_info(view, uid)
        info.update(slot=slot_of.get(uid), at_sea=not board.is_base(place), tf=tf_label(tf) if tf else None,
                    load=cargo_of.get(uid) or info["cargo"],
                    carries=board.unit_type(uid) in ("TR", "APD"))
        places.setdefault(place, []).append(info)
    extra = [next(free) for _ in range(EXTRA_TF_SLOTS)]
    slots = [{"n": i, "mission": mission_of.get(i, "anti_ship"), "emergency": emergency.get(i)}
             for i in sorted(mission_of) + extra]
    dds = [u for us in places.values() for u in us if u["type"] == "DD"] if view.get("role") == "japanese" else []
    loading = board.LOADING_BASES[view["role"]]
    return {"places": [{"id": p, "label": place_label(p), "units": us, "loading": p == loading}
                       for p, us in places.items()],
            "slots": slots, "dds": dds, "ground_waiting": view.get("ground_in_port") or {}}


def air_model(view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
    """Air allocation and CAP (14, 6.22): each base and carrier task force that can fly, with its strengths."""
    side, segment = view["role"], view.get("segment")
    g = view.get("guadalcanal") or {}
    henderson_ours = (g.get("henderson") or {}).get("side") == side and (g.get("henderson") or {}).get("complete")
    sources = []
    for base, air in sorted((view.get("air") or {}).items()):
        if base not in board.AIR_SOURCE_PLACE or (base == "henderson" and not henderson_ours):
            continue
        for kind in ("lac", "nac"):
            if air.get(kind, 0) > 0:
                free = max(0, air[kind] - air.get("spent", 0) - air.get("transferred", 0))
                sources.append({"source": base, "kind": kind, "label": place_label(base), "total": air[kind],
                                "free": free, "place": board.AIR_SOURCE_PLACE[base], "carrier": False})
    units = view.get("units") or {}
    for tf in sorted((view.get("task_forces") or {}).values(), key=lambda t: t["number"]):
        if has_type(tf, board.CARRIERS) and not board.is_base(tf["hex"]):
            nac = sum(units.get(u, {}).get("nac", 0) for u in tf["units"] if board.is_carrier(u))
            sources.append({"source": tf["id"], "kind": "nac", "label": f"{tf_label(tf)} carriers", "total": nac,
                            "free": 0 if tf["cag_spent"] else nac, "place": tf["hex"], "carrier": True})
    targets = [{"value": mid, "label": f"{marker_name(board.ENEMY[side], mid)} in {place_label(m['hex'])} ({m['units']} "
                                       f"{'ship' if m['units'] == 1 else 'ships'})"}
               for mid, m in sorted(((view.get("enemy") or {}).get("markers") or {}).items())
               if m.get("segment") == segment and m.get("turn", view.get("turn")) == view.get("turn")
               and m.get("units") and not m.get("submarine")]
    if (g.get("henderson") or {}).get("side") not in (side, None):
        targets.append({"value": "guadalcanal", "label": "The enemy airbase on Guadalcanal"})
    given = (start_args(view, prompt).get("missions") or [])
    reach = ((((prompt or {}).get("info") or {}).get("choices") or {}).get("reach")) or {}
    rows, i = [], 0
    for src in sources:
        mine = [m for m in given if m.get("source") == src["source"] and m.get("kind") == src["kind"]]
        # 10.1, 14.64: only the targets this source's air can reach (the rules' own range, from the prompt)
        in_range = reach.get(src["source"], {}).get(src["kind"])
        offered = [t for t in targets if in_range is None or t["value"] in in_range]
        for k in range(max(AIR_ROWS, len(mine))):
            m = mine[k] if k < len(mine) else {}
            rows.append(dict(src, i=i, first=k == 0, points=m.get("points", 0), mission=m.get("mission", ""),
                             target=m.get("target") or "", counters=m.get("counters", 1), targets=offered))
            i += 1
    return {"rows": rows, "targets": targets, "missions": AIR_MISSIONS,
            "henderson_supply": (g.get("supply") or {}).get(side, 0)}


def reset_model(view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
    args = start_args(view, prompt)
    # 6.38: the bases each force may return to when two are equally near (the prompt's `homes`), by printed name
    offered = next((a["args"].get("homes") for a in (prompt or {}).get("actions") or [] if "homes" in a["args"]), None)
    homes = {tf_id: list(zip(c["choices"], c.get("labels") or c["choices"]))
             for tf_id, c in (((offered or {}).get("each") or {}).get("fields") or {}).items()}
    forces = []
    for tf in sorted((view.get("task_forces") or {}).values(), key=lambda t: t["number"]):
        sails = not board.is_base(tf["hex"]) or any(not board.is_base(p) for p in (tf.get("plot") or {}).values())
        if not sails:
            continue
        forces.append({"id": tf["id"], "label": tf_label(tf), "where": place_label(tf["hex"]),
                       "mission": dict(MISSIONS).get(tf["mission"], "None"), "aborted": tf["aborted"],
                       "abort": tf["id"] in (args.get("aborts") or []),
                       "can_change": view["role"] == "japanese" and tf["mission"] in ("transport", "bombardment"),
                       "change": (args.get("mission_changes") or {}).get(tf["id"], ""),
                       "homes": homes.get(tf["id"], []), "home": (args.get("homes") or {}).get(tf["id"], "")})
    places = [(b, place_label(b)) for b in sorted(view.get("air") or {})]
    places += [(f["id"], f["label"]) for f in forces]
    transfers = list(args.get("transfers") or []) + [{}] * 2  # two blank rows to add transfers in
    return {"forces": forces, "places": places, "transfers": transfers,
            "night": not view.get("day", True)}


def training_model(view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
    """Carrier Air Group training (6.21): the carriers the rules let train now, each with the NAC it has room for
    (10.4, 17.1: the prompt's choices), and the untrained NAC waiting at the home base."""
    choices = ((prompt or {}).get("info") or {}).get("choices") or {}
    chosen = {c["unit"]: c["nac"] for c in start_args(view, prompt).get("carriers") or []}
    carriers = [dict(unit_info(view, uid), room=room, value=chosen.get(uid, 0))
                for uid, room in sorted((choices.get("carriers") or {}).items())]
    return {"base": place_label(CARRIER_BASES[view["role"]]), "untrained": choices.get("untrained", 0),
            "carriers": carriers}
