"""Text around the pictures of a fragment (geoverify.frontends.tikz.prose)."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import TextLabel

from .tikz_fixtures import CM


def _labels(sc):
    return [(p.panel, p.text, p.box) for p in sc.primitives if isinstance(p, TextLabel)]


def test_text_before_a_picture_ends_at_its_bounding_box_and_text_after_it_is_a_page():
    # latex + dvisvgm (standalone, tikz): "Left of picture" starts 62.9076 bp (63.1435 pt) left of
    # the use-as-bounding-box rectangle's left line (the line beyond it does not count), its
    # baseline half a line width (0.2 pt) below the rectangle's bottom; "right of picture." is
    # a page of its own
    sc = parse_tikz(r"""Left of picture\begin{tikzpicture}
      \draw[use as bounding box] (2,0) rectangle (3,1);
      \draw (1,0) -- (4,.75);
    \end{tikzpicture}right of picture.""")
    assert not sc.diagnostics
    (p0, t0, b0), (p1, t1, _) = _labels(sc)
    assert (p0, t0, p1, t1) == (0, "Left of picture", 1, "right of picture.")
    assert 2 * CM - b0[0] == pytest.approx(63.1435, abs=0.01)
    assert b0[2] == pytest.approx(2 * CM - 0.2) and b0[1] + 1.94445 == pytest.approx(-0.2, abs=1e-4)


def test_a_blank_before_the_picture_is_an_interword_space_and_trim_left_moves_its_edge():
    # "A sine \tikz ...": 3.33 pt between the text and the curve's box (its left edge half a
    # line width left of x = 0); "trim left" puts the picture's left edge at x = 0 (a "%" leaves
    # no blank)
    sc = parse_tikz(r"A sine \tikz \draw[x=1ex,y=1ex] (0,0) sin (1.57,1); curve.")
    (_, t0, b0), (p1, t1, _) = _labels(sc)
    assert (t0, p1, t1) == ("A sine", 1, "curve.")
    assert b0[2] == pytest.approx(-0.2 - 3.33334, abs=1e-4)
    sc = parse_tikz("Before.%\n\\begin{tikzpicture}[trim left] \\draw (-1,-1) grid (1,1); \\end{tikzpicture}%\n")
    ((_, t0, b0),) = _labels(sc)
    assert t0 == "Before." and b0[2] == pytest.approx(0.0)
    assert b0[1] == pytest.approx(-CM - 0.2, abs=1e-3)  # no descender: the box starts on the baseline


def test_a_blank_after_a_sentences_end_has_the_extra_space():
    # latex + dvisvgm: "Top align:" starts 48.6126 pt left of the rectangle's box (its line 0.2 pt
    # further): 44.1668 of text, the interword space 3.3333 and cmr10's extra space 1.1111 after ":"
    sc = parse_tikz("Top align:\n\\tikz \\draw (0,0) rectangle (1cm,1ex);")
    ((_, t0, b0),) = _labels(sc)
    assert t0 == "Top align:" and -0.2 - b0[0] == pytest.approx(48.6126, abs=0.01)


@pytest.mark.parametrize("text", [
    r"Some \textbf{bold} words \tikz \draw (0,0) -- (1,0);",   # a command in the text
    "One\n\nTwo \\tikz \\draw (0,0) -- (1,0);",                       # a paragraph break
    "\\documentclass{article}\\usepackage{tikz}\\begin{document}Words \\tikz \\draw (0,0) -- (1,0);"
    " after\\end{document}",                                           # not standalone's pages
])
def test_text_that_is_not_plain_words_on_standalone_pages_is_left_out(text):
    sc = parse_tikz(text)
    assert not _labels(sc)
    assert {p.panel for p in sc.primitives} == {0}
    assert np.allclose(sc.primitives[0].points / CM, [[0, 0], [1, 0]])


def _left_out_notes(sc):
    return [d for d in sc.diagnostics if d.construct == "text"]


@pytest.mark.parametrize("text, begins", [
    ("\\documentclass{standalone}\\usepackage{tikz-cd}\\begin{document}"
     "\\begin{tikzcd} A \\arrow[r] & B \\end{tikzcd}\n\\textbf{So} $g\\circ f=k\\circ h$\n\\end{document}",
     "\\textbf So $g\\circ f=k\\circ h$"),
    ("\\documentclass{article}\\usepackage{tikz}\\begin{document}\\begin{figure}\\centering"
     "\\begin{tikzpicture}\\draw (0,0) -- (1,0);\\end{tikzpicture}\\caption{A line}\\end{figure}\\end{document}",
     "\\centering \\caption A line"),
    (r"Some \textbf{bold} words \tikz \draw (0,0) -- (1,0);", "Some \\textbf bold words"),
])
def test_text_left_out_is_noted_without_making_the_scene_partial(text, begins):
    sc = parse_tikz(text)
    notes = _left_out_notes(sc)
    assert len(notes) == 1 and notes[0].code == "NOTE"
    assert f'begins "{begins}"' in notes[0].message
    assert not sc.partial


@pytest.mark.parametrize("text", [
    "Left \\tikz \\draw (0,0) -- (1,0); right.",                       # set beside the picture and after it
    "\\documentclass[tikz]{standalone}\\begin{document}\\begin{tikzpicture}\\draw (0,0) -- (1,0);"
    "\\end{tikzpicture}\\end{document}",                               # no text at all
])
def test_text_that_is_set_or_absent_is_not_noted(text):
    assert not _left_out_notes(parse_tikz(text))


def test_a_standalone_page_without_the_tikz_option_is_one_line_with_math_and_spaces():
    # latex + dvisvgm (standalone without options): the pictures sit on the line's baseline, the
    # text after a picture starts at its right edge after the blanks and skips (here an
    # interword space; \, and the blank after it), math included
    sc = parse_tikz(r"""\documentclass{standalone}\usepackage{tikz}\begin{document}
    Left \begin{tikzpicture}\draw (0,0) rectangle (2,1);\end{tikzpicture} right $x^2$ \quad end.
    \begin{tikzpicture}[baseline=0.5cm]\draw (0,0) circle (0.5);\end{tikzpicture}\, after
    \end{document}""")
    assert not sc.diagnostics
    (p0, t0, b0), (p1, t1, b1), (p2, t2, b2) = _labels(sc)
    assert (p0, t0, p1, t1, p2, t2) == (0, "Left", 0, "right $x^2$ \\quad end.", 1, "after")
    assert b0[2] == pytest.approx(-0.2 - 3.33333, abs=1e-3)      # left edge, interword space
    assert b1[0] == pytest.approx(2 * CM + 0.2 + 3.33333, abs=1e-3)
    assert b1[1] == pytest.approx(-0.2 - 1.94, abs=0.01)          # baseline on the bottom (depth of p)
    assert b2[0] == pytest.approx(0.5 * CM + 0.2 + 1.66667 + 3.33333, abs=1e-3)
    assert b2[1] == pytest.approx(0.5 * CM, abs=1e-3)             # baseline=0.5cm


def test_an_equation_after_a_commutative_diagram_is_set_on_its_middle():
    # latex + dvisvgm: tikz-cd's diagram is centred on the line; the equation after \qquad
    # starts 84.81 pt right of A's left edge (-3.75 pt), its baseline at the matrix's centre
    sc = parse_tikz(r"""\documentclass[border=5pt]{standalone}\usepackage{tikz-cd}\begin{document}
    \begin{tikzcd}[row sep=large, column sep=large]
    A \arrow[r, "f"] \arrow[d, "h"'] & B \arrow[d, "g"] \\
    C \arrow[r, "k"'] & D
    \end{tikzcd}
    \qquad
    $g \circ f = k \circ h$
    \end{document}""")
    assert not sc.diagnostics
    panel, text, box = _labels(sc)[-1]
    assert (panel, text) == (0, "$g \\circ f = k \\circ h$")
    assert box[0] == pytest.approx(84.81, abs=0.3)
    assert box[1] + 1.94 == pytest.approx(-19.66, abs=0.05)       # baseline (the depth of g is 1.94)
