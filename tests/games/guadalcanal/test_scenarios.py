"""The scenarios (7, 7a-7e) and setting up a game (2a): what each player finds on his Searchboard and Operations
Card when a scenario starts, when it ends, and Scenario Four's entries (7e2, 3c) and transports (7e4, reconstructed)."""
import pytest

from app.engine.errors import IllegalAction, MalformedAction
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import playout
from app.games.guadalcanal import rules, transports
from app.games.guadalcanal.gamedata import AREAS, SCENARIOS
from tests.games.guadalcanal.helpers import asking, lines, move

S4_SPREAD = SCENARIOS["4"]["spread"][0]["air"]


def s4_allied(tf16="S12", tf64="R13", ready=("us-b10", "us-rr"), tf67="N6"):
    bases = {u: ("us-henderson" if i < 10 else "us-espiritu-santo") for i, u in enumerate(S4_SPREAD)}
    return {"verb": "deploy", "args": {"hexes": {"us-tf67": tf67, "us-tf16": tf16, "us-tf64": tf64},
                                       "ready": list(ready), "bases": bases}}


def s4_deployed(dice=(6, 4), **allied):
    s = asking(rules.setup("4", {}, ScriptedRng()))
    s = rules.apply(s, "japanese", rules.default_action(s, "japanese"), ScriptedRng())
    return rules.apply(s, "allied", s4_allied(**allied), ScriptedRng(dice))


def until(s, done, seed=1):
    """Both sides give their default orders (no take-off, no move) until `done(state)`."""
    dice = SeededRng(seed)
    for _ in range(3000):
        if done(s):
            return s
        role = min(rules.prompts(s))
        s = rules.apply(s, role, rules.default_action(s, role), dice)
    raise AssertionError("never reached")


def card_tfs(s, role, side="allied"):
    return {t["name"]: t for t in rules.view(s, role)["cards"][side]["task_forces"]}


def ships(tf):
    return [x["name"] for x in tf["ships"]]


# --- 2a, 7, 7a: choosing and setting up a scenario ----------------------------------------------------------------

@pytest.mark.rule("2a")
def test_players_choose_a_scenario_from_7b_to_7e_and_set_it_up_by_7a():
    listed = {sc.id: sc for sc in rules.meta.scenarios}
    assert {k: v.rule for k, v in listed.items()} == {"1": "7b", "2": "7c", "3": "7d", "4": "7e", "5": "7f", "6": "7g"}
    assert "Battle of Guadalcanal" in listed["4"].title
    s = rules.setup("4", {}, ScriptedRng())
    prompts = rules.prompts(s)
    assert set(prompts) == {"allied", "japanese"} and {p["rule"] for p in prompts.values()} == {"7a2.2"}
    with pytest.raises(MalformedAction, match="Unknown scenario '7'"):
        rules.setup("7", {}, ScriptedRng())


@pytest.mark.rule("7a")
def test_a_set_up_uses_the_general_information_and_the_scenarios_own():
    s = s4_deployed()
    # 7a2.2 (general): one each of both sides' base units on the Searchboards, in their printed hexes.
    assert {(b["name"], b["hex"]) for b in rules.view(s, "japanese")["bases"]} >= {
        ("Henderson", "N6"), ("E. Santo", "T11"), ("Rabaul", "F1"), ("Buka", "I3"), ("Shortland", "J4")}
    # 7e2 (the scenario's own): Task Force 67 at Henderson.
    assert card_tfs(s, "allied")["Task Force 67"]["hex"] == "N6"


@pytest.mark.rule("7a1")
def test_each_player_sees_only_his_own_searchboard():
    s = s4_deployed()
    allied, japanese = rules.view(s, "allied"), rules.view(s, "japanese")
    assert {t["name"] for t in allied["searchboard"]["task_forces"]} == {"Task Force 67"}
    assert {t["name"] for t in japanese["searchboard"]["task_forces"]} == {
        "Raiding Force", "Advance Force", "Outer South Seas Force", "Reinforcement Group"}
    assert "N6" not in str(japanese["searchboard"]) and "hex" not in card_tfs(s, "japanese")["Task Force 67"]


@pytest.mark.rule("7a2")
def test_counters_are_placed_where_the_scenario_says_and_the_player_chose():
    s = rules.setup("3", {}, ScriptedRng())
    order = {"verb": "deploy", "args": {"hexes": {"us-tf16": "R6", "us-tf17": "T6", "us-tf64": "N9"}, "ready": [],
                                        "bases": {u: "us-espiritu-santo" for u in s["spread"]["allied"]["air"]}}}
    s = rules.apply(s, "allied", order, ScriptedRng())
    s = rules.apply(s, "japanese", rules.default_action(s, "japanese"), ScriptedRng([3, 8]))
    assert {t["name"]: t["hex"] for t in rules.view(s, "allied")["searchboard"]["task_forces"]} == {
        "Task Force 16": "R6", "Task Force 17": "T6", "Task Force 64": "N9"}


@pytest.mark.rule("7a2.3")
def test_ships_go_to_their_task_force_ships_box_and_air_units_on_board_their_carrier():
    s = s4_deployed()
    tf67 = card_tfs(s, "allied")["Task Force 67"]
    assert ships(tf67) == ["Pensacola", "Portland", "S. Francisco", "Atlanta", "Helena", "Juneau", "AP I", "DD #7",
                           "DD #8", "DD #10"]
    areas = {a["name"]: a for a in rules.view(s, "japanese")["cards"]["japanese"]["areas"]}
    assert [x["id"] for x in areas["Junyo"]["arming"] + areas["Junyo"]["ready"]] == ["ij-jd", "ij-jt", "ij-ee"]


# --- 7b: Scenario One ----------------------------------------------------------------------------------------------

@pytest.mark.rule("7b")
def test_scenario_one_is_a_reduced_basic_game_with_no_fighters():
    s = rules.setup("1", {}, ScriptedRng())
    assert not [u for u, r in s["units"].items() if r["kind"] == "air" and r["type"] == "F"]
    assert s["time"]["turns"] == 5 and len(s["task_forces"]) == 5


@pytest.mark.rule("7b1")
def test_scenario_one_starts_october_27_turn_1_and_ends_after_turn_5():
    s = rules.setup("1", {}, ScriptedRng())
    assert rules.view(s, "allied")["time"]["label"] == "OCT 27, Turn 1"
    end = playout(rules, "1", seed=3).state
    assert rules.view(end, "allied")["time"]["label"] == "OCT 27, Turn 5" and end["outcome"] is not None
    assert any("OCT 27, Turn 5 was the last Turn" in t for t in lines(end, "allied"))


# --- 7c: Scenario Two ----------------------------------------------------------------------------------------------

@pytest.mark.rule("7c")
def test_scenario_two_sets_task_force_18_in_area_i_and_the_others_in_area_ii():
    s = rules.setup("2", {}, ScriptedRng())
    spread = {u: ("us-henderson" if i % 2 else "us-espiritu-santo") for i, u in enumerate(s["spread"]["allied"]["air"])}
    order = {"verb": "deploy", "args": {"hexes": {"us-tf11": "O7", "us-tf16": "P8", "us-tf18": "Q8"}, "ready": [],
                                        "bases": spread}}
    with pytest.raises(IllegalAction, match=r"Task Force 18 sets up in area I \(Q9") as e:
        rules.apply(s, "allied", order, ScriptedRng())
    assert e.value.rule == "7a2.2"
    assert AREAS["II"] and "Q8" in AREAS["II"]


@pytest.mark.rule("7c1")
def test_scenario_two_starts_august_24_turn_1_and_ends_after_august_26_turn_5():
    s = rules.setup("2", {}, ScriptedRng())
    assert rules.view(s, "japanese")["time"]["label"] == "AUG 24, Turn 1"
    end = playout(rules, "2", seed=1).state
    assert (rules.view(end, "japanese")["time"]["label"], end["time"]["scenario_turn"]) == ("AUG 26, Turn 5", 17)


# --- 7d: Scenario Three --------------------------------------------------------------------------------------------

@pytest.mark.rule("7d")
def test_scenario_three_is_santa_cruz_october_25_to_27():
    s = rules.setup("3", {}, ScriptedRng())
    assert "Santa Cruz" in SCENARIOS["3"]["title"]
    assert rules.view(s, "allied")["time"]["label"] == "OCT 25, Turn 1"
    end = playout(rules, "3", seed=2).state
    assert rules.view(end, "allied")["time"]["label"] == "OCT 27, Turn 5"


@pytest.mark.rule("7d2")
def test_scenario_three_allied_set_up_is_as_printed():
    s = rules.setup("3", {}, ScriptedRng())
    spread = {u: "us-espiritu-santo" for u in s["spread"]["allied"]["air"]}
    order = {"verb": "deploy", "args": {"hexes": {"us-tf16": "Q7", "us-tf17": "Q8", "us-tf64": "M8"}, "ready": [],
                                        "bases": spread}}
    s = rules.apply(s, "allied", order, ScriptedRng())
    s = rules.apply(s, "japanese", rules.default_action(s, "japanese"), ScriptedRng([3, 8]))
    tfs = card_tfs(s, "allied")
    assert ships(tfs["Task Force 64"]) == ["Washington", "S. Francisco", "Atlanta", "Helena", "DD #7"]
    assert ships(tfs["Task Force 16"]) == ["Enterprise", "S. Dakota", "Portland", "San Juan", "DD #9", "DD #10"]
    assert ships(tfs["Task Force 17"]) == ["Hornet", "N'hampton", "Pensacola", "Juneau", "San Diego", "DD #6"]
    areas = {a["name"]: a for a in rules.view(s, "allied")["cards"]["allied"]["areas"]}
    assert [x["name"] for x in areas["Enterprise"]["arming"]] == ["B10", "S10", "T10", "RR", "UU"]
    assert [x["name"] for x in areas["Hornet"]["arming"]] == ["B8", "S8", "T6", "SS", "VV"]
    assert all(x["face"] == "front" for x in tfs["Task Force 64"]["ships"])
    with pytest.raises(IllegalAction, match="Task Force 64 sets up in area IV"):
        rules.apply(rules.setup("3", {}, ScriptedRng()), "allied",
                    dict(order, args=dict(order["args"], hexes={"us-tf16": "Q7", "us-tf17": "Q8", "us-tf64": "Q7"})),
                    ScriptedRng())


# --- 7e: Scenario Four ---------------------------------------------------------------------------------------------

@pytest.mark.rule("7e")
def test_scenario_four_is_the_battle_of_guadalcanal_in_the_basic_game():
    s = rules.setup("4", {}, ScriptedRng())
    assert "Nov 12-15" in SCENARIOS["4"]["title"]
    # 7: the Basic Game leaves the printed F units out.
    for u in ("us-1f10", "us-2f10", "us-f112", "us-f121", "us-f212", "us-f251", "us-1fg347"):
        assert u not in s["units"] and all(u not in x["units"] for x in s["entering"].values())
    # Reconstructed: the first night's Japanese force is the one 7f3 prints, #12 DD on its back side.
    s = s4_deployed()
    raid = card_tfs(s, "japanese", "japanese")["Raiding Force"]
    assert ships(raid) == ["Hiei", "Kirishima", "Nagara", "DD #11", "DD #12", "DD #15"]
    assert [x["face"] for x in raid["ships"]] == ["front"] * 4 + ["back", "front"]


@pytest.mark.rule("7e1")
def test_scenario_four_starts_november_12_turn_2_and_ends_after_november_15_turn_3():
    s = rules.setup("4", {}, ScriptedRng())
    assert rules.view(s, "allied")["time"]["label"] == "NOV 12, Turn 2"
    end = playout(rules, "4", seed=5, max_steps=4000).state
    assert (rules.view(end, "allied")["time"]["label"], end["time"]["scenario_turn"]) == ("NOV 15, Turn 3", 20)
    assert end["outcome"] is not None


@pytest.mark.rule("7e2")
def test_task_force_67_is_placed_at_henderson_as_printed():
    s = rules.setup("4", {}, ScriptedRng())
    with pytest.raises(IllegalAction, match=r"Task Force 67 sets up in hex N6 \(N6\), not N5") as e:
        rules.apply(s, "allied", s4_allied(tf67="N5"), ScriptedRng())
    assert e.value.rule == "7a2.2"
    s = s4_deployed()
    tf67 = card_tfs(s, "allied")["Task Force 67"]
    assert {x["name"]: x["face"] for x in tf67["ships"]}["DD #7"] == "back"
    areas = {a["name"]: a for a in rules.view(s, "allied")["cards"]["allied"]["areas"]}
    at_bases = [x["name"] for b in ("Henderson", "E. Santo") for x in areas[b]["arming"] + areas[b]["ready"]]
    assert sorted(at_bases) == sorted(["BG5", "1BG11", "3BG11", "BG42", "SB131", "SB132", "SB141", "SB142", "T8",
                                       "AA", "BB", "FF", "GG", "HH", "II", "JJ", "KK", "LL", "OO", "QQ"])
    assert {x["name"]: x["face"] for b in ("Henderson", "E. Santo") for x in areas[b]["arming"]}["T8"] == "back"
    assert (areas["Henderson"]["capacity"], areas["E. Santo"]["capacity"]) == (14, 18)  # both front side up


@pytest.mark.rule("7e2")
def test_task_forces_16_and_64_enter_on_turn_7_at_the_v_hex_designated_at_set_up():
    s = rules.setup("4", {}, ScriptedRng())
    with pytest.raises(IllegalAction, match=r"Task Force 16 sets up in area V \(enters on Turn 7\)") as e:
        rules.apply(s, "allied", s4_allied(tf16="Q7"), ScriptedRng())
    assert e.value.rule == "3c"
    s = s4_deployed(tf16="S12", tf64="R13", ready=("us-b10", "us-rr"))
    assert "Task Force 16 enters at S12 on Turn 7 (NOV 13, Turn 2) (3c)." in lines(s, "allied")
    assert not any("S12" in t for t in lines(s, "japanese"))
    s = until(s, lambda x: x["time"]["scenario_turn"] == 6)
    assert set(card_tfs(s, "allied")) == {"Task Force 67"} and "Task Force 16" not in card_tfs(s, "japanese")
    s = until(s, lambda x: x["time"]["scenario_turn"] == 7)
    assert rules.view(s, "allied")["time"]["label"] == "NOV 13, Turn 2"
    tfs = card_tfs(s, "allied")
    assert (tfs["Task Force 16"]["hex"], tfs["Task Force 64"]["hex"]) == ("S12", "R13")
    assert ships(tfs["Task Force 16"]) == ["Enterprise", "N'hampton", "San Diego", "DD #6"]
    assert ships(tfs["Task Force 64"]) == ["S. Dakota", "Washington", "DD #9"]
    areas = {a["name"]: a for a in rules.view(s, "allied")["cards"]["allied"]["areas"]}
    assert [x["name"] for x in areas["Enterprise"]["ready"]] == ["B10", "RR"]
    assert [x["name"] for x in areas["Enterprise"]["arming"]] == ["S10", "T10", "UU"]
    # 2c: the Japanese player watches the card fill (ships), not the searchboard (hex).
    assert "hex" not in card_tfs(s, "japanese")["Task Force 16"]
    assert any("Task Force 16 enters play" in t for t in lines(s, "japanese"))


@pytest.mark.rule("3c")
def test_an_entering_task_force_does_not_move_again_in_its_entry_turn():
    s = s4_deployed()
    s = until(s, lambda x: x["time"]["scenario_turn"] == 7 and (x["step"]["kind"], x["step"]["side"]) ==
                 ("sea", "allied"))
    assert "Task Force 16" not in rules.prompts(s)["allied"]["title"]
    with pytest.raises(IllegalAction, match="Task Force 16 entered at S12 this Turn: that was its movement") as e:
        rules.apply(s, "allied", move(us_tf16="S11"), ScriptedRng())
    assert e.value.rule == "3c"
    s = until(s, lambda x: x["time"]["scenario_turn"] == 8 and x["step"]["kind"] == "sea"
              and x["step"]["side"] == "allied")
    assert "Task Force 16 in S12" in rules.prompts(s)["allied"]["title"]
    s = rules.apply(s, "allied", move(us_tf16="S11"), ScriptedRng())
    assert card_tfs(s, "allied")["Task Force 16"]["hex"] == "S11"


@pytest.mark.rule("7e4")
def test_japanese_transports_ending_a_night_turn_off_guadalcanal_unload_and_score():
    """Reconstructed (the Scenario Four special rule is not transcribed): 2 VP per ship symbol, once."""
    s = s4_deployed()
    s = until(s, lambda x: x["time"]["scenario_turn"] == 4)  # NOV 12, Turn 5: a day Turn
    s["task_forces"]["ij-reinforcement-group"]["hex"] = "M6"
    s["units"]["ij-ap3"]["face"] = "back"  # a flipped unit carries fewer ships (2 on its back)
    s = until(s, lambda x: x["time"]["scenario_turn"] == 5)
    assert not any("has unloaded" in t for t in lines(s, "japanese"))  # not by day
    s = until(s, lambda x: x["time"]["scenario_turn"] == 6)  # NOV 12, Turn 6 was a night Turn
    said = [t for t in lines(s, "japanese") if "has unloaded" in t]
    assert said == ["AP 1 has unloaded at M6: 4 ships, 8 victory points (7e4).",
                    "AP 2 has unloaded at M6: 4 ships, 8 victory points (7e4).",
                    "AP 3 has unloaded at M6: 2 ships, 4 victory points (7e4)."]
    assert "Japanese transports have unloaded on Guadalcanal (7e4)." in lines(s, "allied")
    s = until(s, lambda x: x["outcome"] is not None)
    assert s["outcome"]["score"]["japanese"] >= 20 and transports.points(s)["japanese"] == 20
    assert sum("has unloaded at M6" in t for t in lines(s, "japanese")) == 3  # once each


@pytest.mark.rule("7e4")
def test_the_allied_transport_unloads_after_two_day_turns_at_henderson():
    s = s4_deployed()
    s = until(s, lambda x: x["time"]["scenario_turn"] == 2)
    assert not any("has unloaded" in t for t in lines(s, "allied"))
    s = until(s, lambda x: x["time"]["scenario_turn"] == 3)
    assert "AP I has unloaded at N6: 4 ships, 4 victory points (7e4)." in lines(s, "allied")


@pytest.mark.rule("4e1")
def test_a_task_force_marker_held_for_its_entry_is_not_a_spare_for_a_reorganisation():
    from app.games.guadalcanal.combat.reorganisation import spare_markers
    s = s4_deployed()
    assert {"us-tf16", "us-tf64"}.isdisjoint(spare_markers(s, "allied"))
    assert "us-tf11" in spare_markers(s, "allied")  # a marker no scenario unit uses is still free


@pytest.mark.rule("7e2")
def test_the_secret_entry_hex_of_a_held_task_force_never_reaches_the_enemy():
    """Task Forces 16 and 64 enter "at any V area hex" chosen at set-up: until they enter, nothing the Japanese
    player (or a spectator) sees changes with that hex, and a canary planted in it never shows."""
    from app.engine.testing import check_every_reader

    s = s4_deployed(tf16="S12", tf64="R13")
    assert {x["hex"] for x in s["entering"].values()} == {"S12", "R13"}
    checked = check_every_reader(rules, s, SeededRng(3))
    assert "japanese" in checked and "spectator" in checked
