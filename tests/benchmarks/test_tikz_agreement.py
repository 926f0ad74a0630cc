"""The label comparison of ``benchmarks/tikz_agreement.py``: labels turned upside down.

A label turned by 180 degrees has the box of an upright one; TeX's run of it starts at
the right end of its box, on its top. The native label's frame says where its text
starts; a TeX run must start there (within 0.5 % of the figure's size).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import TextLabel

from .conftest import load_benchmark

HERE = Path(__file__).resolve().parent
BP = 72 / 72.27  # bp per pt


@pytest.fixture(scope="module")
def bench():
    return load_benchmark("tikz_agreement")


def _rendered(bench, start, turned=True):
    """dvisvgm-like SVG (bp, y down) of the line (0,0)--(4cm,0) and "6" starting at ``start`` (pt, y up)."""
    x, y = start[0] * BP, -start[1] * BP
    m = f"matrix(-1 0 0 -1 {x:.4f} {y:.4f})" if turned else f"matrix(1 0 0 1 {x:.4f} {y:.4f})"
    svg = (f"<svg xmlns='http://www.w3.org/2000/svg' width='120pt' height='60pt' viewBox='-5 -50 120 60'>"
           f"<path d='M0 0H113.3858' stroke='#000' fill='none' stroke-width='.3985'/>"
           f"<text font-family='cmr10' font-size='9.9626' x='0' y='0' transform='{m}'>6</text></svg>")
    return bench.parse_rendered(svg)


def test_an_upside_down_label_is_found_where_its_frame_starts_it(bench):
    native = parse_tikz(r"\tikz{\draw (0,0) -- (4,0); \node[rotate=180] at (2,1) {6};}")
    (lab,) = [p for p in native.primitives if isinstance(p, TextLabel)]
    start = lab.frame[:, 2]
    assert lab.frame[0, 0] == pytest.approx(-1.0) and start[0] > (lab.box[0] + lab.box[2]) / 2
    ok, cause, details = bench.align_and_compare(native, _rendered(bench, start), 0)
    assert ok, (cause, details)
    size = details["size"]
    # the run moved by 1 % of the figure's size along the baseline, or set upright, does not agree
    moved = (start[0] + 0.01 * size / BP, start[1])
    assert bench.align_and_compare(native, _rendered(bench, moved), 0)[1] == "text position mismatch"
    assert bench.align_and_compare(native, _rendered(bench, start, turned=False), 0)[1] == "text position mismatch"


def _text_only(bench, runs):
    """dvisvgm-like SVG (bp, y down) of text runs only: ``(text, start (pt, y up), degrees)`` each."""
    import math

    out = []
    for text, (x, y), deg in runs:
        c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
        # y down: a counter-clockwise turn on the page is matrix(c, -s, s, c)
        out.append(f"<text font-family='cmr10' font-size='9.9626' x='0' y='0' "
                   f"transform='matrix({c:.6f} {-s:.6f} {s:.6f} {c:.6f} {x * BP:.4f} {-y * BP:.4f})'>{text}</text>")
    return bench.parse_rendered("<svg xmlns='http://www.w3.org/2000/svg' width='200pt' height='200pt' "
                                "viewBox='-100 -100 200 200'>" + "".join(out) + "</svg>")


def test_a_picture_of_turned_text_only_is_aligned_by_where_its_runs_start(bench):
    # No drawn geometry: the translation comes from the text. Turned labels are matched by where
    # their frames start their text, as TeX's runs are placed (not by their boxes' corners).
    native = parse_tikz(r"\tikz{\node[rotate=60] at (0,0) {abc}; \node[rotate=-30] at (2,1) {de};"
                        r" \node[rotate=100] at (1,2) {f};}")
    labels = [p for p in native.primitives if isinstance(p, TextLabel)]
    deg = {"abc": 60, "de": -30, "f": 100}
    shift = __import__("numpy").array([13.0, -7.0])  # the page's origin is anywhere
    runs = [(lab.text, tuple(lab.frame[:, 2] + shift), deg[lab.text]) for lab in labels]
    ok, cause, details = bench.align_and_compare(native, _text_only(bench, runs), 0)
    assert ok, (cause, details)
    # one run moved off its label's box (by 10 % of the figure) does not agree
    (text, (x, y), d), rest = runs[0], runs[1:]
    moved = [(text, (x + 0.1 * details["size"] / BP, y), d)] + rest
    assert bench.align_and_compare(native, _text_only(bench, moved), 0)[1] == "text position mismatch"


def test_the_native_side_reads_the_preamble_tex_compiles_a_code_example_with(bench):
    # A pgf manual code example names its preamble in a comment; TeX compiles it with that preamble,
    # so the native front-end must read it too: with arrows.meta loaded ">" is To (the line stops
    # 0.40pt short for 0.4pt lines), without it pgf's core to (0.46pt short).
    example = ("% codeexample options: [preamble={\\usetikzlibrary{arrows.meta}}]\n"
               "\\tikz \\draw[->] (0,0) -- (1,0);")
    assert bench.native_source(example).startswith("\\usetikzlibrary{arrows.meta}\n")
    (line,) = [p for p in parse_tikz(bench.native_source(example)).primitives if type(p).__name__ == "Polyline"]
    assert float(line.points[-1][0]) == pytest.approx(28.4528 - 0.40, abs=0.005)
    document = "\\documentclass{standalone}\\usepackage{tikz}\\begin{document}\\tikz \\draw (0,0) -- (1,0);\\end{document}"
    assert bench.native_source(document) == document
    assert bench.native_source("\\tikz \\draw (0,0) -- (1,0);") == "\\tikz \\draw (0,0) -- (1,0);"


def test_the_speed_printed_is_the_timing_pass_not_the_comparisons(bench, tmp_path, monkeypatch, capsys):
    """Figures are timed in a pass of their own, before the comparisons (which interpret
    once, untimed): the printed speed is that pass's, whatever a comparison worker measured."""
    corpus = tmp_path / "corpus" / "source"
    corpus.mkdir(parents=True)
    (corpus / "a.tex").write_text("\\begin{tikzpicture}\\draw (0,0) -- (1,1);\\end{tikzpicture}\n")
    timed, compared = [], []

    def fake_time(path, repeat):
        timed.append(repeat)
        return 0.25

    def fake_process(args):
        compared.append(args[4])
        return {"file": args[0], "source": "source", "tkz": False, "bytes": 1000, "native": "ok",
                "seconds": 9.0, "compiled": False, "compile_reason": "test"}

    monkeypatch.setattr(bench, "time_native", fake_time)
    monkeypatch.setattr(bench, "process", fake_process)
    monkeypatch.setattr(bench.shutil, "which", lambda name: "/usr/bin/" + name)
    assert bench.main([str(tmp_path / "corpus"), "--jobs", "1", "--repeat", "3",
                       "--cache", str(tmp_path / "cache")]) == 0
    out = capsys.readouterr().out
    assert timed == [3] and compared == [1]
    assert "median 250.00 ms per figure; 4 KB/s of source overall" in out
    assert re.search(r"host reference: \d+ ms before the timing, \d+ ms after it,", out)


def test_a_figure_is_timed_until_its_error(bench, tmp_path):
    good = tmp_path / "good.tex"
    good.write_text("\\begin{tikzpicture}\\draw (0,0) -- (1,1);\\end{tikzpicture}\n")
    bad = tmp_path / "bad.tex"
    bad.write_text("\\begin{tikzpicture}\\draw (0,0) -- (1,1);\n")   # never ended
    assert 0 < bench.time_native(str(good), 2) < 5
    assert 0 <= bench.time_native(str(bad), 2) < 5
