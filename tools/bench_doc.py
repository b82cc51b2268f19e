"""docs/benchmarks.md, written section by section. Each tool of `make bench` redraws the sections (`## ` headings)
it measures and leaves the others as they are: `tools.bench` draws most of the file, `tools.bench_bots` and
`tools.bench_guadalcanal` draw one section each, and each may run alone. A section's notes written by hand (how
the rows were played, what the figures mean), from the NOTES line to the next section, are kept when its figures
are redrawn."""
from __future__ import annotations

from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"
NOTES = "<!-- written by hand from here to the next section: kept when make bench redraws the figures above -->"


def key(heading: str) -> str:
    """A section's name: its heading up to a parenthesis ("## Storage of a finished game (measured on <date> ...)"
    names the same section on every run)."""
    return heading.split(" (")[0].strip()


def split(lines: list[str]) -> tuple[list[str], list[list[str]]]:
    """The lines before the first section, and each section (its heading and the lines up to the next)."""
    starts = [i for i, line in enumerate(lines) if line.startswith("## ")]
    bounds = zip(starts, starts[1:] + [len(lines)])
    return lines[:starts[0] if starts else len(lines)], [lines[a:b] for a, b in bounds]


def write(drawn: list[str], path: Path = OUT) -> None:
    """Put the `drawn` sections in place of the file's sections of the same names, keeping each one's notes, and
    add the new ones at the end; the lines before the first section are replaced only if `drawn` has any."""
    head, sections = split(path.read_text().splitlines() if path.exists() else ["# Benchmarks"])
    new_head, fresh = split(drawn)
    where = {key(s[0]): i for i, s in enumerate(sections)}
    for section in fresh:
        i = where.get(key(section[0]))
        if i is None:
            if sections and sections[-1][-1]:
                sections[-1] = sections[-1] + [""]
            elif not sections and head and head[-1]:
                head = head + [""]
            sections.append(section)
            continue
        old = sections[i]
        notes = old[old.index(NOTES):] if NOTES in old and NOTES not in section else []
        sections[i] = section + notes
    lines = (new_head if any(new_head) else head) + [line for s in sections for line in s]
    path.write_text("\n".join(lines).rstrip("\n") + "\n")
