"""Naval bombardment of bases (Step 2 (F); Mission Capability Chart: Naval Units, Bombardment of Bases) and what a
neutralized base may no longer do (Movement (S); Supply (G)), through `apply` with scripted dice."""
import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.usn import board, bombard, grid, records

from .helpers import R, act, at, deployed, texts

PM = "0659"  # Port Moresby: an Allied air base, 10 LAC and 5 LBAC after the default deployment
RULE = "Mission Capability Chart: Naval Units, Bombardment of Bases"


def near_pm(ships=("J-CA-1", "J-CA-2", "J-CL-1")):
    s = deployed()
    start = grid.neighbours(PM)[0]
    for sid in ships:
        s["ships"][sid]["hex"] = start
    return s


@pytest.mark.rule("Bombardment of Bases")
def test_cruisers_bombard_an_air_base_and_destroy_its_air_points_by_the_schedule():
    s = near_pm()
    moves = {sid: {"stop": PM} for sid in ("J-CA-1", "J-CA-2", "J-CL-1")}
    # 50 against Defense 10: CRT 4 at 5-1, die 1 -> damage number 3; CRT 5 die 1 -> "15": 25% of 15 points
    s = act(s, "japanese", "move", (1, 1), moves=moves, bombard={PM: "air base"})
    assert "J-CA-1, J-CA-2, J-CL-1 bombard the air base at hex 0659: 50 against 10 (die 1)" in texts(s)
    assert s["bases"][PM]["air"] == {"lac": 7, "lbac": 5, "nac": 0}  # 3 points; the cheapest (LAC, 1/2 VP) first
    assert s["vp"]["japanese"] == 1.5
    assert not board.neutralized(s, PM, "air")  # "15" is below 20: not neutralized


@pytest.mark.rule("Bombardment of Bases")
def test_only_bombardment_ships_in_the_hex_and_never_beside_enemy_naval_units():
    s = near_pm(("J-CA-1", "J-CV-3"))
    with pytest.raises(IllegalAction, match="must enter the target's hex") as e:
        act(s, "japanese", "move", moves={"J-CV-3": {"stop": PM}}, bombard={PM: "air base"})
    assert e.value.rule == RULE
    with pytest.raises(IllegalAction, match="no enemy naval base"):
        act(s, "japanese", "move", moves={"J-CA-1": {"stop": PM}}, bombard={PM: "naval base"})
    s["ships"]["A-DD-1"]["hex"] = PM
    with pytest.raises(IllegalAction, match="holds enemy naval units") as e:
        act(s, "japanese", "move", moves={"J-CA-1": {"stop": PM}}, bombard={PM: "air base"})
    assert e.value.rule == "Detailed Sequence of Play, Step 2 (F)"


@pytest.mark.rule("Bombardment of Bases")
def test_a_result_of_twenty_or_more_neutralizes_for_one_complete_game_turn_and_x_takes_five_capacity():
    s = at(deployed(), "naval", "japanese")
    b = s["bases"][PM]
    bombard.base_result(s, b, "air", 30)
    assert b["air"] == {"lac": 3, "lbac": 5, "nac": 0}  # 50% of 15, dropping the fraction: 7 LAC
    assert board.neutralized(s, PM, "air")
    assert "base:0659" not in board.air_stations(s, "allied")  # Movement (S): nothing takes off
    later = dict(s, turn=2, step=dict(s["step"], n=s["step"]["n"] - 1))
    assert board.neutralized(later, PM, "air")
    assert not board.neutralized(dict(s, turn=2), PM, "air")  # one complete Game-Turn later, lifted
    bombard.base_result(s, s["bases"]["0698"], "air", "X")
    assert s["bases"]["0698"]["capacity"] == 5 and sum(s["bases"]["0698"]["air"].values()) == 0


@pytest.mark.rule("Supply (G)")
def test_a_neutralized_naval_base_does_not_refuel():
    s = at(deployed(), "records", n=len(__import__("app.games.usn.sequence", fromlist=["TURN"]).TURN) - 1)
    noumea = s["bases"]["0899"]
    bombard.base_result(s, noumea, "naval", 20)
    records.end_of_turn(s, ScriptedRng())
    assert s["ships"]["A-CV-5"]["at_sea"] == 1 and s["ships"]["A-CA-2"]["at_sea"] == 0  # Sydney still refuels
    assert "naval base at 0899 is neutralized" in texts(s)
    assert R.view(s, "japanese")["bases"][[b["hex"] for b in R.view(s, "japanese")["bases"]].index("0899")][
        "neutralized"] == {"naval": [2, s["step"]["n"]]}  # open to both: the bombardment was public
