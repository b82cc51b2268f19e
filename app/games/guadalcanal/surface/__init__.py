"""Option 16, surface combats: pure functions over the game's units (`state["units"]`, the combat package's
records: face, hits, eliminated) and one plain record of the surface battle in progress, `state["surface"]`:

    {"night": bool, "turn": 1-10, "sides": {"A": side, "B": side}, "scenario": id | None,
     "ships": {uid: {"at": hex, "facing": "N"|"NE"|...}},  # ship units on the Battleboard
     "base": uid | None,                                    # a base in the battle hex (16j), at the board's centre
     "torpedoes": [{"ship", "at", "facing"}],               # markers placed this Surface Turn (16d3)
     "fired": [uid],                                        # ships that fired torpedoes in this combat (16f4)
     "gunned": [uid],                                       # ships that fired their guns this Surface Turn (16g)
     "breaking": [uid], "broken_off": [uid],                # 16d6
     "breakoff_after": n, "night_modifier": n}              # 7f4.3/7g4.3 and 16k3

Modules, one rule each: `contact` (16a, 16b2), `battleline` (16c), `turns` (16d1, 16d7, 11c1), `movement` (16e),
`torpedoes` (16f3-16f5, 16h-16h2), `gunnery` (16g-16g3, 16j, 16k3), `breakoff` (16i), `scenarios` (7f, 7g).
`geometry` holds the Battleboard's sectors and lines; `values` the data (data/surface.toml), every reconstructed
value with its provenance.
"""
