"""What each reader learns in umpired play (18) with the Operations Cards closed (18c): of a combat's modifiers that
come from the defender's card (4d3.3's Ready box), of an enemy unit's damage under the 18c2 fog after a later search
(3d3.2), and of the enemy's searches (18c1: the umpire answers them). Each test reads what a player would: the log
and the board of `rules.view(state, role)`, for each side, the umpire and a spectator."""
from __future__ import annotations

import json

import pytest

from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.rng import ScriptedRng
from app.games.guadalcanal import fog, rules, search, sequence, submarine
from app.games.guadalcanal.combat import begin_combat, decide, free_roll, pending_decision
from tests.games.guadalcanal.helpers import (ALLIED_DEPLOY, JAPANESE_DEPLOY, example_10, fly, lines, play, put,
                                            sea_search)
from tests.games.guadalcanal.test_umpired import AA_TO_Q3, ADVANCE, SS_TO_N2, to_scouts, umpired_day

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
