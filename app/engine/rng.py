"""Dice. Game code gets every random number from an `Rng`, never from the global `random` module.

`HmacRng` is the dice anyone can verify: roll k of a game is drawn from HMAC-SHA256(seed, "game_id:k").
The digest is read as 4-byte unsigned integers and a value is accepted only below the largest multiple of the
number of sides (rejection sampling), so a d6 and a d10 are exactly fair. If all eight words of a digest are
rejected, the draw continues with HMAC-SHA256(seed, "game_id:k:j") for j = 1, 2, ...

`ScriptedRng` replays given values, for rules tests and for sandbox games that replay a rulebook example.
"""
from __future__ import annotations

import hashlib
import hmac
from typing import Any, Sequence

from app.engine.errors import DiceExhausted

WORD = 4
SPACE = 1 << (8 * WORD)


class Rng:
    """Base class: subclasses implement `_draw(sides)`. Every draw is recorded in `rolls`."""

    def __init__(self) -> None:
        self.rolls: list[dict[str, int]] = []

    def _draw(self, sides: int) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def die(self, sides: int) -> int:
        """A roll from 1 to `sides`."""
        if sides < 1:
            raise ValueError("a die has at least one side")
        value = self._draw(sides)
        self.rolls.append({"sides": sides, "value": value})
        return value

    def d6(self) -> int:
        return self.die(6)

    def d10(self) -> int:
        """A ten-sided die read 1..10 (a printed 0 counts as 10)."""
        return self.die(10)

    def choice(self, items: Sequence[Any]) -> Any:
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[self.die(len(items)) - 1]

    def shuffle(self, items: Sequence[Any]) -> list[Any]:
        """A new list in random order (Fisher-Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.die(i + 1) - 1
            out[i], out[j] = out[j], out[i]
        return out

    @property
    def used(self) -> int:
        return len(self.rolls)


def hmac_roll(seed: bytes, game_id: str, k: int, sides: int) -> int:
    """Roll number k (0-based) of a game, from 1 to `sides`, by rejection sampling."""
    limit = SPACE - SPACE % sides
    j = 0
    while True:
        message = f"{game_id}:{k}" if j == 0 else f"{game_id}:{k}:{j}"
        digest = hmac.new(seed, message.encode(), hashlib.sha256).digest()
        for i in range(0, len(digest), WORD):
            word = int.from_bytes(digest[i:i + WORD], "big")
            if word < limit:
                return word % sides + 1
        j += 1


def commitment(seed: bytes) -> str:
    """The SHA-256 of the seed, shown from the first page so the seed can be checked once revealed."""
    return hashlib.sha256(seed).hexdigest()


class HmacRng(Rng):
    """Verifiable dice: roll k = HMAC-SHA256(seed, f"{game_id}:{k}"), counting from `start`."""

    def __init__(self, seed: bytes, game_id: str, start: int = 0):
        super().__init__()
        self.seed = seed
        self.game_id = game_id
        self.next_k = start

    def _draw(self, sides: int) -> int:
        value = hmac_roll(self.seed, self.game_id, self.next_k, sides)
        self.next_k += 1
        return value


class ScriptedRng(Rng):
    """Dice that come out as written: for rules tests and for sandbox games replaying an example.

    Running out of scripted dice raises DiceExhausted, so a test notices a roll it did not expect.
    """

    def __init__(self, values: Sequence[int] = ()):
        super().__init__()
        self.script = list(values)

    def push(self, *values: int) -> None:
        self.script.extend(values)

    def _draw(self, sides: int) -> int:
        if not self.script:
            raise DiceExhausted(f"the scripted dice have run out (after {self.used} rolls)")
        value = self.script.pop(0)
        if not 1 <= value <= sides:
            raise ValueError(f"scripted roll {value} does not fit a d{sides}")
        return value

    @property
    def remaining(self) -> int:
        return len(self.script)


class SeededRng(Rng):
    """Deterministic dice from an integer seed, for fuzzing and computer players in tests and benchmarks."""

    def __init__(self, seed: int):
        super().__init__()
        self._inner = HmacRng(seed.to_bytes(16, "big", signed=False), "seeded")

    def _draw(self, sides: int) -> int:
        return self._inner._draw(sides)


class FastRng(Rng):
    """Dice for a computer player's look-ahead (app/engine/search.py): seeded from the bot's own stream, never the
    game's dice. Rollouts roll thousands of dice, and an HMAC per roll would eat the thinking budget, so this is
    splitmix64 (Steele, Lea and Flood, 2014), with the same rejection sampling as `HmacRng` so every face is equally
    likely. Not for anything a player can verify: only for what a bot imagines."""

    MASK = (1 << 64) - 1

    def __init__(self, seed: int):
        super().__init__()
        self._state = seed & self.MASK

    def _next(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & self.MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def _draw(self, sides: int) -> int:
        limit = (1 << 64) - (1 << 64) % sides
        while True:
            x = self._next()
            if x < limit:
                return x % sides + 1
