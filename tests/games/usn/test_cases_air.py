"""Air and naval combat cases (Combat (H), (I), (K); Movement (R), (S), (T); the missions CAP, Anti-Aircraft
Defense of Naval Units, Bombing of Naval Units; the NAC Air Unit Strength Charts; CRT 4; the Air Mission
Allocation Chart) with scripted dice, on the Coral Sea carrier position of test_air."""
import pytest

from app.engine.errors import IllegalAction
from app.games.usn import air, board, crt, damage, strength

from .helpers import R, act, at, deployed, texts
from .test_air import J_HEX, _allied_hex, carriers_in_range
from .test_supply import isolate_port_moresby

RABAUL = "0759"


def strike(s, dice, **mission):
    s = act(s, "japanese", "allocate", missions=[], cap=[])
    m = {"from": "A-CV-5", "kind": "nac", "points": 10, "target": J_HEX, "group": 1, "ship": 1}
    m.update(mission)
    return act(s, "allied", "allocate", list(dice), missions=[m], cap=[])


@pytest.mark.rule("Mission: Combat Air Patrol (CAP)")
def test_cap_flies_over_its_own_hex_only_and_never_with_lbac():
    s = carriers_in_range()
    s["bases"]["0659"]["air"]["lbac"] = 5
    with pytest.raises(IllegalAction, match="LBAC do not fly Combat Air Patrol"):
        act(s, "allied", "allocate", missions=[], cap=[{"from": "base:0659", "kind": "lbac", "points": 2}])
    cap = R.prompts(s)["allied"]["actions"][0]["args"]["cap"]
    assert "target" not in str(cap.get("item", cap))  # no "TO" box: it flies over its origin
    # CAP that meets a strike fights it before the anti-aircraft fires (both fire at once on CRT 2)
    s = act(s, "japanese", "allocate", missions=[], cap=[{"from": "J-CV-4", "kind": "nac", "points": 4}])
    s = act(s, "allied", "allocate", [1, 1, 1, 1, 1], cap=[],
            missions=[{"from": "A-CV-5", "kind": "nac", "points": 10, "target": J_HEX, "group": 1, "ship": 1}])
    log = texts(s)
    assert log.index("CAP 4 points meet it") < log.index("Anti-aircraft 30")


@pytest.mark.rule("Mission: Anti-Aircraft Defense of Naval Units")
def test_ships_in_a_naval_base_add_the_base_s_twenty_to_their_anti_aircraft():
    for where, aa in ((J_HEX, 30), (RABAUL, 50)):  # CV-3 + CV-4 15 each; in Rabaul's naval base + 20
        s = deployed()
        for sid in ("J-CV-3", "J-CV-4", "J-CA-1", "J-CA-2"):
            s["ships"][sid]["hex"] = where
        for sid in ("A-CV-5", "A-CV-2", "A-CA-1", "A-DD-1"):
            s["ships"][sid]["hex"] = _allied_hex() if where == J_HEX else "0725"
        s = at(s, "examine", n=5)
        R.sequence.procedures["examine"](s, None)
        s = at(s, "allocation", n=6)
        s = strike(s, [6] * 10, target=where)
        assert f"Anti-aircraft {aa} (die 6)" in texts(s), where


@pytest.mark.rule("Mission: Bombing of Naval Units")
def test_allied_lac_bomb_ships_at_half_strength_and_lbac_at_one_a_point():
    assert strength.bomb_per_point({"kind": "lac", "side": "allied"}) == 8
    assert strength.bomb_per_point({"kind": "lac", "side": "japanese"}) == 14
    assert strength.bomb_per_point({"kind": "lbac", "side": "allied"}) == 1
    s = carriers_in_range()
    # 10 NAC, no CAP; AA 30 (die 6): none lost; 10 x 11 = 110 against CV-3's Defense 1: the last column (die 1): 8
    s = strike(s, [6, 1, 1])
    assert s["ships"]["J-CV-3"]["sunk"] and "Japanese CV-3" in texts(s, "allied")


@pytest.mark.rule("NAC Air Unit Strength Charts")
def test_a_nac_point_bombs_7_for_japan_and_11_for_the_allies_and_fights_at_5():
    assert strength.bomb_per_point({"kind": "nac", "side": "japanese"}) == 7
    assert strength.bomb_per_point({"kind": "nac", "side": "allied"}) == 11
    near = {"side": "allied", "kind": "nac", "home": J_HEX, "target": J_HEX}
    assert 5 * strength.air_to_air_per_point(near) == 25  # the charts' normal-range row: 5 points, 25


@pytest.mark.rule("Combat (H)")
def test_a_damaged_ship_has_its_defense_attack_and_anti_aircraft_halved():
    s = deployed()
    ca = s["ships"]["J-CA-1"]
    whole = board.values(ca)
    damage.damage_ship(s, ca, 5)
    hurt = board.values(ca)
    assert hurt["surface_attack"] == whole["surface_attack"] // 2
    assert hurt["anti_aircraft"] == whole["anti_aircraft"] // 2 and hurt["defense"] == max(whole["defense"] // 2, 1)
    cv = s["ships"]["J-CV-3"]
    damage.damage_ship(s, cv, 5)
    assert cv["nac"] == 0  # a damaged carrier loses its air units


@pytest.mark.rule("Combat (I)")
def test_damage_accumulates_and_more_than_forty_weeks_sinks_the_ship():
    s = deployed()
    ca = s["ships"]["J-CA-1"]
    damage.damage_ship(s, ca, 30)
    damage.damage_ship(s, ca, 10)
    assert ca["damage"] == 40 and not ca["sunk"]  # forty is not more than forty
    damage.damage_ship(s, ca, 5)
    assert ca["sunk"] and "Japanese CA-1 sunk" in texts(s, "allied")


@pytest.mark.rule("Combat (K)")
def test_cap_returns_to_the_carrier_it_flew_from_and_strikes_to_any_station_in_range():
    s = carriers_in_range()
    flight = {"side": "japanese", "kind": "nac", "from": "J-CV-4", "home": J_HEX, "target": J_HEX,
              "alive": 4, "aborted": 0, "cap": True}
    s["ships"]["J-CV-4"]["nac"] = 1
    air._land_back(s, flight)
    assert s["ships"]["J-CV-4"]["nac"] == 5
    s["ships"]["J-CV-4"]["damage"] = 5  # no room on the damaged carrier: the other carrier in the hex takes them
    s["ships"]["J-CV-3"]["nac"] = 2
    air._land_back(s, dict(flight, alive=3))
    assert s["ships"]["J-CV-3"]["nac"] == 5


@pytest.mark.rule("Movement (R)")
def test_air_units_may_not_fly_from_an_unsupplied_base():
    s = isolate_port_moresby(at(deployed(), "allocation", n=6))
    with pytest.raises(IllegalAction, match="holds none of your air units able to fly"):
        act(s, "allied", "allocate", missions=[], cap=[{"from": "base:0659", "kind": "lac", "points": 2}])


@pytest.mark.rule("Movement (S)")
def test_no_air_unit_takes_off_from_a_damaged_carrier():
    s = carriers_in_range()
    assert "A-CV-5" in R.prompts(s)["allied"]["info"]["stations"]
    s["ships"]["A-CV-5"]["damage"] = 5
    assert "A-CV-5" not in R.prompts(s)["allied"]["info"]["stations"]
    with pytest.raises(IllegalAction, match="holds none of your air units able to fly"):
        act(s, "allied", "allocate", missions=[], cap=[{"from": "A-CV-5", "kind": "nac", "points": 2}])


@pytest.mark.rule("Movement (T)")
def test_land_aircraft_never_land_on_a_carrier():
    s = carriers_in_range()
    flight = {"side": "allied", "kind": "lac", "from": "base:0659", "home": "0659", "target": J_HEX,
              "alive": 2, "aborted": 0}
    s["bases"]["0659"]["air"]["lac"] = s["bases"]["0659"]["capacity"]  # the home base is full
    before = {sid: x["nac"] for sid, x in s["ships"].items()}
    air._land_back(s, flight)
    assert {sid: x["nac"] for sid, x in s["ships"].items()} == before  # not put aboard the carriers in range


@pytest.mark.rule("Combat Results Table No. 4")
def test_crt_4_surface_to_surface_odds_columns_as_printed():
    # die 1: 1-1 .. 8-1 give damage numbers 1 1 1 2 3 5 8 8; die 2: - 1 1 1 2 4 7 8
    assert [crt.surface_to_surface(n, 1, 1) for n in range(1, 9)] == [1, 1, 1, 2, 3, 5, 8, 8]
    assert [crt.surface_to_surface(n, 1, 2) for n in range(1, 9)][1:] == [1, 1, 1, 2, 4, 7, 8]
    assert crt.surface_to_surface(12, 1, 1) == 8  # greater odds read the 8-1 column
    assert not crt.surface_to_surface(1, 1, 2)  # "-": no effect


@pytest.mark.rule("How to Use the Air Mission Allocation Chart")
def test_the_chart_writes_origin_target_and_the_two_ship_group_and_stays_secret_until_the_strikes():
    s = carriers_in_range()
    spec = R.prompts(s)["allied"]["actions"][0]["args"]["missions"]
    fields = str(spec)
    assert all(k in fields for k in ('"from"', '"target"', '"group"')) or all(
        k in fields for k in ("'from'", "'target'", "'group'"))
    s = act(s, "allied", "allocate", missions=[{"from": "A-CV-5", "kind": "nac", "points": 3, "target": J_HEX,
                                                "group": 2}], cap=[])
    assert R.view(s, "allied")["my_allocation"]["missions"][0]["group"] == 2
    assert "my_allocation" not in R.view(s, "japanese")  # written in secret
    s = act(s, "japanese", "allocate", [6] * 10, missions=[], cap=[])
    assert "Allied 3 NAC strike on hex 0793" in texts(s, "japanese")  # read off at the strikes: group 2's ships


@pytest.mark.rule("Combat (J)")
def test_cap_lands_on_its_base_damaged_in_the_same_phase_and_is_lost_with_a_destroyed_one():
    s = carriers_in_range()
    base = s["bases"]["0659"]
    base["air"]["lac"] = 0
    base["neutralized"] = {"air": [s["turn"] + 1, s["step"]["index"]]}  # neutralized by this phase's strike
    cap = {"side": "allied", "kind": "lac", "from": "base:0659", "home": "0659", "target": "0659",
           "alive": 3, "aborted": 1, "cap": True}
    air._land_back(s, cap)
    assert base["air"]["lac"] == 4  # the CAP lands on its damaged base
    strike = dict(cap, cap=False, target=J_HEX)
    air._land_back(s, strike)
    assert base["air"]["lac"] == 4  # a strike coming home may not land there (Movement (S))
    del s["bases"]["0659"]  # destroyed: the CAP's planes are lost with it
    vp = s["vp"]["japanese"]
    air._land_back(s, dict(cap, alive=2, aborted=0))
    assert s["vp"]["japanese"] == vp + 1 and "no place to land" in texts(s)


@pytest.mark.rule("Air and Naval Bases (K)")
def test_a_ship_ending_in_its_own_naval_base_hex_is_in_the_base_and_refuels_there():
    from app.games.usn import records
    s = at(deployed(), "records")
    s["ships"]["A-CA-2"].update(at_sea=2)  # at Sydney (0668), an Allied naval base: in the base, announced for it
    s["ships"]["A-CA-1"].update(hex="0867", at_sea=1)  # at sea
    records.fuel_and_land(s)
    assert s["ships"]["A-CA-2"]["at_sea"] == 0 and s["ships"]["A-CA-1"]["at_sea"] == 2
