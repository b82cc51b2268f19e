"""Victory (22): Victory Points for what each side destroyed, the Japanese-to-American ratio, and the result.

A side's score is the value of the ENEMY units, Air Points and Ground Points it destroyed. The printed chart's
gap between 1:1 and 1.5:1 is closed as the transcription's editorial note does (docs/games/solomons.md).
"""
from __future__ import annotations

from typing import Any

from app.engine.log import entry
from app.games.solomons import board

State = dict[str, Any]

def destroyed_value(state: State, side: str) -> int:
    """What `side` has lost, in Victory Points for its enemy."""
    vp = 0
    for u in state["units"].values():
        if u["side"] == side and u["status"] == "sunk":
            vp += board.vp_value(u["id"])
    for sub in state["submarines"].values():
        if side == "japanese" and sub["status"] == "sunk":
            vp += board.vp_value("SS")
    lost = state["losses"][side]
    vp += lost["lac"] * board.vp_value("lac") + lost["nac"] * board.vp_value("nac")
    vp += lost["ground"] * board.vp_value("ground_" + side) + lost["supply"] * board.vp_value("supply")
    return vp


def score(state: State) -> dict[str, int]:
    return {"japanese": destroyed_value(state, "allied"), "allied": destroyed_value(state, "japanese")}


def result(japanese: int, american: int) -> tuple[str | None, str]:
    """22 Result chart (tables.victory_level): the winner ("allied", "japanese", None for a draw) and the level."""
    level = board.victory_level(japanese, american)
    winner = level["winner"] if level["winner"] in board.SIDES else None
    return winner, level["level"]


def finish(state: State) -> None:
    vp = score(state)
    winner, level = result(vp["japanese"], vp["allied"])
    state["phase"] = "over"
    state["outcome"] = {"winner": winner, "level": level, "score": vp,
                        "reason": f"After Game-Turn {board.TURNS}: Japanese {vp['japanese']} VP to American "
                                  f"{vp['allied']} VP (22)."}
    text = board.victory_level(vp["japanese"], vp["allied"])["label"]
    state["log"].append(entry("public", f"The game ends: Japanese {vp['japanese']} VP, American {vp['allied']} VP: "
                                        f"{text} (22)."))
