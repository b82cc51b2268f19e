"""The server's long-lived heap set aside once the process is ready (issue 37: a late U.S.N. page's draw p99).

CPython's cyclic collector walks every tracked object at each full (generation 2) pass. A server's heap is mostly
what it loaded to start: the modules and the games' data tables, some 140,000 objects here. A
full pass over them took 70-90 ms on the late Campaign Game 3 page and fell every few pages, so it was the draw's p99
(tools/bench_usn_page.py). Frozen (gc.freeze), they are never walked again; the collector still walks what the
server makes after start (states, views, pages, the templates as each is first compiled), and reference counting
still frees everything as before. Compiling every template here as well was tried: it added 1-2 s to each start on
a loaded machine, and the live servers of the tests and benchmarks start many times."""
from __future__ import annotations

import gc

_settled = False


def settle() -> None:
    """Once a process: collect what start-up left, and freeze the rest. Once, because a test process starts the app
    many times, and freezing again would keep each test's leftovers for good."""
    global _settled
    if _settled:
        return
    _settled = True
    gc.collect()
    gc.freeze()
