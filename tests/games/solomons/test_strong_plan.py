"""Issue 19: the strong American's standing plan (strong_plan.py), as a player would see it: its air goes to
Henderson Field and leaves it when the island may fall, and its transports sail only when the island runs short of
Supply, carrying Supply."""
from __future__ import annotations

import copy
import json

import pytest

from app.engine.rng import SeededRng
from app.games.solomons import strong_bot, strong_plan
from app.games.solomons.rules import rules

STRONG_BOTS = rules.bot_levels["strong"]  # the strong computer, as the lobby seats it

CANARY = "CANARY-strong-plan-51c2"


def first(seed: int, found) -> tuple[dict, dict]:
    """The first position (state, the American prompt) of a seeded easy-vs-easy game where `found(state, prompt)`."""
    dice, players = SeededRng(seed), SeededRng(seed + 1)
    state = rules.setup("campaign", rules.meta.default_options(), dice)
    while rules.outcome(state) is None:
        prompts = rules.prompts(state)
        role = min(r for r in prompts if state["pending"][r] is None)
        if role == "allied" and found(state, prompts[role]):
            return state, prompts[role]
        state = rules.apply(state, role, rules.bots[role](rules.view(state, role), prompts[role], players), dice)
    raise AssertionError("the position was never reached")


def resolved(state: dict, order: dict) -> dict:
    """The state once the American order is in and Japan has answered the same step (its easy orders)."""
    state = rules.apply(state, "allied", order, SeededRng(1))
    prompts = rules.prompts(state)
    if "japanese" in prompts and state["pending"]["japanese"] is None:
        state = rules.apply(state, "japanese", rules.bots["japanese"](rules.view(state, "japanese"),
                                                                    prompts["japanese"], SeededRng(2)), SeededRng(1))
    return state


def day_reset_with_field(state, prompt) -> bool:
    return (prompt["info"]["kind"] == "reset" and state["day"]
            and state["guadalcanal"]["henderson"] == {"complete": True, "side": "allied"}
            and state["air"]["allied"]["espiritu_santo"]["lac"] > 0)


def test_once_henderson_field_is_american_the_strong_american_flies_its_air_there():
    """6.26, 10.5: at a day's reset the strong American transfers the air of Espiritu Santo to the field; the
    player sees the points arrive at Henderson Field."""
    state, prompt = first(3, day_reset_with_field)
    before = copy.deepcopy(state["air"]["allied"])
    order = STRONG_BOTS["allied"](rules.view(state, "allied"), prompt, SeededRng(7))
    after = resolved(state, order)["air"]["allied"]
    assert after["henderson"]["lac"] == before["henderson"]["lac"] + before["espiritu_santo"]["lac"]
    assert after["espiritu_santo"]["lac"] == 0


def test_the_easy_american_moves_its_air_forward_too_but_never_pulls_it_back():
    """Issue 36: the easy American moves its free air to Henderson Field as the plan does (bots.to_the_field); only
    the strong one weighs whether the island may fall (12.5) and takes it off again."""
    state, prompt = first(3, day_reset_with_field)
    before = state["air"]["allied"]
    order = rules.bot_levels["easy"]["allied"](rules.view(state, "allied"), prompt, SeededRng(7))
    after = resolved(state, order)["air"]["allied"]
    assert after["henderson"]["lac"] == before["henderson"]["lac"] + before["espiritu_santo"]["lac"]
    g = state["guadalcanal"]
    g["ground"].update(allied=3, japanese=12)
    state["air"]["allied"]["henderson"].update(lac=14, spent=0, transferred=0)
    assert strong_plan.island_at_risk(rules.view(state, "allied"))
    order = rules.bot_levels["easy"]["allied"](rules.view(state, "allied"), prompt, SeededRng(7))
    assert all(t["to"] == "henderson" for t in order["args"].get("transfers", []))


def test_when_the_island_may_fall_the_air_leaves_henderson_field_as_far_as_supply_pays():
    """12.5: if Japan's next attack could take the island, every American Air Point there would be lost; 10.3: air
    leaving the field pays one Supply Point per ten Air Points."""
    state, prompt = first(3, day_reset_with_field)
    g = state["guadalcanal"]
    g["ground"].update(allied=3, japanese=12)
    g["supply"]["allied"] = 1
    state["air"]["allied"]["henderson"].update(lac=14, spent=0, transferred=0)
    view = rules.view(state, "allied")
    assert strong_plan.island_at_risk(view)
    order = STRONG_BOTS["allied"](view, prompt, SeededRng(7))
    after = resolved(state, order)
    assert after["air"]["allied"]["henderson"]["lac"] == 4  # ten leave: all one Supply Point pays for
    assert after["air"]["allied"]["espiritu_santo"]["lac"] == state["air"]["allied"]["espiritu_santo"]["lac"] + 10
    assert after["guadalcanal"]["supply"]["allied"] == 0


def test_a_garrison_that_outnumbers_japan_keeps_its_air():
    state, _ = first(3, day_reset_with_field)
    state["guadalcanal"]["ground"].update(allied=15, japanese=4)
    state["guadalcanal"]["supply"]["allied"] = 2
    assert not strong_plan.island_at_risk(rules.view(state, "allied"))


def transports_sailing(candidate: dict) -> list[dict]:
    return [spec for spec in candidate["args"]["task_forces"] if spec.get("mission") == "transport"]


def allocation_at_turn(turn: int):
    return first(3, lambda state, prompt: prompt["info"]["kind"] == "allocation" and state["turn"] == turn
                 and state["phase"] == "plot1" and state["pending"]["allied"] is None)


def test_with_supply_on_the_island_no_transport_sails():
    """9.4, 16.11: the lean plan runs transports only when the island is short of Supply."""
    state, prompt = allocation_at_turn(3)
    state["guadalcanal"]["supply"]["allied"] = strong_plan.LOW_SUPPLY + 1
    view = json.loads(json.dumps(rules.view(state, "allied")))
    candidates = strong_bot.allocation_candidates(view, "allied", prompt, SeededRng(6))
    assert not any(transports_sailing(c) for c in candidates)
    easy = rules.bot_levels["easy"]["allied"](view, prompt, SeededRng(6))
    assert transports_sailing(easy)  # the easy plan sails them every Game-Turn


def test_an_island_without_supply_gets_a_run_of_supply_only():
    """16.21: an unsupplied garrison defends at half and withers; a run due carries Supply Points only."""
    state, prompt = allocation_at_turn(3)
    state["guadalcanal"]["supply"]["allied"] = 0
    view = rules.view(state, "allied")
    candidates = strong_bot.allocation_candidates(view, "allied", prompt, SeededRng(6))
    runs = [spec for c in candidates for spec in transports_sailing(c)]
    assert runs
    assert all(load["ground"] == 0 and load["supply"] > 0 for spec in runs for load in spec["cargo"].values())
    rules.apply(state, "allied", candidates[0], SeededRng(1))  # the rules accept it


def test_a_run_waits_for_the_fields_air_once_the_island_has_some_supply():
    state, _ = allocation_at_turn(3)
    state["guadalcanal"]["supply"]["allied"] = 1
    state["air"]["allied"]["henderson"]["lac"] = strong_plan.COVER - 1
    assert not strong_plan.run_due(rules.view(state, "allied"), "allied")
    state["air"]["allied"]["henderson"]["lac"] = strong_plan.COVER
    assert strong_plan.run_due(rules.view(state, "allied"), "allied")


def test_when_a_run_is_due_the_search_may_not_keep_it_in_port():
    """The run's worth lies past the search's one-Game-Turn horizon: every candidate sails it, so the search picks
    the escort and the mix, not whether the island is supplied."""
    state, prompt = allocation_at_turn(3)
    state["guadalcanal"]["supply"]["allied"] = 0
    candidates = strong_bot.allocation_candidates(rules.view(state, "allied"), "allied", prompt, SeededRng(6))
    assert len(candidates) > 1
    assert all(transports_sailing(c) for c in candidates)


def test_a_loaded_transport_force_is_plotted_to_the_island_by_every_candidate():
    state, prompt = first(3, lambda state, prompt: prompt["info"]["kind"] == "movement_plot" and state["turn"] == 1
                          and state["pending"]["allied"] is None)
    view = rules.view(state, "allied")
    loaded = [tf["id"] for tf in view["task_forces"].values() if tf["mission"] == "transport"
              and strong_bot.bots.loaded(view, tf)]
    assert loaded
    candidates = strong_bot.plot_candidates(view, "allied", prompt, SeededRng(6))
    easy = strong_bot.bots.plot(view, "allied", prompt["info"]["default"])
    assert all(c["args"]["plots"][tf] == easy["plots"][tf] for c in candidates for tf in loaded)


def set_up_prompt(side: str, at_rear: str):
    """The state and `side`'s prompt at its first Preliminary Set-Up with ships ready at `at_rear` (easy players)."""
    return first_prompt(side, lambda state, prompt: prompt["info"]["kind"] == "placement" and any(
        u["location"] == at_rear and u["status"] == "intact" and u["side"] == side for u in state["units"].values()))


def first_prompt(side: str, found):
    dice, players = SeededRng(3), SeededRng(4)
    state = rules.setup("campaign", rules.meta.default_options(), dice)
    while rules.outcome(state) is None:
        prompts = rules.prompts(state)
        role = min(r for r in prompts if state["pending"][r] is None)
        if role == side and found(state, prompts[role]):
            return state, prompts[role]
        state = rules.apply(state, role, rules.bots[role](rules.view(state, role), prompts[role], players), dice)
    raise AssertionError("the position was never reached")


def test_the_strong_american_brings_its_warships_forward_and_keeps_its_carriers_back():
    """5.14, 21.1: the warships ready at Australia go to Espiritu Santo, where the Anti-Slot forces form; the
    carriers stay."""
    state, prompt = set_up_prompt("allied", "australia")
    ready = [u for u, base in prompt["info"]["choices"]["ships"].items() if base["at"] == "australia"]
    warships = [u for u in ready if strong_plan.board.unit_type(u) in strong_plan.FORWARD]
    assert warships
    order = STRONG_BOTS["allied"](rules.view(state, "allied"), prompt, SeededRng(7))
    after = resolved(state, order)
    assert {after["units"][u]["location"] for u in warships} == {"espiritu_santo"}
    assert all(after["units"][u]["location"] == "australia" for u in ready if strong_plan.board.is_carrier(u))
    easy = rules.bot_levels["easy"]["allied"](rules.view(state, "allied"), prompt, SeededRng(7))
    assert not set(warships) & set(easy["args"]["placement"])


def japanese_run_at_sea(state, prompt) -> bool:
    return prompt["info"]["kind"] == "reset" and any(
        tf["side"] == "japanese" and tf["mission"] == "bombardment" and not tf["aborted"] and not tf["mission_done"]
        and tf["hex"] in ("K", "L") for tf in state["task_forces"].values())


def sighted(state, capital: int, units: int = 6, transports: int = 0) -> None:
    """An American force of `units` ships, `capital` of them capital ships, sighted in M this segment, as Japan's
    markers record it."""
    state["markers"]["japanese"]["m-test"] = {"hex": "M", "segment": state["segment"], "turn": state["turn"],
                                              "submarine": False, "units": units, "capital": capital,
                                              "transports": transports}


def test_a_japanese_run_turns_back_from_american_capital_ships_near_guadalcanal():
    """6.38: the Tokyo Express at sea aborts when American battleships are sighted in M; the player sees its force
    head for port."""
    state, prompt = first_prompt("japanese", japanese_run_at_sea)
    run = next(tf["id"] for tf in state["task_forces"].values() if tf["side"] == "japanese"
               and tf["mission"] == "bombardment" and tf["hex"] in ("K", "L"))
    sighted(state, capital=2)
    order = STRONG_BOTS["japanese"](rules.view(state, "japanese"), prompt, SeededRng(7))
    assert run in order["args"]["aborts"]
    after = rules.apply(state, "japanese", order, SeededRng(1))
    prompts = rules.prompts(after)
    if "allied" in prompts and after["pending"]["allied"] is None:
        after = rules.apply(after, "allied", rules.bots["allied"](rules.view(after, "allied"), prompts["allied"],
                                                                  SeededRng(2)), SeededRng(1))
    assert after["task_forces"][run]["aborted"]
    easy = rules.bot_levels["easy"]["japanese"](rules.view(state, "japanese"), prompt, SeededRng(7))
    assert run not in (easy["args"].get("aborts") or [])


def japanese_run(state) -> dict:
    return next(tf for tf in state["task_forces"].values() if tf["side"] == "japanese"
                and tf["mission"] == "bombardment" and tf["hex"] in ("K", "L"))


def test_a_force_without_capital_ships_no_bigger_than_the_run_does_not_turn_it_back():
    state, prompt = first_prompt("japanese", japanese_run_at_sea)
    sighted(state, capital=0, units=len(japanese_run(state)["units"]))
    order = STRONG_BOTS["japanese"](rules.view(state, "japanese"), prompt, SeededRng(7))
    assert not order["args"].get("aborts")


def test_a_japanese_run_turns_back_from_twice_its_numbers_in_american_warships():
    """6.38: ten American cruisers and destroyers sighted in M turn back a five-ship Express; transports sighted
    with them do not count."""
    state, prompt = first_prompt("japanese", japanese_run_at_sea)
    ships = len(japanese_run(state)["units"])
    sighted(state, capital=0, units=2 * ships - 1 + 4, transports=4)
    order = STRONG_BOTS["japanese"](rules.view(state, "japanese"), prompt, SeededRng(7))
    assert not order["args"].get("aborts")
    sighted(state, capital=0, units=2 * ships + 4, transports=4)
    order = STRONG_BOTS["japanese"](rules.view(state, "japanese"), prompt, SeededRng(7))
    assert order["args"]["aborts"] == [japanese_run(state)["id"]]


def japanese_allocation(turn: int, american_ground: int):
    """Japan's allocation prompt at `turn`, with `american_ground` Ground Points left on Guadalcanal."""
    state, _ = first_prompt("japanese", lambda state, prompt: prompt["info"]["kind"] == "allocation"
                                 and state["turn"] == turn and state["pending"]["japanese"] is None)
    state["guadalcanal"]["ground"]["allied"] = american_ground
    return state, rules.prompts(state)["japanese"]


def runs_formed(state: dict) -> list[str]:
    return [tf["id"] for tf in state["task_forces"].values() if tf["side"] == "japanese"
            and tf["mission"] in ("bombardment", "transport") and strong_plan.board.is_base(tf["hex"])]


def test_on_the_last_game_turn_japan_holding_the_island_sends_no_run():
    """22: on Game-Turn 16 with no American Ground Points left, a Bombardment or Transport run wins nothing and may
    lose its ships: the strong Japanese forms none, so the player sees no Tokyo Express sail."""
    state, prompt = japanese_allocation(strong_plan.board.TURNS, american_ground=0)
    order = STRONG_BOTS["japanese"](rules.view(state, "japanese"), prompt, SeededRng(7))
    assert runs_formed(rules.apply(state, "japanese", order, SeededRng(1))) == []
    easy = rules.bot_levels["easy"]["japanese"](rules.view(state, "japanese"), prompt, SeededRng(7))
    assert runs_formed(rules.apply(state, "japanese", easy, SeededRng(1)))  # the easy plan would sail one


@pytest.mark.parametrize("turn, american_ground", [(15, 0), (16, 3)])
def test_while_there_is_something_to_gain_japan_still_runs_the_express(turn, american_ground):
    state, prompt = japanese_allocation(turn, american_ground)
    candidates = strong_bot.allocation_candidates(rules.view(state, "japanese"), "japanese", prompt, SeededRng(6))
    assert any(spec.get("mission") in ("bombardment", "transport") for c in candidates
               for spec in c["args"]["task_forces"])


def japanese_day_reset(turn: int):
    """Japan's first day reset of Game-Turn `turn` with Rabaul's LAC unflown."""
    state, prompt = first_prompt("japanese", lambda state, prompt: prompt["info"]["kind"] == "reset"
                                 and state["day"] and state["turn"] == turn)
    state["air"]["japanese"]["rabaul"].update(lac=20, spent=0, transferred=0)
    return state, prompt


def japanese_resolved(state: dict, order: dict) -> dict:
    state = rules.apply(state, "japanese", order, SeededRng(1))
    prompts = rules.prompts(state)
    if "allied" in prompts and state["pending"]["allied"] is None:
        state = rules.apply(state, "allied", rules.bots["allied"](rules.view(state, "allied"), prompts["allied"],
                                                                  SeededRng(2)), SeededRng(1))
    return state


def test_once_the_shortlands_open_japan_flies_rabauls_bombers_forward_to_fill_them():
    """10.5, 14.64: from Game-Turn 10 the strong Japanese moves LAC from Rabaul to the Shortlands (L), up to its
    capacity of ten, so its strikes on Guadalcanal no longer fly at extended range; the player sees the points
    arrive there."""
    state, prompt = japanese_day_reset(10)
    state["air"]["japanese"]["shortlands"].update(lac=3, nac=0, untrained=0)
    order = STRONG_BOTS["japanese"](rules.view(state, "japanese"), prompt, SeededRng(7))
    after = japanese_resolved(state, order)["air"]["japanese"]
    assert after["shortlands"]["lac"] == 10
    assert after["rabaul"]["lac"] == 13
    easy = rules.bot_levels["easy"]["japanese"](rules.view(state, "japanese"), prompt, SeededRng(7))
    assert not easy["args"].get("transfers")


def test_before_game_turn_10_rabauls_bombers_stay():
    """10.5: the Shortlands are not an airbase before Game-Turn 10, so nothing moves."""
    state, prompt = japanese_day_reset(9)
    order = STRONG_BOTS["japanese"](rules.view(state, "japanese"), prompt, SeededRng(7))
    assert not order["args"].get("transfers")
    assert japanese_resolved(state, order)["air"]["japanese"]["rabaul"]["lac"] == 20


@pytest.mark.parametrize("where", ["transfers", "set-up", "japanese run", "japanese transfers"])
def test_proof_of_fog_the_plans_decide_the_same_whatever_they_cannot_see(where):
    """Issue 19 item 4, for the plans' own decisions: perturb and plant canaries in all the view hides; same order,
    and no canary in it."""
    side = "japanese" if where.startswith("japanese") else "allied"
    state, prompt = {"transfers": lambda: first(3, day_reset_with_field),
                     "set-up": lambda: set_up_prompt("allied", "australia"),
                     "japanese run": lambda: first_prompt("japanese", japanese_run_at_sea),
                     "japanese transfers": lambda: japanese_day_reset(10)}[where]()
    changed = rules.plant_canaries(rules.perturb(json.loads(json.dumps(state)), side, SeededRng(2)), side, CANARY)
    other = rules.prompts(changed)[side]
    mine = STRONG_BOTS[side](rules.view(state, side), prompt, SeededRng(5))
    theirs = STRONG_BOTS[side](rules.view(changed, side), other, SeededRng(5))
    assert mine == theirs
    assert CANARY not in json.dumps(theirs)
