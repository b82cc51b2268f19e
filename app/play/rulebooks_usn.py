"""U.S.N.'s rulebook (shared/rules/usn-spi-1971.txt) cut into the sections and lettered cases its rules cite.

U.S.N. numbers nothing: a rule names its heading ("Supply"), a lettered case under it ("Supply (G)"), a Step of the
Detailed Sequence of Play ("Detailed Sequence of Play, Step 5 (E)"), a Mission of the Mission Capability Charts
("Mission Capability Chart: Naval Units, Surface Naval Engagement, step 1"), a table ("CRT 2") or a special rule
("Campaign Game 1, Shock Effect"). The headings are not marked in the text either, so they are listed here, in the
rulebook's order (SECTIONS), and found in it line by line. Two readers share the table: the rules page
(app/play/rulebooks.py: an anchor per heading and case, and one per other way the games cite it) and the coverage
count (tools/usn_coverage.py: which sections the tests cite).
"""
from __future__ import annotations

import re
from typing import Any, Callable, NamedTuple

# (name, how its heading line begins in the rulebook, whether lettered cases under it count, aliases).
# In rulebook order: each heading is searched for after the previous one, so "Burma 76" finds Campaign Game 1's
# special rule first and Campaign Game 2's next.
SECTIONS: tuple[tuple[str, str, bool, tuple[str, ...]], ...] = (
    ("Game Equipment", "Game Equipment", False, ()),
    ("Necessary Equipment Not Provided in USN", "Necessary Equipment Not Provided in USN", False,
     ("Necessary Equipment",)),
    ("Sequence of Play", "Sequence of Play", False, ("Sequence of Play Each Turn",)),
    ("Detailed Sequence of Play", "Detailed Sequence of Play", False, ()),
    *((f"Detailed Sequence of Play, Step {n}", f"Step {n}", False, ()) for n in range(1, 11)),
    ("Movement", "Movement", True, ("Land unit Movement", "Naval Unit Movement", "Air unit Movement")),
    ("Combat", "Combat", True, ("Land Unit Combat", "Naval Unit Combat", "Air Unit Combat")),
    ("Terrain", "Terrain (and its effects)", False, ()),
    ("Zones of Control", "Zones of Control", False, ()),
    ("Supply", "Supply", True, ()),
    ("Unit Breakdown", "Unit Breakdown", False, ()),
    ("Stacking", "Stacking (more than one unit per hex)", True, ()),
    ("Amphibious Assault", "Amphibious Assault", False, ()),
    ("Entrenchment", "Entrenchment", True, ()),
    ("Off-Map Movement", "Off-Map Movement", False, ()),
    ("Air and Naval Bases", "Air and Naval Bases", False, ()),
    ("Repairing or Building Bases", "Repairing or Building Bases", True, ()),
    ("Japanese Carrier Aircraft Embarkation", "Japanese Carrier Aircraft Embarkation", False, ()),
    ("Allied Carrier Aircraft Embarkation", "Allied Carrier Aircraft Embarkation", False, ()),
    ("Damage and Repair of Naval Units", "Damage and Repair of Naval Units", False, ()),
    ("Parachutists", "Parachutists", False, ()),
    ("Replacements", "Replacements", False, ()),
    ("How the Game is Won", "How the Game is Won", False, ("Victory Conditions", "How to Win",
                                                           "Victory Calculation")),
    ("Victory Point Schedule", "Victory Point Schedule", False, ("Victory Points",)),
    ("Optional Rules", "Optional Rules", False, ()),
    ("Allied Variable Deployment", "Allied Variable Deployment", False, ()),
    ("Japanese Variable Deployment", "Japanese Variable Deployment", False, ()),
    ("Garrisons", "Garrisons", False, ()),
    ("Japanese Ferry Carriers", "Japanese Ferry Carriers", False, ("Ferry Carriers",)),
    ("Burma Campaign", "Burma Campaign", False, ()),
    ("Submarines", "Submarines", True, ()),
    ("How To Use the Situation & Order of Battle", "How To Use the Situation & Order of Battle", False, ()),
    ("How to Set-up and Play the Games", "How to Set-up and Play the Games", False, ()),
    ("Campaign Game 1: Shock Effect", "Shock Effect", False, ()),
    ("Campaign Game 1: Phillipine Fortifications", "Phillipine Fortifications", False,
     ("Campaign Game 1: Philippine Fortifications",)),
    ("Campaign Game 1: Hong Kong", "Hong Kong (311)", False, ("Campaign Game 1: Hong Kong (311)",)),
    ("Campaign Game 1: Thailand", "Thailand 111", False, ("Campaign Game 1: Thailand 111",)),
    ("Campaign Game 1: Burma 76", "Burma 76", False, ()),
    ("Campaign Game 1: Allied Naval Forces in the Indian Ocean", "Allied Naval Forces in the Indian Ocean", False,
     ("Campaign Game 1: Indian Ocean",)),
    ("Campaign Game 1: Australian Reserves", "Australian Reserves", False,
     ("Campaign Game 1: Australian Reserves 463", "Australian Reserves")),
    ("Campaign Game 2: Australian Reserves", "Australian Reserves", False, ()),
    ("Campaign Game 2: Midway", "Midway (1218)", False, ("Campaign Game 2: Midway (1218)",)),
    ("Campaign Game 2: Burma 76", "Burma 76", False, ()),
    ("Campaign Game 3: Special Game Rules", "Campaign Game Three", False,
     ("Campaign Game Three", "Campaign Game 3", "Campaign Game Three: Special Game Rules")),
    ("USN Mini-Games", 'USN "Mini-Games"', False, ()),
    ("Coral Sea", "The Battle of Coral Sea", False, ("Coral Sea Order of Battle",)),
    ("Coral Sea Victory Conditions", "Victory Conditions", False, ()),
    ("Midway", "The Battle of Midway: 4 June", False, ("Midway Order of Battle",)),
    ("Midway Victory Conditions", "Victory Conditions", False, ()),
    ("Midway: Simulation Version", "The Battle of Midway: Simulation Version", False, ()),
    ("Eastern Solomons", "The Battle of the Eastern Solomons", False, ("Eastern Solomons Order of Battle",)),
    ("Eastern Solomons Victory Conditions", "Victory Conditions", False, ()),
    ("Eastern Solomons Special Game Rules", "Special Game Rules", False, ()),
    ("Santa Cruz", "The Battle of the Santa Cruz Islands", False, ("Santa Cruz Order of Battle",)),
    ("Santa Cruz Victory Conditions", "Victory Conditions", False, ()),
    ("Santa Cruz Special Game Rules", "Special Game Rules", False, ()),
    ("Mission: Normal Transport", "Mission: Normal Transport", False, ()),
    ("Mission: Emergency Transport of Troops and Supplies", "Mission: Emergency Transport", False,
     ("Emergency Transport",)),
    ("Mission: Refuelling", "Mission: Refuelling", False, ()),
    ("Mission: Bombardment of Land Units", "Mission: Bombardment of Land Units", False, ()),
    ("Mission: Bombardment of Coastal Defense Unit", "Mission: Bombardment of Coastal Defense Unit", False, ()),
    ("Mission: Bombardment of Bases", "Mission: Bombardment of Bases", False, ()),
    ("Mission: Ground Support of Land Unit's Combat", "Mission: Ground Support of Land Unit's Combat", False, ()),
    ("Mission: Anti-Aircraft Defense of Naval Units", "Mission: Anti-Aircraft Defense of Naval Units", False, ()),
    ("Mission: Surface Naval Engagement", "Mission: Surface Naval Engagement", False, ()),
    ("Mission: Air Transfer", "Mission: Air Transfer", False, ()),
    ("Mission: Bomb Air or Naval Base", "Mission: Bomb Air or Naval Base", False, ()),
    ("Mission: Combat Air Patrol (CAP)", "Mission: Combat Air Patrol", False,
     ("Combat Air Patrol", "CAP", "Mission: Combat Air Patrol")),
    ("Mission: Ground Support - Offensive", "Mission: Ground Support - Offensive", False, ()),
    ("Mission: Ground Support - Defensive", "Mission: Ground Support - Defensive", False, ()),
    ("Mission: Bombing of Land Units", "Mission: Bombing of Land Units", False, ()),
    ("Mission: Bombing of Naval Units", "Mission: Bombing of Naval Units", False, ()),
    ("Mission: Bombing Coastal Defense Unit", "Mission: Bombing Coastal Defense Unit", False, ()),
    ("Mission: Strafing", "Mission: Strafing", False, ()),
    ("Combat Results Table No. 1", "Combat Results Table No. 1", False, ("CRT 1", "CRT No. 1")),
    ("Combat Results Table No. 2", "Combat Results Table No. 2", False, ("CRT 2", "CRT No. 2")),
    ("Combat Results Table No. 3", "Combat Results Table, Air to Surface", False, ("CRT 3", "CRT No. 3")),
    ("Combat Results Table No. 4", "Combat Results Table, Air to Surface", False, ("CRT 4", "CRT No. 4")),
    ("Combat Results Table No. 5", "Combat Results Table No. 5", False, ("CRT 5", "CRT No. 5")),
    ("How to Use the Air Mission Allocation Chart", "How to Use the Air Mission Allocation Chart", False,
     ("Air Mission Allocation Chart",)),
    ("How To Use the Time Record and Reinforcement Chart", "How To Use the Time Record and Reinforcement Chart",
     True, ("Reinforcements", "Reinforcements, Notes", "Reinforcement Chart")),
    ("NAC Air Unit Strength Charts", "NAC Air Unit Strength Charts", False, ("NAC Air Unit Strength Chart",)),
    ("Errata: Game Map", "Game Map", False, ()),
    ("Errata: Unit Breakdown", "Unit Breakdown", False, ()),
    ("Errata: Amphibious Assault", "Amphibious Assault", False, ()),
    ("Errata: Air and Naval Bases, Case I", "Air and Naval Bases, Case I", False, ()),
    ("Errata: Repairing or Building Bases", "Repairing or Building Bases", False, ()),
    ("Errata: Situations and Orders of Battle", "Situations and Orders of Battle", False, ()),
    ("Errata: Reinforcement Table", "Reinforcement Table", False, ()),
    ("Errata: Mini-Game The Battle of the Coral Sea", "Mini-Game The Battle of the Coral Sea", False,
     ("Errata: Coral Sea Victory Conditions",)),
    ("Errata: Victory Points", "Victory Points", False, ()),
    ("Errata: Combat Results", "Combat Results", False, ()),
)
# Where the rules proper start (after the table of contents) and where the Errata start.
START_AFTER = "How to Read the Rules to USN"
ERRATA_START = "USN Errata"
# The cases printed under "Repairing or Building Bases" are cited under their parent heading (the Errata do).
CASE_OWNER = {"Repairing or Building Bases": "Air and Naval Bases"}
CASE = re.compile(r"^\(([A-Z])\)[ -]")
# The two Mission Capability Charts head the missions: a mission is also cited as "<chart>, <mission>".
CHARTS = ("Mission Capability Chart: Naval Units", "Mission Capability Chart: Air Units")
# A heading's parts, each printed as a paragraph that opens with its name: "Submarines, General Rule".
PARTS = ("General Rule", "Procedure", "Cases")
MISSION_STEP = re.compile(r"^(\d{1,2})\.\s")


class Found(NamedTuple):
    line: int  # its heading's line in the rulebook (0-based)
    name: str
    cases: bool
    aliases: tuple[str, ...]


def locate(lines: list[str]) -> list[Found]:
    """Each section of SECTIONS at its heading line, in rulebook order (`lines` stripped); a heading missing from
    the text is an error: the table and the transcription disagree."""
    start = lines.index(START_AFTER) + 1
    errata = lines.index(ERRATA_START)
    found: list[Found] = []
    at = start
    for name, head, cases, aliases in SECTIONS:
        if name.startswith("Errata:"):
            at = max(at, errata)
        hit = next((i for i in range(at, len(lines)) if lines[i] == head
                    or lines[i].startswith(head) and not lines[i][len(head)].isalnum()), None)
        if hit is None:
            raise ValueError(f"heading {head!r} ({name}) not found in the rulebook after line {at}")
        found.append(Found(hit, name, cases, aliases))
        # Two sections may share a heading line (CRT 3 and 4): the next search starts on it again.
        at = hit if name == "Combat Results Table No. 3" else hit + 1
    return found


def sections(text: str) -> tuple[list[str], dict[str, str]]:
    """The sections in rulebook order, and every key a citation may use -> its section."""
    lines = [ln.strip() for ln in text.splitlines()]
    found = locate(lines)
    out: list[str] = []
    keys: dict[str, str] = {}
    for k, (line_no, name, cases, aliases) in enumerate(found):
        owner = CASE_OWNER.get(name, name)
        if name not in out:
            out.append(name)
        for key in (name, *aliases):
            keys.setdefault(norm(key), name)
        if not cases:
            continue
        end = found[k + 1].line if k + 1 < len(found) else len(lines)
        for ln in lines[line_no + 1:end]:
            m = CASE.match(ln)
            if m:
                sec = f"{owner} ({m.group(1)})"
                if sec not in out:
                    out.append(sec)
                for key in (owner, name, *aliases):
                    keys.setdefault(norm(f"{key} ({m.group(1)})"), sec)
    return out, keys


def norm(s: str) -> str:
    s = s.lower().replace("’", "'").replace("&", "and")
    s = re.sub(r"[,:]", " ", s)
    s = re.sub(r",? (general rule|procedure|cases)$", "", re.sub(r"\s+", " ", s).strip())
    return s


STEP = re.compile(r"^(?:detailed sequence of play )?(?:step )?(\d{1,2}) ?\(?([a-l])?\)?$")
PREFIXES = ("mission capability chart naval units ", "mission capability chart air units ", "mission ")


def resolve(citation: str, keys: dict[str, str]) -> str | None:
    """The section a citation counts for, or None."""
    c = norm(citation)
    m = STEP.match(c)
    if m and (c.startswith(("detailed", "step")) or re.fullmatch(r"\d{1,2}[a-l]", c)):
        n = int(m.group(1))
        return f"Detailed Sequence of Play, Step {n}" if 1 <= n <= 10 else None
    candidates = [c]
    for p in PREFIXES:
        if c.startswith(p):
            candidates.append(c[len(p):])
    more = []
    for x in candidates:
        more.append("mission " + x)
        more.append(re.sub(r" ?\((\d)\)$", "", x))  # "Surface Naval Engagement (2)": its numbered step
        more.append(re.sub(r" case ([a-z])$", r" (\1)", x))
    for x in candidates + more:
        if x in keys:
            return keys[x]
        if ("mission " + x) in keys:
            return keys["mission " + x]
    return None


# ----------------------------------------------------------------------------------------------- the rules page

def blocks(text: str, anchor: Callable[[str], str]) -> list[dict[str, Any]]:
    """The rulebook as the rules page's blocks (app/play/rulebooks.py `parse`): each heading of SECTIONS and of the
    table of contents, each lettered case ("Supply (G)"; a Step's "Detailed Sequence of Play, Step 5 (E)"), each
    numbered step of a Mission ("Mission: Surface Naval Engagement, step 1") and each "General Rule:", "Procedure:"
    and "Cases:" paragraph carries its anchor; `aliases` are the anchors of the other ways the rules cite it ("CRT 2",
    "Mission Capability Chart: Naval Units, Surface Naval Engagement", "Repairing or Building Bases (J)")."""
    raw = text.splitlines()
    lines = [ln.strip() for ln in raw]
    found = locate(lines)
    start = lines.index(START_AFTER)
    contents = [ln[2:].strip() for ln in lines[:start] if ln.startswith("- ")]
    at_line = {f.line: f for f in found}
    shared: dict[int, list[Found]] = {}
    for f in found:  # CRT 3 and 4 share one heading line
        shared.setdefault(f.line, []).append(f)
    toc_lines: dict[int, str] = {}
    for name in contents:
        hit = next((i for i in range(start, len(lines)) if lines[i] == name), None)
        if hit is not None and hit not in toc_lines:
            toc_lines[hit] = name
    out: list[dict[str, Any]] = []
    seen: set[str] = set()

    def ident(*names: str) -> tuple[str | None, list[str]]:
        """The first name's anchor if no block has it yet, and the others' (those still free) as aliases."""
        ids = [a for a in dict.fromkeys(anchor(n) for n in names) if a not in seen]
        seen.update(ids)
        return (ids[0], ids[1:]) if ids else (None, [])

    section: Found | None = None
    chart: str | None = None
    parts_done: set[str] = set()
    for i, line in enumerate(lines):
        if not line:
            continue
        if i < start:  # the table of contents
            out.append({"kind": "item" if line.startswith("- ") else "para",
                        "text": line[2:] if line.startswith("- ") else line})
            continue
        if i in at_line or i in toc_lines:
            heads = shared.get(i, [])
            toc = toc_lines.get(i)
            if toc in CHARTS:
                chart = toc
            names = [f.name for f in heads]
            if toc is not None:  # "Campaign Game 1 (December 1941-May 1942)" is also "Campaign Game 1"
                names += [toc, re.sub(r"\s*\(.*\)$", "", toc)]
            for f in heads:
                names += [*(a for a in f.aliases if not _printed_below(a, f, found, lines)), *_chart_aliases(f, chart)]
            section = heads[-1] if heads else None  # a heading of the contents only closes the section above
            parts_done = set()
            case = names[0]
            first, aliases = ident(*names)
            level = 2 if toc is not None and not case.startswith("Mission: ") else 3
            out.append({"kind": "heading", "level": level, "case": case, "id": first,
                        "aliases": aliases, "text": line})
            continue
        if section is not None and line in section.aliases:  # "Land unit Movement" under Movement
            first, aliases = ident(line)
            out.append({"kind": "heading", "level": 3, "case": line, "id": first, "aliases": aliases,
                        "text": line})
            continue
        if section is not None and (m := CASE.match(line)):
            owner = CASE_OWNER.get(section.name, section.name)
            letter = m.group(1)
            names = [f"{owner} ({letter})", f"{section.name} ({letter})",
                     *(f"{a} ({letter})" for a in section.aliases),
                     *(f"{a} ({letter})" for a in _chart_aliases(section, chart))]
            first, aliases = ident(*names)
            out.append({"kind": "case", "case": f"{owner} ({letter})", "label": f"({letter})", "id": first,
                        "aliases": aliases, "text": line[m.end():].lstrip(" -")})
            continue
        if section is not None and section.name.startswith("Mission: ") and (m := MISSION_STEP.match(line)):
            n = m.group(1)
            names = [f"{section.name}, step {n}", *(f"{a}, step {n}" for a in section.aliases),
                     *(f"{a}, step {n}" for a in _chart_aliases(section, chart))]
            first, aliases = ident(*names)
            out.append({"kind": "case", "case": f"{section.name}, step {n}", "label": f"{n}.", "id": first,
                        "aliases": aliases, "text": line[m.end():]})
            continue
        part = next((p for p in PARTS if line.startswith(p + ":")), None)
        if section is not None and part and part not in parts_done:
            parts_done.add(part)
            first, aliases = ident(f"{section.name}, {part}")
            out.append({"kind": "para", "case": f"{section.name}, {part}", "id": first, "aliases": aliases,
                        "text": line})
            continue
        if line.startswith(("- ", "• ")):
            out.append({"kind": "item", "text": line[2:]})
        else:
            out.append({"kind": "para", "text": line})
    return out


def _chart_aliases(f: Found, chart: str | None) -> list[str]:
    """A mission as its chart cites it: "Mission Capability Chart: Air Units, CAP"."""
    if chart is None or not f.name.startswith("Mission: "):
        return []
    return [f"{chart}, {n.removeprefix('Mission: ')}" for n in (f.name, *f.aliases)]


def _printed_below(alias: str, f: Found, found: list[Found], lines: list[str]) -> bool:
    """Whether an alias is a subheading printed inside its section ("Land unit Movement" under Movement): its anchor
    then goes to that line, not to the section's heading."""
    later = [g.line for g in found if g.line > f.line]
    end = min(later) if later else len(lines)
    return alias in lines[f.line + 1:end]
