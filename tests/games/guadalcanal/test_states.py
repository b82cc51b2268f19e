"""The states table (Contract v2): every decision kind the sequence reaches has a full record, and every prompt's
typed orders publish a schema that every random legal order and every missed order fits."""
import json

import jsonschema_rs

from app.engine.orders import prompt_schema
from app.engine.rng import SeededRng
from app.engine.testing import random_action
from app.games.guadalcanal import rules, sequence
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
            while rules.outcome(s) is None:
                role = players.choice(sorted(rules.prompts(s)))
                prompt = rules.prompts(s)[role]
                v = jsonschema_rs.validator_for(prompt_schema(json.loads(json.dumps(prompt))))
                action = random_action(rules, s, role, players)
                assert v.is_valid(action), (prompt["title"], action)
                assert v.is_valid(rules.default_action(s, role)), prompt["title"]
                rules.check(s, role, rules.default_action(s, role))
                seen.add(sequence.combat_kind(s) or s["step"]["kind"])
                s = rules.apply(s, role, action, dice)
    # Random strikes seldom find a target; the Combat Phase's decisions are the combat package's tests' to reach,
    # and the submarine attack's (11e2: a roll three times the other's and a task force spotted this Turn) is
    # test_option_11e's; scenarios 5 and 6's surface battle (7f, 7g) is test_surface_play's.
    assert set(sequence.DECISION_KINDS) - set(sequence.COMBAT_KINDS) - {"submarine", "surface"} <= seen
