"""`make bench`, storage part (issue 18): what a finished game keeps, and how long any moment of it takes to rebuild.

A seeded Solomons game between random legal players is played through the rules; the snapshots the platform would
take (app/play/snapshots.py: every phase change and every `snapshot_every` actions) and those a finished game keeps
(`kept`) are packed as the database stores them (app/store/packed.py). Rebuilding a version is what `state_at` does:
unpack the nearest kept snapshot and replay the actions after it."""
from __future__ import annotations

import json
import time

from app.config import get_settings
from app.engine.rng import SeededRng
from app.engine.testing import random_action
from app.play.dice import ReplayRng
from app.play.snapshots import kept
from app.store.packed import pack, unpack


def storage(seed: int = 7) -> dict:
    from app import games as registry

    rules = registry.get("solomons")
    dice, players = SeededRng(seed), SeededRng(seed + 1)
    state = rules.setup("campaign", rules.meta.default_options(), dice)
    states, actions, phases = [state], [], [rules.phase(state)]
    while rules.outcome(state) is None:
        role = players.choice(sorted(rules.prompts(state)))
        action = random_action(rules, state, role, players)
        drawn = len(dice.rolls)
        state = rules.apply(state, role, action, dice)
        actions.append((role, action, dice.rolls[drawn:]))  # as the action log records them
        states.append(state)
        phases.append(rules.phase(state))
    every = get_settings().snapshot_every
    taken, last = [0], 0
    for seq in range(1, len(states)):
        if phases[seq] != phases[last] or seq - last >= every or seq == len(states) - 1:
            taken.append(seq)
            last = seq
    keep = sorted(kept(taken, set(), get_settings().snapshot_keep_every))
    packed = {seq: pack(states[seq]) for seq in keep}
    rebuild = []
    for seq in range(len(states)):
        base = max(k for k in keep if k <= seq)
        start = time.process_time()
        s = unpack(packed[base])
        for role, action, rolls in actions[base:seq]:
            s = rules.apply(s, role, action, ReplayRng(rolls))
        rebuild.append(time.process_time() - start)
        assert s == states[seq], seq
    return {"actions": len(actions), "taken": len(taken), "kept": len(keep),
            "raw_running": sum(len(json.dumps(states[s])) for s in taken),
            "packed_kept": sum(len(b) for b in packed.values()), "rebuild": rebuild}


def lines() -> list[str]:
    from tools.bench import pct

    f = storage()
    return ["## Storage of a finished game", "",
            f"A seeded Solomons game between random legal players: {f['actions']} actions. Goal: under 1 MB kept, "
            "and any version rebuilt in under 50 ms.", "",
            "| figure | measured |", "|---|---|",
            f"| snapshots while it ran (one per phase change, at least every {get_settings().snapshot_every} actions)"
            f" | {f['taken']}, {f['raw_running'] / 1e6:.1f} MB as plain JSON |",
            f"| snapshots the finished game keeps (at least every {get_settings().snapshot_keep_every} actions), "
            f"packed | {f['kept']}, {f['packed_kept'] / 1e6:.2f} MB |",
            f"| rebuild of a version from the nearest kept snapshot, CPU (p50 / p99 / max, ms) | "
            f"{pct(f['rebuild'], 50) * 1000:.1f} / {pct(f['rebuild'], 99) * 1000:.1f} / "
            f"{max(f['rebuild']) * 1000:.1f} |", ""]


if __name__ == "__main__":
    print("\n".join(lines()))
