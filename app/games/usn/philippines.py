"""Campaign Game 1, Phillipine Fortifications, as facts the map reads (board.friendly_base, supply.supplied): which hex
is the fortress, whether the Manila Naval Base is still barred to Japan, whether a unit there is immune to isolation.
Kept apart from special.py, which walks the rule's procedures, so that the board and supply lines can ask without
importing the procedures that use them."""
from __future__ import annotations

from typing import Any

from app.games.usn import campaigndata

State = dict[str, Any]
FORT_RULE = "Campaign Game 1, Phillipine Fortifications"


def fortress(state: State) -> str | None:
    rule = campaigndata.in_force(state).get("philippine_fortifications")
    return rule["hex"] if rule else None


def manila_barred(state: State, hex_id: str, side: str) -> bool:
    """"The Japanese may not use the Manila Naval Base until they occupy the Phillipine Fortifications and eliminate
    all Allied forces on the hex": once Japanese land units stand alone on 348 the bar is lifted for good."""
    m = campaigndata.special_table()["manila"]
    return (side == "japanese" and hex_id == m["hex"] and fortress(state) is not None
            and not state.get("manila_open"))


def fortified(state: State, u: dict[str, Any]) -> bool:
    """An Allied land unit ashore on hex 348 in a game with the rule."""
    h = fortress(state)
    return h is not None and u["side"] == "allied" and u["hex"] == h and u["aboard"] is None


def immune(state: State, u: dict[str, Any]) -> bool:
    """"Once entrenched, it is not affected by isolation for the first eight Game-Turns in which the unit is out of
    supply": an entrenched Allied unit on 348 counts as supplied while it has spent fewer than eight Game-Turns out of
    supply (counted at Step 10, `count_isolation`). A Dx deprivation is not isolation: it still applies."""
    if not fortified(state, u) or not u["entrenched"]:
        return False
    rule = campaigndata.in_force(state)["philippine_fortifications"]
    return u.get("isolated_turns", 0) < rule["isolation_turns"]
