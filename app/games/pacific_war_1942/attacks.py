"""Resolving Land Front Attacks and Resolving Sea Area Ship Attacks, for both sides, with the Allied reserve re-roll.

A land attack that the Allied player may want to re-roll (an Allied attack that failed, or a Japanese attack that
succeeded, on a front with an Allied reserve: Allied Army Reserves) is left in `state["pending"]` and the player
is asked; `finish_land` applies the result once the die stands.
"""
from __future__ import annotations

from typing import Any

from app.engine.log import entry
from app.engine.rng import Rng
from app.games.pacific_war_1942 import board, data

State = dict[str, Any]
LAND = "Resolving Land Front Attacks"
SEA = "Resolving Sea Area Ship Attacks"


def log(state: State, text: str, **extra: Any) -> None:
    """A public line, marked with the section of the turn it was written in (`state["at"]`, set as the walk enters
    a step), so the page heads each section and plays a stretch back in order."""
    line = entry("public", text, **extra) if extra else entry("public", text)
    if state.get("at"):
        line["at"] = state["at"]
    state["log"].append(line)


def _drm_text(drms: list[dict[str, Any]]) -> str:
    if not drms:
        return "no DRM"
    return ", ".join(f"{d['value']:+d} {d['id'].replace('_', ' ')}" for d in drms)


def land_attack(state: State, front: str, attacker: str, rng: Rng) -> bool:
    """Roll a land attack. Returns True when the result waits on the player's reserve decision."""
    target = board.japanese_location(state, front) if attacker == "allied" else board.allied_location(state, front)
    drms = board.land_drms(state, front, attacker)
    drm = sum(d["value"] for d in drms)
    roll = rng.d6()
    ok = board.succeeds("land", roll, drm)
    who = "Allied" if attacker == "allied" else "Japanese"
    log(state, f"{who} attack on {data.name(target)} ({data.FRONTS[front]['name']} front): die {roll}, "
               f"{_drm_text(drms)}, modified {roll + drm}: {'advance' if ok else 'no result'}.",
        roll=roll, drm=drm, front=front, attacker=attacker)
    state["last_roll"] = {"what": f"{who} attack on {data.name(target)}", "roll": roll, "drm": drm,
                          "modified": roll + drm, "result": "advance" if ok else "no result"}
    wants_reroll = ok if attacker == "japanese" else not ok
    if wants_reroll and state["fronts"][front]["reserve"]:
        state["pending"] = {"attacker": attacker, "front": front, "roll": roll, "drm": drm, "success": ok,
                            "target": target}
        return True
    finish_land(state, front, attacker, ok)
    return False


def reroll(state: State, rng: Rng) -> None:
    """Use the Allied reserve on the pending attack's front: it is removed from play and the die is rolled again."""
    p = state["pending"]
    state["fronts"][p["front"]]["reserve"] = False
    roll = rng.d6()
    ok = board.succeeds("land", roll, p["drm"])
    log(state, f"The Allied reserve on the {data.FRONTS[p['front']]['name']} front is used to re-roll: die {roll}, "
               f"modified {roll + p['drm']}: {'advance' if ok else 'no result'}. The reserve is removed from play.",
        roll=roll, drm=p["drm"], front=p["front"], reroll=True)
    state["last_roll"] = {"what": f"Re-roll of the attack on {data.name(p['target'])}", "roll": roll,
                          "drm": p["drm"], "modified": roll + p["drm"], "result": "advance" if ok else "no result"}
    state["pending"] = None
    finish_land(state, p["front"], p["attacker"], ok)


def accept(state: State) -> None:
    p = state["pending"]
    state["pending"] = None
    finish_land(state, p["front"], p["attacker"], p["success"])


def finish_land(state: State, front: str, attacker: str, ok: bool) -> None:
    if not ok:
        return
    f = state["fronts"][front]
    fname = data.FRONTS[front]["name"]
    if attacker == "allied":
        f["allied"] += 1
        where = board.japanese_location(state, front)
        text = (f"The Allied {fname} front marker advances into {data.name(board.allied_location(state, front))}; "
                + (f"the Japanese retreat to {data.name(where)}" if where else "the Japanese marker is placed beside Japan"))
        if f["japanese_reserve"]:
            f["japanese_reserve"] = False  # Japanese Army Reserves: retreat and flip to the non-reserve side
            text += " and flip their marker to its non-reserve side"
        log(state, text + ".")
        return
    f["allied"] -= 1
    taken = board.japanese_location(state, front)
    if f["allied"] < 0:
        # Key Game Concepts: the Japanese occupy the last location; the Allied marker moves outside it.
        log(state, f"The Japanese advance into {data.name(taken)}, the last location on the {fname} front; "
                   f"the Allied marker moves outside it.")
    else:
        log(state, f"The Japanese advance into {data.name(taken)}; the Allied {fname} front marker is pushed back "
                   f"to {data.name(board.allied_location(state, front))}.")


def sea_attack(state: State, sea: str, attacker: str, rng: Rng) -> bool:
    """Attack the other side's control marker in `sea`; on a win it flips to the attacker. Returns the result."""
    roll = rng.d6()
    ok = board.succeeds("sea", roll, 0)
    who = "Allied" if attacker == "allied" else "Japanese"
    sname = data.SEA_AREAS[sea]["name"]
    log(state, f"{who} sea attack in the {sname}: die {roll}: "
               + (f"the {who} win; the control marker flips to {who}." if ok else "no effect."),
        roll=roll, sea=sea, attacker=attacker)
    state["last_roll"] = {"what": f"{who} sea attack in the {sname}", "roll": roll, "drm": 0, "modified": roll,
                          "result": "control flips" if ok else "no effect"}
    if ok:
        state["seas"][sea] = attacker
    return ok
