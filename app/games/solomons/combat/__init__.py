"""Solomons Campaign combat procedures: sections 12-16 of the rules, with the Q&A of section 25 on them.

Two layers. The procedures over explicit inputs (air_strike.py, surface_action.py, results.py, and the
procedure functions at the top of ground.py, bombardment.py, submarine.py, supply.py) take lists of ships, Air
Points and an Rng, and return plain data; they know nothing of the state. The state-level entry points below are
what the core's execution walker (sequence.py) calls directly, once per lettered section;
each works in place on the (already copied) state, takes every die from the given `rng`, and writes log lines with
`app.engine.log.entry`, one line per reader, naming for each side only what it may know.

State-level entry points (`segment` is the Execution Segment 1..14):

    submarine.resolve_attacks(state, segment, rng)             day section C   (13.x, 25.5, 25.6)
    supply.expend_air_supply(state, segment)                   before section E (16.22, 10.7)
    air.resolve_air_attacks(state, segment, rng)               day section E   (6.22-6.24, 14.x, 14.64, 14.7)
    air.resolve_counterattacks(state, segment, rng)            day section F                 (6.25, 14.5)
    surface.resolve_surface_actions(state, segment, rng)       day section G, night section C (15.1, 15.3x)
    bombardment.resolve_naval_bombardment(state, segment, rng) day section H, night section D (6.33, 15.2); call it
        every segment: it also removes the Air Points lost to air bombardment earlier in the segment (6.23, 14.2)
    ground.resolve_ground_combat(state, rng)                   Ground Combat Phase           (12.x, 16.12)
    supply.supply_american_ground(state)                       Plot Phase 1, before the American plot (16.11, 16.4)
    supply.after_landing(state)                                after each landing section    (16.21)
    supply.status_chart(state) -> dict                         the Guadalcanal Supply Status Chart (public)

For prompts and validation (they raise IllegalAction with the rule):

    air.check_standing_orders(state, side, allocation)         14.3, 6.25 (air_orders.check_allocation calls it)
    ground.effective_points(state) -> {side: points}           12.2
    ground.check_decision(state, side, {"attack", "points"})   12.2-12.4

What the entry points read beyond STATE.md:
- state["decisions"][side] for section E/F: the `air` submission as recorded by the core (missions with
  `target_tf`), plus optional standing orders "defence" and "doctrine" (see air.py);
- task_force["orders"] for section G/C: standing orders for surface combat (see surface.py);
- state["combat"]: this package's scratch for the current segment (Naval Defensive Groups kept between attacks,
  carrier NAC in the air, bombardment air losses due at the end of the segment, carrier attacks for 6.25).
  It is internal: no view shows it.

Decisions needed in mid-resolution (the defender's Naval Defensive Groups and Point CAP, the attacker's split of
its air among groups and ships, carrier counterattacks, Japan's change to Anti-Ship in M, shielding, set-aside)
are standing orders with defaults, never prompts: see the top of air.py and surface.py for why.
"""
