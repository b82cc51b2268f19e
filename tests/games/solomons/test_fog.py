"""Fog of war in umpired games (Guadalcanal 18c1, 18c2): the tables at every die, the impossible-result clamp, and
that a side holds only what it was told while the umpire and the post-game replay hold the truth."""
import copy
import json

import pytest

from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.rng import ScriptedRng, SeededRng
from app.games.solomons import board, fog, intel, rules, tables
from app.games.solomons.combat import submarine

# 18c2 as printed: the die's row shifts the true damage by hits; a flip (cripple) is 3 hits, elimination 6.
SHIFT = {1: -2, 2: -2, 3: -1, 4: -1, 5: 0, 6: 0, 7: 1, 8: 1, 9: 2, 10: 2}
HITS = {"none": 0, "crippled": 3, "sunk": 6}
# 18c1 as printed: 1-3 halve, 4-7 actual, 8-10 double.
EFFECT = {d: "halve" if d <= 3 else "actual" if d <= 7 else "double" for d in range(1, 11)}


def level_reached(hits):
    """The highest level a hit count reaches, clamped to none..sunk (18c2: no impossible score)."""
    return max((lvl for lvl, h in HITS.items() if h <= hits), key=HITS.get, default="none")


def fog_state(**options):
    return {"turn": 3, "options": dict(umpired=True, **options), "log": []}


@pytest.mark.rule("Guadalcanal 18c2")
@pytest.mark.parametrize("die", range(1, 11))
@pytest.mark.parametrize("true", ["none", "crippled", "sunk"])
def test_damage_reports_follow_the_18c2_table_at_every_die(true, die):
    s = fog_state(fog_damage=True)
    told = fog.tell_damage(s, "allied", {"jp-CA-1": true}, ScriptedRng([die]), 4, "14.3")
    assert told == {"jp-CA-1": level_reached(HITS[true] + SHIFT[die])}
    assert tables.fog_damage_shift(die) == SHIFT[die]
    assert s["fog"]["damage"] == [{"turn": 3, "segment": 4, "rule": "14.3", "to": "allied", "unit": "jp-CA-1",
                                   "true": true, "reported": told["jp-CA-1"], "die": die}]
    assert s["log"][-1]["to"] == "umpire" and f"die {die}" in s["log"][-1]["text"]


@pytest.mark.rule("Guadalcanal 18c2")
def test_no_impossible_damage_is_reported():
    # nothing below no damage: an untouched ship under-reported by two hits is still untouched
    assert fog.reported_damage("none", 1) == "none"
    # nothing beyond sunk: a sunk ship over-reported by two hits is sunk, not "more than sunk"
    assert fog.reported_damage("sunk", 10) == "sunk"
    # between levels, the level reached (the 18c2 example: a flip plus one hit is reported as the flip)
    assert fog.reported_damage("crippled", 7) == "crippled" and fog.reported_damage("crippled", 9) == "crippled"
    # a sunk ship under-reported by one or two hits (5 or 4 hits) is reported crippled
    assert fog.reported_damage("sunk", 3) == "crippled" and fog.reported_damage("sunk", 1) == "crippled"
    assert fog.reported_damage("crippled", 2) == "none"
    assert tables.provenance("fog_damage", "9").startswith("printed Guadalcanal 18c2")


@pytest.mark.rule("Guadalcanal 18c2")
def test_without_the_option_the_attacker_is_told_the_truth_and_no_die_is_rolled():
    s = fog_state()
    assert fog.tell_damage(s, "allied", {"jp-CA-1": "sunk"}, ScriptedRng([]), 4, "14.3") == {"jp-CA-1": "sunk"}
    assert "fog" not in s and s["log"] == []


@pytest.mark.rule("Guadalcanal 18c1")
@pytest.mark.parametrize("die", range(1, 11))
def test_intelligence_counts_follow_the_18c1_hint_at_every_die(die):
    s = fog_state(fog_intel=True)
    s["segment"] = 3
    truth = {"units": 5, "capital": 1, "transports": 0}
    told = fog.tell_counts(s, "allied", "tf-?2", truth, ScriptedRng([die]))
    assert tables.fog_intel_effect(die) == EFFECT[die]
    expected = {"halve": {"units": 2, "capital": 1, "transports": 0},    # round down, never below 1 from 1
                "actual": truth, "double": {"units": 10, "capital": 2, "transports": 0}}[EFFECT[die]]
    assert told == expected
    assert s["fog"]["intel"]["allied"]["tf-?2"]["true"] == truth
    assert s["fog"]["intel"]["allied"]["tf-?2"]["reported"] == expected


@pytest.mark.rule("Guadalcanal 18c1")
def test_halving_never_reports_a_sighted_count_of_one_as_none():
    assert fog.lie(1, "halve") == 1 and fog.lie(0, "halve") == 0 and fog.lie(7, "halve") == 3
    assert fog.lie(0, "double") == 0 and fog.lie(3, "double") == 6 and fog.lie(3, "actual") == 3


# ---------------------------------------------------------------- in a game: sightings

def game(**options):
    return rules.setup("campaign", dict(umpired=True, **options), SeededRng(1))


def japanese_force_at_sea(s, ships, hex_id="L"):
    tf = {"id": "japanese-tf-1", "side": "japanese", "number": 1, "units": list(ships), "base": "rabaul",
          "mission": "anti_ship", "slot": False, "anti_slot": False, "emergency_dd": None, "plot": {},
          "hex": hex_id, "path": [], "last_move": None, "orders": {}, "m_segments": 0, "aborted": False,
          "mission_done": False, "cag_spent": False, "marker": {"allied": None, "japanese": None}}
    s["task_forces"][tf["id"]] = tf
    for u in ships:
        s["units"][u].update(task_force=tf["id"], location=hex_id)
    return tf


def sighted(ships, die):
    s = game(fog_intel=True)
    japanese_force_at_sea(s, ships)
    intel.reveal(s, "japanese", 3, True, ScriptedRng([die]))
    return s


FOUR = ["jp-CA-1", "jp-CA-2", "jp-DD-1", "jp-DD-2"]


@pytest.mark.rule("Guadalcanal 18c1")
def test_a_side_sees_only_the_reported_count_and_no_trace_of_the_truth():
    # 4 and 5 warships both halve to 2 (die 1): the American view is byte-identical
    four, five = sighted(FOUR, 1), sighted(FOUR + ["jp-DD-3"], 1)
    for s in (four, five):
        (mid, mark), = rules.view(s, "allied")["enemy"]["markers"].items()
        assert (mark["units"], mark["capital"], mark["transports"]) == (2, 0, 0)
        assert "2 units, 0 capital ships" in json.dumps(rules.view(s, "allied")["log"])
    assert json.dumps(rules.view(four, "allied"), sort_keys=True) == json.dumps(rules.view(five, "allied"),
                                                                               sort_keys=True)
    assert rules.view(four, SPECTATOR) == rules.view(five, SPECTATOR)


@pytest.mark.rule("Guadalcanal 18c1")
def test_the_umpire_and_the_post_game_replay_show_the_truth_beside_the_report():
    s = sighted(FOUR + ["jp-DD-3"], 9)
    (mid, rec), = s["fog"]["intel"]["allied"].items()
    for view in (rules.view(s, UMPIRE), rules.view(dict(s, outcome={"winner": None, "level": "draw"}), SPECTATOR)):
        assert view["fog"]["intel"]["allied"][mid] == {"turn": 1, "segment": s["segment"], "die": 9,
                                                       "effect": "double", "true": {"units": 5, "capital": 0,
                                                                                    "transports": 0},
                                                       "reported": {"units": 10, "capital": 0, "transports": 0}}
        assert view["markers"]["allied"][mid]["units"] == 10
        assert len(view["task_forces"]["japanese-tf-1"]["units"]) == 5
    assert "die 9" in json.dumps(rules.view(s, UMPIRE)["log"])
    assert "die 9" not in json.dumps(rules.view(s, "allied")) and '"fog"' not in json.dumps(rules.view(s, "allied"))


def test_without_fog_intel_the_marker_counts_are_true_and_no_die_is_rolled():
    s = game()
    japanese_force_at_sea(s, FOUR + ["jp-DD-3"])
    intel.reveal(s, "japanese", 3, True, ScriptedRng([]))
    (mark,) = rules.view(s, "allied")["enemy"]["markers"].values()
    assert mark["units"] == 5 and "fog" not in s


# ---------------------------------------------------------------- in a game: a submarine attack

def sub_attack(crt_die, fog_die):
    """A Japanese submarine in F attacks BB-1 entering F (13.2): 6 attacks, 1:1 die 4 is -/½C and die 5 -/½D; the
    lone ship suffers it on a 1 (15.34 note), then the umpire's 18c2 die."""
    s = game(fog_damage=True)
    s["day"] = True
    tf = {"id": "allied-tf-1", "side": "allied", "number": 1, "units": ["us-BB-1"], "base": "espiritu_santo",
          "mission": "anti_ship", "slot": False, "anti_slot": False, "emergency_dd": None,
          "plot": {"2": "O", "3": "F"}, "hex": "F", "path": [], "last_move": None, "orders": {}, "m_segments": 0,
          "aborted": False, "mission_done": False, "cag_spent": False, "marker": {"allied": None, "japanese": "tf-?1"}}
    s["task_forces"][tf["id"]] = tf
    s["units"]["us-BB-1"].update(task_force=tf["id"], location="F")
    s["submarines"]["jp-SS-1"] = {"id": "jp-SS-1", "status": "deployed", "hex": "F", "deployed_turns": 1,
                                  "returns": None, "marker": {"allied": "tf-?9"}}
    submarine.resolve_attacks(s, 3, ScriptedRng([6, 1, crt_die, 1, fog_die]))
    return s


@pytest.mark.rule("Guadalcanal 18c2")
def test_the_attacker_is_told_the_reported_damage_and_the_defender_the_truth():
    s = sub_attack(5, 3)                                  # sunk, under-reported by one hit: 5 hits = crippled
    assert s["units"]["us-BB-1"]["status"] == "sunk"
    jp = json.dumps(rules.view(s, "japanese")["log"])
    assert "the ship is reported crippled" in jp and "sunk" not in jp and "die 4" not in jp
    assert "is sunk" in json.dumps(rules.view(s, "allied")["log"])
    assert s["fog"]["damage"][0] == {"turn": 1, "segment": 3, "rule": "13.2", "to": "japanese",
                                   "unit": "us-BB-1", "true": "sunk", "reported": "crippled", "die": 3}


@pytest.mark.rule("Guadalcanal 18c2")
def test_a_different_true_loss_with_the_same_report_leaves_the_attackers_view_byte_identical():
    crippled = sub_attack(4, 7)                           # crippled, over-reported by one hit: still crippled
    sunk = sub_attack(5, 3)                               # sunk, under-reported by one hit: crippled
    assert crippled["units"]["us-BB-1"]["status"] != sunk["units"]["us-BB-1"]["status"]
    assert json.dumps(rules.view(crippled, "japanese"), sort_keys=True) == \
        json.dumps(rules.view(sunk, "japanese"), sort_keys=True)
    # the umpire and, after the end, the all-seeing replay see the truth and the die
    for s, true, die in ((crippled, "crippled", 7), (sunk, "sunk", 3)):
        for view in (rules.view(s, UMPIRE), rules.view(dict(s, outcome={"winner": None}), SPECTATOR)):
            assert view["fog"]["damage"][0]["true"] == true and view["fog"]["damage"][0]["die"] == die
            assert view["units"]["us-BB-1"]["status"] == true


# ---------------------------------------------------------------- 22 VP chart: unit types from the data

@pytest.mark.rule("22")
def test_japans_cv3_and_cv4_are_light_carriers_worth_40_vp_not_50():
    for unit in ("jp-CV-3", "jp-CV-4"):
        assert board.unit_type(unit) == "CVL" and board.is_carrier(unit) and board.is_capital(unit)
        assert board.vp_value(unit) == board.vp_value("CVL") == 40
    assert board.unit_type("jp-CV-1") == "CV" and board.vp_value("jp-CV-1") == board.vp_value("CV") == 50
    from app.games.solomons import victory
    s = game()
    before = victory.score(s)["allied"]
    s = copy.deepcopy(s)
    s["units"]["jp-CV-3"]["status"] = "sunk"
    assert s["units"]["jp-CV-3"]["type"] == "CVL"
    assert victory.score(s)["allied"] - before == 40


# ---------------------------------------------------------------- in combat: air attacks and surface actions

def _kit():
    """The combat tests' hand-built state (tests/games/solomons/combat/combat_kit.py)."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).with_name("combat")))
    import combat_kit
    return combat_kit


@pytest.mark.rule("Guadalcanal 18c2")
def test_an_air_strike_is_reported_to_the_attacker_through_the_fog_and_to_the_defender_truly():
    from app.games.solomons.combat import air
    kit = _kit()
    s = kit.blank_state()
    s["options"] = {"umpired": True, "fog_damage": True}
    kit.add_tf(s, "allied", 1, ["us-CV-1", "us-CA-1", "us-DD-1"], "M")
    kit.add_tf(s, "japanese", 1, ["jp-CV-1", "jp-CA-4"], "L")
    s["units"]["jp-CV-1"]["nac"] = 9
    s["decisions"] = {"japanese": {"missions": [{"source": "japanese-tf-1", "points": 9, "kind": "nac",
                                                 "mission": "attack", "target": "tf-?1", "hex": "M", "counters": 1}],
                                   "doctrine": {"priority": ["CV"], "odds": 1}},
                      "allied": {"missions": []}}
    air.resolve_air_attacks(s, 3, ScriptedRng([2] * 40))   # die 2 cripples the carrier (14.3); fog die 2: -2 hits
    hit = {u for u in s["units"] if s["units"][u]["status"] != "intact"}
    assert hit, "the strike hit something"
    jp = kit.told(s, "japanese")
    for rec in s["fog"]["damage"]:
        assert rec["die"] == 2 and rec["reported"] == fog.reported_damage(rec["true"], 2)
    assert "reported no effect" in jp                         # a cripple under-reported by two hits (1 hit)
    assert "crippled" not in jp and "sunk" not in jp
    assert s["units"]["us-CV-1"]["status"] == "crippled"
    assert "is crippled" in kit.told(s, "allied")              # the defender hears the truth


@pytest.mark.rule("Guadalcanal 18c2")
def test_in_a_surface_action_each_side_hears_its_own_losses_truly_and_the_enemys_through_the_fog():
    from app.games.solomons.combat import surface
    kit = _kit()
    s = kit.blank_state(segment=2, day=False)
    s["options"] = {"umpired": True, "fog_damage": True}
    kit.add_tf(s, "allied", 1, ["us-CA-1", "us-DD-1"], "M")
    kit.add_tf(s, "japanese", 1, ["jp-BC-5", "jp-CA-4", "jp-DD-3"], "M")
    surface.resolve_surface_actions(s, 2, ScriptedRng([4] * 20))
    fates = {u: s["units"][u]["status"] for u in s["units"]}
    by_reader = {r: [rec for rec in s["fog"]["damage"] if rec["to"] == r] for r in ("allied", "japanese")}
    assert {rec["unit"][:3] for rec in by_reader["allied"]} == {"jp-"}       # told of the enemy only
    assert {rec["unit"][:3] for rec in by_reader["japanese"]} == {"us-"}
    for reader, recs in by_reader.items():
        text = kit.told(s, reader)
        assert "die" not in text                                               # the CRT die would tell the truth
        for rec in recs:
            assert rec["true"] == (fates[rec["unit"]] if fates[rec["unit"]] != "intact" else "none")
            assert rec["reported"] == fog.reported_damage(rec["true"], 4)
        for u, status in fates.items():                                        # own losses truly
            if status != "intact" and s["units"][u]["side"] == reader:
                assert f"{status}" in text
    assert "die 4" in kit.told(s, "umpire")
    # 3:1, die 4 sinks both American ships; Japan is told of each through die 4 (-1 hit): crippled
    from app.games.solomons.combat.common import ship_name
    assert fates["us-CA-1"] == fates["us-DD-1"] == "sunk"
    assert f"{ship_name('us-CA-1')} reported crippled" in kit.told(s, "japanese")
    assert "sunk" not in kit.told(s, "japanese")
