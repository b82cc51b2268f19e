"""The states table (Contract v2): every decision kind the sequence reaches has a full record, and every prompt's
typed orders publish a schema that every random legal order and every missed order fits."""
import json

import jsonschema_rs
import pytest

from app.engine.errors import IllegalAction
from app.engine.orders import prompt_schema
from app.engine.rng import SeededRng
from app.engine.testing import random_action
from app.games.guadalcanal import rules, sequence, standing_orders
from app.games.guadalcanal.options import IDS as OPTIONS
from app.games.guadalcanal.rules import STATES


def test_every_decision_kind_of_the_sequence_has_every_part():
    assert STATES.missing(sequence.DECISION_KINDS) == []
    assert {d.id for d in STATES} == set(sequence.DECISION_KINDS)


def test_every_random_legal_order_and_missed_order_fits_the_published_schema():
    seen = set()
    for seed in range(6):
        for umpired in (False, True):
            players, dice = SeededRng(seed * 2 + 1), SeededRng(seed * 2)
            options = {"umpired": umpired, **({k: True for k in OPTIONS} if seed % 2 else {})}  # 11b, 11c, 11e
            s = rules.setup("1", options, dice)
            s["standing"] = standing_orders.cancelled(("allied", "japanese"))  # every kind of decision asked
            while rules.outcome(s) is None:
                role = players.choice(sorted(rules.prompts(s)))
                prompt = rules.prompts(s)[role]
                v = jsonschema_rs.validator_for(prompt_schema(json.loads(json.dumps(prompt))))
                action = random_action(rules, s, role, players)
                assert v.is_valid(action), (prompt["title"], action)
                assert v.is_valid(rules.default_action(s, role)), prompt["title"]
                rules.check(s, role, rules.default_action(s, role))
                seen.add(rules.decision(s).id)  # the umpire's release, a battle's, or the step's own
                s = rules.apply(s, role, action, dice)
    # Random strikes seldom find a target; the Combat Phase's decisions are the combat package's tests' to reach,
    # and the submarine attack's (11e2: a roll three times the other's and a task force spotted this Turn) is
    # test_option_11e's; scenarios 5 and 6's surface battle (7f, 7g) is test_surface_play's.
    assert set(sequence.DECISION_KINDS) - set(sequence.COMBAT_KINDS) - {"submarine", "surface"} <= seen


@pytest.mark.parametrize("kind", [k for k in sequence.DECISION_KINDS if k not in sequence.COMBAT_KINDS])
def test_the_step_a_page_shows_cites_the_rule_and_title_of_the_kinds_record(kind):
    """Issue 33: the page's step heading and a refusal both cite the kind's one record (the sequence's own dicts said
    "11e" for the submarine attack whose record and refusals cite 11e2, and "3" for the umpire's roll, 18c1)."""
    from app.games.guadalcanal import views
    s = rules.setup("1", {}, SeededRng(1))
    s["step"] = {"kind": kind, "side": None, "index": 0}
    shown = views.step(s)
    assert (shown["rule"], shown["title"]) == (STATES[kind].rule, STATES[kind].title)
    assert STATES[kind].title


def test_a_refusal_cites_the_rule_the_page_shows_for_its_step():
    from app.games.guadalcanal import views
    from tests.games.guadalcanal.helpers import example_10, move, play, shift, take_off
    s = play(example_10(), "allied", take_off())
    s = play(s, "allied", shift())
    s = play(s, "japanese", shift())
    with pytest.raises(IllegalAction) as e:
        rules.apply(s, "allied", move(us_tf17="P1"), SeededRng(0))
    assert e.value.rule == views.step(s)["rule"] == "3c"
