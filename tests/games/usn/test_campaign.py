"""The campaign games' set-up (app/games/usn/campaign.py), their victory schedule and end (campaign_victory.py), and Step 1
run through all 81 Game-Turns of Campaign Game 3."""
from __future__ import annotations

import json

import pytest

from app.engine.rng import ScriptedRng
from app.games.usn import campaign, campaign_victory, campaigndata, reinforce

WC = "west-coast"


def count(s, side, name=None, hex_id=None, kind=None):
    return sum(1 for u in s["land"].values() if u["side"] == side and (name is None or u["name"] == name)
               and (hex_id is None or u["hex"] == hex_id) and (kind is None or u["kind"] == kind))


@pytest.mark.rule("How to Set-up and Play the Games")
def test_campaign_game_3_sets_up_game_1s_order_of_battle():
    s = campaign.new_state("campaign_3")
    assert (s["turn"], s["turns"], s["first_turn"]) == (1, 81, 1)
    assert count(s, "japanese", "20-40 Division") == 8 and count(s, "japanese", "20-40 Division", "0179") == 4
    assert count(s, "allied", "8-15 Regiment", "1456") == 6
    assert s["ships"]["A-CV-3"]["hex"] == WC and s["ships"]["A-CV-3"]["nac"] == 9
    assert s["ships"]["A-BB-1"]["hex"] == "0116" and s["ships"]["J-CV-1"]["hex"] == "0676"
    j_nac = sum(c["nac"] for c in s["ships"].values() if c["side"] == "japanese")
    j_lac = sum(b["air"]["lac"] for b in s["bases"].values() if b["side"] == "japanese")
    assert (j_nac, j_lac) == (68, 94)
    for h, b in s["bases"].items():  # Stacking (E): no base over its capacity
        assert sum(b["air"].values()) <= b["capacity"], h
    for c in s["ships"].values():
        assert c["nac"] <= c["capacity"], c["id"]


@pytest.mark.rule("Situations & Orders of Battle")
def test_coastal_defense_at_every_other_allied_naval_base_midway_wake_and_guam():
    s = campaign.new_state("campaign_1")
    cd = {u["hex"]: u["name"] for u in s["land"].values() if u["side"] == "allied" and u["kind"] == "coastal_defense"}
    assert cd["0116"] == cd["1456"] == cd["0348"] == "50-20 Coastal Defense"
    for h in ("0115", "1218", "0985", "0684", "0381", "0220", "1409", "0972", "0698", "0668"):
        assert cd[h] == "6-2 Coastal Defense", h
    assert WC not in cd


@pytest.mark.rule("Situations & Orders of Battle")
def test_campaign_game_2_set_up():
    s = campaign.new_state("campaign_2")
    assert (s["turn"], s["turns"]) == (21, 40)
    pm = [u for u in s["land"].values() if u["hex"] == "0659" and u["side"] == "allied" and u["kind"] == "regiment"]
    assert [u["entrenched"] for u in pm] == [True]  # "One 8-15 Regiment ENTRENCHED-Port Moresby (659)"
    assert s["ships"]["A-CV-3"]["damage"] == 6 and s["ships"]["A-TR-1"]["air_cargo"] == {"lac": 10}
    assert count(s, "japanese", "20-40 Division") == 8  # Burma's four only with the optional rule
    assert count(campaign.new_state("campaign_2", {"burma": True}), "japanese", "20-40 Division") == 12
    assert sum(c["nac"] for c in s["ships"].values() if c["side"] == "allied") == 30


# ------------------------------------------------------------------------------------------------ victory

@pytest.mark.rule("How the Game is Won")
@pytest.mark.parametrize("j,a,winner,level", [
    (150, 100, "japanese", "marginal"), (200, 100, "japanese", "provisional"), (100, 300, "allied", "strategic"),
    (400, 100, "japanese", "decisive"), (100, 100, None, "draw"), (0, 5, "allied", "decisive")])
def test_victory_levels(j, a, winner, level):
    assert campaign_victory.level({"japanese": j, "allied": a}) == (winner, level)


@pytest.mark.rule("Victory Point Schedule")
def test_control_is_the_last_occupant_or_the_sole_one_and_disputed_scores_nothing():
    s = campaign.new_state("campaign_1")
    assert campaign_victory.holder(s, "singapore") == "allied"
    for u in s["land"].values():
        if u["hex"] == "0116":
            u["destroyed"] = True
    campaign_victory.update_control(s)
    assert campaign_victory.holder(s, "singapore") == "allied"  # empty: the last to occupy keeps it
    jdiv = next(u for u in s["land"].values() if u["side"] == "japanese" and u["name"] == "20-40 Division")
    jdiv["hex"] = "0116"
    campaign_victory.update_control(s)
    assert campaign_victory.holder(s, "singapore") == "japanese"
    s["land"]["A-L1"]["hex"] = "0116"
    campaign_victory.update_control(s)
    assert campaign_victory.holder(s, "singapore") is None  # disputed
    assert not any(name == "Singapore" for _, _, name in campaign_victory.geographic(s))


@pytest.mark.rule("Victory Point Schedule")
def test_each_naval_base_in_japan_and_australia_scores_25():
    s = campaign.new_state("campaign_1")
    pts = {}
    for side, p, _ in campaign_victory.geographic(s):
        pts[side] = pts.get(side, 0) + p
    # Allied: the seven asterisked areas 325, Auckland 25, Pearl Harbor 50, Sydney and Brisbane 50; Japan 4 x 25
    assert pts == {"allied": 325 + 25 + 50 + 50, "japanese": 100}


@pytest.mark.rule("How the Game is Won")
def test_japan_cannot_win_without_every_asterisked_area():
    s = campaign.new_state("campaign_1")
    s["turn"] = 20
    s["vp"] = {"japanese": 5000.0, "allied": 0.0}
    out = campaign_victory.finish(s)
    assert out["winner"] == "allied" and "cannot win" in out["reason"]
    s = campaign.new_state("campaign_2")
    s["turn"] = 40
    s["vp"] = {"japanese": 1000.0, "allied": 0.0}
    out = campaign_victory.finish(s)  # Game 2 starts with Japan holding every asterisked area
    assert out["winner"] == "japanese" and out["score"]["japanese"] == 1000 + 325 + 100
    assert "The game ends after Game-Turn 40" in s["log"][-1]["text"]


@pytest.mark.rule("Campaign Game 2, Midway (1218)")
def test_midway_not_held_by_the_end_of_game_turn_30_gives_the_allies_100():
    s = campaign.new_state("campaign_2")
    s["turn"] = 30
    reinforce.step_one(s, ScriptedRng())
    assert s["vp"]["allied"] == 0
    s["turn"] = 31
    reinforce.step_one(s, ScriptedRng())
    assert s["vp"]["allied"] == 100
    s = campaign.new_state("campaign_2")
    for u in s["land"].values():
        if u["hex"] == "1218":
            u["destroyed"] = True
    next(u for u in s["land"].values() if u["side"] == "japanese")["hex"] = "1218"
    s["turn"] = 31
    reinforce.step_one(s, ScriptedRng())
    assert s["vp"]["allied"] == 0


# ------------------------------------------------------------------------------------------------ 81 Game-Turns

@pytest.mark.rule("How To Use the Time Record and Reinforcement Chart")
def test_step_1_through_all_81_game_turns_of_campaign_game_3():
    s = campaign.new_state("campaign_3", {"burma": True})
    ships0 = set(s["ships"])
    largest = 0
    for t in range(1, 82):
        s["turn"] = t
        reinforce.step_one(s, ScriptedRng())
        largest = max(largest, len(json.dumps(s)))
    arrived = set(s["ships"]) - ships0
    chart = {i["id"] for t in range(1, 82) for i in reinforce.items(t) if i["kind"] == "ship"}
    assert arrived == chart - {"A-TR-4"}  # Tr-4 entered on 7 and left after 27 (note A)
    assert {"A-CV-2", "A-CV-5", "A-CV-8", "A-CV-7", "A-CVE-1", "A-BB-6", "A-CV-9", "A-CVL-22", "A-CV-16",
            "J-CVL-2", "J-CV-8", "J-CV-7", "J-BB-4", "J-BB-5", "J-CVE-3", "J-CVL-5"} <= arrived
    assert s["removed"] == [{"id": "A-TR-4", "turn": 28,
                             "why": "withdrawn from the game (Reinforcement Chart, note A)"}]
    assert s["ships"]["A-CV-16"]["nac"] == 4 and s["ships"]["A-CV-9"]["nac"] == 10
    caps = campaigndata.capacities()
    assert all(c["nac"] <= caps.get(c["id"], 0) for c in s["ships"].values())
    assert count(s, "allied", "30-40 Army") == 1 and count(s, "allied", "7-10 Army") == 1  # Burma option
    assert count(s, "allied", "50-60 Marine Division") == 2
    assert s["air_waiting"] == []  # every air point found room
    # 14 LBAC enter (printed GT2 and GT5, 12 reconstructed): Pearl Harbor fills to its capacity (3 + 3), the rest
    # go on to the West Coast (reading: a full Pearl Harbor is treated like a damaged one, Stacking (E))
    assert s["bases"]["1456"]["air"]["lbac"] == 6 and s["bases"][WC]["air"]["lbac"] == 11
    assert largest < 5 * 1024 * 1024


def _divisions_to_burma(s, n):
    divs = [u for u in s["land"].values() if u["side"] == "japanese" and u["name"] == "20-40 Division"][:n]
    for u in divs:
        u["hex"] = "0076"


@pytest.mark.rule("Campaign Game 1, Burma 76")
def test_japan_loses_without_two_divisions_in_burma_by_game_turn_6():
    s = campaign.new_state("campaign_1")
    _divisions_to_burma(s, 1)
    s["turn"] = 6
    reinforce.step_one(s, ScriptedRng())
    assert not s.get("lost_by")
    s["turn"] = 7
    reinforce.step_one(s, ScriptedRng())
    assert s["lost_by"]["side"] == "japanese" and "has 1" in s["lost_by"]["why"]
    s["turn"], s["vp"] = 20, {"japanese": 900.0, "allied": 10.0}
    out = campaign_victory.finish(s)
    assert out["winner"] == "allied" and "Burma 76" in out["reason"]


@pytest.mark.rule("Campaign Game 1, Burma 76")
def test_by_game_turn_18_four_divisions_in_burma_and_ten_lac_at_bangkok():
    s = campaign.new_state("campaign_3")
    _divisions_to_burma(s, 4)
    s["turn"] = 19
    reinforce.step_one(s, ScriptedRng())
    assert "10 LAC at Bangkok (has 0)" in s["lost_by"]["why"]
    s = campaign.new_state("campaign_3")
    _divisions_to_burma(s, 4)
    s["bases"]["0112"].update(side="japanese", air={"lac": 10, "lbac": 0, "nac": 0})
    s["turn"] = 19
    reinforce.step_one(s, ScriptedRng())
    assert not s.get("lost_by")


@pytest.mark.rule("Burma Campaign")
def test_the_optional_burma_rule_cancels_the_burma_special_rule_for_japan():
    s = campaign.new_state("campaign_1", {"burma": True})
    s["turn"] = 7
    reinforce.step_one(s, ScriptedRng())
    assert not s.get("lost_by")


@pytest.mark.rule("Allied Variable Deployment")
@pytest.mark.parametrize("die,early", [(1, ["A-CV-2", "A-CA-3", "A-DD-10"]), (3, ["A-CV-6", "A-CA-2"]),
                                       (5, ["A-CV-2", "A-CA-3", "A-DD-10", "A-CV-6", "A-CA-2"]), (6, [])])
def test_allied_variable_deployment_puts_the_game_turn_2_ships_in_pearl_harbor(die, early):
    s = campaign.new_state("campaign_3", {"allied_variable_deployment": True}, ScriptedRng([die]))
    assert sorted(i for i, x in s["ships"].items() if x["hex"] == "1456" and i in
                  ("A-CV-2", "A-CV-6", "A-CA-2", "A-CA-3", "A-DD-10")) == sorted(early)
    nac_early = sum(s["ships"][i]["nac"] for i in early)
    assert nac_early == {1: 9, 3: 8, 5: 17, 6: 0}[die]  # each carrier's share of "CV-2, CV-6 and 17 NAC"
    for t in (1, 2):
        s["turn"] = t
        reinforce.step_one(s, ScriptedRng())
    # Game-Turn 2 brings the rest, and no ship twice: 17 NAC in all aboard CV-2 and CV-6
    assert s["ships"]["A-CV-2"]["nac"] + s["ships"]["A-CV-6"]["nac"] == 17
    assert s["bases"]["1456"]["air"]["nac"] == 0 and s["air_waiting"] == []  # not a point more than printed
    result = [line for line in s["log"] if "die" in line["text"] and "Variable" in line["text"]]
    assert [line["to"] for line in result] == ["allied"]  # the result is the Allied Player's


@pytest.mark.rule("Allied Variable Deployment")
def test_without_the_option_no_die_is_rolled():
    rng = ScriptedRng([])
    s = campaign.new_state("campaign_3", {}, rng)
    assert "A-CV-2" not in s["ships"] and rng.rolls == []
