"""First Blood's worked examples as tutorials (app/play/tutorials.py): the positions they start from.

The orders, dice and results are data (data/tutorials.toml). Each position is the one the tests that replay the
figure build (positions.py, which the tests use too: test_movement.py, test_map.py, test_combat.py,
test_air.py): a fresh game with only the figure's pieces in play, at the phase the figure shows.
"""
from __future__ import annotations

from typing import Any

from app.engine import data as tables
from app.engine.tutorial import from_data
from app.games.first_blood.gamedata import FOLDER
from app.games.first_blood.positions import position

State = dict[str, Any]


def entering() -> State:
    """Figure 3: the Oct III turn (turn 6), 228/1 and 228/3 placed in the south-western entry point."""
    return position("movement", "ij", units={"ij-228-1": "entry:ij-southwest", "ij-228-3": "entry:ij-southwest"},
                    turn=6)


def landing() -> State:
    """Figure 2: a US unit on the entry point that leads to 0701."""
    return position("movement", "us", units={"us-7-1": "entry:us-east-1"})


def movement_costs() -> State:
    """Figure 4: a unit in 0710 (a US one, so that no enemy zone of control is near)."""
    return position("movement", "us", units={"us-1-1": "0710"})


# Figure 6: US 5-CF units in 0705, 0706, 0707; IJ 4-CF units in 0604, 0605, 0606.
FIG6 = {"us-1-1": "0705", "us-1-2": "0706", "us-1-3": "0707", "ij-124-1": "0604", "ij-124-3": "0605",
        "ij-4-2": "0606"}


def dividing_attacks() -> State:
    return position("combat", "us", units=FIG6)


def river_and_jungle() -> State:
    """Figure 7, left: two IJ units across the river from the US unit in jungle 0809."""
    return position("combat", "ij", units={"ij-124-1": "0710", "ij-124-3": "0810", "us-1-1": "0809"})


def ridge() -> State:
    """Figure 7, right: the US stack in 0606 against the IJ units in 0506 (jungle) and 0507 (behind the ridge)."""
    return position("combat", "us", units={"us-1-1": "0606", "us-1-2": "0606", "us-1-3": "0606", "ij-124-1": "0506",
                                     "ij-124-3": "0507"})


def artillery_range() -> State:
    """Figure 8: the IJ artillery unit in 0311, range 5, at the IJ combat phase."""
    return position("combat", "ij", units={"ij-35bde": "0311"})


BUILDERS = {"entering": entering, "landing": landing, "movement_costs": movement_costs,
            "dividing_attacks": dividing_attacks, "river_and_jungle": river_and_jungle, "ridge": ridge,
            "artillery_range": artillery_range}

TUTORIALS = from_data("first_blood", tables.load(FOLDER / "tutorials.toml")["tutorial"], BUILDERS)
