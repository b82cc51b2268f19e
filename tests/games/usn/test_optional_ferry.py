"""Japanese Ferry Carriers (Optional Rules; lobby option `ferry_carriers`): Taiyo, Unyo and Chuyo (J-CVE-1, -2, -3)
launch or receive one air point per Movement or Combat Phase (app/games/usn/ferry.py)."""
import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.usn import air, board, campaigndata, ferry, grid

from .helpers import R, at

ON = {"ferry_carriers": True}
RULE = "Japanese Ferry Carriers"


def _start(options=ON):
    s = R.setup("campaign_1", options, ScriptedRng())
    s["turn"] = 2  # past Game-Turn One, the Shock Effect's (its limits would answer first)
    s["ships"]["J-CVE-1"]["nac"] = 3  # Taiyo full (capacity 3)
    return s


def _refused(state, role, action):
    with pytest.raises(IllegalAction) as e:
        R.check(state, role, action)
    assert e.value.rule == RULE
    return str(e.value)


def _alloc(*cap, missions=()):
    return {"verb": "allocate", "args": {"missions": list(missions), "cap": list(cap)}}


@pytest.mark.rule("Japanese Ferry Carriers")
def test_the_three_ferry_carriers_are_taiyo_unyo_and_chuyo():
    names = {c["id"]: c["name"] for c in campaigndata.units()["carrier"]}
    assert [names[i] for i in ("J-CVE-1", "J-CVE-2", "J-CVE-3")] == ["Taiyo", "Unyo", "Chuyo"]
    assert "ferry_carriers" in R.meta.default_options()


@pytest.mark.rule("Japanese Ferry Carriers")
def test_a_ferry_carrier_launches_one_air_point_per_combat_phase():
    s = at(_start(), "allocation", "both")
    two = {"from": "J-CVE-1", "kind": "nac", "points": 2}
    assert "may launch only 1 air point per Combat Phase" in _refused(s, "japanese", _alloc(two))
    # split over two orders it is still two
    one = dict(two, points=1)
    _refused(s, "japanese", _alloc(one, one))
    R.check(s, "japanese", _alloc(one))
    R.check(at(_start({}), "allocation", "both"), "japanese", _alloc(dict(two, points=3)))  # option off
    # another CVE is no ferry carrier
    assert not any(sid.startswith("J-CVE") and sid != "J-CVE-1" for sid in s["ships"])


@pytest.mark.rule("Japanese Ferry Carriers")
def test_the_missed_order_and_the_prompt_offer_one_point():
    s = at(_start(), "allocation", "both")
    default = R.default_action(s, "japanese")
    assert {"from": "J-CVE-1", "kind": "nac", "points": 1} in default["args"]["cap"]
    R.check(s, "japanese", default)
    one = {"from": "J-CVE-1", "kind": "nac", "points": 1}
    assert ferry.comply(s, _alloc(one, one, {"from": "J-CV-1", "kind": "nac", "points": 4}))["args"]["cap"] == [
        one, {"from": "J-CV-1", "kind": "nac", "points": 4}]  # a random allocation's second row is dropped
    assert R.prompts(s)["japanese"]["info"]["stations"]["J-CVE-1"]["nac"] == 1
    off = at(_start({}), "allocation", "both")
    assert R.prompts(off)["japanese"]["info"]["stations"]["J-CVE-1"]["nac"] == 3


@pytest.mark.rule("Japanese Ferry Carriers")
def test_a_ferry_carrier_launches_and_receives_one_point_per_movement_phase():
    s = at(_start(), "naval", "japanese")
    s["ships"]["J-CV-1"]["nac"] = 0
    off = {"from": "J-CVE-1", "kind": "nac", "points": 2, "to": "J-CV-1"}
    assert "may launch only 1" in _refused(s, "japanese", {"verb": "move", "args": {"moves": {},
                                                                                    "transfers": [off]}})
    R.check(s, "japanese", {"verb": "move", "args": {"moves": {}, "transfers": [dict(off, points=1)]}})
    s["ships"]["J-CVE-1"]["nac"] = 0
    s["ships"]["J-CV-1"]["nac"] = 5
    on = {"from": "J-CV-1", "kind": "nac", "points": 2, "to": "J-CVE-1"}
    assert "may receive only 1" in _refused(s, "japanese", {"verb": "move", "args": {"moves": {},
                                                                                      "transfers": [on]}})
    R.check(s, "japanese", {"verb": "move", "args": {"moves": {}, "transfers": [dict(on, points=1)]}})


@pytest.mark.rule("Japanese Ferry Carriers")
def test_returning_aircraft_of_another_carrier_do_not_land_on_a_ferry_carrier():
    def land_back(options):
        s = _start(options)
        far = next(h for h in (f"{n:04d}" for n in range(1000, 1400)) if grid.open_hex(h) and all(
            grid.distance(h, b) > board.reach("nac") for b in s["bases"] if b[0].isdigit()))
        for sid in ("J-CV-1", "J-CVE-1"):
            s["ships"][sid]["hex"] = far
        s["ships"]["J-CVE-1"]["nac"] = 0
        s["ships"]["J-CV-1"]["sunk"] = True
        air._land_back(s, {"side": "japanese", "kind": "nac", "from": "J-CV-1", "alive": 2, "home": far,
                           "target": far})
        return s["ships"]["J-CVE-1"]["nac"]
    assert land_back({}) == 2
    assert land_back(ON) == 0
