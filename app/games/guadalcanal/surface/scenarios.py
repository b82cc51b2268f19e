"""Scenarios 5 and 6 (7f, 7g): one night surface combat each, without searchboards. The forces, Side B, the facing
relation, the first Surface Turn a breakoff may be tried, the free roll holder and the Japanese night modifier are
data (surface.toml [scenario."5"], [scenario."6"]); the victory levels are 7f4.1 and 7g4.1, the points the 7a3 chart
(victory.py)."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.games.guadalcanal import victory
from app.games.guadalcanal.combat import units
from app.games.guadalcanal.surface import battleline
from app.games.guadalcanal.surface.values import section

State = dict[str, Any]
IDS = ("5", "6")


def scenario(sid: str) -> dict[str, Any]:
    return section("scenario")[sid]


def night_modifier(sid: str) -> int:
    """16k3: printed for scenarios 5 and 6 (7f4.4, 7g4.4)."""
    return section("night_modifier")[sid]


def begin(sid: str) -> State:
    """A new battle: every ship as 7f2-7f3 or 7g2-7g3 list it (back sides and hits marked, 7a2.2 NOTE), no ship on
    the Battleboard yet; Japan is Side B and sets up first (7f2, 7g2); the Allies hold the free roll (7f4.4, 7g4.4)."""
    sc = scenario(sid)
    us = {}
    for side in ("allied", "japanese"):
        for uid in sc[side]:
            rec = units.record(uid)
            back = uid in sc["back"]
            us[uid] = {"side": side, "kind": "ship", "type": rec["type"], "name": rec["name"],
                       "face": "back" if back else "front", "hits": sc["hits"].get(uid, 0), "started_back": back,
                       "box": "battleboard", "location": {"battleboard": True}}
    b = sc["side_b"]
    return {"scenario": sid, "units": us, "free_roll": {"holder": sc["free_roll"], "used": []}, "log": [],
            "surface": {"night": True, "turn": 1, "scenario": sid,
                        "sides": {"A": "allied" if b == "japanese" else "japanese", "B": b},
                        "ships": {}, "base": None, "torpedoes": [], "fired": [], "gunned": [], "breaking": [],
                        "broken_off": [], "breakoff_after": sc["breakoff_after"],
                        "night_modifier": night_modifier(sid), "relation": sc["facing"], "setup": {}}}


def set_up(state: State, side: str, placement: dict[str, str], facing: str, line_x: str) -> None:
    """16c: Side B first, on the setup line it picks; Side A on the other, facing as 16b2 (7f4.2, 7g4.2) says."""
    s = state["surface"]
    ours = [u for u in (s["in_battle"] if s.get("in_battle") is not None else state["units"])
            if state["units"][u]["side"] == side]  # scenarios 1-4: the ships in the battle hex only
    if set(placement) - set(ours):
        raise IllegalAction("Set up only your own ship units in this battle.", "16c")
    must = None
    if side == s["sides"]["A"]:
        b = s["setup"][s["sides"]["B"]]
        xs = battleline.x_hexes(s["night"])
        if line_x == b["line"]:
                raise IllegalAction(f"Side B chose the setup line of {b['line']}; yours is the other one.", "16c")
        line_x = next(x for x in xs if x != b["line"])
        must = battleline.facing_for_a(b["facing"], s["relation"])
    taken = {p["at"] for p in s["ships"].values()}
    # the ships the order leaves out set up in line astern behind those it places (battleline.fill)
    placement = battleline.fill(placement, ours, line_x, facing == "N", taken)
    if sorted(placement) != sorted(ours):
        raise IllegalAction("Set up every one of your ship units on the Battleboard: there is no room left behind "
                            "your setup line for the ones not placed.", "16c")
    battleline.check(placement, facing, night=s["night"], line_x=line_x, taken=taken, must_face=must)
    for u, h in placement.items():
        s["ships"][u] = {"at": h, "facing": facing}
    s["setup"][side] = {"line": line_x, "facing": facing}


def outcome(state: State) -> dict[str, Any]:
    """7f4.1 / 7g4.1: Japan wins with 5 or more VP more than the Allies; the Allies with more than Japan (7f4.1) or
    with 15 or more VP more (7g4.1); anything else is a tie. Units still afloat at the end count as they are."""
    sid = state["scenario"]
    sc = scenario(sid)
    vp = victory.points(state)
    margin = vp["japanese"] - vp["allied"]
    if margin >= sc["japanese_margin"]:
        winner = "japanese"
    elif -margin >= sc["allied_margin"]:
        winner = "allied"
    else:
        winner = None
    rule = "7f4.1" if sid == "5" else "7g4.1"
    return {"winner": winner, "level": "win" if winner else "tie", "score": vp,
            "reason": f"Victory points at the end of the surface combat ({rule}): Allies {vp['allied']}, "
                      f"Japanese {vp['japanese']}."}
