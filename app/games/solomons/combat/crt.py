"""The five Combat Results Tables as the combat procedures read them: one call per roll.

Every value comes from app/games/solomons/tables.py (the data engineer's module over data/*.toml); this file
only adapts its calls to what the procedures need, so a table correction never touches combat code.
Each lookup returns the printed column label with the result, because players are told which cell was used.
"""
from __future__ import annotations

try:  # the data engineer's module; it lands after this one
    from app.games.solomons import tables
except ImportError:  # pragma: no cover
    tables = None
from app.games.solomons.combat.results import normal_code


def cap_aa_column(strength: int) -> str | None:
    """CAP/Anti-Aircraft CRT column for a (doubled) strength; None below the first column (no effect)."""
    return tables.cap_aa_column(strength)


def cap_aa_loss(column: str, die: int) -> int:
    return int(tables.cap_aa_result(column, die))


def aircraft_naval_column(points: int, defense: int) -> str | None:
    return tables.aircraft_naval_column(points, defense)


def aircraft_naval_allowed(points: int, defense: int) -> bool:
    """Below 1:2 is prohibited (Aircraft-Naval CRT note)."""
    return points > 0 and aircraft_naval_column(points, defense) is not None


def aircraft_naval_result(column: str, die: int) -> str:
    code = normal_code(tables.aircraft_naval_result(column, die))
    if code not in ("-", "C", "D"):
        raise ValueError(f"Aircraft-Naval CRT gave {code!r}")
    return code


def surface_column(attack: int, defense: int) -> str | None:
    return tables.surface_column(attack, defense)


def surface_allowed(attack: int, defense: int) -> bool:
    """Below 1:1 is prohibited (Surface CRT note); a fight with no defense left is no fight."""
    return defense > 0 and surface_column(attack, defense) is not None


def surface_fixed_column() -> str:
    """13.2: a submarine attacks at 1:1."""
    return tables.surface_column(1, 1)


def surface_result(column: str, die: int) -> tuple[str, str]:
    attacker, defender = tables.surface_result(column, die)
    return normal_code(attacker), normal_code(defender)


def bombardment_column(strength: int) -> str | None:
    return tables.bombardment_column(strength)


def bombardment_result(column: str, die: int) -> tuple[int, str | None]:
    """(Air Points lost, supply code: None, "half" or "all")."""
    air, supply = tables.bombardment_result(column, die)
    return int(air or 0), supply


def supply_lost(code: str | None, supply: int) -> int:
    """S½ = half of the Supply (rounded down), S = all of it (Bombardment CRT note)."""
    if not code:
        return 0
    if code in ("S½", "half", "S1/2"):
        return supply // 2
    if code in ("S", "all"):
        return supply
    raise ValueError(f"unknown supply result {code!r}")


def ground_column(attack: int, defense: int) -> str:
    return tables.ground_column(attack, defense)


def ground_result(column: str, die: int) -> tuple[int, int]:
    attacker, defender = tables.ground_result(column, die)
    return int(attacker or 0), int(defender or 0)
