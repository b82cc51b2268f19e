"""No two controls of one Guadalcanal order form share an accessible name (issue 34's per-piece forms): where a
form offers the same piece twice, a check box and a select, the select's label says what it chooses ("FF base")."""
from __future__ import annotations

from app.engine.rng import ScriptedRng
from app.games.guadalcanal import deployment, forms, rules


def test_scenario_two_set_up_names_each_air_units_ready_box_and_its_base_apart():
    s = rules.setup("2", {}, ScriptedRng())
    args = deployment.prompt(s, "allied")["actions"][0]["args"]
    ready = list(args["ready"]["labels"])
    bases = [f["label"] for f in args["bases"]["fields"].values()]
    assert "FF" in ready and "FF base" in bases
    assert not set(ready) & set(bases)


def test_per_piece_and_named_say_what_they_choose_only_when_asked():
    names = {"us-ff": "FF"}
    assert forms.per_piece_order(["us-ff"], names, {"us-ff": ("a",)}, True, "Bases").fields["us-ff"].label == "FF"
    assert forms.per_piece(["us-ff"], names, {"us-ff": ("a",)}, True, "Bases", what="base")["fields"]["us-ff"][
        "label"] == "FF base"
    assert forms.named(["us-ff"], names, "Shadowing", what="shadows")["labels"] == ["FF shadows"]
