"""The five Combat Results Tables as the combat procedures read them: one call per roll.

Every value comes from app/games/solomons/tables.py (the data engineer's module over data/*.toml); this file
only adapts its calls to what the procedures need, so a table correction never touches combat code.
Each lookup returns the printed column label with the result, because players are told which cell was used.
"""
from __future__ import annotations

from app.games.solomons import tables
from app.games.solomons.combat.results import normal_code


def cell(table: str, column: str, die: int) -> dict:
    """The printed cell (text, provenance and its reading), for the log and the tests."""
    return tables.result(table, column, die)


def cap_aa_column(strength: int) -> str | None:
    """CAP/Anti-Aircraft CRT column for a (doubled) strength; None below the first column (no effect, 14.1)."""
    return tables.column_for_strength("cap_aa", strength)


def cap_aa_loss(column: str, die: int) -> int:
    return int(cell("cap_aa", column, die)["air_points_lost"])


def aircraft_naval_column(points: int, defense: int) -> str | None:
    return tables.column_for_odds("aircraft_naval", points, defense)


def aircraft_naval_allowed(points: int, defense: int) -> bool:
    """Below 1:2 is prohibited (Aircraft-Naval CRT note)."""
    return points > 0 and aircraft_naval_column(points, defense) is not None


def aircraft_naval_result(column: str, die: int) -> str:
    return normal_code(cell("aircraft_naval", column, die)["effect"])


def surface_column(attack: int, defense: int) -> str | None:
    return tables.column_for_odds("surface", attack, defense)


def surface_allowed(attack: int, defense: int) -> bool:
    """Below 1:1 is prohibited (Surface CRT note); a fight with no defense left is no fight."""
    return defense > 0 and attack > 0 and surface_column(attack, defense) is not None


def surface_fixed_column() -> str:
    """13.2: a submarine attacks at 1:1."""
    return tables.column_for_odds("surface", 1, 1)


def surface_result(column: str, die: int) -> tuple[str, str]:
    c = cell("surface", column, die)
    return normal_code(c["attacker"]), normal_code(c["defender"])


def bombardment_column(strength: int) -> str | None:
    return tables.column_for_strength("bombardment", strength)


def bombardment_result(column: str, die: int) -> tuple[int, str]:
    """(Air Points lost, supply: "none" | "half" | "all")."""
    c = cell("bombardment", column, die)
    return int(c["air_points_lost"]), c["supply_lost"]


def supply_lost(code: str | None, supply: int) -> int:
    """S½ = half of the Supply (rounded down), S = all of it (Bombardment CRT note)."""
    if code in (None, "none"):
        return 0
    if code == "half":
        return supply // 2
    if code == "all":
        return supply
    raise ValueError(f"unknown supply result {code!r}")


def ground_column(attack: int, defense: int) -> str | None:
    """12.4: round down; None below 1:1 (the caller sets defense aside first)."""
    return tables.column_for_odds("ground", attack, defense)


def ground_result(column: str, die: int) -> tuple[int, int]:
    c = cell("ground", column, die)
    return int(c["attacker"]), int(c["defender"])
