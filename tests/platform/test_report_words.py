"""The after-action report is written for a person (issue 11, item 9): a game whose score is more than a number per
side (Pacific War 1942's Victory Calculation, line by line) reads as labelled lines, never as printed data."""
from __future__ import annotations

import re


def first_choice(spec: dict) -> dict:
    args = {}
    for name, arg in (spec.get("args") or {}).items():
        if arg.get("choices"):
            c = arg["choices"][0]
            args[name] = c["value"] if isinstance(c, dict) else c
        elif arg.get("type") == "integer":
            args[name] = arg.get("minimum", 0)
    return {"verb": spec["verb"], "args": args}


def test_a_pacific_war_report_reads_its_victory_calculation_in_words(players):
    me = players()
    r = me.post("/api/games", json={"game": "pacific_war_1942", "side": "allied"})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    for _ in range(3000):
        g = me.game(gid)
        if g["game"]["status"] == "ended":
            break
        action = first_choice(g["prompt"]["actions"][0])
        assert me.act(gid, action["verb"], action["args"], version=g["game"]["version"]).status_code == 200
    assert me.game(gid)["game"]["status"] == "ended"
    page = me.get(f"/games/{gid}/report").text
    main = page.split("<main>")[1]
    assert not re.search(r"[{}]|&#39;|&#34;", main.split("<section class=\"card\"><h2>Turns")[0]), \
        "printed data on the report"
    # The Victory Calculation line by line, then its total (the game's own report figures).
    assert "<h2>Victory Points</h2>" in main and "<th>total</th>" in main
    assert re.search(r"<td>each sea area controlled by the Japanese[^<]*</td><td>-\d+</td>", main) \
        or re.search(r"<td>[A-Z][^<]+</td><td>-?\d+</td>", main)
