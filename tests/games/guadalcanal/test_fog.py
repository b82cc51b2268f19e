"""18c2: damage fog in umpired games (option fog_damage), and who reads which combat line (digest §5.1): the
owner of a damaged unit the truth, the side that did the damage the umpire's report and no dice, the umpire
everything; without fog the Battleboard is public, but air units lost aboard a ship or base only to their owner
when the Operations Cards are closed (18c)."""
from __future__ import annotations

import json

import pytest

from app.engine.errors import IllegalAction
from app.engine.log import visible
from app.engine.rng import ScriptedRng
from app.games.guadalcanal import fog, rules, views
from app.games.guadalcanal.combat import begin_combat, decide, pending_decision
from app.games.guadalcanal.combat.examples import position
from tests.games.guadalcanal.helpers import ALLIED_DEPLOY, JAPANESE_DEPLOY, asking

CEASE = {"verb": "cease_fire", "args": {}}


def raid(dice, hits=0, fogged=True, umpired=True):
    """Japanese 1SD + 2SD dive bomb Henderson (N6), with SB141 in its Arming box; Henderson fires no AA.
    Bombing 5 + 5 = 10 against Henderson's defense 4, less one per hit marker."""
    s = position(bases={"us-henderson": "N6"}, air={"ij-1sd": "N6", "ij-2sd": "N6"},
                 aboard={"us-sb141": ("us-henderson", "arming")})
    s["umpired"], s["open_cards"] = umpired, not umpired
    s["units"]["us-henderson"]["hits"] = hits
    fog.begin(s, {"fog_damage": fogged, "umpired": umpired})
    begin_combat(s, ["N6"], ScriptedRng([]))
    rng = ScriptedRng(dice)
    decide(s, "allied", CEASE, rng)
    assert rng.remaining == 0
    return s


def lines(s, role):
    return visible(s["log"], role)


def text(s, role):
    return json.dumps(lines(s, role))


@pytest.mark.rule("18c")
def test_fog_damage_needs_an_umpire():
    with pytest.raises(IllegalAction) as e:
        rules.setup("1", {"fog_damage": True}, ScriptedRng())
    assert e.value.rule == "18c" and "umpire" in e.value.message
    s = rules.setup("1", {"fog_damage": True, "umpired": True}, ScriptedRng())
    assert fog.enabled(s)
    assert not fog.enabled(rules.setup("1", {"umpired": True}, ScriptedRng()))


def test_the_option_is_declared_for_the_lobby():
    assert rules.meta.options[0].id == "fog_damage"  # then the optional rules (options.py)
    assert rules.meta.default_options()["fog_damage"] is False


@pytest.mark.rule("18c2")
def test_the_rulebooks_example_over_by_two_on_a_unit_with_one_hit_is_reported_flipped():
    # X-18c2: Henderson (1 hit, defense 3) takes a hit: 1+10=11 against 6+3=9. The fog die 9: over by two hits:
    # 2 + 2 = 4 hits = a flip plus a hit, reported just "flipped"
    s = raid([1, 6, 9], hits=1)
    assert s["units"]["us-henderson"]["hits"] == 2 and s["units"]["us-henderson"]["face"] == "front"
    told = [x["text"] for x in lines(s, "japanese") if x.get("data", {}).get("target") == "us-henderson"]
    assert told == ["Dive bombing: 1SD + 2SD against Henderson: the umpire reports Henderson flipped."]
    own = [x["text"] for x in lines(s, "allied") if x.get("data", {}).get("target") == "us-henderson"]
    assert own == ["Dive bombing: 1SD + 2SD (+10) against Henderson (+3): 1+10=11 against 6+3=9: Henderson 1 hit."]
    ump = [x for x in lines(s, "umpire") if x["to"] == "umpire"]
    assert len(ump) == 1 and "die 9" in ump[0]["text"] and "true: 2 hits" in ump[0]["text"]
    assert ump[0]["data"]["fog"]["reported"] == {"face": "back", "hits": 0, "eliminated": False}


@pytest.mark.rule("18c2")
def test_the_attacker_sees_no_dice_and_the_end_of_battle_as_told():
    s = raid([1, 6, 9], hits=1)
    japanese = lines(s, "japanese")
    for x in japanese:
        assert "attacker_roll" not in x.get("data", {}) and "fog" not in x.get("data", {})
    assert "11 against" not in text(s, "japanese") and "die 9" not in text(s, "japanese")
    end_j = next(x["text"] for x in japanese if "ends" in x["text"])
    end_a = next(x["text"] for x in lines(s, "allied") if "ends" in x["text"])
    assert "Henderson back" in end_j and "Henderson front, 2 hit" in end_a


@pytest.mark.rule("18c2")
def test_each_die_row_shifts_the_report():
    # Henderson undamaged takes a hit (1+10=11 against 6+4=10); the die's five rows
    for die, words in ((1, "no damage"), (3, "no damage"), (5, "1 hit"), (7, "2 hits"), (10, "flipped")):
        s = raid([1, 6, die])
        told = [x["text"] for x in lines(s, "japanese") if x.get("data", {}).get("target") == "us-henderson"]
        assert told == [f"Dive bombing: 1SD + 2SD against Henderson: the umpire reports Henderson {words}."], die


@pytest.mark.rule("18c2")
def test_a_miss_is_told_as_it_is_without_a_die():
    # 1+10=11 against 10+4=14: a miss; no fog die is rolled (raid checks every scripted die is used)
    s = raid([1, 10])
    told = [x["text"] for x in lines(s, "japanese") if x.get("data", {}).get("target") == "us-henderson"]
    assert told == ["Dive bombing: 1SD + 2SD against Henderson: the umpire reports no damage."]
    assert s["fog"]["reports"] == []


@pytest.mark.rule("18c2")
def test_the_reporting_rule_never_reports_an_impossible_score():
    front0 = {"face": "front", "hits": 0, "eliminated": False}
    front1 = {"face": "front", "hits": 1, "eliminated": False}
    back0 = {"face": "back", "hits": 0, "eliminated": False}
    back1 = {"face": "back", "hits": 1, "eliminated": False}
    gone = {"face": "front", "hits": 0, "eliminated": True}
    r = fog.reported
    # under-reported below nothing: no damage, never negative
    assert r("us-henderson", front0, front1, None, 1) == front0
    # never less than the side was told before (it was told "flipped")
    assert r("us-henderson", front1, {"face": "front", "hits": 2, "eliminated": False}, back0, 1) == back0
    # a flip now shows no hit markers even when over-reported (a flip removes them)
    assert r("us-henderson", front0, back0, None, 9) == back0
    # a unit already on its back: back plus the hits over three
    assert r("us-henderson", back0, back1, None, 7) == {"face": "back", "hits": 2, "eliminated": False}
    # six hits or more: eliminated, never beyond; an eliminated unit under-reported by two: flipped
    assert r("us-henderson", back1, {"face": "back", "hits": 2, "eliminated": False}, None, 9)["eliminated"]
    assert r("us-henderson", front1, gone, None, 1) == back0
    assert r("us-henderson", back0, gone, None, 2) == back1


@pytest.mark.rule("18c2")
def test_the_fog_table_is_printed_data():
    assert [fog.shift(d) for d in range(1, 11)] == [-2, -2, -1, -1, 0, 0, 1, 1, 2, 2]
    assert all(row["provenance"].startswith("printed 18c2") for row in fog.table()["shift"])


def fogged_game():
    s = asking(rules.setup("1", {"umpired": True, "fog_damage": True}, ScriptedRng()))
    s = rules.apply(s, "japanese", JAPANESE_DEPLOY, ScriptedRng())
    s = rules.apply(s, "allied", ALLIED_DEPLOY, ScriptedRng())
    s = rules.apply(s, "umpire", {"verb": "roll", "args": {}}, ScriptedRng([4, 6]))
    for a in ("ij-1sd", "ij-2sd"):
        s["units"][a]["box"], s["units"][a]["location"] = "flying", {"hex": "N6"}
    return s


@pytest.mark.rule("18c2")
def test_a_sides_view_shows_the_enemy_base_as_told_and_its_own_truly():
    s = fogged_game()
    begin_combat(s, ["N6"], ScriptedRng([]))
    decide(s, "allied", CEASE, ScriptedRng([1, 6, 10]))  # 1 hit, told flipped
    henderson = {r: next(b for b in rules.view(s, r)["bases"] if b["id"] == "us-henderson")
                 for r in ("japanese", "allied", "umpire")}
    assert (henderson["japanese"]["face"], henderson["japanese"]["hits"]) == ("back", 0)
    assert (henderson["allied"]["face"], henderson["allied"]["hits"]) == ("front", 1)
    assert (henderson["umpire"]["face"], henderson["umpire"]["hits"]) == ("front", 1)
    assert "Allied base Henderson" in json.dumps(rules.view(s, "japanese")["board"])
    # a live spectator sees neither side's version: Henderson as it stood before the first report
    spectator = next(b for b in rules.view(s, "spectator")["bases"] if b["id"] == "us-henderson")
    assert (spectator["face"], spectator["hits"]) == ("front", 0)
    s["outcome"] = {"level": "tie", "reason": "test"}  # after the game, everyone reads the truth
    spectator = next(b for b in rules.view(s, "spectator")["bases"] if b["id"] == "us-henderson")
    assert (spectator["face"], spectator["hits"]) == ("front", 1)


# --- who reads which combat line (digest §5.1), with a canary ----------------------------------------------------------

@pytest.mark.rule("4b5")
def test_air_lost_aboard_an_eliminated_base_is_told_only_to_its_owner_when_umpired():
    # 10+10=20 against 1+4=5: Henderson eliminated, and SB141 in its Arming box with it. SB141 never met the
    # Japanese: in an umpired game (cards closed, 18c) they may not learn it was there.
    s = raid([10, 1], fogged=False)
    assert s["units"]["us-sb141"]["eliminated"]
    assert "us-sb141" not in text(s, "japanese") and "SB141" not in text(s, "japanese")
    assert "SB141" in text(s, "allied")
    assert "Henderson eliminated" in text(s, "japanese")  # the battle itself is fought in the open


@pytest.mark.rule("2c")
def test_unumpired_the_enemy_watches_the_card_and_reads_the_loss():
    s = raid([10, 1], fogged=False, umpired=False)
    assert "SB141 eliminated with Henderson" in text(s, "japanese")


@pytest.mark.rule("18c2")
def test_under_fog_no_line_the_attacker_reads_carries_the_truth():
    # Henderson eliminated (10+10 against 1+4); the die 1 under-reports by two: 6-2 = 4 hits, reported flipped (it
    # was on its front before). The canaries: the true result's words and the lost SB141.
    s = raid([10, 1, 1], fogged=True)
    japanese = text(s, "japanese")
    assert "Henderson eliminated" not in japanese and "Lost" not in japanese and "SB141" not in japanese and "us-sb141" not in japanese
    assert "Henderson flipped" in japanese
    allied = text(s, "allied")
    assert "Henderson eliminated" in allied and "SB141 eliminated with Henderson" in allied


@pytest.mark.rule("18c2")
def test_the_umpire_sees_every_die():
    s = raid([1, 6, 9], hits=1)
    rolled = []
    for x in lines(s, "umpire"):
        d = x.get("data", {})
        rolled += [d[k] for k in ("attacker_roll", "defender_roll") if k in d]
        rolled += [d["fog"]["die"]] if "fog" in d else []
    assert rolled == [1, 6, 9]


@pytest.mark.rule("4a2")
def test_a_battles_ships_are_not_shown_to_the_attacker_before_the_defender_sets_up():
    s = position(task_forces={"ij-advance-force": "N2"}, ships={"ij-junyo": "ij-advance-force",
                                                                 "ij-haruna": "ij-advance-force"},
                 air={"us-b8": "N2"})
    s.update(umpired=True, open_cards=False)
    begin_combat(s, ["N2"], ScriptedRng([]))
    assert pending_decision(s) == ("battle_setup_defender", ["japanese"])
    assert views.combat_view(s, "allied")["battles"][0]["ships"] == []
    assert views.combat_view(s, "japanese")["battles"][0]["ships"] == ["ij-junyo", "ij-haruna"]
    assert views.combat_view(s, "japanese")["battles"][0]["air"] == []  # the strike comes at 4a3
    assert "Junyo" not in text(s, "allied") and "Haruna" not in text(s, "allied")
    decide(s, "japanese", {"verb": "set_up", "args": {"hexes": {"ij-junyo": "E5", "ij-haruna": "H5"},
                                                      "facing": "N"}}, ScriptedRng([]))
    assert views.combat_view(s, "allied")["battles"][0]["ships"] == ["ij-junyo", "ij-haruna"]


@pytest.mark.rule("18c2")
def test_random_fogged_games_tell_no_side_the_dice_of_its_own_attacks_and_end():
    """Umpired fogged games from example 10's close quarters: every line with combat dice goes to the owner of the
    unit fired at (and the umpire); the views pass the non-interference and canary checks after a fog report."""
    from app.engine.rng import SeededRng
    from app.engine.testing import check_every_reader, random_action
    from app.games.guadalcanal.combat import units
    from tests.games.guadalcanal.helpers import example_10
    reports = checked = 0
    for seed in range(20):
        players, dice = SeededRng(seed * 2 + 1), SeededRng(seed * 2)
        s = example_10()
        s.update(umpired=True, open_cards=False)
        fog.begin(s, {"fog_damage": True, "umpired": True})
        for u in ("us-s8", "us-vv", "us-b10", "us-t10", "us-rr", "ij-1sd", "ij-2sd", "ij-1zt", "ij-ee", "ij-jd"):
            s["units"][u]["box"] = "ready"
        s["task_forces"]["ij-striking-force"]["hex"] = "O2"
        reports_seen = 0
        for _ in range(2000):
            if rules.outcome(s) is not None:
                break
            role = players.choice(sorted(rules.prompts(s)))
            s = rules.apply(s, role, random_action(rules, s, role, players), dice)
            if checked < 3 and len(s["fog"]["reports"]) > reports_seen and rules.outcome(s) is None:
                reports_seen = len(s["fog"]["reports"])
                check_every_reader(rules, s, SeededRng(seed))
                checked += 1
        assert rules.outcome(s) is not None, seed
        reports += len(s["fog"]["reports"])
        for line in s["log"]:
            d = line.get("data", {})
            if "attacker_roll" in d:
                assert line["to"] == units.record(d["target"])["side"], line
    assert reports > 0 and checked == 3


@pytest.mark.rule("18c2")
def test_aa_fire_is_fogged_the_other_way_round():
    # Henderson's AA (3) at 1SD (defense 1): 5+3=8 against 1+1=2: eliminated. The die 1 under-reports by two:
    # 6-2 = 4 hits, reported flipped to the Allied side; Japan, 1SD's owner, reads the truth. Then 2SD bombs alone
    # and misses: 1+5=6 against 10+4=14.
    s = position(bases={"us-henderson": "N6"}, air={"ij-1sd": "N6", "ij-2sd": "N6"})
    s.update(umpired=True, open_cards=False)
    fog.begin(s, {"fog_damage": True, "umpired": True})
    begin_combat(s, ["N6"], ScriptedRng([]))
    rng = ScriptedRng([5, 1, 1, 1, 10])
    decide(s, "allied", {"verb": "fire", "args": {"guns": ["us-henderson"], "target": "ij-1sd"}}, rng)
    assert rng.remaining == 0 and s["units"]["ij-1sd"]["eliminated"]
    def aa(role):
        return [x["text"] for x in lines(s, role) if x.get("data", {}).get("target") == "ij-1sd"]
    assert aa("allied") == ["AA: Henderson fire at 1SD: the umpire reports 1SD flipped."]
    assert aa("japanese") == ["AA: Henderson (+3) fire at 1SD (+1): 5+3=8 against 1+1=2: 1SD eliminated."]
    assert "1SD back" in next(x["text"] for x in lines(s, "allied") if "ends" in x["text"])
