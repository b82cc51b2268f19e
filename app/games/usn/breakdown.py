"""Unit Breakdown: "Land units of a certain size may break down into smaller components. This may be done at any time
during the Friendly Land Unit Movement Phase, with no penalty. Units may also rebuild back to a higher unit if all
the component parts are stacked in the same hex." (with the USN Errata: the Marine regiments are 10-15).

The table is data/breakdown.toml. An optional part of the land_move order:
  "break":   {division id: "brigades" | "regiments"}   (before the moves: the components may move in the same order)
  "rebuild": [unit ids]   (after the moves: any component of each division to rebuild; all its parts stacked)

Readings (docs/games/usn.md, "Unit Breakdown and the mountain hexside (session 9)"):
- The division's id stays with its first component; the others are "<id>.2" and "<id>.3". Every component is an
  ordinary land unit record (board.py's shape) of its printed type (campaign_units.toml: Strengths, Transport
  Points, Victory Points), so views, supply, combat, Victory Points and garrisons treat it as any land unit.
- Only a land unit ashore breaks down or rebuilds (not one aboard a transport); a component carries the division's
  entrenchment, landing and supply deprivation ([carry]); the record of the division rides on each component.
- A rebuild takes back the printed division; its parts' records go. A component destroyed: no rebuild, ever.
"""
from __future__ import annotations

from functools import cache
from typing import Any

from app.engine import data
from app.engine.errors import IllegalAction, Refused
from app.engine.log import PUBLIC, clone, entry
from app.engine.orders import Choice, Keyed, Optional, Several
from app.games.usn import campaigndata, gamedata, garrisons

State = dict[str, Any]
RULE = "Unit Breakdown"
ERRATA = "Errata: Unit Breakdown"
INTO = ("brigades", "regiments")
MAX_PARTS = 3  # the most components any row gives (three regiments): ids "<id>.2", "<id>.3"
_KEEP = ("id", "name", "kind", "attack", "defense", "tp", "vp")


@cache
def table() -> dict[str, Any]:
    return data.load(gamedata.FOLDER / "breakdown.toml")


def ids(whole: tuple[str, ...]) -> tuple[str, ...]:
    """The component ids the orders accept beside the land unit ids `whole` (each division's parts 2 and 3)."""
    return tuple(f"{u}.{n}" for u in whole for n in range(2, MAX_PARTS + 1))


def row(unit: dict[str, Any], into: str) -> dict[str, Any] | None:
    return next((r for r in table()["breakdown"] if r["side"] == unit["side"] and unit["name"] in r["divisions"]
                 and r["into"] == into), None)


def _types() -> dict[str, dict[str, Any]]:
    return campaigndata.land_types()


def _own_ashore(state: State, role: str, uid: str, what: str) -> dict[str, Any]:
    u = state["land"].get(uid)
    if u is None:
        raise IllegalAction(f"There is no land unit {uid} to {what}.", RULE)
    if u["side"] != role or u["aboard"] is not None or not u["hex"] or u.get("destroyed"):
        raise IllegalAction(f"{u['name']} is not one of your land units ashore: only those {what}.", RULE)
    return u


def check_break(state: State, role: str, breaks: dict[str, str]) -> None:
    for uid, into in sorted(breaks.items()):
        u = _own_ashore(state, role, uid, "break down")
        if row(u, into):
            continue
        ways = sorted(r["into"] for r in table()["breakdown"] if r["side"] == u["side"] and u["name"] in r["divisions"])
        if ways:
            raise IllegalAction(f"{u['name']} breaks down only into {' or '.join(ways)}, not {into}.",
                                ERRATA if u["side"] == "allied" else RULE)
        raise IllegalAction(f"{u['name']} does not break down: only divisions break down, and units may not break "
                            "down to battalions.", RULE)


def break_up(state: State, role: str, breaks: dict[str, str]) -> None:
    """Replace each division by its components in its hex (the first keeps the division's id)."""
    for uid, into in sorted(breaks.items()):
        u = state["land"][uid]
        r = row(u, into)
        t = _types()[r["component"]]
        whole = {k: u[k] for k in _KEEP}
        parts = [uid] + [f"{uid}.{n}" for n in range(2, r["count"] + 1)]
        tp = t.get("transport_points_allied", t["transport_points"]) if role == "allied" else t["transport_points"]
        for pid in parts:
            state["land"][pid] = {**u, "id": pid, "name": t["name"], "kind": t["kind"], "attack": t["attack"],
                                  "defense": t["defense"], "tp": tp, "vp": t["vp"], "division": whole,
                                  "parts": parts}
        state["log"].append(entry(PUBLIC, f"{u['name']} at {u['hex']} breaks down into {r['count']} {t['name']}s "
                                          "(Unit Breakdown)."))


def _parts_of(state: State, role: str, uid: str) -> list[dict[str, Any]]:
    u = _own_ashore(state, role, uid, "rebuild")
    if "parts" not in u:
        raise IllegalAction(f"{u['name']} ({uid}) is no component of a broken-down division: nothing to rebuild.",
                            RULE)
    missing = [p for p in u["parts"] if p not in state["land"] or state["land"][p].get("destroyed")]
    if missing:
        raise IllegalAction(f"{u['division']['name']} cannot be rebuilt: its component {', '.join(missing)} is "
                            "lost (all the component parts must be stacked in the same hex).", RULE)
    return [state["land"][p] for p in u["parts"]]


def check_rebuild(state: State, role: str, rebuild: list[str], moves: dict[str, str]) -> None:
    """Every component ashore and, after this order's moves, in one hex; none held by a fixed garrison."""
    for uid in rebuild:
        parts = _parts_of(state, role, uid)
        for p in parts:
            _own_ashore(state, role, p["id"], "rebuild")
        where = {moves.get(p["id"], p["hex"]) for p in parts}
        if len(where) > 1:
            raise IllegalAction(f"{parts[0]['division']['name']} cannot be rebuilt: its components "
                                f"{', '.join(p['id'] for p in parts)} stand in {', '.join(sorted(where))}, not "
                                "stacked in the same hex.", RULE)
        held = [p["id"] for p in parts if p["id"] in garrisons.held(state)]
        if held:
            raise IllegalAction(f"{', '.join(held)} belongs to a fixed garrison and may not be rebuilt away.",
                                garrisons.RULE)


def rebuild(state: State, role: str, rebuild: list[str]) -> None:
    done: set[str] = set()
    for uid in rebuild:
        if uid not in state["land"] or uid in done:
            continue
        parts = [state["land"][p] for p in state["land"][uid]["parts"]]
        first = parts[0]
        whole = dict(first["division"])
        merged = {**first, **whole, "entrenched": all(p["entrenched"] for p in parts),
                  "moved": any(p["moved"] for p in parts)}
        merged.pop("division")
        merged.pop("parts")
        until = [p["unsupplied_until"] for p in parts if p.get("unsupplied_until")]
        merged.pop("unsupplied_until", None)
        if until:
            merged["unsupplied_until"] = max(until)
        if any(p.get("shock") for p in parts):
            merged["shock"] = True
        for p in parts:
            done.add(p["id"])
            del state["land"][p["id"]]
        state["land"][whole["id"]] = merged
        state["log"].append(entry(PUBLIC, f"{len(parts)} {first['name']}s at {first['hex']} rebuild the "
                                          f"{whole['name']} (Unit Breakdown)."))


def before_moves(state: State, role: str, action: dict[str, Any]) -> State:
    """Check the order's breakdowns; the state the rest of the order is checked against (components made)."""
    breaks = action["args"].get("break") or {}
    if not breaks:
        return state
    check_break(state, role, breaks)
    s = clone(state)
    break_up(s, role, breaks)
    return s


def random_part(state: State, role: str, rng, busy: set[str]) -> dict[str, Any]:
    """Random play now and then breaks down a division standing still, or rebuilds a stack of components."""
    out: dict[str, Any] = {}
    for u in sorted(state["land"].values(), key=lambda x: x["id"]):
        if u["side"] != role or u["aboard"] is not None or not u["hex"] or u["id"] in busy:
            continue
        ways = [r["into"] for r in table()["breakdown"] if r["side"] == role and u["name"] in r["divisions"]]
        if ways and rng.die(6) == 1:
            out.setdefault("break", {})[u["id"]] = rng.choice(sorted(ways))
        elif "parts" in u and u["id"] == u["parts"][0] and rng.die(2) == 1:
            try:
                check_rebuild(state, role, [u["id"]], {})
            except Refused:
                continue
            if not (set(u["parts"]) & busy) and not (set(u["parts"]) & garrisons.held(state)):
                out.setdefault("rebuild", []).append(u["id"])
    return out


def order_spec(land: tuple[str, ...]) -> dict[str, Any]:
    """The land_move order's optional parts (shaped against the land unit ids `land`, components included)."""
    return {"break": Optional(Keyed(Choice(INTO, label="break down into"), land, label="break down (Unit Breakdown)")),
            "rebuild": Optional(Several(land, 0, len(land), label="rebuild the division of (Unit Breakdown)"))}


def prompt_args(state: State, role: str) -> dict[str, Any]:
    """What the Land Movement prompt offers: the divisions ashore that may break down, the stacks that may rebuild."""
    out: dict[str, Any] = {}
    mine = [u for u in sorted(state["land"].values(), key=lambda x: x["id"])
            if u["side"] == role and u["aboard"] is None and u["hex"] and not u.get("destroyed")]
    divisions = tuple(u["id"] for u in mine if any(row(u, w) for w in INTO))
    if divisions:
        ways = tuple(w for w in INTO if any(row(u, w) for u in mine))
        out["break"] = Optional(Keyed(Choice(ways, label="break down into"), divisions,
                                      label="break down (Unit Breakdown)")).to_json()
    firsts = []
    for u in mine:
        if "parts" in u and u["id"] == u["parts"][0]:
            try:
                check_rebuild(state, role, [u["id"]], {})
                firsts.append(u["id"])
            except Refused:
                continue
    if firsts:
        out["rebuild"] = Optional(Several(tuple(firsts), 0, len(firsts),
                                          label="rebuild the division of (Unit Breakdown)")).to_json()
    return out
