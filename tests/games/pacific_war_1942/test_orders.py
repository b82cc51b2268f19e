"""Typed orders in Pacific War 1942: every prompt publishes a JSON Schema, every random legal action and every missed
order fits it, and a misshapen order is refused as malformed before any rule is consulted."""
import itertools
import json

import jsonschema_rs
import pytest

from app.engine.errors import IllegalAction, MalformedAction
from app.engine.orders import enumerate_spec, from_json, prompt_schema, random_args
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import random_action, random_shaped_action
from app.games.pacific_war_1942 import orders, rules
from tests.games.pacific_war_1942.helpers import actions_phase, play


def seeded_positions(seeds, steps=400):
    """(state, prompt) at every decision of seeded random games."""
    for seed in seeds:
        players, dice = SeededRng(seed * 2 + 1), SeededRng(seed * 2)
        state = rules.setup("campaign", {}, dice)
        for _ in range(steps):
            prompt = rules.prompts(state).get("allied")
            if prompt is None:
                break
            yield state, prompt
            state = rules.apply(state, "allied", random_action(rules, state, "allied", players), dice)


def test_every_offered_random_and_missed_order_fits_the_published_schema():
    checked = set()
    for state, prompt in seeded_positions(range(12)):
        schema = prompt_schema(json.loads(json.dumps(prompt)))
        assert schema is not None, f"an untyped argument in {prompt['title']}"
        v = jsonschema_rs.validator_for(schema)
        for action in [a for spec in prompt["actions"] for a in enumerate_spec(spec)]:
            assert v.is_valid(action), (prompt["title"], action)
            assert not v.is_valid({"verb": action["verb"], "args": {"front": "atlantis"}})
            checked.add(action["verb"])
        assert v.is_valid(random_action(rules, state, "allied", SeededRng(len(checked)))), prompt["title"]
        assert v.is_valid(rules.default_action(state, "allied")), prompt["title"]
    assert checked == set(orders.VERBS)


def test_each_button_stands_for_one_value_of_its_verbs_domain():
    s = actions_phase()
    for spec in rules.prompts(s)["allied"]["actions"]:
        for name, arg in (spec.get("args") or {}).items():
            order = from_json(arg)
            assert order.values() and len(order.values()) == 1  # a button, not a choice to make
            orders.VERBS[spec["verb"]][name].check(order.values()[0], name)
    with pytest.raises(KeyError):
        orders.spec("bombard", "Bombard Tokyo")


@pytest.mark.rule("Sequence of Play Each Turn")
def test_a_misshapen_order_is_malformed_before_any_rule_and_a_wellshaped_one_meets_the_rules():
    s = actions_phase()
    s["fronts"]["china"]["reserve"] = True
    s = play(s, {"verb": "attack_front", "args": {"front": "china"}}, dice=[1])  # the reserve decision comes first
    with pytest.raises(MalformedAction, match="Front: choose one of India front, China front") as e:
        rules.apply(s, "allied", {"verb": "attack_front", "args": {"front": "atlantis"}}, ScriptedRng())
    assert e.value.rule is None
    with pytest.raises(MalformedAction, match="Sea area: choose one of"):
        rules.apply(s, "allied", {"verb": "attack_sea", "args": {"sea": "pacific"}}, ScriptedRng())
    with pytest.raises(MalformedAction, match="this order takes no argument 'front'"):
        rules.apply(s, "allied", {"verb": "accept", "args": {"front": "india"}}, ScriptedRng())
    with pytest.raises(MalformedAction, match="There is no order 'fly'"):
        rules.apply(s, "allied", {"verb": "fly"}, ScriptedRng())
    with pytest.raises(IllegalAction) as e:
        rules.apply(s, "allied", {"verb": "attack_front", "args": {"front": "india"}}, ScriptedRng())
    assert not isinstance(e.value, MalformedAction) and e.value.rule == "Allied Army Reserves"


def test_fuzzed_wellshaped_orders_are_applied_or_refused_as_illegal_never_crash():
    rng = SeededRng(5)
    domain = [{"verb": v, "args": a} for v, a in orders.VERBS.items()]
    refused = applied = 0
    for state, prompt in seeded_positions(range(4), steps=120):
        for action in (random_shaped_action(prompt, rng), random_args(rng.choice(domain), rng)):
            try:
                rules.apply(state, "allied", action, SeededRng(9))
                applied += 1
            except IllegalAction as e:
                assert e.message and (isinstance(e, MalformedAction) or e.rule), action
                refused += 1
    assert refused and applied


@pytest.mark.rule("Using Action Charts")
@pytest.mark.rule("Allied Army Reserves")
def test_the_prompt_offers_exactly_the_legal_orders_one_button_each():
    """Offered means legal, and legal means offered: at every decision of seeded games, every order of the game's
    whole domain (every verb with every value) is accepted by the rules' check exactly when the prompt offers it."""
    domain = [{"verb": verb, "args": dict(zip(args, values))}
              for verb, args in orders.VERBS.items()
              for values in itertools.product(*(a.values() for a in args.values()))]
    for state, prompt in seeded_positions(range(4)):
        offered = [a for spec in prompt["actions"] for a in enumerate_spec(spec)]
        assert len(offered) == len(prompt["actions"])  # one button an order
        for action in domain:
            try:
                rules.check(state, "allied", action)
                accepted = True
            except IllegalAction:
                accepted = False
            assert accepted == (action in offered), (prompt["title"], action)
