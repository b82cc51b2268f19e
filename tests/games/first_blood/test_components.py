"""The components (§2): the board with its turn track and boxes, the chits, the one six-sided die; and what a unit
is (§2.2): ground units with combat and movement factors (range for artillery only), naval and air units that are
never ground units, and the air strip status and work chits."""
import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.first_blood import phases, rules

from .helpers import act, position


@pytest.mark.rule("§2")
def test_the_board_has_the_map_the_turn_track_and_the_boxes_and_every_roll_is_one_six_sided_die():
    s = position("combat", "us", units={"us-1-1": "0604", "ij-124-1": "0605"})
    v = rules.view(s, "us")
    assert [t["label"] for t in v["track"]][:1] == ["Sep I"] and len(v["track"]) == 15
    assert v["track"][-1]["label"] == "Jan III" and [t["now"] for t in v["track"]].index(True) == 0
    boxes = {b["id"] for row in v["box_rows"] for b in row["boxes"]}
    assert {"box:A", "box:B", "box:C", "box:D", "ijn_reserve", "ijn_attack", "ijaaf_reserve", "ijaaf_attack", "cap",
            "ground_attack", "reserve", "strip:0708", "strip:0709", "strip:0605", "strip:0705"} <= boxes
    assert v["board"]["id"] == "first-blood-map" and {p["id"] for p in v["board"]["pieces"]} == {"stack-0604",
                                                                                                 "stack-0605"}
    dice = ScriptedRng([5])
    s = rules.apply(s, "us", {"verb": "attack", "args": {"units": {"0605": ["us-1-1"]}, "advance": False}}, dice)
    assert dice.rolls == [{"sides": 6, "value": 5}]  # one d6 for the combat
    s = position("combat", "ij", units={"ij-124-1": "0303"})
    dice = ScriptedRng([3])
    rules.apply(s, "ij", {"verb": "end_combat", "args": {}}, dice)
    assert dice.rolls == [{"sides": 6, "value": 3}]  # and one d6 for the IJ supply roll (§8)


@pytest.mark.rule("§2.2")
def test_a_ground_unit_shows_its_combat_and_movement_factors_and_only_artillery_a_range():
    s = position("movement", "us", units={"us-1-1": "0606", "us-11-2": "0707", "us-1-2": "0707"})
    pieces = {p["id"]: p for p in rules.view(s, "ij")["board"]["pieces"]}
    assert pieces["stack-0606"]["face"] == "5-8"
    assert pieces["stack-0606"]["details"] == "US 1/1 Marines (Marines, CF 5, MF 8) in hex 0606."
    assert pieces["stack-0707"]["face"] == "8 (2)"  # a stack: its combat factor and how many units
    assert pieces["stack-0707"]["details"] == (
        "US stack in hex 0707, combat factor 8 in all: 1/2 Marines (Marines, CF 5, MF 8); 11/2 Artillery "
        "(Artillery (75 mm), CF 3, range 5, MF 6).")


@pytest.mark.rule("§2.2")
def test_a_unit_spends_its_movement_factors_once_a_turn():
    s = position("movement", "us", units={"us-1-1": "0606", "us-1-2": "0303"})
    s = act(s, "us", "move", to={"us-1-1": "hex:0605"})
    with pytest.raises(IllegalAction, match="1/1 Marines has already moved this phase") as e:
        act(s, "us", "move", to={"us-1-1": "hex:0604"})
    assert e.value.rule == "§6"


@pytest.mark.rule("§2.2")
def test_ijn_and_ijaaf_units_are_not_ground_units_so_they_neither_hold_the_map_nor_keep_the_ij_in_the_game():
    air = {"ij-destroyer-x-1": "ijn_reserve", "ij-fighter-x-1": "ijaaf_attack"}
    s = position("air", "us", turn=15, units={"us-1-1": "0606"}, air=air)
    assert phases.victory(s)["winner"] == "us"  # no IJ ground troops on the map at the end of Jan III
    s = position("movement", "us", turn=6, units={"us-1-1": "0606"}, air=air)
    s = act(s, "us", "end_movement")
    assert s["outcome"]["winner"] == "us" and "Every IJ ground unit has been eliminated" in s["outcome"]["reason"]


@pytest.mark.rule("§2.2")
def test_the_air_strip_chits_show_oper_dam_or_dest_and_the_work_counter_1_then_2():
    s = position("engineering", None, units={"us-1e": "0605", "us-1pio": "0709"}, strips={"0709": "dam"})

    def chits(state):
        v = rules.view(state, "us")
        boxes = {b["id"][6:]: b["label"] for row in v["box_rows"] for b in row["boxes"] if b["id"].startswith("strip")}
        areas = {a["id"][6:]: (a["kind"], a["label"]) for a in v["board"]["areas"]}
        return {h: (boxes[h], *areas[h]) for h in boxes}

    assert chits(s)["0708"] == ("Henderson 0708: Operational", "strip-oper", "Air strip 0708: Operational")
    assert chits(s)["0709"][1] == "strip-dam" and chits(s)["0605"][1] == "strip-dest"
    phases.engineering(s)
    assert chits(s)["0605"] == ("Fighter 0605: Destroyed, work 1", "strip-dest", "Air strip 0605: Destroyed, work 1")
    phases.engineering(s)
    assert chits(s)["0605"][0] == "Fighter 0605: Destroyed, work 2" and chits(s)["0709"][1] == "strip-oper"
    phases.engineering(s)
    assert chits(s)["0605"][:2] == ("Fighter 0605: Operational", "strip-oper")  # the work counter is removed
