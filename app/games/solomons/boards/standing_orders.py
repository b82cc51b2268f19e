"""The standing orders a side writes before the fight, for the decisions the rules take in mid-resolution: surface
action in M (15.3-15.35, written with each task force's plot) and air strikes and counterattacks (14.3, 6.25,
written with the air allocation). Each part offers only the orders that can apply to that force, starting from
the orders already given or the rules' defaults (combat/surface.py, combat/air.py)."""
from __future__ import annotations

from typing import Any

from app.games.solomons import asking, board, tables
from app.games.solomons.states import STATES
from app.games.solomons.intentions import ASKED, KEYS
from app.games.solomons.combat.air_strike import DEFAULT_ODDS, DEFAULT_PRIORITY
from app.games.solomons.boards.common import has_type, start_args, tf_label, unit_info

SURFACE_MISSIONS = ("anti_ship", "bombardment", "transport")  # 15.33: the missions that meet in surface combat
# (value, label) in the rules' order; the first is the rules' default (combat/surface.py _orders)
SHIELDING = (("keep_odds", "Keep the odds column"), ("max", "Down to 1:1"), ("none", "No shielding"))
TARGETS = (("transport", "the Transport force"), ("bombardment", "the Bombardment force"))
# 14.3: how a strike shares its points among the groups announced to hold the kind it goes for (the first is the
# rules' default, combat/air_strike.py SPREADS, posted blank like the other defaults)
SPREADS = (("", "Evenly among all of them (default)"), ("one", "All on the first of them"))
TYPE_NAMES = {"CV": "fleet carriers", "CVL": "auxiliary carriers", "BB": "modern battleships",  # 3.4 glossary
              "BC": "battlecruisers", "B": "old battleships", "CA": "heavy cruisers", "DD": "destroyers",
              "APD": "high-speed transports (APD)", "TR": "transports"}


def surface_orders(view: dict[str, Any], tf: dict[str, Any], orders: Any) -> dict[str, Any] | None:
    """The "Surface action orders" part of one plotting-chart column, or None for a force that never fights a
    surface action (carrier forces, 6.32 / 15.1; a force without a surface mission).

    Who uses what: an Anti-Ship force (the Anti-Slot force is one, 11.1) attacks, so it picks its target (15.32,
    15.33) and how it shields (15.33, 15.35); Japan's Bombardment and Transport forces may become Anti-Ship in M
    (15.3, 6.39) and then attack the same way; every force may be attacked, so every force says which of its ships
    it keeps out first when the attack is below 1:1 (15.32)."""
    mission = tf.get("mission")
    if mission not in SURFACE_MISSIONS or has_type(tf, board.CARRIERS):
        return None
    orders = orders if isinstance(orders, dict) else {}
    may_change = view.get("role") == "japanese" and mission in ("bombardment", "transport")
    aside = [u for u in orders.get("set_aside") or [] if u in tf["units"]]
    rank = {u: n for n, u in enumerate(aside, 1)}
    first = [u for u in orders.get("shield_first") or [] if u in tf["units"]]
    shield_rank = {u: n for n, u in enumerate(first, 1)}
    shield = orders.get("shield") if orders.get("shield") in dict(SHIELDING) else SHIELDING[0][0]
    target = orders.get("target") if orders.get("target") in dict(TARGETS) else TARGETS[0][0]
    change = orders.get("anti_ship_in_m") is True and may_change
    return {"attacks": mission == "anti_ship" or may_change, "may_change": may_change, "anti_ship_in_m": change,
            "shield": shield, "target": target, "shieldings": SHIELDING, "targets": TARGETS,
            "ships": [dict(unit_info(view, u), rank=rank.get(u), shield_rank=shield_rank.get(u)) for u in tf["units"]],
            "given": bool(aside) or bool(first) or change or shield != SHIELDING[0][0] or target != TARGETS[0][0]}


def air_orders(view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
    """The standing orders part of the air allocation: the attacker's doctrine (14.3: which announced kinds of ship
    its strikes go for, and the odds sought on each ship) and, for each own carrier force at sea, whether it
    counterattacks with the NAC kept aboard (6.25, 14.5). Blank choices are the rules' defaults."""
    args = start_args(view, prompt)
    doctrine = args.get("doctrine") if isinstance(args.get("doctrine"), dict) else {}
    defence = args.get("defence") if isinstance(args.get("defence"), dict) else {}
    enemy = "japanese" if view.get("role") == "allied" else "allied"
    present = {u["type"] for u in tables.units(enemy)}
    kinds = [(t, TYPE_NAMES.get(t, t)) for t in DEFAULT_PRIORITY if t in present]
    chosen = [t for t in doctrine.get("priority") or [] if t in dict(kinds)]
    firsts = [t for n, t in enumerate(chosen) if t not in chosen[:n]][:3]  # the order shows three choices
    crt = tables.crt("aircraft_naval")
    columns = list(zip(crt["column_values"], crt["columns"]))
    odds = [(number(v), label) for v, label in reversed(columns) if v != DEFAULT_ODDS]
    default_odds = next(label for v, label in columns if v == DEFAULT_ODDS)
    carriers = []
    for tf in sorted((view.get("task_forces") or {}).values(), key=lambda t: t["number"]):
        if has_type(tf, board.CARRIERS) and not board.is_base(tf["hex"]):
            own = defence.get(tf["id"]) if isinstance(defence.get(tf["id"]), dict) else {}
            carriers.append({"id": tf["id"], "label": tf_label(tf),
                             "counterattack": own.get("counterattack") is not False})
    given = doctrine.get("odds")
    given = "" if given in (None, "") else number(given)
    spread = doctrine.get("spread") if doctrine.get("spread") in dict(SPREADS) else ""  # blank: the default
    defences = defence_groups(view, defence)
    return {"kinds": kinds, "priority": firsts + [""] * (3 - len(firsts)), "odds": odds, "odds_value": given,
            "default_odds": default_odds, "carriers": carriers, "spreads": SPREADS, "spread": spread,
            "defences": defences,
            "given": bool(firsts) or bool(given) or bool(spread)
            or any(not c["counterattack"] for c in carriers) or any(d["given"] for d in defences)}


def defence_groups(view: dict[str, Any], defence: dict[str, Any]) -> list[dict[str, Any]]:
    """14.3, 14.33: for each own force at sea of two ships or more, the Naval Defensive Group each ship goes in (four
    at most a group; blank: the rules' default, the ships dealt round-robin, most valuable first) and the Point CAP
    each group gets (blank: all on the first group holding a carrier)."""
    out = []
    for tf in sorted((view.get("task_forces") or {}).values(), key=lambda t: t["number"]):
        if board.is_base(tf["hex"]) or len(tf["units"]) < 2:
            continue
        own = defence.get(tf["id"]) if isinstance(defence.get(tf["id"]), dict) else {}
        chosen = {u: n for n, g in enumerate(own.get("groups") or [], 1) if isinstance(g, list) for u in g}
        caps = [c for c in own.get("point_cap") or []] if isinstance(own.get("point_cap"), list) else []
        count = min(len(tf["units"]), MAX_GROUPS)
        out.append({"id": tf["id"], "label": tf_label(tf), "numbers": list(range(1, count + 1)),
                    "ships": [dict(unit_info(view, u), group=chosen.get(u, "")) for u in tf["units"]],
                    "point_cap": [caps[i] if i < len(caps) else "" for i in range(count)],
                    "given": bool(chosen) or any(caps)})
    return out


MAX_GROUPS = 6  # the form's group numbers: a force of more ships may still give several of them one group each


def number(value: Any) -> str:
    """An odds value as the form writes it: 2, 2.5, 0.5."""
    return str(value).removesuffix(".0")


def standing_panel(view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any] | None:
    """Issue 11 item 4: the side's standing orders (asking.py), each set or not, with what it does and the rule
    that lets the side leave the decision to it, from the prompt's "standing" order; Japan's kept answers to the
    American questions are spelt out. None when the prompt offers no standing orders (the umpire's)."""
    spec = next((a for a in (prompt or {}).get("actions") or [] if a.get("verb") == "standing"), None)
    if spec is None:
        return None
    given = view.get("standing") or {}
    orders = []
    for key, arg in (spec.get("args") or {}).items():
        detail = None
        if key == "intentions" and isinstance(given.get(key), dict):
            yes = [ASKED[k] for k in KEYS if given[key].get(k)]
            detail = "Yes to: " + " ".join(yes) if yes else "No to every question."
        orders.append({"key": key, "text": arg.get("label", key), "rule": arg.get("rule"), "set": key in given,
                       "detail": detail})
    return {"orders": orders, "any": any(o["set"] for o in orders)}


def standing_note(view: dict[str, Any], kind: str | None) -> str | None:
    """Issue 34: where a side is asked a question one of its standing orders answers (the first time, or because
    something changed that could change its answer), the page says so, what the order does and how to clear it;
    None when no order of the side's covers this decision."""
    record = STATES.decisions.get(kind) if kind else None
    order = getattr(record, "order", None)
    if order is None or order not in (view.get("standing") or {}):
        return None
    text, rule = asking.ORDERS[order]
    return (f"Your standing order (rule {rule}) answers this question for you when nothing has changed: {text}. "
            "You are asked now because it is the first time or something changed that could change your answer; "
            "untick it under Standing orders to be asked every time.")
