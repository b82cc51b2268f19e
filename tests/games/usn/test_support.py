"""Ground support of land combat: naval (Step 9 (C); Mission Capability Chart: Naval Units, Ground Support of Land
Unit's Combat) and air (Step 9 (J); Ground Support - Offensive and - Defensive), added on CRT 1 at (K)."""
import pytest

from app.engine.errors import IllegalAction

from .helpers import R, act, at, deployed, texts

PM, LAE = "0659", "0692"  # Port Moresby: the entrenched Allied 8-15 (Defense 15 x 3 = 45), 10 LAC and 5 LBAC


def japanese_ashore_at_pm():
    """Step 9 (A)-(C): the Japanese 6-12 regiment ashore at Port Moresby, J-CA-1 offshore there."""
    s = deployed()
    s["land"]["J-L2"].update(hex=PM, moved=False, entrenched=False)
    s["ships"]["J-CA-1"]["hex"] = PM
    return at(s, "land_attack", "japanese")


@pytest.mark.rule("Ground Support of Land Unit's Combat")
def test_ships_in_the_hex_add_their_surface_attack_to_the_land_attack():
    s = act(japanese_ashore_at_pm(), "japanese", "land_attack", land=[], attack=["J-L2"], naval_support=["J-CA-1"])
    assert "Japanese naval ground support: J-CA-1." in texts(s)
    s = act(s, "japanese", "allocate", missions=[], cap=[])
    s = act(s, "allied", "allocate", [1], missions=[], cap=[])
    assert "Land combat at 0659: 26 against 45, 20 naval support, die 1" in texts(s)  # 6 + CA 20


@pytest.mark.rule("Ground Support of Land Unit's Combat")
def test_only_bombardment_ships_in_the_hex_of_an_announced_attack_support_it():
    s = japanese_ashore_at_pm()
    s["ships"]["J-CV-3"]["hex"] = PM
    with pytest.raises(IllegalAction, match="only battleships, cruisers and destroyers"):
        act(s, "japanese", "land_attack", land=[], attack=["J-L2"], naval_support=["J-CV-3"])
    with pytest.raises(IllegalAction, match="not in the hex of one of your announced land attacks"):
        act(s, "japanese", "land_attack", land=[], attack=[], naval_support=["J-CA-1"])
    with pytest.raises(IllegalAction, match="not in the hex") as e:
        act(s, "japanese", "land_attack", land=[], attack=["J-L2"], naval_support=["J-CA-2"])  # still at Truk
    assert e.value.rule == "Mission Capability Chart: Naval Units, Ground Support of Land Unit's Combat"


@pytest.mark.rule("Ground Support - Offensive")
def test_air_support_meets_the_base_cap_then_adds_to_the_attack_and_defensive_support_to_the_defense():
    s = act(japanese_ashore_at_pm(), "japanese", "land_attack", land=[], attack=["J-L2"])
    s = act(s, "japanese", "allocate", missions=[], cap=[],
            ground_support=[{"from": f"base:{LAE}", "kind": "lac", "points": 5, "target": PM}])
    s = act(s, "allied", "allocate", [6, 6, 1], missions=[], cap=[{"from": f"base:{PM}", "kind": "lac", "points": 5}],
            ground_support=[{"from": f"base:{PM}", "kind": "lac", "points": 5, "target": PM}])
    log = texts(s)
    assert "Allied ground support (defensive) at hex 0659: 5 LAC." in log  # no enemy CAP over it: no dice
    # the Allied base CAP (25, die 6) meets the Japanese support, which fires back 25 (die 6): neither loses
    assert "CAP 5 points meet it (die 6): 0 aborted, 0 destroyed; the support fires back with 25 (die 6)." in log
    # 6 + 5 Japanese LAC x 14 = 76 against 45 + 5 Allied LAC x 16 = 125
    assert "Land combat at 0659: 76 against 125, 70 air support; 80 air support in defence, die 1" in log
    assert s["bases"][PM]["air"]["lac"] == 10 and s["bases"][LAE]["air"]["lac"] == 5  # all return (L)


@pytest.mark.rule("Ground Support - Defensive")
def test_air_support_goes_only_to_an_announced_land_combat_and_defends_only_one_s_own_units():
    s = act(japanese_ashore_at_pm(), "japanese", "land_attack", land=[], attack=[])
    with pytest.raises(IllegalAction, match="No land attack is announced at hex 0659"):
        act(s, "allied", "allocate", missions=[], cap=[],
            ground_support=[{"from": f"base:{PM}", "kind": "lac", "points": 5, "target": PM}])
    s = act(japanese_ashore_at_pm(), "japanese", "land_attack", land=[], attack=["J-L2"])
    s["land"]["A-L1"]["hex"] = "0698"  # the defender gone: nothing of the Allies' to defend there
    with pytest.raises(IllegalAction, match="None of your land units defends at hex 0659"):
        act(s, "allied", "allocate", missions=[], cap=[],
            ground_support=[{"from": f"base:{PM}", "kind": "lac", "points": 5, "target": PM}])
    assert "ground_support" not in str(R.view(s, "japanese").get("my_allocation", {}))


def test_the_computer_players_support_the_land_combat_at_port_moresby():
    from app.engine.rng import SeededRng
    s = japanese_ashore_at_pm()
    order = R.bots["japanese"](R.view(s, "japanese"), R.prompts(s)["japanese"], SeededRng(1))
    assert order["args"]["attack"] == ["J-L2"] and order["args"]["naval_support"] == ["J-CA-1"]
    s = R.apply(s, "japanese", order, SeededRng(2))
    assert R.view(s, "allied")["land_attacks"] == {"side": "japanese", "hexes": [PM]}
    j = R.bots["japanese"](R.view(s, "japanese"), R.prompts(s)["japanese"], SeededRng(1))
    assert {(g["from"], g["points"]) for g in j["args"]["ground_support"]} == {(f"base:{LAE}", 5)}  # Lae, 2 hexes
    a = R.bots["allied"](R.view(s, "allied"), R.prompts(s)["allied"], SeededRng(1))
    assert {g["kind"] for g in a["args"]["ground_support"] if g["target"] == PM} == {"lac", "lbac"}
    R.check(s, "japanese", j)
    R.check(s, "allied", a)
