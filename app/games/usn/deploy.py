"""Set-up: each side places its printed air points, Japan first (How To Use the Situation & Order of Battle: the
Japanese Player deploys and moves first). NAC "divided up among the carriers in any manner within their capacity"
(or, where the situation prints it, "on any Friendly carrier or Air Base"), LAC (and the Allied LBAC) "among the Air
Bases within their capacity" (Stacking (E)); Midway's Allied land-based points by the printed area."""
from __future__ import annotations

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.engine.orders import Integer, Keyed, Optional
from app.games.usn import board

RULE = "How To Use the Situation & Order of Battle"
CARRIERS = tuple(i for i in board.every("ships") if board.ship_type(i) in ("CV", "JCV", "CVL"))
BASES = board.every("bases")  # every situation's; the prompt offers the situation's own
VERBS = {"deploy": {"nac": Keyed(Integer(0, 10), CARRIERS, label="NAC points by carrier"),
                    "lac": Keyed(Integer(0, 40), BASES, label="LAC points by air base"),
                    "lbac": Keyed(Integer(0, 40), BASES, label="LBAC points by air base"),
                    "nac_base": Optional(Keyed(Integer(0, 40), BASES, label="NAC points by air base"))}}


def _air(state, side) -> dict:
    return board.situation(state["scenario"])[side]["air"]


def printed(state, side: str) -> dict[str, int]:
    """The side's printed air points by kind (its situation's order of battle)."""
    air = _air(state, side)
    return {k: air.get(k, 0) for k in board.KINDS}


def nac_on_bases(state, side: str) -> bool:
    """Eastern Solomons (Allied) and Santa Cruz: Naval Aircraft Points 'on any Friendly carrier or Air Base'."""
    return bool(_air(state, side).get("nac_on_bases"))


def areas(state, side: str) -> list[dict]:
    """Midway (Allied): land-based points printed for an area, 'Aleutians 8 LAC, 1 LBAC', 'Midway 5 LAC, 2 LBAC'."""
    return list(board.situation(state["scenario"])[side].get("air_area", []))


def _carriers(state, side):
    return [s["id"] for s in board.afloat(state, side) if board.is_carrier(s)]


def _bases(state, side):
    return [h for h, b in sorted(state["bases"].items()) if b["side"] == side and b["capacity"] > 0]


def prompt(state, role):
    need = printed(state, role)
    bases = tuple(_bases(state, role))
    spec = {"nac": Keyed(Integer(0, 10), tuple(_carriers(state, role)), label="NAC points by carrier").to_json(),
            "lac": Keyed(Integer(0, 40), bases, label="LAC points by air base").to_json(),
            "lbac": Keyed(Integer(0, 40), bases, label="LBAC points by air base").to_json()}
    if nac_on_bases(state, role):
        spec["nac_base"] = Optional(Keyed(Integer(0, 40), bases, label="NAC points by air base")).to_json()
    caps = {c: state["ships"][c]["capacity"] for c in _carriers(state, role)}
    caps.update({f"base:{h}": state["bases"][h]["capacity"] for h in _bases(state, role)})
    return {"title": f"Deploy your air points: {need['nac']} NAC, {need['lac']} LAC, {need['lbac']} LBAC",
            "rule": RULE, "actions": [{"verb": "deploy", "label": "Deploy", "args": spec}],
            "info": {"need": need, "capacity": caps, "nac_on_bases": nac_on_bases(state, role),
                     "areas": [{"name": a["name"], "hexes": list(a["hexes"]), "lac": a.get("lac", 0),
                                "lbac": a.get("lbac", 0)} for a in areas(state, role)],
                     "standing": "Standing order: the points you do not place go to the carriers and bases you leave "
                                 "blank, the NAC to the carriers first, the LAC and LBAC to the bases in order, each "
                                 "within its capacity. Deploy with every field blank to place them all so.",
                     "placed": complete(state, role, default(state, role))["args"]}}


def check(state, role, action):
    a = complete(state, role, action)["args"]
    need = printed(state, role)
    on_bases = a.get("nac_base") or {}
    if on_bases and not nac_on_bases(state, role):
        raise IllegalAction("Your Naval Aircraft Points go aboard the carriers only (your Order of Battle).", RULE)
    for kind in board.KINDS:
        given = sum(a.get(kind, {}).values()) + (sum(on_bases.values()) if kind == "nac" else 0)
        if given != need[kind]:
            raise IllegalAction(f"Place exactly {need[kind]} {board.KIND_TITLE[kind]} points (you placed {given}"
                                + ("; the carriers and bases you left blank cannot hold the rest" if given < need[kind]
                                   else "") + ").", RULE)
    for c, n in a.get("nac", {}).items():
        if c not in _carriers(state, role):
            raise IllegalAction(f"{c} is not one of your carriers.", RULE)
        if n > state["ships"][c]["capacity"]:
            raise IllegalAction(f"{c} holds at most {state['ships'][c]['capacity']} air points.", "Stacking (E)")
    for h in set(a.get("lac", {})) | set(a.get("lbac", {})) | set(on_bases):
        if h not in _bases(state, role):
            raise IllegalAction(f"Hex {h} is not one of your air bases.", RULE)
        total = a.get("lac", {}).get(h, 0) + a.get("lbac", {}).get(h, 0) + on_bases.get(h, 0)
        if total > state["bases"][h]["capacity"]:
            raise IllegalAction(f"The air base at {h} holds at most {state['bases'][h]['capacity']} air points.",
                                "Stacking (E)")
    for area in areas(state, role):
        for kind in ("lac", "lbac"):
            there = sum(n for h, n in a.get(kind, {}).items() if h in area["hexes"])
            if there != area.get(kind, 0):
                raise IllegalAction(f"Your Order of Battle puts {area.get(kind, 0)} {board.KIND_TITLE[kind]} points "
                                    f"at {area['name']} (hexes {', '.join(area['hexes'])}); you placed {there}.", RULE)


def resolve(state, role, action, rng):
    a = complete(state, role, action)["args"]
    for c, n in a.get("nac", {}).items():
        state["ships"][c]["nac"] = n
    for kind in ("lac", "lbac"):
        for h, n in a.get(kind, {}).items():
            state["bases"][h]["air"][kind] = n
    for h, n in (a.get("nac_base") or {}).items():
        state["bases"][h]["air"]["nac"] = n
    state["log"].append(entry(PUBLIC, f"The {board.TITLE[role]} Player has deployed."))
    def listed(points: dict[str, int], where) -> str:
        return ", ".join(f"{n} at {where(k)}" for k, n in points.items() if n) or "none"
    at_base = lambda h: f"hex {h}"  # noqa: E731 - the log names the hex; naming.py names the place
    state["log"].append(entry(role, f"Deployed: NAC {listed(a.get('nac', {}), lambda c: c)}"
                                    + (f" and on bases {listed(a['nac_base'], at_base)}" if a.get("nac_base") else "")
                                    + f"; LAC {listed(a.get('lac', {}), at_base)}; "
                                      f"LBAC {listed(a.get('lbac', {}), at_base)}."))
    return state


def _fill(state, role, order_c, order_b, given=None):
    """Carriers first, then (where the order of battle allows) bases for the NAC; each printed area's points on its
    own bases; the rest on the side's bases in order; all within capacity. `given`: what the player wrote; the
    stations he wrote are kept as written and left out of the filling (the deployment's standing order)."""
    given = given or {}
    need = printed(state, role)
    out: dict[str, dict[str, int]] = {k: dict(given.get(k) or {}) for k in ("nac", "lac", "lbac")}
    if given.get("nac_base"):
        out["nac_base"] = dict(given["nac_base"])
    written = {k: set(given.get(k) or {}) for k in ("nac", "lac", "lbac", "nac_base")}
    left = need["nac"] - sum(out["nac"].values()) - sum((out.get("nac_base") or {}).values())
    for c in order_c:
        if c in written["nac"]:
            continue
        n = max(0, min(left, state["ships"][c]["capacity"]))
        if n:
            out["nac"][c] = n
            left -= n
    room = {h: state["bases"][h]["capacity"] - sum((out.get(k) or {}).get(h, 0) for k in ("lac", "lbac", "nac_base"))
            for h in order_b}
    if left > 0 and nac_on_bases(state, role):
        out.setdefault("nac_base", {})
        for h in order_b:
            if h in written["nac_base"]:
                continue
            n = max(0, min(left, room[h]))
            if n:
                out["nac_base"][h] = out["nac_base"].get(h, 0) + n
                room[h] -= n
                left -= n
    plan = [(a["hexes"], {k: a.get(k, 0) for k in ("lbac", "lac")}) for a in areas(state, role)]
    placed = set().union(*(set(h) for h, _ in plan)) if plan else set()
    rest = {k: need[k] - sum(p[k] for _, p in plan) for k in ("lbac", "lac")}
    plan.append(([h for h in order_b if h not in placed], rest))
    for hexes, want in plan:
        for kind in ("lbac", "lac"):
            left = want[kind] - sum(n for h, n in out[kind].items() if h in written[kind] and h in hexes)
            for h in (h for h in order_b if h in hexes and h not in written[kind]):
                n = max(0, min(left, room[h]))
                if n:
                    out[kind][h] = out[kind].get(h, 0) + n
                    room[h] -= n
                    left -= n
    return {"verb": "deploy", "args": out}


def complete(state, role, action):
    """The deployment's standing order (issue 34): the points the player leaves unplaced go where the missed order
    would put them, on the carriers and bases he left blank; what he wrote stays as written."""
    return _fill(state, role, _carriers(state, role), _bases(state, role), action["args"])


def default(state, role):
    """A missed order, and the form's default: every station left to the standing order (`complete`)."""
    return {"verb": "deploy", "args": {"nac": {}, "lac": {}, "lbac": {}}}


def random(state, role, rng):
    return _fill(state, role, rng.shuffle(_carriers(state, role)), rng.shuffle(_bases(state, role)))
