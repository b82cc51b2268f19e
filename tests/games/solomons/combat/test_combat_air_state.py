"""Air combat in the state: sections E and F (6.22-6.25, 10.1, 14.x, 15.1, 16.22), what each side is told."""
import pytest
from combat_kit import add_tf, blank_state, told

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.solomons import air_orders, board, tables
from app.games.solomons.combat import air, bombardment, supply

MANY = [2] * 40  # enough dice of one face; the tests assert what that face gives


def carrier_duel(us_nac=6, jp_nac=9):
    """An American carrier force in M (Japan knows it as tf-?1), a Japanese one in L (America knows tf-?11)."""
    s = blank_state()
    us = add_tf(s, "allied", 1, ["us-CV-1", "us-CA-1", "us-DD-1"], "M")
    jp = add_tf(s, "japanese", 1, ["jp-CV-1", "jp-CA-4"], "L")
    s["units"]["us-CV-1"]["nac"] = us_nac
    s["units"]["jp-CV-1"]["nac"] = jp_nac
    return s, us, jp


def strike(source, points, target, kind="nac", mission="attack", hex_id=None):
    return {"source": source, "points": points, "kind": kind, "mission": mission, "target": target,
            "hex": hex_id, "counters": 1}


def aa_of(units):
    return sum(board.strength(u)["aa"] for u in units)


@pytest.mark.rule("6.24")
@pytest.mark.rule("14.3")
def test_the_attacker_sees_groups_then_only_the_attacked_ships_and_the_defender_sees_every_roll():
    s, us, jp = carrier_duel()
    s["decisions"] = {"japanese": {"missions": [strike("japanese-tf-1", 9, "tf-?1", hex_id="M")]},
                      "allied": {"missions": []}}
    air.resolve_air_attacks(s, 3, ScriptedRng(MANY))
    jp_text, us_text = told(s, "japanese"), told(s, "allied")
    assert "attacked American Task Force A (sighted) in M" in jp_text
    assert "group 1: 3 ships (carrier)" in jp_text
    shown = s["combat_reveals"]["japanese"][0]
    assert shown["rule"] == "14.3" and shown["marker"] == "tf-?1"
    assert sorted(x["type"] for x in shown["ships"]) == ["CA", "CV", "DD"]
    assert "TF 1 in M was attacked by 9 NAC from carriers" in us_text
    # neither side's lines name the other's real task force
    assert "allied-tf-1" not in jp_text and "japanese-tf-1" not in us_text
    assert s["combat_reveals"]["allied"] == []


@pytest.mark.rule("14.3")
def test_aircraft_naval_results_cripple_or_sink_the_ships_and_lose_the_aircraft_aboard():
    s, us, jp = carrier_duel(us_nac=6)
    s["decisions"] = {"japanese": {"missions": [strike("japanese-tf-1", 9, "tf-?1", hex_id="M")],
                                   "doctrine": {"priority": ["CV"], "odds": 1}},
                      "allied": {"missions": []}}
    # the carrier is attacked first at 1:1 or better; die 2 cripples at every column from 1:1 up to 2.5:1
    defense = board.strength("us-CV-1")["defense"]
    air.resolve_air_attacks(s, 3, ScriptedRng(MANY))
    col = tables.column_for_odds("aircraft_naval", defense, defense)
    expected = tables.result("aircraft_naval", col, 2)["effect"]
    assert s["units"]["us-CV-1"]["status"] == {"crippled": "crippled", "destroyed": "sunk"}[expected]
    # 14.43: the six NAC aboard are lost with it
    assert s["losses"]["allied"]["nac"] == 6


@pytest.mark.rule("6.22")
def test_unallocated_henderson_air_flies_area_cap_and_lac_and_nac_combine():
    s = blank_state()
    s["guadalcanal"]["henderson"] = {"complete": True, "side": "allied"}
    s["air"]["allied"]["henderson"].update(lac=8, nac=4)
    s["decisions"] = {"allied": {"missions": []}, "japanese": None}
    assert air.area_cap(s, "allied", "M") == 12
    s["guadalcanal"]["supply"]["allied"] = 1
    add_tf(s, "japanese", 2, ["jp-CA-1"], "L")
    s["decisions"]["allied"]["missions"] = [strike("henderson", 5, "tf-?12", kind="lac")]
    assert air.area_cap(s, "allied", "M") == 7


@pytest.mark.rule("6.23")
@pytest.mark.rule("14.2")
def test_air_bombardment_supply_losses_are_immediate_and_air_losses_wait_for_the_end_of_the_segment():
    s = blank_state(turn=10)
    s["guadalcanal"]["henderson"] = {"complete": True, "side": "allied"}
    s["guadalcanal"]["supply"]["allied"] = 5
    s["air"]["allied"]["henderson"].update(lac=5)
    s["air"]["japanese"]["shortlands"] = {"lac": 80, "nac": 0, "untrained": 0, "spent": 0, "transferred": 0,
                                          "attacked": False}
    s["decisions"] = {"japanese": {"missions": [strike("shortlands", 80, "guadalcanal", "lac", "bombard")]},
                      "allied": {"missions": []}}
    # Henderson's 5 LAC fly CAP at 10, die 1 prints 3: 77 bomb; the segment's one bombardment roll (6.33, 15.2)
    # is made in the bombardment section: column 70+, die 1 prints 2+S½
    air.resolve_air_attacks(s, 3, ScriptedRng([1]))
    assert s["air"]["japanese"]["shortlands"]["lac"] == 77
    bombardment.apply_air_losses(s, s["combat"])            # nothing is due before the roll
    rng = ScriptedRng([1])
    bombardment.bombard(s, s["combat"], "japanese", s["combat"]["air_bombardment"].pop("japanese"), rng, "air",
                        "14.2")
    assert s["guadalcanal"]["supply"]["allied"] == 3        # half of 5, rounded down, gone at once
    assert s["air"]["allied"]["henderson"]["lac"] == 5       # still flying CAP this segment
    assert "column 70+, die 1" in told(s, "allied")
    bombardment.apply_air_losses(s, s["combat"])
    assert s["air"]["allied"]["henderson"]["lac"] == 3       # the end of the segment
    assert s["losses"]["allied"] == {"lac": 2, "nac": 0, "ground": 0, "supply": 2}


@pytest.mark.rule("14.61")
def test_air_losses_are_ignored_when_no_air_is_based_there():
    s = blank_state(turn=10)
    s["guadalcanal"]["henderson"] = {"complete": False, "side": "allied"}
    s["air"]["japanese"]["shortlands"] = {"lac": 80, "nac": 0, "untrained": 0, "spent": 0, "transferred": 0,
                                          "attacked": False}
    s["decisions"] = {"japanese": {"missions": [strike("shortlands", 80, "guadalcanal", "lac", "bombard")]},
                      "allied": {"missions": []}}
    air.resolve_air_attacks(s, 3, ScriptedRng([]))
    bombardment.resolve_naval_bombardment(s, 3, ScriptedRng([1]))   # 80+, die 1: 3+S½ with no CAP
    assert s["losses"]["allied"]["lac"] == 0 and s["losses"]["allied"]["nac"] == 0


@pytest.mark.rule("14.41")
def test_all_the_carrier_air_of_one_task_force_makes_one_offensive_action_a_turn():
    s, us, jp = carrier_duel(jp_nac=9)
    add_tf(s, "allied", 2, ["us-CA-2"], "M")
    two_targets = {"missions": [strike("japanese-tf-1", 4, "tf-?1"), strike("japanese-tf-1", 4, "tf-?2")]}
    with pytest.raises(IllegalAction) as refused:
        check(s, "japanese", two_targets)
    assert refused.value.rule == "14.41"
    check(s, "japanese", {"missions": [strike("japanese-tf-1", 9, "tf-?1")]})
    jp["cag_spent"] = True
    with pytest.raises(IllegalAction) as refused:
        check(s, "japanese", {"missions": [strike("japanese-tf-1", 9, "tf-?1")]})
    assert refused.value.rule == "14.41"
    # defensive CAP stays unlimited
    check(s, "japanese", {"missions": [strike("japanese-tf-1", 9, None, mission="cap_area",
                                                                hex_id="L")]})


def rabaul_raid(us_nac):
    """An American carrier force in K, in reach of 30 Rabaul LAC; a Japanese force in F for it to strike."""
    s = blank_state()
    add_tf(s, "allied", 1, ["us-CV-1", "us-CA-1", "us-DD-1"], "K")
    add_tf(s, "japanese", 1, ["jp-CA-4"], "F")
    s["units"]["us-CV-1"]["nac"] = us_nac
    s["air"]["japanese"]["rabaul"].update(lac=30)
    raid = strike("rabaul", 30, "tf-?1", kind="lac")
    return s, raid


@pytest.mark.rule("14.42")
def test_nac_away_when_their_carrier_is_crippled_land_nearby_within_capacity_and_the_rest_are_lost():
    s, raid = rabaul_raid(us_nac=8)
    add_tf(s, "allied", 2, ["us-CV-2"], "F")
    room = board.strength("us-CV-2")["capacity"] - 1
    s["units"]["us-CV-2"]["nac"] = 1
    # Rabaul's 30 LAC cripple CV-1 at 3:1 with a 1 while 8 of its NAC are away striking F
    s["decisions"] = {"japanese": {"missions": [raid], "doctrine": {"priority": ["CV"], "odds": 3}},
                      "allied": {"missions": [strike("allied-tf-1", 8, "tf-?11")]}}
    air.resolve_air_attacks(s, 3, ScriptedRng([1] * 40))
    assert s["units"]["us-CV-1"]["status"] == "crippled"
    assert s["units"]["us-CV-1"]["nac"] == 0
    home = 8 - s["losses"]["allied"]["nac"]          # the strike's own losses to AA, if any, are counted too
    assert s["units"]["us-CV-2"]["nac"] == 1 + min(room, home)
    assert "looked for a deck" in told(s, "allied")


@pytest.mark.rule("14.43")
def test_aircraft_aboard_a_carrier_crippled_by_air_are_lost():
    s, raid = rabaul_raid(us_nac=6)
    s["decisions"] = {"japanese": {"missions": [raid], "doctrine": {"priority": ["CV"], "odds": 3}},
                      "allied": {"missions": []}}
    air.resolve_air_attacks(s, 3, ScriptedRng([1] * 40))
    assert s["units"]["us-CV-1"]["status"] == "crippled"
    assert s["units"]["us-CV-1"]["nac"] == 0 and s["losses"]["allied"]["nac"] == 6


@pytest.mark.rule("14.5")
def test_a_spent_carrier_force_attacked_by_unspent_carrier_air_counterattacks_with_what_it_kept_aboard():
    s, us, jp = carrier_duel(us_nac=9, jp_nac=9)
    us["cag_spent"] = True
    s["decisions"] = {"japanese": {"missions": [strike("japanese-tf-1", 9, "tf-?1")],
                                   "doctrine": {"priority": ["DD"], "odds": 1}},
                      "allied": {"missions": [strike("allied-tf-1", 3, None, mission="cap_point",
                                                      hex_id="M") | {"target": "allied-tf-1"}]}}
    # die 1: the destroyer group is hit; the carrier survives uncrippled
    air.resolve_air_attacks(s, 3, ScriptedRng([1] * 20))
    assert s["units"]["us-CV-1"]["status"] == "intact"
    air.resolve_counterattacks(s, 3, ScriptedRng([4] * 20))
    us_text, jp_text = told(s, "allied"), told(s, "japanese")
    # the three NAC that flew Point CAP stay out of it: six counterattack
    assert "Your 6 NAC from TF 1 attacked Japanese Task Force K (sighted) in L" in us_text
    assert "was attacked by 6 NAC from carriers" in jp_text
    assert s["task_forces"]["allied-tf-1"]["cag_spent"] is True


@pytest.mark.rule("6.25")
def test_no_counterattack_when_both_carrier_forces_strike_at_once():
    s, us, jp = carrier_duel(us_nac=6, jp_nac=9)
    s["decisions"] = {"japanese": {"missions": [strike("japanese-tf-1", 9, "tf-?1")]},
                      "allied": {"missions": [strike("allied-tf-1", 6, "tf-?11")]}}
    air.resolve_air_attacks(s, 3, ScriptedRng([6] * 40))
    before = len(s["log"])
    air.resolve_counterattacks(s, 3, ScriptedRng([]))
    assert len(s["log"]) == before


@pytest.mark.rule("14.63")
def test_rabaul_air_attacks_once_a_turn_and_transferred_air_not_at_all():
    s = blank_state()
    add_tf(s, "allied", 1, ["us-CA-1"], "K")
    s["air"]["japanese"]["rabaul"].update(lac=13, attacked=True)
    with pytest.raises(IllegalAction) as refused:
        check(s, "japanese", {"missions": [strike("rabaul", 5, "tf-?1", kind="lac")]})
    assert refused.value.rule == "14.63"
    s["air"]["japanese"]["rabaul"].update(attacked=False, transferred=13)
    with pytest.raises(IllegalAction) as refused:
        check(s, "japanese", {"missions": [strike("rabaul", 5, "tf-?1", kind="lac")]})
    assert refused.value.rule == "14.63" and "transferred" in refused.value.message


@pytest.mark.rule("14.64")
def test_rabaul_lac_reach_guadalcanal_at_three_hexes_and_lose_cap_losses_twice():
    s = blank_state()
    s["guadalcanal"]["henderson"] = {"complete": True, "side": "allied"}
    s["air"]["allied"]["henderson"].update(lac=5)
    s["air"]["japanese"]["rabaul"].update(lac=20, nac=20)
    s["guadalcanal"]["supply"]["allied"] = 4
    m = strike("rabaul", 20, "guadalcanal", "lac", "bombard")
    check(s, "japanese", {"missions": [m]})
    with pytest.raises(IllegalAction) as refused:
        check(s, "japanese", {"missions": [dict(m, kind="nac")]})
    assert refused.value.rule == "10.1"
    s["decisions"] = {"japanese": {"missions": [m]}, "allied": {"missions": []}}
    # CAP 5 doubled = 10, die 1 prints 3: 17 bomb (column 10+, die 3 prints -), then 3 more lost going home
    air.resolve_air_attacks(s, 3, ScriptedRng([1, 3]))
    assert s["air"]["japanese"]["rabaul"]["lac"] == 14
    assert s["losses"]["japanese"]["lac"] == 6
    assert "3 more were lost after the attack" in told(s, "allied")


@pytest.mark.rule("10.1")
def test_american_air_reaches_one_hex():
    s = blank_state()
    add_tf(s, "japanese", 3, ["jp-CA-1"], "O")
    add_tf(s, "japanese", 4, ["jp-CA-2"], "N")
    s["air"]["allied"]["espiritu_santo"].update(lac=5)
    check(s, "allied", {"missions": [strike("espiritu_santo", 5, "tf-?13", kind="lac")]})
    with pytest.raises(IllegalAction) as refused:
        check(s, "allied", {"missions": [strike("espiritu_santo", 5, "tf-?14", kind="lac")]})
    assert refused.value.rule == "10.1"


@pytest.mark.rule("16.22")
def test_henderson_air_on_offensive_missions_costs_a_supply_point_per_ten_or_fraction():
    s = blank_state()
    s["guadalcanal"]["henderson"] = {"complete": True, "side": "allied"}
    s["air"]["allied"]["henderson"].update(lac=15)
    s["guadalcanal"]["supply"]["allied"] = 1
    add_tf(s, "japanese", 2, ["jp-CA-1"], "M")
    m = strike("henderson", 15, "tf-?12", kind="lac")
    with pytest.raises(IllegalAction) as refused:
        check(s, "allied", {"missions": [m]})
    assert refused.value.rule == "16.22"
    s["guadalcanal"]["supply"]["allied"] = 2
    check(s, "allied", {"missions": [m]})
    s["decisions"] = {"allied": {"missions": [m]}, "japanese": {"missions": []}}
    supply.expend_air_supply(s, 3)
    assert s["guadalcanal"]["supply"]["allied"] == 0
    assert "2 American Supply Points spent" in told(s, "japanese")


def slot_run_under_henderson_air(hex_id, plot):
    s = blank_state()
    s["guadalcanal"]["henderson"] = {"complete": True, "side": "allied"}
    s["air"]["allied"]["henderson"].update(lac=10)
    s["guadalcanal"]["supply"]["allied"] = 1
    add_tf(s, "japanese", 2, ["jp-CA-1"], hex_id, mission="bombardment", slot=True, plot=plot)
    s["decisions"] = {"allied": {"missions": [strike("henderson", 10, "tf-?12", kind="lac")]},
                      "japanese": {"missions": []}}
    return s


@pytest.mark.rule("11.1")
@pytest.mark.rule("15.1")
def test_a_slot_run_reaching_m_by_night_is_immune_to_henderson_field_air_and_one_reaching_it_by_day_is_not():
    """11.1: "immune to attack by aircraft from Henderson Field while the Task Force reaches M during a night
    segment"; Henderson air flies only by day, so the immunity covers the run whose M segment is a night one."""
    # in L by day (segment 3), due in M in night segment 4: immune
    s = slot_run_under_henderson_air("L", {"1": "rabaul", "2": "K", "3": "L", "4": "M", "5": "L", "6": "K"})
    air.resolve_air_attacks(s, 3, ScriptedRng([]))
    assert s["units"]["jp-CA-1"]["status"] == "intact"
    assert "immune to Henderson Field air" in told(s, "allied")
    # in M in day segment 3: no immunity, the strike goes in (10 LAC at 1.5:1, die 6: sunk)
    s = slot_run_under_henderson_air("M", {"1": "K", "2": "L", "3": "M", "4": "L", "5": "K"})
    air.resolve_air_attacks(s, 3, ScriptedRng([6]))
    assert "immune" not in told(s, "allied")
    assert s["units"]["jp-CA-1"]["status"] == "sunk"


@pytest.mark.rule("14.7")
def test_the_defender_does_not_regroup_between_attacks_in_one_segment():
    s = blank_state()
    ships = ["us-CA-1", "us-CA-2", "us-DD-1", "us-DD-2", "us-DD-3"]
    add_tf(s, "allied", 1, ships, "K")
    s["air"]["japanese"]["rabaul"].update(lac=20)
    s["decisions"] = {"japanese": {"missions": [strike("rabaul", 10, "tf-?1", kind="lac"),
                                                strike("rabaul", 10, "tf-?1", kind="lac")]},
                      "allied": {"missions": [], "defence": {"allied-tf-1": {
                          "groups": [["us-CA-1", "us-DD-1"], ["us-CA-2", "us-DD-2", "us-DD-3"]]}}}}
    air.resolve_air_attacks(s, 3, ScriptedRng([1] * 40))
    lines = [line["text"] for line in s["log"] if line["to"] == "japanese" and "attacked American Task Force A (sighted)" in line["text"]]
    assert len(lines) == 2
    assert "group 1: 2 ships, group 2: 3 ships" in lines[0]
    # after the first strike the groups are what is left of the same groups, not new ones
    groups = s["combat"]["groups"]["allied-tf-1"]
    assert groups == [["us-CA-1", "us-DD-1"], ["us-CA-2", "us-DD-2", "us-DD-3"]]


@pytest.mark.rule("14.7")
def test_carrier_forces_in_one_hex_combine_their_strike_on_one_target():
    s, us, jp = carrier_duel(us_nac=6, jp_nac=5)
    add_tf(s, "japanese", 2, ["jp-CV-2"], "L")
    s["units"]["jp-CV-2"]["nac"] = 4
    s["decisions"] = {"japanese": {"missions": [strike("japanese-tf-1", 5, "tf-?1"),
                                                strike("japanese-tf-2", 4, "tf-?1")]},
                      "allied": {"missions": []}}
    air.resolve_air_attacks(s, 3, ScriptedRng([6] * 20))
    jp_text = told(s, "japanese")
    assert "Your 9 NAC from TF 1 and TF 2 attacked American Task Force A (sighted)" in jp_text
    assert jp_text.count("attacked American Task Force A (sighted)") == 1
    # the survivors go home to their own carriers
    assert s["units"]["jp-CV-1"]["nac"] + s["units"]["jp-CV-2"]["nac"] == 9 - s["losses"]["japanese"]["nac"]


@pytest.mark.rule("14.65")
def test_nac_that_lose_their_carrier_and_land_ashore_stay_land_based_and_may_not_attack_this_turn():
    s = blank_state()
    s["guadalcanal"]["henderson"] = {"complete": True, "side": "allied"}
    add_tf(s, "allied", 1, ["us-CV-1"], "M")
    add_tf(s, "japanese", 1, ["jp-CA-4"], "L")
    s["units"]["us-CV-1"]["nac"] = 5
    s["air"]["japanese"]["rabaul"].update(lac=30)
    s["decisions"] = {"japanese": {"missions": [strike("rabaul", 30, "tf-?1", kind="lac")],
                                   "doctrine": {"priority": ["CV"], "odds": 3}},
                      "allied": {"missions": [strike("allied-tf-1", 5, "tf-?11")]}}
    # Rabaul LAC at Guadalcanal (extended range) cripple the carrier with a 1 while its 5 NAC strike L
    air.resolve_air_attacks(s, 3, ScriptedRng([1] * 30))
    assert s["units"]["us-CV-1"]["status"] == "crippled"
    home = s["air"]["allied"]["henderson"]
    survivors = 5 - s["losses"]["allied"]["nac"]
    assert home["nac"] == survivors and home["transferred"] == survivors


@pytest.mark.rule("10.7")
def test_henderson_air_may_not_attack_shortlands():
    s = blank_state(turn=10)
    s["guadalcanal"]["henderson"] = {"complete": True, "side": "allied"}
    s["guadalcanal"]["supply"]["allied"] = 2
    s["air"]["allied"]["henderson"].update(lac=10)
    add_tf(s, "japanese", 2, ["jp-CA-1"], "L")
    with pytest.raises(IllegalAction) as refused:
        check(s, "allied", {"missions": [strike("henderson", 5, "tf-?12", kind="lac")]})
    assert refused.value.rule == "10.7"


@pytest.mark.rule("6.23")
def test_only_the_guadalcanal_airbase_may_be_bombarded_from_the_air():
    s = blank_state()
    s["air"]["japanese"]["rabaul"].update(lac=10)
    with pytest.raises(IllegalAction) as refused:
        check(s, "japanese", {"missions": [strike("rabaul", 5, "espiritu_santo", "lac", "bombard")]})
    assert refused.value.rule == "6.23"


@pytest.mark.rule("14.11")
def test_an_allocation_cannot_use_more_air_than_is_there():
    s = blank_state()
    add_tf(s, "allied", 1, ["us-CA-1"], "K")
    s["air"]["japanese"]["rabaul"].update(lac=10)
    with pytest.raises(IllegalAction) as refused:
        check(s, "japanese", {"missions": [strike("rabaul", 6, "tf-?1", kind="lac"),
                                           strike("rabaul", 6, "tf-?1", kind="lac")]})
    assert refused.value.rule == "14.11"
    assert "10" in refused.value.message


@pytest.mark.rule("25.6")
def test_a_transport_crippled_by_air_loses_its_cargo():
    s = blank_state()
    add_tf(s, "allied", 1, ["us-TR-1"], "K", mission="transport")
    s["units"]["us-TR-1"]["cargo"] = {"ground": 2, "supply": 1}
    s["air"]["japanese"]["rabaul"].update(lac=12)
    s["decisions"] = {"japanese": {"missions": [strike("rabaul", 12, "tf-?1", kind="lac")]},
                      "allied": {"missions": []}}
    air.resolve_air_attacks(s, 3, ScriptedRng([1] * 10))      # die 1 cripples from 1.5:1 up
    assert s["units"]["us-TR-1"]["status"] == "crippled"
    assert s["units"]["us-TR-1"]["cargo"] == {"ground": 0, "supply": 0}
    assert s["losses"]["allied"]["ground"] == 2 and s["losses"]["allied"]["supply"] == 1


@pytest.mark.rule("14.62")
def test_air_at_a_land_base_is_destroyed_by_bombardment():
    s = blank_state(segment=2, day=False)
    s["guadalcanal"]["henderson"] = {"complete": True, "side": "allied"}
    s["air"]["allied"]["henderson"].update(lac=1, nac=4)
    units = ["jp-BC-5", "jp-BC-6", "jp-CA-4", "jp-CA-5", "jp-CA-6", "jp-CA-7"]
    add_tf(s, "japanese", 1, units, "M", mission="bombardment")
    bombardment.resolve_naval_bombardment(s, 2, ScriptedRng([1]))
    lost = s["losses"]["allied"]["lac"] + s["losses"]["allied"]["nac"]
    column = tables.column_for_strength("bombardment", sum(board.strength(u)["bombardment"] for u in units))
    assert lost == min(5, tables.result("bombardment", column, 1)["air_points_lost"])
    assert s["air"]["allied"]["henderson"]["lac"] + s["air"]["allied"]["henderson"]["nac"] == 5 - lost


@pytest.mark.rule("6.25")
def test_a_carrier_crippled_by_the_attack_cannot_counterattack():
    s, us, jp = carrier_duel(us_nac=6, jp_nac=9)
    us["cag_spent"] = True
    add_tf(s, "japanese", 2, ["jp-CV-2"], "L")
    s["units"]["jp-CV-2"]["nac"] = 9
    s["decisions"] = {"japanese": {"missions": [strike("japanese-tf-1", 9, "tf-?1"),
                                                strike("japanese-tf-2", 9, "tf-?1")],
                                   "doctrine": {"priority": ["CV"], "odds": 3}},
                      "allied": {"missions": []}}
    air.resolve_air_attacks(s, 3, ScriptedRng([1] * 40))
    assert s["units"]["us-CV-1"]["status"] == "crippled"
    air.resolve_counterattacks(s, 3, ScriptedRng([]))
    assert "no aircraft kept aboard an uncrippled carrier" in told(s, "allied")
    assert s["losses"]["allied"]["nac"] == 6          # the six aboard went down with the cripple (14.43)


@pytest.mark.rule("6.25")
def test_a_standing_order_can_keep_the_carrier_air_home():
    s, us, jp = carrier_duel(us_nac=9, jp_nac=9)
    us["cag_spent"] = True
    s["decisions"] = {"japanese": {"missions": [strike("japanese-tf-1", 9, "tf-?1")],
                                   "doctrine": {"priority": ["DD"], "odds": 1}},
                      "allied": {"missions": [], "defence": {"allied-tf-1": {"counterattack": False}}}}
    air.resolve_air_attacks(s, 3, ScriptedRng([1] * 20))
    before = len(s["log"])
    air.resolve_counterattacks(s, 3, ScriptedRng([]))
    assert len(s["log"]) == before and s["units"]["us-CV-1"]["nac"] == 9


@pytest.mark.rule("14.3")
def test_ill_formed_standing_orders_are_refused():
    s, us, jp = carrier_duel()
    bad = [{"defence": {"allied-tf-1": {"groups": [["us-CV-1", "us-CA-1", "us-DD-1", "jp-CA-4"]]}}},
           {"defence": {"japanese-tf-1": {}}},
           {"defence": {"allied-tf-1": {"point_cap": ["x"]}}},
           {"doctrine": {"priority": ["battleship"]}},
           {"doctrine": {"odds": 5}},
           {"doctrine": {"spread": "all"}},
           {"defence": {"allied-tf-1": {"groups": [[["x"]]]}}}]   # issue 10: was a TypeError, a server error
    for orders in bad:
        with pytest.raises(IllegalAction) as refused:
            check(s, "allied", dict(orders, missions=[]))
        assert refused.value.rule == "14.3", orders
    well_formed = {"doctrine": {"priority": ["CV", "BB"], "odds": 2, "spread": "one"},
                   "defence": {"allied-tf-1": {"groups": [["us-CV-1"], ["us-CA-1", "us-DD-1"]],
                                               "point_cap": [3, 0], "counterattack": False}}}
    with pytest.raises(IllegalAction) as refused:  # 14.33: Point CAP given to groups is Point CAP the force flies
        check(s, "allied", dict(well_formed, missions=[]))
    assert refused.value.rule == "14.33" and "more than the Point CAP it flies (0)" in refused.value.message
    point_cap = strike("allied-tf-1", 3, None, mission="cap_point", hex_id=us["hex"]) | {"target": "allied-tf-1"}
    check(s, "allied", dict(well_formed, missions=[point_cap]))


@pytest.mark.rule("10.2")
def test_surviving_aircraft_return_to_the_carrier_they_flew_from():
    s, us, jp = carrier_duel(us_nac=0, jp_nac=9)
    s["decisions"] = {"japanese": {"missions": [strike("japanese-tf-1", 9, "tf-?1", hex_id="M")]},
                      "allied": {"missions": []}}
    air.resolve_air_attacks(s, 3, ScriptedRng(MANY))
    lost = s["losses"]["japanese"]["nac"]
    assert lost > 0  # the American force's anti-aircraft fire took its toll
    assert s["units"]["jp-CV-1"]["nac"] == 9 - lost  # and every survivor is back aboard its own carrier


@pytest.mark.rule("14.4")
def test_a_carrier_group_is_only_the_trained_nac_its_carrier_holds():
    s, us, jp = carrier_duel(us_nac=0, jp_nac=4)
    too_many = {"missions": [strike("japanese-tf-1", 9, "tf-?1", hex_id="M")]}
    with pytest.raises(IllegalAction) as refused:
        air_orders_check(s, "japanese", too_many)
    assert "Only 4 NAC points" in refused.value.message
    air_orders_check(s, "japanese", {"missions": [strike("japanese-tf-1", 4, "tf-?1", hex_id="M")]})


def air_orders_check(state, side, args):
    check(state, side, args)


def check(state, side, args):
    """The one check of a section D allocation (air_orders.py), in the state's current segment."""
    air_orders.check_allocation(state, side, args, state["segment"])


@pytest.mark.rule("6.22")
@pytest.mark.rule("14.11")
def test_cap_may_be_all_blanks_but_an_attack_needs_air():
    """6.22: "Place CAP face down; blanks may conceal its actual strength" - a CAP of no points under counters is
    a bluff the rules allow; an attack or bombardment needs at least one Air Point (14.11)."""
    s, us, jp = carrier_duel()
    check(s, "allied", {"missions": [dict(strike("allied-tf-1", 0, None, mission="cap_area"), counters=3)]})
    with pytest.raises(IllegalAction) as refused:
        check(s, "allied", {"missions": [strike("allied-tf-1", 0, "tf-?11")]})
    assert refused.value.rule == "14.11"
