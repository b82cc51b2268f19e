"""Air attacks over explicit inputs (14.1-14.3, 14.32, 14.33, 14.64, 6.22-6.24), with the printed CRT rows 1-3."""
import pytest

from app.engine.rng import ScriptedRng
from app.games.solomons.combat import air_strike


def ship(uid, kind, defense, aa):
    return {"id": uid, "type": kind, "defense": defense, "aa": aa, "attack": 0}


CV = ship("cv", "CV", 6, 6)
BB = ship("bb", "BB", 8, 9)
CA1, CA2 = ship("ca1", "CA", 4, 3), ship("ca2", "CA", 4, 3)
DD1, DD2 = ship("dd1", "DD", 2, 2), ship("dd2", "DD", 2, 2)


@pytest.mark.rule("14.12")
def test_cap_strength_is_doubled():
    # 5 CAP points fight as 10: column 10, die 1 prints 3
    r = air_strike.resolve_base_strike(20, ScriptedRng([1]), area_cap=5)
    assert r["area"]["strength"] == 10 and r["area"]["column"] == "10"
    assert r["lost_before"] == 3 and r["strength"] == 17


@pytest.mark.rule("14.1")
def test_less_than_ten_has_no_effect_and_rolls_no_die():
    r = air_strike.intercept(8, ScriptedRng([]))
    assert (r["column"], r["die"], r["lost"]) == (None, None, 0)
    # more than 60 uses 60: die 1 prints 10
    assert air_strike.intercept(90, ScriptedRng([1]))["column"] == "60"


@pytest.mark.rule("14.13")
def test_area_cap_losses_are_removed_before_the_attack_and_cap_loses_nothing():
    ships = [CV, CA1, DD1, DD2]
    # area CAP 10 doubled = 20, die 3 prints 3; group AA 13 -> column 10, die 3 prints 1
    r = air_strike.resolve_ship_strike(30, ships, ScriptedRng([3, 3, 1, 1, 1, 1]), area_cap=10)
    assert r["area"]["lost"] == 3
    assert r["groups"][0]["points"] == 27            # the group was attacked by the survivors only
    assert r["groups"][0]["lost"] == 1
    assert "cap_lost" not in r                         # CAP suffers no return fire (6.22)


@pytest.mark.rule("14.14")
def test_cap_intercepts_every_attack():
    first = air_strike.resolve_base_strike(10, ScriptedRng([1]), area_cap=5)
    second = air_strike.resolve_base_strike(10, ScriptedRng([1]), area_cap=5)
    assert first["lost_before"] == second["lost_before"] == 3


@pytest.mark.rule("14.33")
def test_point_cap_doubled_is_added_to_the_group_aa_24_aa_and_3_nac_resolve_at_30():
    big = [ship("bb1", "BB", 8, 9), ship("bb2", "BB", 8, 9), CA1, CA2]     # 24 AA
    r = air_strike.resolve_ship_strike(20, big, ScriptedRng([1, 1, 1]), point_cap=[3])
    g = r["groups"][0]
    assert g["aa"] == 30 and g["fire"]["column"] == "30"
    assert g["lost"] == 6                               # 30, die 1 prints 6


@pytest.mark.rule("14.3")
def test_air_to_ship_order_groups_announced_then_aa_then_reveal_then_ships():
    ships = [CV, CA1, DD1, DD2, BB, CA2]
    groups = [["cv", "ca1", "dd1", "dd2"], ["bb", "ca2"]]
    # area CAP 5 -> 10, die 3: 1 lost. Group 1 (the carrier's) takes all 39: AA 13 -> column 10, die 3: 1 lost.
    # 38 survivors: CV 18 (3:1), CA 12 (3:1), DD 6 (3:1), the other DD 2 (1:1)
    rng = ScriptedRng([3, 3, 2, 1, 3, 2])
    r = air_strike.resolve_ship_strike(40, ships, rng, area_cap=5, groups=groups)
    assert r["group_sizes"] == [4, 2]
    assert r["announced"] == [["carrier"], ["battleship"]]
    assert [g["index"] for g in r["groups"]] == [0]       # the battleship group was not attacked, nor revealed
    attacks = {a["ship"]: (a["points"], a["column"], a["die"], a["result"]) for a in r["groups"][0]["attacks"]}
    assert attacks == {"cv": (18, "3:1", 2, "D"), "ca1": (12, "3:1", 1, "C"), "dd1": (6, "3:1", 3, "D"),
                       "dd2": (2, "1:1", 2, "C")}
    assert r["hits"] == {"cv": "D", "ca1": "C", "dd1": "D", "dd2": "C"}
    assert rng.remaining == 0


@pytest.mark.rule("14.3")
def test_groups_hold_no_more_than_four_ships():
    many = [ship(f"dd{i}", "DD", 2, 2) for i in range(9)] + [CV]
    groups = air_strike.form_groups(many)
    assert len(groups) == 3 and all(len(g) <= 4 for g in groups)
    assert sorted(u for g in groups for u in g) == sorted(s["id"] for s in many)
    # a standing order with a group of five is not valid: the default grouping is used
    bad = air_strike.form_groups(many, [[s["id"] for s in many[:5]]])
    assert all(len(g) <= 4 for g in bad)


@pytest.mark.rule("14.32")
def test_every_ship_is_attacked_separately_and_one_air_point_attacks_one_ship():
    plan = air_strike.allocate_to_ships(20, [CA1, CA2], odds=3)
    assert plan == [("ca1", 12), ("ca2", 8)]
    assert sum(n for _, n in plan) == 20


@pytest.mark.rule("14.3")
def test_below_one_to_two_is_prohibited():
    # 3 points cannot reach 1:2 against defense 8, so the battleship is not attacked; the destroyer is
    assert air_strike.allocate_to_ships(3, [BB, DD1]) == [("dd1", 3)]
    assert air_strike.allocate_to_ships(3, [BB]) == []


@pytest.mark.rule("14.64")
def test_extended_range_losses_are_suffered_twice():
    # Rabaul LAC at Guadalcanal: area CAP 10 doubled = 20, die 1 prints 3: 3 before the attack, 3 again after
    r = air_strike.resolve_base_strike(15, ScriptedRng([1]), area_cap=10, extended=True)
    assert (r["lost_before"], r["strength"], r["lost_after"], r["survivors"]) == (3, 12, 3, 9)
    ships = [CA1, DD1]
    r = air_strike.resolve_ship_strike(20, ships, ScriptedRng([1, 3, 1]), area_cap=5, extended=True)
    # area 10, die 1: 3; group AA 5: no effect; so 3 lost before and 3 more after
    assert (r["lost_before"], r["lost_after"], r["survivors"]) == (3, 3, 14)


@pytest.mark.rule("14.3")
def test_the_attacker_may_put_all_its_points_on_one_of_two_carrier_groups():
    """14.3: "The attacker allocates Air Points among target groups." Two groups announced to hold carriers: by
    default the strike is shared evenly and both groups fire, or with the doctrine's spread "one" all of it goes to
    the first and only that group's anti-aircraft fire is met."""
    cv2 = ship("cv2", "CV", 6, 6)
    ships = [CV, CA1, DD1, cv2, CA2, DD2]
    groups = [["cv", "ca1", "dd1"], ["cv2", "ca2", "dd2"]]
    # each group's AA 11 -> column 10; die 1 prints 3
    even = air_strike.resolve_ship_strike(20, ships, ScriptedRng([1] * 12), groups=groups)
    assert [(g["index"], g["points"], g["lost"]) for g in even["groups"]] == [(0, 10, 3), (1, 10, 3)]
    one = air_strike.resolve_ship_strike(20, ships, ScriptedRng([1] * 12), groups=groups, spread="one")
    assert [(g["index"], g["points"], g["lost"]) for g in one["groups"]] == [(0, 20, 3)]
    assert one["survivors"] == 17 and even["survivors"] == 14
    # the carrier of the concentrated strike is attacked at 2.5:1 (17 points on defense 6), each half's at 1:1 (7)
    assert (one["groups"][0]["attacks"][0]["ship"], one["groups"][0]["attacks"][0]["column"]) == ("cv", "2.5:1")
    assert [(g["attacks"][0]["ship"], g["attacks"][0]["column"]) for g in even["groups"]] == [("cv", "1:1"),
                                                                                              ("cv2", "1:1")]
    assert air_strike.allocate_to_groups(20, groups, {s["id"]: s["type"] for s in ships}) == [10, 10]
