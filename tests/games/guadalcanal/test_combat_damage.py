"""4b5 (rebuilt from examples 10b, 10b2, 14d; tables.toml [damage]): hit markers lower every factor, a flip turns the
unit over and clears its markers, a flip of a back side (or of an ELIM back) eliminates, a third hit flips, and an
eliminated ship or base takes its aircraft with it (11b4 quoting 4b5)."""
from __future__ import annotations

import pytest

from app.games.guadalcanal.combat.damage import apply_result, factor
from app.games.guadalcanal.combat.examples import position


def hornet_group():
    return position(task_forces={"us-tf17": "P4"}, ships={"us-hornet": "us-tf17"},
                    aboard={"us-s8": ("us-hornet", "ready"), "us-vv": ("us-hornet", "arming")},
                    air={"us-b8": "N2"}, bases={"us-henderson": "N6"}, side_a="allied")


@pytest.mark.rule("4b5")
def test_each_hit_marker_lowers_every_factor_by_one():
    s = hornet_group()
    apply_result(s, "us-hornet", "hit")
    assert [factor(s, "us-hornet", f) for f in ("defense", "aa", "surface", "movement")] == [2, 3, 0, 2]
    apply_result(s, "us-b8", "hit")
    assert (factor(s, "us-b8", "bombing"), factor(s, "us-b8", "defense")) == (6, 1)
    apply_result(s, "us-b8", "hit")
    assert (factor(s, "us-b8", "bombing"), factor(s, "us-b8", "defense")) == (5, 0)  # never below 0
    assert factor(s, "us-hornet", "torpedo") is None  # printed "—" stays "—" (4b2)


@pytest.mark.rule("4b5")
def test_a_third_hit_flips_and_the_flip_clears_the_markers():
    s = hornet_group()
    for _ in range(2):
        apply_result(s, "us-hornet", "hit")
    assert s["units"]["us-hornet"]["hits"] == 2
    assert apply_result(s, "us-hornet", "hit") == ["Hornet flipped"]
    assert (s["units"]["us-hornet"]["face"], s["units"]["us-hornet"]["hits"]) == ("back", 0)
    assert factor(s, "us-hornet", "defense") == 2  # Hornet's back side (10b2)


@pytest.mark.rule("4b5")
def test_a_flip_removes_hit_markers_and_a_flip_on_the_back_eliminates():
    s = hornet_group()
    apply_result(s, "us-hornet", "hit")
    apply_result(s, "us-hornet", "flip")
    assert (s["units"]["us-hornet"]["face"], s["units"]["us-hornet"]["hits"]) == ("back", 0)
    apply_result(s, "us-hornet", "flip")
    assert s["units"]["us-hornet"]["eliminated"] and s["units"]["us-hornet"]["location"] is None


@pytest.mark.rule("7a3.2")
def test_a_flip_of_a_unit_whose_back_reads_elim_eliminates_it():
    s = position(air={"us-ss": "M3"}, task_forces={"ij-reinforcement-group": "J4"},
                 ships={"ij-apd1": "ij-reinforcement-group"})
    apply_result(s, "us-ss", "flip")
    apply_result(s, "ij-apd1", "flip")
    assert s["units"]["us-ss"]["eliminated"] and s["units"]["ij-apd1"]["eliminated"]


@pytest.mark.rule("11b4")
@pytest.mark.rule("4b5")
def test_an_eliminated_carrier_takes_its_aircraft_on_board_but_not_those_flying():
    s = hornet_group()
    assert apply_result(s, "us-hornet", "eliminate") == [
        "Hornet eliminated", "S8 eliminated with Hornet", "VV eliminated with Hornet"]
    assert not s["units"]["us-b8"].get("eliminated")


@pytest.mark.rule("4b5")
def test_an_eliminated_base_takes_its_aircraft_on_the_ground():
    s = position(bases={"us-henderson": "N6"}, aboard={"us-sb141": ("us-henderson", "arming"),
                                                       "us-t8": ("us-henderson", "ready")})
    apply_result(s, "us-henderson", "flip")
    assert not s["units"]["us-t8"].get("eliminated")  # a flip alone leaves them (option 11b checks them)
    apply_result(s, "us-henderson", "flip")
    assert s["units"]["us-sb141"]["eliminated"] and s["units"]["us-t8"]["eliminated"]
