"""4d: bombing combat. Each category against one target is one combat in the attacker's order (4d1-4d2); factors of
one category add, each unit bombs once (4d3); +3 anvil (4d3.1), +4 dive bombing a ship with a combat unit in its
Ready box (4d3.3, rebuilt from 10b2); the defender adds the target's current defense (4d4, rebuilt)."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.guadalcanal.combat import begin_combat, bombing, decide, pending_decision, setup
from app.games.guadalcanal.combat.bombing import category
from app.games.guadalcanal.combat.examples import position
from tests.games.guadalcanal.helpers import newcomer


def fights(s):
    return [x["data"] for x in s["log"] if "result" in x.get("data", {})]


def to_bombing(air, targets, approach=None, aboard=None, facing="N", extra_ship=True):
    """Japanese bombers over TF 17 (Hornet J12 facing `facing`, Juneau J15), the Allies firing no AA."""
    ships = {"us-hornet": "us-tf17", **({"us-juneau": "us-tf17"} if extra_ship else {})}
    s = position(task_forces={"us-tf17": "P4"}, ships=ships, air={a: "P4" for a in air}, aboard=aboard)
    rng = ScriptedRng([])
    begin_combat(s, ["P4"], rng)
    hexes = {"us-hornet": "J12", **({"us-juneau": "J15"} if extra_ship else {})}
    decide(s, "allied", {"verb": "set_up", "args": {"hexes": hexes, "facing": facing}}, rng)
    decide(s, "japanese", {"verb": "attack", "args": {"targets": targets, "approach": approach or {}}}, rng)
    decide(s, "allied", {"verb": "cease_fire", "args": {}}, rng)
    return s


def bomb(s, combat, *dice):
    return decide(s, "japanese", {"verb": "bomb", "args": {"combat": combat}}, ScriptedRng(list(dice)))


@pytest.mark.rule("4d1")
@pytest.mark.rule("4d1.1")
@pytest.mark.rule("4d1.2")
@pytest.mark.rule("4d1.3")
@pytest.mark.rule("4d1.4")
def test_bombing_categories_by_type_and_target():
    assert category("ij-1sd", "us-hornet") == "dive"
    assert category("us-bg5", "ij-kongo") == "high"
    assert category("us-bg42", "ij-kongo") == "medium"
    assert category("ij-1zt", "us-hornet") == "torpedo"
    assert category("ij-ks", "us-henderson") == "medium"  # 4d1.4: a T unit against a base


@pytest.mark.rule("4d2")
def test_each_category_is_a_separate_combat_in_the_attackers_order():
    s = to_bombing(["ij-1sd", "ij-1zt"], {"ij-1sd": "us-hornet", "ij-1zt": "us-hornet"}, {"ij-1zt": "J11"})
    assert pending_decision(s) == ("bombing_combat", ["japanese"])
    assert sorted(bombing.pending(s)) == ["us-hornet:dive", "us-hornet:torpedo"]
    bomb(s, "us-hornet:torpedo", 1, 10, 1, 10)  # the dive bombing, the last, follows without asking
    assert [f["combat"] for f in fights(s)] == ["torpedo", "dive"]


# --- the standing order (issue 34, combat/bombing_order.py) --------------------------------------------------------

def newcomers(s):
    """The same position with the sides' standing orders as a newcomer's game starts them (on), but the defender's
    set-up and AA fire, which the tests give (the formation's and AA's standing orders cancelled)."""
    return newcomer(s, "formation", "aa")


@pytest.mark.rule("4d2")
def test_the_standing_order_bombs_torpedoes_then_dive_bombers_without_asking_and_says_so_once():
    s = position(task_forces={"us-tf17": "P4"}, ships={"us-hornet": "us-tf17", "us-juneau": "us-tf17"},
                 air={"ij-1sd": "P4", "ij-1zt": "P4", "ij-2sd": "P4"})
    newcomers(s)
    begin_combat(s, ["P4"], ScriptedRng([]))
    decide(s, "allied", {"verb": "set_up", "args": {"hexes": {"us-hornet": "J12", "us-juneau": "J15"},
                                                    "facing": "N"}}, ScriptedRng([]))
    decide(s, "japanese", {"verb": "attack", "args": {"targets": {"ij-1sd": "us-hornet", "ij-1zt": "us-hornet",
                                                                  "ij-2sd": "us-juneau"},
                                                      "approach": {"ij-1zt": "J11"}}}, ScriptedRng([]))
    decide(s, "allied", {"verb": "cease_fire", "args": {}}, ScriptedRng([1, 10] * 3))  # three misses
    # never asked: Hornet's torpedoes, then its dive bombers, then Juneau's (the targets in their set-up order)
    assert pending_decision(s) != ("bombing_combat", ["japanese"])
    assert [(f["target"], f["combat"]) for f in fights(s)] == [("us-hornet", "torpedo"), ("us-hornet", "dive"),
                                                               ("us-juneau", "dive")]
    told = [x["text"] for x in s["log"] if x.get("to") == "japanese" and "standing order" in x["text"]]
    assert len(told) == 1 and told[0].startswith("Bombing combats in order by your standing order (4d2). Your "
                                                 "bombers had several bombing combats")
    assert not [x for x in s["log"] if x.get("to") == "allied" and "standing order (4d2)" in x["text"]]


@pytest.mark.rule("4d2")
def test_the_set_up_form_offers_the_standing_order_and_cancelling_it_brings_the_question_back():
    s = position(task_forces={"us-tf17": "P4"}, ships={"us-hornet": "us-tf17", "us-juneau": "us-tf17"},
                 air={"ij-1sd": "P4", "ij-1zt": "P4"})
    newcomers(s)
    begin_combat(s, ["P4"], ScriptedRng([]))
    decide(s, "allied", {"verb": "set_up", "args": {"hexes": {"us-hornet": "J12", "us-juneau": "J15"},
                                                    "facing": "N"}}, ScriptedRng([]))
    form = setup.prompt_attacker(s, "japanese")
    assert "Standing order" in form["actions"][0]["args"]["standing"]["each"]["label"]
    assert form["info"]["default"]["standing"] is True
    decide(s, "japanese", {"verb": "attack", "args": {"targets": {"ij-1sd": "us-hornet", "ij-1zt": "us-hornet"},
                                                      "approach": {"ij-1zt": "J11"}, "standing": False}},
           ScriptedRng([]))
    decide(s, "allied", {"verb": "cease_fire", "args": {}}, ScriptedRng([]))
    assert pending_decision(s) == ("bombing_combat", ["japanese"])
    again = bombing.prompt(s, "japanese")
    assert again["info"]["default"]["standing"] is False and "standing" in again["actions"][0]["args"]
    bomb(s, "us-hornet:dive", 1, 10, 1, 10)  # the attacker's own order: the dive bombers first
    assert [f["combat"] for f in fights(s)] == ["dive", "torpedo"]


@pytest.mark.rule("4d3")
def test_bombing_factors_of_one_category_against_one_target_add_up():
    s = to_bombing(["ij-1sd", "ij-2sd", "ij-1zd"], {"ij-1sd": "us-hornet", "ij-2sd": "us-hornet",
                                                   "ij-1zd": "us-juneau"})
    bomb(s, "us-hornet:dive", 1, 10, 1, 10)
    f = fights(s)[0]
    assert (f["air"], f["attacker_total"]) == (["ij-1sd", "ij-2sd"], 10)
    # each unit bombs once: the phase is over for these units (Juneau's combat followed at once)
    assert bombing.pending(s) == {} and len(fights(s)) == 2


@pytest.mark.rule("4d3.1")
@pytest.mark.parametrize("approach, anvil", [
    ({"ij-1zt": "I12", "ij-2zt": "K12"}, True),    # both bow quarters of Hornet facing north in J12
    ({"ij-1zt": "I12", "ij-2zt": "I12"}, False),   # one side only
    ({"ij-1zt": "J11", "ij-2zt": "J13"}, False),   # ahead and astern
    ({"ij-1zt": "I13", "ij-2zt": "K13"}, False),   # both quarters astern
])
def test_anvil_geometry(approach, anvil):
    s = to_bombing(["ij-1zt", "ij-2zt", "ij-1sd"], {"ij-1zt": "us-hornet", "ij-2zt": "us-hornet",
                                                   "ij-1sd": "us-juneau"}, approach)
    bomb(s, "us-hornet:torpedo", 1, 10, 1, 10)
    assert ("anvil" in fights(s)[0]["modifiers"]) is anvil
    assert fights(s)[0]["attacker_total"] == 12 + (3 if anvil else 0)


@pytest.mark.rule("4d3.1")
def test_anvil_follows_the_facing_of_the_target():
    # facing south-east (toward K13), Hornet's bow quarters are K12 (north-east) and J13 (south)
    s = to_bombing(["ij-1zt", "ij-2zt", "ij-1sd"], {"ij-1zt": "us-hornet", "ij-2zt": "us-hornet",
                                                   "ij-1sd": "us-juneau"}, {"ij-1zt": "K12", "ij-2zt": "J13"},
                   facing="SE")
    bomb(s, "us-hornet:torpedo", 1, 10, 1, 10)
    assert fights(s)[0]["modifiers"]["anvil"] == 3


@pytest.mark.rule("4d3.1")
def test_the_other_anvil_reading_needs_one_side_only(monkeypatch):
    from app.games.guadalcanal.combat import tables
    t = {**tables.tables(), "bombing": {**tables.tables()["bombing"], "anvil_geometry": "either_bow_quarter"}}
    monkeypatch.setattr(bombing, "tables", lambda: t)
    s = to_bombing(["ij-1zt", "ij-2zt", "ij-1sd"], {"ij-1zt": "us-hornet", "ij-2zt": "us-hornet",
                                                   "ij-1sd": "us-juneau"}, {"ij-1zt": "I12", "ij-2zt": "I12"})
    bomb(s, "us-hornet:torpedo", 1, 10, 1, 10)
    assert fights(s)[0]["modifiers"]["anvil"] == 3


@pytest.mark.rule("4d3.3")
@pytest.mark.parametrize("aboard, bonus", [
    ({"us-s8": ("us-hornet", "ready")}, 4),
    ({"us-vv": ("us-hornet", "ready")}, 0),    # a scout is not a combat air unit
    ({"us-s8": ("us-hornet", "arming")}, 0),   # only the Ready box
    ({}, 0),
])
def test_dive_bombing_a_ship_with_a_combat_unit_in_its_ready_box(aboard, bonus):
    s = to_bombing(["ij-1sd", "ij-1zd"], {"ij-1sd": "us-hornet", "ij-1zd": "us-juneau"}, aboard=aboard)
    bomb(s, "us-hornet:dive", 1, 10, 1, 10)
    assert fights(s)[0]["attacker_total"] == 5 + bonus


@pytest.mark.rule("4d3.3")
def test_no_ready_box_modifier_against_a_base():
    s = position(bases={"us-henderson": "N6"}, air={"ij-ag2d": "N6"}, aboard={"us-sb141": ("us-henderson", "ready")})
    begin_combat(s, ["N6"], ScriptedRng([]))
    decide(s, "allied", {"verb": "cease_fire", "args": {}}, ScriptedRng([1, 10]))
    assert fights(s)[0]["attacker_total"] == 5


@pytest.mark.rule("4d4")
def test_the_defender_adds_the_targets_current_defense():
    s = to_bombing(["ij-1sd", "ij-1zd"], {"ij-1sd": "us-hornet", "ij-1zd": "us-juneau"})
    s["units"]["us-hornet"]["face"] = "back"
    s["units"]["us-hornet"]["hits"] = 1
    bomb(s, "us-hornet:dive", 5, 5, 1, 10)
    assert fights(s)[0]["defender_total"] == 1  # Hornet's back 2, less one hit; the armour letter is not used


@pytest.mark.rule("4d")
def test_a_target_sunk_by_one_category_leaves_nothing_for_the_next():
    s = to_bombing(["ij-1sd", "ij-1zt", "ij-1zd"], {"ij-1sd": "us-hornet", "ij-1zt": "us-hornet",
                                                   "ij-1zd": "us-juneau"}, {"ij-1zt": "J11"},
                   aboard={"us-s8": ("us-hornet", "ready")})
    # 10 + 9 (5 + 4 for S8 ready) = 19 against 1 + 3 = 4: eliminated, and S8 with it; then Juneau's dive bombing,
    # the one combat left (1ZT's torpedoes have no target any more)
    bomb(s, "us-hornet:dive", 10, 1, 1, 10)
    assert s["units"]["us-hornet"]["eliminated"] and s["units"]["us-s8"]["eliminated"]
    assert [(f["target"], f["combat"]) for f in fights(s)] == [("us-hornet", "dive"), ("us-juneau", "dive")]
    assert "ij-1zt" not in s["combat"]["bombing_used"] and not s["units"]["ij-1zt"].get("eliminated")


@pytest.mark.rule("4d2")
def test_a_combat_not_open_is_refused():
    s = to_bombing(["ij-1sd", "ij-1zd"], {"ij-1sd": "us-hornet", "ij-1zd": "us-juneau"})
    with pytest.raises(IllegalAction) as e:
        bomb(s, "us-hornet:torpedo", 5, 5)
    assert e.value.rule == "4d2"
