"""Naval bombardment of Guadalcanal (6.33, 15.2) and the Bombardment CRT's supply and air results (14.61)."""
import pytest
from combat_kit import add_tf, blank_state, told

from app.engine.rng import ScriptedRng
from app.games.solomons import board
from app.games.solomons.combat import bombardment


def shelled(units_a, units_b=None, supply=6, lac=6):
    s = blank_state(segment=2, day=False)
    s["guadalcanal"]["henderson"] = {"complete": True, "side": "allied"}
    s["guadalcanal"]["supply"]["allied"] = supply
    s["air"]["allied"]["henderson"].update(lac=lac)
    add_tf(s, "japanese", 1, units_a, "M", mission="bombardment")
    if units_b:
        add_tf(s, "japanese", 2, units_b, "M", mission="bombardment")
    return s


def total(units):
    return sum(board.strength(u)["bombardment"] for u in units)


@pytest.mark.rule("6.33")
def test_bombardments_in_one_segment_are_combined_in_one_roll():
    a, b = ["jp-BC-5", "jp-CA-4"], ["jp-BC-6", "jp-CA-5"]
    s = shelled(a, b)
    rng = ScriptedRng([1])
    bombardment.resolve_naval_bombardment(s, 2, rng)
    assert rng.used == 1
    strength = total(a + b)
    assert f"strength {strength}" in told(s, "japanese")
    assert all(s["task_forces"][t]["mission_done"] for t in ("japanese-tf-1", "japanese-tf-2"))


@pytest.mark.rule("15.2")
def test_supply_losses_are_immediate_and_half_rounds_down():
    r = bombardment.roll(75, 5, ScriptedRng([1]))        # 70+, die 1 prints 2+S½
    assert (r["column"], r["air"], r["supply"]) == ("70+", 2, 2)
    r = bombardment.roll(9, 5, ScriptedRng([]))          # under 10: no column, no roll
    assert (r["column"], r["air"], r["supply"]) == (None, 0, 0)
    r = bombardment.roll(45, 5, ScriptedRng([2]))        # 40+, die 2 prints 1
    assert (r["column"], r["air"], r["supply"]) == ("40+", 1, 0)


@pytest.mark.rule("15.2")
def test_the_segment_s_air_losses_come_off_henderson_at_its_end():
    units = ["jp-BC-5", "jp-BC-6", "jp-CA-4", "jp-CA-5", "jp-CA-6", "jp-CA-7"]
    s = shelled(units, supply=6, lac=6)
    bombardment.resolve_naval_bombardment(s, 2, ScriptedRng([1]))
    from app.games.solomons import tables
    column = tables.column_for_strength("bombardment", total(units))
    cell = tables.result("bombardment", column, 1)
    assert s["air"]["allied"]["henderson"]["lac"] == 6 - cell["air_points_lost"]
    half = {"none": 0, "half": 3, "all": 6}[cell["supply_lost"]]
    assert s["guadalcanal"]["supply"]["allied"] == 6 - half
    assert f"column {column}, die 1" in told(s, "allied")


@pytest.mark.rule("6.33")
def test_carrier_forces_and_forces_that_already_bombarded_do_not_bombard():
    s = shelled(["jp-CV-1", "jp-CA-4"])
    s2 = shelled(["jp-BC-5"])
    s2["task_forces"]["japanese-tf-1"]["mission_done"] = True
    rng = ScriptedRng([])
    bombardment.resolve_naval_bombardment(s, 2, rng)
    bombardment.resolve_naval_bombardment(s2, 2, rng)
    assert rng.used == 0 and s["guadalcanal"]["supply"]["allied"] == 6


@pytest.mark.rule("14.61")
def test_the_field_itself_is_never_destroyed():
    units = ["jp-BC-5", "jp-BC-6", "jp-CA-4", "jp-CA-5", "jp-CA-6", "jp-CA-7"]
    s = shelled(units)
    bombardment.resolve_naval_bombardment(s, 2, ScriptedRng([1]))
    assert s["guadalcanal"]["henderson"] == {"complete": True, "side": "allied"}


@pytest.mark.rule("6.33")
@pytest.mark.rule("15.2")
def test_air_and_naval_bombardment_in_one_segment_are_one_roll():
    """6.33 "Multiple bombardments in the same segment are combined"; 15.2 "Combine all friendly bombardment in
    that segment ... A player may bombard once per segment": the air strike's survivors (section E) and the ships
    in M (section H) make one roll on the Bombardment CRT, in the bombardment section."""
    from app.games.solomons.combat import air
    ships = ["jp-BC-5", "jp-CA-4"]
    s = blank_state(turn=10, segment=3, day=True)
    s["guadalcanal"]["henderson"] = {"complete": True, "side": "allied"}
    s["guadalcanal"]["supply"]["allied"] = 6
    s["air"]["japanese"]["shortlands"] = {"lac": 30, "nac": 0, "untrained": 0, "spent": 0, "transferred": 0,
                                          "attacked": False}
    add_tf(s, "japanese", 1, ships, "M", mission="bombardment")
    s["decisions"] = {"japanese": {"missions": [{"source": "shortlands", "kind": "lac", "points": 30,
                                                 "mission": "bombard", "target": "guadalcanal", "counters": 1}]},
                      "allied": {"missions": []}}
    rng = ScriptedRng([1])                       # no CAP over Guadalcanal: the only die is the combined roll
    air.resolve_air_attacks(s, 3, rng)
    assert rng.used == 0 and s["guadalcanal"]["supply"]["allied"] == 6   # nothing rolled yet
    bombardment.resolve_naval_bombardment(s, 3, rng)
    assert rng.used == 1
    strength = 30 + total(ships)
    assert f"strength {strength}" in told(s, "japanese") and "air and naval" in told(s, "allied")
    from app.games.solomons import tables
    cell = tables.result("bombardment", tables.column_for_strength("bombardment", strength), 1)
    assert s["guadalcanal"]["supply"]["allied"] == 6 - {"none": 0, "half": 3, "all": 6}[cell["supply_lost"]]
