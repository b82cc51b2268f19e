"""Naval and land movement, transport, stacking and fuel, through `apply` with scripted dice."""
import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.usn import movement

from .helpers import R, act, at, deployed, texts


@pytest.mark.rule("Movement (C)")
def test_a_ship_moves_within_its_movement_allowance_and_no_further():
    s = deployed()  # Step 2; Japanese CA-1 at Truk 0754, MA 6, within five hexes of Rabaul?  no: enemy bases count
    s["ships"]["J-CA-1"]["hex"] = "0754"
    ma, doubled = movement.allowance(s, s["ships"]["J-CA-1"], ["0754"])
    assert (ma, doubled) == (12, True)  # Truk is more than five hexes from every Allied base and ship
    s["ships"]["J-CA-1"]["hex"] = "0759"  # Rabaul is four hexes from Port Moresby: no doubling
    from app.games.usn import grid
    seven = next(h for h in grid.within("0759", 7) if grid.distance(h, "0759") == 7)
    with pytest.raises(IllegalAction, match="may move 6 hexes"):
        act(s, "japanese", "move", moves={"J-CA-1": {"to": seven}})
    s2 = act(s, "japanese", "move", moves={"J-CA-1": {"to": "0793"}})
    assert s2["ships"]["J-CA-1"]["hex"] == "0793"


@pytest.mark.rule("Naval Unit Movement (N)")
def test_midway_simulation_a_japanese_carrier_far_from_the_enemy_moves_twelve_hexes():
    s = deployed()
    cv = s["ships"]["J-CV-3"]
    assert movement.allowance(s, cv, ["0754"]) == (12, True)  # 12 + 6 in the printed Midway simulation: doubled MA 6
    cv["damage"] = 5
    assert movement.allowance(s, cv, ["0754"]) == (6, False)  # damaged ships never double (Combat (H))


@pytest.mark.rule("Naval Unit Movement (N)")
def test_the_japanese_may_not_double_within_six_hexes_of_allied_lbac():
    s = deployed()
    lbac_hex = next(h for h, b in s["bases"].items() if b["air"]["lbac"])
    near = next(h for h in __import__("app.games.usn.grid", fromlist=["within"]).within(lbac_hex, 6)
                if __import__("app.games.usn.grid", fromlist=["distance"]).distance(h, lbac_hex) == 6)
    s["bases"] = {h: b for h, b in s["bases"].items() if h == lbac_hex or b["side"] == "japanese"}
    s["ships"] = {k: v for k, v in s["ships"].items() if v["side"] == "japanese"}
    ship = s["ships"]["J-CA-1"]
    assert movement.allowance(s, ship, [near])[1] is False
    s["bases"][lbac_hex]["air"]["lbac"] = 0
    assert movement.allowance(s, ship, [near])[1] is True


@pytest.mark.rule("Mission Capability Chart: Naval Units, Normal Transport")
def test_a_transport_embarks_at_a_cost_of_one_movement_point_and_carries_twelve_transport_points():
    s = deployed()
    # Rabaul: 6-12 Regiment (4 TP), SNLF (2), Engineer (4): 10 TP fit; embarking costs 1 of the MA 3
    s2 = act(s, "japanese", "move", moves={"J-TR-1": {"embark": ["J-L2", "J-L3", "J-L4"], "to": "0726"}})
    assert s2["ships"]["J-TR-1"]["cargo"] == ["J-L2", "J-L3", "J-L4"] and s2["ships"]["J-TR-1"]["hex"] == "0726"
    from app.games.usn import grid
    far = next(h for h in grid.within("0759", 3) if grid.distance(h, "0759") == 3)
    with pytest.raises(IllegalAction, match="needs 4 with 1 for embarking"):
        act(s, "japanese", "move", moves={"J-TR-1": {"embark": ["J-L2"], "to": far}})
    s["land"]["J-L1"].update(hex="0759")
    with pytest.raises(IllegalAction, match="at most 12 Transport Points"):
        act(s, "japanese", "move", moves={"J-TR-1": {"embark": ["J-L1", "J-L2", "J-L3", "J-L4"]}})
    with pytest.raises(IllegalAction, match="not a transport"):
        act(s, "japanese", "move", moves={"J-CL-1": {"embark": ["J-L2"]}})


@pytest.mark.rule("Detailed Sequence of Play, Step 2 (D)")
def test_units_are_not_debarked_onto_a_hex_with_enemy_land_units_outside_the_land_attack_phase():
    s = deployed()
    s = act(s, "japanese", "move", moves={"J-TR-1": {"embark": ["J-L3"]}})
    s = at(s, "naval", "japanese", n=10)  # Step 8
    s["ships"]["J-TR-1"]["hex"] = "0660"
    with pytest.raises(IllegalAction, match="opposed landing"):
        act(s, "japanese", "move", moves={"J-TR-1": {"stop": "0659", "debark": True}})
    s["ships"]["J-TR-1"]["hex"] = "0725"
    s2 = act(s, "japanese", "move", moves={"J-TR-1": {"stop": "0692", "debark": True}})
    assert s2["land"]["J-L3"]["hex"] == "0692" and s2["land"]["J-L3"]["aboard"] is None
    assert "land at 0692" in texts(s2, "allied")


@pytest.mark.rule("Supply (G)")
def test_a_ship_at_sea_for_three_game_turns_without_refuelling_is_destroyed_and_a_base_refuels():
    s = deployed()
    s = at(s, "records")
    s["turn"] = 1
    s["ships"]["J-CA-1"].update(hex="0793", at_sea=2)
    s["ships"]["J-CA-2"].update(hex="0793", at_sea=1)
    s["ships"]["J-CL-1"].update(at_sea=2)  # at Rabaul, a naval base: refuels
    R.sequence.procedures["records"](s, ScriptedRng())
    assert s["ships"]["J-CA-1"]["sunk"] and "out of fuel" in texts(s)
    assert not s["ships"]["J-CA-2"]["sunk"] and s["ships"]["J-CA-2"]["at_sea"] == 2
    assert s["ships"]["J-CL-1"]["at_sea"] == 0
    s["ships"]["J-TR-1"].update(hex="0793", at_sea=4)  # transports last six Game-Turns
    R.sequence.procedures["records"](s, ScriptedRng())
    assert not s["ships"]["J-TR-1"]["sunk"]


@pytest.mark.rule("Movement (F)")
def test_a_land_unit_moves_one_hex_only():
    s = at(deployed(), "land_move", "japanese")
    with pytest.raises(IllegalAction, match="only one hex"):
        act(s, "japanese", "land_move", moves={"J-L1": "0659"}, entrench=[], disentrench=[])
    s2 = act(s, "japanese", "land_move", moves={"J-L1": "0693"}, entrench=[], disentrench=[])
    assert s2["land"]["J-L1"]["hex"] == "0693"


@pytest.mark.rule("Movement (E)")
def test_no_crossing_the_lae_mountain_hexside_into_an_enemy_unit():
    s = at(deployed(), "land_move", "japanese")
    s["land"]["A-L1"].update(hex="0693", entrenched=False)
    with pytest.raises(IllegalAction, match="mountain hexside"):
        act(s, "japanese", "land_move", moves={"J-L1": "0693"}, entrench=[], disentrench=[])


@pytest.mark.rule("Entrenchment (C)")
def test_japan_entrenches_on_a_one_the_allies_on_a_one_or_two():
    s = at(deployed(), "land_move", "japanese")
    assert not act(s, "japanese", "land_move", [2], moves={}, entrench=["J-L1"], disentrench=[])["land"]["J-L1"][
        "entrenched"]
    assert act(s, "japanese", "land_move", [1], moves={}, entrench=["J-L1"], disentrench=[])["land"]["J-L1"][
        "entrenched"]
    a = at(deployed(), "land_move", "allied")
    a["land"]["A-L1"]["entrenched"] = False
    assert act(a, "allied", "land_move", [2], moves={}, entrench=["A-L1"], disentrench=[])["land"]["A-L1"][
        "entrenched"]


@pytest.mark.rule("Entrenchment (A)")
def test_an_entrenched_unit_may_not_move():
    s = at(deployed(), "land_move", "allied")
    with pytest.raises(IllegalAction, match="entrenched and may not move"):
        act(s, "allied", "land_move", moves={"A-L1": "0693"}, entrench=[], disentrench=[])


@pytest.mark.rule("Entrenchment (B)")
def test_a_unit_disentrenches_at_the_end_of_the_phase_and_moves_only_in_a_later_one():
    """"Units may disentrench at the end of any Friendly Movement Phase": not at its start, to move in it (the order
    used to let an entrenched unit move in the same order that disentrenched it)."""
    s = at(deployed(), "land_move", "allied")
    with pytest.raises(IllegalAction, match="may disentrench at the end of this Movement Phase") as e:
        act(s, "allied", "land_move", moves={"A-L1": "0693"}, entrench=[], disentrench=["A-L1"])
    assert e.value.rule == "Movement (I)"
    s2 = act(s, "allied", "land_move", moves={}, entrench=[], disentrench=["A-L1"])
    assert s2["land"]["A-L1"]["hex"] == "0659" and not s2["land"]["A-L1"]["entrenched"]
    s3 = act(at(s2, "land_move", "allied"), "allied", "land_move", moves={"A-L1": "0693"}, entrench=[],
             disentrench=[])  # the next Allied Land Movement Phase
    assert s3["land"]["A-L1"]["hex"] == "0693"


@pytest.mark.rule("Entrenchment (B)")
def test_the_land_move_form_offers_entrenching_and_disentrenching_only_to_units_that_may():
    """Issue 34, offered means legal: a unit already entrenched is offered disentrenching, not entrenching; the
    others the reverse (the form offered every unit both)."""
    s = at(deployed(), "land_move", "japanese")
    s["land"]["J-L1"]["entrenched"] = True
    args = R.prompts(s)["japanese"]["actions"][0]["args"]
    assert args["disentrench"]["choices"] == ["J-L1"]
    assert "J-L1" not in args["entrench"]["choices"] and "J-L2" in args["entrench"]["choices"]
