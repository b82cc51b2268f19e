"""Supply (16.x): American ground supply, isolation, forced supply, Henderson air supply, Japanese Attack Supply."""
import pytest
from combat_kit import blank_state, told

from app.engine.rng import ScriptedRng
from app.games.solomons.combat import ground, supply


def guadalcanal(points=15, stock=0, unsupplied_turns=0):
    s = blank_state(turn=2)
    g = s["guadalcanal"]
    g["ground"]["allied"] = points
    g["supply"]["allied"] = stock
    g["unsupplied_turns"] = unsupplied_turns
    return s


@pytest.mark.rule("16.11")
def test_one_supply_point_supplies_every_american_ground_point_for_the_turn():
    s = guadalcanal(points=15, stock=3)
    supply.supply_american_ground(s)
    assert s["guadalcanal"]["supply"]["allied"] == 2 and s["guadalcanal"]["supplied"] is True
    assert "in supply this turn" in told(s, "japanese")


@pytest.mark.rule("16.4")
def test_the_american_may_not_leave_units_unsupplied_while_supply_is_on_the_island():
    s = guadalcanal(points=15, stock=2)
    supply.supply_american_ground(s)
    assert s["guadalcanal"]["supplied"] is True and s["guadalcanal"]["supply"]["allied"] == 1


@pytest.mark.rule("16.11")
@pytest.mark.rule("12.2")
def test_supply_landed_mid_turn_does_not_supply_the_island_force_until_the_next_plot_phase_1():
    """16.11: the Supply Point spent "During Plot Phase 1, before writing the American plot" supplies the force
    "for the turn"; 12.2 and 16.11: only the newly landed units are in supply for the turn of landing."""
    s = guadalcanal(points=15, stock=0)
    supply.supply_american_ground(s)                  # Plot Phase 1: nothing to spend, unsupplied this turn
    g = s["guadalcanal"]
    assert g["supplied"] is False and g["unsupplied_turns"] == 1
    g["supply"]["allied"] = 1                         # a transport lands a Supply Point and 12 Ground Points
    g["ground"]["allied"] += 12
    g["landed"]["allied"] = 12
    g["ground"]["japanese"] = 5                       # something to attack (12.1)
    supply.after_landing(s)
    assert g["supplied"] is False and g["supply"]["allied"] == 1   # kept on the island, not spent
    assert ground.effective_points(s)["allied"] == 12              # only the 12 landed may attack (27 - 10 guard)
    supply.supply_american_ground(s)                  # next Plot Phase 1: spent now, the whole force supplied
    assert g["supplied"] is True and g["supply"]["allied"] == 0 and g["unsupplied_turns"] == 0


@pytest.mark.rule("16.11")
def test_the_marines_are_in_supply_on_game_turn_1_the_turn_of_their_landing():
    s = guadalcanal(points=15, stock=0)
    s["turn"] = 1
    supply.supply_american_ground(s)
    assert s["guadalcanal"]["supplied"] is True and s["guadalcanal"]["unsupplied_turns"] == 0
    assert ground.effective_points(s)["allied"] == 0   # in supply, but no Supply Point to spend on an attack


@pytest.mark.rule("16.21")
def test_three_unsupplied_turns_cost_half_rounding_survivors_up_at_the_start_of_the_fourth():
    s = guadalcanal(points=15, stock=0)
    for _ in range(3):
        supply.supply_american_ground(s)
    assert s["guadalcanal"]["ground"]["allied"] == 15 and s["guadalcanal"]["unsupplied_turns"] == 3
    supply.supply_american_ground(s)                # the fourth turn begins
    assert s["guadalcanal"]["ground"]["allied"] == 8
    assert "lose 7 and fall to 8" in told(s, "japanese")


@pytest.mark.rule("16.21")
@pytest.mark.rule("22")
def test_isolation_losses_are_not_victory_points_for_japan():
    """22: "Victory Points for destroying enemy units"; isolation is not an enemy's act of destruction."""
    from app.games.solomons import victory
    s = guadalcanal(points=15, stock=0, unsupplied_turns=3)
    s["units"] = {}
    before = victory.score(s)["japanese"]
    supply.supply_american_ground(s)                 # the fourth turn: 15 fall to 8
    assert s["guadalcanal"]["ground"]["allied"] == 8
    assert victory.score(s)["japanese"] == before == 0


@pytest.mark.rule("16.21")
def test_isolation_never_eliminates_a_force():
    assert supply.isolation_survivors(1) == 1
    s = guadalcanal(points=1, stock=0, unsupplied_turns=3)
    supply.supply_american_ground(s)
    assert s["guadalcanal"]["ground"]["allied"] == 1


@pytest.mark.rule("16.21")
def test_supply_delivered_and_spent_on_the_third_turn_prevents_the_loss():
    s = guadalcanal(points=15, stock=0, unsupplied_turns=2)
    supply.supply_american_ground(s)                 # third unsupplied turn begins
    s["guadalcanal"]["supply"]["allied"] = 1         # landed during the third turn
    supply.after_landing(s)                          # "Delivery and expenditure ... on the third turn"
    assert s["guadalcanal"]["supply"]["allied"] == 0 and s["guadalcanal"]["supplied"] is False
    supply.supply_american_ground(s)                 # the fourth turn: no loss
    assert s["guadalcanal"]["ground"]["allied"] == 15 and s["losses"]["allied"]["ground"] == 0


@pytest.mark.rule("16.21")
def test_unsupplied_americans_may_not_attack():
    s = guadalcanal(points=20, stock=1)
    s["guadalcanal"]["supplied"] = False
    assert ground.effective_points(s)["allied"] == 0


@pytest.mark.rule("16.12")
def test_japan_spends_a_supply_point_to_attack_and_defends_at_full_strength_without_one():
    s = guadalcanal(points=15, stock=1)
    s["guadalcanal"]["ground"]["japanese"] = 6
    s["guadalcanal"]["supply"]["japanese"] = 1
    s["decisions"] = {"allied": None, "japanese": {"attack": True, "points": 6}}
    # 6 Japanese against 5 American attack-effective: Japan has the initiative
    ground.resolve_ground_combat(s, ScriptedRng([4]))
    assert s["guadalcanal"]["supply"]["japanese"] == 0
    t = guadalcanal(points=15, stock=1)
    t["guadalcanal"]["ground"]["japanese"] = 6
    t["decisions"] = {"allied": {"attack": True, "points": 5}, "japanese": None}
    ground.resolve_ground_combat(t, ScriptedRng([4]))
    assert "5 against 6 defense" in told(t, "japanese")    # full Japanese defense without supply


@pytest.mark.rule("16.22")
def test_henderson_air_that_cannot_be_paid_for_stays_home():
    s = blank_state()
    s["guadalcanal"]["henderson"] = {"complete": True, "side": "allied"}
    s["guadalcanal"]["supply"]["allied"] = 1
    m1 = {"source": "henderson", "points": 8, "kind": "lac", "mission": "attack", "target": "tf-?11"}
    m2 = {"source": "henderson", "points": 6, "kind": "lac", "mission": "attack", "target": "tf-?12"}
    s["decisions"] = {"allied": {"missions": [m1, m2]}, "japanese": None}
    supply.expend_air_supply(s, 3)
    assert s["decisions"]["allied"]["missions"] == [m1]
    assert s["guadalcanal"]["supply"]["allied"] == 0


@pytest.mark.rule("16.3")
def test_the_supply_status_chart_is_public_and_current():
    s = guadalcanal(points=12, stock=2)
    supply.supply_american_ground(s)
    chart = supply.status_chart(s)
    assert chart["supply"]["allied"] == 1 and chart["american_supplied"] is True
    assert chart["ground"]["allied"] == 12
