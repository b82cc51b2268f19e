"""tools/bench_doc.py: each tool of `make bench` redraws its own sections of docs/benchmarks.md, keeping the notes
written by hand and every section it does not draw."""
from __future__ import annotations

from tools import bench_bots, bench_doc


def test_redrawing_the_figures_keeps_the_notes_written_by_hand_and_the_next_section(tmp_path):
    doc = tmp_path / "benchmarks.md"
    doc.write_text("\n".join(["# Benchmarks", "", bench_bots.HEADING, "", "| old figures |", "", bench_doc.NOTES,
                              "How these rows were played: by hand.", "", "## Next section", "kept", ""]))
    bench_doc.write([bench_bots.HEADING, "", "| new figures |", ""], doc)
    text = doc.read_text()
    assert "| old figures |" not in text and "| new figures |" in text
    assert text.index("| new figures |") < text.index("How these rows were played: by hand.") < text.index(
        "## Next section")
    assert text.endswith("## Next section\nkept\n")
    doc.write_text(f"# Benchmarks\n\n{bench_bots.HEADING}\n\n| old figures |\n\n## Next section\n")
    bench_doc.write([bench_bots.HEADING, "", "| new figures |", ""], doc)  # no notes: the figures alone
    assert doc.read_text() == f"# Benchmarks\n\n{bench_bots.HEADING}\n\n| new figures |\n\n## Next section\n"


def test_the_whole_file_drawn_again_keeps_the_computer_players_section_and_its_notes(tmp_path):
    """`make bench` runs tools.bench (most of the file, headings with the day's date) and then bench_bots: the
    first must neither drop the second's section nor its notes, nor add a dated section twice."""
    doc = tmp_path / "benchmarks.md"
    doc.write_text("\n".join(["# Benchmarks", "", "Measured on day 1.", "", "## Push latency", "", "| 1 ms |", "",
                              "## Storage (measured on day 1)", "", "| 1 MB |", "", bench_bots.HEADING, "", "| 86% |",
                              "", bench_doc.NOTES, "How these rows were played.", ""]))
    bench_doc.write(["# Benchmarks", "", "Measured on day 2.", "", "## Push latency", "", "| 2 ms |", "",
                     "## Storage (measured on day 2)", "", "| 2 MB |", "", "## New measure", "", "| 3 |", ""], doc)
    text = doc.read_text()
    assert "Measured on day 2." in text and "Measured on day 1." not in text
    assert "| 2 ms |" in text and "| 1 ms |" not in text
    assert text.count("## Storage") == 1 and "## Storage (measured on day 2)" in text and "| 1 MB |" not in text
    assert "| 86% |" in text and "How these rows were played." in text
    assert text.index("## Push latency") < text.index("## Storage") < text.index(bench_bots.HEADING) < text.index(
        "## New measure")
