"""The dice of a stored game: verifiable HMAC rolls, or a sandbox's script, and their verification."""
from __future__ import annotations

from typing import Any

from app.engine.rng import HmacRng, Rng, commitment, hmac_roll
from app.store.models import Game


class GameRng(Rng):
    """Roll k of the game, k counting on from the rolls already made. A sandbox game's scripted dice come
    first, in order; when its script runs out the verifiable dice take over."""

    def __init__(self, game: Game):
        super().__init__()
        self.hmac = HmacRng(game.seed, game.id, start=game.roll_count)
        script = list(game.dice_script or []) if game.sandbox else []
        self.script = script[game.roll_count:]
        self.start = game.roll_count

    def _draw(self, sides: int) -> int:
        k = self.start + len(self.rolls)
        if k - self.start < len(self.script):
            value = int(self.script[k - self.start])
            if not 1 <= value <= sides:
                value = (value - 1) % sides + 1
            self.hmac.next_k += 1
            return value
        return self.hmac._draw(sides)

    def record(self) -> list[dict[str, Any]]:
        scripted = len(self.script)
        return [dict(r, k=self.start + i, scripted=i < scripted) for i, r in enumerate(self.rolls)]


class ReplayRng(Rng):
    """Gives back the rolls an action recorded, to rebuild the state without redrawing."""

    def __init__(self, rolls: list[dict[str, Any]]):
        super().__init__()
        self.recorded = list(rolls)

    def _draw(self, sides: int) -> int:
        if not self.recorded:
            raise RuntimeError("replay asked for more dice than the action recorded")
        roll = self.recorded.pop(0)
        if roll["sides"] != sides:
            raise RuntimeError("replay asked for a different die than the action recorded")
        return int(roll["value"])


def verify_rolls(seed: bytes, game_id: str, actions: list[tuple[int, list[dict[str, Any]]]]) -> dict[str, Any]:
    """Recompute every recorded roll from the revealed seed. Scripted (sandbox) rolls are listed, not checked."""
    checked, scripted, mismatches = 0, 0, []
    for seq, rolls in actions:
        for roll in rolls:
            if roll.get("scripted"):
                scripted += 1
                continue
            expected = hmac_roll(seed, game_id, roll["k"], roll["sides"])
            checked += 1
            if expected != roll["value"]:
                mismatches.append({"seq": seq, "k": roll["k"], "sides": roll["sides"], "recorded": roll["value"],
                                   "recomputed": expected})
    return {"checked": checked, "scripted": scripted, "mismatches": mismatches, "ok": not mismatches,
            "commitment_ok": None}


def seed_matches(seed: bytes, expected_commitment: str) -> bool:
    return commitment(seed) == expected_commitment
