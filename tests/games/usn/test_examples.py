"""The printed examples U-X3 (Movement (V)) and U-X7 (Victory Point Schedule) replayed as the tutorials play them
(app/games/usn/tutorials.py, data/tutorials.toml): the same positions, orders and dice."""
import pytest

from app.engine.rng import ScriptedRng
from app.games.usn import tutorials

from .helpers import R, texts


def replay(tutorial_id):
    t = next(x for x in tutorials.TUTORIALS if x.id == tutorial_id)
    s = t.build()
    for step in t.steps:
        s = R.apply(s, step.role, step.order, ScriptedRng(list(step.dice)))
    return s


@pytest.mark.rule("Movement (V)")
def test_u_x3_three_lac_points_beyond_normal_range_fire_3_japanese_and_6_allied():
    log = texts(replay("usn-movement-v"))
    assert "Allied 3 LAC strike on hex 0663" in log and "the strike fires back with 6 (die 1)" in log
    assert "Japanese 3 LAC strike on hex 0824" in log and "the strike fires back with 3 (die 1)" in log


@pytest.mark.rule("Movement (V)")
def test_u_x3_within_normal_range_the_same_points_fire_15():
    t = next(x for x in tutorials.TUTORIALS if x.id == "usn-movement-v")
    s = t.build()
    s["ships"]["J-CV-3"]["hex"] = "0662"  # three hexes from Port Moresby: normal range
    s["examined"]["allied"] = {"0662": [["J-CV-3"]]}
    order = {"verb": "allocate", "args": dict(t.steps[1].order["args"], missions=[
        dict(t.steps[1].order["args"]["missions"][0], target="0662")])}
    s = R.apply(s, "japanese", t.steps[0].order, ScriptedRng())
    s = R.apply(s, "allied", order, ScriptedRng([1, 1, 1, 1, 1, 1, 1]))
    assert "the strike fires back with 15 (die 1)" in texts(s)


@pytest.mark.rule("Victory Point Schedule")
def test_u_x7_a_carrier_of_capacity_ten_sunk_is_worth_100():
    s = replay("usn-victory-points")
    assert s["ships"]["J-CV-3"]["sunk"] and s["ships"]["J-CV-3"]["capacity"] == 10
    assert "Allied +100 VP: Japanese J-CV-3 sunk." in texts(s, "allied")
