"""A push that carries what changed (issue 37): the new page of a role as a patch of the page that role's socket
already has.

Both pages are renderings of the same role's view (a patch is never computed between two roles' pages), so a patch
tells its page nothing the whole new page would not. A page is cut into chunks, each ending at a `>` or a line break
(the page's script cuts them identically: static/app.js); a patch lists, in order, runs of the old page's chunks to
copy (`[first, count]`) and text to insert. Every pushed page starts with its own id (`<!--p:ID-->`, a hash of the
page, so two pages alike are alike byte for byte), and a patch names the id of the page it applies to and of the
page it makes: a page holding another page (a push lost, a reconnection) asks for the whole page again.

The wire format: `~` then the JSON array `[base_id, new_id, op, op, ...]`, each op `[first, count]` or a string."""
from __future__ import annotations

import hashlib
import json
import re
from bisect import bisect_left

ID = re.compile(r"<!--p:([0-9a-f]+)-->")
MARK = "~"
NEAR = 4  # candidate positions examined on each side of where the last copied run ended
SMALLEST_COPY = 12  # characters: a shorter run is sent as text (a copy costs about ten bytes)


def page_id(html: str, apart: tuple[str, ...] = ()) -> str:
    """A hash of the page, without `apart` (the game's id and commitment): two pages alike but for the game have the
    same id, as the non-interference tests compare pushes byte for byte (tests/platform/test_secrets.py)."""
    for text in apart:
        if text:
            html = html.replace(text, "")
    return hashlib.blake2b(html.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def stamped(html: str, apart: tuple[str, ...] = ()) -> str:
    """The page as pushed: its id first."""
    return f"<!--p:{page_id(html, apart)}-->{html}"


def id_of(page: str) -> str | None:
    m = ID.match(page)
    return m.group(1) if m else None


def chunks(text: str) -> list[str]:
    """The pieces of a page, each ending at a `>` or a line break (the last may end at neither). Cut with string
    methods (six times a regular expression's speed); the page script cuts the same way (a NUL, which no page holds,
    would be a cut in both)."""
    out = text.replace(">", ">\0").replace("\n", "\n\0").split("\0")
    if out and not out[-1]:
        out.pop()
    return out


def _run(a: list[str], i: int, b: list[str], j: int) -> int:
    """How many chunks from a[i] and b[j] on are alike (a[i] == b[j] known): galloping, each step one slice
    comparison in C, so a long unchanged stretch costs a few comparisons, not one Python step a chunk."""
    limit = min(len(a) - i, len(b) - j)
    alike = 1
    while alike < limit:
        k = min(limit, alike * 2)
        if a[i + alike:i + k] == b[j + alike:j + k]:
            alike = k
            continue
        while alike + 1 < k:
            mid = (alike + k) // 2
            if a[i + alike:i + mid] == b[j + alike:j + mid]:
                alike = mid
            else:
                k = mid
        break
    return alike


def diff(old: str, new: str, old_chunks: list[str] | None = None) -> list:
    """The ops that make `new` from `old` (greedy: each run of `new` is copied from the longest run of `old` found
    near where the previous copy ended, else from the first places its chunk occurs)."""
    a = old_chunks if old_chunks is not None else chunks(old)
    b = chunks(new)
    where: dict[str, list[int]] = {}
    for i, c in enumerate(a):
        where.setdefault(c, []).append(i)
    ops: list = []
    text: list[str] = []
    na, nb = len(a), len(b)
    j = 0
    expect = 0
    while j < nb:
        c = b[j]
        best_i, best_n = -1, 0
        places = where.get(c)
        if places:
            if expect < na and a[expect] == c:
                tries = [expect]
            else:  # near where the last copy ended, then the first and last places it occurs (a moved section)
                k = bisect_left(places, expect)
                tries = places[max(0, k - NEAR):k + NEAR]
                if len(places) > 2 * NEAR:
                    tries += places[:2] + places[-2:]
            for i in tries:
                n = _run(a, i, b, j)
                if n > best_n:
                    best_i, best_n = i, n
                    if i == expect:
                        break
        if best_n and (best_n > 1 or len(c) >= SMALLEST_COPY):
            if text:
                ops.append("".join(text))
                text = []
            if ops and isinstance(ops[-1], list) and ops[-1][0] + ops[-1][1] == best_i:
                ops[-1][1] += best_n
            else:
                ops.append([best_i, best_n])
            j += best_n
            expect = best_i + best_n
        else:
            text.append(c)
            j += 1
    if text:
        ops.append("".join(text))
    return ops


def patch(old: str, new: str, old_chunks: list[str] | None = None) -> str:
    """The patch message that makes the stamped page `new` from the stamped page `old`."""
    return MARK + json.dumps([id_of(old), id_of(new), *diff(old, new, old_chunks)], ensure_ascii=False,
                             separators=(",", ":"))


def apply(old: str, message: str) -> str | None:
    """The page a patch message makes of `old`; None if it was made for another page (the page script's twin)."""
    base, new, *ops = json.loads(message[len(MARK):])
    if id_of(old) != base:
        return None
    a = chunks(old)
    out = [("".join(a[op[0]:op[0] + op[1]]) if isinstance(op, list) else op) for op in ops]
    return "".join(out)
