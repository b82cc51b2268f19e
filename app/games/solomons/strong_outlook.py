"""The strong bot's look past its search horizon: where Guadalcanal's ground war is heading (12, 16).

The search plays to the end of the Game-Turn; the ground war is lost over several. An American force left without
Supply Points is isolated (16.21: halved after three unsupplied Game-Turns), defends at half (16.21, 12.4) and, once
Japan has landed more Ground Points than it can attack with, is destroyed a few points a turn, each an American
Ground Point worth 1 VP to Japan (22). This projects that from the public Guadalcanal chart alone (everything on it
is public, 3.2): each remaining Game-Turn the rules of supply and ground combat are applied with the expected result
of the die (the Ground CRT's six rows averaged), both sides attacking with every attack-effective point when they may
(what the easy bot does), nobody landing anything more except Japan's usual run of troops and supply.

Everything here is a belief for the evaluation, not a rule: the rules themselves are in combat/ground.py and
combat/supply.py, whose procedures this calls.
"""
from __future__ import annotations

from typing import Any

from app.games.solomons import board
from app.games.solomons.combat import crt, ground, supply

# Reconstructed (bench observation, tools/bench_bots.py, 2026-11-30): the easy Japanese bot lands about three Ground
# Points and three Supply Points on Guadalcanal a Game-Turn once its Tokyo Express runs; the projection assumes Japan
# keeps doing so (the view shows no Japanese plan, so the usual one is assumed, as the search's rollouts do).
JAPANESE_LANDING = {"ground": 3, "supply": 3}
FIRST_JAPANESE_LANDING = 3  # reconstructed: no Japanese troops land before Game-Turn 3 in the bench games
LOOKAHEAD = 3  # Game-Turns projected at most: the threat at hand (further, the assumption that only Japan lands
#               anything dominates and every plan looks lost alike)


# 22: an American Ground Point lost is a Japanese VP, a Japanese one is worth nothing; at 1:1 the attacker loses about
# as many points as the defender (12.4's CRT), so the strong American attacks only at better odds.
WORST_GROUND_COLUMN = "1:1"


def worth_attacking(points: int, defense: int) -> bool:
    """12.4: an American attack of `points` on `defense` Japanese points is at better odds than 1:1."""
    return crt.ground_column(points, defense) not in (None, WORST_GROUND_COLUMN)


class FixedDie:
    """A die that always rolls `face`, to average a CRT over its six rows."""

    def __init__(self, face: int):
        self.face = face

    def d6(self) -> int:
        return self.face


def expected_attack(attack: int, defense: int, unsupplied: int) -> tuple[float, float]:
    """12.4: the expected Ground Points lost by attacker and defender, over the six rolls of the die."""
    lost_a = lost_d = 0.0
    for face in range(1, 7):
        r = ground.resolve_attack(attack, defense, FixedDie(face), unsupplied)
        lost_a += r["attacker_loses"]
        lost_d += r["defender_loses"]
    return lost_a / 6, lost_d / 6


def american_ground_lost(g: dict[str, Any], turn: int, last_turn: int = board.TURNS) -> float:
    """The American Ground Points Japan is expected to destroy in Game-Turns turn+1..last_turn (at most LOOKAHEAD)."""
    a, j = g["ground"]["allied"], g["ground"]["japanese"]
    sa, sj = g["supply"]["allied"], g["supply"]["japanese"]
    unsupplied_turns = g.get("unsupplied_turns", 0)
    lost = 0.0
    for t in range(turn + 1, min(last_turn, turn + LOOKAHEAD) + 1):
        if a <= 0:
            break
        if unsupplied_turns >= supply.ISOLATION_TURNS:  # 16.21 (not VP: no enemy's doing)
            a, unsupplied_turns = supply.isolation_survivors(a), 0
        supplied = sa >= 1
        if supplied:  # 16.11, 16.4
            sa -= 1
            unsupplied_turns = 0
        else:
            unsupplied_turns += 1
        if t >= FIRST_JAPANESE_LANDING:
            j += JAPANESE_LANDING["ground"]
            sj += JAPANESE_LANDING["supply"]
        effective = {"allied": ground.attack_effective("allied", a, sa, a if supplied else 0),
                     "japanese": ground.attack_effective("japanese", j, sj, j)}
        if j <= 0:
            effective["allied"] = 0
        losses = {"allied": 0.0, "japanese": 0.0}
        for side in ground.initiative(effective):
            other = board.ENEMY[side]
            if side == "allied":
                if not worth_attacking(effective[side], j):
                    continue  # the strong American attacks only at better odds (strong_bot.ground_order)
                sa -= 1
                att_lost, def_lost = expected_attack(effective[side], j, 0)
            else:
                sj -= 1
                att_lost, def_lost = expected_attack(effective[side], a, 0 if supplied else a)
            losses[side] += att_lost
            losses[other] += def_lost
        lost += min(a, losses["allied"])
        a = max(0, round(a - losses["allied"]))
        j = max(0, round(j - losses["japanese"]))
    return lost

