"""The steps of a campaign's set-up decisions, before Step 1 of its first Game-Turn (How to Set-up and Play the Games;
How To Use the Situation & Order of Battle: "The Japanese Player always deploys his forces first"): Japanese Variable
Deployment (variable_deployment.py), then each side's placement of the units its order of battle leaves to it
(campaign_setup.py), Japan first, each due under its option, then the end of the set-up (a procedure). The walk
puts those due first in its pregame (sequence.pregame); kept below the set-up decisions and the walk, which read
them."""
from __future__ import annotations

from app.engine.sequence import Step

RULE = "How to Set-up and Play the Games"
DONE = "set_up_done"  # the set-up is over (a procedure: campaign_setup.done)

VARIABLE_DEPLOYMENT = Step("variable_deployment", "japanese",
                           "Japanese Variable Deployment of CL, DD, Oilers, Engineers", RULE)
PLACEMENT: tuple[Step, ...] = (
    Step("campaign_setup", "japanese", "Japanese set-up: the units placed where the Player desires", RULE),
    Step("campaign_setup", "allied", "Allied set-up: the units placed where the Player desires", RULE),
)
OVER = Step(DONE, None, "Set-up done", RULE)
