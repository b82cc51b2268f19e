"""The log a page shows (issue 11, item 11): folded by Game-Turn, newest first, each line marked with its kind for
the filter, and the "Your orders are in" filler folded into one line per decision."""
from __future__ import annotations

from app import games as registry
from app.engine.rng import SeededRng
from app.engine.testing import random_action
from app.games import first_blood, guadalcanal, pacific_war_1942, solomons, usn
from app.web.log_view import log_groups, recent, recent_groups

LABEL = {"allied": "United States", "japanese": "Japan"}.get


def texts(groups):
    return [(t["turn"], [[line["text"] for line in run["lines"]] for run in t["runs"]]) for t in groups]


def test_the_log_folds_by_game_turn_newest_first_whatever_the_game_calls_its_turns():
    pacific = [{"to": "public", "text": "Turn 1 (January 1942): Action Points roll 4: 2 AP.", "n": 0},
               {"to": "public", "text": "Allied attack on the India front: roll 5, the front advances.", "n": 1},
               {"to": "public", "text": "Turn 2 begins (April 1942).", "n": 2},
               {"to": "public", "text": "Turn 2 (April 1942): Action Points roll 1: 1 AP.", "n": 3}]
    groups = log_groups(pacific, "allied", LABEL, pacific_war_1942.spec.turn_heading)
    assert [t["turn"] for t in groups] == ["Turn 2", "Turn 1"]
    kinds = {line["text"].split(":")[0]: line["kind"] for run in groups[1]["runs"] for line in run["lines"]}
    assert kinds == {"Turn 1 (January 1942)": "other", "Allied attack on the India front": "combat"}
    usn_lines = [{"to": "public", "text": "Set-up: Japan deploys first.", "n": 0},
           {"to": "public", "text": "Game-Turn 1, Step 2: Japanese naval and air movement.", "n": 1},
           {"to": "public", "text": "Game-Turn 1, Step 5 (E): secret simultaneous air mission allocation.", "n": 2},
           {"to": "public", "text": "Game-Turn 2, Step 1: reinforcements.", "n": 3}]
    assert [t["turn"] for t in log_groups(usn_lines, "allied", LABEL, usn.spec.turn_heading)] == [
        "Game-Turn 2", "Game-Turn 1", None]


def test_first_blood_s_turns_head_their_own_lines_not_the_set_up():
    """Issue 34: First Blood's log filed Turn 1 under "Set-up" (its "Turn 1: Sep I (§4)." opened no turn)."""
    lines = [{"to": "public", "text": "First Blood: the US sets up first (§3).", "n": 0},
             {"to": "public", "text": "Turn 1: Sep I (§4).", "n": 1},
             {"to": "public", "text": "Marine 1/1 moves to 0605.", "n": 2},
             {"to": "public", "text": "Turn 2: Sep II (§4).", "n": 3}]
    groups = log_groups(lines, "us", LABEL, first_blood.spec.turn_heading)
    assert [(t["turn"], [line["text"] for run in t["runs"] for line in run["lines"]]) for t in groups] == [
        ("Turn 2", ["Turn 2: Sep II (§4)."]),
        ("Turn 1", ["Marine 1/1 moves to 0605.", "Turn 1: Sep I (§4)."]),  # newest first
        (None, ["First Blood: the US sets up first (§3)."])]


def test_orders_in_is_one_line_per_decision_and_names_the_sides_for_the_umpire():
    at = "Plot Phase 1: Task Force Allocation (5.2)"
    lines = [{"to": "public", "text": "Game-Turn 1 begins: the Americans have landed on Guadalcanal.", "n": 0},
             {"to": "allied", "text": f"Your orders are in: {at}.", "at": at, "n": 1},
             {"to": "japanese", "text": f"Your orders are in: {at}.", "at": at, "n": 2}]
    umpire = log_groups(lines, "umpire", LABEL, solomons.spec.turn_heading)
    assert texts(umpire) == [("Game-Turn 1", [["Orders in from United States and Japan."],
                                              ["Game-Turn 1 begins: the Americans have landed on Guadalcanal."]])]
    assert umpire[0]["runs"][0]["lines"][0]["kind"] == "orders" and umpire[0]["runs"][0]["lines"][0]["n"] == 2
    side = log_groups([lines[0], lines[1]], "allied", LABEL)
    assert side[0]["runs"][0]["lines"][0]["text"] == "Your orders are in."


def test_a_side_that_revises_twice_in_one_section_reads_one_line_about_itself():
    at = "Plot Phase 1: Movement Plot (8.1)"
    lines = [{"to": "allied", "text": f"Your orders are revised: {at}.", "at": at, "n": 1},
             {"to": "allied", "text": f"Your orders are revised: {at}.", "at": at, "n": 2},
             {"to": "japanese", "text": f"Your orders are revised: {at}.", "at": at, "n": 3}]
    side = log_groups(lines[:2], "allied", LABEL)
    assert side[0]["runs"][0]["lines"][0]["text"] == "Your orders are revised."
    umpire = log_groups(lines, "umpire", LABEL)
    assert umpire[0]["runs"][0]["lines"][0]["text"] == "Orders revised from United States and Japan."


def test_guadalcanal_s_log_folds_by_date_and_turn_and_heads_each_step():
    """Issue 14, "the log by Turn and step": Guadalcanal names its Turns by the Time Record Track ("OCT 27, Turn 2")
    and each line's step in its data."""
    lines = [
        {"to": "public", "text": "OCT 27, Turn 1. Sides roll: Allied 9, Japanese 4: Allied is Side A (3).", "n": 0},
        {"to": "allied", "text": "to Ready: B10; to Arming: none.", "data": {"at": "Action Phase, Ready Step (3b)"},
         "n": 1},
        {"to": "public", "text": "OCT 27, Turn 2. Sides roll: Allied 4, Japanese 6: Japanese is Side A (3).", "n": 2},
        {"to": "allied", "text": "Air search O4: nothing (3d3.2).",
         "data": {"at": "Action Phase, Air Movement and Search Step (3d)", "hex": "O4"}, "n": 3},
        {"to": "allied", "text": "Air search N5: nothing (3d3.2).",
         "data": {"at": "Action Phase, Air Movement and Search Step (3d)", "hex": "N5"}, "n": 4}]
    groups = log_groups(lines, "allied", LABEL, guadalcanal.spec.turn_heading)
    assert [t["turn"] for t in groups] == ["OCT 27, Turn 2", "OCT 27, Turn 1"]
    assert [run["at"] for run in groups[0]["runs"]] == ["Action Phase, Air Movement and Search Step (3d)", None]
    assert len(groups[0]["runs"][0]["lines"]) == 2  # one heading over both searches of that step


def _played_logs(game: str, orders: int = 120) -> list[tuple[str, list, object]]:
    """Each role's log of one seeded game of random legal orders: (role, its view's log lines, the game's spec)."""
    spec = registry.get(game)
    scenario = spec.meta.scenarios[0].id if spec.meta.scenarios else None
    dice, players = SeededRng(7), SeededRng(8)
    state = spec.setup(scenario, spec.meta.default_options(), dice)
    for _ in range(orders):
        prompts = spec.prompts(state)
        if spec.outcome(state) is not None or not prompts:
            break
        role = players.choice(sorted(prompts))
        state = spec.apply(state, role, random_action(spec, state, role, players), dice)
    return [(role, spec.view(state, role).get("log", []), spec) for role in spec.meta.roles]


def test_the_page_groups_only_the_newest_turns_it_shows_and_shows_what_grouping_the_whole_log_showed():
    """Issue 37: a page carries the newest Game-Turns of the log (about 400 lines); grouping only those
    (recent_groups) shows every game's page the same turns, runs, lines and count of earlier turns as grouping
    the whole log and keeping the newest (recent of log_groups), at every cut."""
    checked = 0
    for game in registry.all_games():
        for role, lines, spec in _played_logs(game):
            for limit in (0, 1, 5, 20, 60, 400):
                assert recent_groups(lines, role, LABEL, spec.turn_heading, limit) == recent(
                    log_groups(lines, role, LABEL, spec.turn_heading), limit), (game, role, limit)
                checked += bool(lines)
    assert checked > 20
    heading = usn.spec.turn_heading
    made = [{"to": "public", "text": "Set-up.", "n": 0},
            {"to": "public", "text": "Game-Turn 1, Step 2: movement.", "n": 1},
            {"to": "public", "text": "Game-Turn 1, Step 3: again.", "n": 2},  # the same turn named twice: one turn
            {"to": "allied", "text": "Your orders are in: x.", "at": "x", "n": 3},
            {"to": "allied", "text": "Your orders are in: x.", "at": "x", "n": 4},
            {"to": "public", "text": "Game-Turn 2, Step 1: reinforcements.", "n": 5}]
    for lines in ([], made, made[1:], made[:1]):
        for limit in (*range(8), 400):
            assert recent_groups(lines, "allied", LABEL, heading, limit) == recent(
                log_groups(lines, "allied", LABEL, heading), limit)
            assert recent_groups(lines, "allied", LABEL, None, limit) == recent(log_groups(lines, "allied", LABEL),
                                                                                  limit)


def test_a_page_keeps_the_newest_game_turns_up_to_the_limit_and_always_the_newest():
    """Three Game-Turns of three lines each: a limit of 6 keeps the two newest (the oldest is on the whole-log page),
    5 keeps one, and a Game-Turn longer than the limit is still kept when it is the newest."""
    turns = [{"runs": [{"lines": [f"turn {t} line {i}" for i in range(3)]}]} for t in (3, 2, 1)]  # newest first
    assert [len(k) for k in (recent(turns, 6)[0], recent(turns, 5)[0])] == [2, 1]
    assert recent(turns, 6)[1] == 1 and recent(turns, 2) == (turns[:1], 2)
