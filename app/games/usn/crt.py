"""The Combat Results Tables (Combat Results Tables, Nos. 1-5) read from data/crt.toml. Each function takes the die
roll the caller drew from the engine's Rng, so tests script the dice; "-" is no effect."""
from __future__ import annotations

from app.games.usn import gamedata

_T = gamedata.load("crt")


def _row(table: str, roll: int) -> list[str]:
    return next(r["cells"] for r in _T[table]["row"] if r["roll"] == roll)


def air(strength: int, roll: int) -> tuple[int, int]:
    """CRT 2, Air: (aborted, destroyed) air points from a firer's total air-to-air or AA strength."""
    if strength <= 0:
        return 0, 0
    bands = [(1, 5), (6, 9)] + [(10 * k, 10 * k + 9) for k in range(1, 10)] + [
        (100, 119), (120, 139), (140, 159), (160, 179), (180, 199)]
    col = next((i for i, (lo, hi) in enumerate(bands) if lo <= strength <= hi), len(bands))
    cell = _row("crt2", roll)[col]
    if cell == "-":
        return 0, 0
    aborted, destroyed = cell.split("/")
    return (0 if aborted == "-" else int(aborted)), (0 if destroyed == "-" else int(destroyed))


def air_to_surface(attack: int, defense: int, roll: int) -> int:
    """CRT 3 (air to surface): the damage number (0 for no effect) at attack:defense odds, rounded down; columns
    1-1..5-1, 6-1..10-1, ... 36-1 and greater; below 1-1 no effect (digest ambiguity 17)."""
    odds = attack // max(defense, 1)
    if odds < 1:
        return 0
    col = min((odds - 1) // 5, 7)
    cell = _row("crt34", roll)[col]
    return 0 if cell == "-" else int(cell)


def surface_to_surface(attack: int, defense: int, roll: int) -> int:
    """CRT 4: the damage number at odds 1-1 .. 8-1 and greater."""
    odds = attack // max(defense, 1)
    if odds < 1:
        return 0
    cell = _row("crt34", roll)[min(odds, 8) - 1]
    return 0 if cell == "-" else int(cell)


def damage(number: int, roll: int) -> int | str:
    """CRT 5: weeks of damage for a damage number 1-8, "X" destroyed, 0 none."""
    if number <= 0:
        return 0
    cell = _row("crt5", roll)[min(number, 8) - 1]
    return 0 if cell == "-" else ("X" if cell == "X" else int(cell))


_CRT1_COLUMNS = _T["crt1"]["columns"]


def land(attack: int, defense: int, roll: int) -> str:
    """CRT 1, Land: Ax, D1, D2 or Dx at attack:defense odds rounded down ("1-2 or less" the first column)."""
    if attack * 1 < defense:  # worse than 1-1: the first column (1-2 or less)
        col = 0
    else:
        col = min(attack // max(defense, 1), 10)
    return _row("crt1", roll)[col]
