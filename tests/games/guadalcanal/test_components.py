"""The game's equipment (1a-1g) as the players meet it, and the counters checked against the facts the Battle
Manual's background states about the warships and aircraft (8d, 8d1, 8e, 8e1, 8e2)."""
import re
from collections import Counter

import pytest

from app.engine.rng import ScriptedRng, SeededRng
from app.games.guadalcanal import rules
from app.games.guadalcanal.combat import units as counters
from app.games.guadalcanal.gamedata import AREAS, SCENARIOS
from app.games.guadalcanal.searchboard import is_hex
from tests.games.guadalcanal.helpers import (
    deployed,
    example_10,
    fly,
    lines,
    play,
    take_off,
)

UNITS = counters.units()


def of(kind, side=None, types=None):
    return {u: r for u, r in UNITS.items() if r["kind"] == kind and (side is None or r["side"] == side)
            and (types is None or r["type"] in types)}


def factor(uid, key):
    return UNITS[uid].get(key, 0)


# --- 1: Game Equipment ---------------------------------------------------------------------------------------------

@pytest.mark.rule("1a")
def test_each_player_has_a_searchboard_of_lettered_hexes_with_green_islands_and_roman_numeral_set_up_areas():
    board = rules.view(deployed(), "allied")["board"]
    assert board["id"] == "searchboard" and board["grid"]["ids"] == "A1"
    setup = {a["label"] for a in board["areas"] if a["kind"] == "setup"}
    assert {"Area I", "Area II", "Area III", "Area IV", "Area V"} <= setup
    assert any(a["kind"] == "land" and "N6" in a["hexes"] for a in board["areas"])  # Guadalcanal, in green
    assert all(re.fullmatch(r"[A-Z]\d{1,2}", h) for hexes in AREAS.values() for h in hexes)
    # The third board, the Battleboard, is open ocean with hexes of the same letter-number code (10b: G10-K14).
    from app.games.guadalcanal.combat.tables import grid
    assert all(grid().is_hex(h) for h in ("G10", "K14", "I11", "L11")) and not grid().is_hex("U1")


@pytest.mark.rule("1b")
def test_every_playing_piece_belongs_to_the_allied_or_the_japanese_side():
    assert {r["side"] for r in UNITS.values()} == {"allied", "japanese"}
    assert all(u.split("-")[0] == {"allied": "us", "japanese": "ij"}[r["side"]] for u, r in UNITS.items())
    pieces = rules.view(deployed(), "allied")["board"]["pieces"]
    assert {p["side"] for p in pieces} == {"allied", "japanese"}  # own task forces; both sides' base units


@pytest.mark.rule("1b1")
def test_units_are_ships_aircraft_and_bases_and_a_unit_set_up_back_shows_its_striped_side():
    assert Counter(r["kind"] for r in UNITS.values()).keys() == {"ship", "air", "base"}
    two_sided = [u for u in UNITS if counters.has_back(u) or UNITS[u].get("elim_back")]
    assert len(two_sided) > len(UNITS) / 2  # "most are printed on both sides"
    s = deployed()  # Scenario One: SB141, S71, B6 and T8 at Henderson start on their backs (7b2)
    henderson = next(a for a in rules.view(s, "japanese")["cards"]["allied"]["areas"] if a["name"] == "Henderson")
    faces = {x["name"]: x["face"] for x in henderson["arming"] + henderson["ready"]}
    assert faces == {"SB141": "back", "S71": "back", "B6": "back", "T8": "back", "AA": "front", "FF": "front",
                     "GG": "front"}


@pytest.mark.rule("1b2")
def test_markers_turn_and_date_task_force_and_enemy_task_force():
    s = deployed(dice=(6, 4))
    view = rules.view(s, "japanese")
    assert view["sides"]["A"] == "allied" and view["sides"]["B"] == "japanese"  # the Turn markers' two sides
    assert (view["time"]["date"], view["time"]["turn"]) == ("OCT 27", 1)  # the Date marker and the Turn
    assert {t["name"] for t in view["searchboard"]["task_forces"]} == {"Advance Force", "Striking Force",
                                                                       "Vanguard Force"}
    assert {t["name"] for t in rules.view(s, "allied")["cards"]["allied"]["task_forces"]} == {"Task Force 16",
                                                                                             "Task Force 17"}
    # An Enemy Task Force marker, numbered, placed "Exact" side up when a search spots a task force (3d3.3).
    s = play(example_10(), "allied", take_off("us-ss"))
    for role, verb in (("allied", "shift"), ("japanese", "shift"), ("allied", "move"), ("japanese", "move")):
        args = {"to_ready": [], "to_arming": []} if verb == "shift" else {"moves": {}}
        s = play(s, role, {"verb": verb, "args": args})
    s = play(s, "allied", fly(["us-ss"], ["P4", "O4", "N3", "N2"], ["N2"]))
    contact = rules.view(s, "allied")["searchboard"]["contacts"][0]
    assert (contact["marker"], contact["hex"], contact["exact"]) == (1, "N2", True)


@pytest.mark.rule("1c")
def test_the_screen_hides_each_sides_searchboard_moves_from_the_other():
    s = deployed(dice=(6, 4))  # Japan is Side B and moves first; the Allies then move Task Force 17 Q7 -> Q6
    dice = SeededRng(3)
    while not (s["step"]["kind"] == "sea" and s["step"]["side"] == "allied"):
        role = min(rules.prompts(s))
        s = rules.apply(s, role, rules.default_action(s, role), dice)
    before = rules.view(s, "japanese")
    s = rules.apply(s, "allied", {"verb": "move", "args": {"moves": {"us-tf17": "Q6"}}}, ScriptedRng())
    assert {t["name"]: t["hex"] for t in rules.view(s, "allied")["searchboard"]["task_forces"]}["Task Force 17"] == "Q6"
    after = rules.view(s, "japanese")
    assert after["board"]["pieces"] == before["board"]["pieces"] and after["searchboard"] == before["searchboard"]
    assert not any("Q6" in t for t in lines(s, "japanese"))


@pytest.mark.rule("1d")
def test_each_side_has_an_operations_card_holding_its_ships_and_air_units_off_the_boards():
    view = rules.view(deployed(), "allied")
    assert set(view["cards"]) == {"allied", "japanese"}  # the enemy's card is watched (2c), not hidden
    card = view["cards"]["allied"]
    tf16 = next(t for t in card["task_forces"] if t["name"] == "Task Force 16")
    assert [x["name"] for x in tf16["ships"]] == ["Enterprise", "S. Dakota", "Portland", "San Juan", "DD #9", "DD #10"]
    enterprise = next(a for a in card["areas"] if a["name"] == "Enterprise")
    assert (enterprise["capacity"], enterprise["launch"]) == (8, 4)
    assert sorted(x["name"] for x in enterprise["arming"] + enterprise["ready"]) == ["B10", "RR", "S10", "T10", "UU"]


@pytest.mark.rule("1e")
def test_the_rules_sheet_is_the_basic_game_every_scenario_is_played_by():
    assert all("Basic Game" in sc.description for sc in rules.meta.scenarios if sc.id in SCENARIOS)
    assert all("option 16" in sc.description for sc in rules.meta.scenarios if sc.id in ("5", "6"))  # 7f, 7g
    s = rules.setup("2", {}, ScriptedRng())
    assert not [u for u, r in s["units"].items() if r["kind"] == "air" and r["type"] == "F"]


@pytest.mark.rule("1f")
def test_a_die_reads_0_as_10_the_highest_possible_roll():
    s = deployed(dice=(10, 9))  # the Allied die shows "0": 10 beats 9
    assert s["sides"] == {"A": "allied", "B": "japanese", "rolls": {"allied": 10, "japanese": 9}}
    assert "Sides roll: Allied 10, Japanese 9: Allied is Side A" in " ".join(lines(s, "japanese"))
    rng = SeededRng(1)
    rolls = Counter(rng.d10() for _ in range(2000))
    assert set(rolls) == set(range(1, 11))  # 1 to 10: never a 0


@pytest.mark.rule("1g")
def test_the_battle_manuals_scenarios_are_offered_by_their_section():
    offered = {sc.id: (sc.rule, sc.title) for sc in rules.meta.scenarios}
    assert [offered[k][0] for k in sorted(offered)] == ["7b", "7c", "7d", "7e", "7f", "7g"]
    assert all(SCENARIOS[k]["provenance"].startswith(f"printed {offered[k][0]}1") for k in offered if k in SCENARIOS)


# --- 8: Background: the warships and aircraft the counters must agree with -----------------------------------------

@pytest.mark.rule("8d")
def test_no_australian_or_new_zealand_ship_appears_in_any_scenario():
    commonwealth = {"Australia", "Canberra", "Hobart", "Achilles", "Leander"}
    names = {UNITS[u]["name"] for sc in SCENARIOS.values() for tf in sc["task_force"] for u in tf["ships"]}
    assert not names & commonwealth
    # Japanese torpedo training against Allied gunnery: Japanese destroyers out-torpedo Allied ones.
    assert min(factor(u, "torpedo") for u in of("ship", "japanese", ("DD",))) > \
        max(factor(u, "torpedo") for u in of("ship", "allied", ("DD",)))


@pytest.mark.rule("8d1")
def test_the_warship_classes_agree_with_the_general_warship_discussion():
    types = {r["type"] for r in of("ship").values()}
    assert types <= {"AP", "APD", "AV", "BB", "CA", "CL", "CV", "CVL", "DD"}
    assert {r["type"] for r in of("ship", "allied").values()}.isdisjoint({"CVL", "AV"})  # Japanese CVL; no Allied AV
    # Floatplanes on battleships and cruisers are ignored: only carriers and seaplane tenders carry air units.
    assert {r["type"] for r in of("ship").values() if r.get("capacity")} == {"CV", "CVL", "AV"}
    assert all(r["basing"] == "yellow" for u, r in of("air", "japanese").items() if r["name"].startswith("JK"))
    kongo = ("ij-kongo", "ij-haruna", "ij-hiei", "ij-kirishima")
    new_us = ("us-north-carolina", "us-s-dakota", "us-washington")
    assert all(UNITS[u]["type"] == "BB" for u in kongo + new_us + ("ij-mutsu",))
    assert max(factor(u, "defense") for u in kongo) < min(factor(u, "defense") for u in new_us)  # thin armour
    assert factor("ij-mutsu", "movement") < min(factor(u, "movement") for u in kongo)  # slow
    assert factor("ij-mutsu", "surface") > max(factor(u, "surface") for u in kongo)  # heavily armed
    atlanta = ("us-atlanta", "us-juneau", "us-san-diego", "us-san-juan")
    assert min(factor(u, "aa") for u in atlanta) > max(factor(u, "aa") for u in ("us-helena", *of("ship", "allied",
                                                                                                      ("CA",))))
    us_ca, ij_ca = of("ship", "allied", ("CA",)), of("ship", "japanese", ("CA",))
    assert min(factor(u, "surface") for u in ij_ca) > max(factor(u, "surface") for u in us_ca)
    assert factor("us-helena", "surface") >= max(factor(u, "surface") for u in us_ca)
    assert all(factor(u, "torpedo") > 0 for u in {**ij_ca, **of("ship", "japanese", ("CL",))})  # long lance
    assert all(factor(u, "torpedo") == 0 for u in us_ca)


@pytest.mark.rule("8e")
def test_every_air_unit_has_one_of_the_printed_aircraft_types():
    assert {r["type"] for r in of("air").values()} == {"D", "F", "H", "M", "S", "T"}
    assert {r["basing"] for r in of("air").values()} == {"green", "yellow", "white"}


@pytest.mark.rule("8e1")
def test_japanese_air_units_carry_their_wartime_designations():
    carriers = {"S": "Shokaku", "Z": "Zuikaku", "J": "Junyo", "R": "Ryujo", "Zh": "Zuiho", "H": "Hiyo"}
    for r in of("air", "japanese", ("D", "F", "T")).values():
        m = re.fullmatch(r"([12]?)(Zh|[SZJRH])([FDT])", r["name"])
        if r["basing"] == "white":  # carrier squadrons: ship letter, then the type (1SF: Shokaku Fighter)
            assert m and m.group(3) == r["type"] and m.group(2) in carriers, r["name"]
        else:  # land air groups keep their 1942 names (AG3, KS, TN ...), not November's three-digit numbers
            assert re.fullmatch(r"[12]?(TN|KS|KY|MS)|AG(2|3|4|6|253)D?", r["name"]), r["name"]
    assert (UNITS["ij-1sf"]["type"], UNITS["ij-2sf"]["type"]) == ("F", "F")  # two units, one squadron
    assert {UNITS[u]["type"] for u in ("ij-ks", "ij-ky", "ij-ms", "ij-ag4")} == {"T"}  # Bettys: torpedo attacks
    assert UNITS["ij-yk"]["type"] == "S" and UNITS["ij-yk"]["basing"] == "yellow"  # Yokohama's flying boats


@pytest.mark.rule("8e2")
def test_allied_air_units_carry_their_squadron_designations():
    kinds = {"F": "F", "B": "D", "S": "D", "T": "T", "SB": "D", "BG": ("H", "M"), "FG": "F"}
    for r in of("air", "allied").values():
        if r["type"] == "S":
            continue
        m = re.fullmatch(r"(\d?)(SB|BG|FG|[FBST])(\d+)", r["name"])
        assert m and r["type"] in kinds[m.group(2)], r["name"]
        carrier = m.group(2) in "FBST" and int(m.group(3)) < 100
        assert r["basing"] == ("white" if carrier else "green"), r["name"]  # Marine and Army units are land based
    # Enterprise at the Eastern Solomons: Fighting 6 (two units), Bombing 6, Scouting 5, Torpedo 3 (also 7c2).
    tf16 = next(tf for tf in SCENARIOS["2"]["task_force"] if tf["id"] == "us-tf16")
    assert tf16["air"]["us-enterprise"][:3] == ["us-b6", "us-s5", "us-t3"]
    assert [UNITS[u]["type"] for u in ("us-1f6", "us-2f6", "us-b6", "us-s5", "us-t3")] == ["F", "F", "D", "D", "T"]
    assert UNITS["us-1fg347"]["type"] == "F" and is_hex("N6")
