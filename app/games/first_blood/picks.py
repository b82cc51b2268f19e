"""`Pick`: the engine's `Choice` (app/engine/orders.py) for a list of strings, answered by set membership.

First Blood's verbs choose among a thousand pieces and four hundred places, and every order's shape is checked
against them (twice: the game's whole record, then the decision's) while every placement prompt narrows them: the
pairwise JSON comparison of `Choice` made those checks a tenth of a random game's time. The answers, messages and
published JSON are `Choice`'s own; anything that is not a string goes to `Choice` unchanged."""
from __future__ import annotations

from typing import Any

from app.engine.orders import Choice


class Pick(Choice):
    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "_index", {c: i for i, c in enumerate(self.choices)})

    def check(self, value: Any, name: str = "value") -> Any:
        if isinstance(value, str) and value in self._index:
            return value
        return super().check(value, name)

    def only(self, *values: Any) -> Choice:
        if not all(isinstance(v, str) for v in values):
            return super().only(*values)
        for v in values:
            if v not in self._index:
                raise ValueError(f"{v!r} is not one of this argument's choices")
        keep = sorted({self._index[v] for v in values})
        return Choice(tuple(self.choices[i] for i in keep),
                      tuple(self.labels[i] for i in keep) if self.labels else None, self.label)
