"""Umpired play (18): the players are separated (18a), the umpire's copy shows everything and each side's only its
own (18b), nobody watches the enemy's Operations Card (18c), the Action Phase is performed by both sides at once and
the umpire answers the scouts (18c1), and the umpire releases each step of the Turn (the gate)."""
from __future__ import annotations

import copy
import json

import pytest

from app import games as registry
from app.engine import umpire_gate
from app.engine.contract import UMPIRE, to_side
from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import check_every_reader, random_action
from app.games.guadalcanal import rules
from app.web.presenter import board_template
from app.web.templating import render
from tests.games.guadalcanal.helpers import (
    asking,
    deployed,
    fly,
    lines,
    move,
    play,
    sea_search,
    shift,
    take_off,
)

ADVANCE = {"verb": "advance", "args": {}}
RUN = {"verb": "run", "args": {}}
# The Allied scout SS from TF 17 at Q5 to the Advance Force at N2; the Japanese scout AA from the Striking Force at
# P1 to TF 17 at Q5.
SS_TO_N2 = fly(["us-ss"], ["Q4", "P3", "O3", "N2"], ["N2"])
AA_TO_Q3 = fly(["ij-aa"], ["Q2", "Q3"], ["Q3"])
AA_TO_Q5 = fly(["ij-aa"], ["Q2", "Q3", "Q4", "Q5"], ["Q5"])


def umpired_day(umpired: bool = True, dice=(2, 9)) -> dict:
    """Scenario 1 on October 27, Turn 2 (a day Turn), after the sides roll (Allied 2, Japanese 9: Japan is Side A, the
    Allies act first). TF 17 is at Q5 with B8, T6 and SS in Hornet's Ready box; the Advance Force at N2; the Striking
    Force at P1 with the scout AA in Shokaku's Ready box; every other air unit is arming."""
    s = copy.deepcopy(deployed(umpired=umpired))
    s["time"].update(turn=2, scenario_turn=2)
    s["task_forces"]["us-tf17"]["hex"] = "Q5"
    s["task_forces"]["ij-advance-force"]["hex"] = "N2"
    for rec in s["units"].values():
        if rec["kind"] == "air":
            rec["box"] = "arming"
    for u in ("us-b8", "us-t6", "us-ss", "ij-aa"):
        s["units"][u]["box"] = "ready"
    s["step"] = {"kind": "sides", "side": None, "index": -1}
    if umpired:
        return play(s, UMPIRE, {"verb": "roll", "args": {}}, dice=dice)
    from app.games.guadalcanal.states import begin_turn
    rng = ScriptedRng(dice)
    begin_turn(s, rng)
    return s


def kind(state) -> str:
    """The decision waited on: the umpire's release while he holds a step, else the step's."""
    return "umpire" if umpire_gate.held(state) else state["step"]["kind"]


def to_scouts(s, *more: str):
    """Through assembly (SS and B8, T6 from Hornet, and `more`; AA from Shokaku), ready and sea movement, the umpire
    releasing each step."""
    s = play(s, "allied", take_off("us-b8", "us-t6", "us-ss", *more))
    s = play(s, "japanese", take_off("ij-aa"))
    s = play(s, UMPIRE, ADVANCE)
    s = play(s, "japanese", shift())
    s = play(s, "allied", shift())
    s = play(s, UMPIRE, ADVANCE)
    s = play(s, "allied", move())
    s = play(s, "japanese", move())
    s = play(s, UMPIRE, ADVANCE)
    assert kind(s) == "scouts"
    return s


def owed(state) -> list[str]:
    """The roles whose orders are not in (a side that is in is still prompted, to change them)."""
    return [r for r, p in sorted(rules.prompts(state).items()) if p.get("info", {}).get("submitted") is not True]


def all_text(view) -> str:
    return json.dumps(view)


# --- 18a, 18b, 18c: who sees what --------------------------------------------------------------------------------

@pytest.mark.rule("18a")
def test_a_side_never_holds_the_other_sides_card_hexes_or_orders_in_umpired_play():
    s = umpired_day()
    s = play(s, "japanese", take_off("ij-aa"))  # in, not yet carried out
    allied = rules.view(s, "allied")
    assert list(allied["cards"]) == ["allied"]
    assert "ij-aa" not in all_text(allied) and "AA" not in " ".join(lines(s, "allied"))
    assert not any(p["side"] == "japanese" and p["kind"] == "task_force" for p in allied["board"]["pieces"])
    s = play(s, "allied", take_off("us-ss"))
    s = play(s, UMPIRE, ADVANCE)  # carried out: the Japanese take-off is still only on the Japanese card
    allied = rules.view(s, "allied")
    assert "ij-aa" not in all_text(allied) and not any("AA" in t for t in lines(s, "allied"))
    assert not any("SS" in t for t in lines(s, "japanese"))


@pytest.mark.rule("18b")
def test_the_umpire_sees_both_searchboards_and_both_cards_and_each_side_only_its_own():
    s = to_scouts(umpired_day())
    ump = rules.view(s, UMPIRE)
    assert set(ump["cards"]) == {"allied", "japanese"}
    assert ump["searchboards"]["allied"]["task_forces"]["us-tf17"] == "Q5"
    assert ump["searchboards"]["japanese"]["task_forces"]["ij-advance-force"] == "N2"
    for side, other in (("allied", "japanese"), ("japanese", "allied")):
        v = rules.view(s, side)
        assert list(v["cards"]) == [side]
        assert {t["id"] for t in v["searchboard"]["task_forces"]} == \
            {t for t, tf in s["task_forces"].items() if tf["side"] == side and tf["hex"]}
        assert not any(p["side"] == other for p in v["board"]["pieces"] if p["kind"] != "base")


@pytest.mark.rule("18c")
def test_nobody_watches_the_enemy_operations_card_when_umpired_but_does_outside_umpired_play():
    open_game = umpired_day(umpired=False, dice=(2, 9))  # 2c: Allied B, they take off first, Japan watches
    open_game = play(open_game, "allied", take_off("us-ss"))
    assert any("Allied Operations Card: SS take off" in t for t in lines(open_game, "japanese"))
    assert "allied" in rules.view(open_game, "japanese")["cards"]
    s = umpired_day()
    s = play(s, "allied", take_off("us-ss"))
    s = play(s, "japanese", take_off("ij-aa"))
    s = play(s, UMPIRE, ADVANCE)
    assert not any("Operations Card" in t for t in lines(s, "japanese"))
    assert "allied" not in rules.view(s, "japanese")["cards"]
    assert rules.view(s, "japanese")["open_operations_cards"] is False


# --- 18c1: the simultaneous Action Phase ---------------------------------------------------------------------------

@pytest.mark.rule("18c1")
def test_both_sides_send_each_action_phase_step_at_once_and_may_change_it_until_both_are_in():
    s = umpired_day()
    assert kind(s) == "assembly" and set(rules.prompts(s)) == {"allied", "japanese"}
    assert rules.prompts(s)["allied"]["info"]["submitted"] is False
    s = play(s, "allied", take_off("us-b8"))
    assert s["units"]["us-b8"]["box"] == "ready"  # stored, not carried out
    p = rules.prompts(s)
    assert p["allied"]["info"]["submitted"] is True and p["japanese"]["info"]["submitted"] is False
    assert rules.view(s, "japanese")["waiting_for"] == rules.view(copy.deepcopy(umpired_day()), "japanese")[
        "waiting_for"]  # the enemy cannot tell whether the Allies are in
    s = play(s, "allied", take_off("us-b8", "us-t6", "us-ss"))  # sent again: replaces the first
    s = play(s, "japanese", take_off("ij-aa"))
    s = play(s, UMPIRE, ADVANCE)
    assert {u: s["units"][u]["box"] for u in ("us-b8", "us-t6", "us-ss", "ij-aa")} == dict.fromkeys(
        ("us-b8", "us-t6", "us-ss", "ij-aa"), "normal_strike")
    # Side B's orders are carried out first (3, 18c1).
    told = [line["text"] for line in s["log"] if "take off from" in line["text"]]
    assert told[0].startswith("B8, T6, SS") and told[1].startswith("AA")


@pytest.mark.rule("18c1")
def test_an_order_for_the_other_side_or_out_of_its_step_is_refused():
    s = umpired_day()
    with pytest.raises(IllegalAction, match=r"\(rule 3a\)$"):
        rules.apply(s, "allied", take_off("ij-aa"), ScriptedRng())
    with pytest.raises(IllegalAction, match=r"\(rule 3a\)$"):
        rules.apply(s, UMPIRE, ADVANCE, ScriptedRng())  # the umpire waits until both are in
    s = play(s, "allied", take_off("us-ss"))
    s = play(s, "japanese", take_off("ij-aa"))
    with pytest.raises(IllegalAction, match=r"\(rule 18\)$"):
        rules.apply(s, "allied", take_off("us-b8"), ScriptedRng())  # both in: the umpire has it now


@pytest.mark.rule("18c1")
def test_scouts_send_projected_routes_at_once_the_umpire_sees_them_and_reports_go_to_the_side():
    s = to_scouts(umpired_day())
    assert set(rules.prompts(s)) == {"allied", "japanese"}
    assert [a["label"].split(" from")[0] for a in rules.prompts(s)["allied"]["actions"]] == ["Scout SS"]
    s = play(s, "japanese", AA_TO_Q3)
    s = play(s, "japanese", AA_TO_Q5)  # a changed route replaces the first
    s = play(s, "allied", SS_TO_N2)
    ump = lines(s, UMPIRE)
    assert "Japanese orders: AA projected route Q2, Q3, Q4, Q5; announced Q5." in ump
    assert "Allied orders: SS projected route Q4, P3, O3, N2; announced N2." in ump
    assert s["units"]["us-ss"]["box"] == "normal_strike" and not s["boards"]["allied"]["contacts"]
    assert not any("Q4, P3" in t for t in lines(s, "japanese"))  # the route is the umpire's, not the enemy's
    s = play(s, UMPIRE, ADVANCE)
    spotted = [line for line in s["log"] if "a task force marker is spotted" in line["text"]]
    assert [(line["to"], line["data"]["hex"]) for line in spotted] == [(to_side("allied"), "N2"),
                                                                       (to_side("japanese"), "Q5")]
    assert any("Air search N2: a task force marker is spotted" in t for t in lines(s, "allied"))
    assert not any("Air search Q3" in t for t in lines(s, UMPIRE))  # the first route was never flown
    assert [c["hex"] for c in rules.view(s, "japanese")["searchboard"]["contacts"]] == ["Q5"]
    # Then the air strikes, after every scout has flown (18c1).
    assert kind(s) == "strikes" and set(rules.prompts(s)) == {"allied"}
    assert [a["label"].split(" from")[0] for a in rules.prompts(s)["allied"]["actions"]] == ["Strike B8, T6"]


@pytest.mark.rule("18c1")
def test_a_side_is_in_when_every_scout_has_a_route_and_the_scouts_still_to_route_are_offered_first():
    s = umpired_day()
    s["units"]["us-rr"]["box"] = "ready"  # a second Allied scout, on Enterprise (TF 16 at R7)
    s = to_scouts(s, "us-rr")
    labels = [a["label"].split(" from")[0] for a in rules.prompts(s)["allied"]["actions"]]
    assert labels == ["Scout RR", "Scout SS"]
    s = play(s, "allied", fly(["us-rr"], ["R6"], ["R6"]))
    p = rules.prompts(s)["allied"]
    assert [a["label"].split(" from")[0] for a in p["actions"]] == ["Scout SS", "Scout RR"]
    assert p["info"]["submitted"] is False
    s = play(s, "allied", SS_TO_N2)
    assert rules.prompts(s)["allied"]["info"]["submitted"] is True


@pytest.mark.rule("18c1")
def test_strikes_and_sea_searches_follow_the_scouts_and_a_strike_on_a_spotted_force_is_a_battle():
    s = to_scouts(umpired_day())
    s = play(s, "japanese", AA_TO_Q5)
    s = play(s, "allied", SS_TO_N2)
    s = play(s, UMPIRE, RUN)  # run to the end of the Turn: no more releases until the Turn Record Phase
    s = play(s, "allied", fly(["us-b8", "us-t6"], ["Q4", "P3", "O3"], ["O3"]))
    assert kind(s) == "sea_search" and set(rules.prompts(s)) == {"allied", "japanese"}
    s = play(s, "japanese", sea_search("N2"))
    s = play(s, "allied", sea_search())
    assert kind(s) == "air_return"  # no strike ended on an enemy force: no Combat Phase to release
    assert any("Sea search N2" in t for t in lines(s, "japanese"))


# --- the umpire's gate ---------------------------------------------------------------------------------------------

@pytest.mark.rule("18")
def test_the_umpire_releases_each_step_or_runs_to_the_end_of_the_turn():
    s = umpired_day()
    s = play(s, "allied", take_off("us-ss"))
    s = play(s, "japanese", take_off("ij-aa"))
    assert kind(s) == "umpire" and set(rules.prompts(s)) == {UMPIRE}
    p = rules.prompts(s)[UMPIRE]
    assert p["title"].startswith("Release the Assembly Step orders") and p["rule"] == "18"
    assert {a["verb"] for a in p["actions"]} == {"advance", "run"}
    assert s["units"]["us-ss"]["box"] == "ready"  # nothing is carried out before the release
    # A missed umpire decision advances one step.
    assert rules.default_action(s, UMPIRE) == ADVANCE
    s = play(s, UMPIRE, rules.default_action(s, UMPIRE))
    assert kind(s) == "ready" and s["units"]["us-ss"]["box"] == "normal_strike"
    s = play(s, "allied", shift())
    s = play(s, "japanese", shift())
    s = play(s, UMPIRE, RUN)
    s = play(s, "allied", move())
    s = play(s, "japanese", move())
    assert kind(s) == "scouts"  # run: the sea movement went on without a release


@pytest.mark.rule("18")
def test_the_umpire_releases_the_combat_phase_and_the_turn_record_phase():
    s = to_scouts(umpired_day())
    s = play(s, "japanese", AA_TO_Q5)
    s = play(s, "allied", SS_TO_N2)
    s = play(s, UMPIRE, ADVANCE)
    s = play(s, "allied", fly(["us-b8", "us-t6"], ["Q4", "P3", "O3", "N2"][:3] + ["N2"], ["N2"]))
    s = play(s, UMPIRE, ADVANCE)
    s = play(s, "allied", sea_search())
    s = play(s, "japanese", sea_search())
    assert kind(s) == "umpire" and rules.prompts(s)[UMPIRE]["title"].startswith("Release the Sea search orders")
    s = play(s, UMPIRE, ADVANCE)
    assert kind(s) == "umpire" and rules.prompts(s)[UMPIRE]["title"].startswith("Release Combat Phase")
    assert not s["battles"]  # the Combat Phase waits for the release
    s = play(s, UMPIRE, ADVANCE)
    assert s["battles"] and s["battles"][0]["hex"] == "N2"


@pytest.mark.rule("18")
def test_after_the_air_return_the_umpire_releases_the_next_turn():
    s = to_scouts(umpired_day())
    s = play(s, "japanese", AA_TO_Q5)
    s = play(s, "allied", SS_TO_N2)
    s = play(s, UMPIRE, RUN)
    s = play(s, "allied", fly(["us-b8", "us-t6"], [], []))
    s = play(s, "allied", sea_search())
    s = play(s, "japanese", sea_search())
    while kind(s) == "air_return":
        role = owed(s)[0]
        s = play(s, role, rules.default_action(s, role))
    # The run covered this Turn only; its Turn Record Phase was released by it too, and the next Turn starts with
    # the umpire's roll (18c1).
    assert kind(s) == "sides" and s["time"]["scenario_turn"] == 3
    t3 = umpired_day()
    t3 = play(t3, "allied", take_off())
    t3 = play(t3, "japanese", take_off())
    t3 = play(t3, UMPIRE, ADVANCE)
    for step in ("ready", "sea"):
        assert kind(t3) == step
        for side in ("allied", "japanese"):
            t3 = play(t3, side, rules.default_action(t3, side))
        t3 = play(t3, UMPIRE, ADVANCE)
    while not (kind(t3) == "umpire" and t3["step"]["kind"] == "record"):
        role = owed(t3)[0]  # sides: their missed orders; the umpire: advance
        t3 = play(t3, role, rules.default_action(t3, role))
    assert rules.prompts(t3)[UMPIRE]["title"].startswith("Release Turn Record Phase")
    assert t3["time"]["scenario_turn"] == 2
    t3 = play(t3, UMPIRE, ADVANCE)
    assert kind(t3) == "sides" and t3["time"]["scenario_turn"] == 3


def test_the_game_outside_umpired_play_keeps_b_then_a_and_no_gate():
    s = umpired_day(umpired=False)
    assert (s["step"]["kind"], s["step"]["side"], s["step"]["index"]) == ("assembly", "allied", 0)
    s = play(s, "allied", take_off("us-ss"))
    assert s["units"]["us-ss"]["box"] == "normal_strike" and s["step"]["side"] == "japanese"
    assert "umpire_gate" not in s


# --- non-interference at every step of umpired play -----------------------------------------------------------------

def _page(role):
    def draw(view):
        return render(board_template("guadalcanal"), view=view, role=role, prompt=None,
                      game={"id": "g", "version": 0, "status": "active"})
    return draw


@pytest.mark.rule("18a")
def test_in_umpired_play_no_hidden_change_reaches_any_reader_at_any_step():
    registry.load()
    players, dice = SeededRng(11), SeededRng(10)
    s = asking(rules.setup("1", {"umpired": True}, dice))  # every kind of question asked, and checked
    kinds, seen = set(), None
    for _ in range(58):  # two Turns: a night Turn, then a day Turn with scouts and strikes
        if rules.outcome(s) is not None:
            break
        now = json.dumps([s["step"], umpire_gate.held(s)], sort_keys=True)
        if now != seen:  # every step, and every order sent in it
            check_every_reader(rules, s, SeededRng(5), render=_page)
            kinds.add(kind(s))
            seen = now
        role = players.choice(sorted(rules.prompts(s)))
        s = rules.apply(s, role, random_action(rules, s, role, players), dice)
    assert {"deploy", "sides", "assembly", "ready", "sea", "scouts", "strikes", "sea_search", "umpire",
            "air_return"} <= kinds
