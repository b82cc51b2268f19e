"""First Blood: The Guadalcanal Campaign (the AHIKS game, revamped by Christian Holm Christensen), on the rules
contract: the game's declaration parts (meta, set-up, the phase a snapshot is named by) over its decision records
(records.py) and the engine's walker. `apply` checks an order's shape against every verb of the game first
(MalformedAction), then who may decide now, then the decision's own check (IllegalAction citing its rule).
Everything is open information (digest part 0)."""
from __future__ import annotations

from typing import Any

from app.engine.contract import ChatPolicy, GameMeta, Scenario, Side
from app.engine.errors import MalformedAction
from app.engine.states import TableGame
from app.games.first_blood import board, hidden, sequence, views
from app.games.first_blood.gamedata import TITLE
from app.games.first_blood.records import ALL_VERBS, SEQUENCE, STATES, new_state

State = dict[str, Any]


class FirstBlood(TableGame):
    views, hidden = views, hidden  # the game's own modules, which TableGame hands the view and the hooks to
    meta = GameMeta(
        id="first_blood", title="First Blood: The Guadalcanal Campaign", publisher=None, year=None,
        roles=("ij", "us"),
        scenarios=(Scenario("campaign", "The campaign, Sep I to Jan III", "§1",
                            "15 turns around Henderson Field; the IJ must take an air field or still hold ground "
                            "on the map at the end of Jan III."),),
        role_labels={"ij": "Imperial Japan (IJ)", "us": "United States (US)"},
        sides=(Side("ij", "Imperial Japan (IJ)", ("ij",)), Side("us", "United States (US)", ("us",))),
        chat=ChatPolicy(),
    )
    states, all_verbs, over_rule, role_titles = STATES, ALL_VERBS, "§12", TITLE

    def setup(self, scenario: str, options: dict[str, Any], rng) -> State:
        if scenario != "campaign":
            raise MalformedAction(f"Unknown scenario {scenario!r} (scenarios: campaign).")
        state = new_state()
        SEQUENCE.begin(state, rng)
        return state

    sequence = SEQUENCE

    def tidied(self, state: State, role: str, action: Any) -> Any:
        """The order as the rules read it from what a form posts (the decision's `tidy`: an attack's unticked
        hexes dropped), as the tutorials compare it with the example's."""
        d = self.decision(state)
        return d.tidied(state, role, action) if d is not None else action

    def phase(self, state: State) -> str:
        step = state["step"]
        return f"turn-{state['turn']}-{sequence.kind(state)}" + (f"-{step['side']}" if step.get("side") else "")


rules = FirstBlood()
__all__ = ["STATES", "board", "new_state", "rules"]
