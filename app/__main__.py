"""Command line: `python -m app verify GAME` recomputes every roll of a game from its log;
`python -m app replay FILE` replays an exported record to the same outcome and final state hash;
`python -m app migrate` upgrades the database; `python -m app serve` runs the server."""
from __future__ import annotations

import argparse
import json
import sys

from app import games as registry
from app.config import get_settings
from app.play.errors import PlayError
from app.play.lobby import require_game
from app.play.records import replay_record, verify
from app.store.db import transaction
from app.store.migrations import upgrade


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app")
    sub = parser.add_subparsers(dest="command", required=True)
    v = sub.add_parser("verify", help="recompute every die roll of a finished game from its seed and log")
    v.add_argument("game_id")
    r = sub.add_parser("replay", help="replay an exported game record (JSON) to its outcome and final state hash")
    r.add_argument("file")
    sub.add_parser("migrate", help="upgrade the database to the latest migration")
    s = sub.add_parser("serve", help="serve the app")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)

    if args.command == "migrate":
        upgrade()
        print("database is at the latest migration")
        return 0
    registry.load()
    registry.load(get_settings().extra_games)
    if args.command == "replay":
        try:
            with open(args.file, encoding="utf-8") as f:
                report = replay_record(json.load(f))
        except (OSError, ValueError, KeyError, PlayError) as e:
            print(f"cannot replay {args.file}: {getattr(e, 'message', e)}", file=sys.stderr)
            return 2
        print(json.dumps(report, indent=2, default=str))
        return 0 if report["ok"] else 1
    if args.command == "serve":
        import uvicorn  # only this command needs the server
        uvicorn.run("app.web.main:app", host=args.host, port=args.port, ws_max_size=65536,
                    ws="app.realtime.frames:Protocol")  # each pushed page compressed once, not once per socket
        return 0
    try:
        with transaction() as db:
            report = verify(db, require_game(db, args.game_id))
    except PlayError as e:
        print(e.message, file=sys.stderr)
        return 2
    print(json.dumps(report, indent=2))
    if report.get("ok") is None:
        return 3
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
