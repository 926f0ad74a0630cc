"""Inline math broken across the lines of a ``text width`` node (mathbreaks.py, fonts.wrap)
against latex + dvisvgm (TeX Live 2023, ``standalone``: ``\\tolerance`` 9999)."""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.fonts import metrics_available, wrap
from geoverify.frontends.tikz.mathbreaks import math_breaks
from geoverify.scene import Polyline

from tikz_fixtures import close

pytestmark = pytest.mark.skipif(not metrics_available(), reason="font metric table not generated")

CM = 72.27 / 2.54


def test_breaks_after_relations_and_binary_operators_at_the_outer_level():
    f = r"-a = b+{c+d}\left(e+f\right) + g \le h"
    assert [(f[:o][-2:], p) for o, p in math_breaks(f)] == [(" =", 500), ("b+", 700), (" +", 700), ("le", 500)]
    assert math_breaks(":=") == [] and math_breaks("a+") == []  # a relation before one; the end


@pytest.mark.parametrize("text, width, lines", [
    # a rel break, then a bin break: "holds" alone would be too loose a centred line
    (r"Then $a_1+b_1=c_1+d_1+e_1+f_1+g_1$ holds", 3 * CM,
     ["Then $a_1+b_1=$", "$c_1+d_1+e_1+$", "$f_1+g_1$ holds"]),
    (r"so $x+y+z+u+v+w$", 2 * CM, ["so $x+y+$", "$z+u+v+w$"]),  # the less bad lines
    (r"$x+y+z+u+v+w$", 1.9 * CM, ["$x+y+z+$", "$u+v+w$"]),
    (r"$a+b+c+d+e+f+g$", 3 * CM, ["$a+b+c+d+e+f+g$"]),  # 22.8 pt too long: 12 medmuskips shrink 26.7 pt
])
def test_centred_lines_break_where_tex_breaks_them(text, width, lines):
    assert wrap(text, width, 10.0, align="center") == lines


def test_node_height_counts_the_lines_of_broken_math():
    # the boxes TeX draws: 91.6797 x 39.4063 bp (three lines) and 63.3360 x 25.2382 bp (two)
    sc = parse_tikz(r"""\node[draw, text width=3cm, align=center] at (0,0)
        {Then $a_1+b_1=c_1+d_1+e_1+f_1+g_1$ holds};
    \node[draw, text width=2cm, align=center] at (5,0) {so $x+y+z+u+v+w$};""")
    bp = 72 / 72.27
    sizes = [(p.points.max(0) - p.points.min(0)) * bp for p in sc.primitives if isinstance(p, Polyline)]
    assert close(sizes[0], (91.6797, 39.4063), tol=3e-3)
    assert close(sizes[1], (63.3360, 25.2382), tol=3e-3)
