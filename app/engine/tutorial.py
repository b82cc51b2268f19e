"""A tutorial's record (issue 21): a rulebook's worked example as steps a learner plays through the real order forms.

Pure data, so a game's package can declare its tutorials (`app/games/<id>/tutorials.py`, `TUTORIALS`) without
knowing the platform; app/play/tutorials.py starts and guides them.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.engine.contract import State


@dataclass(frozen=True)
class Step:
    role: str
    order: dict[str, Any]
    dice: tuple[int, ...]
    rule: str
    explain: str
    auto: bool = False  # the other side's example order, played by the platform


@dataclass(frozen=True)
class Tutorial:
    id: str
    game: str
    title: str
    teaches: str  # the rule the example illustrates
    result: str  # the example's printed result, in words
    build: Callable[[], State] = field(compare=False)
    steps: tuple[Step, ...] = ()
    scenario: str | None = None

    def learner_steps(self) -> list[int]:
        return [i for i, s in enumerate(self.steps) if not s.auto]


def from_data(game: str, records: list[dict[str, Any]], builders: dict[str, Callable[[], State]],
              scenario: str | None = None) -> list[Tutorial]:
    """Tutorials from a game's `tutorials.toml` records; `position` names the builder of the starting state."""
    out = []
    for rec in records:
        steps = tuple(Step(role=s["role"], order=_order(s["order"]),
                           dice=tuple(s.get("dice", ())), rule=s["rule"], explain=s.get("explain", ""),
                           auto=bool(s.get("auto", False))) for s in rec["step"])
        out.append(Tutorial(id=rec["id"], game=game, title=rec["title"], teaches=rec["teaches"], result=rec["result"],
                            build=builders[rec["position"]], steps=steps, scenario=scenario))
    return out


def _order(rec: dict[str, Any]) -> dict[str, Any]:
    """An order as the rules take it: the data file's provenance keys (a data check may want one on every table)
    are not part of it."""
    def clean(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: clean(v) for k, v in value.items() if not (k == "provenance" or k.endswith("_provenance"))}
        if isinstance(value, list):  # records in a list (Solomons' air missions) carry theirs too
            return [clean(v) for v in value]
        return value
    return {"verb": rec["verb"], "args": clean(dict(rec.get("args", {})))}
