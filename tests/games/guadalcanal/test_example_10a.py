"""Example 10 and 10a (Action Phase), battle N2 of 10b, 10c (Air Return) and 10d (Turn Record), replayed as printed,
roll for roll, through the sequence of play. (Battle P4 needs the Japanese strike the example does not describe;
the combat package replays it on its own, tests/games/guadalcanal/test_example_10b*.py.)"""
import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.guadalcanal import rules
from tests.games.guadalcanal.helpers import (example_10, fly, land, lines, move, play, sea_search, shift, step,
                                             take_off)


def through_sea_movement():
    s = example_10()
    s = play(s, "allied", take_off("us-b8", "us-t6", "us-ss"))
    s = play(s, "allied", shift(to_ready=["us-s8", "us-vv"]))
    s = play(s, "japanese", shift())
    s = play(s, "allied", move(us_tf17="P4"))
    return play(s, "japanese", move())


@pytest.mark.rule("3")
@pytest.mark.rule("10a")
def test_10a_rolls_of_4_and_6_make_japan_side_a_and_the_allies_go_first():
    s = example_10(dice=(4, 6))
    assert s["sides"]["A"] == "japanese" and s["sides"]["B"] == "allied"
    assert step(s) == ("assembly", "allied")  # Japan has nothing in a Ready box: only the Allies assemble
    assert list(rules.prompts(s)) == ["allied"]
    assert any("Japanese is Side A" in t for t in lines(s, "spectator"))


@pytest.mark.rule("3a4")
def test_10a_assembly_hornet_may_launch_its_three_ready_units_but_not_the_arming_ones():
    s = example_10()
    with pytest.raises(IllegalAction, match="not in a Ready box") as e:
        rules.apply(s, "allied", take_off("us-b8", "us-t6", "us-ss", "us-s8"), None)
    assert e.value.rule == "3a2"
    s = play(s, "allied", take_off("us-b8", "us-t6", "us-ss"))
    card = rules.view(s, "allied")["cards"]["allied"]
    tf17 = next(t for t in card["task_forces"] if t["id"] == "us-tf17")
    assert sorted(u["name"] for u in tf17["normal_strike"]) == ["B8", "SS", "T6"]  # 3a3: TF 17's Normal Strike box


@pytest.mark.rule("3d3.2")
def test_10a_the_scout_ss_spots_the_advance_force_at_n2_and_flies_on_to_m3():
    s = through_sea_movement()
    assert step(s) == ("air", "allied")
    s = play(s, "allied", fly(["us-ss"], ["P3", "P2", "O2", "N1", "N2", "M3"], ["O2", "N1", "N2", "M3"]))
    told = [t for t in lines(s, "allied") if t.startswith("Air search")]
    assert told == ["Air search O2: nothing (3d3.2).", "Air search N1: nothing (3d3.2).",
                    "Air search N2: a task force marker is spotted with Junyo, Haruna, Kongo, Isuzu (3d3.2); enemy "
                    "task force marker 1 is placed there, Exact side up (3d3.3).",
                    "Air search M3: nothing (3d3.2)."]
    contact = rules.view(s, "allied")["searchboard"]["contacts"]
    assert [(c["hex"], c["exact"], [r["name"] for r in c["ships"]]) for c in contact] == \
        [("N2", True, ["Junyo", "Haruna", "Kongo", "Isuzu"])]
    japan = lines(s, "japanese")
    assert any("Allied air search N2: your Advance Force is spotted" in t for t in japan)
    assert not any("P3" in t or "P2" in t for t in japan)  # unannounced hexes keep the origin hidden (10a hint)
    assert rules.view(s, "allied")["cards"]["allied"]["flying"][0]["hex"] == "M3"


def through_air_step():
    s = through_sea_movement()
    s = play(s, "allied", fly(["us-ss"], ["P3", "P2", "O2", "N1", "N2", "M3"], ["O2", "N1", "N2", "M3"]))
    s = play(s, "allied", fly(["us-b8", "us-t6"], ["O4", "N3", "N2"], ["N3"]))
    assert any(t == "Air search N3: nothing (3d3.2)." for t in lines(s, "allied"))
    assert step(s) == ("sea_search", "allied")
    return s


@pytest.mark.rule("3d4")
def test_10a_the_strike_b8_t6_flies_o4_n3_n2_and_n2_becomes_a_battle_hex():
    s = through_air_step()
    s = play(s, "allied", sea_search())  # TF 17 is unspotted: the Allies do not call P4 (10a)
    assert not any("P4" in t for t in lines(s, "japanese"))
    s = play(s, "japanese", sea_search())  # Japan took nothing off this Turn in this replay
    assert [(b["hex"], b["attacker"], [a["name"] for a in b["air"]]) for b in rules.view(s, "allied")["battles"]] \
        == [("N2", "allied", ["B8", "T6"])]
    assert any("strike arrives at N2" in t for t in lines(s, "japanese"))
    assert step(s) == ("combat", None)  # 4: the battle at N2 waits on Japan's set-up (4a2)
    assert list(rules.prompts(s)) == ["japanese"] and rules.prompts(s)["japanese"]["rule"] == "4a2"


# Battle N2 as the combat package replays it (test_example_10b.py); the diagram's hexes are not transcribed.
N2 = [("japanese", {"verb": "set_up", "args": {"hexes": {"ij-junyo": "J12", "ij-haruna": "H12", "ij-kongo": "L12",
                                                         "ij-isuzu": "J14"}, "facing": "N"}}),
      ("allied", {"verb": "attack", "args": {"targets": {"us-b8": "ij-junyo", "us-t6": "ij-junyo"},
                                             "approach": {"us-t6": "J11"}}}),
      ("japanese", {"verb": "fire", "args": {"guns": ["ij-haruna", "ij-kongo", "ij-junyo"], "target": "us-b8"}}),
      ("japanese", {"verb": "fire", "args": {"guns": ["ij-isuzu"], "target": "us-t6"}}),
      ("allied", {"verb": "bomb", "args": {"combat": "ij-junyo:dive"}})]
N2_DICE = [6, 5, 2, 7, 4, 6, 6, 3]  # 10b: attacker / defender, AA then bombing


@pytest.mark.rule("5b")
def test_10b_to_10d_battle_n2_then_ss_b8_and_t6_land_in_hornets_arming_box_and_the_turn_advances():
    s = play(through_air_step(), "allied", sea_search())
    s = play(s, "japanese", sea_search())
    rng = ScriptedRng(N2_DICE)
    for role, order in N2:
        s = rules.apply(s, role, order, rng)
    assert rng.remaining == 0
    assert s["units"]["ij-junyo"]["face"] == "back" and s["units"]["ij-junyo"]["hits"] == 0  # 10b: flipped
    assert s["units"]["us-b8"]["hits"] == 1 and s["units"]["us-b8"]["location"]["hex"] == "N2"  # 4e3
    assert rules.view(s, "allied")["combat"]["battles"][0]["fought"] is True
    while step(s)[0] == "combat":  # 4e1: neither side reorganises
        s = play(s, next(iter(rules.prompts(s))), {"verb": "keep", "args": {}})
    assert step(s) == ("air_return", "allied")
    s = play(s, "allied", land(us_ss="us-hornet", us_b8="us-hornet", us_t6="us-hornet"), dice=(3, 7))
    hornet = next(a for a in rules.view(s, "allied")["cards"]["allied"]["areas"] if a["id"] == "us-hornet")
    assert sorted(u["name"] for u in hornet["arming"]) == ["B8", "SS", "T6"]
    assert sorted(u["name"] for u in hornet["ready"]) == ["S8", "VV"]
    assert rules.view(s, "allied")["time"]["label"] == "OCT 27, Turn 3"  # 10d
    assert any("OCT 27, Turn 2 is over" in t for t in lines(s, "spectator"))
    from app.games.guadalcanal import victory
    assert victory.points(s) == {"allied": 10, "japanese": 0}  # 10d: Junyo flipped (Hornet's battle P4 not played)
