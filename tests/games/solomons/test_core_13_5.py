"""13.5: after a submarine attack the American player may rewrite the affected plot only by aborting."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "combat"))
from combat_kit import add_tf, blank_state  # noqa: E402

from app.engine.errors import IllegalAction  # noqa: E402
from app.games.solomons import movement  # noqa: E402


@pytest.mark.rule("13.5")
def test_after_a_submarine_attack_the_american_may_only_abort():
    s = blank_state()
    s.setdefault("day", True)
    tf = add_tf(s, "allied", 1, ["us-CV-1", "us-CA-1"], "O")["id"]
    s["task_forces"][tf]["plot"] = {"3": "O", "4": "N", "5": "M"}
    movement.check_reset(s, "allied", {"aborts": [tf]})  # abort: allowed
    with pytest.raises(IllegalAction) as refused:
        movement.check_reset(s, "allied", {"mission_changes": {tf: "anti_ship"}})
    assert "only abort" in refused.value.message
