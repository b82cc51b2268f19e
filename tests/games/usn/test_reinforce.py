"""Step 1 (Detailed Sequence of Play): reinforcements from the chart at their places, replacements and repaired naval
units, on campaign states built by app/games/usn/campaign.py. Step 1 rolls no dice."""
from __future__ import annotations

import pytest

from app.engine.rng import ScriptedRng
from app.games.usn import arrivals, campaign, reinforce, replacements

WC = "west-coast"


def at_turn(turn, scenario="campaign_3", **options):
    """A campaign state whose Step 1 of `turn` is next (earlier chart entries are not placed)."""
    s = campaign.new_state(scenario, options)
    s["turn"] = turn
    return s


def step(s, turn=None):
    if turn is not None:
        s["turn"] = turn
    reinforce.step_one(s, ScriptedRng())
    return s


def texts(s):
    return "\n".join(line["text"] for line in s["log"])


@pytest.mark.rule("How To Use the Time Record and Reinforcement Chart")
def test_game_turn_2_carriers_enter_at_pearl_harbor_with_their_17_nac_aboard():
    s = step(at_turn(2))
    cv2, cv6 = s["ships"]["A-CV-2"], s["ships"]["A-CV-6"]
    assert (cv2["hex"], cv6["hex"]) == ("1456", "1456")
    assert (cv2["nac"], cv6["nac"]) == (9, 8)  # "CV-2, CV-6 and 17 NAC": aboard, to capacity
    assert all(s["ships"][i]["hex"] == "1456" for i in ("A-CA-2", "A-CA-3", "A-DD-10"))
    assert s["bases"]["1456"]["air"]["lbac"] == 3 + 1  # "All Allied LBAC air points arrive at Pearl Harbor"
    assert s["bases"]["0676"]["air"] == {"lac": 1, "lbac": 0, "nac": 1}  # Japanese: anywhere in Japan
    assert "A-CV-2 enters at Pearl Harbor (1456)" in texts(s)
    assert "Game-Turn 2, 3rd week of December 1941 (14-20 Dec): Step 1" in texts(s)  # the chart's 12/3
    aboard = [line for line in s["log"] if "NAC aboard" in line["text"]]
    assert aboard and all(line["to"] == "allied" for line in aboard)  # the split among carriers stays Allied


@pytest.mark.rule("How To Use the Time Record and Reinforcement Chart")
def test_allied_lbac_go_to_the_west_coast_when_pearl_harbor_air_base_is_damaged():
    s = at_turn(2)
    s["bases"]["1456"]["neutralized"] = {"air": [3, 0]}
    step(s)
    assert s["bases"]["1456"]["air"]["lbac"] == 3 and s["bases"][WC]["air"]["lbac"] == 1
    s = at_turn(5)
    s["bases"]["1456"]["destroyed"] = True
    step(s)
    assert s["bases"][WC]["air"]["lbac"] == 1


@pytest.mark.rule("How To Use the Time Record and Reinforcement Chart")
def test_units_enter_in_japan_on_the_west_coast_or_at_the_hex_in_parentheses():
    before = set(at_turn(3)["land"])
    s = step(at_turn(3))
    new = [u for u in s["land"].values() if u["id"] not in before]
    assert sorted((u["side"], u["name"], u["hex"]) for u in new) == [
        ("allied", "8-15 Regiment", "1066"), ("japanese", "20-40 Division", "0676")]
    s = step(at_turn(4))
    assert any(u["name"] == "20-40 Division" and u["hex"] == "0311" for u in s["land"].values())
    s = step(at_turn(5))
    assert s["ships"]["A-CV-5"]["hex"] == WC and s["ships"]["A-CV-5"]["nac"] == 10
    assert any(u["name"] == "30-50 Division" and u["hex"] == WC for u in s["land"].values())
    s = step(at_turn(11))  # reconstructed "30-50 Div (Aus)": anywhere in Australia, by default Brisbane
    assert any(u["name"] == "30-50 Division" and u["hex"] == "0698" for u in s["land"].values())


@pytest.mark.rule("Errata: Reinforcement Table")
def test_game_turn_5_brings_dd_11_and_game_turn_31_cve_1_with_2_nac():
    s = step(at_turn(5))
    assert "A-DD-11" in s["ships"] and "A-DD-10" not in s["ships"]
    s = step(at_turn(31))
    assert s["ships"]["A-CVE-1"]["nac"] == 2 and s["ships"]["A-CVE-1"]["hex"] == WC


@pytest.mark.rule("Reinforcements, Notes (A)")
def test_transport_4_is_withdrawn_only_from_the_west_coast_after_game_turn_27():
    s = step(at_turn(7))
    assert s["ships"]["A-TR-4"]["hex"] == WC
    step(s, 27)
    assert "A-TR-4" in s["ships"]  # still in play during Game-Turn 27
    s["ships"]["A-TR-4"]["hex"] = "0698"
    step(s, 28)
    assert "A-TR-4" in s["ships"] and s["withdraw_due"]  # not on the West Coast at the end of Game-Turn 27
    s["ships"]["A-TR-4"]["hex"] = WC
    step(s, 29)
    assert "A-TR-4" not in s["ships"] and not s["withdraw_due"]
    assert s["vp"] == {"japanese": 0.0, "allied": 0.0}  # withdrawn, not sunk
    assert "A-TR-4 withdrawn from the game" in texts(s)


@pytest.mark.rule("Burma Campaign")
def test_optional_burma_reinforcements_enter_in_burma_only_with_the_option():
    s = step(at_turn(8, burma=True))
    assert any(u["name"] == "30-40 Army" and u["hex"] == "0076" for u in s["land"].values())
    s = step(at_turn(8))
    assert not any(u["kind"] == "army" for u in s["land"].values())


@pytest.mark.rule("Campaign Game 2, Burma 76")
def test_game_turn_26_two_japanese_divisions_adjacent_to_burma():
    s = step(at_turn(26, "campaign_2"))
    divs = [u for u in s["land"].values() if u["side"] == "japanese" and u["hex"] == "0110"]
    assert [u["name"] for u in divs] == ["20-40 Division", "20-40 Division"]


@pytest.mark.rule("Stacking (E)")
def test_air_points_wait_when_no_air_base_in_japan_has_room_and_enter_when_one_has():
    s = at_turn(2)
    s["bases"]["0676"]["air"]["lac"] = 30  # full
    step(s)
    assert s["air_waiting"] == [{"side": "japanese", "kind": "lac", "points": 1, "at": None},
                                {"side": "japanese", "kind": "nac", "points": 1, "at": None}]
    assert "wait: no room" in texts(s)
    s["bases"]["0676"]["air"]["lac"] = 28
    step(s, 3)
    assert s["air_waiting"] == [] and s["bases"]["0676"]["air"] == {"lac": 29, "lbac": 0, "nac": 1}


@pytest.mark.rule("How To Use the Time Record and Reinforcement Chart")
def test_a_ship_already_in_play_cannot_enter_again():
    s = at_turn(2)
    s["ships"]["A-CV-2"] = arrivals.new_ship("A-CV-2", "allied", WC)
    with pytest.raises(reinforce.ChartError, match="already in play"):
        step(s)


# ------------------------------------------------------------------------------------------------ replacements

def _engineer(s, side):
    return next(u for u in s["land"].values() if u["side"] == side and u["kind"] == "engineer")


@pytest.mark.rule("Replacements")
def test_an_engineer_destroyed_on_game_turn_4_is_replaced_at_the_start_of_game_turn_9():
    s = at_turn(5)
    eng = _engineer(s, "japanese")
    eng.update(destroyed=True, hex=None)  # lost during Game-Turn 4
    step(s)
    assert s["replacements"]["due"][0]["turn"] == 9
    for t in (6, 7, 8):
        step(s, t)
        assert sum(1 for u in s["land"].values() if u["kind"] == "engineer" and u["side"] == "japanese"
                   and not u.get("destroyed")) == 1
    step(s, 9)
    back = [u for u in s["land"].values() if u["kind"] == "engineer" and u["side"] == "japanese"
            and not u.get("destroyed")]
    assert len(back) == 2 and any(u["hex"] == "0676" for u in back)  # Japanese replacements start in Japan
    assert f"Replacement for {eng['id']}" in texts(s)


@pytest.mark.rule("Replacements")
def test_an_allied_engineer_replacement_starts_on_the_west_coast():
    s = at_turn(10)
    eng = _engineer(s, "allied")
    eng.update(destroyed=True, destroyed_turn=9, hex=None)
    def at_west_coast():
        return sum(1 for u in s["land"].values() if u["kind"] == "engineer" and u["hex"] == WC)
    step(s)
    step(s, 13)
    assert at_west_coast() == 1  # the chart's own engineer of Game-Turn 13 (reconstructed)
    step(s, 14)
    assert at_west_coast() == 2 and f"Replacement for {eng['id']}" in texts(s)


@pytest.mark.rule("Replacements")
def test_a_sunk_transport_is_replaced_four_game_turns_later():
    s = at_turn(11)
    s["ships"]["J-TR-2"].update(sunk=True, damage=0)  # sunk on Game-Turn 10
    step(s)
    step(s, 13)
    assert "J-TR-2.2" not in s["ships"]
    step(s, 14)
    assert s["ships"]["J-TR-2.2"]["hex"] == "0676" and not s["ships"]["J-TR-2.2"]["sunk"]
    assert s["ships"]["J-TR-2"]["sunk"]  # the lost counter keeps its record


@pytest.mark.rule("Replacements")
def test_a_transport_damaged_ten_weeks_is_removed_in_base_and_replaced_after_four_turns():
    s = at_turn(11)
    tr = s["ships"]["A-TR-1"]
    tr.update(damage=10, hex="0900")  # damaged at sea on Game-Turn 10
    step(s)
    assert tr["replaced"] and "A-TR-1" in s["ships"]
    tr["hex"] = "0698"  # returns to a friendly naval base
    step(s, 12)
    assert "A-TR-1" not in s["ships"]
    step(s, 14)
    assert s["ships"]["A-TR-1"]["hex"] == WC and s["ships"]["A-TR-1"]["damage"] == 0  # the new counter
    s["ships"]["A-TR-3"]["damage"] = 9  # under ten weeks: no replacement
    step(s, 15)
    assert not s["ships"]["A-TR-3"].get("replaced")


@pytest.mark.rule("Replacements")
def test_the_assault_transport_needs_twenty_weeks_and_ten_game_turns():
    assert replacements.damage_threshold("AT") == 20 and replacements.delay("AT", "damaged") == 10
    s = at_turn(11)
    s["ships"]["A-AT-1"] = arrivals.new_ship("A-AT-1", "allied", "0900")
    s["ships"]["A-AT-1"]["damage"] = 15
    step(s)
    assert not s["replacements"]["due"]
    s["ships"]["A-AT-1"]["damage"] = 20
    step(s, 12)
    assert s["replacements"]["due"] == [{"kind": "ship", "side": "allied", "of": "A-AT-1", "turn": 21}]


@pytest.mark.rule("Replacements")
def test_other_units_are_not_replaced():
    s = at_turn(11)
    div = next(u for u in s["land"].values() if u["name"] == "30-50 Division")
    div["destroyed"] = True
    s["ships"]["A-CA-1"]["sunk"] = True
    step(s)
    assert s["replacements"]["due"] == []


# ------------------------------------------------------------------------------------------------ repair

@pytest.mark.rule("Damage and Repair of Naval Units")
def test_one_week_repaired_for_each_complete_game_turn_idle_at_pearl_harbor():
    s = at_turn(21, "campaign_2")
    cv6 = s["ships"]["A-CV-6"]
    cv6["damage"] = 2
    step(s)
    assert cv6["damage"] == 2  # arrived: the Game-Turn idle there is not complete yet
    step(s, 22)
    assert cv6["damage"] == 1
    step(s, 23)
    assert cv6["damage"] == 0 and "A-CV-6 is repaired" in texts(s)


@pytest.mark.rule("Damage and Repair of Naval Units")
def test_campaign_game_2_cv_3_finishes_its_six_weeks_on_the_west_coast():
    s = at_turn(21, "campaign_2")
    cv3 = s["ships"]["A-CV-3"]
    assert cv3["damage"] == 6 and cv3["nac"] == 0
    for t in range(21, 28):
        step(s, t)
    assert cv3["damage"] == 0


@pytest.mark.rule("Damage and Repair of Naval Units")
def test_no_repair_after_a_move_nor_away_from_the_proper_base():
    s = at_turn(21, "campaign_2")
    ca3 = s["ships"]["A-CA-3"]  # at Noumea: not a repair base
    ca3["damage"] = 5
    cv6 = s["ships"]["A-CV-6"]
    cv6["damage"] = 5
    step(s)
    cv6["moved_on"] = 21  # sailed and came back during Game-Turn 21
    step(s, 22)
    assert (ca3["damage"], cv6["damage"]) == (5, 5)
    jca = s["ships"]["J-CA-1"]  # Truk: the Japanese repair only in Japan
    jca["damage"] = 3
    jbb = s["ships"]["J-BB-1"]
    jbb["damage"] = 3
    step(s, 23)
    step(s, 24)
    assert (jca["damage"], jbb["damage"]) == (3, 2)


@pytest.mark.rule("Victory Point Schedule")
def test_a_fully_repaired_ship_pays_its_full_value_again_when_sunk():
    s = at_turn(21, "campaign_2")
    cv6 = s["ships"]["A-CV-6"]
    cv6.update(damage=1, vp_paid=8.0)
    step(s)
    step(s, 22)
    assert cv6["damage"] == 0 and cv6["vp_paid"] == 0
