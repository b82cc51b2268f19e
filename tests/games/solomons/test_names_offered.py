"""Issue 34 for Solomons: names, never ids, in what a player reads (a sighted enemy task force by its marker's name,
the umpire's lines by ships' names), and offered means legal (no ship offered a base it may not go to alone, no
force offered an abort the rules refuse)."""
from __future__ import annotations

import html
import re

import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import SeededRng
from app.games.solomons import board
from app.games.solomons.board_view import describe
from app.games.solomons.players import BOTS
from app.games.solomons.rules import rules
from app.games.solomons.sequence import current


def play_until(done, seed: int = 1, limit: int = 3000, randomly: bool = False):
    """Both sides played by their computers (or random legal players) until `done(state)`."""
    dice, minds = SeededRng(seed * 2), SeededRng(seed * 2 + 1)
    state = rules.setup("campaign", rules.meta.default_options(), dice)
    for _ in range(limit):
        if done(state):
            return state
        prompts = rules.prompts(state)
        role = next(r for r in sorted(prompts) if state["pending"].get(r) is None)
        order = (rules.random_action(state, role, minds) if randomly
                 else BOTS[role](rules.view(state, role), prompts[role], minds))
        state = rules.apply(state, role, order, dice)
    raise AssertionError("never reached")


def offered(prompt, name):
    arg = next(a for a in prompt["actions"] if a["verb"] == "submit")["args"][name]
    return arg["each"] if arg["type"] == "optional" else arg


def texts(state, role):
    return [e["text"] for e in rules.view(state, role)["log"]]


@pytest.mark.rule("18.5")
def test_a_sighted_enemy_task_force_is_named_by_its_marker_letter_never_its_id():
    s = play_until(lambda st: any("Japanese" in t and "in " in t and "units" in t for t in texts(st, "allied")))
    said = [t for t in texts(s, "allied") if "units," in t]
    assert said and all("tf-?" not in t for t in texts(s, "allied"))
    assert re.search(r"Japanese Task Force [A-Z]+ \(sighted\) in [A-Z]+: \d+ units", said[0]), said[0]
    view = rules.view(s, "allied")
    labels = [m["label"] for m in describe(view)["markers"] if m.get("kind") == "seen"]
    assert labels and all(re.fullmatch(r"Japanese (Task Force|Submarine) [A-Z]+ \(sighted\)", x) for x in labels)


@pytest.mark.rule("6.38")
def test_the_umpires_log_names_ships_not_ids():
    s = play_until(lambda st: any(u["status"] != "intact" and u.get("losses") for u in st["units"].values()))
    umpire = " ".join(texts(s, "umpire"))
    assert not re.search(r"\b(us|jp)-[A-Z]+-\d+\b", umpire), re.search(r"\b(us|jp)-[A-Z]+-\d+\b", umpire)


@pytest.mark.rule("5.16")
def test_the_set_up_offers_no_japanese_carrier_for_rabaul_and_every_offered_base_is_accepted():
    s = play_until(lambda st: current(st)["kind"] == "placement" and "japanese" in rules.prompts(st))
    prompt = rules.prompts(s)["japanese"]
    spec = offered(prompt, "placement")
    assert spec["ids"] and not any(re.match(r"jp-CV", i) for i in spec["ids"])
    for uid in spec["ids"]:
        for base in spec["choices"]:
            rules.apply(s, "japanese", {"verb": "submit", "args": {"placement": {uid: base}}}, SeededRng(0))
    ships = prompt["info"]["choices"]["ships"]
    assert all(ships[c]["bases"] == [ships[c]["at"]] for c in ships if c.startswith("jp-CV"))


@pytest.mark.rule("6.38")
def test_a_reset_offers_only_forces_that_may_abort():
    s = play_until(lambda st: current(st)["kind"] == "reset" and "japanese" in rules.prompts(st)
                   and st["pending"].get("japanese") is None
                   and any(tf["side"] == "japanese" and board.is_base(tf["hex"]) and all(
                       board.is_base(p) for p in tf["plot"].values()) for tf in st["task_forces"].values()), randomly=True)
    prompt = rules.prompts(s)["japanese"]
    forces = offered(prompt, "aborts")["choices"]
    in_port = [t["id"] for t in s["task_forces"].values() if t["side"] == "japanese" and t["id"] not in forces]
    assert in_port
    for tf in forces:
        rules.apply(s, "japanese", {"verb": "submit", "args": {"aborts": [tf], "mission_changes": {},
                                                                "transfers": []}}, SeededRng(0))


@pytest.mark.rule("Guadalcanal 18c")
def test_the_fog_options_cite_guadalcanals_rules_in_words_and_a_refusal_names_the_option(players):
    """Creating a game showed "(rule Guadalcanal 18c2)" and refused a fog option by its id."""
    host = players("solfog")
    page = html.unescape(host.get("/lobby/options?game=solomons").text)
    assert "rule Guadalcanal" not in page
    assert "Fog of war: damage reports to the attacker may be wrong (umpired games; Guadalcanal's rule 18c2)" in page
    with pytest.raises(IllegalAction, match="Fog of war: sighting counts may be halved or doubled") as e:
        rules.setup("campaign", {"fog_intel": True}, SeededRng(1))
    assert e.value.rule == "Guadalcanal 18c" and "fog_intel" not in str(e.value)


@pytest.mark.rule("5.2")
def test_an_order_naming_a_ship_not_offered_is_refused_in_ship_names_never_ids():
    """Issue 34: the API's hints and the refusal of a value not offered (the other side's ship in a task force, a
    transport that is not one of the side's) name ships as their counters read, never by id."""
    s = play_until(lambda st: "allied" in rules.prompts(st) and current(st)["kind"] == "allocation")
    prompt = rules.prompts(s)["allied"]
    hints = " ".join(str(a.get("hint")) for a in next(a for a in prompt["actions"] if a["verb"] == "submit")["args"]
                     .values())
    japanese = board.ship_ids("japanese")[0]
    refusals = []
    for force in ({"units": [japanese], "mission": "anti_ship"},
                  {"units": [board.ship_ids("allied")[0]], "mission": "transport", "cargo": {japanese: {"ground": 1}}}):
        with pytest.raises(Exception) as e:
            rules.apply(s, "allied", {"verb": "submit", "args": {"task_forces": [force]}}, SeededRng(1))
        refusals.append(e.value.message)
    for text in (hints, *refusals):
        assert not re.search(r"\b(us|jp)-[A-Z]+-\d+\b", text), text
    assert board.ship_label(japanese) in refusals[0] and any(board.ship_label(u) in hints for u in board.ship_ids("allied"))
