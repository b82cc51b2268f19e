"""Cases of options 11-16 that no other test cited, each played through `apply` with scripted dice: the escort
set-up (14a1), variable spotting in air searches, strikes and sea searches (15a, 15a2, 15a3), task force facing from
the Sea Movement Step (16b, 16b1), the order of torpedo fire and torpedo combats in a Surface Turn (16d3, 16d5),
armour against guns in play (16g3), and the cases that are only names in the transcription (11d1, 11d2, 15d: the
options list offers nothing for them; 12a4.3: no task force leaves the searchboard)."""
from __future__ import annotations

import pytest

from app.engine.contract import SPECTATOR
from app.engine.errors import IllegalAction, MalformedAction
from app.engine.rng import ScriptedRng
from app.games.guadalcanal import rules
from app.games.guadalcanal.surface import battle, battleline
from tests.games.guadalcanal.helpers import example_10, fly, lines, move, play, sea_search, shift, step, take_off
from tests.games.guadalcanal.surface_helpers import battle as battleboard
from tests.games.guadalcanal.test_option14_play import ESCORTS, IJ, US, act, example_14d, waiting

TF17 = ["us-dd6", "us-hornet", "us-juneau", "us-pensacola"]
ADVANCE = ["ij-haruna", "ij-isuzu", "ij-junyo", "ij-kongo"]


# --- 14a1: escort set-up --------------------------------------------------------------------------------------------

@pytest.mark.rule("14a1")
def test_every_escorting_fighter_and_only_fighters_are_set_up_as_escorts_one_per_combat_hex():
    s = example_14d()
    assert waiting(s) == ("air_combat", [IJ])
    for role in (US, IJ):
        shown = rules.view(s, role)["combat"]["battles"][0]["air_combat"]
        assert shown["escorts"] == ESCORTS  # all three fighters with the strike; B8 and T6 are no escorts
    assert any(t.startswith("Air combat (14): Allied escorts: 1F6, 2F6, 1F5;") for t in lines(s, US))
    # a bomber is not an escort a CAP fighter can be faced at
    with pytest.raises(IllegalAction, match=r"\(rule 14a2\.1\)$"):
        rules.check(s, IJ, {"verb": "face_escorts", "args": {"faced": {"ij-1rf": "us-b8", "ij-2sf": "us-1f5"}}})
    s = act(s, IJ, "face_escorts", faced={"ij-1rf": "us-1f6", "ij-2sf": "us-1f5"})
    assert waiting(s) == ("air_combat", [US])  # the escort left over (2F6) is placed next (14a3)


# --- 15a, 15a2, 15a3: variable spotting --------------------------------------------------------------------------

def spotting_game(**on):
    s = example_10()
    s["options"].update(variable_spotting=True, **on)
    return s


@pytest.mark.rule("15a")
def test_an_air_search_under_variable_spotting_tells_only_something_on_a_low_roll():
    s = spotting_game()
    s = play(s, "allied", take_off("us-ss"), shift())
    s = play(s, "japanese", shift())
    s = play(s, "allied", move(us_tf17="P4"))
    s = play(s, "japanese", move())
    s = play(s, "allied", fly(["us-ss"], ["P3", "P2", "O2", "N1", "N2"], ["N2"]), dice=(2, 9))  # 2 + 3 day: 5 vs 9
    (c,) = rules.view(s, "allied")["searchboard"]["contacts"]
    assert c["hex"] == "N2" and c["result"] != "3X" and c["ships"] == [] and c["side"] == "?"
    assert any(t.startswith("Air search N2: something is there") for t in lines(s, "allied"))


@pytest.mark.rule("15a2")
def test_a_strike_may_attack_where_only_something_was_seen_and_learns_the_ships_at_set_up():
    s = spotting_game()
    s = play(s, "allied", take_off("us-b8", "us-t6"), shift())
    s = play(s, "japanese", shift())
    s = play(s, "allied", move(us_tf17="P4"))
    s = play(s, "japanese", move())
    s = play(s, "allied", fly(["us-b8", "us-t6"], ["O4", "N3", "N2"], ["N2"]), dice=(1, 9))  # something
    (c,) = rules.view(s, "allied")["searchboard"]["contacts"]
    assert c["ships"] == []
    s = play(s, "allied", sea_search())
    s = play(s, "japanese", sea_search())
    assert rules.view(s, "allied")["combat"]["battles"][0]["hex"] == "N2"  # the strike attacks there all the same
    assert rules.view(s, "allied")["combat"]["battles"][0]["ships"] == []  # nothing more until the set-up
    s = play(s, "japanese", {"verb": "set_up", "args": {"hexes": {"ij-junyo": "J12", "ij-haruna": "H12",
                                                                  "ij-kongo": "L12", "ij-isuzu": "J14"},
                                                        "facing": "N"}})
    shown = rules.view(s, "allied")["combat"]["battles"][0]["ships"]
    assert sorted(x["id"] if isinstance(x, dict) else x for x in shown) == sorted(ADVANCE)


def meeting(allied_from="N3", japanese_from="N1", **on):
    """Task Force 17 (in `allied_from`) and the Advance Force (in `japanese_from`) both move into N2 in the Sea
    Movement Step, then each side sea searches N2 (3d5)."""
    s = example_10()
    s["options"].update(surface=True, **on)
    s["task_forces"]["us-tf17"]["hex"] = allied_from
    s["task_forces"]["ij-advance-force"]["hex"] = japanese_from
    s = play(s, "allied", take_off(), shift())
    s = play(s, "japanese", shift())
    s = play(s, "allied", move(us_tf17="N2"))
    return play(s, "japanese", move(ij_advance_force="N2"))


@pytest.mark.rule("15a3")
def test_a_sea_search_rolls_for_what_it_learns_as_an_air_search_does():
    s = meeting(variable_spotting=True)
    s = play(s, "allied", sea_search("N2"), dice=(9, 1))  # 9 + 3 day = 12 against 1: 3X
    said = [t for t in lines(s, "allied") if t.startswith("Sea search N2")]
    assert said and "search roll your 9 + 3 day = 12 against 1" in said[0] and '"3X"' in said[0]
    s = play(s, "japanese", sea_search("N2"), dice=(1, 4))  # 1 + 3 = 4 against 4: tie, something
    (c,) = rules.view(s, "japanese")["searchboard"]["contacts"]
    assert c["ships"] == [] and c["side"] == "?"
    # only the Allies hold exact information there, so they decide whether there is a surface contact (16a)
    assert step(s) == ("surface", None) and s["surface"]["step"]["kind"] == "contact"
    assert rules.acting(s) == ["allied"]


# --- 16b, 16b1: task force facing from the Sea Movement Step ------------------------------------------------------

@pytest.mark.rule("16b")
@pytest.mark.rule("16b1")
@pytest.mark.parametrize("japanese_from, relation", [("N1", "opposite"), ("M3", "same")])
def test_the_direction_each_marker_moved_into_the_hex_sets_the_ships_facings(japanese_from, relation):
    s = meeting(japanese_from=japanese_from)
    s = play(s, "allied", sea_search("N2"))
    s = play(s, "japanese", sea_search("N2"))
    assert step(s) == ("surface", None) and s["surface"]["relation"] == relation
    s = play(s, "allied", {"verb": "surface_set_up", "args": {
        "line": "H11", "facing": "N", "placement": battleline.sample(TF17, "H11", True)}})
    wrong = "N" if relation == "opposite" else "S"
    with pytest.raises(IllegalAction, match=r"\(rule 16b2\)$"):
        play(s, "japanese", {"verb": "surface_set_up", "args": {
            "line": "M11", "facing": wrong, "placement": battleline.sample(ADVANCE, "M11", wrong == "N")}})


# --- 16d3, 16d5: torpedo markers and torpedo combats, Side B first ----------------------------------------------

def torpedo_battle():
    """Japan is Surface Side B: DD #11 (J11) can reach Portland (O9), the Allied DD #9 (O12) can reach Hiei (Q11)."""
    s = battleboard({"ij-dd11": ("J11", "N"), "us-portland": ("O9", "N"), "us-dd9": ("O12", "N"),
                     "ij-hiei": ("Q11", "N")})
    s["surface"]["step"], s["outcome"] = {"kind": "torpedoes", "side": "japanese"}, None
    return s


def fire(s, role, markers, dice=()):
    return battle.apply(s, role, {"verb": "surface_torpedoes", "args": {"markers": markers}}, ScriptedRng(dice))


@pytest.mark.rule("16d3")
def test_side_b_places_its_torpedo_markers_then_side_a():
    s = torpedo_battle()
    assert battle.acting(s) == ["japanese"]
    with pytest.raises(IllegalAction, match=r"\(rule 16d\)$"):
        fire(s, "allied", {"us-dd9": "front_right"})
    s = fire(s, "japanese", {"ij-dd11": "front_right"})
    assert battle.acting(s) == ["allied"] and s["surface"]["torpedoes"] == [
        {"ship": "ij-dd11", "at": "K11", "facing": "NE"}]
    s = fire(s, "allied", {"us-dd9": "front_right"})
    assert [m["ship"] for m in s["surface"]["torpedoes"]] == ["ij-dd11", "us-dd9"]
    assert s["surface"]["step"] == {"kind": "gunnery", "side": "japanese"}


@pytest.mark.rule("16d5")
def test_side_b_torpedo_combats_are_resolved_before_side_a():
    s = fire(fire(torpedo_battle(), "japanese", {"ij-dd11": "front_right"}), "allied", {"us-dd9": "front_right"})
    s = battle.apply(s, "japanese", {"verb": "surface_cease_fire", "args": {}}, ScriptedRng())
    s = battle.apply(s, "allied", {"verb": "surface_cease_fire", "args": {}}, ScriptedRng([5, 1, 6, 1]))
    said = [x["text"] for x in s["log"] if x["text"].startswith("Torpedoes of")]
    assert said == [
        ("Torpedoes of DD #11 at Portland (torpedo factors 6 (16h1), night +2 (16h1.1)): 5 + 8 = 13 against 1 + 3 = 4: "
         "eliminate (Portland eliminated)."),
        ("Torpedoes of DD #9 at Hiei (torpedo factors 2 (16h1), night +2 (16h1.1)): 6 + 4 = 10 against 1 + 4 = 5: "
         "flip (Hiei flipped).")]
    assert s["surface"]["torpedoes"] == [] and s["surface"]["step"]["kind"] == "breakoff"


# --- 16g3: guns against armour, in play ----------------------------------------------------------------------------

@pytest.mark.rule("16g3")
def test_a_destroyer_firing_at_a_battleship_is_told_the_armour_modifier():
    s = battleboard({"us-dd9": ("O12", "N"), "ij-hiei": ("O10", "N")})
    s["surface"]["step"], s["outcome"] = {"kind": "gunnery", "side": "allied"}, None
    s = battle.apply(s, "allied", {"verb": "surface_fire", "args": {"ship": "us-dd9", "target": "ij-hiei"}},
                     ScriptedRng([10, 1]))
    (shot,) = [x["text"] for x in s["log"] if x["text"].startswith("DD #9 fires at Hiei")]
    assert "d guns against b armour -4 (16g3)" in shot and shot.endswith("10 + -3 = 7 against 1 + 4 = 5: hit "
                                                                       "(Hiei hit).")


# --- cases that are only names: 11d1, 11d2 and 15d; 12a4.3 ----------------------------------------------------------

@pytest.mark.rule("11d1")
@pytest.mark.rule("11d2")
@pytest.mark.rule("15d")
def test_the_untranscribed_11d_and_its_option_15d_are_not_offered_in_the_lobby():
    """11d's text is missing; only its two cases' names survive, both pointing at an "option 15d" that the printed
    contents do not list (printed-source note before 11e). With nothing to play, the lobby offers neither."""
    offered = {o.rule for o in rules.meta.options}
    assert not offered & {"11d", "11d1", "11d2", "15d"}
    s = rules.setup("1", {"11d": True, "15d": True}, ScriptedRng())  # unknown switches are not recorded
    assert "11d" not in s["options"] and "15d" not in s["options"]
    assert {o["rule"] for o in rules.view(s, SPECTATOR)["options"]}.isdisjoint({"11d", "15d"})


@pytest.mark.rule("12a4.3")
@pytest.mark.rule("2e")
def test_no_task_force_may_leave_the_searchboard_with_or_without_variable_sea_movement():
    """12a4.3 (named in the Battle Manual's note: "exit edges are modified") is not transcribed. This game offers
    no exit: a Sea Movement order names searchboard hexes only, so 2e's elimination on exit never happens."""
    for on in (False, True):
        s = example_10()
        s["options"]["sea_movement"] = on
        s["task_forces"]["ij-striking-force"]["hex"] = "R1"  # on the north edge
        s = play(s, "allied", take_off(), shift())
        s = play(s, "japanese", shift())
        s = play(s, "allied", move())
        fields = rules.prompts(s)["japanese"]["actions"][0]["args"]["moves"]["fields"]
        offered = [h for f in fields.values() for h in f["choices"]]
        assert all(len(h) in (2, 3) and h[0].isalpha() for h in offered)
        with pytest.raises(MalformedAction, match="choose one of"):  # not a searchboard hex: the order's shape
            rules.apply(s, "japanese", move(ij_striking_force="R0"), ScriptedRng())
