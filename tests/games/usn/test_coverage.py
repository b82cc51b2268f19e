"""Issue 17: at least 90% of the rulebook's sections are cited by tests (tools/usn_coverage.py counts them)."""
import pytest

from tests import rulebook
from tools import usn_coverage

# Issue 17's "Done when" asks for at least 90% of the rulebook's sections cited by tests: 166 of 179 (92.7%) after
# session 9's merges (docs/games/usn.md); the bar is the issue's, never lowered.
BAR = 0.90


@pytest.fixture(scope="module")
def cov():
    rulebook.text("usn-spi-1971.txt")  # skips, naming the file, without the transcription
    return usn_coverage.measure()


def test_the_rulebook_sections_are_found_in_the_text(cov):
    # Every heading of SECTIONS is found in the rulebook (measure raises if one is missing), and the lettered
    # cases are read from the text: Movement (A)-(V), Supply (A)-(H), Submarines (A)-(J), the bases' (A)-(M).
    assert "Movement (V)" in cov.sections and "Movement (W)" not in cov.sections
    assert [s for s in cov.sections if s.startswith("Supply (")][-1] == "Supply (H)"
    assert [s for s in cov.sections if s.startswith("Submarines (")][-1] == "Submarines (J)"
    assert [s for s in cov.sections if s.startswith("Air and Naval Bases (")][-1] == "Air and Naval Bases (M)"
    assert "Detailed Sequence of Play, Step 10" in cov.sections
    # Not counted: the orders of battle, the table of contents, the designer's notes.
    assert not any("Order of Battle" in s and "Situation" not in s for s in cov.sections)
    assert not any("Notes" in s or "Carriers" == s for s in cov.sections)


@pytest.mark.parametrize("citation, section", [
    ("Supply (G)", "Supply (G)"),
    ("Detailed Sequence of Play 5(D)", "Detailed Sequence of Play, Step 5"),
    ("Detailed Sequence of Play, Step 2 (F)", "Detailed Sequence of Play, Step 2"),
    ("2H", "Detailed Sequence of Play, Step 2"),
    ("Naval Unit Movement (N)", "Movement (N)"),
    ("Mission Capability Chart: Naval Units, Refuelling", "Mission: Refuelling"),
    ("Bombardment of Bases", "Mission: Bombardment of Bases"),
    ("Surface Naval Engagement (5)", "Mission: Surface Naval Engagement"),
    ("Air and Naval Bases (L)", "Air and Naval Bases (L)"),
    ("Eastern Solomons: Special Game Rules", "Eastern Solomons Special Game Rules"),
    ("Campaign Game 1, Burma 76", "Campaign Game 1: Burma 76"),
    ("CRT 2", "Combat Results Table No. 2"),
    ("Submarines, General Rule", "Submarines"),
    ("Reinforcements, Notes (A)", "How To Use the Time Record and Reinforcement Chart (A)"),
])
def test_the_citation_forms_in_use_count_for_their_section(citation, section):
    _, keys = usn_coverage.sections(rulebook.text("usn-spi-1971.txt"))
    assert usn_coverage.resolve(citation, keys) == section


def test_an_order_of_battle_or_a_typo_counts_for_nothing():
    _, keys = usn_coverage.sections(rulebook.text("usn-spi-1971.txt"))
    assert usn_coverage.resolve("Situations & Orders of Battle", keys) is None
    assert usn_coverage.resolve("Suply (G)", keys) is None
    assert usn_coverage.resolve("Detailed Sequence of Play, Step 11", keys) is None


def test_at_least_the_bar_of_the_rulebook_sections_are_cited_by_tests(cov):
    assert cov.ratio >= BAR, (f"{len(cov.covered)}/{len(cov.sections)} sections cited; uncovered: "
                              + ", ".join(cov.uncovered))
