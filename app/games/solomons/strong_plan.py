"""The strong players' standing plans (issue 19): what the search's candidates and rollouts build on, where the easy
plans lose by design.

Measured against the easy Japanese player (tools/bench_bots.py, docs/benchmarks.md), the easy American plan gives
Japan its Victory Points three ways: a transport run every Game-Turn, caught in M by Rabaul's bombers (about 25 VP a
game); no air at Henderson Field, so nothing shoots those bombers down or strikes the Japanese transports that land
troops; and, kept in port instead, a garrison without Supply Points that isolation halves (16.21) until Japan's
attack at 1.5:1 takes the island and every American Air Point on it (12.5). This plan:

- **The fleet forward** (5.14, 21.1): American warships arrive at Australia, and the easy plan leaves them there, so
  its Anti-Slot forces are whatever reaches Espiritu Santo by chance; the plan brings every warship but the carriers
  to Espiritu Santo at the Preliminary Set-Up, where the Anti-Slot forces form (11.1) and meet the Tokyo Express in M.
  The plan is the American's alone: the same move for Japan (Truk's battlecruisers, cruisers and destroyers to
  Rabaul, as far as 5.16 lets Rabaul hold them) was measured and did not help it against random play (strong Japan
  won 16 of seeds 0-19 with it, 17 without).
- **Henderson Field's air** (6.26, 10.3, 10.5): once the field is complete and American, every Air Point that may
  transfer moves there. Unallocated, it flies Area CAP over M (6.22), where Rabaul's bombers at extended range lose
  twice (14.64), and with Supply it strikes Japanese ships in reach (10.7).
- **Evacuation** (12.5): when Japan's next attack could destroy every American Ground Point, no air moves in, and the
  air at the field leaves for Espiritu Santo as far as the Supply on the island pays for it (10.3).
- **Lean supply runs** (9.4, 16.11): transports sail only when the island is short of Supply (at most LOW_SUPPLY
  Points) and, after the first Game-Turn, the field's air is there to cover them (COVER Air Points), or the island has
  no Supply at all; they carry Supply only, since an unsupplied garrison defends at half and withers (16.21).

Japan plays two parts of it. At the resets its Bombardment and Transport forces at sea turn back (6.38) when an
American force sighted near Guadalcanal holds capital ships or twice their numbers in warships; against random play
the easy plan's Tokyo Express sailed into such forces and lost its cruisers (the easy Japanese won 33 of 40 seeds
against random play, 37 with the capital-ship test). And on the last Game-Turn, holding the island, it forms no run
at all (`nothing_to_gain`).

The numbers are tuned, not printed: each was chosen by playing 40 seeded games against the easy Japanese player
(seeds 0-39 of tools/bench_bots.play) with the easy American plan changed one way at a time (2026-12-01): easy alone
won 0, with Henderson's air 9 (13 drawn), with lean runs as well 17, with the cover condition 22, with the fleet
forward as well 37 (3 drawn).
"""
from __future__ import annotations

from typing import Any

from app.games.solomons import board, bots
from app.games.solomons.combat import ground
from app.games.solomons.combat.supply import AIR_POINTS_PER_SUPPLY
from app.games.solomons.strong_outlook import FixedDie

View = dict[str, Any]

LOW_SUPPLY = 2  # tuned: a run sails when the island holds at most this many Supply Points (1 and 3 did no better)
COVER = 10  # tuned: Air Points at Henderson Field before a run sails after Game-Turn 1 (6 and 15 did no better)
JAPANESE_LANDING_MARGIN = 3  # tuned: Ground Points Japan may land before the next Ground Combat Phase (the easy
#                              Japanese player lands about three a Game-Turn, strong_outlook.JAPANESE_LANDING)
FORWARD_FIELD = "shortlands"  # 10.5: Japan's airbase in L from Game-Turn 10
REAR_BASE = "espiritu_santo"  # 21.1: where American LAC arrive; an evacuation flies back there
THREAT_CAPITAL = 1  # tuned: capital ships in a sighted American force that turn a Japanese run back (2 did no better)
THREAT_NUMBERS = 2  # warships in a sighted American force, as a multiple of a Japanese run's ships, that turn it back
FLEET_FROM = "australia"  # 21.1: where American naval units arrive
FLEET_BASE = "espiritu_santo"  # the loading base (9.4), where the easy plan forms its forces
# The warships brought forward: carriers stay back (a carrier lost is 50 VP, 22, and the easy plan never sails them)
# and the cargo has its own rule.
FORWARD = ("BB", "CA", "DD")


def placement(view: View, side: str, order: dict[str, Any]) -> dict[str, Any]:
    """5.14: the Preliminary Set-Up's moves (the easy ones), with every warship but the carriers that is ready at
    Australia sent to Espiritu Santo."""
    moves = dict(order.get("placement") or {})
    if side == "allied":
        moves.update({unit: FLEET_BASE for unit in bots.ready_in_port(view, FLEET_FROM)
                      if board.unit_type(unit) in FORWARD})
    return dict(order, placement=moves)


def holds_field(view: View, side: str) -> bool:
    return view["guadalcanal"]["henderson"] == {"complete": True, "side": side}


def island_at_risk(view: View) -> bool:
    """12.4, 12.5: could Japan's attack at the next Ground Combat Phase, on some roll, destroy every American Ground
    Point (with the Japanese landings expected before it, and the garrison halved if it has no Supply, 16.21)?"""
    g = view["guadalcanal"]
    american, japanese = g["ground"]["allied"], g["ground"]["japanese"] + JAPANESE_LANDING_MARGIN
    if american <= 0:
        return True
    unsupplied = american if g["supply"]["allied"] < 1 else 0
    return any(ground.resolve_attack(japanese, american, FixedDie(face), unsupplied)["defender_loses"] >= american
               for face in range(1, 7))


def forward_air(view: View) -> list[dict[str, Any]]:
    """6.26, 10.5: Japan's LAC from Rabaul to the Shortlands (L) as far as its room allows, once it opens on Game-Turn
    10. From L the Guadalcanal hex is within the LAC radius (10.1); from Rabaul it is at extended range, where CAP and
    anti-aircraft losses count twice (14.64), and about half of what the strong Japanese player lost in the air
    against random play was that doubling (seeds 6, 137, 140, 171 of tools/bench_bots.play)."""
    field, rabaul = view["air"].get(FORWARD_FIELD), view["air"].get("rabaul")
    if not field or not rabaul:
        return []
    points = min(board.air_room(FORWARD_FIELD, view["turn"], field) or 0,
                 board.base_free(rabaul, "lac", offensive=True))
    return [{"from": "rabaul", "to": FORWARD_FIELD, "kind": "lac", "points": points}] if points > 0 else []


def transfers(view: View, side: str) -> list[dict[str, Any]]:
    """6.26: the day's air transfers: for the American everything free to Henderson Field, or off it when the island
    is at risk; for Japan, Rabaul's LAC forward to the Shortlands (forward_air)."""
    if not view.get("day"):
        return []
    if side == "japanese":
        return forward_air(view)
    if not holds_field(view, side):
        return []
    if island_at_risk(view):
        out = []
        field = view["air"].get("henderson")
        budget = AIR_POINTS_PER_SUPPLY * view["guadalcanal"]["supply"][side]  # 10.3
        for kind in ("lac", "nac"):
            points = min(board.base_free(field, kind, offensive=True), budget) if field else 0
            if points > 0:
                out.append({"from": "henderson", "to": REAR_BASE, "kind": kind, "points": points})
                budget -= points
        return out
    return bots.to_the_field(view, side)


def turning_back(view: View, side: str) -> list[str]:
    """6.38: the Japanese Bombardment and Transport forces at sea that abort, because an American force was sighted
    within one hex of Guadalcanal this segment or the last that holds capital ships (the Anti-Slot force a Tokyo
    Express would meet in M at night: one such force sank three cruisers and a destroyer group of the easy plan's in
    one action) or at least THREAT_NUMBERS times the run's own ships in warships (random play's ten-ship cruiser
    force sank two of a five-ship Express's cruisers, seed 37 of tools/bench_bots.play)."""
    if side != "japanese":
        return []
    now = view["segment"] or 0
    near = [m for m in view["enemy"]["markers"].values()
            if m.get("turn") == view["turn"] and not m["submarine"] and m["segment"] >= now - 1
            and board.distance(m["hex"], board.GUADALCANAL) <= 1]

    def threatened(tf: dict[str, Any]) -> bool:
        return any((m.get("capital") or 0) >= THREAT_CAPITAL
                   or (m["units"] or 0) - (m.get("transports") or 0) >= THREAT_NUMBERS * len(tf["units"])
                   for m in near)
    return sorted(tf["id"] for tf in view["task_forces"].values()
                  if tf["mission"] in ("bombardment", "transport") and not tf["aborted"]
                  and not tf["mission_done"] and not board.is_base(tf["hex"]) and threatened(tf))


def reset(view: View, side: str, default: dict[str, Any]) -> dict[str, Any]:
    """The reset section's orders (6.38, 6.26): the default ones, with the plan's air transfers and aborts."""
    out = dict(default)
    moves, back = transfers(view, side), turning_back(view, side)
    if moves:
        out["transfers"] = moves
    if back:
        out["aborts"] = sorted({*(default.get("aborts") or []), *back})
    return out


def nothing_to_gain(view: View, side: str) -> bool:
    """22: Japan's last Game-Turn with no American Ground Points left on Guadalcanal. A run then wins nothing (no
    garrison to land against or shell, no later Game-Turn for landed troops to matter) and may lose its ships to an
    Anti-Slot force in M, as in three of the five games the strong Japanese failed to win against random play (seeds
    29, 45 and 55 of tools/bench_bots.play: 34, 15 and 49 VP lost on Game-Turn 16 while holding the island)."""
    return (side == "japanese" and view["turn"] == board.TURNS
            and view["guadalcanal"]["ground"][board.ENEMY[side]] == 0)


def hold(allocation: dict[str, Any], view: View, side: str, default: dict[str, Any]) -> dict[str, Any]:
    """An allocation with no new Bombardment or Transport force when there is nothing to gain (see nothing_to_gain)."""
    if not nothing_to_gain(view, side):
        return allocation
    standing = default.get("task_forces", [])
    return dict(allocation, task_forces=[spec for spec in allocation["task_forces"] if spec in standing
                                         or spec.get("mission") not in ("bombardment", "transport")])


def run_due(view: View, side: str) -> bool:
    """9.4, 16.11: whether this Plot Phase's transports sail (see the module doc)."""
    supply = view["guadalcanal"]["supply"][side]
    if supply > LOW_SUPPLY:
        return False
    if view["turn"] == 1 or supply == 0:
        return True
    field = view["air"].get("henderson") or {"lac": 0, "nac": 0}
    return field["lac"] + field["nac"] >= COVER


def lean(allocation: dict[str, Any], view: View, side: str, default: dict[str, Any]) -> dict[str, Any]:
    """An allocation (the easy one, say) with its new transport forces kept in port unless a run is due, and a run's
    cargo all Supply."""
    standing = default.get("task_forces", [])
    due = run_due(view, side)
    out = []
    for spec in allocation["task_forces"]:
        if spec in standing or spec.get("mission") != "transport":
            out.append(spec)
        elif due:
            cargo = {u: {"ground": 0, "supply": c["ground"] + c["supply"]} for u, c in (spec.get("cargo") or {}).items()}
            out.append(dict(spec, cargo=cargo) if cargo else spec)
    return dict(allocation, task_forces=out)
