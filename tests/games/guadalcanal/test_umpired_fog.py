"""What each reader learns in umpired play (18) with the Operations Cards closed (18c): of a combat's modifiers that
come from the defender's card (4d3.3's Ready box), of an enemy unit's damage under the 18c2 fog after a later search
(3d3.2), and of the enemy's searches (18c1: the umpire answers them). Each test reads what a player would: the log
and the board of `rules.view(state, role)`, for each side, the umpire and a spectator."""
from __future__ import annotations

import json

import pytest

from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.rng import ScriptedRng
from app.games.guadalcanal import rules, search, submarine
from app.games.guadalcanal.combat import begin_combat, decide, free_roll, pending_decision
from tests.games.guadalcanal.helpers import ALLIED_DEPLOY, JAPANESE_DEPLOY, example_10, lines, put

HORNET_AIR = ("us-b8", "us-s8", "us-t6", "us-ss", "us-vv")
BATTLEBOARD = ["E5", "J5", "O5", "E10", "J10", "O10"]  # far enough apart for 4a2, none on the edge


def umpired_game(**options) -> dict:
    """Scenario 1, umpired, both sides set up (TF 17 in Q7, the Advance Force in N2, the Vanguard Force in L2), the
    umpire's roll made (Japan Side A); a day Turn, so that searches add the day's +3 under 15a."""
    s = rules.setup("1", {"umpired": True, **options}, ScriptedRng())
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
