"""What First Blood's strong computer player believes of the game (issue 36): a full state rebuilt from its side's
view alone, for the engine's search over beliefs (app/engine/search.py), and the score it gives a position.

First Blood hides nothing on the board (digest part 0), so the belief is one state: every piece where the view shows
it, with what the view leaves out taken from the printed game (the arrival schedule of the order of battle) or set to
what it is at the start of a phase (no unit stirred or engaged: those only matter to §10's engineers inside one turn).
Nothing the view does not show is read, so the same view always gives the same belief (the proof of fog)."""
from __future__ import annotations

import copy
from typing import Any

from app.games.first_blood import board
from app.games.first_blood.gamedata import LAST_TURN, STRIPS, neighbours
from app.games.first_blood.records import new_state
from app.games.first_blood.sequence import SETUP, TURN
from app.games.first_blood.tactics import _distance

View = dict[str, Any]
State = dict[str, Any]


def _step(view: View) -> dict[str, Any]:
    """The walker's step record for the step the view names (kind, side and printed title are public)."""
    step = view["step"]
    if step["kind"] == "over":
        return {"part": "turn", "kind": "over", "side": None, "index": len(TURN) - 1}
    for part, steps in (("turn", TURN), ("pregame", SETUP)) if view["turn"] else (("pregame", SETUP), ("turn", TURN)):
        for i, st in enumerate(steps):
            if st.kind == step["kind"] and st.who == step.get("side") and st.title == step.get("title"):
                return {"part": part, "kind": st.kind, "side": st.who, "index": i}
    raise ValueError(f"the view's step {step!r} is not in the sequence")


def determinize(view: View, role: str, rng=None) -> State:
    """A full state consistent with `view` (see the module doc); `rng` is unused (nothing is hidden to draw)."""
    s = new_state()
    s["turn"] = view["turn"]
    off = {r["id"]: r for recs in view["boxes"].values() for r in recs}
    for uid, u in view["units"].items():
        rec = s["units"][uid]
        rec.update({k: u[k] for k in ("cf", "mf", "range", "loc", "moved", "fought")})
        if uid in off:
            if off[uid].get("placed") is not None:
                rec["placed"] = off[uid]["placed"]
            rec["visited"] = list(off[uid].get("visited") or [])
        elif rec["loc"] not in ("pending", "eliminated"):
            rec["placed"] = min(rec["arrive"], view["turn"])
    for aid, a in view["air"].items():
        if aid not in s["air"]:  # an IJ naval or air unit, named as the arrivals name them
            s["air"][aid] = {"id": aid, "name": a["name"], "side": a["side"], "role": a["role"], "loc": "",
                             "arrive": view["turn"], "face": "up", "target": None}
        s["air"][aid].update({k: a[k] for k in ("loc", "face", "target")})
    s["strips"] = copy.deepcopy(view["strips"])
    s["attacked"] = list(view["attacked"])
    if view.get("losses"):
        s["losses"] = copy.deepcopy(view["losses"])
    s["usaf_over"] = view.get("usaf_over", 0)
    s["standing"] = copy.deepcopy(view.get("standing") or {})
    s["outcome"] = copy.deepcopy(view["outcome"])
    s["step"] = _step(view)
    s["supply_due"] = view["step"]["kind"] == "supply"
    s["section"] = None
    s["log"] = []
    return s


# --- the score of a position (§1, §12) ----------------------------------------------------------------------------

# Weights measured on 2026-12-07 against the easy player, strong IJ v easy US, seeds 0-5: (CF 1, near 2, held 3) won
# 1 of 4, (CF 2, near 1) 2 of 6, (CF 3, near 0.5, held 6) 2 of 6 and the faster search; the easy IJ wins 4 of seeds
# 0-19. Losses of combat factors are what lose the IJ its games (§12's early end: every IJ ground unit eliminated).
WIN = 100.0  # a decided game outweighs everything else
CF_WEIGHT = 3.0  # each combat factor alive (on the map, in a box or still to come), the side's against the enemy's
NEAR_WEIGHT = 0.5  # IJ: each hex its nearest ground unit stands closer to a completed air field
HELD_WEIGHT = 6.0  # IJ: each IJ ground unit on the map (at the end of Jan III one of them wins)
FIELD_WEIGHT = 4.0  # each completed air field hex adjacent to an IJ unit (its threat to take one, §12)
HOLD_WEIGHT = 40.0  # each completed air field hex an IJ unit stands on mid-turn (§12 wins it unless the US retakes it)


def _dist(a: str, b: str) -> int:
    return _distance(a, b)


def ij_score(state: State) -> float:
    """How well the IJ stands (the US's score is its negative): the result if the game is decided, else the combat
    factors each side still has, the IJ's ground units on the map and how near they stand to a completed field."""
    out = state.get("outcome")
    if out:
        return WIN if out["winner"] == "ij" else -WIN
    cf = {"ij": 0, "us": 0}
    for u in state["units"].values():
        if u["loc"] != "eliminated":
            cf[u["side"]] += u["cf"]
    fields = [h for h in board.completed_fields(state)] or list(STRIPS)
    on_map = [board.hex_of(u) for u in board.on_map(state, "ij")]
    score = CF_WEIGHT * (cf["ij"] - cf["us"]) + HELD_WEIGHT * len(on_map) * (state["turn"] / LAST_TURN)
    if on_map:
        near = min(_dist(h, f) for h in on_map for f in fields)
        score -= NEAR_WEIGHT * near
        score += FIELD_WEIGHT * sum(1 for f in fields if any(n in on_map for n in neighbours(f)))
        score += HOLD_WEIGHT * sum(1 for f in board.completed_fields(state) if f in on_map)
    return score


def evaluate(state: State, role: str) -> float:
    return ij_score(state) if role == "ij" else -ij_score(state)


__all__ = ["determinize", "evaluate", "ij_score"]
