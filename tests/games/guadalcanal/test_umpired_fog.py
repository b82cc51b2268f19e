"""What each reader learns in umpired play (18) with the Operations Cards closed (18c): of a combat's modifiers that
come from the defender's card (4d3.3's Ready box), of an enemy unit's damage under the 18c2 fog after a later search
(3d3.2), and of the enemy's searches (18c1: the umpire answers them). Each test reads what a player would: the log
and the board of `rules.view(state, role)`, for each side, the umpire and a spectator."""
from __future__ import annotations

import copy
import json

import pytest

from app.engine import umpire_gate
from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import check_every_reader, random_action
from app.games.guadalcanal import air, fog, hidden, rules, search, sequence, standing_orders, submarine
from app.games.guadalcanal.combat import battle as bt
from app.games.guadalcanal.combat import begin_combat, bombing, decide, free_roll, pending_decision, units
from app.games.guadalcanal.combat.bombing import category
from app.games.guadalcanal.combat.damage import carried
from app.games.guadalcanal.gamedata import SIDES, enemy
from tests.games.guadalcanal.helpers import (ALLIED_DEPLOY, JAPANESE_DEPLOY, asking, example_10, fly, lines, play, put,
                                            sea_search)
from tests.games.guadalcanal.test_umpired import AA_TO_Q3, ADVANCE, SS_TO_N2, to_scouts, umpired_day

HORNET_AIR = ("us-b8", "us-s8", "us-t6", "us-ss", "us-vv")
BATTLEBOARD = ["E5", "J5", "O5", "E10", "J10", "O10"]  # far enough apart for 4a2, none on the edge


def umpired_game(**options) -> dict:
    """Scenario 1, umpired, both sides set up (TF 17 in Q7, the Advance Force in N2, the Vanguard Force in L2), the
    umpire's roll made (Japan Side A); a day Turn, so that searches add the day's +3 under 15a."""
    s = asking(rules.setup("1", {"umpired": True, **options}, ScriptedRng()))  # every question asked
    s = rules.apply(s, "japanese", JAPANESE_DEPLOY, ScriptedRng())
    s = rules.apply(s, "allied", ALLIED_DEPLOY, ScriptedRng())
    s = rules.apply(s, UMPIRE, {"verb": "roll", "args": {}}, ScriptedRng([4, 6]))
    s["time"].update(turn=2, scenario_turn=2)
    return s


def battle(s, hex_id: str, strike: dict[str, str], defender: str, attacker: str) -> dict:
    """The strike {air unit: target} flown to `hex_id`; the battle begun, the defender's ships set up, the strike
    placed; the defender fires no AA yet."""
    for a in strike:
        put(s, a, "flying", hex=hex_id)
    begin_combat(s, [hex_id], ScriptedRng([]))
    ships = s["combat"]["battles"][0]["ships"]
    decide(s, defender, {"verb": "set_up", "args": {"hexes": dict(zip(ships, BATTLEBOARD)), "facing": "N"}},
           ScriptedRng([]))
    decide(s, attacker, {"verb": "attack", "args": {"targets": strike, "approach": {}}}, ScriptedRng([]))
    assert pending_decision(s) == ("aa_combat", [defender])
    return s


def dive_on_hornet(ready: tuple[str, ...], dice, open_cards=False, **options) -> dict:
    """Japan's 2SD (bombing 5) dive bombs Hornet (defense 3) in Q7 with `ready` in Hornet's Ready box and the rest of
    Hornet's air arming; the Allies fire no AA, so the one bombing combat is rolled with `dice`."""
    s = umpired_game(**options)
    s["open_cards"] = open_cards
    for u in HORNET_AIR:
        put(s, u, "ready" if u in ready else "arming", area="us-hornet")
    battle(s, "Q7", {"ij-2sd": "us-hornet"}, "allied", "japanese")
    rng = ScriptedRng(dice)
    decide(s, "allied", {"verb": "cease_fire", "args": {}}, rng)
    assert rng.remaining == 0
    return s


def bombing_lines(s, role) -> list[str]:
    return [x["text"] for x in rules.view(s, role)["log"] if "bombing combat" in x.get("at", "")]


def read(s, role) -> str:
    v = rules.view(s, role)
    return json.dumps([v["log"], v.get("combats")])


# --- 18c, 4d3.3: the dive bombing modifier from a closed Ready box -------------------------------------------------

@pytest.mark.rule("18c")
@pytest.mark.rule("4d3.3")
def test_the_attacker_and_spectators_read_the_same_dive_bombing_whatever_is_in_the_closed_ready_box():
    # 1+5=6 (or 1+9=10 with S8 Ready) against 10+3=13: a miss either way. What Japan and a spectator read may not
    # tell whether a combat unit sat in Hornet's Ready box: the Allied card is closed (18c).
    with_s8 = dive_on_hornet(("us-s8",), [1, 10])
    scout_only = dive_on_hornet(("us-vv",), [1, 10])
    for role in ("japanese", SPECTATOR):
        assert read(with_s8, role) == read(scout_only, role), role
        assert "ready box" not in read(with_s8, role), role
    assert any("ready box +4" in t for t in bombing_lines(with_s8, "allied"))
    assert any("ready box +4" in t for t in bombing_lines(with_s8, UMPIRE))


@pytest.mark.rule("18c")
@pytest.mark.rule("4d3.3")
def test_the_owner_reads_the_parts_and_the_attacker_the_result_without_the_total():
    # 3+9=12 (bombing 5, ready box +4) against 7+3=10: Hornet 1 hit
    s = dive_on_hornet(("us-s8",), [3, 7])
    for role in ("japanese", SPECTATOR):
        said = bombing_lines(s, role)
        assert len(said) == 1 and "Hornet 1 hit" in said[0], role
        assert "+9" not in said[0] and "12" not in said[0] and "ready box" not in said[0], role
        assert all(c.get("attacker_number") is None for c in rules.view(s, role).get("combats") or []), role
    allied = bombing_lines(s, "allied")
    assert "Dive bombing: 2SD (+9, ready box +4) against Hornet (+3): 3+9=12 against 7+3=10: Hornet 1 hit." in allied
    # the owner's table of combats shows the combat once, with its dice
    (table,) = [c for c in rules.view(s, "allied")["combats"] if c["kind"] == "dive"]
    assert (table["attacker_number"], table["defender_number"], table["result"]) == (12, 10, "hit")


@pytest.mark.rule("2c")
def test_with_the_cards_open_the_breakdown_stays_public():
    # 2c: whoever watches the Allied card knows what is in Hornet's Ready box; nothing to keep from him
    s = dive_on_hornet(("us-s8",), [3, 7], open_cards=True)
    for role in ("japanese", SPECTATOR):
        assert any("(+9, ready box +4)" in t and "3+9=12" in t for t in bombing_lines(s, role)), role


@pytest.mark.rule("18c")
@pytest.mark.rule("11a")
def test_the_free_roll_marker_tells_its_attacking_holder_no_total_from_the_closed_card():
    # Japan holds the marker: after 1+9=10 against 5+3=8 (a hit, not Japan's best) it may roll again. Its prompt, and
    # the public line when it uses the marker, may not give the dice with the result (they would give the +4 away).
    s = umpired_game(free_roll=True)
    s["free_roll"]["holder"] = "japanese"
    for u in HORNET_AIR:
        put(s, u, "ready" if u == "us-s8" else "arming", area="us-hornet")
    battle(s, "Q7", {"ij-2sd": "us-hornet"}, "allied", "japanese")
    decide(s, "allied", {"verb": "cease_fire", "args": {}}, ScriptedRng([1, 5]))
    assert pending_decision(s) == ("free_roll", ["japanese"])
    prompt = free_roll.prompt(s, "japanese")
    assert "1 hit" in prompt["title"] and "10" not in prompt["title"], prompt["title"]
    assert "+9" not in json.dumps(prompt) and "attacker_total" not in json.dumps(prompt)
    decide(s, "japanese", {"verb": "free_roll", "args": {"use": True}}, ScriptedRng([1, 10]))
    for role in ("japanese", SPECTATOR):
        said = json.dumps(rules.view(s, role)["log"])
        assert "ready box" not in said and "+9" not in said and "the rolls 1 and 5" not in said, role
    assert any("the rolls 1 and 5" in t for t in lines(s, "allied"))


@pytest.mark.rule("18c")
@pytest.mark.rule("11e3.2")
def test_a_submarine_attack_tells_the_attacker_nothing_of_the_destroyers_now_in_the_closed_task_force():
    # The Allies spotted the Advance Force (N2) this Turn; since then Japan may have moved DD #14 into it (4e1, told to
    # its own side only). 1+0 against 10+0 (or 10+4 with DD #14's four destroyers): a miss either way.
    def attacked(with_dd14: bool) -> dict:
        s = example_10()
        s.update(umpired=True, open_cards=False, options={"submarines": True})
        search.answer(s, "allied", "N2", "Air search", at="test")
        if with_dd14:
            put(s, "ij-dd14", "ships", tf="ij-advance-force")
        submarine.attack(s, "allied", "ij-junyo", ScriptedRng([1, 10]))
        return s
    with_dd14, without = attacked(True), attacked(False)
    for role in ("allied", SPECTATOR):
        assert read(with_dd14, role) == read(without, role), role
        assert any("Junyo" in t and "no damage" in t for t in lines(with_dd14, role)), role
    assert any("destroyers +4" in t for t in lines(with_dd14, "japanese"))


# --- 18c2: a later search tells a fogged enemy unit as the side was told ------------------------------------------

def fogged_bombing(target: str, hex_id: str, dice, **options) -> dict:
    """Under the 18c2 fog, the Allied B8 (bombing 7) dive bombs `target` in `hex_id`; Japan fires no AA; `dice` are
    the combat's two and the umpire's fog die."""
    s = umpired_game(fog_damage=True, **options)
    battle(s, hex_id, {"us-b8": target}, "japanese", "allied")
    rng = ScriptedRng(dice)
    decide(s, "japanese", {"verb": "cease_fire", "args": {}}, rng)
    assert rng.remaining == 0
    return s


@pytest.mark.rule("18c2")
@pytest.mark.rule("3d3.2")
def test_a_later_search_reports_a_fogged_ship_as_the_side_was_told():
    # 2+7=9 against 5+3=8: Junyo 1 hit; the fog die 1 under-reports by two: the Allies are told "no damage"
    s = fogged_bombing("ij-junyo", "N2", [2, 5, 1])
    assert s["units"]["ij-junyo"]["hits"] == 1
    assert any("the umpire reports Junyo no damage" in t for t in lines(s, "allied"))
    search.answer(s, "allied", "N2", "Air search", at="Action Phase, air movement (3d)")
    (said,) = [t for t in lines(s, "allied") if t.startswith("Air search N2")]
    assert "Junyo," in said and "Junyo (" not in said, said
    (contact,) = rules.view(s, "allied")["searchboard"]["contacts"]
    junyo = next(r for r in contact["ships"] if r["id"] == "ij-junyo")
    assert (junyo["face"], junyo["hits"]) == ("front", 0)
    assert "1 hit" not in json.dumps(rules.view(s, "allied")["board"])
    # the owner and the umpire still know the truth
    assert s["units"]["ij-junyo"]["hits"] == 1


@pytest.mark.rule("18c2")
@pytest.mark.rule("15a1.2")
def test_a_two_times_search_counts_a_fogged_destroyer_by_the_side_it_was_told():
    """A reconstructed case: 15a1.2's table is cut after "tie or less", so its "2X" row (two times the opposing
    number or more) is rebuilt (data/options.toml [spotting] two_x_from); the ships counted by the symbols on the
    side the searcher was told is printed (15a1.2 SPECIAL NOTE, 18c2)."""
    # B8 dive bombs DD #14 (defense 2): 1+7=8 against 2+2=4, two times: flipped (4 ships a side up, 2 on the back).
    # The fog die 1 under-reports by two: 3 - 2 = 1 hit, DD #14 still front up as the Allies know it. A 2X search
    # (7 + 3 by day = 10 against 5) then counts the Vanguard Force's ships: Hiei, Kirishima, Tone, Chikuma, Nagara
    # and DD #14's 4 as told, 9; the truth (DD #14 back, 2) would say 7.
    s = fogged_bombing("ij-dd14", "L2", [1, 2, 1], variable_spotting=True)
    assert s["units"]["ij-dd14"]["face"] == "back"
    search.answer(s, "allied", "L2", "Air search", at="Action Phase, air movement (3d)", rng=ScriptedRng([7, 5]))
    (contact,) = rules.view(s, "allied")["searchboard"]["contacts"]
    assert (contact["result"], contact["count"]) == ("2X", 9)
    assert any("\"2X\": 9 ships" in t for t in lines(s, "allied"))


@pytest.mark.rule("18c2")
@pytest.mark.rule("3d3.2")
def test_a_ship_told_eliminated_and_found_afloat_is_reported_with_the_most_damage_short_of_that():
    # Junyo, on its back, takes a hit (2+7=9 against 5+2=7): back and 1 hit, four hits; the fog die 10 over-reports
    # by two: six, "eliminated". A later search finds it with the Advance Force: 3d3.2 reveals the ship units present,
    # so the Allies learn it is afloat, and no more: back and 2 hits, as near what they were told as it can be.
    s = umpired_game(fog_damage=True)
    s["units"]["ij-junyo"]["face"] = "back"
    battle(s, "N2", {"us-b8": "ij-junyo"}, "japanese", "allied")
    decide(s, "japanese", {"verb": "cease_fire", "args": {}}, ScriptedRng([2, 5, 10]))
    assert (s["units"]["ij-junyo"]["face"], s["units"]["ij-junyo"]["hits"]) == ("back", 1)
    assert any("the umpire reports Junyo eliminated" in t for t in lines(s, "allied"))
    search.answer(s, "allied", "N2", "Air search", at="Action Phase, air movement (3d)")
    (said,) = [t for t in lines(s, "allied") if t.startswith("Air search N2")]
    assert "Junyo (back, 2 hits)" in said, said
    assert "ij-junyo" in submarine.targets(s, "allied")  # no longer believed sunk


@pytest.mark.rule("18c2")
@pytest.mark.rule("4a3")
def test_a_fogged_air_unit_striking_again_is_shown_as_the_defender_was_told():
    # Hornet's AA (4) at 1SD (defense 1): 3+4=7 against 2+1=3, two times: 1SD flipped. The fog die 1 under-reports by
    # two: the Allies are told "1 hit". When 1SD strikes again, the Allies see it as told, Japan as it is.
    s = umpired_game(fog_damage=True)
    battle(s, "Q7", {"ij-1sd": "us-hornet"}, "allied", "japanese")
    # no other gun reaches 1SD, so its dive bombing follows at once: 1+2 against 10+3, a miss
    decide(s, "allied", {"verb": "fire", "args": {"guns": ["us-hornet"], "target": "ij-1sd"}},
           ScriptedRng([3, 2, 1, 1, 10]))
    assert s["units"]["ij-1sd"]["face"] == "back"
    assert any("the umpire reports 1SD 1 hit" in t for t in lines(s, "allied"))
    s["battles"] = sequence.battle_hexes(s)  # 1SD, still over Q7, strikes again
    def strike(role):
        (b,) = rules.view(s, role)["battles"]
        return next((r["face"], r["hits"]) for r in b["air"] if r["id"] == "ij-1sd")
    assert strike("allied") == ("front", 1)
    assert strike("japanese") == strike(UMPIRE) == ("back", 0)


@pytest.mark.rule("18c2")
@pytest.mark.rule("4a3")
def test_an_air_unit_told_eliminated_that_strikes_again_is_afloat_after_all():
    # The Allies are told 1SD was eliminated; it strikes again next Turn: they meet it afloat (4a3), and from then on
    # believe it as near what they were told as it can be (fog.afloat), not as it is.
    s = umpired_game(fog_damage=True)
    s["units"]["ij-1sd"]["face"] = "back"  # defense 0, bombing 2
    battle(s, "Q7", {"ij-1sd": "us-hornet"}, "allied", "japanese")
    # Hornet's AA 4: 1+4=5 against 3+0=3: a hit (5 < 6), 1SD back and 1 hit, four hits; the die 10: six, eliminated.
    # Its dive bombing follows: 1+1 against 10+3, a miss.
    decide(s, "allied", {"verb": "fire", "args": {"guns": ["us-hornet"], "target": "ij-1sd"}},
           ScriptedRng([1, 3, 10, 1, 10]))
    assert (s["units"]["ij-1sd"]["face"], s["units"]["ij-1sd"]["hits"]) == ("back", 1)
    assert any("the umpire reports 1SD eliminated" in t for t in lines(s, "allied"))
    sequence.combat_phase(s, ScriptedRng([]))  # 1SD, still over Q7, strikes again: the Allies meet it afloat
    (b,) = rules.view(s, "allied")["battles"]
    assert [(r["face"], r["hits"]) for r in b["air"] if r["id"] == "ij-1sd"] == [("back", 2)]
    assert not fog.as_seen(s, "allied", "ij-1sd")["eliminated"]


# --- 18c1: the umpire answers each search; the searched side learns nothing of the searcher's route -----------------

@pytest.mark.rule("18c1")
@pytest.mark.rule("3d3.2")
def test_the_searched_side_reads_none_of_the_enemys_air_searches_in_umpired_play():
    # Japan's scout AA announces Q3 (empty: TF 17 is in Q5); the Allied scout SS announces N2 (the Advance Force)
    s = to_scouts(umpired_day())
    s = play(s, "japanese", AA_TO_Q3)
    s = play(s, "allied", SS_TO_N2)
    s = play(s, UMPIRE, ADVANCE)
    assert any(t.startswith("Air search Q3: nothing") for t in lines(s, "japanese"))
    assert any(t.startswith("Air search N2: a task force marker is spotted") for t in lines(s, "allied"))
    assert not any("Q3" in t for t in lines(s, "allied")), "the Allies read where the Japanese scout searched"
    assert not any("search" in t and "N2" in t for t in lines(s, "japanese")), "Japan reads the Allied search"
    for t in ("Japanese air search Q3", "Allied air search N2"):
        assert any(x.startswith(t) for x in lines(s, UMPIRE)), t
        assert not any(t in x for x in lines(s, SPECTATOR)), t


@pytest.mark.rule("18c1")
@pytest.mark.rule("3d5")
def test_the_searched_side_does_not_read_the_hexes_the_enemy_calls_in_a_sea_search_in_umpired_play():
    # A sea search calls hexes holding the caller's own task forces (3d5): read by the enemy, it would place them
    s = to_scouts(umpired_day())
    s = play(s, "japanese", AA_TO_Q3)
    s = play(s, "allied", SS_TO_N2)
    s = play(s, UMPIRE, ADVANCE)
    s = play(s, "allied", fly(["us-b8", "us-t6"], ["Q4", "P3", "O3"], ["O3"]))
    s = play(s, UMPIRE, ADVANCE)
    s = play(s, "japanese", sea_search("N2"))
    s = play(s, "allied", sea_search("Q5"))
    s = play(s, UMPIRE, ADVANCE)
    assert any(t.startswith("Sea search N2: nothing") for t in lines(s, "japanese"))
    assert not any("N2" in t and "sea search" in t for t in lines(s, "allied"))
    assert not any("Q5" in t and "sea search" in t for t in lines(s, "japanese"))
    assert not any("O3" in t for t in lines(s, "japanese")), "Japan reads the hex the Allied strike searched"
    assert any("Japanese sea search N2" in t for t in lines(s, UMPIRE))


# --- the secrecy harness over umpired games: every reader, during combats and after searches ------------------------
# The static check (app/engine/testing.py) changes a position's hidden things and compares the views; a log line is
# written once, so it cannot see what a line said when it was written. The checks after it play the same order, with
# the same dice, from a position and from the position with only one hidden thing changed (a Ready box, the hexes a
# side announced, the truth of a fogged unit), and compare what the readers who may not know it read afterwards.

UMPIRED = ({"umpired": True}, {"umpired": True, "fog_damage": True})  # the cards closed (18c), with or without 18c2
SEEDS = range(3)  # seeds 0-2 of Scenario Two meet in battles, dive bombing ships, and search fogged units


def umpired_playout(options: dict, seed: int):
    """A random game of Scenario Two (its forces meet often enough for dive bombing on ships), umpired with
    `options`: yields (state, role, action, dice seed) before each order, then plays it."""
    players, dice = SeededRng(seed * 2 + 1), SeededRng(seed * 2)
    s = rules.setup("2", dict(rules.meta.default_options(), **options), dice)
    # the random players choose each bombing combat and the battle order themselves (the standing orders of 4d2 and
    # 4 cancelled), as they did before the orders existed: the seeds' games, and what they meet again, stay the same
    s["standing"] = standing_orders.cancelled(SIDES)
    for n in range(3000):
        if rules.outcome(s) is not None:
            return
        role = players.choice(sorted(rules.prompts(s)))
        action = random_action(rules, s, role, players)
        yield s, role, action, seed * 10000 + n
        s = rules.apply(s, role, action, SeededRng(seed * 10000 + n))


def after(state: dict, role: str, action: dict, dice: int) -> dict:
    return rules.apply(copy.deepcopy(state), role, action, SeededRng(dice))


def damage(state: dict) -> dict:
    """Every unit's true damage (4b5), the one thing a changed Ready box may change for everyone (the result)."""
    return {u: (r["face"], r["hits"], bool(r.get("eliminated")) or r["box"] == "eliminated")
            for u, r in state["units"].items()}


def dive_targets(state: dict) -> list[str]:
    """The ships about to be dive bombed in the battle being fought: set up as targets of dive bombers (4a3), still in
    the AA or bombing step."""
    c = state.get("combat") or {}
    if state["step"]["kind"] != "combat" or c.get("step") not in ("aa", "bombing"):
        return []
    board = bt.board(state)
    return sorted({board[u]["target"] for u in bt.attackers_on_board(state) if board[u].get("target")
                   and bt.kind(board[u]["target"]) == "ship" and category(u, board[u]["target"]) == "dive"})


def ready_box_turned(state: dict, ships: list[str]) -> dict | None:
    """The position with only the defender's hidden Ready boxes changed (4d3.3, 18c): the combat air units taken out
    of a target's Ready box into its Arming box, or, for a target with none, one of the defender's combat air units
    in an Arming or Ready box anywhere put into it. None if the defender has no such unit to move."""
    s = copy.deepcopy(state)
    for ship in ships:
        ready = bombing.ready_combat_air(s, ship)
        for a in ready:
            s["units"][a]["box"] = "arming"
        spare = [a for a, r in s["units"].items() if r["side"] == bt.side_of(ship) and r["kind"] == "air"
                 and r["box"] in ("arming", "ready") and not units.is_scout(a) and a not in ready]
        if not ready and spare:
            s["units"][spare[0]].update(box="ready", location={"area": ship})
    return s if s["units"] != state["units"] else None


def answered(state: dict, since: int) -> bool:
    """Whether the log's lines from `since` on answer a search (3d3.2, 3d5): each names the hex searched."""
    return any((x.get("data") or {}).get("hex") and "search" in x["text"].lower() for x in state["log"][since:])


@pytest.mark.rule("18b")
@pytest.mark.rule("18c")
@pytest.mark.rule("18c2")
@pytest.mark.parametrize("options", UMPIRED, ids=["umpired", "umpired-fog"])
def test_every_reader_in_umpired_games_during_combats_and_after_searches(options):
    # Two positions of each kind a game: about to dive bomb a ship (4d3.3), and just after searches were answered
    checked = {"combat": 0, "search": 0}
    for seed in SEEDS:
        seen, since = {"combat": 0, "search": 0}, 0
        for s, _role, _action, _dice in umpired_playout(options, seed):
            kind = "combat" if dive_targets(s) else "search" if answered(s, since) else None
            since = len(s["log"])
            if kind is None or seen[kind] >= 2:
                continue
            check_every_reader(rules, s, SeededRng(seed))
            seen[kind] += 1
        checked = {k: n + seen[k] for k, n in checked.items()}
    assert checked["combat"] > 0 and checked["search"] > 0, checked


@pytest.mark.rule("18c")
@pytest.mark.rule("4d3.3")
@pytest.mark.parametrize("options", UMPIRED, ids=["umpired", "umpired-fog"])
def test_the_defenders_hidden_ready_box_never_changes_what_the_attacker_or_a_spectator_reads(options):
    compared = rolled = 0
    for seed in SEEDS:
        for s, role, action, dice in umpired_playout(options, seed):
            ships = dive_targets(s)
            turned = ready_box_turned(s, ships) if ships else None
            if turned is None:
                continue  # no dive bombing to come, or no combat air unit of the defender's to move
            one, other = after(s, role, action, dice), after(turned, role, action, dice)
            if damage(one) != damage(other):
                continue  # the +4 changed the result itself, which everyone may know (4b4)
            for reader in (bt.battle(s)["attacker"], SPECTATOR):
                assert read(one, reader) == read(other, reader), (seed, reader, action)
            compared += 1
            rolled += any((x.get("data") or {}).get("combat") == "dive" for x in one["log"][len(s["log"]):])
    assert compared > 0 and rolled > 0, (compared, rolled)


SEARCHING = ("scouts", "strikes", "sea_search")  # the simultaneous steps whose orders announce searches (18c1)


def searches_turned(state: dict) -> tuple[str, dict] | None:
    """At the umpire's release of a step that searches: the side whose orders are in, and the position with only its
    announced hexes changed (3d3.1, 3d5): a flight's every hex entered announced or none, a sea search's hexes called
    or none. None elsewhere."""
    if not umpire_gate.held(state) or state["step"]["kind"] not in SEARCHING:
        return None
    side = next((x for x in sorted(state["step"].get("in") or {}) if state["step"]["in"][x]), None)
    if side is None:
        return None
    s = copy.deepcopy(state)
    order = s["step"]["in"][side]
    for f in (order.get("flights") or {}).values():
        entered = list(dict.fromkeys(f["path"]))
        f["search"] = [] if f["search"] == entered else entered
    if "args" in order:
        order["args"]["hexes"] = [] if order["args"]["hexes"] else air.callable_hexes(s, side)
    return (side, s) if s["step"]["in"] != state["step"]["in"] else None


@pytest.mark.rule("18c1")
@pytest.mark.rule("3d3.2")
@pytest.mark.parametrize("options", UMPIRED, ids=["umpired", "umpired-fog"])
def test_where_a_side_searched_never_changes_what_the_enemy_or_a_spectator_reads(options):
    compared = 0
    for seed in SEEDS:
        for s, role, action, dice in umpired_playout(options, seed):
            turned = searches_turned(s)
            if turned is None:
                continue
            side, other = turned
            one, two = after(s, role, action, dice), after(other, role, action, dice)
            for reader in (enemy(side), SPECTATOR):
                assert read(one, reader) == read(two, reader), (seed, side, reader)
            compared += 1
    assert compared > 0


def truth_turned(state: dict, side: str) -> dict | None:
    """The position with only the true damage of the enemy units `side` was told of changed (18c2, as
    hidden.perturb changes it), or None if it was told of none."""
    fogged = [u for u in hidden.fogged(state, side, enemy(side)) if not fog.shown(state["units"][u])["eliminated"]]
    if not fogged:
        return None
    s = copy.deepcopy(state)
    for u in fogged:
        s["units"][u]["hits"] = 1 - min(s["units"][u]["hits"], 1)
    return s


def meets(state: dict, later: dict, side: str) -> bool:
    """Whether `side` met again, between the two positions, an enemy unit it was told of: a search found it or it
    struck (the lines naming it)."""
    names = {state["units"][u]["name"] for u in hidden.fogged(state, side, enemy(side))}
    return any(n in x["text"] and ("search" in x["text"] or "strike arrives" in x["text"])
               for x in later["log"][len(state["log"]):] for n in names)


@pytest.mark.rule("18c2")
@pytest.mark.rule("3d3.2")
def test_the_true_damage_of_an_enemy_unit_a_side_was_told_of_never_changes_what_it_reads_when_meeting_it_again():
    # At each release by the umpire (the searches carried out, the strikes met at the Combat Phase): with only the
    # truth of the fogged units changed, the side that was told of them, and a spectator, read the same.
    compared = met = 0
    for seed in (*SEEDS, 10):  # seed 10: a side meets a fogged enemy unit again (the sea movement form's standing
        for s, role, action, dice in umpired_playout({"umpired": True, "fog_damage": True}, seed):  # boxes, drawn at
            if not umpire_gate.held(s):  # random since issue 34, moved the seeds' games)
                continue
            for side in SIDES:
                turned = truth_turned(s, side)
                if turned is None:
                    continue
                one, two = after(s, role, action, dice), after(turned, role, action, dice)
                for reader in (side, SPECTATOR):
                    assert read(one, reader) == read(two, reader), (seed, side, reader)
                    assert rules.view(one, reader).get("battles") == rules.view(two, reader).get("battles"), \
                        (seed, side, reader)
                compared += 1
                met += meets(s, one, side)
    assert compared > 0 and met > 0, (compared, met)
