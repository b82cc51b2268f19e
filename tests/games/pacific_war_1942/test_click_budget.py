"""The click budget (issue 34 item 4): a turn asks the player only what the rules make them decide, the actions its
AP buy and the reserve decisions, measured by tools/count_submissions_pacific_war_1942.py (docs/benchmarks.md)."""
import re

import pytest

from app.engine.rng import SeededRng
from app.games.pacific_war_1942 import rules
from tools import count_submissions, count_submissions_pacific_war_1942 as counting


@pytest.mark.rule("Sequence of Play Each Turn")
def test_a_turn_asks_for_its_actions_and_reserve_decisions_and_nothing_else():
    """The sensible stand-in spends every AP, so each turn's submissions are its AP (the AP Chart roll, read from the
    log) and its reserve decisions: no press for the AP roll or the BOT's roll."""
    dice = SeededRng(4)
    state = rules.setup("campaign", {}, dice)
    asked: dict[int, int] = {}
    rerolls: dict[int, int] = {}
    while rules.outcome(state) is None:
        prompt = rules.prompts(state)["allied"]
        action = counting.stand_in(rules.view(state, "allied"), prompt)
        asked[state["turn"]] = asked.get(state["turn"], 0) + 1
        if action["verb"] in ("use_reserve", "accept"):
            rerolls[state["turn"]] = rerolls.get(state["turn"], 0) + 1
        state = rules.apply(state, "allied", action, dice)
    ap = {int(m[1]): int(m[2]) for line in state["log"]
          if (m := re.match(r"Turn (\d+) \(.*\): Action Points roll \d: (\d) AP\.", line["text"]))}
    assert asked == {t: ap[t] + rerolls.get(t, 0) for t in asked}
    assert sum(rerolls.values()) >= 1  # the game seen asks about a reserve at least once


def test_the_tool_counts_the_turns_of_every_game_and_is_reached_from_count_submissions(capsys):
    turns = counting.per_turn([1, 2])
    assert len(turns) >= 2 * 12 and 1 <= min(turns) and max(turns) <= 4 + 4  # AP 1-4, a reserve a front at most
    assert count_submissions.main(["--game", "pacific_war_1942", "--seeds", "1"]) == 0
    assert "Pacific War 1942: Solitaire, seeds 1-1 (1 games" in capsys.readouterr().out
