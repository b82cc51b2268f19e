"""Ill-formed standing orders of an air allocation are refused with the rule, through the whole submission path
(issue 10, item 11: a nested list as a ship raised a TypeError, a server error)."""
import pytest
from sol_core_helpers import refused, start, until


@pytest.mark.rule("14.3")
def test_a_nested_list_in_the_naval_defensive_groups_is_a_refusal_citing_14_3():
    s = until(start(3), "air", dice=[6] * 60, turn=1, segment=1)
    tf = next(t for t in s["task_forces"].values() if t["side"] == "allied")
    for groups in ([[["x"]]], [[{"a": 1}]], "CV", [[None]]):
        err = refused(s, "allied", {"missions": [], "defence": {tf["id"]: {"groups": groups}}}, "14.3")
        assert "Naval Defensive Groups" in err.message
