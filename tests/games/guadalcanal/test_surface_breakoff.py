"""Option 16d6 and 16i (not transcribed; reconstructed, data/surface.toml [breakoff]): breaking off, and the
scenarios' limits (7f4.3, 7g4.3)."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.guadalcanal.surface import breakoff, turns
from tests.games.guadalcanal.surface_helpers import battle


def _battle(turn=1, night=True):
    return battle({"us-portland": ("J11", "N"), "ij-hiei": ("N11", "N"), "ij-dd11": ("N13", "N")}, turn=turn,
                  night=night)


@pytest.mark.rule("16i")
def test_the_breaking_ship_adds_its_movement_and_two_at_night_against_the_fastest_pursuer():
    s = _battle()
    breakoff.designate(s, "allied", ["us-portland"])
    tried = breakoff.resolve(s, "allied", ScriptedRng([2, 4]))  # 2 + 3 + 2 = 7 against 4 + 3 = 7: no
    assert tried[0]["broke_off"] is False and turns.on_board(s, "allied") == ["us-portland"]
    tried = breakoff.resolve(s, "allied", ScriptedRng([3, 4]))  # 8 against 7
    assert tried[0]["broke_off"] and turns.on_board(s, "allied") == []
    s = _battle(night=False)
    breakoff.designate(s, "allied", ["us-portland"])
    assert breakoff.resolve(s, "allied", ScriptedRng([4, 4]))[0]["broke_off"] is False  # by day 7 against 7
    s = _battle(night=True)
    breakoff.designate(s, "allied", ["us-portland"])
    assert breakoff.resolve(s, "allied", ScriptedRng([4, 4]))[0]["broke_off"] is True  # at night 9 against 7


@pytest.mark.rule("16i")
def test_a_ship_dead_in_the_water_cannot_break_off_nor_can_an_enemy_ship():
    s = _battle()
    s["units"]["us-portland"].update(face="back", hits=2)
    with pytest.raises(IllegalAction, match="dead in the water"):
        breakoff.designate(s, "allied", ["us-portland"])
    with pytest.raises(IllegalAction, match="not one of your ships"):
        breakoff.designate(s, "allied", ["ij-hiei"])
    assert s["surface"]["breaking"] == []


@pytest.mark.rule("16d6")
def test_side_b_resolves_its_attempts_before_side_a_each_side_only_its_own():
    s = _battle()
    breakoff.designate(s, "japanese", ["ij-dd11"])
    breakoff.designate(s, "allied", ["us-portland"])
    done = breakoff.resolve(s, "japanese", ScriptedRng([9, 1]))
    assert [d["ship"] for d in done] == ["ij-dd11"] and done[0]["broke_off"]
    assert [d["ship"] for d in breakoff.resolve(s, "allied", ScriptedRng([1, 9]))] == ["us-portland"]


@pytest.mark.rule("7f4.3")
def test_scenario_five_allows_no_breakoff_before_the_end_of_surface_turn_five():
    s = _battle(turn=4)
    s["surface"].update(scenario="5", breakoff_after=5)
    with pytest.raises(IllegalAction) as e:
        breakoff.designate(s, "allied", ["us-portland"])
    assert e.value.rule == "7f4.3" and "Surface Turn 5" in str(e.value)
    s["surface"]["turn"] = 5
    breakoff.designate(s, "allied", ["us-portland"])
    assert s["surface"]["breaking"] == ["us-portland"]


@pytest.mark.rule("7g4.3")
def test_scenario_six_allows_none_before_the_end_of_surface_turn_four():
    s = _battle(turn=3)
    s["surface"].update(scenario="6", breakoff_after=4)
    with pytest.raises(IllegalAction) as e:
        breakoff.designate(s, "japanese", ["ij-hiei"])
    assert e.value.rule == "7g4.3"
    s["surface"]["turn"] = 4
    breakoff.designate(s, "japanese", ["ij-hiei"])
