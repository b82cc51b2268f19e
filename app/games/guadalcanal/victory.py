"""Victory points (7a3): counted after the last Turn from the VICTORY POINTS CHART (reconstructed but for its
printed rows, data/victory.toml), and the level of victory (scenarios 1-4's conditions are not transcribed)."""
from __future__ import annotations

from typing import Any

from app.games.guadalcanal import transports
from app.games.guadalcanal.gamedata import AIR, SIDES, VP, VP_ROWS, enemy

State = dict[str, Any]


def unit_points(rec: dict[str, Any], uid: str) -> int:
    eliminated = rec["box"] == "eliminated"
    if rec["kind"] == "air":
        if not eliminated or AIR[uid]["type"] == "S":
            return 0  # 7a3.1: air combat units only if eliminated; scouts never
        value, kind = VP["air"]["combat_eliminated"], "air"
    else:
        row = VP_ROWS.get(rec["type"], {"eliminated": 0, "flipped": 0})
        if eliminated:
            value, kind = row["eliminated"], rec["type"]
        elif rec["face"] == "back" and not rec["started_back"]:
            # A unit that started flipped (7a2.2 "(back)") has not been flipped by the enemy: only its elimination
            # scores (our reading of 7a3, "awarded for eliminating or seriously damaging enemy units").
            return row["flipped"]
        else:
            return 0
    if rec["started_back"] and kind in VP["halving"]["types"]:
        return value // 2  # 7a3.2: half, rounded down
    return value


def points(state: State) -> dict[str, int]:
    """{side: the victory points it earned}: each side scores the enemy's units (7a3)."""
    out = {s: 0 for s in SIDES}
    for uid, rec in state["units"].items():
        out[enemy(rec["side"])] += unit_points(rec, uid)
    for side, vp in transports.points(state).items():
        out[side] += vp  # 7a3: "special methods to obtain victory points" (Scenario 4's transports, 7e4)
    return out


def outcome(state: State) -> dict[str, Any]:
    vp = points(state)
    margin = vp["japanese"] - vp["allied"]
    levels = VP["levels"]
    if margin >= levels["japanese_margin"]:
        winner = "japanese"
    elif -margin >= levels["allied_margin"]:
        winner = "allied"
    else:
        winner = None
    reason = (f"Victory points after the last Turn (7a3): Allies {vp['allied']}, Japanese {vp['japanese']}. "
              f"Japan needs {levels['japanese_margin']} more than the Allies; the Allies need more than Japan "
              f"(reconstructed, the 7f4.1 pattern).")
    return {"winner": winner, "level": "win" if winner else "tie", "score": vp, "reason": reason}
