"""Air strikes on bases (Step 5 (H)-(I); Mission Capability Chart: Air Units, Bomb Air or Naval Base; CRTs 2, 3, 5),
written in the secret allocation and resolved after the strikes on ships, with scripted dice."""
import pytest

from app.engine.errors import IllegalAction
from app.games.usn import board

from .helpers import R, act, at, deployed, texts

PM, RABAUL, LAE = "0659", "0759", "0692"  # PM: 10 LAC and 5 LBAC after the default deployment, capacity 15
RULE = "Mission Capability Chart: Air Units, Bomb Air or Naval Base"


def allocation():
    return at(deployed(), "allocation", n=6)


def strike(s, role, dice, *flights):
    s = act(s, role, "allocate", missions=[], cap=[], base_strikes=list(flights))
    return act(s, board.other(role), "allocate", dice, missions=[], cap=[])


@pytest.mark.rule("Bomb Air or Naval Base")
def test_the_points_left_on_an_air_base_rise_to_cap_then_its_aa_fires_then_the_survivors_bomb():
    s = strike(allocation(), "japanese", (1, 1, 6, 1, 1),
               {"from": f"base:{RABAUL}", "kind": "lac", "points": 10, "target": PM, "base": "air base"},
               {"from": f"base:{LAE}", "kind": "lac", "points": 5, "target": PM, "base": "air base"})
    log = texts(s)
    assert "Japanese strike on the air base at hex 0659: 10 LAC, 5 LAC." in log
    # the 10 LAC on the base rise (the 5 LBAC fly no CAP): 50 on CRT 2, die 1: 3 aborted, 5 destroyed, taken from
    # the first flight; the strike fires back 10 x 1 (Rabaul is 4 hexes off: extended) + 5 x 5 = 35, die 1: 2/3
    assert "CAP 10 points meet it (die 1): 3 aborted, 5 destroyed; the strike fires back with 35 (die 1)." in log
    assert "Anti-aircraft 15 (die 6)" in log  # an air base's AA is its Air Point Capacity
    # 7 LAC x 14 = 98 against Defense 10: CRT 3 6-1 to 10-1, die 1 -> 1; CRT 5 die 1 -> "10": not neutralized, and
    # the points that rose to CAP are not grounded: the schedule does not touch them
    assert "Bombing 98 against 10 (die 1): damage number 1; CRT 5 (die 1): 10." in log
    assert s["bases"][PM]["air"] == {"lac": 7, "lbac": 5, "nac": 0} and not board.neutralized(s, PM, "air")
    assert s["vp"] == {"japanese": 1.5, "allied": 2.5}
    assert s["bases"][RABAUL]["air"]["lac"] == 5  # 2 survivors and 3 aborted land again; 5 destroyed


@pytest.mark.rule("Bomb Air or Naval Base")
def test_anti_aircraft_never_fires_at_lbac_striking_a_base():
    s = allocation()
    s["bases"][RABAUL]["air"]["lac"] = 0  # nothing to rise to CAP
    s = strike(s, "allied", (1, 1), {"from": f"base:{PM}", "kind": "lbac", "points": 5, "target": RABAUL,
                                     "base": "naval base"})
    log = texts(s)
    assert "Anti-aircraft" not in log and "CAP" not in log.split("strike on the naval base")[1]
    assert "Bombing 50 against 10 (die 1): damage number 1; CRT 5 (die 1): 10." in log  # LBAC 10 a point


@pytest.mark.rule("Bomb Air or Naval Base")
def test_air_points_grounded_on_a_neutralized_base_suffer_the_schedule():
    s = allocation()
    s["bases"][PM]["neutralized"] = {"air": [2, s["step"]["index"]]}
    s = strike(s, "japanese", (6, 1, 1), {"from": f"base:{LAE}", "kind": "lac", "points": 5, "target": PM,
                                          "base": "air base"})
    log = texts(s)
    assert "CAP" not in log.split("strike on the air base")[1]  # grounded: nothing rises
    assert "Bombing 70 against 10 (die 1): damage number 1; CRT 5 (die 1): 10." in log
    assert s["bases"][PM]["air"] == {"lac": 7, "lbac": 5, "nac": 0}  # 25% of 15: 3 points, the cheapest first


@pytest.mark.rule("Combat (B)")
def test_a_strike_names_an_enemy_base_of_the_kind_there_within_range():
    s = allocation()
    with pytest.raises(IllegalAction, match="no enemy naval base at hex 0659") as e:
        act(s, "japanese", "allocate", missions=[], cap=[],
            base_strikes=[{"from": f"base:{LAE}", "kind": "lac", "points": 5, "target": PM, "base": "naval base"}])
    assert e.value.rule == RULE
    with pytest.raises(IllegalAction, match="reach 4 hexes") as e:
        act(s, "japanese", "allocate", missions=[], cap=[],
            base_strikes=[{"from": f"base:{RABAUL}", "kind": "lac", "points": 5, "target": "0698",
                           "base": "air base"}])
    assert e.value.rule == "Movement (V)"
    with pytest.raises(IllegalAction, match="has only 5 LAC"):
        act(s, "japanese", "allocate", missions=[], cap=[{"from": f"base:{LAE}", "kind": "lac", "points": 1}],
            base_strikes=[{"from": f"base:{LAE}", "kind": "lac", "points": 5, "target": PM, "base": "air base"}])
    assert "my_allocation" not in R.view(s, "allied")


STRAFE = "air units on the ground"


@pytest.mark.rule("Strafing")
def test_strafers_meet_the_rising_cap_and_the_aa_then_shoot_up_what_stayed_on_the_ground():
    s = strike(allocation(), "japanese", (6, 6, 6, 1),
               {"from": f"base:{LAE}", "kind": "lac", "points": 5, "target": PM, "base": STRAFE})
    log = texts(s)
    # the 10 LAC rise (50, die 6: 1 aborted, 1 destroyed); the strike fires back 25 (die 6): nothing
    assert "CAP 10 points meet it (die 6): 1 aborted, 1 destroyed; the strike fires back with 25 (die 6)." in log
    assert "Anti-aircraft 15 (die 6): 0 aborted, 0 destroyed." in log
    # 3 LAC x 5 = 15 at the ground (die 1: 2/1): the LBAC, which never rise, lose one point; no return fire
    assert "Strafing 15 at the air units on the ground at 0659 (die 1): 1 destroyed." in log
    assert s["bases"][PM]["air"] == {"lac": 10, "lbac": 4, "nac": 0}
    assert "Bombing" not in log


@pytest.mark.rule("Strafing")
def test_on_a_neutralized_base_nothing_rises_and_the_dearest_points_are_shot_up_first():
    s = allocation()
    s["bases"][PM]["neutralized"] = {"air": [2, s["step"]["index"]]}
    s = strike(s, "japanese", (6, 1), {"from": f"base:{LAE}", "kind": "lac", "points": 5, "target": PM,
                                       "base": STRAFE})
    log = texts(s)
    assert "CAP" not in log.split("strike on the air units")[1]
    assert "Strafing 25 at the air units on the ground at 0659 (die 1): 2 destroyed." in log  # CRT 2 20-29: 2/2
    assert s["bases"][PM]["air"] == {"lac": 10, "lbac": 3, "nac": 0}  # LBAC (1 VP) before LAC (1/2)


@pytest.mark.rule("Strafing")
def test_points_that_rose_to_cap_are_not_on_the_ground():
    s = allocation()
    s["bases"][PM]["air"]["lbac"] = 0  # only LAC, which all rise
    s = strike(s, "japanese", (6, 6, 6), {"from": f"base:{LAE}", "kind": "lac", "points": 5, "target": PM,
                                          "base": STRAFE})
    assert "Strafing 15: no air units on the ground at 0659." in texts(s)
    assert s["bases"][PM]["air"]["lac"] == 10


@pytest.mark.rule("Detailed Sequence of Play, Step 5 (E)")
def test_strikes_on_bases_and_ground_support_stay_secret_until_they_are_flown():
    import json

    from app.engine.contract import SPECTATOR, UMPIRE
    from app.engine.rng import SeededRng
    from app.engine.testing import check_every_reader
    s = act(allocation(), "japanese", "allocate", missions=[], cap=[],
            base_strikes=[{"from": f"base:{LAE}", "kind": "lac", "points": 4, "target": PM, "base": STRAFE}])
    assert R.view(s, "japanese")["my_allocation"]["base_strikes"][0]["points"] == 4
    for role in ("allied", SPECTATOR):
        seen = json.dumps(R.view(s, role))
        assert STRAFE not in seen and "base_strikes" not in seen
    assert {"japanese", "allied", UMPIRE, SPECTATOR} <= set(check_every_reader(R, s, SeededRng(2)))


@pytest.mark.rule("Detailed Sequence of Play, Step 5 (J)")
def test_ground_support_flies_only_the_points_still_on_its_base_after_the_base_strikes():
    """Ground support takes off at (J), after the strikes on bases (H): points allocated to it that rose against a
    base strike and were destroyed, or whose base was lost, do not fly, and the base's count never goes below zero
    (found by the strong Japanese at Coral Sea: "Japanese +-0.5 VP: -1 LAC points lost with the base at 0659")."""
    from app.games.usn import air
    s = allocation()
    s["bases"][PM]["air"]["lac"] = 1  # 9 of its 10 LAC destroyed rising against a base strike at (H)
    order = {"from": f"base:{PM}", "kind": "lac", "points": 3, "target": PM}
    flights = air._flights(s, "allied", [order])
    assert [f["alive"] for f in flights] == [1] and s["bases"][PM]["air"]["lac"] == 0
    assert "Your LAC from the base at 0659: 1 of the 3 points allocated are left to fly." in texts(s)
    assert air._flights(s, "allied", [order]) == [] and s["bases"][PM]["air"]["lac"] == 0
    del s["bases"][PM]  # the base lost: nothing of it flies
    assert air._flights(s, "allied", [order]) == []
    assert "left to fly" not in "\n".join(e["text"] for e in R.view(s, "japanese")["log"])  # its station is secret


@pytest.mark.rule("Movement (S)")
def test_nothing_takes_off_from_a_base_neutralized_earlier_in_the_phase():
    """Movement (S): "If a base has been neutralized by sea or air bombardment, no air units may land or take off from
    that airbase." Ground support allocated from a base that a strike at (H) neutralized does not fly at (J); its
    points stay on the base, and only its owner is told why."""
    from app.games.usn import air
    s = allocation()
    s["bases"][PM]["neutralized"] = {"air": [s["turn"] + 1, s["step"]["index"]]}  # the strike at (H) neutralized it
    order = {"from": f"base:{PM}", "kind": "lac", "points": 3, "target": PM}
    assert air._flights(s, "allied", [order]) == []
    assert s["bases"][PM]["air"]["lac"] == 10  # grounded, not flown away nor lost
    told = "Your LAC from the base at 0659: the base is neutralized, and none of the 3 points allocated may take off"
    assert told in texts(s, "allied")
    assert "neutralized, and none" not in texts(s, "japanese")
