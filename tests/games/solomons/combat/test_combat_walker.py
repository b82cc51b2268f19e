"""One air strike through the core's walker: allocation recorded in section D, resolved in section E (14.3, 14.64)."""
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the core's test helpers, one folder up
from sol_core_helpers import both, start, until  # noqa: E402

from app.games.solomons import rules  # noqa: E402
from app.games.solomons.units import marker_name  # noqa: E402


@pytest.mark.rule("14.64")
def test_rabaul_lac_strike_on_ships_in_m_through_the_walker():
    s = start(6)
    s = until(s, "movement_plot", dice=[3] * 200)
    stay = {"allied-tf-3": {"hexes": {"1": "M", "2": "R", "3": "australia", "4": "australia", "5": "australia",
                                      "6": "australia", "7": "australia"}}}
    plots = rules.default_action(s, "allied")["args"]["plots"]
    plots.update(stay)
    s = both(s, allied={"plots": plots})
    s = until(s, "air", dice=[3] * 200, segment=1)
    marker = s["task_forces"]["allied-tf-3"]["marker"]["japanese"]
    assert s["markers"]["japanese"][marker]["hex"] == "M"
    strike = {"source": "rabaul", "points": 13, "kind": "lac", "mission": "attack", "target": marker, "hex": "M",
              "counters": 1}
    s = both(s, dice=[4] * 60, japanese={"missions": [strike]})
    jp = "\n".join(line["text"] for line in rules.view(s, "japanese")["log"])
    us = "\n".join(line["text"] for line in rules.view(s, "allied")["log"])
    assert f"Your 13 LAC from Rabaul attacked {marker_name('allied', marker)} in M" in jp
    assert "was attacked by 13 LAC from Rabaul" in us
    assert "allied-tf-3" not in jp
    spectator = "\n".join(line["text"] for line in rules.view(s, "spectator")["log"])
    assert "Rabaul" not in spectator and "North Carolina" not in spectator
    # the ships of the attacked group(s) are in Japan's view; Rabaul spent its one attack of the turn (14.63)
    assert rules.view(s, "japanese")["enemy"]["revealed_ships"]
    assert s["air"]["japanese"]["rabaul"]["attacked"] is True
    # at extended range every AA loss is suffered twice (14.64): once before the attack, again on the way home
    before = int(re.search(r"anti-aircraft fire shot down (\d+)", jp).group(1))
    after = int(re.search(r"the strike lost (\d+) more on the way home", jp).group(1))
    assert before == after > 0
    assert s["air"]["japanese"]["rabaul"]["lac"] == 13 - 2 * before
    assert s["losses"]["japanese"]["lac"] == 2 * before
