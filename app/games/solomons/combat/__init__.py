"""Solomons Campaign combat procedures: sections 12-16 of the rules, with the Q&A of section 25 on them.

Two layers. The procedures (`resolve_*` over explicit lists of ships, air points and dice) know nothing of the
state's shape and are tested on their own. The state-level entry points below are what the core's execution
walker calls, once per lettered section; each works in place on the (already copied) state, takes every die
from the given `rng` and writes log lines with `app.engine.log.entry`, one line per reader.

State-level entry points (the core's walker calls these; `segment` is the Execution Segment number 1..14):

    submarine.resolve_attacks(state, segment, rng)            day section C        (13.x, 25.5, 25.6)
    air.resolve_air_attacks(state, segment, rng)              day section E        (6.22-6.24, 14.1-14.4, 14.6, 14.7)
    air.resolve_counterattacks(state, segment, rng)           day section F        (6.25, 14.5)
    surface.resolve_surface_actions(state, segment, rng)      day section G, night section C   (15.1, 15.3x)
    bombardment.resolve_naval_bombardment(state, segment, rng) day section H, night section D  (6.33, 15.2);
        call it every segment: it also removes the Air Points lost to air bombardment earlier in the segment
        (6.23, 14.2: "air losses apply at the end of the segment")
    ground.resolve_ground_combat(state, rng)                  Ground Combat Phase  (12.x, 16.12, 16.21)
    supply.supply_american_ground(state)                      Plot Phase 1, before the American plot (16.11, 16.21, 16.4)
    supply.after_landing(state)                               after each Land Troops and Supplies section (16.4, 16.21)
    supply.expend_air_supply(state, segment)                  start of day section E, before air attacks (16.22, 10.3)
    supply.status_chart(state) -> dict                        the Guadalcanal Supply Status Chart, public

Validators the core may call when a side submits its section D allocation (they raise IllegalAction):

    air.check_allocation(state, side, allocation)             14.41, 14.63, 16.22

Decisions needed in mid-resolution are standing orders submitted with the section D allocation or the Task
Force's plot, never prompts (see the top of air.py and surface.py for why and for the defaults).
"""
