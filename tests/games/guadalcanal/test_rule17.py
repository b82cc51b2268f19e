"""Rule 17, two players a side: the lobby's seats, the command assignment (17a), each seat ordering only its own units
(17b), no talk within a side (17c1), flagships (17c2) and radio notes delayed by the competitive roll (17c3); what a
seat, its teammate, the enemy, the umpire and a spectator each see of it."""
from __future__ import annotations

import json

import pytest

from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import check_every_reader, playout
from app.games.guadalcanal import command, radio, rules
from app.games.guadalcanal.tutorials import ALLIED_DEPLOY, JAPANESE_DEPLOY
from app.play import chat
from app.play.lobby import seats_offered
from app.store.models import Game

SEATS4 = ("allied.1", "allied.2", "japanese.1", "japanese.2")


def team_game(dice=(6, 4), **options) -> dict:
    """Scenario 1 with rule 17, both sides set up (the Allied parts by their two commanders), at the first Turn's
    radio step; the Sides roll is `dice` (Allied, Japanese)."""
    s = rules.setup("1", {"teams": True, **options}, ScriptedRng())
    s = rules.apply(s, "japanese.1", JAPANESE_DEPLOY, ScriptedRng())
    rng = ScriptedRng(dice)
    s = rules.apply(s, "allied.1", ALLIED_DEPLOY, rng)
    if "allied.2" in rules.prompts(s):  # fleet_and_bases: Henderson's air is the second commander's part
        s = rules.apply(s, "allied.2", rules.default_action(s, "allied.2"), rng)
    assert rng.remaining == 0
    return s


def silence(s, *seats):
    for seat in seats:
        s = rules.apply(s, seat, {"verb": "silence", "args": {}}, ScriptedRng())
    return s


def note(s, seat, text, dice):
    rng = ScriptedRng(dice)
    s = rules.apply(s, seat, {"verb": "radio", "args": {"to": command.teammate(seat), "text": text}}, rng)
    assert rng.remaining == 0
    return s


def play_until(s, done, seed=1, limit=3000, randomly=False):
    """Missed orders (every seat's default; or random legal ones) until `done(state)`."""
    dice, players = SeededRng(seed), SeededRng(seed + 100)
    for _ in range(limit):
        if done(s):
            return s
        prompts = rules.prompts(s)
        assert prompts and s["outcome"] is None
        role = players.choice(sorted(prompts)) if randomly else min(prompts)
        action = rules.random_action(s, role, players) if randomly else rules.default_action(s, role)
        s = rules.apply(s, role, action, dice)
    raise AssertionError("not reached")


def radio_turn(n):
    return lambda s: radio.is_open(s) and s["time"]["scenario_turn"] == n


def texts(view):
    return [line["text"] for line in view["log"]]


# --- the lobby --------------------------------------------------------------------------------------------------

@pytest.mark.rule("17")
def test_the_lobby_offers_two_commanders_a_side_only_with_the_option():
    declared = {o.id: o for o in rules.meta.options}
    assert declared["teams"].default is False and declared["teams"].rule == "17"
    assert declared["command"].choices == ("fleet_and_bases", "west_and_east") and declared["command"].rule == "17a"
    assert seats_offered(rules, "2", rules.meta.default_options()) == ("allied", "japanese")
    assert seats_offered(rules, "2", dict(rules.meta.default_options(), teams=True)) == SEATS4
    s = rules.setup("2", {"teams": True}, ScriptedRng())
    assert s["options"]["teams"] and s["team"]["assignment"] == "fleet_and_bases"
    assert {rules.meta.side_of(x).id for x in SEATS4} == {"allied", "japanese"}
    assert rules.meta.label("allied.1") == "Allied overall commander"
    with pytest.raises(IllegalAction) as e:  # the surface scenarios have no searchboard to command
        rules.setup("5", {"teams": True}, ScriptedRng())
    assert e.value.rule == "17"


@pytest.mark.rule("17c1")
def test_no_team_channel_in_a_rule_17_game_and_the_refusal_cites_17c1():
    teams = Game(id="g17", game="guadalcanal", scenario="2", options={"teams": True}, status="active")
    assert chat.channels(teams) == ["all"]
    assert chat.writable_channels(teams, "allied.2") == ["all"]
    assert "(rule 17c1)" in chat.refusal(teams, "allied.2", "allied")
    two = Game(id="g2", game="guadalcanal", scenario="2", options={"teams": False}, status="active")
    assert chat.channels(two) == ["all", "allied", "japanese"]  # a side's only seat keeps its channel


# --- 17a, 17b ---------------------------------------------------------------------------------------------------

@pytest.mark.rule("17a")
def test_fleet_and_bases_gives_ships_and_ship_borne_air_to_one_and_bases_and_land_based_air_to_the_other():
    s = rules.setup("1", {"teams": True}, ScriptedRng())
    p = rules.prompts(s)
    assert set(p) == {"allied.1", "allied.2", "japanese.1"}  # scenario 1 gives Japan no base
    fleet = p["allied.1"]["actions"][0]["args"]
    bases = p["allied.2"]["actions"][0]["args"]
    assert list(fleet["hexes"]["fields"]) == ["us-tf16", "us-tf17"] and list(bases["hexes"]["fields"]) == []
    assert "us-b10" in fleet["ready"]["choices"] and "us-b10" not in bases["ready"]["choices"]
    assert set(bases["ready"]["choices"]) == {"us-sb141", "us-s71", "us-b6", "us-t8", "us-aa", "us-ff", "us-gg"}
    assert command.commander(s, "us-henderson") == "allied.2" and command.commander(s, "us-enterprise") == "allied.1"


@pytest.mark.rule("17a")
def test_west_and_east_commands_by_the_searchboard_half_a_task_force_is_in_now():
    s = team_game(command="west_and_east")
    assert command.commander(s, "us-tf16") == "allied.2"  # R7: east of column J
    assert command.commander(s, "us-henderson") == "allied.2"  # N6
    s["task_forces"]["us-tf16"]["hex"] = "J7"
    assert command.commander(s, "us-tf16") == "allied.1"
    assert command.commander(s, "us-enterprise") == "allied.1"  # its ships and air go with it
    assert command.commander(s, "us-b10") == "allied.1"


@pytest.mark.rule("17b")
def test_each_seat_orders_only_its_own_units_and_the_side_s_order_waits_for_both_parts():
    s = play_until(silence(team_game(), *SEATS4),
                   lambda s: s["step"]["kind"] == "ready" and {"allied.1", "allied.2"} <= set(rules.prompts(s)))
    p = rules.prompts(s)
    fleet, bases = (p[x]["actions"][0]["args"] for x in ("allied.1", "allied.2"))
    assert set(fleet["to_arming"]["choices"]).isdisjoint(bases["to_arming"]["choices"])
    henderson = bases["to_arming"]["choices"]  # set up Ready by the second commander's missed set-up part
    assert henderson and all(command.commander(s, u) == "allied.2" for u in henderson)
    assert all(command.commander(s, u) == "allied.1" for u in fleet["to_arming"]["choices"])
    assert bases["to_arming"]["labels"][:2] == ["SB141", "S71"]  # named as on the card
    assert "B10" not in bases["to_arming"]["hint"] and "SB141" in bases["to_arming"]["hint"]  # his units only
    foreign = {"verb": "shift", "args": {"to_ready": [], "to_arming": henderson[:1]}}
    with pytest.raises(IllegalAction) as e:
        rules.apply(s, "allied.1", foreign, ScriptedRng())
    assert e.value.rule == "17b"
    was = s["step"]
    s = rules.apply(s, "allied.2", {"verb": "shift", "args": {"to_ready": [], "to_arming": henderson[:2]}},
                    ScriptedRng())
    assert s["step"] == was and set(rules.prompts(s)) >= {"allied.1"} and "allied.2" not in rules.prompts(s)
    assert all(s["units"][u]["box"] == "ready" for u in henderson[:2])  # nothing moves before the side's order
    assert "waiting for the Allied overall commander" in texts(rules.view(s, "allied.2"))[-1]
    assert rules.view(s, "allied.1")["team"]["my_part"] is None  # the teammate's part is his own until then
    s = rules.apply(s, "allied.1", rules.default_action(s, "allied.1"), ScriptedRng())
    assert all(s["units"][u]["box"] == "arming" for u in henderson[:2])  # the union is carried out
    assert s["team"]["parts"] == {}


@pytest.mark.rule("17b")
def test_a_missed_part_is_the_seat_s_share_of_the_side_s_default_order():
    s = rules.setup("1", {"teams": True}, ScriptedRng())
    whole = rules.default_action(s, "allied")
    part = rules.default_action(s, "allied.2")
    assert part["verb"] == whole["verb"] == "deploy"
    assert part["args"]["hexes"] == {} and set(part["args"]["ready"]) <= {
        u for u in whole["args"]["ready"] if command.commander(s, u) == "allied.2"}
    assert rules.default_action(s, "allied.1")["args"]["hexes"] == whole["args"]["hexes"]
    with pytest.raises(IllegalAction) as e:  # the side's own id is no seat of a team game
        rules.apply(s, "allied", whole, ScriptedRng())
    assert e.value.rule == "17"


@pytest.mark.rule("17b")
def test_a_seat_s_set_up_part_stays_in_while_the_enemy_finishes_the_same_step():
    """Set-up is one step for both sides: the Japanese finishing theirs must not throw away the part the Allied
    overall commander already sent (he would be asked to place his task forces again)."""
    s = rules.setup("1", {"teams": True}, ScriptedRng())
    mine = dict(ALLIED_DEPLOY, args=dict(ALLIED_DEPLOY["args"], hexes={"us-tf16": "R6", "us-tf17": "Q7"}))
    s = rules.apply(s, "allied.1", mine, ScriptedRng())
    s = rules.apply(s, "japanese.1", JAPANESE_DEPLOY, ScriptedRng())  # the Japanese side's order is complete
    assert set(rules.prompts(s)) == {"allied.2"}
    assert rules.view(s, "allied.1")["team"]["my_part"]["hexes"] == {"us-tf16": "R6", "us-tf17": "Q7"}
    s = rules.apply(s, "allied.2", rules.default_action(s, "allied.2"), SeededRng(3))
    assert s["task_forces"]["us-tf16"]["hex"] == "R6"  # the overall commander's placement, carried out
    assert s["team"]["parts"] == {}


@pytest.mark.rule("17b")
def test_a_part_answers_its_own_decision_and_is_never_counted_toward_the_next():
    """Seed 0 of the 500-game run (tools/guadalcanal_team_games): the Japanese finish a step while an Allied seat's
    part of it is in, and the game moves on to a decision that part does not answer. Kept, it would stand for the seat
    in the next decision, nobody on the Allied side would be asked, and the Japanese would be asked without end; a
    part is dropped once its side is asked something else, and the game ends."""
    from tools.guadalcanal_team_games import team_game

    scenario, options = team_game(0, SeededRng(1700))
    p = playout(rules, scenario, options, seed=0, max_steps=1500)
    assert p.state["outcome"] is not None
    assert {r for r, _ in p.actions} >= {"allied.1", "allied.2", "japanese.1", "japanese.2"}


@pytest.mark.rule("17b")
def test_a_flight_is_ordered_by_the_seat_commanding_it():
    s = play_until(silence(team_game(), *SEATS4), lambda s: s["step"]["kind"] == "air" and s["step"]["side"] ==
                   "allied" and not radio.is_open(s), randomly=True)
    (seat,) = [x for x in rules.prompts(s) if x.startswith("allied")]
    flights = rules.prompts(s)[seat]["actions"][0]["args"]["flights"]["fields"]  # each by its first unit
    assert flights and all(command.commander(s, u) == seat for u in flights)


@pytest.mark.rule("17b")
def test_a_battle_is_fought_for_each_side_by_the_seat_commanding_its_units_there():
    seen = set()
    # Seed 7 is the first whose random play gives the bases commander a battle (and it gives the fleets commander
    # some too), so it is tried first; seeds 0-6 gave the fleets commander's battles only, and stay as fallbacks.
    for seed in (7, *range(7), 8, 9):
        if seen == {"1", "2"}:
            break
        players, dice = SeededRng(seed + 50), SeededRng(seed)
        s = rules.setup("2", {"teams": True}, dice)
        for _ in range(900):
            prompts = rules.prompts(s)
            if not prompts or s["outcome"] is not None:
                break
            c = s.get("combat") or {}
            battle = next((b for b in c.get("battles") or [] if b["id"] == c.get("current")), None)
            if s["step"]["kind"] == "combat" and battle and not radio.is_open(s):
                for seat in prompts:
                    side = command.SEAT_SIDE[seat]
                    mine = battle["air"] if side == battle["attacker"] else [battle["base"] or battle["ships"][0]]
                    assert command.commander(s, mine[0]) == seat
                    seen.add(seat[-1])
            role = players.choice(sorted(prompts))
            s = rules.apply(s, role, rules.random_action(s, role, players), dice)
    assert seen == {"1", "2"}  # fleets and bases both fought


# --- 17c3, 17c2 -------------------------------------------------------------------------------------------------

@pytest.mark.rule("17c3")
def test_a_note_that_wins_the_roll_is_delivered_next_turn_and_read_by_the_addressee_only_from_then():
    s = team_game()
    assert set(rules.prompts(s)) == set(SEATS4) and rules.prompts(s)["allied.1"]["rule"] == "17c3"
    s = note(s, "allied.1", "Strike the carriers at N2", dice=(7, 7))  # a tie is the sender's
    (mine,) = rules.view(s, "allied.1")["team"]["notes"]
    assert mine["deliver"] == 2 and "delivery at the start of Turn 2" in texts(rules.view(s, "allied.1"))[-1]
    for role in ("allied.2", "japanese.1", "japanese.2", "side:allied", SPECTATOR):
        assert "Strike the carriers" not in json.dumps(rules.view(s, role)), role
    assert "Strike the carriers" in json.dumps(rules.view(s, UMPIRE))
    s = play_until(silence(s, "allied.2", "japanese.1", "japanese.2"), radio_turn(2))
    got = [t for t in texts(rules.view(s, "allied.2")) if "Strike the carriers" in t]
    assert got == [("Radio message from the Allied overall commander, sent Turn 1, received Turn 2: "
                    "Strike the carriers at N2")]
    assert [n["text"] for n in rules.view(s, "allied.2")["team"]["notes"]] == ["Strike the carriers at N2"]
    for role in ("japanese.1", "japanese.2", "side:allied", SPECTATOR):
        assert "Strike the carriers" not in json.dumps(rules.view(s, role)), role


@pytest.mark.rule("17c3")
def test_a_note_that_loses_the_roll_waits_two_turns():
    s = note(team_game(), "allied.2", "Henderson is under attack", dice=(3, 8))
    s = play_until(silence(s, "allied.1", "japanese.1", "japanese.2"), radio_turn(2))
    assert "Henderson is under attack" not in json.dumps(rules.view(s, "allied.1"))
    s = play_until(silence(s, *SEATS4), radio_turn(3))
    assert any("received Turn 3: Henderson is under attack" in t for t in texts(rules.view(s, "allied.1")))


@pytest.mark.rule("17c3")
def test_the_enemy_cannot_tell_that_a_note_was_sent():
    sent = note(team_game(), "allied.1", "Hold at R7", dice=(5, 2))
    quiet = rules.apply(team_game(), "allied.1", {"verb": "silence", "args": {}}, ScriptedRng())
    for role in ("japanese.1", "japanese.2", "side:japanese", SPECTATOR):
        assert json.dumps(rules.view(sent, role)) == json.dumps(rules.view(quiet, role)), role


@pytest.mark.rule("17c3")
def test_a_radio_note_must_go_to_the_teammate_and_say_something():
    s = team_game()
    for args, rule in (({"to": "japanese.1", "text": "hello"}, "17c"), ({"to": "allied.2", "text": "  "}, "17c3")):
        with pytest.raises(IllegalAction) as e:
            rules.apply(s, "allied.1", {"verb": "radio", "args": args}, ScriptedRng([5, 5]))
        assert e.value.rule == rule
    s = silence(s, "allied.1")
    with pytest.raises(IllegalAction) as e:
        rules.apply(s, "allied.1", {"verb": "radio", "args": {"to": "allied.2", "text": "again"}},
                    ScriptedRng([5, 5]))
    assert e.value.rule == "17c3"


@pytest.mark.rule("17c2")
def test_flagships_are_known_to_their_side_only():
    s = team_game()
    assert s["team"]["flagships"] == {"allied.1": "us-enterprise", "allied.2": "us-henderson",
                                      "japanese.1": "ij-junyo", "japanese.2": "ij-rabaul"}
    assert rules.view(s, "allied.2")["team"]["flagships"] == {"allied.1": "us-enterprise",
                                                              "allied.2": "us-henderson"}
    assert "flagships" not in rules.view(s, "japanese.1")["team"] or \
        "us-enterprise" not in json.dumps(rules.view(s, "japanese.1")["team"])
    assert "Enterprise" not in " ".join(t for t in texts(rules.view(s, "japanese.1")) if "flagship" in t)


@pytest.mark.rule("17c2")
def test_a_commander_whose_flagship_is_sunk_neither_sends_nor_receives():
    s = note(team_game(), "allied.2", "Come north", dice=(9, 1))
    s = silence(s, "allied.1", "japanese.1", "japanese.2")
    s["units"]["us-enterprise"]["box"] = "eliminated"  # as a combat would leave it
    s = play_until(s, radio_turn(2))
    assert "allied.1" not in rules.prompts(s) and "allied.2" in rules.prompts(s)
    assert "Come north" not in json.dumps(rules.view(s, "allied.1"))
    assert any("is lost: his flagship is sunk (17c2)" in t for t in texts(rules.view(s, UMPIRE)))
    assert any("may not send or receive" in t for t in texts(rules.view(s, "allied.2")))
    with pytest.raises(IllegalAction) as e:
        rules.apply(s, "allied.1", {"verb": "radio", "args": {"to": "allied.2", "text": "x"}}, ScriptedRng([5, 5]))
    assert e.value.rule == "17c2"


# --- secrecy, bots, random games --------------------------------------------------------------------------------

@pytest.mark.rule("17c")
def test_what_a_seat_may_not_know_never_reaches_it_teammates_included():
    s = note(team_game(), "allied.1", "Secret plan", dice=(2, 9))
    checked = check_every_reader(rules, s, SeededRng(1))
    assert set(SEATS4) | {"side:allied", "side:japanese", UMPIRE, SPECTATOR} <= set(checked)
    s = rules.apply(s, "allied.2", {"verb": "radio", "args": {"to": "allied.1", "text": "Reply"}}, ScriptedRng([4, 4]))
    s = play_until(silence(s, "japanese.1", "japanese.2"),
                   lambda s: s["team"]["parts"] and s["step"]["kind"] != "deploy")  # a part in, the other out
    check_every_reader(rules, s, SeededRng(2))


@pytest.mark.rule("17b")
def test_each_seat_s_computer_player_answers_its_own_prompts():
    s = rules.setup("2", {"teams": True}, SeededRng(3))
    dice, answered = SeededRng(4), set()
    for n in range(400):
        prompts = rules.prompts(s)
        if not prompts or s["outcome"] is not None:
            break
        role = sorted(prompts)[n % len(prompts)]
        s = rules.apply(s, role, rules.bots[role](rules.view(s, role), prompts[role], SeededRng(n)), dice)
        answered.add(role)
    assert set(SEATS4) <= answered


@pytest.mark.rule("17")
@pytest.mark.parametrize("seed", range(3))
def test_random_team_games_end_cleanly(seed):
    pick = SeededRng(170 + seed)
    options = {"teams": True, "umpired": pick.die(2) == 1,
               "command": ("fleet_and_bases", "west_and_east")[pick.die(2) - 1]}
    p = playout(rules, "1234"[seed % 4], options, seed=seed, max_steps=8000)
    assert p.state["outcome"] is not None
    assert {r for r, _ in p.actions} >= {"allied.1", "japanese.1"}


@pytest.mark.slow
@pytest.mark.rule("17")
def test_many_random_team_games_with_random_options_and_umpires_end_cleanly_and_leak_nothing():
    """Seeded random games of scenarios 1-4 with rule 17, the other options and the umpire drawn at random: each ends,
    and along a few of them no reader (every seat, each side, the umpire, a spectator) learns what it may not."""
    from tools.guadalcanal_team_games import run

    assert run(range(60), 1700, 6) == (60, 10)  # each ended (run raises on one that did not); every sixth checked


@pytest.mark.rule("17c2")
def test_the_page_names_each_seats_flagship_by_its_printed_name():
    """Issue 34: the team panel read "Flagships (17c2): Allied overall commander: us-enterprise; ..."."""
    from app.games.guadalcanal import spec
    from tests.conformance.render import pages, visible_text
    s = rules.setup("1", {"teams": True}, ScriptedRng())
    for seat in ("allied.1", "allied.2"):
        s = rules.apply(s, seat, rules.default_action(s, seat), ScriptedRng([6, 4] * 4))
    s = rules.apply(s, "japanese.1", rules.default_action(s, "japanese.1"), ScriptedRng([6, 4] * 4))
    text = visible_text(pages(spec, "1", {"teams": True}, s, "allied.2")["page"])
    assert "Flagships (17c2): Allied overall commander: Enterprise; Allied second commander: Henderson." in \
        " ".join(text.split())
