"""Breaking off (16d6; the rule itself, 16i, is not transcribed: reconstructed, data/surface.toml [breakoff]).

Surface Side B designates ships to break off, then Side A; then B's attempts are resolved, then A's. An attempt is a
competitive roll: the breaking ship adds its current movement factor, +2 at night; the opponent adds the highest
current movement factor among his ships on the Battleboard. A higher roll breaks off: the ship leaves the
Battleboard and returns with its task force at the battle's end (16d7, 4e). A scenario may forbid attempts before
the end of a Surface Turn (7f4.3, 7g4.3)."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.rng import Rng
from app.games.guadalcanal import dead_in_the_water
from app.games.guadalcanal.combat import units
from app.games.guadalcanal.combat.damage import factor
from app.games.guadalcanal.surface.turns import on_board
from app.games.guadalcanal.surface.values import section

State = dict[str, Any]


def allowed(state: State) -> bool:
    """7f4.3, 7g4.3: attempts may not begin before the end of Surface Turn n (the attempt comes at the end of the
    Surface Turn, 16d6, so the first attempt is in Surface Turn n's breakoff step)."""
    return state["surface"]["turn"] >= state["surface"].get("breakoff_after", 0)


def able(state: State, side: str) -> list[str]:
    """The side's ships on the Battleboard that may try to break off (not dead in the water)."""
    stuck = section("breakoff")["dead_in_the_water_may_not"]
    return [u for u in on_board(state, side) if not (stuck and dead_in_the_water.is_dead(state, u))]


def designate(state: State, side: str, ships: list[str]) -> None:
    s = state["surface"]
    if ships and not allowed(state):
        raise IllegalAction(f"Attempts to break contact may not begin before the end of Surface Turn "
                            f"{s['breakoff_after']}.", "7f4.3" if s.get("scenario") == "5" else "7g4.3"
                            if s.get("scenario") == "6" else "16d6")
    mine = on_board(state, side)
    for u in ships:
        if u not in mine:
            raise IllegalAction(f"{units.record(u)['name']} is not one of your ships on the Battleboard.", "16d6")
        if section("breakoff")["dead_in_the_water_may_not"] and dead_in_the_water.is_dead(state, u):
            raise IllegalAction(f"{units.record(u)['name']} is dead in the water and cannot steam away.", "16i")
    s.setdefault("breaking", []).extend(u for u in ships if u not in s.get("breaking", []))


def attempt(state: State, uid: str, rng: Rng) -> dict[str, Any]:
    """One attempt; a success takes the ship off the Battleboard (in place)."""
    b, s = section("breakoff"), state["surface"]
    side = state["units"][uid]["side"]
    mine = (factor(state, uid, "movement") or 0) if b["movement_counts"] else 0
    if s["night"]:
        mine += b["night"]
    enemy = "japanese" if side == "allied" else "allied"
    theirs = max((factor(state, u, "movement") or 0 for u in on_board(state, enemy)), default=0) \
        if b["pursuit_counts"] else 0
    r_mine, r_theirs = rng.d10(), rng.d10()
    ok = r_mine + mine > r_theirs + theirs
    if ok:
        s.setdefault("broken_off", []).append(uid)
    return {"ship": uid, "roll": r_mine, "total": mine, "enemy_roll": r_theirs, "enemy_total": theirs,
            "broke_off": ok}


def resolve(state: State, side: str, rng: Rng) -> list[dict[str, Any]]:
    """16d6: the side's designated ships attempt to break off, in the order designated."""
    s = state["surface"]
    return [attempt(state, u, rng) for u in list(s.get("breaking", []))
            if state["units"][u]["side"] == side and u in on_board(state, side)]
