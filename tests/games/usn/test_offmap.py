"""Off-Map Movement in the campaign games (app/games/usn/offmap.py, data/offmap.toml): the U.S. West Coast and the
numbered boxes off the east edge, the west edge (Allied units never return; the Japanese Indian Ocean sortie), and
what hangs on them: new Allied NAC embarked on the West Coast, repair there, replacements and reinforcements that
begin there reaching the map, the special rule "Allied Naval Forces in the Indian Ocean", the views and the
computer players."""
from __future__ import annotations

import html as htmllib
import re

import pytest
from starlette.datastructures import FormData

from app.engine.errors import IllegalAction, MalformedAction
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import check_every_reader
from app.games.usn import campaign_play, grid, movement, offmap, reinforce, steps
from app.web.actions import action_from_form

from .helpers import R, act, at
from .test_situations import board_html

WC = "west-coast"
ALLIED_STEPS = [i for i, st in enumerate(steps.TURN) if st == ("naval", "allied")]  # Steps 4 and 6
JAPANESE_STEPS = [i for i, st in enumerate(steps.TURN) if st == ("naval", "japanese")]  # Steps 2 and 8


def campaign(scenario="campaign_1"):
    s = R.setup(scenario, {}, ScriptedRng())
    if s["turn"] == 1:
        s["turn"] = 2  # past Game-Turn One, the Shock Effect's (the Allies may not move then)
    return s


def allied_phase(s, k=0):
    return at(s, "naval", n=ALLIED_STEPS[k])


def japanese_phase(s, k=0):
    return at(s, "naval", n=JAPANESE_STEPS[k])


def move(s, role, **moves):
    return act(s, role, "move", moves=moves)


def sail(s, sid, *places):
    """`sid` moved one place each Allied Naval Movement Phase (Steps 4, 6, 4, ...)."""
    for i, p in enumerate(places):
        s = move(allied_phase(s, i % 2), "allied", **{sid: {"to": p}})
        assert s["ships"][sid]["hex"] == p
    return s


# ------------------------------------------------------------------------------------------------ the boxes

@pytest.mark.rule("Off-Map Movement")
def test_from_the_west_coast_one_box_a_phase_then_onto_the_map_from_the_last_box_with_the_full_allowance():
    s = campaign()
    assert s["ships"]["A-CV-3"]["hex"] == WC
    with pytest.raises(IllegalAction, match="one box a Naval Movement Phase"):
        move(allied_phase(s), "allied", **{"A-CV-3": {"to": "east-2"}})  # two boxes in one phase
    with pytest.raises(IllegalAction, match=r"only from the last box.*\(rule Off-Map Movement\)"):
        move(allied_phase(s), "allied", **{"A-CV-3": {"to": "1519"}})  # straight onto the map
    s = sail(s, "A-CV-3", "east-1")
    with pytest.raises(IllegalAction, match="only from the last box"):  # box 1 adjoins no zone of the edge
        move(allied_phase(s, 1), "allied", **{"A-CV-3": {"to": "1519"}})
    s = sail(s, "A-CV-3", "east-1", "east-2")
    ship = s["ships"]["A-CV-3"]
    ma, _ = movement.allowance(s, ship, ["1519"])
    row0 = [h for h in grid.within("1519", ma) if min(grid.distance(h, e) for e in offmap.zone(2)) == ma - 1]
    far = [h for h in grid.within("1519", ma + 1) if min(grid.distance(h, e) for e in offmap.zone(2)) == ma]
    assert row0 and far
    with pytest.raises(IllegalAction, match="counting one to cross"):
        move(allied_phase(s), "allied", **{"A-CV-3": {"to": far[0]}})
    s2 = move(allied_phase(s), "allied", **{"A-CV-3": {"to": row0[0]}})  # one to cross the edge, MA - 1 beyond
    assert s2["ships"]["A-CV-3"]["hex"] == row0[0]


@pytest.mark.rule("Off-Map Movement")
def test_leaving_by_the_east_edge_enters_the_zone_s_box_and_the_way_home_is_one_box_a_phase():
    s = campaign()
    s["ships"]["A-CA-1"].update(hex="1531", at_sea=2)  # beside zone 3 (rows 9-17 of the last column)
    s = sail(s, "A-CA-1", "east-3", "east-2", "east-1")
    assert s["ships"]["A-CA-1"]["at_sea"] == 2  # at sea in the boxes (Supply (G))
    s = sail(s, "A-CA-1", WC)
    assert s["ships"]["A-CA-1"]["at_sea"] == 0  # the West Coast is a naval base: it refuels at (J)
    t = campaign()
    t["ships"]["A-CA-1"]["hex"] = "1539"  # row 20: zone 4 adjoins box 4; box 2's zone (rows 0-8) is 12 hexes off
    ma, _ = movement.allowance(t, t["ships"]["A-CA-1"], ["1539", "1527"])
    assert ma < 12 + 1
    with pytest.raises(IllegalAction, match="counting one to cross"):
        move(allied_phase(t), "allied", **{"A-CA-1": {"to": "east-2"}})
    assert move(allied_phase(t), "allied", **{"A-CA-1": {"to": "east-4"}})["ships"]["A-CA-1"]["hex"] == "east-4"
    t["ships"]["A-CA-1"]["hex"] = "0759"  # far from the edge
    with pytest.raises(IllegalAction, match="counting one to cross"):
        move(allied_phase(t), "allied", **{"A-CA-1": {"to": "east-3"}})


@pytest.mark.rule("Off-Map Movement")
def test_reentry_need_not_be_by_the_zone_of_exit():
    s = campaign()
    s["ships"]["A-CA-1"]["hex"] = "1538"  # zone 4
    s = sail(s, "A-CA-1", "east-4", "east-3", "east-2", "1522")  # back by zone 2
    assert s["ships"]["A-CA-1"]["hex"] == "1522"


@pytest.mark.rule("Off-Map Movement")
def test_only_allied_units_use_the_east_boxes_and_no_place_lies_beyond_the_north_or_south_edges():
    s = campaign()
    s["ships"]["J-CA-1"]["hex"] = "1520"
    with pytest.raises(IllegalAction, match="Only Allied units"):
        move(japanese_phase(s), "japanese", **{"J-CA-1": {"to": "east-2"}})
    with pytest.raises(MalformedAction):  # no place north or south of the map to name
        move(japanese_phase(s), "japanese", **{"J-CA-1": {"to": "north-1"}})
    assert set(grid.OFF_MAP) == {WC, "east-1", "east-2", "east-3", "east-4", "west-off", "indian-ocean"}
    assert all(offmap.zone(n) for n in (2, 3, 4)) and not offmap.zone(1)
    edge = {h for n in (2, 3, 4) for h in offmap.zone(n)}
    assert {grid.column_row(h)[0] for h in edge} == {44} and not any(grid.in_inset(h) for h in edge)


@pytest.mark.rule("Off-Map Movement")
def test_allied_units_may_leave_by_the_west_edge_but_never_return():
    s = campaign()
    s["ships"]["A-CA-5"]["hex"] = "0005"  # the partial western column
    s = move(allied_phase(s), "allied", **{"A-CA-5": {"to": "west-off"}})
    assert s["ships"]["A-CA-5"]["hex"] == "west-off"
    with pytest.raises(IllegalAction, match="may not return"):
        move(allied_phase(s, 1), "allied", **{"A-CA-5": {"to": "0005"}})


@pytest.mark.rule("Off-Map Movement")
def test_a_transport_spends_a_full_phase_embarking_on_the_west_coast():
    s = campaign()
    unit = next(u for u, x in s["land"].items() if x["hex"] == WC)
    with pytest.raises(IllegalAction, match="spend all of it embarking"):
        move(allied_phase(s), "allied", **{"A-TR-1": {"embark": [unit], "to": "east-1"}})
    s2 = move(allied_phase(s), "allied", **{"A-TR-1": {"embark": [unit]}})
    assert s2["ships"]["A-TR-1"]["cargo"] == [unit] and s2["ships"]["A-TR-1"]["hex"] == WC
    s2 = sail(s2, "A-TR-1", "east-1")  # leaves on a later phase, carrying the unit
    assert s2["land"][unit]["aboard"] == "A-TR-1"
    # one that arrives on the West Coast in this phase may not embark in it
    t = sail(campaign(), "A-TR-3", "east-1")
    with pytest.raises(IllegalAction, match="spend all of it embarking"):
        move(allied_phase(t, 1), "allied", **{"A-TR-3": {"to": WC, "stop": WC, "embark": [unit]}})


@pytest.mark.rule("Off-Map Movement")
def test_off_map_places_exist_only_in_the_campaign_games():
    s = R.setup("coral_sea", {}, ScriptedRng())
    for side in ("japanese", "allied"):
        s = R.apply(s, side, R.default_action(s, side), ScriptedRng())
    with pytest.raises(MalformedAction):
        move(s, "japanese", **{"J-CV-3": {"to": "indian-ocean"}})


# ------------------------------------------------------------------------------------------------ what hangs on it

@pytest.mark.rule("Allied Carrier Aircraft Embarkation")
def test_new_nac_go_aboard_an_allied_carrier_only_in_the_west_coast_base():
    s = campaign()
    cv = s["ships"]["A-CV-3"]
    cv["nac"] = 0
    s = sail(s, "A-CV-3", "east-1")
    assert s["ships"]["A-CV-3"]["nac"] == 0
    s = sail(s, "A-CV-3", "east-1", WC)  # enters the base in one phase ...
    assert s["ships"]["A-CV-3"]["nac"] == s["ships"]["A-CV-3"]["capacity"] == 9
    assert "embarks 9 new NAC points" in "\n".join(e["text"] for e in R.view(s, "allied")["log"])
    assert "new NAC" not in "\n".join(e["text"] for e in R.view(s, "japanese")["log"])
    s = sail(s, "A-CV-3", "east-1")  # ... and leaves on the next
    assert s["ships"]["A-CV-3"]["nac"] == 9
    # not at Pearl Harbor, and not a damaged carrier (it may carry no air units)
    t = campaign()
    t["ships"]["A-CV-3"].update(nac=0, hex="1457")
    t = move(allied_phase(t), "allied", **{"A-CV-3": {"to": "1456"}})
    assert t["ships"]["A-CV-3"]["nac"] == 0
    u = campaign()
    u["ships"]["A-CV-3"].update(nac=0, damage=3, hex="east-1")
    u = move(allied_phase(u), "allied", **{"A-CV-3": {"to": WC}})
    assert u["ships"]["A-CV-3"]["nac"] == 0


@pytest.mark.rule("Damage and Repair of Naval Units")
def test_a_damaged_ship_sails_home_through_the_boxes_and_is_repaired_only_for_complete_idle_game_turns():
    s = campaign()
    ca = s["ships"]["A-CA-1"]
    ca.update(damage=2, hex="1520")
    s = sail(s, "A-CA-1", "east-2", "east-1")
    s = sail(s, "A-CA-1", WC)  # arrives during Game-Turn 1
    s["turn"] = 2
    reinforce.step_one(s, ScriptedRng())
    assert s["ships"]["A-CA-1"]["damage"] == 2  # the Game-Turn idle there is not complete yet
    # out to box 1 and back within Game-Turn 2: the movement is recorded, so that Game-Turn was not idle
    s = sail(s, "A-CA-1", "east-1", WC)
    s["turn"] = 3
    reinforce.step_one(s, ScriptedRng())
    assert s["ships"]["A-CA-1"]["damage"] == 2
    s["turn"] = 4
    reinforce.step_one(s, ScriptedRng())
    assert s["ships"]["A-CA-1"]["damage"] == 1


@pytest.mark.rule("Replacements")
def test_an_allied_replacement_begins_on_the_west_coast_and_sails_to_the_map():
    s = campaign("campaign_3")
    s["ships"]["A-TR-3"]["sunk"] = True  # sunk on Game-Turn 10
    for t in (11, 12, 13, 14):
        s["turn"] = t
        reinforce.step_one(s, ScriptedRng())
    new = next(sid for sid, x in s["ships"].items() if sid.startswith("A-TR-3") and not x["sunk"])
    assert s["ships"][new]["hex"] == WC
    s = sail(s, new, "east-1", "east-2", "1521")
    assert s["ships"][new]["hex"] == "1521"


@pytest.mark.rule("How To Use the Time Record and Reinforcement Chart")
def test_a_reinforcement_that_appears_on_the_west_coast_reaches_the_map():
    s = campaign()
    s["turn"] = 5
    reinforce.step_one(s, ScriptedRng())
    arrived = [i["id"] for i in reinforce.items(5) if i["kind"] == "ship" and i["id"].startswith("A-")]
    assert arrived and all(s["ships"][i]["hex"] == WC for i in arrived)
    sid = arrived[0]
    s = sail(s, sid, "east-1", "east-2", "1520")
    assert s["ships"][sid]["hex"] == "1520"


# ------------------------------------------------------------------------------------------------ the special rule

def sortie(scenario="campaign_1"):
    """Three Japanese fleet carriers, 10 NAC each, at a west-edge hex, at the Japanese Step 2."""
    s = campaign(scenario)
    for c in ("J-CV-1", "J-CV-2", "J-CV-3"):
        s["ships"][c].update(hex="0030", nac=10, damage=0, at_sea=0)
    return s


@pytest.mark.rule(offmap.SPECIAL)
def test_the_indian_ocean_sortie_two_full_phases_a_die_of_nac_lost_and_allied_victory_points():
    s = sortie()
    go = {c: {"to": "indian-ocean"} for c in ("J-CV-1", "J-CV-2", "J-CV-3")}
    with pytest.raises(IllegalAction, match="CV and CVL"):  # not a cruiser
        s["ships"]["J-CA-1"]["hex"] = "0030"
        move(japanese_phase(s), "japanese", **{"J-CA-1": {"to": "indian-ocean"}})
    s = move(japanese_phase(s), "japanese", **go)  # Step 2: off the west edge
    assert {s["ships"][c]["hex"] for c in go} == {"indian-ocean"}
    assert not s["indian_ocean"]["done_turn"]
    s = move(japanese_phase(s, 1), "japanese")  # Step 8: the first full phase off the map
    assert not s["indian_ocean"]["done_turn"]
    vp = s["vp"]["allied"]
    campaign_play.end_of_turn(s, ScriptedRng([4]))  # Step 10: the one die while they are off the map
    assert s["indian_ocean"]["lost"] == 4 and s["vp"]["allied"] == vp + 4
    assert sum(s["ships"][c]["nac"] for c in go) == 26
    campaign_play.end_of_turn(s, ScriptedRng([6]))
    assert sum(s["ships"][c]["nac"] for c in go) == 26  # rolled once only
    s["turn"] = 2
    with pytest.raises(IllegalAction, match="one box a Naval Movement Phase|may move"):
        move(japanese_phase(s), "japanese", **{"J-CV-1": {"to": "0759"}})  # back, but not that far
    s = move(japanese_phase(s), "japanese")  # Step 2 of Game-Turn 2: the second full phase
    assert s["indian_ocean"]["done_turn"] == 2
    view = R.view(s, "allied")
    assert view["indian_ocean"]["done_turn"] == 2
    assert {"hex": "indian-ocean", "side": "japanese", "count": 3} in view["ships"]["japanese"]["stacks"]
    s = move(japanese_phase(s, 1), "japanese", **{"J-CV-1": {"to": "0012"}, "J-CV-2": {"to": "0031"}})
    assert (s["ships"]["J-CV-1"]["hex"], s["ships"]["J-CV-2"]["hex"]) == ("0012", "0031")  # any edge hex: they return
    with pytest.raises(IllegalAction, match="sortie is done"):  # no second sortie
        move(japanese_phase(s), "japanese", **{"J-CV-1": {"to": "indian-ocean"}})


@pytest.mark.rule(offmap.SPECIAL)
def test_returning_before_two_full_phases_does_not_count_and_the_check_after_game_turn_20_says_so():
    s = sortie("campaign_3")
    go = {c: {"to": "indian-ocean"} for c in ("J-CV-1", "J-CV-2", "J-CV-3")}
    s = move(japanese_phase(s), "japanese", **go)
    s = move(japanese_phase(s, 1), "japanese", **{c: {"to": "0030"} for c in go})  # back after one phase
    assert not s["indian_ocean"]["done_turn"]
    s["turn"] = 19
    campaign_play.end_of_turn(s, ScriptedRng())
    assert not s["indian_ocean"]["failed"]
    s["turn"] = 20
    campaign_play.end_of_turn(s, ScriptedRng())
    assert s["indian_ocean"]["failed"]
    assert "By Game-Turn 20 the Japanese have not kept carriers" in "\n".join(e["text"] for e in s["log"])
    # too few NAC: two carriers with 20 do not meet it
    t = sortie()
    t = move(japanese_phase(t), "japanese", **{c: {"to": "indian-ocean"} for c in ("J-CV-1", "J-CV-2")})
    t = move(japanese_phase(t, 1), "japanese")
    t["turn"] = 2
    t = move(japanese_phase(t), "japanese")
    assert not t["indian_ocean"]["done_turn"]


@pytest.mark.rule(offmap.SPECIAL)
def test_campaign_game_2_has_no_indian_ocean_rule_so_no_japanese_unit_leaves_by_the_west_edge():
    s = sortie("campaign_2")
    with pytest.raises(IllegalAction, match="not in this game"):
        move(japanese_phase(s), "japanese", **{"J-CV-1": {"to": "indian-ocean"}})


# ------------------------------------------------------------------------------------------------ views, forms, bots

@pytest.mark.rule("Off-Map Movement")
def test_a_side_sees_its_own_units_in_the_boxes_and_the_enemy_s_as_a_count():
    s = sail(campaign(), "A-CV-3", "east-1")
    mine = {u["id"]: u["hex"] for u in R.view(s, "allied")["ships"]["allied"]["units"]}
    assert mine["A-CV-3"] == "east-1"
    theirs = R.view(s, "japanese")["ships"]["allied"]["stacks"]
    assert {"hex": "east-1", "side": "allied", "count": 1} in theirs
    assert "A-CV-3" not in str(theirs)
    checked = check_every_reader(R, allied_phase(s), SeededRng(3), render=board_html)
    assert "japanese" in checked and "allied" in checked
    t = sortie()
    t = move(japanese_phase(t), "japanese", **{c: {"to": "indian-ocean"} for c in ("J-CV-1", "J-CV-2", "J-CV-3")})
    check_every_reader(R, japanese_phase(t, 1), SeededRng(5), render=board_html)


@pytest.mark.rule("Off-Map Movement")
def test_the_order_form_offers_the_off_map_places_and_reads_them_back():
    from tests.web.test_usn_board import prompt_html
    s = allied_phase(campaign())
    html = htmllib.unescape(prompt_html(s, "allied"))
    assert re.search(r'name="arg\.moves\.A-CV-3\.to"[^>]*list="[^"]+-places"', html)
    assert '<option value="east-1">East box 1' in html and '<option value="west-coast">U.S. West Coast' in html
    prompt = R.prompts(s)["allied"]
    names = set(re.findall(r'name="(arg\.[^"]+)"', html))
    posted = [("verb", "move"), ("arg.moves.A-CV-3.to", "east-1")] + [
        (n, "") for n in names if n.endswith((".stop", ".to")) and not n.startswith("arg.moves.A-CV-3.")]
    action = action_from_form(FormData(posted), prompt)
    assert action["args"]["moves"]["A-CV-3"]["to"] == "east-1"
    assert R.apply(s, "allied", action, ScriptedRng())["ships"]["A-CV-3"]["hex"] == "east-1"


def test_the_allied_computer_player_sails_west_coast_arrivals_to_the_map():
    s = campaign()
    unit = next(u for u, x in s["land"].items() if x["hex"] == WC)
    seen = set()
    for _ in range(4):  # two Game-Turns of Allied phases
        for k in (0, 1):
            p = allied_phase(s, k)
            action = R.bots["allied"](R.view(p, "allied"), R.prompts(p)["allied"], SeededRng(1))
            s = R.apply(p, "allied", action, ScriptedRng())
            seen |= {x["hex"] for x in s["ships"].values() if x["side"] == "allied"}
    assert {"east-1", "east-2"} <= seen
    assert s["ships"]["A-CV-3"]["hex"] not in grid.OFF_MAP  # on the map within three phases
    assert s["ships"]["A-TR-1"]["hex"] not in grid.OFF_MAP  # embarked a phase, then three phases to the map
    assert s["land"][unit]["aboard"] == "A-TR-1" or s["land"][unit]["hex"] not in (*grid.OFF_MAP, None)


def test_the_japanese_computer_player_makes_the_indian_ocean_sortie_and_comes_back():
    s = sortie()
    for c in ("J-CV-1", "J-CV-2", "J-CV-3"):
        s["ships"][c]["hex"] = "0676"  # in Japan, 19 hexes from the west edge, as at the set-up
    hexes, fuel = [], []
    for turn in (2, 3, 4):  # past Game-Turn One, whose first Japanese phase the Shock Effect limits
        s["turn"] = turn
        for k in (0, 1):
            p = japanese_phase(s, k)
            action = R.bots["japanese"](R.view(p, "japanese"), R.prompts(p)["japanese"], SeededRng(1))
            s = R.apply(p, "japanese", action, SeededRng(turn))
            hexes.append(s["ships"]["J-CV-1"]["hex"])
            fuel.append({(s["ships"][c]["hex"], s["ships"][c]["at_sea"]) for c in ("J-CV-1", "J-CV-2", "J-CV-3")})
            if k == 1:
                campaign_play.end_of_turn(s, ScriptedRng([3]))
    assert "indian-ocean" in hexes and hexes[-1] not in grid.OFF_MAP
    assert s["indian_ocean"]["done_turn"] and s["indian_ocean"]["lost"] == 3
    # home to a naval base in Japan in time to refuel (Supply (G): a third Game-Turn at sea would sink them)
    japan = {"0576", "0609", "0676", "0707"}
    back = fuel[hexes.index("indian-ocean"):]
    assert any(all(h in japan and at_sea == 0 for h, at_sea in phase) for phase in back)
    assert not any(s["ships"][c]["sunk"] for c in ("J-CV-1", "J-CV-2", "J-CV-3"))


@pytest.mark.rule("Off-Map Movement")
def test_a_land_unit_does_not_walk_to_or_from_an_off_map_place_and_is_told_why():
    s = at(campaign(), "land_move", "allied")
    ashore = next(i for i, x in s["land"].items() if x["side"] == "allied" and x["hex"] == "1456")
    coast = next(i for i, x in s["land"].items() if x["side"] == "allied" and x["hex"] == WC)
    for uid, to in ((ashore, "east-1"), (ashore, WC), (coast, "east-1"), (coast, "1519")):
        with pytest.raises(IllegalAction, match="may move only one hex"):
            act(s, "allied", "land_move", moves={uid: to}, entrench=[], disentrench=[])
