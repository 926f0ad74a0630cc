"""The ``.estyle`` and ``.prefix style`` key handlers (pgfkeys): a redefinition replaces the
style, a prefix goes before its keys. Checked with pdflatex + dvisvgm: the three lines below
run from (0,0) to 2cm, from (0,2cm) to (2cm,2cm) and from (2cm,0) to (4cm,0)."""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

from tikz_fixtures import CM


def test_estyle_replaces_and_prefix_style_comes_first():
    sc = parse_tikz(r"""\begin{tikzpicture}
\tikzset{cp/.estyle={cm={1,0,0,1,(0,0)}}}
\tikzset{cp/.prefix style={scale=2}}
\draw[cp] (0,0) -- (1,0);
\tikzset{cp/.estyle={cm={1,0,0,1,(0,0)}}}
\tikzset{cp/.prefix style={scale=2}}
\draw[cp] (0,1) -- (1,1);
\tikzset{q/.style={cm={1,0,0,1,(1,0)}}, q/.prefix style={scale=2}}
\draw[q] (0,0) -- (1,0);
\end{tikzpicture}""")
    lines = [p.points / CM for p in sc.primitives if isinstance(p, Polyline)]
    # the second prefix does not add to the first (the .estyle starts the style afresh)
    assert lines[1].ravel() == pytest.approx([0, 2, 2, 2], abs=1e-9)
    # scale=2 before the style's shift by 1cm: the shift is scaled too
    assert lines[2].ravel() == pytest.approx([2, 0, 4, 0], abs=1e-9)
    assert lines[0].ravel() == pytest.approx([0, 0, 2, 0], abs=1e-9)


def test_estyle_expands_its_value_when_defined():
    sc = parse_tikz(r"""\begin{tikzpicture}
\def\s{2}
\tikzset{w/.estyle={xscale=\s}}
\def\s{5}
\draw[w] (0,0) -- (1,0);
\end{tikzpicture}""")
    (line,) = [p.points / CM for p in sc.primitives if isinstance(p, Polyline)]
    assert line.ravel() == pytest.approx([0, 0, 2, 0], abs=1e-9)
