"""Unit Breakdown (with the USN Errata's Allied table): divisions break down into brigades or regiments in their own
Land Movement Phase, and rebuild when all their parts are stacked in one hex. The components are land units like
any other: seen, supplied, fought and scored as such."""
import json
import re

import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.usn import board, breakdown, land, strength

from .helpers import R, act, at, deployed, texts
from .situations import deployed as deployed_in
from .situations import play

LAE, PORT_MORESBY_SIDE = "0692", "0693"


def land_move(s, role, **args):
    args.setdefault("moves", {})
    args.setdefault("entrench", [])
    args.setdefault("disentrench", [])
    return act(s, role, "land_move", **args)


def santa_cruz(side):
    """Santa Cruz: the Japanese 20-40 Division (J-L1) and the entrenched Allied 50-60 Division (A-L1) on Guadalcanal."""
    return at(deployed_in("santa_cruz"), "land_move", side)


def lae_division(name="20-40 Division", uid="J-L1"):
    """The Coral Sea position with the regiment at Lae made a division of the printed type (Lae may cross the
    errata's mountain hexside to 0693)."""
    s = at(deployed(), "land_move", "japanese")
    t = board.LAND_TYPES[name]
    s["land"][uid].update(name=name, kind=t["kind"], attack=t["attack"], defense=t["defense"],
                          tp=t["transport_points"], vp=t["vp"])
    return s


def seen(s, role, side):
    return sorted((u["id"], u["name"], u["attack"], u["defense"], u["hex"]) for u in R.view(s, role)["land"]
                  if u["side"] == side)


@pytest.mark.rule("Unit Breakdown")
def test_a_japanese_division_breaks_down_into_two_8_18_brigades_in_its_land_movement_phase():
    s = land_move(santa_cruz("japanese"), "japanese", **{"break": {"J-L1": "brigades"}})
    want = [("J-L1", "8-18 Brigade", 8, 18, "0828"), ("J-L1.2", "8-18 Brigade", 8, 18, "0828")]
    assert seen(s, "allied", "japanese") == want == seen(s, "japanese", "japanese")  # face up, as every land unit
    assert "20-40 Division at hex 0828 breaks down into 2 8-18 Brigades" in texts(s, "allied")
    assert [s["land"][u]["tp"] for u in ("J-L1", "J-L1.2")] == [6, 6]  # Transport Points: a Japanese brigade 6


@pytest.mark.rule("Unit Breakdown")
def test_a_division_breaks_into_three_6_12_regiments_and_they_move_in_the_same_phase():
    s = lae_division()
    s = land_move(s, "japanese", moves={"J-L1.2": PORT_MORESBY_SIDE}, **{"break": {"J-L1": "regiments"}})
    assert seen(s, "allied", "japanese")[:3] == [("J-L1", "6-12 Regiment", 6, 12, LAE),
                                                 ("J-L1.2", "6-12 Regiment", 6, 12, PORT_MORESBY_SIDE),
                                                 ("J-L1.3", "6-12 Regiment", 6, 12, LAE)]


@pytest.mark.rule("Unit Breakdown")
def test_the_prompt_offers_the_breakdown_of_divisions_ashore_only():
    args = R.prompts(santa_cruz("japanese"))["japanese"]["actions"][0]["args"]
    assert args["break"]["each"]["ids"] == ["J-L1"]
    assert set(args["break"]["each"]["each"]["choices"]) == {"brigades", "regiments"}
    assert "break" not in R.prompts(at(deployed(), "land_move", "japanese"))["japanese"]["actions"][0]["args"]


@pytest.mark.rule("Errata: Unit Breakdown")
def test_the_marine_division_breaks_into_three_10_15_marine_regiments_keeping_its_entrenchment():
    s = land_move(santa_cruz("allied"), "allied", **{"break": {"A-L1": "regiments"}})
    marines = [u for u in seen(s, "japanese", "allied") if u[0].startswith("A-L1")]
    assert marines == [(f"A-L1{x}", "10-15 Marine Regiment", 10, 15, "0828") for x in ("", ".2", ".3")]
    assert all(s["land"][u]["entrenched"] for u in ("A-L1", "A-L1.2", "A-L1.3"))  # breaking down is no move


@pytest.mark.rule("Errata: Unit Breakdown")
def test_an_allied_division_breaks_into_regiments_only_never_brigades():
    s = at(deployed(), "land_move", "allied")
    t = board.LAND_TYPES["30-50 Division"]
    s["land"]["A-L1"].update(name="30-50 Division", attack=t["attack"], defense=t["defense"], vp=t["vp"])
    with pytest.raises(IllegalAction, match="breaks down only into regiments") as e:
        land_move(s, "allied", **{"break": {"A-L1": "brigades"}})
    assert e.value.rule == "Errata: Unit Breakdown"
    s = land_move(s, "allied", **{"break": {"A-L1": "regiments"}})
    assert [u[1:4] for u in seen(s, "japanese", "allied")] == [("8-15 Regiment", 8, 15)] * 3


@pytest.mark.rule("Unit Breakdown")
def test_units_may_not_break_down_to_battalions():
    s = at(deployed(), "land_move", "japanese")  # J-L1: the 6-12 Regiment at Lae
    with pytest.raises(IllegalAction, match="may not break down to battalions") as e:
        land_move(s, "japanese", **{"break": {"J-L1": "regiments"}})
    assert e.value.rule == "Unit Breakdown" and s["land"]["J-L1"]["name"] == "6-12 Regiment"


@pytest.mark.rule("Unit Breakdown")
def test_a_division_breaks_down_only_in_its_own_land_movement_phase_and_only_ashore():
    s = santa_cruz("japanese")
    with pytest.raises(IllegalAction, match="not your decision"):
        land_move(s, "allied", **{"break": {"A-L1": "regiments"}})
    with pytest.raises(IllegalAction, match="not asked for now"):
        land_move(deployed_in("santa_cruz"), "japanese", **{"break": {"J-L1": "regiments"}})  # Step 2: naval
    with pytest.raises(IllegalAction, match="not one of your land units ashore") as e:
        land_move(s, "japanese", **{"break": {"A-L1": "regiments"}})
    assert e.value.rule == "Unit Breakdown"
    s["land"]["J-L1"].update(aboard="J-TR-1", hex=None)
    with pytest.raises(IllegalAction, match="not one of your land units ashore"):
        land_move(s, "japanese", **{"break": {"J-L1": "regiments"}})


@pytest.mark.rule("Unit Breakdown")
def test_the_components_rebuild_the_division_when_all_are_stacked_in_one_hex():
    s = land_move(lae_division(), "japanese", moves={"J-L1.3": PORT_MORESBY_SIDE}, **{"break": {"J-L1": "regiments"}})
    s = at(s, "land_move", "japanese")
    with pytest.raises(IllegalAction, match="not stacked in the same hex") as e:
        land_move(s, "japanese", rebuild=["J-L1"])
    assert e.value.rule == "Unit Breakdown"
    # moving the stray regiment back in the same order stacks them all: the rebuild follows the moves
    s = land_move(s, "japanese", moves={"J-L1.3": LAE}, rebuild=["J-L1.2"])
    assert [u for u in seen(s, "allied", "japanese") if u[0].startswith("J-L1")] == [
        ("J-L1", "20-40 Division", 20, 40, LAE)]
    assert "3 6-12 Regiments at hex 0692 rebuild the 20-40 Division (Unit Breakdown)." in texts(s, "allied")
    assert "J-L1" not in texts(s, "allied")  # the log names units, never their ids (issue 34)
    assert s["land"]["J-L1"]["vp"] == 10 and "parts" not in s["land"]["J-L1"]


@pytest.mark.rule("Unit Breakdown")
def test_no_rebuild_once_a_component_is_lost_and_none_of_a_unit_never_broken():
    s = land_move(santa_cruz("japanese"), "japanese", **{"break": {"J-L1": "brigades"}})
    s = at(s, "land_move", "japanese")
    with pytest.raises(IllegalAction, match="no component of a broken-down division"):
        land_move(santa_cruz("japanese"), "japanese", rebuild=["J-L1"])
    land._destroy(s, s["land"]["J-L1.2"], "Dx")
    with pytest.raises(IllegalAction, match="20-40 Division cannot be rebuilt: its component 8-18 Brigade is lost") as e:
        land_move(s, "japanese", rebuild=["J-L1"])
    assert e.value.rule == "Unit Breakdown"


@pytest.mark.rule("Unit Breakdown")
def test_components_are_fought_and_scored_as_the_brigades_and_regiments_they_are():
    s = land_move(santa_cruz("japanese"), "japanese", **{"break": {"J-L1": "brigades"}})
    assert strength.defense(s, s["land"]["J-L1.2"]) in (18, 9)  # its own Defense Strength (halved out of supply)
    before = s["vp"]["allied"]
    land.apply_land_result(s, "0828", board.land_at(s, "0828", "allied"), [s["land"]["J-L1.2"]], "Dx")
    assert s["vp"]["allied"] - before == 5  # Victory Point Schedule: 'Brigade land unit: 5'
    assert "J-L1.2" not in [u["id"] for u in R.view(s, "allied")["land"]]


@pytest.mark.rule("Unit Breakdown")
def test_a_division_deprived_of_supply_passes_it_to_its_components():
    s = lae_division()
    s["land"]["J-L1"]["unsupplied_until"] = [s["turn"] + 1, 0]  # a Dx of bombardment: one full Game-Turn
    s = land_move(s, "japanese", **{"break": {"J-L1": "regiments"}})
    shown = {u["id"]: u["supplied"] for u in R.view(s, "allied")["land"]}
    assert [shown[u] for u in ("J-L1", "J-L1.2", "J-L1.3")] == [False] * 3
    assert shown["J-L2"] is not False  # Rabaul's regiment untouched


@pytest.mark.rule("Unit Breakdown")
def test_a_component_aboard_a_transport_is_face_down_to_the_enemy():
    s = land_move(lae_division(), "japanese", **{"break": {"J-L1": "regiments"}})
    s["land"]["J-L1.3"].update(aboard="J-TR-1", hex=None)
    s["ships"]["J-TR-1"]["cargo"] = ["J-L1.3"]
    theirs = {k: v for k, v in R.view(s, "allied").items() if k != "log"}  # (the public breakdown named it)
    assert "J-L1.3" not in json.dumps(theirs) and "J-L1.2" in json.dumps(theirs)
    mine = json.dumps(R.view(s, "japanese"))
    assert "6-12 Regiment" in mine and "J-L1.3" not in [u["id"] for u in R.view(s, "japanese")["land"]]


@pytest.mark.rule("Unit Breakdown")
def test_random_play_breaks_down_and_rebuilds_and_stays_legal():
    seen_parts = seen_rebuilt = 0
    for seed in range(12):
        s = play("santa_cruz", seed, computer=())  # every order random: a refused one would raise
        log = texts(s)
        seen_parts += "breaks down into" in log
        seen_rebuilt += " rebuild the " in log
    assert seen_parts and seen_rebuilt


@pytest.mark.rule("Errata: Unit Breakdown")
def test_the_table_reads_as_printed_with_the_errata():
    """(No dice: breaking down and rebuilding roll none.)"""
    rows = {(r["side"], r["into"], r["divisions"][0]): (r["component"], r["count"])
            for r in breakdown.table()["breakdown"]}
    assert rows == {("japanese", "brigades", "20-40 Division"): ("8-18 Brigade", 2),
                    ("japanese", "regiments", "20-40 Division"): ("6-12 Regiment", 3),
                    ("allied", "regiments", "30-50 Division"): ("8-15 Regiment", 3),
                    ("allied", "regiments", "50-60 Marine Division"): ("10-15 Marine Regiment", 3)}


@pytest.mark.rule("Unit Breakdown")
def test_the_land_movement_form_offers_the_breakdown_and_the_rebuild_and_reads_them_back():
    import html as htmllib

    from starlette.datastructures import FormData

    from app.web.actions import action_from_form
    from tests.web.test_usn_board import prompt_html

    def blank(page):  # the page's hex and choice fields left blank (not ordered), its hidden fields as they are
        return [(n, "") for n in set(re.findall(r'<(?:input|select) id="[^"]+" name="(arg\.[^"]+)"(?! type="checkbox")', page))
                if not n.startswith(("arg.break", "arg.rebuild"))] + re.findall(
                    r'<input type="hidden" name="(arg\.[^"]+)" value="([^"]*)"', page)
    s = santa_cruz("japanese")
    page = htmllib.unescape(prompt_html(s, "japanese"))
    assert 'name="arg.break.J-L1"' in page and '<option value="brigades">' in page
    action = action_from_form(FormData([("verb", "land_move"), ("arg.break.J-L1", "brigades")] + blank(page)),
                              R.prompts(s)["japanese"])
    s = R.apply(s, "japanese", action, ScriptedRng())
    assert [s["land"][u]["name"] for u in ("J-L1", "J-L1.2")] == ["8-18 Brigade"] * 2
    s = at(s, "land_move", "japanese")
    page = htmllib.unescape(prompt_html(s, "japanese"))
    assert 'name="arg.rebuild" value="J-L1"' in page
    action = action_from_form(FormData([("verb", "land_move"), ("arg.rebuild", "J-L1")] + blank(page)),
                              R.prompts(s)["japanese"])
    assert R.apply(s, "japanese", action, ScriptedRng())["land"]["J-L1"]["name"] == "20-40 Division"
