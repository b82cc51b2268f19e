"""16a, surface contact, and 16b2, the facings the task forces' directions give the ship units at set-up."""
from __future__ import annotations

from app.games.guadalcanal.surface.geometry import turn_between
from app.games.guadalcanal.surface.values import section

FIGHT = "fight"


def contact(allied_knows: bool, japanese_knows: bool) -> str | None:
    """16a: with task force markers of both sides in one hex, "fight" if both sides hold "exact" (Basic) or 2X/3X
    information there; if only one does, that side decides (its name is returned); else no contact (None)."""
    if allied_knows and japanese_knows:
        return FIGHT
    if allied_knows:
        return "allied"
    if japanese_knows:
        return "japanese"
    return None


def relation(one_side: list[str], other_side: list[str]) -> str:
    """16b2: "same" or "opposite" from the headings (16b1: the direction each task force marker moved when it
    entered the battle hex). Crossing the same or an adjacent hexside (headings at most one hexside apart) gives the
    same facing (16b2.1), any other the opposite (16b2.2); when both occur, the same (16b2.3)."""
    near = section("facing")["same_within"]
    seen = {"same" if turn_between(a, b) <= near else "opposite" for a in one_side for b in other_side}
    if not seen:
        raise ValueError("16b2 needs at least one heading on each side")
    return section("facing")["mixed_gives"] if len(seen) > 1 else seen.pop()
