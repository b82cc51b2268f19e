"""What a player reads where the rules wrote ids and bare numbers (naming.named, issue 34): ships, subs and air
stations by their printed names, a hex number as a hex. Every view names its role's whole log (a late Campaign Game's
is some 4,500 lines), so `named` is kept by text and searches each pattern only where the text can hold it (issue
37); these are the readings that speed must not change."""
import pytest

from app.games.usn import naming


@pytest.mark.parametrize("written, read", [
    ("J-CV-3 moves 0692 -> 0693", "Japanese CV-3 moves hex 0692 -> hex 0693"),
    ("Japanese J-CV-3 sails to hex 0793", "Japanese CV-3 sails to hex 0793"),  # the side once, the hex once
    ("Hex 0793 and hexes 0794, 0795 stay as written", "Hex 0793 and hexes 0794, 0795 stay as written"),
    ("hexes 0001, 0002 and 0003 are clear; 0004 or 0005 too",
     "hexes 0001, 0002 and 0003 are clear; hexes 0004 or 0005 too"),
    ("Ahex 0793", "Ahex hex 0793"),  # "hex" inside another word introduces nothing
    ("Lae (0692) falls", "Lae (0692) falls"),
    ("0692|0693 is a mountain hexside", "0692|0693 is a mountain hexside"),
    ("A-TR-1.2 carries 4 points for 0012 weeks", "Allied Transport-1 (2) carries 4 points for 0012 weeks"),
    ("J-Sub-Flot-2 at base:0659", "Sub-Flot-2 at the air base at Port Moresby (0659)"),
    ("X at west-coast", "X at U.S. West Coast"),
    ("A-CV-1 reaches 9999", "Allied CV-1 reaches 9999"),  # not a hex of the map
    ("Sixty 1200 VP", "Sixty 1200 VP"),
    ("No ids here, no numbers.", "No ids here, no numbers."),
])
def test_a_log_line_reads_with_names_and_hexes(written, read):
    assert naming.named(written) == read
    assert naming.named(written) == read  # kept: the same reading the second time
