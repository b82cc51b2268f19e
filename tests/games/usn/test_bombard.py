"""Naval bombardment of bases (Step 2 (F); Mission Capability Chart: Naval Units, Bombardment of Bases) and what a
neutralized base may no longer do (Movement (S); Supply (G)), through `apply` with scripted dice."""
import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.usn import board, bombard, grid, land, records, steps, strength, supply

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
    assert "base:0659" not in supply.air_stations(s, "allied")  # Movement (S): nothing takes off
    later = dict(s, turn=2, step=dict(s["step"], index=s["step"]["index"] - 1))
    assert board.neutralized(later, PM, "air")
    assert not board.neutralized(dict(s, turn=2), PM, "air")  # one complete Game-Turn later, lifted
    bombard.base_result(s, s["bases"]["0698"], "air", "X")
    assert s["bases"]["0698"]["capacity"] == 5 and sum(s["bases"]["0698"]["air"].values()) == 0


@pytest.mark.rule("Supply (G)")
def test_a_neutralized_naval_base_does_not_refuel():
    s = at(deployed(), "records", n=len(steps.TURN) - 1)
    noumea = s["bases"]["0899"]
    bombard.base_result(s, noumea, "naval", 20)
    records.end_of_turn(s, ScriptedRng())
    assert s["ships"]["A-CV-5"]["at_sea"] == 1 and s["ships"]["A-CA-2"]["at_sea"] == 0  # Sydney still refuels
    assert "naval base at 0899 is neutralized" in texts(s)
    assert R.view(s, "japanese")["bases"][[b["hex"] for b in R.view(s, "japanese")["bases"]].index("0899")][
        "neutralized"] == {"naval": [2, s["step"]["index"]]}  # open to both: the bombardment was public


@pytest.mark.rule("Bombardment of Land Units")
def test_naval_bombardment_of_a_land_unit_counts_only_a_dx():
    s = near_pm()
    s["land"]["A-L1"]["entrenched"] = False
    moves = {sid: {"stop": PM} for sid in ("J-CA-1", "J-CA-2", "J-CL-1")}
    s = act(s, "japanese", "move", (6,), moves=moves, bombard={PM: "A-L1"})  # 50 v 15 = 3-1, die 6: D1 ignored
    assert "J-CA-1, J-CA-2, J-CL-1 bombard Allied 8-15 Regiment at 0659: 50 against 15 (die 6): D1, no effect" in texts(s)
    assert s["land"]["A-L1"]["hex"] == PM and R.view(s, "allied")["land"][-1]["supplied"] is True
    assert PM in s["bases"]  # a D1 would have cost the base: ignored
    with pytest.raises(IllegalAction, match="No enemy land unit 6-12 Regiment is ashore at hex 0659") as e:
        act(near_pm(), "japanese", "move", moves=moves, bombard={PM: "J-L1"})
    assert e.value.rule == "Mission Capability Chart: Naval Units, Bombardment of Land Units"


def bombed_lae(dice=(3,)):
    """Step 5: the Allied 10 LAC and 5 LBAC of Port Moresby bomb the Japanese 6-12 regiment at Lae (Defense 12)."""
    s = at(deployed(), "allocation", n=6)
    s = act(s, "japanese", "allocate", missions=[], cap=[])
    return act(s, "allied", "allocate", dice, missions=[], cap=[], land_strikes=[
        {"from": f"base:{PM}", "kind": "lac", "points": 10, "target": "0692", "unit": "J-L1"},
        {"from": f"base:{PM}", "kind": "lbac", "points": 5, "target": "0692", "unit": "J-L1"}])


@pytest.mark.rule("Bombing of Land Units")
def test_a_dx_of_bombing_deprives_a_land_unit_of_supply_for_one_full_game_turn():
    s = bombed_lae()
    # 10 x 16 + 5 x 10 = 210 against 12: CRT 1 at 10-1 or more, die 3: Dx
    assert "Allied air units bomb Japanese 6-12 Regiment at 0692: 210 against 12 (die 3): Dx, deprived of supply" \
        in texts(s)
    u = s["land"]["J-L1"]
    assert u["hex"] == "0692" and not supply.supplied(s, u)  # not destroyed: only deprived of supply
    view = R.view(s, "japanese")
    assert next(x for x in view["land"] if x["id"] == "J-L1")["supplied"] is False
    j = at(s, "land_move", "japanese")
    with pytest.raises(IllegalAction, match="out of supply and may not move") as e:
        act(j, "japanese", "land_move", moves={"J-L1": "0693"}, entrench=[], disentrench=[])
    assert e.value.rule == "Movement (G)"
    with pytest.raises(IllegalAction, match="out of supply and may not entrench"):
        act(j, "japanese", "land_move", moves={}, entrench=["J-L1"], disentrench=[])
    assert strength.defense(s, u) == 6  # Supply (E): Defense halved
    assert supply.supplied(dict(s, turn=2), u)  # one full Game-Turn later, restored


@pytest.mark.rule("Bombing of Land Units")
def test_bombing_is_not_combined_with_naval_bombardment_of_the_same_unit():
    s = at(deployed(), "allocation", n=6)
    s["land"]["J-L1"]["naval_bombarded"] = s["turn"]
    with pytest.raises(IllegalAction, match="may not be combined"):
        act(s, "allied", "allocate", missions=[], cap=[], land_strikes=[
            {"from": f"base:{PM}", "kind": "lac", "points": 10, "target": "0692", "unit": "J-L1"}])


@pytest.mark.rule("Errata: Coral Sea Victory Conditions")
def test_the_engineers_score_on_guadalcanal_only_in_supply():
    s = deployed()
    s["land"]["J-L4"].update(hex="0828")
    assert ("japanese", 10, "Engineer regiment on Guadalcanal") in records.geographic(s)
    s["land"]["J-L4"]["unsupplied_until"] = [s["turn"] + 1, s["step"]["index"]]
    assert all(why != "Engineer regiment on Guadalcanal" for _, _, why in records.geographic(s))


@pytest.mark.rule("Supply (E)")
def test_out_of_supply_a_defender_of_a_base_dies_on_d1_and_cannot_retreat_on_d2():
    for result in ("D1", "D2"):
        s = bombed_lae()
        u = s["land"]["J-L1"]
        land.apply_land_result(s, "0692", [s["land"]["A-L1"]], [u], result)
        assert u.get("destroyed") and u["hex"] is None, result
    s = deployed()  # in supply, the same D2 retreats the regiment
    land.apply_land_result(s, "0692", [s["land"]["A-L1"]], [s["land"]["J-L1"]], "D2")
    assert s["land"]["J-L1"]["hex"] not in (None, "0692")
