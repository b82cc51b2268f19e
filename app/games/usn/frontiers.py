"""Movement (M): land units may never move into China or India (the hexes of supply.FORBIDDEN, data/terrain.toml's
regions). The Burma half of the case ("nor into Burma unless the Burma Front Optional Rule is used") waits for a
Burma region in the terrain data: none is recorded yet."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.games.usn import supply

RULE = "Movement (M)"


def check_land_entry(unit: dict[str, Any], to: str) -> None:
    """Refuse a land move into a hex of China or India."""
    if to in supply.FORBIDDEN:
        raise IllegalAction(f"{unit['name']} may never move into China or India (hex {to}).", RULE)
