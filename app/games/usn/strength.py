"""Strengths as combat reads them: a land unit's Defense Strength as attacked (Entrenchment (A), Supply (E), the
Shock Effect's third), and an air point's air-to-air and bombing strength against ships (Air Combat; Movement (V)'s
extended range; the Shock Effect's Japanese NAC). Read by land combat, bombardment, air strikes and ground support."""
from __future__ import annotations

from app.games.usn import board, mountains, supply


def defense(state, u) -> int:
    """Defense Strength as attacked, the unit's supply traced in `state` (`as_attacked`)."""
    return as_attacked(u, supply.supplied(state, u))


def as_attacked(u, supplied: bool) -> int:
    """Defense Strength as attacked: tripled entrenched (Entrenchment (A)), halved out of supply (Supply (E)). Apart
    from the supply line, so a computer player can count it from its view's `supplied` (strong_bot)."""
    d = max(u["defense"] // 3, 1) if u.get("shock") else u["defense"]  # Shock Effect (shock.strikes): one third
    d = d * (board.PLAY["entrench"]["multiplier"] if u["entrenched"] else 1)
    return d if supplied else d // 2


def air_to_air_per_point(m) -> int:
    """Movement (V): beyond the normal range the strike fights at the extended strength; the range counted as
    Movement (U) counts it, one more across mountain hexsides (`mountains.air_distance`)."""
    if m["kind"] == "lbac":
        return board.AIR["lbac_air_to_air_per_point"]
    if mountains.air_distance(m["home"], m["target"]) > board.reach(m["kind"]):
        return board.AIR[f"extended_air_to_air_{m['side']}"]
    return board.AIR["air_to_air_per_point"]


def bomb_per_point(m) -> int:
    if m.get("bomb_per_point"):  # Shock Effect: Japanese NAC at ten (shock.strikes)
        return m["bomb_per_point"]
    if m["kind"] == "lbac":
        return board.AIR["bomb_per_point_lbac_vs_ships"]
    if m["kind"] == "lac":
        return board.AIR[f"bomb_per_point_lac_vs_ships_{m['side']}"]
    return board.AIR[f"bomb_per_point_nac_{m['side']}"]
