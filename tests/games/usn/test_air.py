"""The Mutual Air-Strike Phase: examination (D), the secret simultaneous allocation (E), the strikes on naval units in
printed order with CAP answering each (F)-(G), the return (L); CRTs 2, 3 and 5 with scripted dice."""
import pytest

from app.engine.errors import IllegalAction
from app.games.usn import air, damage, grid, strength

from .helpers import R, act, at, deployed, texts

J_HEX = "0793"


def _allied_hex():
    return next(h for h in grid.within(J_HEX, 2) if grid.distance(h, J_HEX) == 2 and h > J_HEX)


def carriers_in_range():
    """Step 5 (E): the Japanese carrier force at 0793, the Allied carrier force two hexes away, both examined."""
    s = deployed()
    for sid in ("J-CV-3", "J-CV-4", "J-CA-1", "J-CA-2"):
        s["ships"][sid]["hex"] = J_HEX
    for sid in ("A-CV-5", "A-CV-2", "A-CA-1", "A-DD-1"):
        s["ships"][sid]["hex"] = _allied_hex()
    s = at(s, "examine", n=5)
    R.sequence.procedures["examine"](s, None)
    return at(s, "allocation", n=6)


@pytest.mark.rule("Detailed Sequence of Play, Step 5 (D)")
def test_examination_forms_two_ship_groups_from_the_top_of_stacks_in_air_range():
    s = carriers_in_range()
    assert s["examined"]["allied"][J_HEX] == [["J-CV-3", "J-CV-4"], ["J-CA-1", "J-CA-2"]]
    assert s["examined"]["japanese"][_allied_hex()] == [["A-CV-5", "A-CV-2"], ["A-CA-1", "A-DD-1"]]
    assert "0899" not in s["examined"]["japanese"]  # nothing left at Noumea; Sydney's CA-2 is out of range
    assert "0668" not in s["examined"]["japanese"]


@pytest.mark.rule("Stacking (G)")
def test_an_odd_ship_at_the_bottom_defends_alone():
    s = carriers_in_range()
    s["ships"]["J-CA-2"]["hex"] = "0759"
    R.sequence.procedures["examine"](s, None)
    assert s["examined"]["allied"][J_HEX] == [["J-CV-3", "J-CV-4"], ["J-CA-1"]]


@pytest.mark.rule("Detailed Sequence of Play, Step 5 (E)")
def test_both_sides_write_at_once_and_neither_sees_the_other_s_allocation_until_the_strikes():
    s = carriers_in_range()
    assert sorted(R.prompts(s)) == ["allied", "japanese"]
    j = {"missions": [{"from": "J-CV-3", "kind": "nac", "points": 7, "target": _allied_hex(), "group": 1,
                       "ship": 2}], "cap": []}
    s = act(s, "japanese", "allocate", **j)
    assert list(R.prompts(s)) == ["allied"]
    assert R.view(s, "japanese")["my_allocation"]["missions"][0]["points"] == 7
    seen = R.view(s, "allied")
    import json
    assert "my_allocation" not in seen and '"points": 7' not in json.dumps(seen) and "7 NAC" not in json.dumps(seen)
    s = act(s, "allied", "allocate", [6] * 40, missions=[], cap=[])
    assert "Japanese 7 NAC strike on hex" in texts(s, "allied")  # announced strike by strike
    assert s["allocations"] == {} and s["step"]["kind"] == "naval"


@pytest.mark.rule("Detailed Sequence of Play, Step 5 (F)")
def test_a_strike_meets_cap_then_anti_aircraft_then_bombs_crt_3_and_crt_5():
    s = carriers_in_range()
    s = act(s, "japanese", "allocate", missions=[], cap=[{"from": "J-CV-4", "kind": "nac", "points": 4}])
    assert s["ships"]["A-CV-5"]["nac"] == 10 and s["ships"]["J-CV-3"]["nac"] == 10
    # CAP 20 (die 1): 2 aborted 2 destroyed; the strike's 50 fire back (die 1): 3/5, destruction first, all 4 CAP
    # lost; AA 30 of CV-3 + CV-4 (die 1): 2/3; 1 point left bombs 11 against Defense 1 (die 1): damage number 1;
    # CRT 5 (die 1): 10 weeks.
    s = act(s, "allied", "allocate", [1, 1, 1, 1, 1],
            missions=[{"from": "A-CV-5", "kind": "nac", "points": 10, "target": J_HEX, "group": 1, "ship": 1}],
            cap=[])
    log = texts(s, "allied")
    assert "CAP 4 points meet it (die 1): 2 aborted, 2 destroyed" in log
    assert "CAP loses 0 aborted, 4 destroyed" in log
    assert "Anti-aircraft 30 (die 1): 2 aborted, 3 destroyed" in log
    assert "Japanese CV-3 is hit: 10 weeks" in log  # named, never by id (issue 34)
    cv3 = s["ships"]["J-CV-3"]
    assert cv3["damage"] == 10 and cv3["nac"] == 0  # a damaged carrier loses its aircraft (Combat (H))
    assert s["ships"]["J-CV-4"]["nac"] == 1  # 5 aboard, 4 flew CAP and were shot down
    assert s["ships"]["A-CV-5"]["nac"] == 5  # 1 survivor and 4 aborted return (5(L))
    # VP: 10 weeks on a capacity-10 carrier = 10; 10 NAC aboard + 4 CAP at 1 a point; Japan 5 NAC at 1/2
    assert s["vp"] == {"allied": 24.0, "japanese": 2.5}


@pytest.mark.rule("Detailed Sequence of Play, Step 5 (F)")
def test_allied_strikes_go_lbac_lac_nac_and_before_the_japanese():
    s = carriers_in_range()
    s["bases"]["0659"]["air"].update(lac=10, lbac=5)
    s = act(s, "japanese", "allocate", cap=[],
            missions=[{"from": "J-CV-3", "kind": "nac", "points": 3, "target": _allied_hex(), "group": 1}])
    s = act(s, "allied", "allocate", [6] * 60, cap=[], missions=[
        {"from": "A-CV-5", "kind": "nac", "points": 2, "target": J_HEX, "group": 2},
        {"from": "base:0659", "kind": "lac", "points": 2, "target": J_HEX, "group": 2},
        {"from": "base:0659", "kind": "lbac", "points": 2, "target": J_HEX, "group": 2}])
    log = texts(s)
    order = [log.index(t) for t in ("Allied 2 LBAC strike", "Allied 2 LAC strike", "Allied 2 NAC strike",
                                    "Japanese 3 NAC strike")]
    assert order == sorted(order)


@pytest.mark.rule("Movement (V)")
def test_a_strike_beyond_the_extended_range_is_refused():
    s = carriers_in_range()
    d = grid.distance("0698", J_HEX)
    assert d > 4
    with pytest.raises(IllegalAction, match="reach 4 hexes") as e:
        act(s, "allied", "allocate", cap=[],
            missions=[{"from": "base:0698", "kind": "lac", "points": 2, "target": J_HEX, "group": 1}])
    assert e.value.rule == "Movement (V)"


@pytest.mark.rule("Movement (V)")
def test_extended_range_cuts_air_to_air_to_one_a_point_for_japan_and_two_for_the_allies():
    j = {"side": "japanese", "kind": "lac", "home": "0759", "target": None}
    far = next(h for h in grid.within("0759", 4) if grid.distance(h, "0759") == 4)
    near = next(h for h in grid.within("0759", 3) if grid.distance(h, "0759") == 3)
    assert 3 * strength.air_to_air_per_point(dict(j, target=far)) == 3   # the printed LAC counter: 15 normal, 3 extended
    assert 3 * strength.air_to_air_per_point(dict(j, target=near)) == 15
    assert 3 * strength.air_to_air_per_point(dict(j, side="allied", target=far)) == 6


@pytest.mark.rule("Detailed Sequence of Play, Step 5 (D)")
def test_only_examined_stacks_may_be_attacked_and_a_group_must_exist():
    s = carriers_in_range()
    with pytest.raises(IllegalAction, match="No enemy naval stack was examined"):
        act(s, "allied", "allocate", cap=[],
            missions=[{"from": "A-CV-5", "kind": "nac", "points": 2, "target": "0754", "group": 1}])
    with pytest.raises(IllegalAction, match="forms 2 defensive group"):
        act(s, "allied", "allocate", cap=[],
            missions=[{"from": "A-CV-5", "kind": "nac", "points": 2, "target": J_HEX, "group": 3}])
    with pytest.raises(IllegalAction, match="has only 10 NAC"):
        act(s, "allied", "allocate", cap=[{"from": "A-CV-5", "kind": "nac", "points": 4}],
            missions=[{"from": "A-CV-5", "kind": "nac", "points": 7, "target": J_HEX, "group": 1}])


@pytest.mark.rule("Errata: Combat Results")
def test_crt_2_destruction_is_applied_first_when_too_few_aircraft_engage():
    assert damage.losses(3, 2, 2) == (1, 2)
    assert damage.losses(2, 3, 5) == (0, 2)
    assert damage.losses(10, 2, 3) == (2, 3)


@pytest.mark.rule("Detailed Sequence of Play, Step 5 (L)")
def test_aircraft_whose_carrier_was_damaged_land_elsewhere_in_range_or_are_destroyed():
    s = carriers_in_range()
    s["ships"]["A-CV-5"]["damage"] = 5
    s["ships"]["A-CV-5"]["nac"] = 0
    flight = {"side": "allied", "kind": "nac", "from": "A-CV-5", "home": _allied_hex(), "target": J_HEX,
              "alive": 3, "aborted": 1}
    air._land_back(s, flight)
    assert s["ships"]["A-CV-2"]["nac"] == 8  # 4 aboard, 4 more: CV-2 is in range of the target
    s["ships"]["A-CV-2"]["damage"] = 5
    air._land_back(s, dict(flight, alive=2, aborted=0))
    assert "no place to land within range" in texts(s)


@pytest.mark.rule("Movement (V)")
def test_the_allocation_offers_each_station_and_air_type_only_the_stacks_it_reaches():
    """Issue 34, offered means legal: the Japanese force at 0587 is examined by Port Moresby's LBAC (5 hexes) but lies
    beyond the Allied carriers' NAC and every LAC (which reach the transports at Rabaul); the prompt's reach (drawn into the form, which disables the other
    hexes of a strike row) offers it to the LBAC alone, and the rules accept every pair it offers."""
    s = deployed()
    for sid in ("J-CV-3", "J-CV-4", "J-CA-1", "J-CA-2"):
        s["ships"][sid]["hex"] = "0587"
    s = at(s, "examine", n=5)
    R.sequence.procedures["examine"](s, None)
    s = at(s, "allocation", n=6)
    reach = R.prompts(s)["allied"]["info"]["reach"]
    assert reach["base:0659"] == {"lac": ["0759"], "lbac": ["0587", "0759"]} and reach["A-CV-5"] == {"nac": []}
    for st, kinds in reach.items():
        for kind, targets in kinds.items():
            for t in targets:
                R.check(s, "allied", {"verb": "allocate", "args": {"cap": [], "missions": [
                    {"from": st, "kind": kind, "points": 1, "target": t, "group": 1}]}})
    with pytest.raises(IllegalAction, match="reach 3 hexes") as e:
        act(s, "allied", "allocate", cap=[], missions=[{"from": "A-CV-5", "kind": "nac", "points": 1, "target": "0587",
                                                        "group": 1}])
    assert e.value.rule == "Movement (V)"
    from tests.web.test_usn_board import prompt_html
    assert 'data-usn-reach="{&#34;A-CV-2&#34;: {&#34;nac&#34;: []}' in prompt_html(s, "allied")


@pytest.mark.rule("Movement (V)")
def test_a_refusal_names_the_carrier_as_printed_never_by_id():
    """Issue 34: the refusal read "NAC from A-CV-5 reach 3 hexes; ..."; it names the Allied CV-5 and cites the same
    rule."""
    s = carriers_in_range()
    s["ships"]["A-CV-5"]["hex"] = "0899"
    with pytest.raises(IllegalAction, match=r"NAC from Allied CV-5 reach 3 hexes; hex 0793 is \d+ away") as e:
        act(s, "allied", "allocate", cap=[], missions=[{"from": "A-CV-5", "kind": "nac", "points": 1,
                                                        "target": J_HEX, "group": 1}])
    assert e.value.rule == "Movement (V)" and "A-CV-5" not in str(e.value)
