"""Set-up: each side places its printed air points, Japan first (How To Use the Situation & Order of Battle: the
Japanese Player deploys and moves first). Coral Sea: NAC "divided up among the carriers in any manner within their
capacity", LAC (and the Allied LBAC) "among the Air Bases within their capacity" (Stacking (E))."""
from __future__ import annotations

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.engine.orders import Integer, Keyed
from app.games.usn import board

RULE = "How To Use the Situation & Order of Battle"
CARRIERS = tuple(sorted(i for i in board.new_state()["ships"] if board.ship_type(i) in ("CV", "JCV", "CVL")))
BASES = tuple(sorted(b["hex"] for b in board.PLAY["base"]))
VERBS = {"deploy": {"nac": Keyed(Integer(0, 10), CARRIERS, label="NAC points by carrier"),
                    "lac": Keyed(Integer(0, 40), BASES, label="LAC points by air base"),
                    "lbac": Keyed(Integer(0, 40), BASES, label="LBAC points by air base")}}


def printed(side: str) -> dict[str, int]:
    air = board.CORAL[side]["air"]
    return {k: air.get(k, 0) for k in board.KINDS}


def _carriers(state, side):
    return [s["id"] for s in board.afloat(state, side) if board.is_carrier(s)]


def _bases(state, side):
    return [h for h, b in sorted(state["bases"].items()) if b["side"] == side and b["capacity"] > 0]


def prompt(state, role):
    need = printed(role)
    spec = {"nac": Keyed(Integer(0, 10), tuple(_carriers(state, role)), label="NAC points by carrier").to_json(),
            "lac": Keyed(Integer(0, 40), tuple(_bases(state, role)), label="LAC points by air base").to_json(),
            "lbac": Keyed(Integer(0, 40), tuple(_bases(state, role)), label="LBAC points by air base").to_json()}
    caps = {c: state["ships"][c]["capacity"] for c in _carriers(state, role)}
    caps.update({f"base:{h}": state["bases"][h]["capacity"] for h in _bases(state, role)})
    return {"title": f"Deploy your air points: {need['nac']} NAC, {need['lac']} LAC, {need['lbac']} LBAC",
            "rule": RULE, "actions": [{"verb": "deploy", "label": "Deploy", "args": spec}],
            "info": {"kind": "deploy", "need": need, "capacity": caps}}


def check(state, role, action):
    a = action["args"]
    need = printed(role)
    for kind in board.KINDS:
        given = a.get(kind, {})
        if sum(given.values()) != need[kind]:
            raise IllegalAction(f"Place exactly {need[kind]} {board.KIND_TITLE[kind]} points "
                                f"(you placed {sum(given.values())}).", RULE)
    for c, n in a.get("nac", {}).items():
        if c not in _carriers(state, role):
            raise IllegalAction(f"{c} is not one of your carriers.", RULE)
        if n > state["ships"][c]["capacity"]:
            raise IllegalAction(f"{c} holds at most {state['ships'][c]['capacity']} air points.", "Stacking (E)")
    for h in set(a.get("lac", {})) | set(a.get("lbac", {})):
        if h not in _bases(state, role):
            raise IllegalAction(f"Hex {h} is not one of your air bases.", RULE)
        total = a.get("lac", {}).get(h, 0) + a.get("lbac", {}).get(h, 0)
        if total > state["bases"][h]["capacity"]:
            raise IllegalAction(f"The air base at {h} holds at most {state['bases'][h]['capacity']} air points.",
                                "Stacking (E)")


def resolve(state, role, action, rng):
    a = action["args"]
    for c, n in a.get("nac", {}).items():
        state["ships"][c]["nac"] = n
    for kind in ("lac", "lbac"):
        for h, n in a.get(kind, {}).items():
            state["bases"][h]["air"][kind] = n
    state["log"].append(entry(PUBLIC, f"The {board.TITLE[role]} Player has deployed."))
    state["log"].append(entry(role, f"Deployed: NAC {a.get('nac', {})}, LAC {a.get('lac', {})}, "
                                    f"LBAC {a.get('lbac', {})}."))
    return state


def _fill(state, role, order_c, order_b):
    need = printed(role)
    out: dict[str, dict[str, int]] = {"nac": {}, "lac": {}, "lbac": {}}
    left = need["nac"]
    for c in order_c:
        n = min(left, state["ships"][c]["capacity"])
        if n:
            out["nac"][c] = n
            left -= n
    room = {h: state["bases"][h]["capacity"] for h in order_b}
    for kind in ("lbac", "lac"):
        left = need[kind]
        for h in order_b:
            n = min(left, room[h])
            if n:
                out[kind][h] = n
                room[h] -= n
                left -= n
    return {"verb": "deploy", "args": out}


def default(state, role):
    return _fill(state, role, _carriers(state, role), _bases(state, role))


def random(state, role, rng):
    return _fill(state, role, rng.shuffle(_carriers(state, role)), rng.shuffle(_bases(state, role)))
