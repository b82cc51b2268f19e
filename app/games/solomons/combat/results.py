"""Naval results of the Surface and Aircraft-Naval CRTs applied to a list of ships (15.3x CRT note, 14.3).

Codes, as tables.py gives them after `normal_code`: "-" no effect, "C" all crippled, "D" all destroyed,
"hC" / "hD" half (rounded down, chosen at random) crippled / destroyed, "hCD" half crippled and half destroyed
with an odd ship crippled. A single ship given hC or hD suffers that effect on a roll of 1 on a d2 (CRT note).
"""
from __future__ import annotations

from app.engine.rng import Rng

CRIPPLED = "crippled"
SUNK = "sunk"

# How the printed symbols read; tables.py may print the half sign either way.
_SPELLINGS = {
    "": "-", "-": "-", "—": "-", "–": "-", "none": "-",
    "C": "C", "D": "D",
    "½C": "hC", "1/2C": "hC", "hC": "hC",
    "½D": "hD", "1/2D": "hD", "hD": "hD",
    "½CD": "hCD", "1/2CD": "hCD", "hCD": "hCD",
    # tables.py's readings of the printed cells
    "crippled": "C", "destroyed": "D", "half_crippled": "hC", "half_destroyed": "hD",
    "half_crippled_half_destroyed": "hCD",
}


def normal_code(code: str | None) -> str:
    """One spelling for a naval result code, whatever the table file prints."""
    key = (code or "").strip()
    if key not in _SPELLINGS:
        raise ValueError(f"unknown naval result {code!r}")
    return _SPELLINGS[key]


def apply_naval_result(code: str | None, ships: list[str], rng: Rng) -> dict[str, str]:
    """Which of `ships` are crippled or sunk by one CRT result: {unit_id: "crippled"|"sunk"}.

    Dice are drawn only when the result leaves a choice: which half (a shuffle), or a lone ship's fate.
    """
    code = normal_code(code)
    ships = list(ships)
    if code == "-" or not ships:
        return {}
    if code == "C":
        return {s: CRIPPLED for s in ships}
    if code == "D":
        return {s: SUNK for s in ships}
    if len(ships) == 1 and code in ("hC", "hD"):
        # CRT note: "A single unit receiving ½C or ½D is randomly crippled or destroyed": the named effect on an
        # even chance (half of one ship, chosen at random), so ½C never sinks (docs/games/solomons.md).
        return {ships[0]: CRIPPLED if code == "hC" else SUNK} if rng.die(2) == 1 else {}
    order = rng.shuffle(ships)
    half = len(ships) // 2
    if code == "hC":
        return {s: CRIPPLED for s in order[:half]}
    if code == "hD":
        return {s: SUNK for s in order[:half]}
    # hCD: "cripples half and destroys half, with an odd unit crippled"
    sunk = order[:half]
    return {s: (SUNK if s in sunk else CRIPPLED) for s in order}
