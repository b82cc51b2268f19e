"""Issue 34: the standing orders of a newcomer's Guadalcanal game answer the Combat Phase's ships' set-up (4a2), the
AA fire (4c) and the landing (5) without asking, say so once in the side's log, and every order's box is on the Sea
Movement form (3c), asked every Turn; cancelled, each question is asked again with its box on its own form."""
from __future__ import annotations

import pytest

from app.engine.rng import ScriptedRng
from app.games.guadalcanal import cards, landing, patrols, rules, sea, searchboard, standing_orders
from app.games.guadalcanal.gamedata import HEXES
from app.games.guadalcanal.combat import COMBAT_DECISIONS, begin_combat, decide, pending_decision, setup
from app.games.guadalcanal.combat import battle as bt
from app.games.guadalcanal.combat.examples import position
from app.web.templating import templates
from tests.games.guadalcanal.helpers import deployed, newcomer, put


def strike_on_tf17(*asked: str):
    """Two Japanese dive bombers over Task Force 17 (Hornet, Atlanta) in a newcomer's game, but the orders `asked`."""
    s = position(task_forces={"us-tf17": "P4"}, ships={"us-atlanta": "us-tf17", "us-hornet": "us-tf17"},
                 air={"ij-1sd": "P4", "ij-2sd": "P4"})
    return newcomer(s, "bombing", *asked)


def told(state, side, words):
    return [x["text"] for x in state["log"] if x.get("to") == side and words in x["text"]]


@pytest.mark.rule("4a2")
def test_the_ships_set_up_by_the_standing_order_carrier_in_the_centre_and_the_side_is_told_once():
    s = strike_on_tf17()
    begin_combat(s, ["P4"], ScriptedRng([]))
    assert pending_decision(s) == ("battle_setup_attacker", ["japanese"])  # the Allied set-up was not asked
    board = s["combat"]["board"]
    centre = setup.battleboard()["setup"]["centre"]
    assert board["us-hornet"]["hex"] == centre  # the carrier (capacity 8), listed after Atlanta, in the middle
    assert board["us-atlanta"]["hex"] != centre
    assert len(told(s, "allied", "set up by your standing order")) == 1
    assert not told(s, "japanese", "set up by your standing order")


@pytest.mark.rule("4a2")
def test_cancelled_the_set_up_is_asked_with_the_standing_order_on_its_form():
    s = strike_on_tf17("formation")
    begin_combat(s, ["P4"], ScriptedRng([]))
    assert pending_decision(s) == ("battle_setup_defender", ["allied"])
    form = setup.prompt_defender(s, "allied")
    assert form["actions"][0]["args"]["standing"]["each"]["label"] == standing_orders.LABELS["formation"]
    assert form["info"]["default"]["standing"] is False
    decide(s, "allied", {"verb": "set_up", "args": {**form["info"]["default"], "standing": True}}, ScriptedRng([]))
    assert standing_orders.on(s, "allied", "formation")


@pytest.mark.rule("4c")
def test_the_guns_concentrate_on_the_most_dangerous_attacker_by_the_standing_order_without_asking():
    s = strike_on_tf17("formation")
    begin_combat(s, ["P4"], ScriptedRng([]))
    decide(s, "allied", {"verb": "set_up", "args": {"hexes": {"us-hornet": "J12", "us-atlanta": "J15"},
                                                    "facing": "N"}}, ScriptedRng([]))
    # 1SD attacks Hornet, the carrier, 3 hexes from Atlanta (4c1: in range); 2SD attacks Atlanta, over it (nearest)
    decide(s, "japanese", {"verb": "attack", "args": {"targets": {"ij-1sd": "us-hornet", "ij-2sd": "us-atlanta"},
                                                      "approach": {}}}, ScriptedRng([1, 10, 1, 10, 1, 10, 1, 10]))
    fired = [x["text"] for x in s["log"] if x["text"].startswith("AA: ")]
    # both ships' guns at the bomber over the carrier, together (4 + 4 beats its defense 1 by 4 and more, 4c2); none
    # at Atlanta's own attacker, the nearer but less dangerous
    assert fired == [f"AA: Atlanta + Hornet (+8) fire at {bt.name('ij-1sd')} (+1): 1+8=9 against 10+1=11: no damage."]
    (why,) = told(s, "allied", "guns fired by your standing order")
    assert "most dangerous" in why and "(4c)" in why
    assert pending_decision(s) != ("aa_combat", ["allied"])


@pytest.mark.rule("4c")
def test_cancelled_the_aa_fire_is_asked_with_the_standing_order_on_its_form():
    s = strike_on_tf17("formation", "aa")
    begin_combat(s, ["P4"], ScriptedRng([]))
    decide(s, "allied", {"verb": "set_up", "args": {"hexes": {"us-hornet": "J12", "us-atlanta": "J15"},
                                                    "facing": "N"}}, ScriptedRng([]))
    decide(s, "japanese", {"verb": "attack", "args": {"targets": {"ij-1sd": "us-hornet", "ij-2sd": "us-atlanta"},
                                                      "approach": {}}}, ScriptedRng([]))
    assert pending_decision(s) == ("aa_combat", ["allied"])
    form = next(d for d in COMBAT_DECISIONS if d.id == "aa_combat").prompt(s, "allied")
    assert form["actions"][0]["args"]["standing"]["each"]["label"] == standing_orders.LABELS["aa"]
    assert form["info"]["default"]["standing"] is False


@pytest.mark.rule("5")
def test_the_landing_standing_order_lands_every_unit_without_asking_and_says_so_once():
    s = newcomer(deployed())
    put(s, "ij-1sd", "flying", hex="N2")  # over its Advance Force, with Junyo's room
    put(s, "ij-ee", "flying", hex="N2")
    patrols.standing_landing(s, "japanese")
    assert s["units"]["ij-1sd"]["box"] == s["units"]["ij-ee"]["box"] == "arming"
    assert not landing.needed(s, "japanese")  # the Air Return Phase asks nothing
    assert len(told(s, "japanese", "landed by your standing order")) == 1
    put(s, "ij-ee", "flying", hex="N2")
    patrols.standing_landing(s, "japanese")
    assert len(told(s, "japanese", "landed by your standing order")) == 1  # said once


@pytest.mark.rule("5c")
def test_when_room_is_short_the_standing_order_gives_up_the_scout_not_the_bomber():
    s = newcomer(deployed())
    put(s, "ij-jd", "flying", hex="N2")  # a dive bomber and a scout over the Advance Force
    put(s, "ij-ee", "flying", hex="N2")
    far = max(HEXES, key=lambda h: (searchboard.distance("N2", h), h))
    s["task_forces"]["ij-striking-force"]["hex"] = far  # its carriers out of reach, and the bases gone (a test's
    for base in cards.units_of(s, "japanese", "base"):  # position): only Junyo's room is left
        s["units"][base]["box"] = "eliminated"
    reach = sorted(set(landing.places(s, "ij-jd")) | set(landing.places(s, "ij-ee")))
    spare = iter(u for u, r in s["units"].items() if r["side"] == "japanese" and r["kind"] == "air"
                 and u not in ("ij-jd", "ij-ee") and (r.get("location") or {}).get("area") not in reach)
    for place in reach:  # every place in reach filled, but one seat in the first
        for _ in range(landing.room(s, place, {}) - (1 if place == reach[0] else 0)):
            put(s, next(spare), "arming", area=place)
    patrols.standing_landing(s, "japanese")
    assert s["units"]["ij-jd"]["box"] == "arming" and s["units"]["ij-ee"]["box"] == "eliminated"
    assert not landing.needed(s, "japanese")


@pytest.mark.rule("5")
def test_cancelled_the_landing_is_asked_with_the_standing_order_on_its_form():
    s = newcomer(deployed(), "landing")
    put(s, "ij-1sd", "flying", hex="N2")
    patrols.standing_landing(s, "japanese")
    assert s["units"]["ij-1sd"]["box"] == "flying" and landing.needed(s, "japanese")  # asked, nothing landed
    form = landing.prompt(s, "japanese")
    assert form["actions"][0]["args"]["standing"]["each"]["label"] == standing_orders.LABELS["landing"]
    assert form["info"]["default"]["standing"] is False


def test_the_sea_movement_form_carries_every_standing_orders_box_and_unticking_one_cancels_it():
    s = newcomer(deployed())
    s = rules.apply(s, "japanese", {"verb": "shift", "args": {"to_ready": [], "to_arming": []}}, ScriptedRng())
    s = rules.apply(s, "allied", {"verb": "shift", "args": {"to_ready": [], "to_arming": []}}, ScriptedRng())
    assert rules.decision(s).id == "sea"
    form = sea.prompt(s, "japanese")
    boxes = form["actions"][0]["args"]["standing"]["each"]["fields"]
    assert [b["each"]["label"] for b in boxes.values()] == list(standing_orders.LABELS.values())
    assert form["info"]["default"]["standing"] == {order: True for order in standing_orders.ORDERS}
    s = rules.apply(s, "japanese", {"verb": "move", "args": {"moves": {}, "standing": {
        **{order: True for order in standing_orders.ORDERS}, "aa": False}}}, ScriptedRng())
    assert not standing_orders.on(s, "japanese", "aa") and standing_orders.on(s, "japanese", "landing")
    assert standing_orders.on(s, "allied", "aa")  # the other side's are its own


def test_the_page_draws_the_standing_orders_as_ticked_boxes_not_a_text_field():
    s = newcomer(deployed())
    for side in ("japanese", "allied"):
        s = rules.apply(s, side, {"verb": "shift", "args": {"to_ready": [], "to_arming": []}}, ScriptedRng())
    prompt = sea.prompt(s, "japanese")
    html = templates.env.get_template("game/_prompt.html").render(
        m={"prompt": prompt, "game": {"id": 1, "status": "active", "version": 1}, "role": "japanese"})
    label = standing_orders.LABELS["aa"]
    assert f'{label}</label>' in html.replace("&#39;", "'")
    assert 'name="arg.standing.aa" type="checkbox" value="true" checked' in html
    assert "JSON: optional" not in html
