"""Per-role versions: the number a role's page, the JSON API and its errors show as "the version".

The game's own version counts every commit, so showing it would tell a side that the other side revised its
secret orders (issue 10, item 13): the rules let it learn only whether those orders are in. A role's version is
instead a counter of the commits that changed something that role may see: its view, its own prompt, who is
being waited for, the public deadlines. It moves by one each time, so even the jump after the role's own
submission says nothing of how many commits it could not see. Every commit moves it for the role that made it;
the platform's own records (an undo, a claim, a resignation, a missed order) and the game's end move it for all.

A submission from a page is checked against it (app/play/submit.py): stale if the role's prompt moved on after
the page was drawn (each role also keeps the count at which its prompt last changed), or if the version is
above the role's own. The platform's own submissions (computer players, missed orders) keep using the game's
version and `games.prompt_versions`, which are in seq units.

Stored in `games.prompt_versions` under `VIEWS` ({role: [count, count when its prompt last changed]}), so that
no schema change is needed; role names never start with '_'.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, Iterable

from app.engine.contract import SPECTATOR, UMPIRE, Rules, State
from app.play.state import view_for
from app.store.models import Game

VIEWS = "_views"
DIGESTS = "_digests"


def watchers(rules: Rules) -> list[str]:
    """Every role a page can be drawn for."""
    return [*rules.meta.roles, UMPIRE, SPECTATOR]


def _counts(game: Game) -> dict[str, list[int]] | None:
    seen = (game.prompt_versions or {}).get(VIEWS)
    return seen if isinstance(seen, dict) else None


def role_version(game: Game, role: str) -> int:
    """The version `role`'s page shows. A game that has not counted per role yet (made before these counts
    existed, or not moved since it began) shows the game's version, as it always did."""
    seen = _counts(game)
    if seen is None:
        return game.version
    return int(seen.get(role, [0, 0])[0])


def prompt_count(game: Game, role: str) -> int:
    """The role's version at which its prompt last changed: a page drawn before that is stale."""
    seen = _counts(game)
    if seen is None:
        return int((game.prompt_versions or {}).get(role, 0) or 0)
    return int(seen.get(role, [0, 0])[1])


def prompt_since(game: Game, role: str) -> int:
    """What a page may show of when its prompt last changed, in the role's own counts: a game not counting per role
    yet keeps that in the game's versions, which would tell a side how often the other side revised its orders,
    so such a page gets its own version (its forms are then redrawn by every push, as they always were)."""
    return prompt_count(game, role) if _counts(game) is not None else role_version(game, role)


def seen_digest(rules: Rules, state: State, prompts: dict[str, Any], role: str) -> str:
    """A fingerprint of what a commit can change on `role`'s page: its view, its own prompt and who is prompted
    (public: the other side learns "submitted" or "not yet")."""
    shown = [view_for(rules, state, role, False), prompts.get(role), sorted(prompts)]
    return hashlib.sha256(json.dumps(shown, sort_keys=True, default=str).encode()).hexdigest()


def changed_for(game: Game, rules: Rules, before: State, before_prompts: dict[str, Any], after: State,
                after_prompts: dict[str, Any]) -> list[str]:
    """The roles whose page a commit from `before` to `after` changes. Each role's digest of `after` is kept in the
    game (under DIGESTS), so the next commit compares with it instead of drawing every view of `before` again; a
    commit that moves every page (`bump_all`) drops them, and a missing one is computed from `before`."""
    kept = dict((game.prompt_versions or {}).get(DIGESTS) or {})
    digests = {r: seen_digest(rules, after, after_prompts, r) for r in watchers(rules)}
    changed = [r for r, d in digests.items()
               if (kept.get(r) or seen_digest(rules, before, before_prompts, r)) != d]
    game.prompt_versions = dict(game.prompt_versions or {}, **{DIGESTS: digests})
    return changed


def bump_all(game: Game, rules: Rules) -> None:
    """A commit every page shows (a public record, a deadline, the end): count it for every role, start a new
    prompt for each, and drop the kept digests (the state they were taken of may be rewound, e.g. by an undo)."""
    everyone = watchers(rules)
    bump(game, rules, everyone, everyone)
    game.prompt_versions = {k: v for k, v in game.prompt_versions.items() if k != DIGESTS}


def bump(game: Game, rules: Rules, changed: Iterable[str], renewed: Iterable[str]) -> None:
    """Count one commit for each role in `changed` (whose page it changed); a role in `renewed` (whose prompt
    it changed) also starts a new prompt there. Call it before the game's version moves. Reassigns the JSON
    column so the change is saved."""
    versions = dict(game.prompt_versions or {})
    seen = _counts(game)
    # A game without counts has shown the game's version to everyone so far: start there, so no page's number
    # ever goes down and no page drawn before is taken for a later one.
    seen = ({r: list(v) for r, v in seen.items()} if seen is not None else
            {r: [game.version, int(versions.get(r, 0) or 0)] for r in watchers(rules)})
    renewed = set(renewed)
    for role in set(changed) | renewed:
        count = seen.get(role, [0, 0])[0] + 1
        seen[role] = [count, count if role in renewed else seen.get(role, [0, 0])[1]]
    versions[VIEWS] = seen
    game.prompt_versions = versions
