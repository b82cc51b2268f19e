"""U.S.N.'s worked examples as tutorials (app/play/tutorials.py): the positions they start from.

The orders, dice and results are data (data/tutorials.toml). Each position is a Coral Sea game at Step 5 (E), the
secret air allocation, with only the example's ships afloat (every other ship is out of play, so nothing else is
examined or struck) and the example's air points on their stations; Step (D)'s examination is run on it as the
sequence of play runs it. tests/games/usn/test_examples.py replays the same orders with the same dice.

Not made a tutorial: U-X9 (the Midway simulation's run from Osaka, Midway simulation) needs the Midway situation,
which is not built (docs/games/usn.md).
"""
from __future__ import annotations

from typing import Any

from app.engine import data as tables
from app.engine.rng import ScriptedRng
from app.engine.tutorial import from_data
from app.games.usn import air, board, steps
from app.games.usn.gamedata import FOLDER

State = dict[str, Any]
ALLOCATION = next(i for i, st in enumerate(steps.TURN) if st.kind == "allocation")  # Step 5 (E)


def position(ships: dict[str, str], nac: dict[str, int], air_points: dict[str, dict[str, int]]) -> State:
    """Game-Turn 1 at Step 5 (E) with only `ships` ({id: hex}) afloat, `nac` aboard the carriers and `air_points`
    ({base hex: {kind: points}}) on the bases; every enemy stack in air range examined (Step (D))."""
    s = board.new_state()
    s["ships"] = {sid: dict(s["ships"][sid], hex=h, nac=nac.get(sid, 0)) for sid, h in ships.items()}
    for h, pts in air_points.items():
        s["bases"][h]["air"].update(pts)
    s["step"] = steps.position(ALLOCATION)
    s["log"] = []
    air.examine(s, ScriptedRng())
    return s


def beyond_normal_range() -> State:
    """U-X3: 3 Japanese LAC at Rabaul and 3 Allied LAC at Port Moresby, each four hexes (beyond the LAC's normal
    range of three, within its extended four) from an enemy carrier flying CAP."""
    return position({"J-CV-3": "0663", "A-CV-5": "0824"}, {"J-CV-3": 2, "A-CV-5": 2},
                    {"0759": {"lac": 3}, "0659": {"lac": 3}})


def carrier_sunk() -> State:
    """U-X7: J-CV-3 (Air Capacity 10, no aircraft aboard) two hexes from A-CV-5 with 10 NAC."""
    return position({"J-CV-3": "0826", "A-CV-5": "0824"}, {"A-CV-5": 10}, {})


BUILDERS = {"beyond_normal_range": beyond_normal_range, "carrier_sunk": carrier_sunk}
TUTORIALS = from_data("usn", tables.load(FOLDER / "tutorials.toml")["tutorial"], BUILDERS, scenario="coral_sea")
