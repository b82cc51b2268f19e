"""Movement through `apply` (§5, §6): entry points, off-map boxes, zones of control, stacking, air strips."""
import pytest

from app.engine.errors import IllegalAction
from app.games.first_blood import rules
from app.games.first_blood.movement import reachable

from .helpers import act, last, position, said, where


@pytest.mark.rule("§5.3")
def test_fb_x1_a_us_unit_landing_on_0701_keeps_its_full_movement():
    s = position("movement", "us", units={"us-7-1": "entry:us-east-1"})
    assert reachable(s, s["units"]["us-7-1"])["hex:0701"] == 0
    s = act(s, "us", "move", to={"us-7-1": "hex:0701"})
    assert where(s, "us-7-1") == "hex:0701" and "7/1 Marines moves from US entry point (0701) to hex 0701 (0 MF)" in \
        said(s, "US movement")


@pytest.mark.rule("§5.2")
def test_fb_x2_x3_ij_units_spend_half_their_mf_on_the_first_hex():
    s = position("movement", "ij", turn=6, units={"ij-228-1": "entry:ij-southwest", "ij-124-1": "entry:ij-east"})
    assert reachable(s, s["units"]["ij-228-1"])["hex:0220"] == 4  # Fig. 3: 4 MF left of 8
    east = reachable(s, s["units"]["ij-124-1"])
    assert east["hex:0600"] == 4 and east["hex:0500"] == 4 and east["hex:0700"] == 4  # Fig. 2: any of the three
    s = act(s, "ij", "move", to={"ij-228-1": "hex:0220"})
    assert where(s, "ij-228-1") == "hex:0220"


@pytest.mark.rule("§6.5")
def test_fb_x15_box_to_box_costs_half_the_mf_and_never_goes_back():
    s = position("movement", "ij", units={"ij-124-2": "box:A", "ij-11con": "box:A"})
    s["units"]["ij-124-2"]["visited"] = ["A"]
    assert reachable(s, s["units"]["ij-124-2"])["box:B"] == 4
    assert reachable(s, s["units"]["ij-11con"])["box:B"] == 3
    s = act(s, "ij", "move", to={"ij-124-2": "box:B"})
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
    act(s, "ij", "end_movement", dice=[1])  # (1: the IJ supply roll the walk comes to, no loss)


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
    with pytest.raises(IllegalAction, match="1/1 Marines cannot reach hex 0404") as e:
        act(s, "us", "move", to={"us-1-1": "hex:0404"})  # never into an enemy hex
    assert e.value.rule == "§6.1"


@pytest.mark.rule("§6.4")
def test_no_more_than_three_ground_units_end_in_a_hex():
    s = position("movement", "us", units={"us-1-1": "0606", "us-1-2": "0606", "us-1-3": "0606", "us-5-1": "0706"})
    with pytest.raises(IllegalAction, match="5/1 Marines cannot reach hex 0606") as e:
        act(s, "us", "move", to={"us-5-1": "hex:0606"})  # full: not among the hexes it reaches
    assert e.value.rule == "§6.1"
    s = act(s, "us", "move", to={"us-5-1": "hex:0605"})
    assert where(s, "us-5-1") == "hex:0605"


@pytest.mark.rule("§6.3")
def test_an_ij_unit_entering_an_air_strip_destroys_it_and_the_usaf_units_on_it():
    s = position("movement", "ij", units={"ij-124-1": "0607"}, air={"vmf-223": "strip:0708"})
    s = act(s, "ij", "move", to={"ij-124-1": "hex:0708"}, dice=[1])  # 1: the supply roll, no loss
    assert s["strips"]["0708"]["status"] == "dest" and s["air"]["vmf-223"]["loc"] == "eliminated"
    assert said(s, "overrun") == "IJ troops overrun air strip 0708: it is Destroyed, USAF units lost: VMF-223 (§6.3)."


@pytest.mark.rule("§6")
def test_each_ground_unit_spends_its_own_movement_factors_infantry_8_artillery_6():
    s = position("movement", "us", units={"us-1-1": "0710", "us-1-2": "0710", "us-11-2": "0710"})
    s = act(s, "us", "move", to={"us-1-1": "hex:0809"})
    assert where(s, "us-1-1") == "hex:0809" and last(s) == "US movement (§6): 1/1 Marines moves from hex 0710 to hex 0809 (4 MF)."
    s = act(s, "us", "move", to={"us-1-2": "hex:0506"})  # 8 MF: all of an infantry unit's factors
    assert where(s, "us-1-2") == "hex:0506" and "(8 MF)" in last(s)
    with pytest.raises(IllegalAction, match="cannot reach hex 0506 \\(its 6 MF") as e:
        act(s, "us", "move", to={"us-11-2": "hex:0506"})
    assert e.value.rule == "§6.1" and where(s, "us-11-2") == "hex:0710"
    s = act(s, "us", "move", to={"us-11-2": "hex:0606"})
    assert where(s, "us-11-2") == "hex:0606" and "11/2 Artillery moves from hex 0710 to hex 0606 (6 MF)" in \
        said(s, "US movement")


@pytest.mark.rule("§6")
def test_one_order_moves_several_units_each_offered_only_the_places_it_reaches():
    """Issue 34: several units move in one submission, and each unit's destination list is its own reach (a
    destination offered is one the rules accept), named as the map prints it with its cost."""
    s = position("movement", "us", units={"us-1-1": "0710", "us-11-2": "0710", "us-1-2": "0303",
                                          "ij-124-1": "0505"})
    spec = rules.prompts(s)["us"]["actions"][0]
    assert spec["verb"] == "move"
    fields = spec["args"]["to"]["fields"]
    for uid in ("us-1-1", "us-11-2", "us-1-2"):
        assert set(fields[uid]["choices"]) == set(reachable(s, s["units"][uid]))
    assert fields["us-1-1"]["label"] == "1/1 Marines (5-8), hex 0710"
    at = fields["us-1-1"]["choices"].index("hex:0809")
    assert fields["us-1-1"]["labels"][at] == "hex 0809 (4 MF)"
    s = act(s, "us", "move", to={"us-1-1": "hex:0809", "us-11-2": "hex:0609", "us-1-2": "hex:0304"})
    assert [where(s, u) for u in ("us-1-1", "us-11-2", "us-1-2")] == ["hex:0809", "hex:0609", "hex:0304"]
    assert said(s, "US movement") == (
        "US movement (§6): 1/1 Marines moves from hex 0710 to hex 0809 (4 MF); 11/2 Artillery moves from hex 0710 "
        "to hex 0609 (1 MF); 1/2 Marines moves from hex 0303 to hex 0304 (2 MF).")


@pytest.mark.rule("§6.4")
def test_units_moving_together_may_not_end_four_in_a_hex_and_the_refusal_names_them():
    s = position("movement", "us", units={"us-1-1": "0606", "us-1-2": "0606", "us-1-3": "0707",
                                          "us-5-1": "0707", "us-5-2": "0303"})
    with pytest.raises(IllegalAction) as e:
        act(s, "us", "move", to={"us-1-3": "hex:0606", "us-5-1": "hex:0606"})
    assert e.value.rule == "§6.4" and e.value.message == (
        "Hex 0606 would hold 4 ground units at the end of these moves (1/1 Marines, 1/2 Marines, 1/3 Marines, "
        "5/1 Marines): at most 3.")
    s = act(s, "us", "move", to={"us-1-3": "hex:0606", "us-1-1": "hex:0605"})  # one leaves as one arrives
    assert [where(s, u) for u in ("us-1-1", "us-1-3")] == ["hex:0605", "hex:0606"]
