"""Coastal Defense units (Game Equipment; Movement (H); Stacking (B); Supply (E); Amphibious Assault; Missions:
Bombardment of Coastal Defense Unit, Bombing Coastal Defense Unit), placed into the Coral Sea position (it has none:
Campaign Game 1 prints 50-20, 30-10 and 6-2 units)."""
import pytest

from app.engine.errors import IllegalAction
from app.games.usn import coastal, grid, supply

from .helpers import R, act, at, deployed, texts

PM, LAE = "0659", "0692"


def with_cd(s, uid, side, h, name="30-10 Coastal Defense"):
    s["land"][uid] = coastal.new_unit(uid, side, h, name)
    return s


def off_port_moresby():
    """Step 2: the Japanese CA-1, CA-2 and CL-1 beside Port Moresby, where an Allied 30-10 Coastal Defense unit
    stands."""
    s = with_cd(deployed(), "A-CD1", "allied", PM)
    for sid in ("J-CA-1", "J-CA-2", "J-CL-1"):
        s["ships"][sid]["hex"] = "0693"
    return s


def bombard_cd(s, dice):
    return act(s, "japanese", "move", dice, moves={sid: {"stop": PM} for sid in ("J-CA-1", "J-CA-2", "J-CL-1")},
               bombard={PM: "A-CD1"})


@pytest.mark.rule("Mission: Bombardment of Coastal Defense Unit")
def test_ships_and_coastal_defense_exchange_fire_and_both_results_stand():
    s = bombard_cd(off_port_moresby(), [2, 1, 3])
    # 20 + 20 + 10 = 50 against 10 (CRT 4, 5-1, die 2): 2, destroyed; it fires back at the CL (Defense 6, its best
    # odds): 30 against 6 (5-1, die 1): 3; CRT 5 (die 3): 10 weeks, applied although the unit is destroyed
    line = texts(s)
    assert "bombard Allied 30-10 Coastal Defense at 0659: 50 against 10 (die 2): damage number 2" in line
    assert "fires back at J-CL-1: 30 against 6 (die 1): damage number 3; CRT 5 (die 3): 10" in line
    assert s["land"]["A-CD1"]["destroyed"] and s["ships"]["J-CL-1"]["damage"] == 10
    assert s["vp"]["japanese"] == 0  # Coastal Defense: 0 Victory Points


@pytest.mark.rule("Mission: Bombardment of Coastal Defense Unit")
def test_a_result_below_two_leaves_the_coastal_defense_unit_standing():
    s = bombard_cd(off_port_moresby(), [3, 6])
    assert "damage number 1" in texts(s) and not s["land"]["A-CD1"].get("destroyed")
    assert s["land"]["A-CD1"]["hex"] == PM


@pytest.mark.rule("Detailed Sequence of Play, Step 2 (F)")
def test_no_bombardment_of_land_units_or_bases_beside_an_undestroyed_coastal_defense_unit():
    s = off_port_moresby()
    for target in ("air base", "A-L1"):
        with pytest.raises(IllegalAction, match="undestroyed enemy Coastal Defense unit"):
            act(s, "japanese", "move", moves={"J-CA-1": {"stop": PM}}, bombard={PM: target})


@pytest.mark.rule("Errata: Amphibious Assault")
def test_units_are_never_landed_in_a_hex_with_an_enemy_coastal_defense_unit():
    s = deployed()
    s = act(s, "japanese", "move", moves={"J-TR-1": {"embark": ["J-L2", "J-L3"]}})
    s = with_cd(at(s, "land_attack", "japanese"), "A-CD1", "allied", PM)
    s["ships"]["J-TR-1"]["hex"] = PM
    with pytest.raises(IllegalAction, match="never be landed in a hex occupied by an enemy Coastal Defense"):
        act(s, "japanese", "land_attack", land=["J-L2", "J-L3"], attack=["J-L2", "J-L3"])


@pytest.mark.rule("Mission: Bombing Coastal Defense Unit")
def test_air_units_bombing_destroy_a_coastal_defense_unit_on_two_or_more():
    for die, gone in ((5, True), (6, False)):
        s = with_cd(at(deployed(), "allocation", n=6), "J-CD1", "japanese", LAE)
        s = act(s, "japanese", "allocate", missions=[], cap=[])
        s = act(s, "allied", "allocate", [die], missions=[], cap=[], land_strikes=[
            {"from": f"base:{PM}", "kind": "lac", "points": 10, "target": LAE, "unit": "J-CD1"}])
        # 10 x 16 = 160 against 10: CRT 4 at 8-1; die 5: 2 (destroyed), die 6: 1 (ignored)
        assert f"Allied air units bomb Japanese 30-10 Coastal Defense at {LAE}: 160 against 10 (die {die})" in texts(s)
        assert bool(s["land"]["J-CD1"].get("destroyed")) is gone, die


@pytest.mark.rule("Movement (H)")
def test_coastal_defense_never_moves_and_stays_normal_out_of_supply():
    s = with_cd(at(deployed(), "land_move", "japanese"), "J-CD1", "japanese", LAE, "6-2 Coastal Defense")
    with pytest.raises(IllegalAction, match="Coastal Defense unit: it may never move"):
        act(s, "japanese", "land_move", moves={"J-CD1": "0693"}, entrench=[], disentrench=[])
    for h in (LAE, "0759"):
        s["bases"][h]["air"].update(lac=0, lbac=0, nac=0)  # Port Moresby's zone undisputed at Lae
    assert not supply.supplied(s, s["land"]["J-L1"]) and supply.supplied(s, s["land"]["J-CD1"])  # Supply (E)


@pytest.mark.rule("Stacking (B)")
def test_an_enemy_land_unit_in_its_hex_destroys_an_undefended_coastal_defense_unit():
    s = with_cd(at(deployed(), "land_move", "allied"), "J-CD1", "japanese", "0693", "6-2 Coastal Defense")
    assert grid.adjacent(PM, "0693")
    s["land"]["A-L1"]["entrenched"] = False
    s = act(s, "allied", "land_move", moves={"A-L1": "0693"}, entrench=[], disentrench=[])
    assert s["land"]["J-CD1"]["destroyed"] and "Stacking (B)" in texts(s)
    s = with_cd(at(deployed(), "land_move", "allied"), "J-CD1", "japanese", "0693", "6-2 Coastal Defense")
    s["land"]["J-L1"]["hex"] = "0693"
    s["land"]["A-L1"]["entrenched"] = False
    s = act(s, "allied", "land_move", moves={"A-L1": "0693"}, entrench=[], disentrench=[])
    assert not s["land"]["J-CD1"].get("destroyed")  # the regiment with it defends it
    assert next(u for u in R.view(s, "allied")["land"] if u["id"] == "J-CD1")["hex"] == "0693"
