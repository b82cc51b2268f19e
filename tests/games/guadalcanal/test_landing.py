"""The Air Return Phase (5): basing colours, reach, capacity, the Arming box, and no landing."""
import pytest

from app.engine.errors import IllegalAction
from app.engine.orders import from_json
from app.engine.rng import ScriptedRng
from app.games.guadalcanal import rules
from tests.games.guadalcanal.helpers import example_10, land, put, step


def returning(**flying):
    """Example 10's position at the Allied Air Return Phase, with these units flying in these hexes."""
    s = example_10()
    for u, h in flying.items():
        put(s, u.replace("_", "-"), "flying", hex=h)
    s["step"] = {"kind": "air_return", "side": "allied", "index": 11}
    return s


@pytest.mark.rule("5a1")
def test_a_yellow_scout_lands_at_a_base_but_not_on_a_carrier():
    s = returning(us_aa="P4")
    s["task_forces"]["us-tf17"]["hex"] = "P4"
    with pytest.raises(IllegalAction) as e:
        rules.apply(s, "allied", land(us_aa="us-hornet"), ScriptedRng())
    assert e.value.rule == "5a"
    s = rules.apply(s, "allied", land(us_aa="us-henderson"), ScriptedRng([3, 7]))
    assert s["units"]["us-aa"]["location"] == {"area": "us-henderson"}


@pytest.mark.rule("5a2")
def test_a_unit_lands_only_within_its_movement_factor():
    s = returning(us_t6="K2")  # T6, MF 3; Hornet's TF 17 at Q5 is 6 away
    with pytest.raises(IllegalAction, match="movement factor") as e:
        rules.apply(s, "allied", land(us_t6="us-hornet"), ScriptedRng())
    assert e.value.rule == "5a"


@pytest.mark.rule("5a3")
def test_a_carrier_takes_no_more_than_its_capacity():
    s = returning(us_t6="Q5")
    s["units"]["us-hornet"]["face"] = "back"
    for u in ("us-b10", "us-s10", "us-t10", "us-rr", "us-uu", "us-b8"):
        put(s, u, "arming", area="us-hornet")
    s["units"]["us-s8"]["box"], s["units"]["us-vv"]["box"] = "arming", "ready"  # 8 aboard, capacity 8
    with pytest.raises(IllegalAction, match="no more than 8") as e:
        rules.apply(s, "allied", land(us_t6="us-hornet"), ScriptedRng())
    assert e.value.rule == "5a3"


@pytest.mark.rule("5c")
def test_a_unit_is_eliminated_only_if_it_cannot_land():
    s = returning(us_t6="Q5", us_b8="A13")
    with pytest.raises(IllegalAction, match="can still land") as e:
        rules.apply(s, "allied", land(us_t6="eliminated", us_b8="eliminated"), ScriptedRng())
    assert e.value.rule == "5"
    s = rules.apply(s, "allied", land(us_t6="us-hornet", us_b8="eliminated"), ScriptedRng([3, 7]))
    assert s["units"]["us-b8"]["box"] == "eliminated"
    assert any("B8 cannot land and are eliminated (5c)" in line["text"] for line in rules.view(s, "japanese")["log"])


@pytest.mark.rule("5b")
def test_every_flying_unit_must_be_given_a_landing():
    s = returning(us_t6="Q5", us_ss="Q4")
    with pytest.raises(IllegalAction, match="Say where SS lands"):
        rules.apply(s, "allied", land(us_t6="us-hornet"), ScriptedRng())
    s = rules.apply(s, "allied", land(us_t6="us-hornet", us_ss="us-hornet"), ScriptedRng([3, 7]))
    assert s["units"]["us-ss"]["box"] == "arming"
    assert step(s) == ("assembly", "allied")  # the next Turn: Japan (7 > 3) is Side A, so the Allies act first


@pytest.mark.rule("5a")
def test_the_landing_form_names_each_unit_and_offers_it_only_where_it_may_land():
    """Issue 34: the form listed the flying units by id, each offered every place any of them could reach; a yellow
    scout was offered the carrier Hornet and then refused (5a)."""
    from tests.conformance.render import pages, visible_text
    from app.games.guadalcanal import spec
    s = returning(us_aa="P4", us_ss="P4")
    s["task_forces"]["us-tf17"]["hex"] = "P4"
    (order,) = rules.decision(s).prompt(s, "allied")["actions"]
    fields = order["args"]["landings"]["fields"]
    assert {f["label"] for f in fields.values()} == {"AA", "SS"}
    assert "us-hornet" not in fields["us-aa"]["choices"] and "us-hornet" in fields["us-ss"]["choices"]
    for u, f in fields.items():
        for p in f["choices"]:
            rules.check(s, "allied", land(**{u.replace("-", "_"): p, **{v.replace("-", "_"): fields[v]["choices"][0]
                                                                        for v in fields if v != u}}))
    text = visible_text(pages(spec, "1", {}, s, "allied")["page"])
    assert "us-aa" not in text and "us-ss" not in text


@pytest.mark.rule("5c")
def test_the_player_chooses_which_unit_is_eliminated_when_there_is_not_room_for_all():
    """5c: "that side's player makes the choice". T6 (a torpedo bomber) and B8 (a dive bomber) at P2 reach only
    Hornet, which has room for one: the form offers either to be given up, and the order may keep either."""
    s = returning(us_t6="P2", us_b8="P2")  # Hornet: S8, SS and VV aboard, capacity 8
    for u in ("us-b10", "us-s10", "us-t10", "us-uu"):
        put(s, u, "arming", area="us-hornet")  # 7 aboard
    fields = from_json(rules.prompts(s)["allied"]["actions"][0]["args"]["landings"]).fields
    assert {u: f.values() for u, f in fields.items()} == {"us-t6": ["us-hornet", "eliminated"],
                                                          "us-b8": ["us-hornet", "eliminated"]}
    for kept, lost in (("us-t6", "us-b8"), ("us-b8", "us-t6")):
        after = rules.apply(s, "allied", land(**{kept.replace("-", "_"): "us-hornet", lost.replace("-", "_"):
                                                 "eliminated"}), ScriptedRng([3, 7]))
        assert after["units"][lost]["box"] == "eliminated" and after["units"][kept]["location"] == {"area": "us-hornet"}
    # while there is room for every unit, none is offered to be given up
    put(s, "us-uu", "arming", area="us-henderson")  # room on Hornet for both
    fields = from_json(rules.prompts(s)["allied"]["actions"][0]["args"]["landings"]).fields
    assert all("eliminated" not in f.values() for f in fields.values())
