"""Reading a game's record: replays at a moment, the exported action log, and dice verification."""
from __future__ import annotations

import re
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as DB

from app import games as registry
from app.engine.contract import SPECTATOR, UMPIRE, to_side
from app.engine.testing import state_hash
from app.play import bidding
from app.play.dice import ReplayRng, seed_matches, verify_rolls
from app.play.errors import BadRequest, Forbidden
from app.play.state import load_state, replay_row, rules_for, state_at, view_for
from app.store.models import ActionRow, Game, Snapshot


def may_see_record(game: Game, role: str) -> bool:
    """Replays and exports of a running game are for the umpire only; after the end, for everyone."""
    return game.status == "ended" or role == UMPIRE


def replay_view(db: DB, game: Game, viewer_role: str, seq: int, eyes: str | None) -> dict[str, Any]:
    if not may_see_record(game, viewer_role):
        raise Forbidden("The replay opens when the game is over.")
    if not 0 <= seq <= game.version:
        raise BadRequest(f"Choose a moment from 0 to {game.version}.")
    rules = rules_for(game)
    eyes = replay_eyes(rules.meta, eyes or UMPIRE)
    state = state_at(db, game, seq)
    row = db.scalar(select(ActionRow).where(ActionRow.game_id == game.id, ActionRow.seq == seq)) if seq else None
    shown = row is not None and eyes in (UMPIRE, row.role)
    return {"seq": seq, "last": game.version, "eyes": eyes, "view": view_for(rules, state, eyes, False),
            "eyes_label": "the umpire (all-seeing)" if eyes == UMPIRE else ("a spectator" if eyes == SPECTATOR else
                                                               rules.meta.label(eyes)),
            "action": {"role": row.role, "words": action_words(rules.meta.label, row.role, row.action)}
            if shown else None}


def replay_eyes(meta, eyes: str) -> str:
    """Whose eyes a replay looks through: a seat, the umpire, a spectator, or a side. A side of one seat is that
    seat; a side of several is asked of the game by its address (`to_side`): what the side as a whole knew (its
    spotting reports and the public record), no seat's own orders."""
    if eyes in (*meta.seats(), UMPIRE, SPECTATOR):
        return eyes
    side = meta.side_by_id(eyes[len("side:"):] if eyes.startswith("side:") else eyes)
    if side is None:
        raise BadRequest("See the game through one side's or one seat's eyes, or all-seeing (umpire).")
    return side.seats[0] if len(side.seats) == 1 else to_side(side.id)


def export(db: DB, game: Game, viewer_role: str) -> dict[str, Any]:
    if not may_see_record(game, viewer_role):
        raise Forbidden("The record can be exported when the game is over.")
    rows = db.scalars(select(ActionRow).where(ActionRow.game_id == game.id).order_by(ActionRow.seq))
    record = {"game": game.game, "id": game.id, "scenario": game.scenario, "options": game.options,
              "umpired": game.umpired, "status": game.status,
              "version": game.version, "final_state_hash": state_hash(load_state(db, game)),
              "commitment": game.commitment, "seed": game.seed.hex() if game.status == "ended" else None,
              "outcome": game.outcome, "setup_rolls": game.setup_rolls,
              "actions": [{"seq": r.seq, "role": r.role, "action": r.action, "rolls": r.rolls, "phase": r.phase,
                           "note": r.note, "at": r.at.isoformat()} for r in rows]}
    if bidding.public(game) is not None:  # the bids and the VP given, once the game is over (app/play/bidding.py)
        record["bidding"] = bidding.public(game)
    if game.forked_from:
        # A fork (app/play/fork.py) names the finished game and the moment it was played on from, and carries that
        # position: it began there, not at the scenario's set-up, so a replay of this record starts from it.
        start = db.scalar(select(Snapshot.state).where(Snapshot.game_id == game.id, Snapshot.seq == 0))
        record["origin"] = {"game": game.forked_from, "moment": game.forked_at,
                            "replay": f"/games/{game.forked_from}/replay?seq={game.forked_at}"}
        record["start"] = start
    return record


def replay_record(record: dict[str, Any]) -> dict[str, Any]:
    """Replay an exported record from its set-up through every action, with the dice it recorded, and say whether
    it ends in the recorded outcome and final position. Needs no database: the record is the whole game."""
    rules = registry.get(record["game"])
    if rules is None:
        raise BadRequest(f"This server does not have the game {record['game']!r}.")
    if record.get("start") is not None:  # a fork begins at the position it was played on from
        state = record["start"]
    else:
        state = rules.setup(record["scenario"], dict(record["options"], umpired=record.get("umpired", False)),
                            ReplayRng(record.get("setup_rolls", [])))
    history = [state]
    for act in record["actions"]:
        verb = act["action"].get("verb", "")
        if verb == "_undo":
            state = history[act["action"]["args"]["to"]]
        elif not verb.startswith("_"):
            state = rules.apply(state, act["role"], act["action"], ReplayRng(act["rolls"]))
        history.append(state)
    final = state_hash(state)
    outcome = rules.outcome(state)
    if outcome is not None:  # a game whose sides were bid for ended with the bid applied to its VP score
        outcome = bidding.settled(rules, record["scenario"], record.get("bidding"), dict(outcome))
    recorded = record.get("outcome")
    # A claim or a resignation ends a game the rules did not: the platform's record (`_claim`, `_resign`) says so.
    ended_by_platform = recorded is not None and recorded.get("level") in ("claimed", "resigned")
    same_outcome = ended_by_platform or (outcome or None) == (recorded or None)
    dice = None
    if record.get("seed"):
        dice = verify_rolls(bytes.fromhex(record["seed"]), record["id"],
                            [(0, record.get("setup_rolls", []))] + [(a["seq"], a["rolls"]) for a in record["actions"]])
    return {"final_state_hash": final, "recorded_hash": record.get("final_state_hash"),
            "same_position": final == record.get("final_state_hash"), "outcome": outcome,
            "same_outcome": same_outcome, "dice": dice, "actions": len(record["actions"]),
            "ok": final == record.get("final_state_hash") and same_outcome and (dice is None or dice["ok"])}


# Words for the parts of a phase id ("turn-1-exec1-seg3"), so a person reads "Game-Turn 1, Plot Execution Phase 1,
# Segment 3". A part not listed is read as its words ("reroll" -> "Reroll").
PHASE_WORDS = {"plot": "Plot Phase", "exec": "Plot Execution Phase", "seg": "Segment", "ap": "Action Points",
               "actions": "Allied actions", "japanese": "Japanese BOT action", "reroll": "Re-roll", "over": "Game over",
               "round": "Round", "setup": "Set-up"}
# Nationalities and other proper names a result's words may hold ("decisive_japanese_victory").
PROPER = {"japanese": "Japanese", "american": "American", "allied": "Allied", "us": "US", "japan": "Japan",
          "claimed": "claimed after the other side missed its orders"}


def phase_words(phase: str | None) -> str:
    """'turn-1-exec1-seg3' -> 'Game-Turn 1, Plot Execution Phase 1, Segment 3'."""
    if not phase:
        return ""
    m = re.match(r"^turn-(\d+)(?:[-/](.*))?$", phase)
    head, rest = ([f"Game-Turn {m.group(1)}"], m.group(2) or "") if m else ([], phase)
    for part in filter(None, re.split(r"[-/]", rest)):
        w = re.fullmatch(r"([a-z_]*?)_?(\d*)", part)
        word, number = (w.group(1), w.group(2)) if w else (part, "")
        if not word and head:  # 'round-2': the number belongs to the part before it
            head[-1] += f" {number}"
            continue
        head.append(f"{PHASE_WORDS.get(word, word.replace('_', ' ').capitalize())} {number}".strip())
    return ", ".join(head)


def result_words(label, outcome: dict[str, Any] | None) -> str:
    """'Japan wins: a decisive Japanese victory.' from {"winner": "japanese", "level":
    "decisive_japanese_victory"}; `label` names a role as the game does."""
    if not outcome:
        return ""
    level = " ".join(PROPER.get(w, w) for w in str(outcome.get("level") or "").replace("_", " ").split())
    winner = outcome.get("winner")
    head = f"{label(winner)} wins" if winner else "A draw"
    if level and level.lower() not in ("draw", "victory"):
        return f"{head}: {level}."
    return f"{head}."


def action_words(label, role: str, action: dict[str, Any]) -> str:
    """An action as a sentence: 'United States gave their orders.', 'Allied: attack (front: india).'"""
    verb = str(action.get("verb") or "")
    args = action.get("args") or {}
    who = "The umpire" if role == UMPIRE else label(role)
    if verb == "submit":
        return f"{who} gave their orders."
    if verb.startswith("_"):
        return f"{who}: {verb[1:].replace('_', ' ')} (a record the platform keeps)."
    shown = [f"{k.replace('_', ' ')}: {str(v).replace('_', ' ')}" for k, v in sorted(args.items())
             if isinstance(v, (str, int, float, bool))]
    detail = f" ({', '.join(shown)})" if shown and len(shown) == len(args) else ""
    return f"{who}: {verb.replace('_', ' ')}{detail}."


def turn_of(phase: str) -> str:
    """The turn a phase belongs to: games name phases 'turn-3-plot1' or 'turn-3/plot-1' (or just 'round-2')."""
    match = re.match(r"^(turn-\d+)", phase)
    return match.group(1) if match else phase.split("/", 1)[0]


COLORS = ("#8b1e1e", "#1d4f91", "#2e7d32", "#b26a00", "#6a1b9a", "#00838f", "#5d4037", "#c2185b", "#455a64",
          "#827717")


def losses_over_time(rules, db: DB, game: Game, rows: list[ActionRow]) -> dict[str, Any] | None:
    """Replay the game once, sampling the game's report of losses at each new turn, and lay the samples out as
    an SVG line chart (one line per side and type that ever lost anything)."""
    snap = db.scalar(select(Snapshot).where(Snapshot.game_id == game.id, Snapshot.seq == 0))
    if snap is None:
        return None
    state = snap.state
    samples: list[tuple[str, dict[str, Any]]] = []
    last_turn = None
    for row in [None, *rows]:
        if row is not None:
            state = replay_row(rules, state, row)
        figures = rules.report(state)
        turn = (figures.get("when") or {}).get("turn")
        if turn != last_turn or row is rows[-1]:
            if samples and samples[-1][0] == f"T{turn}":
                samples[-1] = (f"T{turn}", figures["losses"])
            else:
                samples.append((f"T{turn}", figures["losses"]))
            last_turn = turn
    keys = sorted({(side, kind) for _, losses in samples for side, kinds in losses.items()
                   for kind, n in kinds.items() if n})
    if not keys or len(samples) < 2:
        return None
    top = max(losses.get(side, {}).get(kind, 0) for _, losses in samples for side, kind in keys) or 1
    width, height, pad = 640, 260, 36
    step = (width - 2 * pad) / (len(samples) - 1)
    series = []
    for i, (side, kind) in enumerate(keys):
        points = " ".join(f"{pad + j * step:.1f},{height - pad - (losses.get(side, {}).get(kind, 0) / top) * (height - 2 * pad):.1f}"
                          for j, (_, losses) in enumerate(samples))
        series.append({"label": f"{rules.meta.label(side)}: {kind}", "points": points, "color": COLORS[i % len(COLORS)],
                       "dash": "" if side == rules.meta.roles[0] else "6 3",
                       "final": samples[-1][1].get(side, {}).get(kind, 0)})
    return {"width": width, "height": height, "pad": pad, "top": top, "series": series,
            "x_labels": [{"x": pad + j * step, "label": label} for j, (label, _) in enumerate(samples)]}


def eyes_choices(game: Game) -> list[dict[str, str]]:
    rules = rules_for(game)
    meta = rules.meta
    teams = [{"id": to_side(s.id), "label": f"{s.label} (the whole side)"} for s in meta.sides_of() if len(s.seats) > 1]
    return [*({"id": r, "label": meta.label(r)} for r in meta.seats()), *teams, {"id": UMPIRE, "label": "All-seeing"}]


def steps(db: DB, game: Game, seq: int) -> dict[str, Any]:
    """Where the replay's buttons go from `seq`: by action, by phase and by turn, forward and back."""
    rows = list(db.execute(select(ActionRow.seq, ActionRow.phase).where(ActionRow.game_id == game.id)
                           .order_by(ActionRow.seq)))
    first_phase = db.scalar(select(Snapshot.phase).where(Snapshot.game_id == game.id, Snapshot.seq == 0)) or ""
    phases = [(0, first_phase)] + [(r.seq, r.phase or "") for r in rows]
    here = dict(phases).get(seq, "")

    def boundary(key, forward: bool) -> int | None:
        if forward:
            return next((s for s, p in phases if s > seq and key(p) != key(here)), None)
        # back: the start of this stretch, or if already there, the start of the previous one
        starts = [s for i, (s, p) in enumerate(phases) if i == 0 or key(p) != key(phases[i - 1][1])]
        earlier = [s for s in starts if s < seq]
        return earlier[-1] if earlier else None
    same = lambda p: p  # noqa: E731
    return {"first": 0, "last": game.version, "prev": seq - 1 if seq > 0 else None,
            "next": seq + 1 if seq < game.version else None, "phase": here, "phase_words": phase_words(here),
            "turn": turn_of(here),
            "prev_phase": boundary(same, False), "next_phase": boundary(same, True),
            "prev_turn": boundary(turn_of, False), "next_turn": boundary(turn_of, True)}


def after_action(db: DB, game: Game, viewer_role: str) -> dict[str, Any]:
    """The after-action report: who won and how, the dice, the missed orders, the turns, and the whole log."""
    if game.status != "ended":
        raise Forbidden("The after-action report is written when the game is over.")
    rules = rules_for(game)
    state = load_state(db, game)
    rows = list(db.scalars(select(ActionRow).where(ActionRow.game_id == game.id).order_by(ActionRow.seq)))
    dice: dict[str, dict[int, int]] = {}
    for roll in [r for row in rows for r in row.rolls] + list(game.setup_rolls or []):
        faces = dice.setdefault(f"d{roll['sides']}", {})
        faces[roll["value"]] = faces.get(roll["value"], 0) + 1
    turns: list[dict[str, Any]] = []
    for row in rows:
        turn = turn_of(row.phase or "")
        if not turns or turns[-1]["turn"] != turn:
            turns.append({"turn": turn, "words": phase_words(turn), "from": row.seq, "to": row.seq})
        turns[-1]["to"] = row.seq
    extra = rules.report
    full = view_for(rules, state, UMPIRE, True)
    chart = losses_over_time(rules, db, game, rows) if extra and rows else None
    return {"title": rules.meta.title, "scenario": game.scenario, "bid": (game.outcome or {}).get("bid"),
            "before_bid": (game.outcome or {}).get("before_bid"),
            "result_before_bid": result_words(rules.meta.label, (game.outcome or {}).get("before_bid")),
            "scenario_title": rules.meta.scenario_title(game.scenario), "outcome": game.outcome,
            "result": result_words(rules.meta.label, game.outcome),
            "actions": len(rows), "missed": game.missed or {},
            "missed_orders": [{"seq": r.seq, "role": "The umpire" if r.role == UMPIRE else rules.meta.label(r.role)}
                              for r in rows if r.note == "missed order"],
            "dice": {k: dict(sorted(v.items())) for k, v in dice.items()}, "turns": turns,
            "final_state_hash": state_hash(state), "log": full.get("log", []) if isinstance(full, dict) else [],
            "game_report": extra(state) if extra else None, "chart": chart, "version": game.version,
            "labels": {r: rules.meta.label(r) for r in rules.meta.roles}}


def verify(db: DB, game: Game) -> dict[str, Any]:
    """Recompute every roll from the seed. Before the end the seed is secret, so only the commitment shows."""
    if game.status != "ended":
        return {"ok": None, "revealed": False, "commitment": game.commitment,
                "message": "The seed is revealed when the game ends; then every roll can be recomputed."}
    rows = db.scalars(select(ActionRow).where(ActionRow.game_id == game.id).order_by(ActionRow.seq))
    report = verify_rolls(game.seed, game.id, [(0, game.setup_rolls or [])] + [(r.seq, r.rolls) for r in rows])
    report.update(revealed=True, commitment=game.commitment, seed=game.seed.hex(),
                  commitment_ok=seed_matches(game.seed, game.commitment))
    report["ok"] = report["ok"] and report["commitment_ok"]
    return report
