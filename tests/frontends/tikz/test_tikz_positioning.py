"""The positioning library: distances under ``transform shape`` and an ``at`` after ``above=of``.

Numbers from pdflatex + dvisvgm runs of the same snippets (pt).
"""

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.positioning import places_node
from geoverify.scene.primitives import Polyline

CM = 72.27 / 2.54
BOX = r"draw, minimum size=10pt, inner sep=0pt, outer sep=0pt"


def _boxes(src):
    return [p.bbox() for p in parse_tikz(src).primitives if isinstance(p, Polyline)]


def test_transform_shape_scales_the_node_distance_not_the_node_scale():
    # TeX: right=1cm of a under scale=2 with transform shape is 2cm, the node's own
    # scale=0.5 does not shorten it (the box is 10pt: 2 x 0.5 x 10pt)
    a, b = _boxes(r"""\begin{tikzpicture}[scale=2, every node/.style={transform shape}]
\node[%s] (a) at (0,0) {};
\node[%s, scale=0.5, right=1cm of a] (b) {};
\end{tikzpicture}""" % (BOX, BOX))
    assert np.allclose(a, (-10, -10, 10, 10))
    assert np.allclose(b, (10 + 2 * CM, -5, 20 + 2 * CM, 5))


def test_without_transform_shape_the_distance_is_not_scaled():
    a, b = _boxes(r"""\begin{tikzpicture}[scale=2]
\node[%s] (a) at (0,0) {};
\node[%s, right=1cm of a] (b) {};
\end{tikzpicture}""" % (BOX, BOX))
    assert np.allclose(b, (5 + CM, -5, 15 + CM, 5))


def test_at_after_placement_moves_the_base_point():
    # TeX: "above=1cm of a" then "at (3,0)": anchor south at (3,0) + (0,1cm);
    # "at (3,-2)" before "[above=1cm of a]": above a; "right=2cm of a] at (0,-3) [red]":
    # anchor west at (0,-3) + (2cm,0)
    _, b, c, d = _boxes(r"""\begin{tikzpicture}
\node[%s] (a) at (0,0) {};
\node[%s, above=1cm of a] at (3,0) (b) {};
\node[%s] at (3,-2) [above=1cm of a] (c) {};
\node[%s, right=2cm of a] at (0,-3) [red] (d) {};
\end{tikzpicture}""" % (BOX, BOX, BOX, BOX))
    assert np.allclose(b, (3 * CM - 5, CM, 3 * CM + 5, CM + 10))
    assert np.allclose(c, (-5, 5 + CM, 5, 15 + CM))
    assert np.allclose(d, (2 * CM, -3 * CM - 5, 2 * CM + 10, -3 * CM + 5))


def test_places_node():
    assert places_node("draw, above=of a") and places_node("right=1cm of b") and places_node("below of=c")
    assert places_node("on chain") and not places_node("above=2pt, red") and not places_node("above")


def test_old_of_syntax_reads_the_node_distance_set_after_it():
    # tikz@of reads the node distance when the node is placed: one set later in the options,
    # also through a style, counts (TeX: 2 cm down, 3 cm right, 1 cm at 45 degrees)
    sc = parse_tikz(r"""\begin{tikzpicture}[far/.style={node distance=2cm}]
      \node (a) {A};
      \node[below of=a, far] (b) {B};
      \node[right of=b, node distance=3cm] (c) {C};
      \node[above right of=c] (d) {D};
      \draw (a.center) -- (b.center) -- (c.center) -- (d.center);
    \end{tikzpicture}""")
    line = [p for p in sc.primitives if isinstance(p, Polyline)][0].points / CM
    assert np.allclose(line, [(0, 0), (0, -2), (3, -2), (3 + 0.5 ** 0.5, -2 + 0.5 ** 0.5)], atol=1e-6)


def test_base_and_mid_placements_and_a_node_distance_in_the_nodes_font():
    # tikzlibrarypositioning: base right=of X puts the new node's base west a node distance
    # right of X's base east (mid left: mid east to mid west); node distance=1ex is read
    # where the node is placed, in \huge (8.928 pt). latex + dvisvgm's boxes (bp, y up):
    # X [32.6836, 4.2148]-[59.6406, 30.9688], a [68.9336, 4.2148]-[91.047, 25.7461],
    # y [100.3398, 0.1992]-[122.9884, 25.7461], b [0.1993, 4.2148]-[23.3868, 31.1992]
    sc = parse_tikz(r"""\begin{tikzpicture}[node distance=1ex]
      \huge
      \node[draw] (X) at (0,0) {X};
      \node[draw] (a) [base right=of X] {a};
      \node[draw] (y) [base right=of a] {y};
      \node[draw] (b) [mid left=of X] {b};
    \end{tikzpicture}""")
    assert not sc.diagnostics
    boxes = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    tex = np.array([[32.6836, 4.2148, 59.6406, 30.9688], [68.9336, 4.2148, 91.047, 25.7461],
                    [100.3398, 0.1992, 122.9884, 25.7461], [0.1993, 4.2148, 23.3868, 31.1992]])
    native = np.array([[*b.min(axis=0), *b.max(axis=0)] for b in boxes])
    rel_tex = (tex - tex[0, [0, 1, 0, 1]]) * 72.27 / 72
    rel_native = native - native[0, [0, 1, 0, 1]]
    assert np.allclose(rel_native, rel_tex, atol=0.12)  # (cmr17's glyph widths at \huge: within 0.1 pt)
    assert np.isclose(rel_native[1, 0] - rel_native[0, 2], (68.9336 - 59.6406) * 72.27 / 72, atol=0.01)
