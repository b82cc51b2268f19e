"""Step 10 (Detailed Sequence of Play): the Turn Record, the fuel records (Supply (G)) and the end of the game with its
Victory Points (How the Game is Won; each mini-game's Victory Conditions, read from its data file: Coral Sea with the
errata, Midway, Eastern Solomons and Santa Cruz).

Fuel reading (digest ambiguity 23): a Game-Turn counts at sea when its Step 10 finds the ship outside a friendly naval
base; a ship that reaches its endurance (3 turns, transports 6) at sea has failed to refuel in the last naval phase of
its last turn and is destroyed."""
from __future__ import annotations

from app.engine.log import PUBLIC, entry
from app.games.usn import board, damage, naval, supply

VICTORY_RULE = "How the Game is Won"
LEVELS = ((4, "decisive"), (3, "strategic"), (2, "provisional"), (1, "marginal"))


STEP_10 = "Step 10: records"


def end_of_turn(state, rng) -> None:
    fuel_and_land(state)
    each_turn(state)
    if state["turn"] >= state["turns"]:
        finish(state)
    else:
        state["log"].append(entry(PUBLIC, f"End of Game-Turn {state['turn']}.", at=STEP_10))


def fuel_and_land(state) -> None:
    """Step 10's records every game keeps (the campaigns too): refuel, count a Game-Turn at sea, a ship at its
    endurance destroyed (Supply (G)); land units free to move again (Movement (J))."""
    at = STEP_10
    for side in board.SIDES:
        naval.refuel(state, side)
        for s in board.afloat(state, side):
            if supply.refuels_at(state, s["hex"], side):
                continue
            s["at_sea"] += 1
            limit = board.fuel_limit(s["type"])
            if s["at_sea"] >= limit:
                state["log"].append(entry(PUBLIC, f"{s['id']} is out of fuel at sea after {s['at_sea']} Game-Turns "
                                                  "and is destroyed (Supply (G)).", at=at))
                damage.damage_ship(state, s, "X")
    for u in state["land"].values():
        u["moved"] = False


def _victory(state) -> list[dict]:
    return board.situation(state["scenario"])["victory"]


def _air_base(state, v) -> tuple[str, bool, bool]:
    """(holder, damaged, destroyed) of the air base a Victory Condition names. Destroyed: its Air Point Capacity is
    0 (Repairing or Building Bases) or it was lost to a D1 in land combat (Combat (G): the base is gone); Damaged:
    neutralized now, or short of the capacity it started with."""
    b = state["bases"].get(v["hex"])
    if b is None:
        return "", False, True
    start = next(x["air_capacity"] for x in board.bases_of(state["scenario"]) if x["hex"] == v["hex"])
    destroyed = b["capacity"] <= 0
    damaged = not destroyed and (b["capacity"] < start or board.neutralized(state, v["hex"], "air")
                                 or board.neutralized(state, v["hex"], "naval"))
    return b["side"], damaged, destroyed


def each_turn(state) -> None:
    """Eastern Solomons Victory Conditions (and Santa Cruz, the same): 'The Japanese Player also receives 25 points
    each Game-Turn the Air Base is Damaged, while the Allies still hold it', read at the end of each Game-Turn."""
    for v in _victory(state):
        if v.get("kind") == "air_base":
            side, damaged, _ = _air_base(state, v)
            if damaged and side == "allied":
                board.add_vp(state, v["side"], v["damaged_points_each_turn"],
                             f"the air base at {v['hex']} is damaged while the Allies hold it "
                             f"(Game-Turn {state['turn']})")


def geographic(state) -> list[tuple[str, float, str]]:
    """The situation's geographic Victory Conditions at the end of the game: (side, points, why) for each.
    Coral Sea: Port Moresby 100 to its holder; 10 to Japan if the Engineer regiment is on Guadalcanal (errata "with
    supply from base"; reading: in supply, ashore there). Midway: Midway 100 to its holder; 10 to Japan for each
    Aleutian island it occupies (holds). Eastern Solomons and Santa Cruz: the Guadalcanal air base 100 to its holder,
    damaged or not; if destroyed 100 to Japan and nothing for holding it."""
    out = []
    for v in _victory(state):
        kind = v.get("kind", v["id"])
        if kind in ("hold", "port_moresby"):
            out.append((state["holder"][v["hex"]], v["points"], v.get("label", "holds Port Moresby")))
        elif kind == "engineer_on_guadalcanal" and any(
                u["kind"] == "engineer" and u["side"] == "japanese" and u["hex"] == v["hex"]
                and supply.supplied(state, u)  # errata "with supply": not deprived of it by a Dx
                for u in state["land"].values()):
            out.append(("japanese", v["points"], "Engineer regiment on Guadalcanal"))
        elif kind == "occupy_each":
            for h in v["hexes"]:
                if state["holder"][h] == v["side"]:
                    out.append((v["side"], v["points"], f"{v['label']} ({h})"))
        elif kind == "air_base":
            side, _, destroyed = _air_base(state, v)
            if destroyed:
                out.append((v["side"], v["destroyed_points"], f"the air base at {v['hex']} is destroyed"))
            else:
                out.append((side, v["points"], f"{v['label']} ({v['hex']})"))
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
    """Step 1: the mini-games bring no reinforcements (How To Use the Situation: 'neither Player receives any
    reinforcements'); nothing enters."""
    return
