"""The shared data loader: a table whose values lack provenance does not load, and every game's files do."""
from pathlib import Path

import pytest

from app.engine import data

GAMES = Path(__file__).resolve().parents[2] / "app" / "games"


def write(tmp_path, text: str) -> Path:
    p = tmp_path / "t.toml"
    p.write_text(text)
    return p


def test_every_game_data_file_loads_with_its_provenance():
    files = sorted(GAMES.glob("*/data/*.toml"))
    assert len(files) >= 10  # Pacific War 1942 and Solomons
    for f in files:
        doc = data.load(f)
        assert any(True for _ in data.walk(doc)), f


def test_a_record_without_provenance_is_refused_naming_the_record_and_key(tmp_path):
    p = write(tmp_path, '[[hex]]\nid = "0709"\nterrain = "clear"\n'
              'provenance = "printed 2.1"\n\n[[hex]]\nid = "0708"\nterrain = "jungle"\n')
    with pytest.raises(data.DataError, match=r"t\.toml\.hex\[0708\]: id has no provenance"):
        data.load(p)


def test_provenance_must_say_where_it_comes_from(tmp_path):
    for bad in ('"from the box"', '"printed"', '""', '[]', '["printed 7.5", 3]'):
        with pytest.raises(data.DataError, match="provenance"):
            data.load(write(tmp_path, f'[gun]\nrange = 5\nprovenance = {bad}\n'))
    ok = data.load(write(tmp_path, '[gun]\nrange = 5\nprovenance = ["printed 7.5", "reconstructed: see Fig. 8"]\n'))
    assert ok["gun"]["range"] == 5


def test_provenance_is_found_per_value_by_key_by_prefix_or_from_the_enclosing_table(tmp_path):
    doc = data.load(write(tmp_path, '[advance]\nland_success_from = 3\nland_provenance = "example land attack"\n'
                                    'sea_success_from = 4\nsea_provenance = "printed sea table"\n'
                                    '[crt]\nprovenance = "printed CRT"\n[[crt.row]]\ndie = 1\nresults = ["AE", "A1"]\n'))
    assert data.provenance(doc["advance"], "land_success_from") == "example land attack"
    assert data.provenance(doc["advance"], "sea_success_from") == "printed sea table"
    assert data.provenance(doc["crt"]["row"][0], "die") is None  # inherited from [crt]
    with pytest.raises(data.DataError, match=r"advance: sea_success_from has no provenance"):
        data.load(write(tmp_path, '[advance]\nland_success_from = 3\nland_provenance = "example land attack"\n'
                                  'sea_success_from = 4\n'))
    with pytest.raises(data.DataError, match="t.toml"):
        data.load(write(tmp_path, "[broken\n"))


def test_index_refuses_a_repeated_or_missing_id():
    assert data.index([{"id": "a"}, {"id": "b"}]) == {"a": {"id": "a"}, "b": {"id": "b"}}
    with pytest.raises(data.DataError, match="'a' appears twice"):
        data.index([{"id": "a"}, {"id": "a"}], where="map.hex")
    with pytest.raises(data.DataError, match=r"map.hex\[1\]: no id"):
        data.index([{"id": "a"}, {"name": "b"}], where="map.hex")
