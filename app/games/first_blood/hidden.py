"""The non-interference and canary hooks. First Blood hides nothing on the board (digest part 0: every piece is in
the open, no secret orders, no simultaneous phase), so the only thing a role may not read is a log line addressed to
the other side (the platform's own lines, e.g. a note to one seat). Those are what `perturb` changes and where the
canaries go; the umpire and, once the game is over, everyone read them."""
from __future__ import annotations

import copy
from typing import Any

from app.engine.contract import UMPIRE
from app.engine.log import entry
from app.games.first_blood.gamedata import SIDES

State = dict[str, Any]


def hidden_from(role: str) -> list[str]:
    if role == UMPIRE:
        return []
    return [s for s in SIDES if s != role]


def perturb(state: State, role: str, rng) -> State:
    s = copy.deepcopy(state)
    for side in hidden_from(role):
        s["log"].append(entry(side, f"A note only the {side} side reads ({rng.die(1000)})."))
    return s


def plant_canaries(state: State, role: str, marker: str) -> State:
    s = copy.deepcopy(state)
    for side in hidden_from(role):
        s["log"].append(entry(side, f"{marker}: a note only the {side} side reads."))
    return s
