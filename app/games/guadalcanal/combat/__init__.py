"""Guadalcanal's Combat Phase on the Battleboard (rule 4) and the counter values (data/units.toml).

The interface for the sequence is written at the top of this package once the phase is built; for now: `units`
(the counters' printed values).
"""
