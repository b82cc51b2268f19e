"""Zones of Control and supply lines (Supply (A)-(E)) on the Coral Sea position, over the reconstructed terrain
(data/terrain.toml): what a player notices is a unit shown out of supply, a move refused, a base whose air units are
not offered, a defender halved."""
import pytest

from app.engine.errors import IllegalAction
from app.games.usn import grid, records, supply, zoc

from .helpers import R, act, at, deployed, texts

PM, LAE, RABAUL, GUADALCANAL = "0659", "0692", "0759", "0828"


def shown_supplied(s, uid, role="allied"):
    return next(u for u in R.view(s, role)["land"] if u["id"] == uid)["supplied"]


def empty_air(s, *hexes):
    for h in hexes:
        s["bases"][h]["air"].update(lac=0, lbac=0, nac=0)


@pytest.mark.rule("Zones of Control")
def test_a_zone_of_control_is_every_hex_within_two_of_an_air_base_or_carrier_holding_air_units():
    s = deployed()
    assert set(grid.within(PM, 2)) <= zoc.zone(s, "allied")
    assert not any(grid.distance(PM, h) == 3 for h in zoc.zone(s, "allied") if grid.distance(h, "0698") > 2
                   and grid.distance(h, "0899") > 2)
    empty_air(s, PM)
    assert PM not in zoc.zone(s, "allied")  # an air base without air units controls nothing
    s["ships"]["A-CV-5"]["hex"] = "0727"
    assert PM in zoc.zone(s, "allied")  # a carrier with its air units two hexes away
    s["ships"]["A-CV-5"]["nac"] = 0
    assert PM not in zoc.zone(s, "allied")


@pytest.mark.rule("Zones of Control")
def test_both_players_control_cancels_and_an_undisputed_enemy_zone_cuts_supply():
    s = at(deployed(), "land_move", "japanese")
    # Lae's own air units dispute Port Moresby's control of Lae: the regiment there is in supply and moves
    assert shown_supplied(s, "J-L1", "japanese") is True and LAE not in zoc.undisputed(s, "allied")
    moved = act(s, "japanese", "land_move", moves={"J-L1": "0693"}, entrench=[], disentrench=[])
    assert moved["land"]["J-L1"]["hex"] == "0693"
    empty_air(s, LAE, RABAUL)  # Port Moresby's zone is undisputed at Lae now
    assert shown_supplied(s, "J-L1", "japanese") is False
    assert shown_supplied(s, "J-L1", "allied") is True  # the enemy is not told: it may hang on hidden carriers
    with pytest.raises(IllegalAction, match="out of supply and may not move"):
        act(s, "japanese", "land_move", moves={"J-L1": "0693"}, entrench=[], disentrench=[])


@pytest.mark.rule("Movement (F)")
def test_a_land_unit_may_never_voluntarily_move_out_of_supply():
    s = at(deployed(), "land_move", "japanese")
    empty_air(s, LAE)  # Rabaul's air still disputes Lae (two hexes) but not 0693 (three)
    assert grid.distance(RABAUL, LAE) == 2 and grid.distance(RABAUL, "0693") == 3
    assert shown_supplied(s, "J-L1", "japanese") is True
    with pytest.raises(IllegalAction, match="may not move out of supply"):
        act(s, "japanese", "land_move", moves={"J-L1": "0693"}, entrench=[], disentrench=[])
    assert "0693" not in R.prompts(s)["japanese"]["info"]["may_move"]["J-L1"]  # what the computer player obeys


@pytest.mark.rule("Terrain")
def test_land_units_do_not_cross_a_completely_sea_hexside():
    s = at(deployed(), "land_move", "japanese")
    assert grid.adjacent(RABAUL, "0760") and not supply.on_land(RABAUL, "0760")  # New Britain to Bougainville
    with pytest.raises(IllegalAction, match="completely sea hexside"):
        act(s, "japanese", "land_move", moves={"J-L2": "0760"}, entrench=[], disentrench=[])


def isolate_port_moresby(s, leave_open=None):
    """Japanese land units on both land hexes next to Port Moresby and Japanese ships at sea all round it."""
    s["land"]["J-L1"].update(hex="0693")
    s["land"]["J-L4"].update(hex="0658")
    ring = [h for h in grid.neighbours(PM) if h != leave_open]
    for ship, h in zip(("J-CA-1", "J-CA-2", "J-CL-1", "J-TR-1", "J-TR-2", "J-CVL-2"), ring):
        s["ships"][ship]["hex"] = h
    return s


@pytest.mark.rule("Supply (D)")
def test_enemy_land_units_and_ships_at_sea_cut_the_line_and_the_unit_regains_supply_at_once():
    s = isolate_port_moresby(at(deployed(), "land_move", "allied"))
    assert shown_supplied(s, "A-L1") is False  # by land only into 0693/0658, not through; by sea nowhere
    s["land"]["A-L1"]["entrenched"] = False  # disentrenched in an earlier phase (Movement (I))
    with pytest.raises(IllegalAction, match="out of supply and may not move"):
        act(s, "allied", "land_move", moves={"A-L1": "0693"}, entrench=[], disentrench=[])
    s = isolate_port_moresby(at(deployed(), "land_move", "allied"), leave_open="0626")  # Australia by sea
    assert shown_supplied(s, "A-L1") is True


@pytest.mark.rule("Supply (D)")
def test_enemy_land_units_block_a_line_through_their_hex_but_not_into_it():
    s = deployed()
    s["land"]["J-L2"].update(hex=PM)  # sharing Port Moresby's hex with the Allied regiment
    assert shown_supplied(s, "A-L1") is True and shown_supplied(s, "J-L2") is True
    blocks = (set(), set(), set())
    inland = "0624"  # New Guinea's interior: every hexside land
    assert all(supply.on_land(inland, n) and not supply.by_sea(inland, n) for n in grid.neighbours(inland))
    goal = supply.sources("japanese")
    assert supply.line(inland, goal, *blocks)
    ring = set(grid.neighbours(inland))
    assert not supply.line(inland, goal, ring, set(), set())  # every way off it runs through enemy land units
    assert supply.line(inland, goal, ring - {"0625"}, set(), set())


@pytest.mark.rule("Supply (A)")
def test_a_line_runs_over_land_then_by_sea_and_never_back_onto_land():
    inland, coast = "0624", "0625"
    assert supply.line(GUADALCANAL, frozenset({coast}), set(), set(), set())  # by sea into a coastal hex
    assert not supply.line(GUADALCANAL, frozenset({inland}), set(), set(), set())  # not then inland
    assert supply.line(inland, frozenset({GUADALCANAL}), set(), set(), set())  # over land to the coast, then sea
    assert not supply.by_sea(inland, "0590")  # a wholly land hexside is never crossed at sea


@pytest.mark.rule("Supply (B)")
def test_the_sources_are_japans_home_islands_and_australia_or_the_east_edge():
    japan, allies = supply.sources("japanese"), supply.sources("allied")
    assert {"0576", "0609", "0707"} <= japan and not japan & allies
    assert {"0668", "0698", "0626"} <= allies and {grid.hex_at(44, 0), grid.hex_at(44, 20)} <= allies
    s = deployed()
    s["land"]["A-L1"].update(hex="1218")  # Midway: by sea to the east edge
    assert shown_supplied(s, "A-L1") is True
    s["land"]["J-L1"].update(hex="1218")
    assert shown_supplied(s, "J-L1", "japanese") is True  # and the Japanese, by sea to the home islands


@pytest.mark.rule("Supply (C)")
def test_no_line_through_china():
    s = deployed()
    inland = "0236"
    assert inland in supply.FORBIDDEN and all(n in supply.FORBIDDEN for n in grid.neighbours(inland))
    s["land"]["J-L1"].update(hex=inland)
    assert shown_supplied(s, "J-L1", "japanese") is False


@pytest.mark.rule("Supply (E)")
def test_an_unsupplied_base_launches_no_air_units_and_an_unsupplied_defender_is_halved():
    s = isolate_port_moresby(at(deployed(), "allocation", n=6))
    stations = R.prompts(s)["allied"]["info"]["stations"]
    assert f"base:{PM}" not in stations and "base:0698" in stations
    s = at(deployed(), "allocation", n=6)
    assert f"base:{PM}" in R.prompts(s)["allied"]["info"]["stations"]


@pytest.mark.rule("Supply (E)")
def test_the_defense_of_a_unit_out_of_supply_is_halved_in_land_combat():
    from app.engine.rng import ScriptedRng
    from app.games.usn import land
    for open_, shown in ((None, "11 against 22"), ("0626", "11 against 45")):  # 6 + 5 against 15 x 3, halved
        s = isolate_port_moresby(at(deployed(), "strikes", n=14), leave_open=open_)
        for uid in ("J-L2", "J-L3"):
            s["land"][uid]["hex"] = PM
        s["attacks"] = ["J-L2", "J-L3"]
        s["allocations"] = {}
        land.resolve_attacks(s, ScriptedRng([1]))
        assert f"Land combat at {PM}: {shown}" in texts(s), open_


@pytest.mark.rule("Errata: Coral Sea Victory Conditions")
def test_an_enemy_carrier_zone_costs_the_engineers_on_guadalcanal_their_supply_and_ten_points():
    s = deployed()
    s["land"]["J-L4"].update(hex=GUADALCANAL)
    s["ships"]["A-CV-5"]["hex"] = "0861"  # beside Guadalcanal with its air units
    assert ("japanese", 10, "Engineer regiment on Guadalcanal") in records.geographic(s)  # Rabaul disputes it
    empty_air(s, RABAUL)
    assert all(why != "Engineer regiment on Guadalcanal" for _, _, why in records.geographic(s))
    assert not supply.supplied(s, s["land"]["J-L4"])


@pytest.mark.rule("Supply (D)")
def test_an_undisputed_enemy_zone_blocks_a_line_by_land_or_sea_through_a_hex():
    goal = supply.sources("japanese")
    ring = set(grid.neighbours(GUADALCANAL))  # an island: every way off it is by sea
    assert supply.line(GUADALCANAL, goal, set(), set(), set())
    assert not supply.line(GUADALCANAL, goal, set(), set(), ring)
    assert not supply.line("0624", goal, set(), set(), set(grid.neighbours("0624")))  # and by land
    assert supply.line(GUADALCANAL, goal, set(), set(), ring - {"0794"})


@pytest.mark.rule("Zones of Control")
def test_the_enemy_view_does_not_tell_whether_a_hidden_carrier_keeps_a_unit_in_supply():
    """A Japanese stack shows the Allies its count only: whether a carrier in it holds air units (and so disputes
    the Allied zone over Guadalcanal) must not show through the Japanese engineers' supply."""
    s = deployed()
    s["land"]["J-L4"].update(hex=GUADALCANAL)
    empty_air(s, RABAUL)
    s["ships"]["A-CV-5"]["hex"] = "0861"
    s["ships"]["J-CV-3"]["hex"] = "0794"  # beside Guadalcanal
    with_air = R.view(s, "allied")
    s["ships"]["J-CV-3"]["nac"] = 0
    assert R.view(s, "allied")["land"] == with_air["land"]
    assert shown_supplied(s, "J-L4", "japanese") is False  # while its owner sees the difference


def cut_off_lae(s):
    """Allied ships at sea in every hex round Lae and Allied land units on every land hex beside it: no line by land
    or sea, though Lae's own air units keep its hex disputed."""
    import copy
    for i, n in enumerate(grid.neighbours(LAE)):
        ship = dict(copy.deepcopy(s["ships"]["A-DD-1"]), id=f"A-DD-B{i}", hex=n)
        s["ships"][ship["id"]] = ship
        if n in supply.LAND:
            s["land"][f"A-B{i}"] = dict(copy.deepcopy(s["land"]["A-L1"]), id=f"A-B{i}", hex=n)
    return s


@pytest.mark.rule("Supply (E)")
def test_air_units_on_an_unsupplied_base_fly_no_cap_but_the_base_keeps_its_anti_aircraft():
    for cut, rises in ((False, True), (True, False)):
        s = at(deployed(), "allocation", n=6)
        if cut:
            s = cut_off_lae(s)
        assert supply.base_supplied(s, LAE) is not cut
        s = act(s, "japanese", "allocate", missions=[], cap=[])
        s = act(s, "allied", "allocate", [1] * 8, missions=[], cap=[], base_strikes=[
            {"from": f"base:{PM}", "kind": "lac", "points": 10, "target": LAE, "base": "air base"}])
        assert ("CAP 5 points meet it" in texts(s)) is rises, cut
        assert "Anti-aircraft 5 (die 1)" in texts(s)  # "except that they continue to have Anti-Aircraft Strength"
