"""How Guadalcanal's prompts offer a choice per piece (issue 34): each piece named as printed, with only the values
the rules accept for it (its own reach, its own set-up hexes), never one list shared by all pieces.

The value is the same {id: value} an `Assignment` gives (the verbs' records keep the Assignment over the whole
domain for the shape), drawn by the generic form as one labelled select per piece."""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Sequence

from app.engine.orders import Choice, Group, Several


def per_piece(pieces: Sequence[str], names: Mapping[str, str], offered: Mapping[str, Sequence[Any]],
              required: bool, label: str, labels: Callable[[str, Any], str] | None = None,
              what: str = "") -> dict[str, Any]:
    """per_piece_order published as JSON."""
    return per_piece_order(pieces, names, offered, required, label, labels, what).to_json()


def per_piece_order(pieces: Sequence[str], names: Mapping[str, str], offered: Mapping[str, Sequence[Any]],
                    required: bool, label: str, labels: Callable[[str, Any], str] | None = None,
                    what: str = "") -> Group:
    """{piece: one of its own offered values}, each field labelled with the piece's printed name; `required` says
    every piece must be given a value, else a piece left out is not ordered; `labels(piece, value)` names a
    value where its id is not its printed name; `what` follows the name in each field's label ("FF base") where
    the same form also offers the piece elsewhere (a check box "FF"), so that no two controls of one form share an
    accessible name."""
    fields = {p: Choice(tuple(offered[p]), tuple(labels(p, v) for v in offered[p]) if labels else None,
                        label=f"{names[p]} {what}" if what else names[p]) for p in pieces}
    return Group(fields, optional=() if required else tuple(pieces), label=label)


def named(pieces: Iterable[str], names: Mapping[str, str], label: str, what: str = "", **kw: Any) -> dict[str, Any]:
    """Several pieces, each shown by its printed name (then `what`, as in per_piece_order). Published as JSON."""
    pieces = tuple(pieces)
    return Several(pieces, labels=tuple(f"{names[p]} {what}" if what else names[p] for p in pieces) or None,
                   label=label, **kw).to_json()
