"""Movement (M): "Land units may never move into China or India; they may not move into Burma unless the Burma Front
Optional Rule is being used." The regions are data/terrain.toml's (reconstructed: the printed map is lost).

Readings (docs/games/usn.md):
- Campaign Games 1 and 3's Special Game Rule "Burma 76" orders the Japanese Player to move 20-40 Divisions into
  Burma by Game-Turns 6 and 18, so in those games Japanese land units may enter Burma without the optional rule.
- A unit already in Burma (the Allied regiments set up there) moves within it: it does not move *into* Burma.
- Burma Campaign (optional): "Allied units may retreat into either country [China or India], but may not re-enter the
  game. The Japanese Player receives no Victory Points for these units": such a retreat withdraws the unit."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.games.usn import grid, supply

RULE = "Movement (M)"
BURMA = frozenset(supply.TERRAIN["regions"]["burma"])
BURMA_76_GAMES = ("campaign_1", "campaign_3")  # Special Game Rules, Burma 76


def burma_front(state: dict[str, Any]) -> bool:
    """The Burma Campaign optional rule (the lobby's "burma" option) is in use."""
    return bool((state.get("options") or {}).get("burma"))


def refusal(state: dict[str, Any], unit: dict[str, Any], to: str) -> str | None:
    """Why `unit` may not move into `to` under Movement (M), or None."""
    if to in supply.FORBIDDEN:
        return f"{unit['name']} may never move into China or India (hex {to})."
    if to in BURMA and unit.get("hex") not in BURMA and not burma_front(state) \
            and not (unit["side"] == "japanese" and state.get("scenario") in BURMA_76_GAMES):
        return (f"{unit['name']} may not move into Burma (hex {to}) unless the Burma Campaign optional rule is "
                "used.")
    return None


def check_land_entry(state: dict[str, Any], unit: dict[str, Any], to: str) -> None:
    """Refuse a land move into China or India, or into Burma when Movement (M) bars it."""
    why = refusal(state, unit, to)
    if why is not None:
        raise IllegalAction(why, RULE)


def withdrawn_by_retreat(state: dict[str, Any], unit: dict[str, Any], to: str) -> bool:
    """Burma Campaign: an Allied unit may retreat into China or India, and so leaves the game."""
    return to in supply.FORBIDDEN and unit["side"] == "allied" and burma_front(state)


def burma_entry(state: dict[str, Any], default: str) -> str | None:
    """Where an optional Burma reinforcement enters: "any hex in Burma, adjacent to China, and unoccupied by the
    Japanese": `default` (data/campaign_units.toml) while no Japanese land unit holds it, else the first such hex
    that is free (a reading: the rulebook leaves the hex to the Allied Player, and these hexes differ little); None
    when the Japanese hold them all (the unit cannot enter)."""
    held = {u["hex"] for u in state["land"].values() if u["side"] == "japanese" and u.get("hex")}
    return next((h for h in [default, *sorted(BURMA_BY_CHINA)] if h not in held), None)


BURMA_BY_CHINA = frozenset(h for h in BURMA if any(n in supply.TERRAIN["regions"]["china"]
                                                   for n in grid.neighbours(h)))
