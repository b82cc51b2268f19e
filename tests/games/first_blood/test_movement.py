"""Movement through `apply` (§5, §6): entry points, off-map boxes, zones of control, stacking, air strips."""
import pytest

from app.engine.errors import IllegalAction
from app.games.first_blood.movement import reachable

from .helpers import act, last, position, where


@pytest.mark.rule("§5.3")
def test_fb_x1_a_us_unit_landing_on_0701_keeps_its_full_movement():
    s = position("movement", "us", units={"us-7-1": "entry:us-east-1"})
    assert reachable(s, s["units"]["us-7-1"])["hex:0701"] == 0
    s = act(s, "us", "move", unit="us-7-1", to="hex:0701")
    assert where(s, "us-7-1") == "hex:0701" and "(0 MF)" in last(s)


@pytest.mark.rule("§5.2")
def test_fb_x2_x3_ij_units_spend_half_their_mf_on_the_first_hex():
    s = position("movement", "ij", turn=6, units={"ij-228-1": "entry:ij-southwest", "ij-124-1": "entry:ij-east"})
    assert reachable(s, s["units"]["ij-228-1"])["hex:0220"] == 4  # Fig. 3: 4 MF left of 8
    east = reachable(s, s["units"]["ij-124-1"])
    assert east["hex:0600"] == 4 and east["hex:0500"] == 4 and east["hex:0700"] == 4  # Fig. 2: any of the three
    s = act(s, "ij", "move", unit="ij-228-1", to="hex:0220")
    assert where(s, "ij-228-1") == "hex:0220"


@pytest.mark.rule("§6.5")
def test_fb_x15_box_to_box_costs_half_the_mf_and_never_goes_back():
    s = position("movement", "ij", units={"ij-124-2": "box:A", "ij-11con": "box:A"})
    s["units"]["ij-124-2"]["visited"] = ["A"]
    assert reachable(s, s["units"]["ij-124-2"])["box:B"] == 4
    assert reachable(s, s["units"]["ij-11con"])["box:B"] == 3
    s = act(s, "ij", "move", unit="ij-124-2", to="box:B")
    assert where(s, "ij-124-2") == "box:B" and s["units"]["ij-124-2"]["visited"] == ["A", "B"]
    s["units"]["ij-124-2"]["moved"] = False
    assert "box:A" not in reachable(s, s["units"]["ij-124-2"])


@pytest.mark.rule("§6.5")
def test_units_in_a_box_must_move_unless_they_arrived_this_turn():
    s = position("movement", "ij", units={"ij-124-2": "box:A"})
    with pytest.raises(IllegalAction, match="must move") as e:
        act(s, "ij", "end_movement")
    assert e.value.rule == "§6.5"
    s["units"]["ij-124-2"]["placed"] = 1
    assert reachable(s, s["units"]["ij-124-2"]) == {}
    act(s, "ij", "end_movement")


@pytest.mark.rule("§6.2")
def test_entering_an_enemy_zone_of_control_stops_a_unit_and_zoc_to_zoc_is_forbidden():
    free = position("movement", "us", units={"us-1-1": "0505"})
    s = position("movement", "us", units={"us-1-1": "0505", "ij-124-1": "0404"})
    assert "hex:0504" in reachable(free, free["units"]["us-1-1"])
    r = reachable(s, s["units"]["us-1-1"])
    assert free["units"] and reachable(free, free["units"]["us-1-1"])["hex:0504"] == 2  # straight in (jungle)
    assert r["hex:0504"] == 3  # next to 0404, like 0505: not straight from zone to zone, only out by 0604 first
    assert "hex:0506" in r  # out of the zone first
    s2 = position("movement", "us", units={"us-1-1": "0606", "ij-124-1": "0404"})
    # 0505 is in the zone: a unit entering it halts, so 0405 (also in the zone) is not reached through it
    assert reachable(s2, s2["units"]["us-1-1"])["hex:0505"] == 3
    with pytest.raises(IllegalAction):
        act(s, "us", "move", unit="us-1-1", to="hex:0404")  # never into an enemy hex


@pytest.mark.rule("§6.4")
def test_no_more_than_three_ground_units_end_in_a_hex():
    s = position("movement", "us", units={"us-1-1": "0606", "us-1-2": "0606", "us-1-3": "0606", "us-5-1": "0706"})
    with pytest.raises(IllegalAction):
        act(s, "us", "move", unit="us-5-1", to="hex:0606")
    s = act(s, "us", "move", unit="us-5-1", to="hex:0605")
    assert where(s, "us-5-1") == "hex:0605"


@pytest.mark.rule("§6.3")
def test_an_ij_unit_entering_an_air_strip_destroys_it_and_the_usaf_units_on_it():
    s = position("movement", "ij", units={"ij-124-1": "0607"}, air={"vmf-223": "strip:0708"})
    s = act(s, "ij", "move", unit="ij-124-1", to="hex:0708")
    assert s["strips"]["0708"]["status"] == "dest" and s["air"]["vmf-223"]["loc"] == "eliminated"


@pytest.mark.rule("§6")
def test_each_ground_unit_spends_its_own_movement_factors_infantry_8_artillery_6():
    s = position("movement", "us", units={"us-1-1": "0710", "us-1-2": "0710", "us-11-2": "0710"})
    s = act(s, "us", "move", unit="us-1-1", to="hex:0809")
    assert where(s, "us-1-1") == "hex:0809" and last(s) == "1/1 Marines moves from hex 0710 to hex 0809 (4 MF)."
    s = act(s, "us", "move", unit="us-1-2", to="hex:0506")  # 8 MF: all of an infantry unit's factors
    assert where(s, "us-1-2") == "hex:0506" and "(8 MF)" in last(s)
    with pytest.raises(IllegalAction, match="cannot reach hex 0506 \\(its 6 MF") as e:
        act(s, "us", "move", unit="us-11-2", to="hex:0506")
    assert e.value.rule == "§6.1" and where(s, "us-11-2") == "hex:0710"
    s = act(s, "us", "move", unit="us-11-2", to="hex:0606")
    assert where(s, "us-11-2") == "hex:0606" and "(6 MF)" in last(s)
