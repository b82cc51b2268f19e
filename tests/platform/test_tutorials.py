"""Tutorials (issue 21): every declared worked example starts as an unrated sandbox game at the example's position,
its orders given on the guided page's forms replay to the example's printed result, a different legal order is
accepted and the difference reported, and the learner can step back and go on in free play."""
from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from app.play import tutorials
from app.store.db import transaction
from app.store.models import Game
from tests.platform.conftest import actions_of

ALL = [t.id for t in tutorials.all_tutorials()]


def start(player, tutorial_id: str) -> str:
    r = player.post(f"/tutorials/{tutorial_id}/start", follow_redirects=False)
    assert r.status_code == 303, r.text
    return r.headers["location"].rsplit("/", 1)[1]


def page(player, gid: str, seat: str | None = None) -> str:
    r = player.get(f"/tutorials/play/{gid}" + (f"?seat={seat}" if seat else ""))
    assert r.status_code == 200, r.text
    return r.text


FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.DOTALL)
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')


def order_form(text: str, gid: str, verb: str) -> dict[str, str]:
    """The hidden fields of the guided page's form for `verb` (the real form's version, seat and key)."""
    for attrs, body in FORM.findall(text):
        if f'action="/tutorials/play/{gid}/actions?seat=' not in attrs:
            continue
        fields = {k: html.unescape(v) for k, v in HIDDEN.findall(body)}
        if fields.get("verb", "submit") == verb:
            return fields
    raise AssertionError(f"the page has no {verb} form posting to the tutorial")


def encode(order: dict[str, Any], prompt: dict[str, Any], hidden: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """An order as the forms send it: the game's own board fields (Solomons' ground and air boards), else the generic
    form's (templates/game/_prompt.html: a JSON value per choice, repeated fields for several, text for a path,
    and JSON for the kinds with parts, which app/web/actions.py reads back whole)."""
    info = prompt.get("info") or {}
    if info.get("form") == "ground":
        args = order["args"]
        return [("arg.attack", "true" if args["attack"] else "false"), ("arg.points", str(args.get("points", 1)))]
    if info.get("form") == "air":  # templates/games/solomons/_air.html: a row per source and kind of air
        hidden = hidden or {}
        rows: dict[tuple[str, str], list[str]] = {}  # a source's air may be split over several rows: in order
        for k in hidden:
            if k.startswith("arg.missions.") and k.endswith(".source"):
                rows.setdefault((hidden[k], hidden[k[:-len("source")] + "kind"]), []).append(k.split(".")[2])
        out = [(k, "true") for k in hidden if k.startswith("arg.defence.") and k.endswith(".counterattack")]  # ticked
        for m in order["args"]["missions"]:
            row = f"arg.missions.{rows[(m['source'], m['kind'])].pop(0)}"
            out += [(f"{row}.points", str(m["points"])), (f"{row}.mission", m["mission"])]
            out += [(f"{row}.target", m["target"])] if m["mission"] in ("attack", "bombard") else \
                [(f"{row}.counters", str(m.get("counters", 1)))]
        return out
    spec = next(s for s in prompt["actions"] if s["verb"] == order["verb"]).get("args") or {}
    out = []
    for name, value in order.get("args", {}).items():
        arg = spec.get(name) or {}
        kind = arg.get("type")
        if kind == "optional":
            kind = (arg.get("each") or {}).get("type")
        field = f"arg.{name}"
        if kind == "several":
            out += [(field, json.dumps(v)) for v in value]
        elif kind == "boolean":
            out += [(field, "true")] if value else []
        elif kind == "integer":
            out.append((field, str(value)))
        elif kind == "path":
            out.append((field, ", ".join(value)))
        else:
            out.append((field, json.dumps(value)))
    return out


def give(player, gid: str, role: str, order: dict[str, Any]) -> Any:
    """Submit `order` for `role` on the guided page's form, as a browser does."""
    text = page(player, gid, role)
    prompt = _prompt_of(player, gid, role)
    hidden = order_form(text, gid, order["verb"])
    data: dict[str, list[str]] = {}
    for k, v in list(hidden.items()) + encode(order, prompt, hidden):
        data.setdefault(k, []).append(v)
    return player.post(f"/tutorials/play/{gid}/actions?seat={role}", data=data, follow_redirects=False)


def _prompt_of(player, gid: str, role: str) -> dict[str, Any]:
    r = player.get(f"/api/games/{gid}?seat={role}")
    assert r.status_code == 200, r.text
    return r.json()["prompt"]


def play_example(player, gid: str, t) -> None:
    """The learner gives every one of the example's own orders that are theirs."""
    for i in t.learner_steps():
        step = t.steps[i]
        r = give(player, gid, step.role, step.order)
        assert r.status_code == 303, r.text
        assert "Your order matched the example's." in page(player, gid), step


def view(gid: str, role: str) -> dict[str, Any]:
    from app.play.state import load_state, rules_for

    with transaction(read_only=True) as db:
        game = db.get(Game, gid)
        rules = rules_for(game)
        return rules.view(load_state(db, game), role)


# What each example prints, read from what a player sees.
def printed_result(tutorial_id: str, gid: str) -> None:
    if tutorial_id == "pw1942-port-moresby":
        front = view(gid, "allied")["fronts"][2]
        assert (front["allied_location"], front["japanese_location"]) == ("Guadalcanal", "New Guinea")
        assert any("advances into Guadalcanal" in line["text"] for line in view(gid, "allied")["log"])
    elif tutorial_id == "pw1942-singapore":
        india = view(gid, "allied")["fronts"][0]
        assert (india["allied_location"], india["japanese_location"]) == ("Saigon", "Singapore")
    elif tutorial_id == "pw1942-sea-attack":
        seas = {x["id"]: x["control"] for x in view(gid, "allied")["seas"]}
        assert seas["southwest_pacific"] == "allied"
    elif tutorial_id == "solomons-12-4":
        v = view(gid, "allied")
        assert v["guadalcanal"]["ground"] == {"allied": 13, "japanese": 7}
        assert any("5 against 9 defense, 4 defending points set aside; 1:1, die 3 (2/2)" in line["text"]
                   for line in v["log"])
    elif tutorial_id == "solomons-14-33":
        told = [line["text"] for line in view(gid, "allied")["log"]]
        assert any("Group 1 took 13 points: AA 30 (Point CAP 3 doubled), column 30, die 1, shot down 6" in line
                   for line in told), told
        seen = [line["text"] for line in view(gid, "japanese")["log"]]
        assert any("anti-aircraft fire shot down 6 (die 1)" in line for line in seen)
        assert not any("Point CAP" in line for line in seen)  # the CAP's strength is the defender's own (6.22)
    elif tutorial_id == "guadalcanal-example-10":
        v = view(gid, "allied")
        assert v["time"]["label"] == "OCT 27, Turn 3"  # 10d
        assert any("OCT 27, Turn 2 is over" in line["text"] for line in v["log"])
        hornet = next(a for a in v["cards"]["allied"]["areas"] if a["id"] == "us-hornet")
        assert sorted(u["name"] for u in hornet["arming"]) == ["B8", "SS", "T6"]  # 10c
        from app.games.guadalcanal import victory
        from app.play.state import load_state
        with transaction(read_only=True) as db:
            assert victory.points(load_state(db, db.get(Game, gid))) == {"allied": 10, "japanese": 0}  # Junyo flipped
    elif tutorial_id == "guadalcanal-example-10b2":
        v = view(gid, "allied")
        log = [line["text"] for line in v["log"]]
        for printed in ("Juneau + Pensacola + DD #6 (+7) fire at 1ZT (+1): 7+7=14 against 4+1=5: 1ZT flipped",
                        "Hornet (+4) fire at 2SD (+1): 6+4=10 against 6+1=7: 2SD 1 hit",
                        "1ZT + 2ZT (+12, anvil +3) against Hornet (+3): 3+12=15 against 4+3=7: Hornet flipped",
                        "2SD (+8, ready box +4) against Hornet (+2): 3+8=11 against 7+2=9: Hornet 1 hit",
                        "1SD (+5) against Pensacola (+3): 3+5=8 against 5+3=8: no damage"):
            assert any(printed in line for line in log), (printed, log)
        assert v["time"]["label"] == "OCT 27, Turn 3"  # 10d
        from app.games.guadalcanal import victory
        from app.play.state import load_state
        with transaction(read_only=True) as db:
            assert victory.points(load_state(db, db.get(Game, gid))) == {"allied": 10, "japanese": 10}  # 10d
    elif tutorial_id.startswith("first-blood-"):
        v = view(gid, "us")
        log = [line["text"] for line in v["log"]]
        where = {uid: u["loc"] for uid, u in v["units"].items()}
        printed = {  # what each figure prints, as the log says it
            "first-blood-figure-3": "228/3 moves from IJ south-western entry point to hex 0220 (4 MF)",
            "first-blood-figure-2": "7/1 Marines moves from US entry point (0701) to hex 0701 (0 MF)",
            "first-blood-figure-4": "1/1 Marines moves from hex 0710 to hex 0809 (4 MF)",
            "first-blood-figure-6": "10 against 4; 2:1, die 1 = 1: A1",
            "first-blood-figure-7-river": "8 against 10; 1:2, die 6 -1 jungle (§7.1) = 5: A1",
            "first-blood-figure-7-ridge": "15 against 12; 1:1, die 5 -1 jungle (§7.1) = 4: EX",
            "first-blood-figure-8": "bombards air strip 0709: the strip is Damaged",
        }[tutorial_id]
        assert any(printed in line for line in log), log
        if tutorial_id == "first-blood-figure-3":
            assert where["ij-228-1"] == where["ij-228-3"] == "hex:0220"
        elif tutorial_id == "first-blood-figure-6":
            assert any("5 against 8; 1:2, die 6 = 6: DR" in line for line in log)
            assert where["us-1-2"] == "eliminated" and where["ij-124-1"] == "hex:0504"
        elif tutorial_id == "first-blood-figure-8":
            assert v["strips"]["0709"]["status"] == "dam" and v["strips"]["0708"]["status"] == "oper"
    elif tutorial_id == "usn-movement-v":  # Movement (V): beyond normal range 1 a point (Japanese), 2 (Allied)
        log = "\n".join(line["text"] for line in view(gid, "allied")["log"])
        assert "Allied 3 LAC strike on hex 0663" in log and "the strike fires back with 6 (die 1)" in log, log
        assert "Japanese 3 LAC strike on hex 0824" in log and "the strike fires back with 3 (die 1)" in log, log
    elif tutorial_id == "usn-victory-points":  # Victory Point Schedule: capacity 10 sunk, 100 points
        v = view(gid, "allied")
        assert "J-CV-3" in v["sunk"] and v["vp"]["allied"] == 100
        assert any("Allied +100 VP: Japanese CV-3 sunk." in line["text"] for line in v["log"])
    else:
        raise AssertionError(f"no printed result is checked for {tutorial_id}")


def test_every_game_with_replayed_examples_declares_tutorials():
    games = {t.game for t in tutorials.all_tutorials()}
    assert games == {"solomons", "pacific_war_1942", "guadalcanal", "first_blood", "usn"}


@pytest.mark.parametrize("tutorial_id", ALL)
def test_a_tutorial_starts_at_the_examples_position_as_an_unrated_sandbox_with_every_seat_the_learners(
        players, tutorial_id):
    learner = players()
    gid = start(learner, tutorial_id)
    t = tutorials.get(tutorial_id)
    text = html.unescape(page(learner, gid))
    assert "Tutorial: a sandbox game, never rated" in text
    assert "Step 1 of" in text and t.steps[t.learner_steps()[0]].explain in text
    assert f"/rules/{t.game}#rule-" in text  # the rule it applies, linked to the rules page
    with transaction(read_only=True) as db:
        game = db.get(Game, gid)
        assert game.sandbox is True and game.status == "active"  # sandbox: never counts for ratings or records
    mine = html.unescape(learner.get("/").text)
    assert f"Tutorial: {t.title}"[:80] in mine  # the learner's games list it


@pytest.mark.parametrize("tutorial_id", ALL)
def test_the_examples_orders_replay_to_its_printed_result(players, tutorial_id):
    learner = players()
    t = tutorials.get(tutorial_id)
    gid = start(learner, tutorial_id)
    play_example(learner, gid, t)
    printed_result(tutorial_id, gid)
    text = html.unescape(page(learner, gid))
    assert "The example is complete" in text and t.result in text
    # every die was the example's, marked scripted in the record
    rolls = [r for a in actions_of(gid) for r in a.rolls]
    assert [r["value"] for r in rolls][:sum(len(s.dice) for s in t.steps)] == [d for s in t.steps for d in s.dice]
    assert all(r["scripted"] for r in rolls)


DIFFERENT = {
    "pw1942-port-moresby": ({"verb": "attack_front", "args": {"front": "india"}},
                            "Front: the example gave southwest_pacific; you gave india."),
    "solomons-12-4": ({"verb": "submit", "args": {"attack": True, "points": 3}},
                      "Points: the example gave 5; you gave 3."),
    "guadalcanal-example-10": ({"verb": "take_off", "args": {"units": ["us-b8", "us-t6"]}},
                               "Units: the example gave us-b8, us-t6, us-ss; you gave us-b8, us-t6."),
    "solomons-14-33": ({"verb": "submit", "args": {"missions": [
        {"source": "rabaul", "kind": "lac", "points": 10, "mission": "attack", "target": "tf-?1"}]}},
        ("Missions: the example gave (source rabaul, kind lac, points 13, mission attack, target tf-?1); you gave "
         "(source rabaul, kind lac, points 10, mission attack, target tf-?1).")),
    "first-blood-figure-4": ({"verb": "move", "args": {"to": {"us-1-1": "hex:0709"}}},
                             "1/1 Marines (5-8), hex 0710: the example gave hex:0809; you gave hex:0709."),
}


@pytest.mark.parametrize("tutorial_id", sorted(DIFFERENT))
def test_a_different_legal_order_is_accepted_and_the_difference_reported_then_step_back_retries(
        players, tutorial_id):
    learner = players()
    t = tutorials.get(tutorial_id)
    gid = start(learner, tutorial_id)
    order, said = DIFFERENT[tutorial_id]
    first = t.steps[t.learner_steps()[0]]
    r = give(learner, gid, first.role, order)
    assert r.status_code == 303, r.text
    text = html.unescape(page(learner, gid))
    assert "it differs from the example's" in text and said in text
    # step back: the example's position again, and the example's own order now matches
    r = learner.post(f"/tutorials/play/{gid}/back", follow_redirects=False)
    assert r.status_code == 303, r.text
    assert "Step 1 of" in page(learner, gid)
    r = give(learner, gid, first.role, first.order)
    assert r.status_code == 303, r.text
    assert "Your order matched the example's." in page(learner, gid)


def test_a_different_order_still_rolls_the_examples_dice(players):
    learner = players()
    gid = start(learner, "solomons-12-4")
    give(learner, gid, "allied", {"verb": "submit", "args": {"attack": True, "points": 3}})
    assert [r["value"] for a in actions_of(gid) for r in a.rolls][:1] == [3]
    assert any("3 against 9 defense" in line["text"] and "die 3" in line["text"]
               for line in view(gid, "allied")["log"])


def test_an_illegal_order_is_refused_with_the_rule_and_nothing_changes(players):
    learner = players()
    gid = start(learner, "solomons-12-4")
    r = give(learner, gid, "allied", {"verb": "submit", "args": {"attack": True, "points": 9}})
    assert r.status_code == 422, r.text
    assert actions_of(gid) == []


def test_continue_in_free_play_turns_off_the_script_and_the_guidance(players):
    learner = players()
    gid = start(learner, "guadalcanal-example-10")
    t = tutorials.get("guadalcanal-example-10")
    give(learner, gid, "allied", t.steps[0].order)
    r = learner.post(f"/tutorials/play/{gid}/free", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/games/{gid}"
    text = page(learner, gid)
    assert "Free play" in text and "Step 2 of" not in text
    with transaction(read_only=True) as db:
        game = db.get(Game, gid)
        assert game.dice_script is None and game.sandbox is True
    assert learner.post(f"/tutorials/play/{gid}/back", follow_redirects=False).status_code == 409


def test_only_the_learner_steps_back_and_a_tutorial_is_listed_in_the_lobby_and_on_its_games_page(players, anon):
    learner, other = players(), players()
    gid = start(learner, "pw1942-sea-attack")
    assert other.post(f"/tutorials/play/{gid}/back", follow_redirects=False).status_code == 403
    assert other.get(f"/tutorials/play/{gid}").status_code == 403  # a tutorial is its learner's own
    lobby = anon.get("/").text
    assert all(t.title in html.unescape(lobby) for t in tutorials.all_tutorials())
    game_page = learner.get(f"/games/{gid}").text
    assert f'/tutorials/play/{gid}' in game_page
    listing = anon.get("/tutorials?game=guadalcanal").text
    assert "Example 10" in listing and "Port Moresby" not in listing


def test_the_api_path_shows_a_tutorial_as_a_sandbox(players):
    learner = players()
    gid = start(learner, "pw1942-port-moresby")
    assert learner.game(gid)["game"]["sandbox"] is True


def test_step_back_takes_back_the_other_sides_example_orders_with_the_learners(players):
    learner = players()
    t = tutorials.get("guadalcanal-example-10")
    gid = start(learner, t.id)
    give(learner, gid, "allied", t.steps[0].order)
    give(learner, gid, "allied", t.steps[1].order)  # Japan's Ready Step (an example order) follows by itself
    assert [(a.role, a.action["verb"]) for a in actions_of(gid)][-1] == ("japanese", "shift")
    assert "Step 3 of" in page(learner, gid)
    r = learner.post(f"/tutorials/play/{gid}/back", follow_redirects=False)
    assert r.status_code == 303, r.text
    assert "Step 2 of" in page(learner, gid)  # back before the learner's own Ready Step, Japan's with it
    hornet = next(a for a in view(gid, "allied")["cards"]["allied"]["areas"] if a["id"] == "us-hornet")
    assert sorted(u["name"] for u in hornet["arming"]) == ["S8", "VV"]


def test_boxes_ticked_in_another_order_are_the_same_order_but_a_route_in_another_order_is_not(players):
    learner = players()
    t = tutorials.get("guadalcanal-example-10")
    gid = start(learner, t.id)
    for i in t.learner_steps()[:3]:
        give(learner, gid, "allied", t.steps[i].order)
    order = t.steps[5].order
    scout = order["args"]["flights"]["us-ss"]
    assert t.learner_steps()[3] == 5 and order["verb"] == "fly_all"

    def flying(**changed):  # the example's air order, the scout's route changed
        return {"verb": "fly_all", "args": {"flights": dict(order["args"]["flights"], **{"us-ss": dict(scout, **changed)})}}
    r = give(learner, gid, "allied", flying(search=["M3", "N1", "N2", "O2"]))
    assert r.status_code == 303, r.text
    assert "Step 5 of" in page(learner, gid) and "Your order matched the example's." in page(learner, gid)
    assert learner.post(f"/tutorials/play/{gid}/back", follow_redirects=False).status_code == 303
    path = ["P3", "O3", "O2", "N1", "N2", "M3"]
    r = give(learner, gid, "allied", flying(path=path))
    assert r.status_code == 303, r.text
    assert "Path: the example gave P3, P2, O2, N1, N2, M3; you gave P3, O3, O2, N1, N2, M3." in \
        html.unescape(page(learner, gid))


def test_a_fieldset_of_boxes_left_clear_is_the_same_order_as_leaving_it_out():
    """A form posts nothing for a box left clear: a group of standing-order boxes all clear (Guadalcanal's Sea
    Movement form) matches an example that gives none; one box ticked is a difference the learner is told of."""
    example = {"verb": "move", "args": {"moves": {"ij-advance-force": "N3"}}}
    clear = {"verb": "move", "args": {"moves": {"ij-advance-force": "N3"}, "standing": {"aa": False, "landing": False}}}
    ticked = {"verb": "move", "args": {"moves": {"ij-advance-force": "N3"}, "standing": {"aa": True, "landing": False}}}
    assert tutorials.differences(example, clear) == []
    assert tutorials.differences(example, ticked) == ["Standing: the example gave nothing; you gave aa yes, landing nothing."]
