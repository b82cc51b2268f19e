"""Invariants over whole games, so that a procedure that silently stops running is noticed (issue 12, item 17):
liveness alone hid a computer player answering for the wrong side and carrier counterattacks that never flew.

The seeded-game sweeps are `slow`; the directed tests beside them run in the default suite."""
import copy
import functools

import pytest
from sol_core_helpers import current, start, submit, until

from app.engine.rng import SeededRng
from app.engine.testing import playout
from app.games.solomons import rules, sequence, tables
from app.games.solomons.units import side_units

# Seed 21 is the first random game in which both sides' Anti-Ship forces meet in M (15.31): since the 4.1 sequence
# and the bots changed, none of seeds 0-7 does.
SEEDS = (*range(8), 21)

# Sections whose procedure may rightly say nothing in a whole game, and why.
SILENT = {
    "air_transfer": "section K's transfers are resolved with section J's orders (docs/games/solomons.md)",
    "possession": "12.5 speaks only when Henderson Field changes hands",
    "carrier_counterattacks": "6.25 needs a carrier duel: test_a_carrier_counterattack_is_flown_in_the_sequence_of_play",
}
# Rules the data names (sequence.toml sections, crt.toml `used_by`) that are applied inside a procedure whose log
# lines cite a neighbouring case, or that need circumstances random play seldom makes; each has a directed test.
APPLIED_WITHIN = {
    "14.13": "14.3", "14.32": "14.3", "14.33": "14.3", "6.22": "14.3", "6.24": "14.3", "6.23": "14.2",
    "14.64": "14.2", "15.33": "combat/test_combat_surface.py", "6.26": "test_core_turn.py",
    "14.5": "test_a_carrier_counterattack_is_flown_in_the_sequence_of_play",
}


def bots_for(sides):
    def choose(rules_, state, role, rng):
        if role in sides:
            return rules_.bots[role](rules_.view(state, role), rules_.prompts(state)[role], rng)
        return rules_.random_action(state, role, rng)
    return choose


@functools.lru_cache(maxsize=None)
def seeded_games():
    """Random players, and the bots against each other and against random players."""
    games = [playout(rules, "campaign", seed=seed).state for seed in SEEDS]
    for seed, sides in ((1, ("allied", "japanese")), (2, ("allied",)), (3, ("japanese",))):
        games.append(playout(rules, "campaign", seed=100 + seed, chooser=bots_for(sides)).state)
    return games


def lines(games):
    return [line for g in games for line in g["log"]]


@pytest.mark.slow
@pytest.mark.rule("4.2")
def test_every_section_of_the_sequence_logs_something_over_seeded_games():
    spoke = {sequence.STEPS[line["at"]]["kind"] for line in lines(seeded_games()) if isinstance(line.get("at"), int)}
    kinds = {step["kind"] for step in sequence.STEPS}
    assert kinds - spoke == set(SILENT)


@pytest.mark.slow
def test_every_rule_the_data_names_is_reached_over_seeded_games():
    named = {step["rule"] for step in sequence.STEPS}
    for table in tables.TABLES:
        named |= set(tables.crt(table).get("used_by", []))
    cited = set()
    for line in lines(seeded_games()):
        if (line.get("data") or {}).get("rule"):
            cited.add(line["data"]["rule"])
        if isinstance(line.get("at"), int):
            cited.add(sequence.STEPS[line["at"]]["rule"])
    missing = {r for r in named if not any(c == r or c.startswith(r + ".") for c in cited)}
    assert missing == set(APPLIED_WITHIN)


def test_each_side_is_played_by_its_own_bot():
    """The computer seat of a side answers with that side's orders: a Japanese bot forms Japanese task forces."""
    s = until(start(3), "allocation", dice=[6] * 20, turn=2)
    for side, bot in rules.bots.items():
        assert bot.__name__ == f"solomons_{side}_bot"
        order = bot(rules.view(s, side), rules.prompts(s)[side], SeededRng(1))
        ships = [u for tf in order["args"]["task_forces"] for u in tf["units"]]
        own = {u["id"] for u in side_units(s, side)}
        assert ships and set(ships) <= own
        rules.apply(s, side, order, SeededRng(2))        # and the side's own prompt accepts it


@pytest.mark.rule("6.25")
@pytest.mark.rule("14.5")
def test_a_carrier_counterattack_is_flown_in_the_sequence_of_play():
    """An American carrier force that had spent its strike is attacked by unspent Japanese carrier air in
    segment 1: in section F, through the walker, its carriers counterattack with the NAC they kept aboard."""
    s = until(start(3), "air", dice=[6] * 60, turn=1, segment=1)
    us = s["task_forces"]["allied-tf-1"]                          # CV-1, CV-2, CV-3 with 24 NAC, in R
    assert {u for u in us["units"]} == {"us-CV-1", "us-CV-2", "us-CV-3"}
    jp = copy.deepcopy(us)
    jp.update(id="japanese-tf-1", side="japanese", number=1, units=["jp-CV-1"], base="truk", plot={},
              path=[us["hex"]], marker={"allied": "tf-?2", "japanese": None})
    s["task_forces"]["japanese-tf-1"] = jp
    s["units"]["jp-CV-1"].update(location=us["hex"], task_force="japanese-tf-1", sortied=True)
    us["cag_spent"] = True                                        # spent its offensive action earlier
    us["marker"]["japanese"] = "tf-?1"
    seen = {"hex": us["hex"], "segment": 1, "turn": 1, "transports": 0, "submarine": False}
    s["markers"]["japanese"]["tf-?1"] = dict(seen, units=3, capital=3)
    s["markers"]["allied"]["tf-?2"] = dict(seen, units=1, capital=1)
    s = submit(s, "allied", {"missions": []})
    strike = {"source": "japanese-tf-1", "kind": "nac", "points": 6, "mission": "attack", "target": "tf-?1"}
    s = submit(s, "japanese", {"missions": [strike]}, *([1] * 80))
    assert current(s)["kind"] == "reset"
    counter = [line for line in s["log"] if line["to"] == "allied" and (line.get("data") or {}).get("rule") == "6.25"
               and sequence.STEPS[line["at"]]["kind"] == "carrier_counterattacks"]
    assert len(counter) == 1 and "Your 24 NAC from TF 1 attacked Japanese Task Force B (sighted)" in counter[0]["text"]
    assert s["units"]["jp-CV-1"]["status"] == "crippled"
