"""Ground combat (12.x) and Henderson Field possession (12.5), with the printed Ground CRT rows 1-4."""
import pytest
from combat_kit import blank_state, told

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.solomons.combat import ground


def island(allied=15, japanese=9, us_supply=0, jp_supply=0, supplied=True, landed=0):
    s = blank_state()
    g = s["guadalcanal"]
    g["ground"] = {"allied": allied, "japanese": japanese}
    g["supply"] = {"allied": us_supply, "japanese": jp_supply}
    g["supplied"] = supplied
    g["landed"] = {"allied": landed, "japanese": 0}
    return s


@pytest.mark.rule("12.1")
def test_ground_combat_is_only_on_guadalcanal_and_only_between_its_points():
    s = island(allied=15, japanese=9, us_supply=1)
    s["decisions"] = {"allied": {"attack": True, "points": 5}, "japanese": None}
    ground.resolve_ground_combat(s, ScriptedRng([4]))
    # nothing but the island's points changed
    assert s["guadalcanal"]["ground"] == {"allied": 14, "japanese": 7}
    assert s["air"]["allied"]["espiritu_santo"]["lac"] == 0


@pytest.mark.rule("12.2")
def test_japan_has_no_attack_effective_points_without_a_supply_point():
    assert ground.attack_effective("japanese", 9, supply=0, supplied_points=9) == 0
    assert ground.attack_effective("japanese", 9, supply=1, supplied_points=9) == 9


@pytest.mark.rule("12.2")
def test_ten_american_points_guard_henderson_and_only_supplied_points_above_ten_attack():
    assert ground.attack_effective("allied", 15, supply=1, supplied_points=15) == 5
    assert ground.attack_effective("allied", 9, supply=1, supplied_points=9) == 0
    # unsupplied force: only the points landed this turn are in supply (12.2, 16.11)
    assert ground.attack_effective("allied", 15, supply=1, supplied_points=3) == 3
    assert ground.attack_effective("allied", 15, supply=0, supplied_points=15) == 0


@pytest.mark.rule("12.3")
def test_the_side_with_more_attack_effective_points_has_the_initiative():
    assert ground.initiative({"allied": 5, "japanese": 0}) == ["allied"]
    assert ground.initiative({"allied": 5, "japanese": 9}) == ["japanese"]
    assert ground.initiative({"allied": 4, "japanese": 4}) == ["allied", "japanese"]
    assert ground.initiative({"allied": 0, "japanese": 0}) == []


@pytest.mark.rule("12.3")
def test_the_weaker_side_may_not_attack():
    s = island(allied=15, japanese=9, us_supply=1, jp_supply=1)
    with pytest.raises(IllegalAction) as refused:
        ground.check_decision(s, "allied", {"attack": True, "points": 5})
    assert refused.value.rule == "12.3"


@pytest.mark.rule("12.3")
def test_a_declined_attack_means_no_ground_combat():
    s = island(allied=15, japanese=9, us_supply=1)
    s["decisions"] = {"allied": {"attack": False}, "japanese": None}
    ground.resolve_ground_combat(s, ScriptedRng([]))
    assert s["guadalcanal"]["ground"] == {"allied": 15, "japanese": 9}
    assert s["guadalcanal"]["supply"]["allied"] == 1
    assert "no ground attack" in told(s, "spectator")


@pytest.mark.rule("12.3")
def test_equal_sides_may_both_attack_and_results_apply_together():
    # 14 Americans (4 attack-effective) against 4 Japanese, both supplied
    s = island(allied=14, japanese=4, us_supply=1, jp_supply=1)
    s["decisions"] = {"allied": {"attack": True, "points": 4}, "japanese": {"attack": True, "points": 4}}
    # the American attack first: 4 v 4 at 1:1, die 2 prints 2/-;
    # then Japan's: 4 v 14, defense set aside to 1:1, die 1 prints 5/2 - made although its attackers' loss waits
    ground.resolve_ground_combat(s, ScriptedRng([2, 1]))
    g = s["guadalcanal"]
    assert g["supply"] == {"allied": 0, "japanese": 0}
    assert g["ground"] == {"allied": 14 - 2 - 2, "japanese": 4 - 0 - 4}
    text = told(s, "spectator")
    assert "American ground attack" in text and "Japanese ground attack" in text


@pytest.mark.rule("12.4")
def test_example_of_12_4_replays_as_printed():
    """Japan 9 points, no Supply; the US 15 supplied points and one Supply Point: ten guard Henderson, five are
    attack-effective, the US spends its Supply Point and attacks 5 Japanese points at 1:1."""
    s = island(allied=15, japanese=9, us_supply=1, jp_supply=0)
    assert ground.effective_points(s) == {"allied": 5, "japanese": 0}
    with pytest.raises(IllegalAction) as refused:   # Japan has no Supply Point: no attack-effective points
        ground.check_decision(s, "japanese", {"attack": True, "points": 9})
    assert refused.value.rule == "12.2"
    s["decisions"] = {"allied": {"attack": True, "points": 5}, "japanese": None}
    ground.resolve_ground_combat(s, ScriptedRng([3]))
    text = told(s, "japanese")
    assert "5 against 9 defense, 4 defending points set aside" in text
    assert "1:1, die 3 (2/2)" in text
    # 1:1, die 3 prints 2/2: two of the five attackers and two of the five engaged Japanese are lost
    assert s["guadalcanal"]["ground"] == {"allied": 13, "japanese": 7}
    assert s["guadalcanal"]["supply"]["allied"] == 0
    assert s["losses"]["allied"]["ground"] == 2


@pytest.mark.rule("12.4")
def test_odds_round_down_and_above_three_to_one_use_three_to_one():
    r = ground.resolve_attack(7, 4, ScriptedRng([2]))          # 1.75:1 -> 1.5:1, die 2: 2/10
    assert (r["column"], r["attacker_loses"], r["defender_loses"]) == ("1.5:1", 2, 4)
    r = ground.resolve_attack(20, 5, ScriptedRng([4]))         # 4:1 -> 3:1, die 4: -/20
    assert (r["column"], r["attacker_loses"], r["defender_loses"]) == ("3:1", 0, 5)


@pytest.mark.rule("12.4")
def test_unsupplied_american_defense_is_halved_rounding_up():
    s = island(allied=15, japanese=8, jp_supply=1, supplied=False)
    s["decisions"] = {"allied": None, "japanese": {"attack": True, "points": 8}}
    # 15 unsupplied defend at 8: 8 v 8 is 1:1; die 4 prints 1/2
    ground.resolve_ground_combat(s, ScriptedRng([4]))
    assert "8 against 8 defense" in told(s, "allied")
    assert s["guadalcanal"]["ground"] == {"allied": 13, "japanese": 7}


@pytest.mark.rule("12.4")
def test_a_weaker_attack_sets_defense_aside_to_fight_at_one_to_one():
    r = ground.resolve_attack(5, 15, ScriptedRng([1]), unsupplied=15)   # 15 unsupplied defend at 8
    assert r["defense"] == 8
    assert (r["involved"], r["set_aside"], r["involved_strength"], r["column"]) == (10, 5, 5, "1:1")
    # 1:1, die 1 prints 5/2: the set-aside points suffer nothing
    assert (r["attacker_loses"], r["defender_loses"]) == (5, 2)


@pytest.mark.rule("12.5")
def test_japan_seizes_henderson_when_no_american_point_remains():
    s = island(allied=2, japanese=12, jp_supply=1, supplied=True)
    s["guadalcanal"]["henderson"] = {"complete": True, "side": "allied"}
    s["air"]["allied"]["henderson"].update(lac=6, nac=2)
    s["decisions"] = {"allied": None, "japanese": {"attack": True, "points": 12}}
    ground.resolve_ground_combat(s, ScriptedRng([1]))    # 6:1 -> 3:1, die 1: -/25
    g = s["guadalcanal"]
    assert g["ground"]["allied"] == 0
    assert g["henderson"] == {"complete": False, "side": "japanese"}
    assert s["air"]["allied"]["henderson"]["lac"] == 0 and s["air"]["allied"]["henderson"]["nac"] == 0
    assert s["losses"]["allied"]["lac"] == 6 and s["losses"]["allied"]["nac"] == 2
    assert "Japan holds Guadalcanal" in told(s, "allied")


@pytest.mark.rule("12.5")
def test_henderson_stays_american_while_one_point_remains():
    s = island(allied=3, japanese=12, jp_supply=1)
    s["guadalcanal"]["henderson"] = {"complete": True, "side": "allied"}
    s["decisions"] = {"allied": None, "japanese": {"attack": True, "points": 12}}
    ground.resolve_ground_combat(s, ScriptedRng([2]))    # 4:1 -> 3:1, die 2: -/10 takes all 3
    assert s["guadalcanal"]["ground"]["allied"] == 0
    s2 = island(allied=13, japanese=12, jp_supply=1)
    s2["guadalcanal"]["henderson"] = {"complete": True, "side": "allied"}
    s2["decisions"] = {"allied": None, "japanese": {"attack": True, "points": 12}}
    ground.resolve_ground_combat(s2, ScriptedRng([2]))   # 12 v 13 -> 1:1 after set-aside, die 2: 2/-
    assert s2["guadalcanal"]["henderson"]["side"] == "allied"


@pytest.mark.rule("12.1")
def test_there_is_no_attack_without_enemy_ground_points_on_the_island():
    s = island(allied=15, japanese=0, us_supply=1)
    with pytest.raises(IllegalAction) as refused:
        ground.check_decision(s, "allied", {"attack": True, "points": 5})
    assert refused.value.rule == "12.1"
