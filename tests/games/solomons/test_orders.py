"""Typed orders in Solomons (issue 13, Contract v2): every prompt publishes a JSON Schema of exactly what may be sent
now; every random legal order, every missed order and every bot's order fits it; a misshapen order is refused as
malformed (naming the argument) before any rule, and a well-shaped one is left to the rules, which cite them."""
import json

import jsonschema_rs
import pytest
from sol_core_helpers import kind, refused, start, to_allocation, until

from app.engine.contract import UMPIRE
from app.engine.errors import IllegalAction, MalformedAction
from app.engine.orders import prompt_schema
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import random_action, random_shaped_action
from app.games.solomons import rules
from app.games.solomons.players import BOTS
from app.games.solomons.states import STATES


def ground_position():
    """A Ground Combat Phase with a decision in it (random games seldom reach one): Japan has landed four points
    and both sides have supply on the island, so the Americans hold the initiative (12.2, 12.3)."""
    s = start()
    s["guadalcanal"]["ground"]["japanese"] = 4
    s["guadalcanal"]["supply"] = {"allied": 2, "japanese": 2}
    return until(s, "ground", dice=[6] * 400)


def seeded_positions(seeds, steps=900, options=None, first=None):
    """(state, role, prompt) at every decision of seeded random games (from `first` when given)."""
    for seed in seeds:
        players, dice = SeededRng(seed * 2 + 1), SeededRng(seed * 2)
        state = first if first is not None else rules.setup("campaign", options or {}, dice)
        for _ in range(steps):
            prompts = rules.prompts(state)
            if not prompts:
                break
            for role, prompt in sorted(prompts.items()):
                yield state, role, prompt
            role = players.choice(sorted(prompts))
            state = rules.apply(state, role, random_action(rules, state, role, players), dice)


def test_every_random_legal_order_missed_order_and_bot_order_fits_the_published_schema():
    kinds = set()
    positions = [*seeded_positions(range(3)), *seeded_positions([9], steps=40, first=ground_position())]
    for n, (state, role, prompt) in enumerate(positions):
        schema = prompt_schema(json.loads(json.dumps(prompt)))
        assert schema is not None, f"an untyped argument in {prompt['title']}"
        v = jsonschema_rs.validator_for(schema)
        action = random_action(rules, state, role, SeededRng(n))
        assert v.is_valid(action), (prompt["title"], action)
        assert v.is_valid(rules.default_action(state, role)), prompt["title"]
        if role != UMPIRE:
            kinds.add(prompt["info"]["kind"])
            bot = BOTS[role](rules.view(state, role), prompt, SeededRng(n))
            assert v.is_valid(bot), (prompt["title"], bot)
            assert not v.is_valid({"verb": "submit", "args": {"no such order": 1}})
    assert kinds == {"placement", "cag_training", "intelligence", "allocation", "movement_plot", "air", "reset",
                     "ground"}


def test_a_prompt_offers_only_what_may_be_sent_now():
    """The allocation prompt lists this side's available ships only; a Japanese destroyer is not on the American
    list, and a task force of it fails the American schema (while the whole domain still takes its shape)."""
    s = to_allocation(start())
    prompt = rules.prompts(s)["allied"]
    v = jsonschema_rs.validator_for(prompt_schema(prompt))
    jp = {"verb": "submit", "args": {"task_forces": [{"units": ["jp-DD-1"], "mission": "anti_ship"}]}}
    assert not v.is_valid(jp)
    assert v.is_valid(rules.default_action(s, "allied"))
    STATES["allocation"].shape(jp)  # well shaped over the whole domain: the rules refuse it (5.21)
    assert refused(s, "allied", jp["args"], "5.21")


@pytest.mark.rule("5.21")
def test_a_misshapen_order_is_malformed_before_any_rule_naming_the_argument():
    s = to_allocation(start())
    for args, words in (({"task_forces": [{"units": ["us-CV-9"], "mission": "anti_ship"}]}, "Ships"),
                        ({"task_forces": [{"units": ["us-DD-1"], "mission": "attack"}]}, "Mission: choose one"),
                        ({"task_forces": "all"}, "Task forces: give a list"),
                        ({}, "Task forces is missing"),
                        ({"task_forces": [], "orders": 1}, "no argument 'orders'")):
        with pytest.raises(MalformedAction, match=words) as e:
            rules.apply(s, "allied", {"verb": "submit", "args": args}, ScriptedRng())
        assert e.value.rule is None
    with pytest.raises(IllegalAction) as e:  # well shaped: the rules judge it and cite the rule
        rules.apply(s, "allied", {"verb": "submit", "args": {"task_forces": [{"units": ["us-DD-1", "us-CV-1"],
                                                                                 "mission": "transport"}]}},
                    ScriptedRng())
    assert not isinstance(e.value, MalformedAction) and e.value.rule


@pytest.mark.rule("12.3")
def test_ground_and_intelligence_orders_are_typed():
    s = until(start(), "intelligence")
    with pytest.raises(MalformedAction, match="Answers: .*choose one of yes, no"):
        rules.apply(s, "japanese", {"verb": "submit", "args": {"answers": {"slot": "maybe"}}}, ScriptedRng())
    with pytest.raises(MalformedAction, match="that is not one of Is a Task Force coming down the Slot\\?"):
        rules.apply(s, "japanese", {"verb": "submit", "args": {"answers": {"who": True}}}, ScriptedRng())
    assert kind(s) == "intelligence"


def test_fuzzed_wellshaped_orders_are_applied_or_refused_as_illegal_never_crash():
    rng = SeededRng(5)
    applied = refused_ = 0
    for n, (state, role, prompt) in enumerate(seeded_positions(range(2), steps=250)):
        if role == UMPIRE or n % 3:
            continue
        action = random_shaped_action(prompt, rng)
        try:
            rules.apply(state, role, action, SeededRng(9))
            applied += 1
        except IllegalAction:
            refused_ += 1
    assert applied and refused_
