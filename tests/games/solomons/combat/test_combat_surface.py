"""Naval surface combat (15.1, 15.3, 15.31-15.35) with the printed Surface CRT rows 1-4."""
import pytest
from combat_kit import add_tf, blank_state, told

from app.engine.rng import ScriptedRng
from app.games.solomons import board, tables
from app.games.solomons.combat import surface, surface_action


def ship(uid, kind, attack, defense):
    return {"id": uid, "type": kind, "attack": attack, "defense": defense, "aa": 0}


@pytest.mark.rule("15.31")
def test_the_force_with_the_greater_attack_strength_is_the_attacker():
    strong = [ship("a", "CA", 8, 4), ship("b", "CA", 8, 4)]
    weak = [ship("c", "BB", 12, 10)]
    assert surface_action.choose_attacker(strong, weak, ScriptedRng([])) == 0
    assert surface_action.choose_attacker(weak, strong, ScriptedRng([])) == 1
    # a tie is not in the rules: one die decides (reconstructed)
    assert surface_action.choose_attacker(strong, strong, ScriptedRng([2])) == 1


@pytest.mark.rule("15.34")
def test_the_attacker_rolls_once_and_both_sides_of_the_result_apply():
    attackers = [ship("a1", "CA", 8, 4), ship("a2", "CA", 8, 4)]
    defenders = [ship("d1", "DD", 4, 2), ship("d2", "DD", 4, 2), ship("d3", "DD", 4, 2), ship("d4", "DD", 4, 2)]
    # 16 v 8 = 2:1, die 1 prints ½D/½C: one attacker sunk (a lone-ship half needs no shuffle when two: 1 of 2),
    # two of the four defenders crippled
    rng = ScriptedRng([1, 2, 4, 3, 2])
    r = surface_action.engage(attackers, defenders, rng)
    assert (r["column"], r["die"], r["attacker_result"], r["defender_result"]) == ("2:1", 1, "hD", "hC")
    assert sorted(r["effects"].values()) == ["crippled", "crippled", "sunk"]
    assert rng.remaining == 0


@pytest.mark.rule("15.34")
def test_odds_round_down_and_above_three_to_one_use_three_to_one():
    r = surface_action.engage([ship("a", "BB", 30, 10)], [ship("d", "DD", 4, 2)], ScriptedRng([4]))
    assert (r["column"], r["defender_result"], r["effects"]) == ("3:1", "D", {"d": "sunk"})
    r = surface_action.engage([ship("a", "CA", 9, 4)], [ship("d", "CA", 8, 4)], ScriptedRng([4, 1]))
    assert r["column"] == "2:1"  # 9:4 = 2.25 rounds down to 2:1; die 4 prints -/½D, the lone ship: 1 = sunk
    assert r["effects"] == {"d": "sunk"}


@pytest.mark.rule("15.32")
def test_a_stronger_defense_sets_ships_aside_until_one_to_one_and_they_suffer_nothing():
    attackers = [ship("a", "CA", 8, 4)]
    defenders = [ship("bb", "BB", 12, 10), ship("dd1", "DD", 4, 2), ship("dd2", "DD", 4, 2)]
    r = surface_action.engage(attackers, defenders, ScriptedRng([3, 2]))
    assert r["set_aside"] == ["bb"] and r["defense"] == 4
    assert r["column"] == "2:1"                                # 8 v 4; die 3 prints -/½D
    assert "bb" not in r["effects"] and list(r["effects"].values()) == ["sunk"]


@pytest.mark.rule("15.32")
def test_the_defender_chooses_which_ships_to_set_aside():
    defenders = [ship("ca", "CA", 8, 4), ship("dd1", "DD", 4, 2), ship("dd2", "DD", 4, 2), ship("dd3", "DD", 4, 2)]
    engaged, aside = surface_action.set_aside(6, defenders, order=["dd1", "dd2"])
    assert [s["id"] for s in aside] == ["dd1", "dd2"]
    assert sum(s["defense"] for s in engaged) == 6


@pytest.mark.rule("15.35")
def test_shielding_never_lowers_the_principal_attack_below_one_to_one():
    attackers = [ship("bb", "BB", 12, 10), ship("ca", "CA", 8, 4), ship("dd", "DD", 4, 2)]
    # 24 v 22: removing any ship falls below 1:1, so none may be shielded
    principal, shielded = surface_action.shield(attackers, 22, "max")
    assert shielded == [] and len(principal) == 3
    # 24 v 10: 2:1; "keep_odds" shields only what keeps 2:1 (the destroyer), "max" what keeps 1:1
    principal, shielded = surface_action.shield(attackers, 10, "keep_odds")
    assert [s["id"] for s in shielded] == ["dd"]
    principal, shielded = surface_action.shield(attackers, 10, "max")
    assert sum(s["attack"] for s in principal) >= 10 and shielded


def m_fight(us_units, jp_units, us_mission="anti_ship", jp_mission="anti_ship", **jp_extra):
    s = blank_state()
    add_tf(s, "allied", 1, us_units, "M", mission=us_mission)
    add_tf(s, "japanese", 1, jp_units, "M", mission=jp_mission, **jp_extra)
    return s


@pytest.mark.rule("15.31")
def test_both_anti_ship_forces_are_revealed_to_each_other_and_the_stronger_attacks():
    s = m_fight(["us-CA-1", "us-DD-1"], ["jp-BC-5", "jp-CA-4", "jp-DD-3"])
    surface.resolve_surface_actions(s, 2, ScriptedRng([4] * 20))
    us_seen = sorted(x["type"] for x in s["combat_reveals"]["allied"][0]["ships"])
    jp_seen = sorted(x["type"] for x in s["combat_reveals"]["japanese"][0]["ships"])
    assert us_seen == ["BC", "CA", "DD"] and jp_seen == ["CA", "DD"]
    jp_attack = sum(board.strength(u)["attack"] for u in ["jp-BC-5", "jp-CA-4", "jp-DD-3"])
    us_attack = sum(board.strength(u)["attack"] for u in ["us-CA-1", "us-DD-1"])
    leader = "Japanese" if jp_attack > us_attack else "American"
    assert f"{leader} Anti-Ship force" in told(s, "allied")
    assert "A surface action was fought in M." in told(s, "spectator")
    assert "BC" not in told(s, "spectator")


@pytest.mark.rule("15.3")
def test_no_anti_ship_force_no_surface_combat():
    s = m_fight(["us-TR-1"], ["jp-CA-1"], us_mission="transport", jp_mission="bombardment")
    surface.resolve_surface_actions(s, 2, ScriptedRng([]))
    assert "Japanese have no Anti-Ship force; American have no Anti-Ship force" in told(s, "spectator")
    assert s["combat_reveals"] == {"allied": [], "japanese": []}


@pytest.mark.rule("15.3")
def test_japan_may_turn_a_bombardment_force_to_anti_ship_in_m():
    s = m_fight(["us-TR-1"], ["jp-CA-1"], us_mission="transport", jp_mission="bombardment",
                orders={"anti_ship_in_m": True})
    surface.resolve_surface_actions(s, 2, ScriptedRng([4] * 10))
    assert s["task_forces"]["japanese-tf-1"]["mission"] == "anti_ship"
    assert "Japanese Anti-Ship force" in told(s, "allied")


@pytest.mark.rule("6.32")
@pytest.mark.rule("15.1")
def test_surface_combat_only_in_m_and_carrier_forces_never_fight():
    s = blank_state()
    add_tf(s, "allied", 1, ["us-CA-1"], "L")
    add_tf(s, "japanese", 1, ["jp-CA-1"], "L")
    surface.resolve_surface_actions(s, 2, ScriptedRng([]))
    assert s["log"] == []
    s = m_fight(["us-CV-1", "us-CA-1"], ["jp-CA-1"])
    surface.resolve_surface_actions(s, 2, ScriptedRng([]))
    assert s["log"] == [] and s["units"]["us-CV-1"]["status"] == "intact"


@pytest.mark.rule("15.32")
def test_an_anti_ship_force_attacks_the_enemy_transports_and_removes_cargo_with_crippled_transports():
    s = m_fight(["us-TR-1"], ["jp-CA-1", "jp-CA-2"], us_mission="transport")
    s["units"]["us-TR-1"]["cargo"] = {"ground": 2, "supply": 1}
    # die 3 at 3:1 or better prints -/C (and at 2.5:1 -/½CD: the lone transport is crippled either way)
    surface.resolve_surface_actions(s, 2, ScriptedRng([3, 1, 1]))
    assert s["units"]["us-TR-1"]["status"] in ("crippled", "sunk")
    assert s["units"]["us-TR-1"]["cargo"] == {"ground": 0, "supply": 0}
    assert s["losses"]["allied"]["ground"] == 2 and s["losses"]["allied"]["supply"] == 1


def two_japanese_anti_ship_forces_against_a_destroyer_and_transports(shield):
    s = blank_state()
    add_tf(s, "japanese", 1, ["jp-BC-5", "jp-CA-4"], "M", mission="anti_ship")
    add_tf(s, "japanese", 2, ["jp-CA-5", "jp-DD-3"], "M", mission="anti_ship", orders={"shield": shield})
    add_tf(s, "allied", 1, ["us-DD-1"], "M", mission="anti_ship")
    add_tf(s, "allied", 2, ["us-TR-1", "us-TR-2"], "M", mission="transport")
    surface.resolve_surface_actions(s, 2, ScriptedRng([1] * 30))
    return [line["text"] for line in s["log"] if line["to"] == "japanese" and line["text"].startswith("Surface")]


@pytest.mark.rule("15.33")
def test_forces_with_one_mission_merge_and_the_attacker_may_shield_ships_against_another_force():
    """15.33: "Merge friendly Task Forces sharing the same mission ... If both sides have Anti-Ship forces, resolve
    their combat first. The attacker may shield whole ships, lowering - but never below 1:1 - the odds against the
    enemy Anti-Ship force; shielded ships then attack one other enemy force of the attacker's choice."""
    names = {u: tables.unit_name(u) for u in ("jp-BC-5", "jp-CA-4", "jp-CA-5", "jp-DD-3")}
    # shielding as much as 1:1 allows: the destroyer alone (7 against 4, 1.5:1) fights the Anti-Ship force first,
    # the battlecruiser and both cruisers, shielded, fall on the transports
    first, second = two_japanese_anti_ship_forces_against_a_destroyer_and_transports("max")
    assert "attacks the American anti-ship force" in first and "1.5:1" in first
    assert names["jp-DD-3"] in first and not any(names[u] in first for u in ("jp-BC-5", "jp-CA-4", "jp-CA-5"))
    assert "attacks the American transport force" in second
    assert all(names[u] in second for u in ("jp-BC-5", "jp-CA-4", "jp-CA-5"))
    # no shielding: the merged force of all four ships fights the Anti-Ship force, and no one reaches the transports
    fights = two_japanese_anti_ship_forces_against_a_destroyer_and_transports("none")
    assert len(fights) == 1 and all(n in fights[0] for n in names.values()) and "3:1" in fights[0]


@pytest.mark.rule("15.34")
def test_crippled_ships_leave_their_task_force_for_repair_at_the_end_of_the_section():
    from app.games.solomons import units
    s = m_fight(["us-DD-1"], ["jp-BC-5", "jp-CA-4", "jp-CA-5"])
    # overwhelming Japanese odds (3:1), die 3 prints -/C
    surface.resolve_surface_actions(s, 2, ScriptedRng([3]))
    assert s["units"]["us-DD-1"]["status"] == "crippled"
    from app.games.solomons import tables
    attack = sum(board.strength(u)["attack"] for u in ["jp-BC-5", "jp-CA-4", "jp-CA-5"])
    column = tables.column_for_odds("surface", attack, board.strength("us-DD-1")["defense"])
    assert f"{column}, die 3: {tables.result('surface', column, 3)['text']}" in told(s, "allied")
    units.sweep(s)
    assert s["units"]["us-DD-1"]["location"] == "repair" and "allied-tf-1" not in s["task_forces"]


@pytest.mark.rule("6.39")
def test_a_bombardment_force_with_no_enemy_in_m_keeps_its_mission():
    s = blank_state()
    add_tf(s, "japanese", 1, ["jp-CA-1"], "M", mission="bombardment", orders={"anti_ship_in_m": True})
    surface.resolve_surface_actions(s, 2, ScriptedRng([]))
    assert s["task_forces"]["japanese-tf-1"]["mission"] == "bombardment"


@pytest.mark.rule("15.31")
def test_a_force_that_fights_no_one_is_not_revealed():
    from app.games.solomons import tables
    s = blank_state()
    add_tf(s, "japanese", 1, ["jp-CA-4", "jp-CA-5"], "M", mission="anti_ship", orders={"shield": "none"})
    add_tf(s, "japanese", 2, ["jp-BC-5", "jp-BC-6"], "M", mission="bombardment")
    add_tf(s, "allied", 1, ["us-CA-1", "us-CA-2", "us-DD-1"], "M", mission="anti_ship")
    surface.resolve_surface_actions(s, 2, ScriptedRng([2] * 20))
    us = told(s, "allied")
    for hidden in ("jp-BC-5", "jp-BC-6"):
        assert tables.unit_name(hidden) not in us
    shown = [x["name"] for r in s["combat_reveals"]["allied"] for x in r["ships"]]
    assert tables.unit_name("jp-BC-5") not in shown


@pytest.mark.rule("15.33")
def test_the_attacker_names_the_ships_it_shields_first():
    """15.33: "The attacker may shield whole ships": the player's ranking (the plot's surface orders, `shield_first`)
    is tried before the rules' order (greatest Attack Strength first), still never below 1:1."""
    attackers = [ship("bb", "BB", 12, 10), ship("ca", "CA", 8, 4), ship("dd", "DD", 4, 2)]
    _, shielded = surface_action.shield(attackers, 10, "max")
    assert [s["id"] for s in shielded][0] == "bb"                       # the rules' order: the battleship first
    principal, shielded = surface_action.shield(attackers, 10, "max", ["ca"])
    assert [s["id"] for s in shielded][0] == "ca" and sum(s["attack"] for s in principal) >= 10
    names = {u: tables.unit_name(u) for u in ("jp-BC-5", "jp-CA-4", "jp-CA-5", "jp-DD-3")}
    s = blank_state()
    add_tf(s, "japanese", 1, ["jp-BC-5", "jp-CA-4"], "M", mission="anti_ship")
    add_tf(s, "japanese", 2, ["jp-CA-5", "jp-DD-3"], "M", mission="anti_ship",
           orders={"shield": "max", "shield_first": ["jp-DD-3"]})
    add_tf(s, "allied", 1, ["us-DD-1"], "M", mission="anti_ship")
    add_tf(s, "allied", 2, ["us-TR-1", "us-TR-2"], "M", mission="transport")
    surface.resolve_surface_actions(s, 2, ScriptedRng([1] * 30))
    first, second = [line["text"] for line in s["log"] if line["to"] == "japanese"
                     and line["text"].startswith("Surface")]
    assert names["jp-DD-3"] not in first and names["jp-DD-3"] in second  # the destroyer went for the transports
    assert "attacks the American transport force" in second
