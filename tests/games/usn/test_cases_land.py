"""Land movement, entrenchment and land combat cases (Movement (B), (D), (G), (J)-(L); Stacking (A); Entrenchment
(B), (D), (E); Combat (A), (C)-(G)) on the Coral Sea position, as a player notices them: an order refused with the
rule's reason, a unit that stays or goes, a base kept or lost, the strengths the combat line shows."""
import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.usn import land

from .helpers import R, act, at, deployed, texts
from .test_supply import isolate_port_moresby

PM, LAE, RABAUL = "0659", "0692", "0759"


def land_move(s, role, dice=(), moves=None, entrench=(), disentrench=()):
    return act(s, role, "land_move", dice, moves=moves or {}, entrench=list(entrench), disentrench=list(disentrench))


def combat(s, attackers, dice):
    """Step (K) with the named units announced as attackers."""
    s = at(s, "strikes", n=14)
    s["allocations"], s["attacks"] = {}, list(attackers)
    land.resolve_attacks(s, ScriptedRng(list(dice)))
    return s


@pytest.mark.rule("Movement (B)")
def test_movement_is_never_required_a_phase_with_no_moves_is_accepted():
    s = at(deployed(), "land_move", "japanese")
    before = {u: x["hex"] for u, x in s["land"].items()}
    s = land_move(s, "japanese")
    assert {u: x["hex"] for u, x in s["land"].items()} == before
    assert R.prompts(s) == {"japanese": R.prompts(s)["japanese"]} and "naval" in s["step"]["kind"]  # on to Step 8


@pytest.mark.rule("Movement (D)")
def test_only_the_movement_the_sequence_of_play_offers_now_is_permitted():
    s = deployed()  # Step 2: the Japanese Air and Sea Movement Phase
    assert [a["verb"] for a in R.prompts(s)["japanese"]["actions"]] == ["move"]
    with pytest.raises(IllegalAction, match="not asked for now"):
        land_move(s, "japanese", moves={"J-L1": "0693"})  # land movement waits for Step 7
    assert s["land"]["J-L1"]["hex"] == LAE


@pytest.mark.rule("Movement (G)")
def test_an_out_of_supply_land_unit_may_not_move():
    s = isolate_port_moresby(at(deployed(), "land_move", "allied"))
    s["land"]["A-L1"]["entrenched"] = False
    with pytest.raises(IllegalAction, match="out of supply and may not move") as e:
        land_move(s, "allied", moves={"A-L1": "0693"})
    assert e.value.rule == "Movement (G)"
    assert "A-L1" not in R.prompts(s)["allied"]["info"]["may_move"] or not R.prompts(s)["allied"]["info"][
        "may_move"]["A-L1"]


@pytest.mark.rule("Movement (J)")
def test_a_unit_landed_from_a_transport_may_not_move_further_that_game_turn():
    s = deployed()
    s["land"]["J-L3"].update(aboard="J-TR-1", hex=None)
    s["ships"]["J-TR-1"]["cargo"] = ["J-L3"]
    s = act(s, "japanese", "move", moves={"J-TR-1": {"stop": "0760", "debark": True}})
    assert s["land"]["J-L3"]["hex"] == "0760"
    s = at(s, "land_move", "japanese")
    with pytest.raises(IllegalAction, match="landed this Game-Turn") as e:
        land_move(s, "japanese", moves={"J-L3": "0759"})
    assert e.value.rule == "Movement (J)"


@pytest.mark.rule("Movement (K)")
def test_a_land_unit_is_carried_by_one_vehicle_only_in_a_phase():
    s = deployed()  # J-TR-1 and J-TR-2 both at Rabaul with the regiment
    with pytest.raises(IllegalAction, match="one vehicle only") as e:
        act(s, "japanese", "move", moves={"J-TR-1": {"embark": ["J-L2"]}, "J-TR-2": {"embark": ["J-L2"]}})
    assert e.value.rule == "Movement (K)"
    s = act(s, "japanese", "move", moves={"J-TR-1": {"embark": ["J-L2"]}, "J-TR-2": {"embark": ["J-L3"]}})
    assert s["land"]["J-L2"]["aboard"] == "J-TR-1" and s["land"]["J-L3"]["aboard"] == "J-TR-2"


@pytest.mark.rule("Movement (L)")
def test_land_units_move_into_a_hex_held_by_enemy_land_units_on_a_class_2_hex():
    s = at(deployed(), "land_move", "allied")
    s["land"]["J-L1"]["hex"] = "0693"  # a Japanese regiment on New Guinea beside Port Moresby
    s["land"]["A-L1"]["entrenched"] = False  # disentrenched in an earlier phase (Movement (I))
    s = land_move(s, "allied", moves={"A-L1": "0693"})
    assert s["land"]["A-L1"]["hex"] == "0693" == s["land"]["J-L1"]["hex"]  # both stand in the hex


@pytest.mark.rule("Stacking (A)")
def test_opposing_land_units_never_share_a_class_1_hex(monkeypatch):
    s = at(deployed(), "land_move", "allied")
    s["land"]["J-L1"]["hex"] = "0693"
    monkeypatch.setattr(land, "CLASS_1", land.CLASS_1 | {"0693"})  # were 0693 an atoll or islet
    s["land"]["A-L1"]["entrenched"] = False  # disentrenched in an earlier phase (Movement (I))
    with pytest.raises(IllegalAction, match="never share a Class 1 hex") as e:
        land_move(s, "allied", moves={"A-L1": "0693"})
    assert e.value.rule == "Stacking (A)"


@pytest.mark.rule("Entrenchment (B)")
def test_a_unit_disentrenches_by_announcing_it_and_only_an_entrenched_unit_may():
    s = at(deployed(), "land_move", "allied")
    s2 = land_move(s, "allied", disentrench=["A-L1"])
    assert not s2["land"]["A-L1"]["entrenched"] and "8-15 Regiment at hex 0659 disentrenches." in texts(s2, "japanese")
    j = at(deployed(), "land_move", "japanese")
    with pytest.raises(IllegalAction, match="not one of your entrenched units"):
        land_move(j, "japanese", disentrench=["J-L1"])


@pytest.mark.rule("Entrenchment (D)")
def test_a_unit_forced_to_retreat_loses_its_entrenchment():
    s = deployed()
    for uid in ("J-L2", "J-L3", "J-L4"):
        s["land"][uid]["hex"] = PM
    s["land"]["A-L1"]["defense"] = 1  # entrenched: 3; 12 against 3 is 4-1
    for b in s["bases"].values():  # no Japanese Zone of Control over the retreat
        if b["side"] == "japanese":
            b["air"].update(lac=0, lbac=0, nac=0)
    assert s["land"]["A-L1"]["entrenched"]
    s = combat(s, ["J-L2", "J-L3", "J-L4"], [6])
    assert "12 against 3, die 6: D2" in texts(s)
    assert s["land"]["A-L1"]["hex"] == "0693" and not s["land"]["A-L1"]["entrenched"]


@pytest.mark.rule("Entrenchment (E)")
def test_an_entrenched_unit_defends_the_bases_in_its_hex():
    s = deployed()
    s["land"]["J-L2"]["hex"] = PM
    land.captures(s)
    assert s["bases"][PM]["side"] == "allied"  # the entrenched regiment defends Port Moresby's air base
    s["land"]["A-L1"]["hex"] = "0693"
    land.captures(s)
    assert s["bases"][PM]["side"] == "japanese" and "captured by the Japanese Player" in texts(s)


@pytest.mark.rule("Combat (A)")
def test_no_land_unit_is_compelled_to_attack():
    s = deployed()
    s["land"]["J-L2"]["hex"] = PM
    s = at(s, "land_attack", "japanese")
    s = act(s, "japanese", "land_attack", land=[], attack=[])
    assert s.get("attacks", []) == [] and "Land combat" not in texts(s)
    assert s["land"]["J-L2"]["hex"] == PM and not s["land"]["J-L2"].get("destroyed")


@pytest.mark.rule("Combat (C)")
def test_any_number_of_friendly_and_enemy_units_share_a_class_2_hex():
    s = deployed()
    for uid in ("J-L1", "J-L2", "J-L3", "J-L4"):
        s["land"][uid]["hex"] = PM
    s = at(s, "land_attack", "japanese")
    prompt = R.prompts(s)["japanese"]
    assert set(prompt["actions"][0]["args"]["attack"]["choices"]) == {"J-L1", "J-L2", "J-L3", "J-L4"}
    s = combat(s, ["J-L1", "J-L2", "J-L3", "J-L4"], [1])
    assert "Land combat at 0659: 18 against 45" in texts(s)  # all four together against the entrenched 15


@pytest.mark.rule("Combat (D)")
def test_defenders_in_a_hex_are_attacked_in_total():
    s = deployed()
    for uid in ("J-L2", "J-L3"):
        s["land"][uid]["hex"] = "0693"
    s["land"]["A-L1"].update(hex="0693", entrenched=False)
    s = combat(s, ["A-L1"], [3])
    assert "Land combat at 0693: 8 against 22" in texts(s)  # 12 + 10: one total, not one unit at a time


@pytest.mark.rule("Combat (E)")
def test_units_that_do_not_attack_are_not_affected_by_the_result():
    s = deployed()
    for uid in ("J-L2", "J-L3", "J-L4"):
        s["land"][uid]["hex"] = PM
    s = combat(s, ["J-L2", "J-L3"], [1])  # 11 against 45: Ax
    assert "die 1: Ax" in texts(s)
    assert s["land"]["J-L2"].get("destroyed") and s["land"]["J-L3"].get("destroyed")
    assert not s["land"]["J-L4"].get("destroyed") and s["land"]["J-L4"]["hex"] == PM


@pytest.mark.rule("Combat (G)")
def test_an_enemy_land_unit_may_not_capture_a_base_a_friendly_land_unit_defends():
    s = deployed()
    s["land"]["A-L1"]["entrenched"] = False  # a land unit in the base hex defends it (inverted)
    s["land"]["J-L2"]["hex"] = PM
    land.captures(s)
    assert s["bases"][PM]["side"] == "allied"
