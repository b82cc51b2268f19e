"""Option 12a, variable sea movement, and 12a4, towing: a task force moves one hex, or two on the TIME RECORD TRACK's
marked Turns, by its slowest ship's movement factor; a dead in the water ship (11c) is towed by a free ship that is not
a BB, CV or CVL, and then counts as movement factor 1.

Scenario 1 starts on Oct 27 Turn 1 (a circle Turn, odd). The Japanese Vanguard Force in L2 is all movement factor 3;
the Advance Force in N2 has Junyo (movement factor 2), two BBs and the CL Isuzu."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.guadalcanal import options, rules, sea, sea_movement, searchboard
from tests.games.guadalcanal.helpers import ALLIED_DEPLOY, JAPANESE_DEPLOY, move, shift, step


def at_japanese_sea_movement(turn=1, **on):
    """Scenario 1 with option 12 (and `on`), at the Japanese (Side B) Sea Movement Step of `turn`."""
    s = rules.setup("1", {"sea_movement": True, **on}, ScriptedRng())
    s = rules.apply(s, "japanese", JAPANESE_DEPLOY, ScriptedRng())
    s = rules.apply(s, "allied", ALLIED_DEPLOY, ScriptedRng([6, 4]))
    s["time"]["turn"] = turn  # the same Step on another Turn of the track (the marks are what is tested)
    while step(s) != ("sea", "japanese"):
        s = rules.apply(s, s["step"]["side"], shift(), ScriptedRng())
    return s


def hex_seen_by_owner(s, tf):
    return next(t["hex"] for t in rules.view(s, "japanese")["cards"]["japanese"]["task_forces"] if t["id"] == tf)


def two_away(here):
    return min(h for h in sea_movement.reach(here, 2) if searchboard.distance(here, h) == 2)


@pytest.mark.rule("12a3")
def test_a_task_force_of_movement_factor_3_moves_two_hexes_on_a_circle_turn():
    s = at_japanese_sea_movement(turn=1)
    to = two_away("L2")
    assert to in rules.prompts(s)["japanese"]["actions"][0]["args"]["moves"]["fields"]["ij-vanguard-force"]["choices"]
    assert "Vanguard Force in L2, up to 2 hexes (12a3" in rules.prompts(s)["japanese"]["title"]
    s = rules.apply(s, "japanese", move(ij_vanguard_force=to), ScriptedRng())
    assert hex_seen_by_owner(s, "ij-vanguard-force") == to
    assert s["task_forces"]["ij-vanguard-force"]["entered_from"] in searchboard.sea_steps("L2")


@pytest.mark.rule("12a3")
def test_on_an_even_turn_movement_factor_3_moves_one_hex_only():
    s = at_japanese_sea_movement(turn=2)
    with pytest.raises(IllegalAction) as e:
        rules.apply(s, "japanese", move(ij_vanguard_force=two_away("L2")), ScriptedRng())
    assert e.value.rule == "12a" and "no more than one hex" in str(e.value)


@pytest.mark.rule("12a2")
def test_the_slowest_ship_sets_the_rate_movement_factor_2_moves_two_only_on_the_triangle_turn():
    s = at_japanese_sea_movement(turn=1)  # a circle Turn, but Junyo's movement factor is 2
    assert sea_movement.slowest(s, "ij-advance-force") == 2
    with pytest.raises(IllegalAction) as e:
        rules.apply(s, "japanese", move(ij_advance_force=two_away("N2")), ScriptedRng())
    assert e.value.rule == "12a"
    s = at_japanese_sea_movement(turn=3)  # the triangle Turn
    s = rules.apply(s, "japanese", move(ij_advance_force=two_away("N2")), ScriptedRng())
    assert hex_seen_by_owner(s, "ij-advance-force") == two_away("N2")


@pytest.mark.rule("12a1")
def test_movement_factor_1_moves_one_hex_even_on_a_marked_turn():
    s = at_japanese_sea_movement(turn=3)
    s["units"]["ij-junyo"]["face"] = "back"  # its back side's movement factor is 1
    assert sea_movement.slowest(s, "ij-advance-force") == 1
    with pytest.raises(IllegalAction, match=r"\(rule 12a\)$"):
        rules.apply(s, "japanese", move(ij_advance_force=two_away("N2")), ScriptedRng())
    one = searchboard.sea_steps("N2")[0]
    s = rules.apply(s, "japanese", move(ij_advance_force=one), ScriptedRng())
    assert hex_seen_by_owner(s, "ij-advance-force") == one


@pytest.mark.rule("12a")
def test_two_hexes_never_skip_an_all_green_hexside():
    s = at_japanese_sea_movement(turn=1)
    s["task_forces"]["ij-vanguard-force"]["hex"] = "I1"  # I3 is two hexes away, but only across green
    assert searchboard.distance("I1", "I3") == 2 and "I3" not in sea.destinations(s, "ij-vanguard-force")
    with pytest.raises(IllegalAction) as e:
        rules.apply(s, "japanese", move(ij_vanguard_force="I3"), ScriptedRng())
    assert "cannot be reached" in str(e.value)


@pytest.mark.rule("3c")
def test_without_the_option_every_task_force_moves_one_hex():
    s = at_japanese_sea_movement(turn=1, sea_movement=False)
    with pytest.raises(IllegalAction) as e:
        rules.apply(s, "japanese", move(ij_vanguard_force=two_away("L2")), ScriptedRng())
    assert e.value.rule == "3c"


@pytest.mark.rule("12a4")
def test_a_dead_in_the_water_ship_is_towed_and_its_task_force_moves_as_movement_factor_1():
    s = at_japanese_sea_movement(turn=3, dead_in_the_water=True)
    s["units"]["ij-junyo"].update(face="back", hits=1)  # movement 1 - 1 = 0: dead in the water (11c)
    assert sea_movement.towing(s, "ij-advance-force") == {"ij-junyo": "ij-isuzu"}  # the BBs may not tow
    assert "ij-advance-force" in sea.movable(s, "japanese")
    # 12a4.2: towed, movement factor 1, on the triangle Turn too
    with pytest.raises(IllegalAction, match=r"\(rule 12a\)$"):
        rules.apply(s, "japanese", move(ij_advance_force=two_away("N2")), ScriptedRng())
    one = searchboard.sea_steps("N2")[0]
    s = rules.apply(s, "japanese", move(ij_advance_force=one), ScriptedRng())
    assert hex_seen_by_owner(s, "ij-advance-force") == one


@pytest.mark.rule("12a4.1")
def test_bb_cv_and_cvl_may_not_tow_so_without_another_ship_the_task_force_stays():
    s = at_japanese_sea_movement(turn=1, dead_in_the_water=True)
    s["units"]["ij-junyo"].update(face="back", hits=1)
    s["units"]["ij-isuzu"]["hits"] = 3  # Isuzu dead in the water too: only the two BBs are left
    assert sea_movement.towing(s, "ij-advance-force") == {}
    assert "ij-advance-force" not in sea.movable(s, "japanese")
    with pytest.raises(IllegalAction) as e:
        rules.apply(s, "japanese", move(ij_advance_force=searchboard.sea_steps("N2")[0]), ScriptedRng())
    assert e.value.rule == "11c" and "nothing tows it" in str(e.value)


@pytest.mark.rule("12a4.1")
def test_one_tug_tows_one_ship_only():
    s = at_japanese_sea_movement(turn=1, dead_in_the_water=True)
    s["units"]["ij-junyo"].update(face="back", hits=1)
    s["units"]["ij-kongo"]["hits"] = 3  # a second dead ship; Isuzu can tow one of them, the BB Haruna neither
    assert sea_movement.tugs(s, "ij-advance-force") == ["ij-isuzu"]
    assert "ij-advance-force" not in sea.movable(s, "japanese")


@pytest.mark.rule("12a4.2")
def test_the_values_are_printed_data_with_provenance():
    v = options.values(options.SEA_MOVEMENT)
    assert v == {"marked_turn_hexes": 2, "may_not_tow": ["BB", "CV", "CVL"], "towed_movement": 1}
    assert all(options.provenance(options.SEA_MOVEMENT, k).startswith("printed 12a") for k in v)
    s = rules.setup("1", {"sea_movement": True}, ScriptedRng())
    shown = next(o for o in rules.view(s, "allied")["options"] if o["id"] == "sea_movement")
    assert shown["on"] and shown["rule"] == "12a" and shown["reconstructed"] == []


@pytest.mark.rule("12a")
def test_the_computer_player_answers_legally_with_options_12_14_and_15_on():
    from tests.games.guadalcanal.test_bots import play  # bots on both sides; every bot order is checked first
    on = {"sea_movement": True, "variable_spotting": True, "dead_in_the_water": True, "fighters": True,
          "scout_losses": True}
    end = play("1", 2, ("allied", "japanese"), on)
    assert end["outcome"] is not None and end["options"]["sea_movement"] and end["options"]["variable_spotting"]
    assert any(x.get("data", {}).get("result") for x in end["log"])  # spotting rolls were made (15a)
