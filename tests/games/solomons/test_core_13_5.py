"""13.5: after a submarine attack the American player may rewrite the affected plot only by aborting."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "combat"))
from combat_kit import add_tf, add_unit, blank_state, told  # noqa: E402

from app.engine.errors import IllegalAction  # noqa: E402
from app.engine.rng import ScriptedRng  # noqa: E402
from app.games.solomons import movement  # noqa: E402
from app.games.solomons.combat import submarine  # noqa: E402


@pytest.mark.rule("13.5")
@pytest.mark.rule("13.2")
@pytest.mark.rule("6.39")
def test_after_a_submarine_attack_the_american_may_only_abort():
    """13.5: "After a submarine attack the American player may only rewrite the affected movement plot by aborting
    the mission." American forces may never change mission (6.39), so abort is the only rewrite left; this shows
    it on a force a submarine has just attacked."""
    s = blank_state(segment=3, day=True)
    add_unit(s, "jp-SS-1", location="F")
    s["submarines"]["jp-SS-1"] = {"id": "jp-SS-1", "status": "deployed", "hex": "F", "deployed_turns": 1,
                                  "returns": None, "marker": {"allied": "tf-?9"}}
    tf = add_tf(s, "allied", 1, ["us-BB-1", "us-CA-1"], "F", mission="anti_ship",
                plot={"2": "O", "3": "F", "4": "G", "5": "H"}, path=["O", "F"], last_move=3)
    # 6: the attack is made (25.5); BB-1 is the only capital ship; 1:1 die 4 prints -/½C, the lone ship: 1 crippled
    submarine.resolve_attacks(s, 3, ScriptedRng([6, 1, 4, 1]))
    assert s["units"]["us-BB-1"]["status"] == "crippled" and "us-BB-1" in told(s, "allied")
    with pytest.raises(IllegalAction) as refused:
        movement.check_reset(s, "allied", {"mission_changes": {tf["id"]: "transport"}})
    assert refused.value.rule == "6.39" and "only abort" in refused.value.message
    movement.check_reset(s, "allied", {"aborts": [tf["id"]]})
    movement.resolve_reset(s, "allied", {"aborts": [tf["id"]]}, 3)
    # the rewritten plot is the shortest route to the nearest friendly naval base (6.38), not the old course
    assert tf["aborted"] and [tf["plot"][str(n)] for n in (4, 5)] != ["G", "H"]
    assert tf["plot"]["7"] in ("espiritu_santo", "australia")
