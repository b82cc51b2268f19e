"""Step 10 (Detailed Sequence of Play): the Turn Record, the fuel records (Supply (G)) and the end of the game with its
Victory Points (How the Game is Won; Coral Sea Victory Conditions with the errata).

Fuel reading (digest ambiguity 23): a Game-Turn counts at sea when its Step 10 finds the ship outside a friendly naval
base; a ship that reaches its endurance (3 turns, transports 6) at sea has failed to refuel in the last naval phase of
its last turn and is destroyed."""
from __future__ import annotations

from app.engine.log import PUBLIC, entry
from app.games.usn import board, naval
from app.games.usn.air import damage_ship

VICTORY_RULE = "How the Game is Won"
LEVELS = ((4, "decisive"), (3, "strategic"), (2, "provisional"), (1, "marginal"))


def end_of_turn(state, rng) -> None:
    at = "Step 10: records"
    for side in board.SIDES:
        naval.refuel(state, side)
        for s in board.afloat(state, side):
            if board.refuels_at(state, s["hex"], side):
                continue
            s["at_sea"] += 1
            limit = board.PLAY["fuel"]["at_sea_turns_transports" if s["type"] == "TR" else "at_sea_turns"]
            if s["at_sea"] >= limit:
                state["log"].append(entry(PUBLIC, f"{s['id']} is out of fuel at sea after {s['at_sea']} Game-Turns "
                                                  "and is destroyed (Supply (G)).", at=at))
                damage_ship(state, s, "X")
    for u in state["land"].values():
        u["moved"] = False
    if state["turn"] >= state["turns"]:
        finish(state)
    else:
        state["log"].append(entry(PUBLIC, f"End of Game-Turn {state['turn']}.", at=at))


def geographic(state) -> list[tuple[str, float, str]]:
    """The Coral Sea Victory Conditions: Port Moresby 100 to its holder; 10 to Japan if the Engineer regiment is on
    Guadalcanal (errata; reading: every land unit is in supply, and it must be ashore there)."""
    out = []
    for v in board.CORAL["victory"]:
        if v["id"] == "port_moresby":
            out.append((state["holder"][v["hex"]], v["points"], "holds Port Moresby"))
        elif v["id"] == "engineer_on_guadalcanal" and any(
                u["kind"] == "engineer" and u["side"] == "japanese" and u["hex"] == v["hex"]
                and board.supplied(state, u)  # errata "with supply": not deprived of it by a Dx
                for u in state["land"].values()):
            out.append(("japanese", v["points"], "Engineer regiment on Guadalcanal"))
    return out


def level(points: dict[str, float]) -> tuple[str | None, str]:
    """The ratio of the higher total to the lower (How the Game is Won); 1:1 is a draw (digest ambiguity 5), a
    total against none Decisive."""
    hi = max(board.SIDES, key=lambda s: points[s])
    lo = board.other(hi)
    if points[hi] == points[lo]:
        return None, "draw"
    if points[lo] <= 0:
        return hi, "decisive"
    ratio = points[hi] / points[lo]
    return hi, next(name for n, name in LEVELS if ratio >= n) if ratio >= 1 else "draw"


def finish(state) -> None:
    for side, pts, why in geographic(state):
        board.add_vp(state, side, pts, why)
    winner, lvl = level(state["vp"])
    score = dict(state["vp"])
    reason = (f"Japanese {score['japanese']:g} VP, Allied {score['allied']:g} VP: "
              + ("a draw" if winner is None else f"{lvl} {board.TITLE[winner]} victory"))
    state["outcome"] = {"winner": winner, "level": lvl, "score": score, "reason": reason}
    state["log"].append(entry(PUBLIC, f"The game ends after Game-Turn {state['turn']}: {reason}.",
                              at="End of the game"))


def reinforce(state, rng) -> None:
    """Step 1: the mini-games bring no reinforcements (coral_sea.toml); nothing enters."""
    return
