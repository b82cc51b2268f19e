"""The harness enumerates both kinds of argument spec: typed orders and the older choice/integer specs, and leaves
prose specs (Solomons until it moves) to the game's own random_action."""
from app.engine.orders import Boolean, Choice, Several, args_json
from app.engine.rng import SeededRng
from app.engine.testing import enumerate_actions, random_shaped_action


def test_typed_old_and_prose_specs_together():
    prompt = {"actions": [
        {"verb": "fire", "args": {"salvos": {"type": "integer", "minimum": 1, "maximum": 2}}},  # older spec
        {"verb": "ground", "args": {"attack": {"type": "choice", "choices": [True, False]}}},
        {"verb": "launch", "args": args_json({"carriers": Several(("Enterprise", "Hornet"), 1, 2),
                                              "escort": Boolean()})},
        {"verb": "plot", "args": {"plots": {"type": "object", "items": "{segment: hex}"}}},  # prose: not listed
        {"verb": "pass"},
    ]}
    actions = enumerate_actions(prompt)
    assert actions[:4] == [{"verb": "fire", "args": {"salvos": 1}}, {"verb": "fire", "args": {"salvos": 2}},
                           {"verb": "ground", "args": {"attack": True}}, {"verb": "ground", "args": {"attack": False}}]
    launches = [a["args"] for a in actions if a["verb"] == "launch"]
    assert len(launches) == 3 * 2 and {"carriers": ["Enterprise", "Hornet"], "escort": False} in launches
    assert not any(a["verb"] == "plot" for a in actions) and actions[-1] == {"verb": "pass", "args": {}}


def test_random_shaped_action_draws_from_typed_specs_only():
    rng = SeededRng(4)
    typed = {"actions": [{"verb": "go", "args": args_json({"to": Choice(("a", "b"))})}]}
    drawn = {random_shaped_action(typed, rng)["args"]["to"] for _ in range(20)}
    assert drawn == {"a", "b"}
    prose = {"actions": [{"verb": "plot", "args": {"plots": {"type": "object"}}}]}
    assert random_shaped_action(prose, rng) is None and random_shaped_action({"actions": []}, rng) is None
