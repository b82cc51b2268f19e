"""The rulebooks' text, cut into cases a page can link to ("rule 6.35" opens Solomons case 6.35).

The transcriptions live in the project's shared rules folder (`shared/rules/` beside the repository), not in the
repository: they are the publishers' text, kept once where the rules authors correct them, and a copy here would
drift. A server reads them at run time from IRONBOTTOM_RULES_DIR, or from ../shared/rules beside its code; where
neither holds them the rules page says so and still names the case, so a link never dead-ends.

Each book's cases are found the way it writes them (its declaration's `Rulebook.cases`, app/engine/spec.py):

- "numbered": Solomons "[6.35] ..." and chapters "6. Summary of Missions", Guadalcanal "[18] ..." and "• 18c1) ...";
- "sections": First Blood "§7.4 Combat results", its "Table 8: ..." and "Figure 2: ..." (cited "Table 8");
- "named": Pacific War 1942's headings (a short line with no sentence end), and U.S.N.'s headings, lettered cases,
  Steps and Missions, which U.S.N.'s own module lists and finds (app/play/rulebooks_usn.py).

A case is cited as printed ("6.35", "§7.4", "Supply (G)") and its anchor is the citation's words: `anchor()`. A book
cites some cases more than one way ("CRT 2", "Mission Capability Chart: Air Units, CAP"): those anchors are the
case's aliases, on the page beside its own. A case the rulebooks' README lists as missing from the transcription
("Missing sections": Guadalcanal 4d3.3) has a paragraph saying so where it would stand, so its link opens that.
Anything else a game cites and the book lacks opens the nearest case that holds it (14.33 opens 14.3), or the book.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from app import games as registry
from app.engine.spec import Rulebook
from app.paths import ROOT
from app.play import rulebooks_usn


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
SECTION = re.compile(r"^§(\d+(?:\.\d+)*)\s+(\S.*)$")                      # First Blood "§7.4 Combat results"
EXHIBIT = re.compile(r"^(Table|Figure) (\d+):\s*(.*)$")                    # First Blood "Table 8: Combat modifiers"
EXHIBIT_NAMED = re.compile(r"^[A-Z][\w ]{0,40}\((Table|Figure) (\d+)\)\.")  # First Blood "Unit types (Table 3). ..."
TOP = "rulebook-title"  # the page's heading: where a citation the book has nothing near opens
# How the README beside the transcriptions lists what they lack ("- **Missing sections.** Guadalcanal 4b5, ...").
MISSING = re.compile(r"\*\*Missing sections\.\*\*(.*?)(?=\n\s*- \*\*|\n\s*\n|\n#|\Z)", re.S)
MISSING_CASE = re.compile(r"\d+[a-z]\d*(?:\.\d+)*(?:\s*[–-]\s*\d+[a-z]\d*(?:\.\d+)*)?")


def rules_dir() -> Path:
    configured = os.environ.get("IRONBOTTOM_RULES_DIR")
    return Path(configured) if configured else ROOT.parent / "shared" / "rules"


def anchor(case: str) -> str:
    """The id a case's paragraph carries: 'rule-6.35', 'rule-18c1', 'rule-7.4' (§7.4), 'rule-supply-g',
    'rule-using-action-charts'. The page's script makes the same from a citation (static/app.js `ruleAnchor`)."""
    return "rule-" + re.sub(r"[^a-z0-9.]+", "-", case.lower()).strip("-")


def book_of(game_type: str, ref: str) -> tuple[str, str]:
    """(book id, case) of a rule reference made in a game: 'Guadalcanal 18c' -> ('guadalcanal', '18c')."""
    first, _, rest = ref.partition(" ")
    lent = borrowed()
    if first in lent and rest:
        return lent[first], rest
    return game_type, ref


@dataclass(frozen=True)
class Target:
    """Where a citation opens: `anchor` on /rules/<book>, and what is there (`found`): "case" (the case itself, or
    the way it is cited), "missing" (the paragraph saying the transcription lacks it), "named" (the section U.S.N.'s
    coverage count reads a looser citation as: "2A" is Step 2), "within" (the nearest case holding it: 14.33 in
    14.3), "book" (the book's top: nothing near it) or "uninstalled" (this server has not the text; the page says
    so). The page's script finds the same anchor for "case", "missing", "within" and "book"."""
    book: str
    case: str
    anchor: str
    found: str


def href(game_type: str, ref: str) -> str:
    book, case = book_of(game_type, ref)
    return f"/rules/{book}#{resolve(book, case).anchor}"


def resolve(book_id: str, case: str) -> Target:
    """The anchor a citation of `book_id` opens: always one the page has (see Target)."""
    book = load(book_id)
    if book is None or book["missing"]:
        return Target(book_id, case, anchor(case), "uninstalled")
    ids, missing, style = book["ids"], book["placeholders"], book["cases"]

    def at(c: str) -> str | None:
        return next((a for a in map(anchor, _forms(c, style)) if a in ids), None)

    if (a := at(case)) is not None:
        return Target(book_id, case, a, "missing" if a in missing else "case")
    named = book["resolver"](case) if book["resolver"] else None
    if named and anchor(named) in ids:
        return Target(book_id, case, anchor(named), "named")
    for parent in _parents(case, style):
        if (a := at(parent)) is not None:
            return Target(book_id, case, a, "missing" if a in missing else "within")
    return Target(book_id, case, TOP, "book")


def _forms(case: str, style: str) -> list[str]:
    """The ways to read a citation, the likeliest first: as written; the first of a range ("Movement (R)-(T)",
    "12b–12e"); the first of a list ("§7.6, Table 9")."""
    case = case.strip().rstrip(".;,")
    out = [case]
    if style == "named":
        out.append(re.sub(r"\s*\(([A-Z])\)\s*[–-]\s*\([A-Z]\)$", r" (\1)", case))
    else:
        first = re.split(r"\s*[,;]\s*", case)[0]
        out += [first, re.split(r"\s*[–-]\s*", first)[0]]
    return list(dict.fromkeys(out))


def _parents(case: str, style: str) -> list[str]:
    """The cases that hold `case`, nearest first: 14.33 -> 14.3, 14 (Solomons numbers a case by digits);
    4d3.3 -> 4d3, 4d, 4; §7.10 -> §7; "Supply (G)" -> "Supply"; "Mission: X, step 2" -> "Mission: X"."""
    out: list[str] = []
    c = _forms(case, style)[-1]
    if style == "numbered":
        while len(c) > 1:
            c = c[:-1].rstrip(".-–")
            out.append(c)
    elif style == "sections":
        while "." in c:
            c = c.rsplit(".", 1)[0]
            out.append(c)
    else:
        while True:
            if re.search(r"\s*\([^()]*\)$", c):
                c = re.sub(r"\s*\([^()]*\)$", "", c)
            elif ", " in c:
                c = c.rsplit(", ", 1)[0]
            elif ": " in c:
                c = c.rsplit(": ", 1)[0]
            else:
                break
            out.append(c)
    return [p for p in out if p]


def _heading(line: str) -> bool:
    """An unnumbered heading (Pacific War 1942 names its sections only): a short line with no sentence end."""
    return len(line) < 60 and not line.startswith(("-", "•", "|", "*")) and not line.rstrip().endswith((".", ":", ","))


def parse(text: str, cases: str | bool = "numbered") -> list[dict[str, Any]]:
    """The book as blocks: {"kind": "chapter" | "case" | "heading" | "para" | "item" | "missing", "id", "case",
    "text"}, and where they apply "label" (the case's number as printed: "[6.35]", "§7.4", "(G)"), "level" (a
    heading's: 2 or 3) and "aliases" (the anchors of the other ways the case is cited). `cases` is the book's style
    (Rulebook.cases; True, as before, for "named")."""
    style = "named" if cases is True else "numbered" if cases is False else cases
    blocks: list[dict[str, Any]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        block: dict[str, Any]
        if style == "sections" and (m := SECTION.match(line)):
            block = {"kind": "heading", "level": 2 if "." not in m.group(1) else 3, "case": f"§{m.group(1)}",
                     "label": f"§{m.group(1)}", "text": m.group(2)}
        elif style == "sections" and (m := EXHIBIT.match(line)):
            block = {"kind": "case", "case": f"{m.group(1)} {m.group(2)}", "label": f"{m.group(1)} {m.group(2)}:",
                     "text": m.group(3)}
        elif style == "sections" and (m := EXHIBIT_NAMED.match(line)):
            block = {"kind": "para", "case": f"{m.group(1)} {m.group(2)}", "text": line}
        elif style != "numbered":
            if line.startswith(("- ", "• ")):
                block = {"kind": "item", "text": line[2:]}
            elif style == "named" and _heading(line):
                block = {"kind": "heading", "level": 2, "case": line, "text": line}
            else:
                block = {"kind": "para", "text": line}
        elif m := CASE_BRACKET.match(line):
            block = {"kind": "case", "case": m.group(1), "text": m.group(2)}
        elif m := CASE_LETTER.match(raw):
            block = {"kind": "case", "case": m.group(1), "text": m.group(2)}
        elif (m := CHAPTER.match(line)) and not line.endswith("."):
            block = {"kind": "chapter", "case": m.group(1), "text": m.group(2)}
        elif line.startswith(("- ", "• ")):
            block = {"kind": "item", "text": line[2:]}
        else:
            block = {"kind": "para", "text": line}
        blocks.append(block)
    return _identify(blocks)


def _identify(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each case's anchor, once: a table of contents repeats the headings, and the first one keeps no anchor."""
    seen: set[str] = set()
    for block in blocks:
        if "case" in block and "id" not in block:
            ident = anchor(block["case"])
            block["id"] = None if ident in seen else ident
        seen.update(a for a in (block.get("id"), *block.get("aliases", ())) if a)
    return blocks


def missing_cases(readme: str, title: str) -> list[tuple[str, list[str]]]:
    """The cases the rulebooks' README says the transcription of the book called `title` lacks ("Missing sections": "Guadalcanal 4b5,
    4d3.2–4d3.3, 12b–12e, ..."), as (the README's words, the cases they stand for)."""
    m = MISSING.search(readme)
    if m is None:
        return []
    said = " ".join(m.group(1).split())
    name = re.escape(title.split(" (")[0].split(":")[0])
    found = re.search(rf"\b{name}\s+((?:[^.]|\.\d)+)", said)  # to the end of its sentence
    if found is None:
        return []
    return [(words, _span(words)) for words in MISSING_CASE.findall(found.group(1))]


def _span(words: str) -> list[str]:
    """The cases a range names, as far as its ends tell: 12b–12e -> 12b 12c 12d 12e; 4d3.2–4d3.3 -> both; 16e–16f2
    -> 16e 16f 16f1 16f2; 16h2–16k -> 16h2 16i 16j 16k (how many cases follow 16h2 the range does not say)."""
    ends = [w.strip() for w in re.split(r"[–-]", words)]
    if len(ends) == 1:
        return ends
    first, last = (re.findall(r"\d+|[a-z]+|\.", e) for e in ends)
    k = 0
    while k < min(len(first), len(last)) and first[k] == last[k]:
        k += 1
    if k >= len(first) or k >= len(last) or first[k].isdigit() != last[k].isdigit():
        return ends
    head = "".join(first[:k])

    def between(a: str, b: str) -> list[str]:
        if a.isdigit():
            return [str(n) for n in range(int(a) + 1, int(b))]
        return [chr(c) for c in range(ord(a) + 1, ord(b))]

    out = [ends[0]] + [head + v for v in between(first[k], last[k])]
    tail = last[k + 1:]
    out.append(head + last[k])
    if len(tail) == 1 and tail[0].isdigit():  # 16f2: 16f1 and 16f2
        out += [head + last[k] + str(n) for n in range(1, int(tail[0]) + 1)]
    elif tail:
        out.append(ends[1])
    return list(dict.fromkeys(out))


def _key(case: str) -> tuple:
    return tuple((0, int(t)) if t.isdigit() else (1, t) for t in re.findall(r"\d+|[a-z]+", case))


def _with_missing(blocks: list[dict[str, Any]], missing: list[tuple[str, list[str]]]) -> list[dict[str, Any]]:
    """A paragraph for each case the transcription lacks, after the last case before it, with an anchor for each
    case it stands for (those the text does have keep theirs)."""
    out = list(blocks)
    for words, cases in missing:
        ids = [a for a in dict.fromkeys(map(anchor, cases))
               if not any(a == b.get("id") or a in b.get("aliases", ()) for b in out)]
        if not ids:
            continue
        key = _key(cases[0])
        before = [i for i, b in enumerate(out) if b.get("id") and b.get("case") and _key(b["case"]) < key
                  and _key(b["case"])[:1] == key[:1]]
        at = before[-1] + 1 if before else len(out)
        while at < len(out) and not out[at].get("case"):  # past the body of the case before it
            at += 1
        out.insert(at, {"kind": "missing", "case": words, "id": ids[0], "aliases": ids[1:],
                        "text": "is not in this transcription: the rulebook refers to it, but its text was not "
                                "transcribed (the rulebooks' README, Missing sections). Look it up in your copy of "
                                "the rulebook."})
    return out


def _holder(case: str) -> str:
    """The case that holds a numbered case: 4d3.1 -> 4d3, 14d1 -> 14d, 18c -> 18 (Guadalcanal); 14.33 -> 14.3,
    14.3 -> 14 (Solomons numbers a case by digits); '' for a chapter."""
    if re.search(r"[a-z]", case):
        return re.sub(r"(\.\d+|[a-z]+|\d+)$", "", case).rstrip(".")
    return case[:-1].rstrip(".") if "." in case else ""


def _with_untitled(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A paragraph for each case the transcription prints the cases of but not the case itself (Guadalcanal 14d1
    and 14d2, and no 14d), before its first case, so that a citation of it opens there and says so."""
    have = {b["case"] for b in blocks if b.get("case")}
    out: list[dict[str, Any]] = []
    for b in blocks:
        holder = _holder(b["case"]) if b.get("case") and b["kind"] == "case" else ""
        if holder and holder not in have:
            have.add(holder)
            out.append({"kind": "missing", "case": holder, "id": anchor(holder), "aliases": [],
                        "text": "has no paragraph of its own in this transcription (its heading was not "
                                "transcribed); its cases follow."})
        out.append(b)
    return out


_PARSERS: dict[str, Callable[[str], list[dict[str, Any]]]] = {
    "usn-spi-1971.txt": lambda text: _identify(rulebooks_usn.blocks(text, anchor)),
}
_RESOLVERS: dict[str, Callable[[str], Callable[[str], str | None]]] = {
    "usn-spi-1971.txt": lambda text: (lambda case, keys=rulebooks_usn.sections(text)[1]:
                                      rulebooks_usn.resolve(case, keys)),
}


@lru_cache(maxsize=8)
def _load(path: str, mtime: float, readme_mtime: float, cases: str, title: str) -> dict[str, Any]:
    text = Path(path).read_text(encoding="utf-8")
    file = Path(path).name
    parser = _PARSERS.get(file)
    blocks = parser(text) if parser else parse(text, cases)
    readme = Path(path).parent / "README.md"
    if cases == "numbered":
        blocks = _with_untitled(blocks)
        if readme.is_file():
            blocks = _with_missing(blocks, missing_cases(readme.read_text(encoding="utf-8"), title))
    ids = {a for b in blocks for a in (b.get("id"), *b.get("aliases", ())) if a}
    placeholders = {a for b in blocks if b["kind"] == "missing" for a in (b["id"], *b["aliases"])}
    resolver = _RESOLVERS.get(file)
    return {"blocks": blocks, "ids": frozenset(ids), "placeholders": frozenset(placeholders),
            "resolver": resolver(text) if resolver else None}


def index(book_id: str) -> dict[str, Any] | None:
    """What a game page's script needs to link a book's citations the way `resolve` does (static/app.js): how the
    book writes its cases, every anchor its page has, and which of them stand for cases the transcription lacks."""
    book = load(book_id)
    if book is None:
        return None
    return {"id": book["id"], "title": book["title"], "cases": book["cases"], "installed": not book["missing"],
            "anchors": sorted(book["ids"]), "missing": sorted(book["placeholders"])}


def load(book_id: str) -> dict[str, Any] | None:
    """The book's title and blocks, or its title and no blocks (`missing`) when this server has not the text;
    `ids`: every anchor its page has."""
    book = books().get(book_id)
    if book is None:
        return None
    path = rules_dir() / book.file
    if not path.is_file():
        return {"id": book.id, "title": book.title, "cases": book.cases, "blocks": [], "ids": frozenset(),
                "placeholders": frozenset(), "resolver": None, "missing": True}
    readme = path.parent / "README.md"
    parsed = _load(str(path), path.stat().st_mtime, readme.stat().st_mtime if readme.is_file() else 0.0, book.cases,
                   book.title)
    return {"id": book.id, "title": book.title, "cases": book.cases, **parsed, "missing": False}
