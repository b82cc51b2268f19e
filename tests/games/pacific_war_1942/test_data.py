"""The data check: every value carries its provenance, and the map hangs together."""
import re

import pytest

from app.games.pacific_war_1942 import data

PROVENANCE = re.compile(r"^(printed|example|reconstructed: ).+")


def records():
    for table in (data.MAP, data.CHARTS, data.RULES):
        for key, value in table.items():
            for rec in value if isinstance(value, list) else [value]:
                yield key, rec


def test_every_record_has_its_provenance():
    for key, rec in records():
        provs = [v for k, v in rec.items() if k.endswith("provenance")]
        assert provs, f"{key} {rec.get('id', rec.get('roll'))} has no provenance"
        for p in provs:
            assert PROVENANCE.match(p), f"{key}: {p!r}"


@pytest.mark.rule("Game Components and Set Up")
def test_each_front_runs_from_an_allied_flag_through_its_start_lines_to_japan():
    for front in data.FRONT_ORDER:
        r = data.route(front)
        locs = [data.LOCATIONS[x] for x in r]
        assert locs[0].get("flag") and r[-1] == data.JAPAN
        assert [i for i, x in enumerate(locs) if x.get("start")] == [1]
        assert [i for i, x in enumerate(locs) if x.get("japanese_start")] == [2]
    assert sorted(x for x in data.LOCATIONS if data.LOCATIONS[x].get("flag")) == sorted(
        data.INSTANT["locations"])
    assert {x for f in data.FRONT_ORDER for x in data.route(f)} == set(data.LOCATIONS)


def test_the_charts_cover_every_die_roll():
    assert sorted(data.AP_CHART) == [1, 2, 3, 4, 5, 6] and set(data.AP_CHART.values()) == {1, 2, 3, 4}
    assert sorted(data.AP_CHART.values()) == [data.AP_CHART[r] for r in range(1, 7)]  # monotonic
    assert sorted(data.JAPANESE_ACTIONS) == [1, 2, 3, 4, 5, 6]
    kinds = {"europe", "attack_front", "stall", "reserve", "attack_sea"}
    for row in data.JAPANESE_ACTIONS.values():
        for step in row["steps"]:
            assert step["kind"] in kinds
            assert step.get("front", "india") in data.FRONTS
            assert set(step.get("order", [])) <= set(data.SEA_AREAS)
    assert [b["max"] for b in data.BANDS] == sorted(b["max"] for b in data.BANDS)


def test_the_tables_load_through_the_engine_loader_which_refuses_a_location_without_provenance(tmp_path):
    from app.engine.data import DataError, load

    text = (data.DATA / "map.toml").read_text()
    assert load(data.DATA / "map.toml") == data.MAP
    broken = tmp_path / "map.toml"
    i = text.index('id = "burma"')
    end = text.index("provenance =", i)
    broken.write_text(text[:end] + "# provenance removed" + text[text.index("\n", end):])
    with pytest.raises(DataError, match=r"map\.toml\.location\[burma\]"):
        load(broken)
