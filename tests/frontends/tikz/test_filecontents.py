"""LaTeX's ``filecontents`` environment read by pgfplots' ``\\addplot table {file}``.

The plot below was compiled with pdflatex + dvisvgm; the native polyline and the
TeX one agree to 0.01 pt after alignment.
"""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Polyline

DOC = r"""\documentclass{standalone}
\usepackage{pgfplots}
\begin{filecontents}[overwrite]{gvdata.dat}
x y
0 0
1 2
3 1
\end{filecontents}
\begin{document}
\begin{tikzpicture}
\begin{axis}[width=6cm]
\addplot table [x=x, y=y] {%s};
\end{axis}
\end{tikzpicture}
\end{document}
"""


def _blue(sc):
    return [p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#0000ff"]


def test_table_reads_the_file_filecontents_wrote():
    sc = parse_tikz(DOC % "gvdata.dat")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    (line,) = _blue(sc)
    # x 0..3 and y 0..2 fill the 125.72 x 102.31 pt box less the 5 % enlargement at each end
    assert line.ravel() == pytest.approx([10.476, 8.52, 45.398, 93.723, 115.24, 51.122], abs=2e-3)


def test_a_file_nobody_wrote_is_reported_and_not_read_as_inline_rows():
    sc = parse_tikz(DOC % "other.dat")
    assert any(d.code == "UNSUPPORTED" and "other.dat" in d.message for d in sc.diagnostics)
    assert not _blue(sc)


def test_rows_keep_their_line_breaks_and_the_header_line_is_not_data():
    sc = parse_tikz((DOC % "gvdata.dat").replace("x y\n", "% a comment\nx y\n"))
    (line,) = _blue(sc)
    assert len(line) == 3
