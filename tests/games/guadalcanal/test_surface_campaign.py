"""Option 16 in scenarios 1-4 (the lobby switch "surface"): after the Combat Phase's air combats, opposing task forces
in one hex make surface contact by what each side's searches learned there this Turn (16a); the ships of those task
forces fight on the Battleboard (16c-16d7) and return to their task forces at the end (16d7, 4e). Example 10's
position (October 27, Turn 2, a day Turn; the Allies are Side B), with Task Force 17 moved into N2 with the Japanese
Advance Force, each decision through `rules.apply` with scripted dice."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.engine.log import visible
from app.engine.rng import ScriptedRng
from app.games.guadalcanal import rules, search, sequence
from app.games.guadalcanal.states import SEQUENCE
from app.games.guadalcanal.combat.damage import eliminate
from app.games.guadalcanal.surface import battleline, campaign
from tests.games.guadalcanal.helpers import example_10, play

AFTER_COMBAT = sequence.TURN.index(("combat", None))
TF17 = ["us-dd6", "us-hornet", "us-juneau", "us-pensacola"]
ADVANCE = ["ij-haruna", "ij-isuzu", "ij-junyo", "ij-kongo"]


def game(seen_by=("allied", "japanese"), on=True, allied_from="N3", japanese_from="N1"):
    """Task Force 17 entered N2 from `allied_from`, the Advance Force from `japanese_from` (16b1); the sides in
    `seen_by` searched N2 this Turn with exact results (3d3.2). The Combat Phase's air combats are over."""
    s = example_10()
    s["options"][campaign.OPTION] = on
    s["task_forces"]["us-tf17"].update(hex="N2", entered_from=allied_from)
    s["task_forces"]["ij-advance-force"].update(entered_from=japanese_from)
    for side in seen_by:
        search.answer(s, side, "N2", "Air search", at="test")
    s["step"] = {"kind": "combat", "side": None, "index": AFTER_COMBAT}
    SEQUENCE.advance(s, ScriptedRng([6, 4]))  # with no surface combat the Turn ends: the next one's roll (3)
    return s


def turn_went_on(s):
    """No surface combat waits: nobody flies, so the Turn ended and the next one began (6, 3)."""
    return "surface" not in s and s["step"]["kind"] != "surface" and s["time"]["turn"] == 3


def texts(s, role):
    return [x["text"] for x in visible(s["log"], role)]


def set_up(s, side, line, facing, ships, dice=()):
    return play(s, side, {"verb": "surface_set_up", "args": {
        "line": line, "facing": facing, "placement": battleline.sample(ships, line, facing == "N")}}, dice=dice)


@pytest.mark.rule("16a")
def test_both_sides_holding_exact_information_fight_with_the_ships_of_the_hex_only():
    s = game()
    assert s["step"]["kind"] == "surface" and rules.acting(s) == ["allied"]  # Side B sets up first (16c)
    assert sorted(s["surface"]["in_battle"]) == sorted(TF17 + ADVANCE)  # Task Force 16 (T6) is not in it
    assert any("Surface contact in N2 (16a)" in t for t in texts(s, "japanese"))
    p = rules.decision(s).prompt(s, "allied")
    assert sorted(p["actions"][0]["args"]["placement"]["fields"]) == TF17


@pytest.mark.rule("16a")
def test_without_the_option_or_without_exact_information_there_is_no_surface_combat():
    for s in (game(on=False), game(seen_by=())):
        assert turn_went_on(s)
        assert not any("Surface" in t for t in texts(s, "allied") + texts(s, "japanese"))


@pytest.mark.rule("16a")
def test_one_side_knowing_decides_and_a_refusal_is_told_to_it_alone():
    s = game(seen_by=("japanese",))
    assert rules.acting(s) == ["japanese"] and s["surface"]["step"]["kind"] == "contact"
    assert "surface" not in rules.view(s, "allied")  # the Allies see no battle: they never learn they were seen
    with pytest.raises(IllegalAction, match=r"\(rule 16d\)$"):
        rules.apply(s, "allied", {"verb": "surface_contact", "args": {"fight": True}}, ScriptedRng())
    s = play(s, "japanese", {"verb": "surface_contact", "args": {"fight": False}}, dice=(6, 4))
    assert turn_went_on(s)
    assert "You chose no surface contact in N2 (16a)." in texts(s, "japanese")
    assert not any("N2 (16a)" in t for t in texts(s, "allied"))


@pytest.mark.rule("16a")
def test_one_side_knowing_may_choose_the_combat():
    s = play(game(seen_by=("japanese",)), "japanese", {"verb": "surface_contact", "args": {"fight": True}})
    assert s["surface"]["step"] == {"kind": "setup", "side": "allied"}
    assert any("the Japanese side makes contact" in t for t in texts(s, "allied"))


@pytest.mark.rule("16b2.2")
def test_markers_entering_from_opposite_hexsides_set_up_facing_opposite_ways():
    s = set_up(game(allied_from="N3", japanese_from="N1"), "allied", "H11", "N", TF17)
    assert s["surface"]["relation"] == "opposite"
    with pytest.raises(IllegalAction, match=r"\(rule 16b2\)$"):
        set_up(s, "japanese", "M11", "N", ADVANCE)
    s = set_up(s, "japanese", "M11", "S", ADVANCE, dice=(6, 4))
    assert {s["surface"]["ships"][u]["facing"] for u in ADVANCE} == {"S"}


@pytest.mark.rule("16b2.1")
def test_markers_entering_across_adjacent_hexsides_set_up_facing_the_same_way():
    s = set_up(game(allied_from="N3", japanese_from="M3"), "allied", "H11", "N", TF17)  # headings N and NE
    assert s["surface"]["relation"] == "same"
    with pytest.raises(IllegalAction, match=r"\(rule 16b2\)$"):
        set_up(s, "japanese", "M11", "S", ADVANCE)


@pytest.mark.rule("16c")
def test_a_day_battle_sets_up_on_the_day_lines():
    s = game()
    assert not s["surface"]["night"]
    with pytest.raises(IllegalAction, match=r"\(rule 16c\)$"):
        set_up(s, "allied", "I11", "N", TF17)  # a night line


@pytest.mark.rule("16d7")
def test_at_the_end_the_ships_return_to_their_task_forces_and_the_turn_goes_on():
    s = example_10()
    for u in ("us-dd6", "us-hornet", "us-juneau", "ij-haruna", "ij-junyo", "ij-kongo"):
        eliminate(s, u)  # sunk earlier: Pensacola against Isuzu
    s["options"][campaign.OPTION] = True
    s["task_forces"]["us-tf17"].update(hex="N2", entered_from="N3")
    for side in ("allied", "japanese"):
        search.answer(s, side, "N2", "Air search", at="test")
    s["step"] = {"kind": "combat", "side": None, "index": AFTER_COMBAT}
    SEQUENCE.advance(s, ScriptedRng([6, 4]))
    assert s["surface"]["in_battle"] == ["ij-isuzu", "us-pensacola"]
    s = play(s, "allied", {"verb": "surface_set_up", "args": {"line": "H11", "facing": "N",
                                                                "placement": {"us-pensacola": "H11"}}})
    # 16d1: Allied 6, Japanese 4: the Allies are Surface Side A; Japan moves first.
    s = play(s, "japanese", {"verb": "surface_set_up", "args": {"line": "M11", "facing": "S",
                                                                  "placement": {"ij-isuzu": "M11"}}}, dice=(6, 4))
    assert s["surface"]["step"] == {"kind": "movement", "side": "japanese"}
    s = play(s, "japanese", {"verb": "surface_move", "args": {"courses": {"ij-isuzu": ["SW"]}}})
    s = play(s, "allied", {"verb": "surface_move", "args": {"courses": {"us-pensacola": ["NE"]}}})
    while s["surface"]["step"]["kind"] == "torpedoes":
        side = s["surface"]["step"]["side"]
        s = play(s, side, {"verb": "surface_torpedoes", "args": {"markers": {}}})
    if s["surface"]["step"]["side"] == "japanese":
        s = play(s, "japanese", {"verb": "surface_cease_fire", "args": {}})
    # Pensacola fires at Isuzu: 10 against 1, eliminated; the Allies stay (16d6), and at the end of the Surface Turn
    # Japan has no ship left on the Battleboard (16d7).
    s = play(s, "allied", {"verb": "surface_fire", "args": {"ship": "us-pensacola", "target": "ij-isuzu"}},
             dice=(10, 1))
    assert s["surface"]["step"] == {"kind": "breakoff", "side": "allied"}
    s = play(s, "allied", {"verb": "surface_break_off", "args": {"ships": []}}, dice=(6, 4))
    assert turn_went_on(s)
    assert s["units"]["ij-isuzu"]["box"] == "eliminated"
    assert s["units"]["us-pensacola"]["box"] == "ships" and s["units"]["us-pensacola"]["location"] == {"tf": "us-tf17"}
    assert any("The surface combat in N2 is over" in t and "Isuzu" in t for t in texts(s, "allied"))


@pytest.mark.rule("16k3")
def test_the_japanese_night_modifier_follows_the_month_at_night_only():
    assert game()["surface"]["night_modifier"] == 0  # a day Turn
    s = example_10()
    s["time"]["turn"] = 1  # October 27, Turn 1: night
    s["options"][campaign.OPTION] = True
    s["task_forces"]["us-tf17"].update(hex="N2", entered_from="N3")
    for side in ("allied", "japanese"):
        search.answer(s, side, "N2", "Air search", at="test")
    s["step"] = {"kind": "combat", "side": None, "index": AFTER_COMBAT}
    SEQUENCE.advance(s, ScriptedRng())
    assert s["surface"]["night"] and s["surface"]["night_modifier"] == 1  # October (surface.toml, reconstructed)


@pytest.mark.rule("16a")
def test_the_computer_players_fight_the_surface_combats_of_a_whole_game():
    from tests.games.guadalcanal.test_bots import play as bot_game
    # seed 7: the first whose computer players meet in a hex both have searched (issue 34 changed their flights)
    s = bot_game("2", 7, ("allied", "japanese"), {"surface": True}, asking=True)
    assert s["outcome"] is not None
    assert any(x["text"].startswith("The surface combat in") for x in s["log"])


@pytest.mark.rule("16c")
def test_a_fleet_longer_than_a_column_forms_more_lines_astern_behind_the_setup_line():
    ships = [f"ship{i}" for i in range(14)]
    placement = battleline.sample(ships, "I11", toward_north=True)
    assert len(set(placement.values())) == 14 and placement["ship11"] == "H11"
    battleline.check(placement, "N", night=True, line_x="I11", taken={})


@pytest.mark.rule("16a")
def test_both_sides_see_the_battleboard_on_their_page_once_ships_are_set_up():
    from app.web.templating import templates
    s = set_up(game(), "allied", "H11", "N", TF17)
    html = templates.env.get_template("games/guadalcanal/board.html").render(view=rules.view(s, "japanese"),
                                                                           oob=False)
    assert "Surface combat in N2" in html and "Allied Pensacola" in html
    hidden = game(seen_by=("allied",))  # the Allies are still choosing: Japan sees nothing
    html = templates.env.get_template("games/guadalcanal/board.html").render(view=rules.view(hidden, "japanese"),
                                                                           oob=False)
    assert "Surface combat in" not in html and "Battleboard" not in html
