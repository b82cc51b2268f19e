"""The rulebooks' text, cut into cases a page can link to ("rule 6.35" opens Solomons case 6.35).

The transcriptions live in the project's shared rules folder (`shared/rules/` beside the repository), not in the
repository: they are the publishers' text, kept once where the rules authors correct them, and a copy here would
drift. A server reads them at run time from IRONBOTTOM_RULES_DIR, or from ../shared/rules beside its code; where
neither holds them the rules page says so and still names the case, so a link never dead-ends.
"""
from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from app import games as registry
from app.engine.spec import Rulebook
from app.paths import ROOT


def books() -> dict[str, Rulebook]:
    """Every registered game's rulebook by its id (each game's declaration names its own, app/engine/spec.py)."""
    return {spec.rulebook.id: spec.rulebook for spec in registry.all_games().values() if spec.rulebook is not None}


def borrowed() -> dict[str, str]:
    """A rule reference may name another game's rulebook first ("Guadalcanal 18": Solomons borrows the umpired
    game): {that word: the book's id}, as the games declare it."""
    return {word: book for b in books().values() for word, book in b.borrows.items()}


CASE_BRACKET = re.compile(r"^\[(\d+(?:\.\d+)*)\]\s*(.*)$")            # Solomons "[6.35] ...", Guadalcanal "[18] ..."
CASE_LETTER = re.compile(r"^\s*(?:•\s*)?(\d+[a-z]\d*(?:\.\d+)*)\)\s*(.*)$")  # Guadalcanal "• 18c1) ..."
CHAPTER = re.compile(r"^(\d+)\.\s+(\S.{0,70})$")                          # Solomons "6. Summary of Missions"


def rules_dir() -> Path:
    configured = os.environ.get("IRONBOTTOM_RULES_DIR")
    return Path(configured) if configured else ROOT.parent / "shared" / "rules"


def anchor(case: str) -> str:
    """The id a case's paragraph carries: 'rule-6.35', 'rule-18c1', 'rule-using-action-charts'."""
    return "rule-" + re.sub(r"[^a-z0-9.]+", "-", case.lower()).strip("-")


def book_of(game_type: str, ref: str) -> tuple[str, str]:
    """(book id, case) of a rule reference made in a game: 'Guadalcanal 18c' -> ('guadalcanal', '18c')."""
    first, _, rest = ref.partition(" ")
    lent = borrowed()
    if first in lent and rest:
        return lent[first], rest
    return game_type, ref


def href(game_type: str, ref: str) -> str:
    book, case = book_of(game_type, ref)
    return f"/rules/{book}#{anchor(case)}"


def _heading(line: str) -> bool:
    """An unnumbered heading (Pacific War 1942 names its sections only): a short line with no sentence end."""
    return len(line) < 60 and not line.startswith(("-", "•", "|", "*")) and not line.rstrip().endswith((".", ":", ","))


def parse(text: str, named_sections: bool = False) -> list[dict[str, Any]]:
    """The book as blocks: {"kind": "chapter" | "case" | "heading" | "para" | "item", "id", "case", "text"}."""
    blocks: list[dict[str, Any]] = []
    seen: set[str] = set()
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        block: dict[str, Any]
        if m := CASE_BRACKET.match(line):
            block = {"kind": "case", "case": m.group(1), "text": m.group(2)}
        elif m := CASE_LETTER.match(raw):
            block = {"kind": "case", "case": m.group(1), "text": m.group(2)}
        elif (m := CHAPTER.match(line)) and not line.endswith("."):
            block = {"kind": "chapter", "case": m.group(1), "text": m.group(2)}
        elif line.startswith(("- ", "• ")):
            block = {"kind": "item", "text": line[2:]}
        elif named_sections and _heading(line):
            block = {"kind": "heading", "case": line, "text": line}
        else:
            block = {"kind": "para", "text": line}
        if "case" in block:
            ident = anchor(block["case"])
            if ident in seen:  # a table of contents repeats the headings: the first one keeps no anchor
                block["id"] = None
            else:
                block["id"] = ident
                seen.add(ident)
        blocks.append(block)
    return blocks


@lru_cache(maxsize=8)
def _load(path: str, mtime: float, named_sections: bool) -> list[dict[str, Any]]:
    return parse(Path(path).read_text(encoding="utf-8"), named_sections)


def load(book_id: str) -> dict[str, Any] | None:
    """The book's title and blocks, or its title and no blocks (`missing`) when this server has not the text."""
    book = books().get(book_id)
    if book is None:
        return None
    path = rules_dir() / book.file
    if not path.is_file():
        return {"id": book.id, "title": book.title, "blocks": [], "missing": True}
    return {"id": book.id, "title": book.title, "blocks": _load(str(path), path.stat().st_mtime, book.cases == "named"),
            "missing": False}
