"""Issue 11 item 4: standing orders (app/games/solomons/asking.py). A side that set one is not asked where it
covers the decision: the order submits for it exactly the orders it would have given, and the other side cannot
tell the difference (its view is byte-identical either way). The side is asked again when it learns something that
could change its answer."""
from __future__ import annotations

import copy

import pytest
from sol_core_helpers import both, kind, start, submit, until

from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import canonical, check_non_interference
from app.games.solomons import asking, rules
from app.games.solomons.sequence import STEPS, current
from app.games.solomons.units import side_tfs

DICE = [6] * 2000
OTHER = {"allied": "japanese", "japanese": "allied"}


def standing(state, side, **orders):
    return rules.apply(state, side, {"verb": "standing", "args": orders}, ScriptedRng())


def asked(state, side) -> bool:
    """The side is asked: it has a prompt and no orders in (orders its standing order gave are in)."""
    return side in rules.prompts(state) and state["pending"][side] is None


def walk(state, turn, step):
    """Default orders for every side asked until the game reaches Game-Turn `turn`, step `step` (its place in STEPS;
    or passes it)."""
    rng = ScriptedRng(DICE)
    while (state["turn"], state["step"]["index"]) < (turn, step):
        role = next(r for r in sorted(rules.prompts(state)) if state["pending"][r] is None)
        state = rules.apply(state, role, rules.default_action(state, role), rng)
    return state


def twins(state, side, orders, want, **where):
    """The game from `state` twice with the same dice: once as it is, walked (default orders) to the decision
    `want`; once with the side setting `orders` now, walked as far (or, its order having answered, past it)."""
    plain = until(state, want, DICE, **where)
    return plain, walk(standing(state, side, **orders), plain["turn"], plain["step"]["index"])


def unmarked(view, side):
    return dict(view, waiting_for=dict(view["waiting_for"], **{side: None}))


def carried_out_alike(plain, held, side, given):
    """In `plain` the side is asked and gives `given`; in `held` its standing order gave exactly that and the side
    was not asked. The other side's view is byte-identical (canonical JSON) once the orders are in: at the step,
    while the other side is still deciding; or, if it has nothing to decide there, where the walker stops next.
    Returns both games past the step."""
    assert asked(plain, side)
    title = current(plain)["title"]
    assert f"Your standing orders answered for you: {title}." in str(rules.view(held, side)["log"])
    other = OTHER[side]
    deciding = asked(plain, other)
    if deciding:  # the walker waits for the other side in both games, the side's orders in
        assert (held["turn"], held["step"]) == (plain["turn"], plain["step"])
        assert not asked(held, side) and held["pending"][side] == given
    plain = submit(plain, side, given, *DICE)
    assert (plain["turn"], plain["step"]) == (held["turn"], held["step"])
    assert canonical(rules.view(plain, other)) == canonical(rules.view(held, other))
    check_non_interference(rules, held, other, SeededRng(5))  # the order itself is hidden from the other side
    if deciding:
        plain, held = (submit(x, other, rules.default_action(x, other)["args"], *DICE) for x in (plain, held))
        assert (plain["turn"], plain["step"]) == (held["turn"], held["step"])
        # the walker may stop at a decision the order answers again: there the other side may notice that the
        # side's orders came at once (its "submitted or nothing to decide" line), and nothing else
        assert canonical(unmarked(rules.view(plain, other), side)) == \
            canonical(unmarked(rules.view(held, other), side))
    return plain, held


def with_orders_of(plain, held, side):
    """The game `plain` (at a decision the side is asked) with the standing orders the side holds in `held`."""
    news = copy.deepcopy(plain)
    news.setdefault("standing", {})[side] = copy.deepcopy(held["standing"][side])
    return news


def slot_run(state):
    """Game-Turn 1, Plot Phase 1: Japan announces and sends a Slot run (6.37) of two destroyers down to M."""
    s = until(state, "intelligence", DICE)
    s = submit(s, "japanese", {"answers": {"slot": True}})
    s = submit(s, "japanese", {"task_forces": [{"units": ["jp-DD-1", "jp-DD-2"], "mission": "bombardment"}]})
    s = both(s, DICE)
    assert kind(s) == "movement_plot"
    tf = side_tfs(s, "japanese")[0]["id"]
    return submit(s, "japanese", {"plots": {tf: {"hexes": {"1": "rabaul", "2": "K", "3": "L", "4": "M", "5": "L",
                                                          "6": "K", "7": "rabaul"}, "slot": True}}}), tf


@pytest.mark.rule("6.38")
def test_carry_on_answers_the_reset_with_no_abort_and_no_mission_change():
    s, tf = slot_run(start(3))
    # with air transfers left to the order on them (6.26): by day the reset section asks for them too
    plain, held = twins(s, "japanese", {"carry_on": True, "no_transfers": True}, "reset", segment=1)
    plain, held = carried_out_alike(plain, held, "japanese", {"aborts": [], "mission_changes": {}, "transfers": []})
    assert not held["task_forces"][tf]["aborted"] and held["task_forces"][tf]["mission"] == "bombardment"
    assert held["task_forces"][tf]["plot"]["4"] == "M"


@pytest.mark.rule("6.38")
def test_carry_on_asks_again_when_one_of_the_sides_ships_is_hit():
    s, tf = slot_run(start(3))
    _, held = twins(s, "japanese", {"carry_on": True, "no_transfers": True}, "reset", segment=1)
    news = copy.deepcopy(held)
    ship = news["task_forces"][tf]["units"][0]
    news["units"][ship]["losses"] = [{"turn": 1, "segment": 1, "result": "crippled", "cause": "air"}]
    assert asking.answer(held, "japanese", current(held)) is not None
    assert asking.answer(news, "japanese", current(news)) is None  # the loss report is news: Japan is asked


def air_step(state, strike: bool):
    """The first air allocation of Game-Turn 1 at which Japan is asked, with (or without) an enemy force revealed in
    reach of its air (14.11); without one, it is asked for a strike on Henderson Field (6.23)."""
    for at, step in enumerate(STEPS):
        if step["kind"] != "air":
            continue
        state = walk(state, 1, at)
        if (state["turn"], state["step"]["index"]) == (1, at) and asked(state, "japanese") \
                and asking.strike_choice(state, "japanese", step["segment"]) == strike:
            return state
    raise AssertionError("no such air allocation for Japan in Game-Turn 1")


@pytest.mark.rule("14.11")
def test_air_hold_flies_nothing_when_no_enemy_force_is_in_reach():
    s = until(start(3), "allocation", DICE)
    plain = air_step(s, strike=False)
    held = walk(standing(s, "japanese", air_hold=True), plain["turn"], plain["step"]["index"])
    plain, held = carried_out_alike(plain, held, "japanese", {"missions": []})
    assert held["air"]["japanese"]["rabaul"]["spent"] == 0 and not held["air"]["japanese"]["rabaul"]["attacked"]


@pytest.mark.rule("14.11")
def test_air_hold_asks_when_an_enemy_force_is_in_reach():
    s = until(start(3), "allocation", DICE)
    plain = air_step(s, strike=False)
    seg = current(plain)["segment"]
    news = with_orders_of(plain, standing(s, "japanese", air_hold=True), "japanese")
    assert asking.answer(news, "japanese", current(news)) == {"missions": []}
    # an American force revealed in M this segment (18.5), in reach of Rabaul's LAC (10.1): Japan is asked
    news["markers"]["japanese"]["tf-?9"] = {"hex": "M", "segment": seg, "turn": 1, "units": 3, "capital": 1,
                                           "transports": 0, "at_m": True, "submarine": False}
    assert asking.strike_choice(news, "japanese", seg)
    assert asking.answer(news, "japanese", current(news)) is None


@pytest.mark.rule("14.63")
def test_rabaul_air_that_has_attacked_this_game_turn_leaves_nothing_to_decide():
    s = until(start(3), "air", DICE, segment=1)
    s["markers"]["japanese"]["tf-?9"] = {"hex": "M", "segment": 1, "turn": 1, "units": 3, "capital": 1,
                                         "transports": 0, "at_m": True, "submarine": False}
    assert asking.strike_choice(s, "japanese", 1)  # Rabaul's LAC reaches M (10.1)
    s["air"]["japanese"]["rabaul"]["attacked"] = True  # 14.63: once per Game-Turn, whatever points are left
    assert not asking.strike_choice(s, "japanese", 1) and not asking.air_choice(s, "japanese", 1)


@pytest.mark.rule("5.15")
def test_stay_answers_the_preliminary_set_up_until_a_new_ship_is_ready_in_port():
    s = until(start(3), "allocation", DICE)
    plain, held = twins(s, "japanese", {"stay": True}, "placement", turn=2)
    news = with_orders_of(plain, held, "japanese")
    assert asking.answer(news, "japanese", current(news)) == {"placement": {}}
    # a ship the order has not seen ready in port (back from repair, say) is news: Japan is asked
    news["standing"]["japanese"]["stay"]["known"].remove("jp-DD-1")
    assert asking.answer(news, "japanese", current(news)) is None
    # Japan is asked this time, and the order learns the ship: next time it holds again unless more changes
    learnt = copy.deepcopy(news)
    asking.stand_in(learnt, current(learnt), ["japanese"])
    assert learnt["pending"]["japanese"] is None
    assert asking.answer(learnt, "japanese", current(learnt)) == {"placement": {}}
    plain, held = carried_out_alike(plain, held, "japanese", {"placement": {}})
    assert held["units"]["jp-DD-1"]["location"] == plain["units"]["jp-DD-1"]["location"]


@pytest.mark.rule("6.21")
def test_no_training_answers_carrier_air_group_training_until_a_carrier_could_take_more():
    s = until(start(3), "allocation", DICE)
    plain, held = twins(s, "japanese", {"no_training": True}, "cag_training", turn=2)
    assert asking.training_choice(plain, "japanese")  # untrained NAC wait at Truk for carriers with room
    news = with_orders_of(plain, held, "japanese")
    assert asking.answer(news, "japanese", current(news)) == {"carriers": []}
    news["units"]["jp-CV-1"]["nac"] -= 1  # room for one more NAC than when the order was given
    news["air"]["japanese"]["truk"]["untrained"] += 1
    assert asking.answer(news, "japanese", current(news)) is None
    # Japan is asked this time, and the order learns the carrier's room: next time it holds again
    learnt = copy.deepcopy(news)
    asking.stand_in(learnt, current(learnt), ["japanese"])
    assert learnt["pending"]["japanese"] is None
    assert asking.answer(learnt, "japanese", current(learnt)) == {"carriers": []}
    plain, held = carried_out_alike(plain, held, "japanese", {"carriers": []})
    assert held["units"]["jp-CV-1"]["location"] == "truk"  # not sent off to train (6.21)


@pytest.mark.rule("6.21")
def test_a_side_with_no_carrier_that_can_train_is_not_asked_to_train():
    s = rules.setup("campaign", {}, ScriptedRng())
    s = both(s, [6])
    assert kind(s) == "cag_training"
    # Game-Turn 1: the American carriers are at sea in M, none in port to train (10.4); Japan's have room
    assert "allied" not in rules.prompts(s) and asked(s, "japanese")
    assert rules.view(s, "japanese")["waiting_for"]["allied"] is False  # "submitted or nothing to decide"
    s["air"]["japanese"]["truk"]["untrained"] = 0
    assert not asking.training_choice(s, "japanese")


@pytest.mark.rule("18")
def test_kept_intentions_answer_the_american_questions_every_plot_phase():
    s = until(start(3), "intelligence", DICE)
    answers = {"slot": True, "slot_capital": False, "rabaul_sortie": True}
    s = submit(s, "japanese", {"answers": answers})
    assert kind(s) == "allocation"
    plain, held = twins(s, "japanese", {"intentions": True}, "intelligence")
    assert held["standing"]["japanese"]["intentions"]["rabaul_sortie"] is True
    given = {"answers": held["standing"]["japanese"]["intentions"]}
    # Japan's only decider: with its orders in, the announcement is made and the walker moves on
    assert asked(plain, "japanese") and kind(held) != "intelligence"
    plain = submit(plain, "japanese", given)
    assert (plain["step"], plain["turn"]) == (held["step"], held["turn"])
    assert canonical(rules.view(plain, "allied")) == canonical(rules.view(held, "allied"))
    assert "a Task Force down the Slot: yes" in held["intentions"]["text"]
    check_non_interference(rules, held, "allied", SeededRng(5))


@pytest.mark.rule("8.6")
def test_kept_intentions_ask_when_a_force_at_sea_needs_another_answer():
    s = until(start(3), "intelligence", DICE)
    s = submit(s, "japanese", {"answers": {"slot": True}})
    s = submit(s, "japanese", {"task_forces": [{"units": ["jp-DD-1", "jp-DD-2"], "mission": "bombardment"}]})
    s = both(s, DICE)
    tf = side_tfs(s, "japanese")[0]["id"]
    # a Slot run that leaves late: it is in L when Plot Phase 2 begins, and goes on to M and home (6.37)
    late = {str(n): "rabaul" for n in range(1, 6)} | {"6": "K", "7": "L"}
    s = submit(s, "japanese", {"plots": {tf: {"hexes": late, "slot": True}}}, *DICE)
    s = standing(s, "japanese", intentions={"rabaul_sortie": True})  # no Slot run in the kept answers
    s = until(s, "intelligence", DICE)
    assert s["task_forces"][tf]["hex"] == "L" and asked(s, "japanese")  # 8.6: it must be disclosed
    s = standing(s, "japanese", intentions={"slot": True})  # kept answers that cover it answer at once
    assert kind(s) == "allocation" and s["intentions"]["questions"]["slot"] is True


@pytest.mark.rule("20.3")
def test_kept_intentions_ask_when_the_truk_roll_forbids_an_answer():
    s = until(start(3), "intelligence", DICE)
    assert not s["truk_sortie"]["released"]  # Game-Turn 1: 20.3
    s = standing(s, "japanese", intentions={"truk_sortie": True})
    assert asked(s, "japanese")


def test_standing_orders_are_checked_and_cleared():
    s = until(start(3), "intelligence", DICE)
    for bad in ({"carry_on": 1}, {"nonsense": True}, {}, {"intentions": {"slot_capital": True}}):
        with pytest.raises(Exception) as e:
            standing(s, "japanese", **bad)
        assert "standing order" in str(e.value) or "can be yes only if" in str(e.value)
    s = until(start(3), "allocation", DICE)
    with pytest.raises(Exception, match="Only|one of"):
        standing(s, "allied", intentions=True)  # 18: only Japan announces Intentions
    s = standing(s, "japanese", carry_on=True, air_hold=True)
    assert set(rules.view(s, "japanese")["standing"]) == {"carry_on", "air_hold"}
    assert "carry_on" not in canonical(rules.view(s, "allied"))
    s = standing(s, "japanese", carry_on=False)
    assert set(rules.view(s, "japanese")["standing"]) == {"air_hold"}
    assert "Standing order cleared" in str(rules.view(s, "japanese")["log"])


@pytest.mark.rule("6.22")
def test_air_hold_flies_the_fields_area_cap_over_the_sides_transports_unloading_in_its_hex():
    """The standing order a newcomer starts with keeps Henderson Field's air over the American transports in M
    (9.4: unloading takes two segments there), and flies nothing while no transport is in the field's hex."""
    s = until(start(3), "allocation", DICE)
    plain = air_step(s, strike=False)
    s = standing(plain, "allied", air_hold=True)
    s = copy.deepcopy(s)
    s["guadalcanal"]["henderson"] = {"complete": True, "side": "allied"}
    s["air"]["allied"]["henderson"] = dict(s["air"]["allied"].get("henderson") or {}, lac=8, nac=0, spent=0,
                                           transferred=0, untrained=0, attacked=False)
    for m in list(s["markers"]["allied"]):  # nothing of Japan's in sight: the order answers for the side
        s["markers"]["allied"][m]["segment"] = -1
    for tf in side_tfs(s, "allied"):
        tf["hex"] = tf["hex"] if tf["hex"] in ("espiritu_santo", "australia") else "espiritu_santo"
    step = current(s)
    assert asking.answer(s, "allied", step) == {"missions": []}
    transports = next(tf for tf in side_tfs(s, "allied") if any(u.startswith("us-TR") for u in tf["units"]))
    transports["hex"] = "M"
    assert asking.answer(s, "allied", step) == {"missions": [
        {"source": "henderson", "kind": "lac", "points": 8, "mission": "cap_area", "counters": 1}]}
