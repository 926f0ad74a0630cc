"""A label placed beside its point by hand names the drawn point there, in check and in mining."""

import numpy as np
import pytest

from geoverify.frontends.asy import parse_asy
from geoverify.matching import extract_features
from geoverify.matching.snapping import SNAP_REL, snap_index

# Two altitudes crossing at (1, 1); the label H is nudged 0.2 below the crossing, along one altitude.
_FIGURE = """unitsize(1cm);
pair B = (0,0), C = (3,0), A = (1,2), H = (1,1);
draw(A--B--C--cycle); draw(A--(1,0)); draw(B--(1.6,1.6));
label("$A$", A, N); label("$B$", B, W); label("$H$", H+(0,-0.2), SW);
label("$K$", (2.2,0.9));
"""


def test_label_nudged_along_a_stroke_names_the_crossing(bound_point):
    b = bound_point(parse_asy(_FIGURE), "H")
    unit = 72 / 2.54
    assert b.status == "bound"
    np.testing.assert_allclose(b.point, [unit, unit], atol=1e-6)


def test_label_at_its_point_stays(bound_point):
    b = bound_point(parse_asy(_FIGURE), "A")
    np.testing.assert_allclose(b.point, [72 / 2.54, 2 * 72 / 2.54], atol=1e-6)


def test_label_far_from_every_drawn_point_names_its_anchor():
    scene = parse_asy(_FIGURE)
    f = extract_features(scene)
    k = next(lab for _, lab, norm in f.labels if norm == "K")
    drawn = f.points[f.point_kind != 3]
    assert np.hypot(*(drawn - k.anchor).T).min() > SNAP_REL * f.scale
    assert snap_index(f, k.anchor) is None
    far = k.anchor + np.array([0.0, 10 * f.scale])
    assert snap_index(f, far) is None


@pytest.mark.parametrize("fmt_attached", [False])
def test_svg_text_is_never_snapped(fmt_attached):
    from geoverify.frontends.svg import parse_svg

    scene = parse_svg('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">'
                      '<path d="M10 90 L90 90" stroke="black"/><text x="50" y="80">M</text></svg>')
    f = extract_features(scene)
    assert f.attached_labels is fmt_attached
    assert snap_index(f, np.array([50.0, 20.0])) is None


def test_names_undrawn_point_only_when_nothing_is_drawn_at_or_near_the_anchor():
    from geoverify.matching.snapping import names_undrawn_point

    f = extract_features(parse_asy(_FIGURE))
    labels = {norm: lab for _, lab, norm in f.labels}
    assert names_undrawn_point(f, labels["K"].anchor)          # (2.2, 0.9): nothing drawn near
    assert not names_undrawn_point(f, labels["A"].anchor)      # a vertex
    assert not names_undrawn_point(f, labels["H"].anchor)      # on an altitude, beside the crossing


# A dot node labelled on its border (TikZ label=), with the ends of braces raised 2pt off the same points:
# those ends stand nearer the labels' anchors than the dots' centres do.
_DOTS_AND_BRACES = r"""\begin{tikzpicture}[scale=3]
\tikzset{point/.style={circle,fill,inner sep=1.2pt}}
\usetikzlibrary{decorations.pathreplacing}
\draw (0,0) -- (1,0) -- (1,1);
\draw[decorate, decoration={brace, amplitude=4pt, raise=2pt}] (1,1) -- (1,0);
\draw[decorate, decoration={brace, amplitude=4pt, mirror, raise=2pt}] (0,0) -- (1,0);
\node[point, label=above right:$P$] at (1,1) {};
\node[point, label={[xshift=2mm]below:$Q$}] at (1,0) {};
\node[point, label=below left:$O$] at (0,0) {};
\end{tikzpicture}"""


@pytest.mark.parametrize("name, where", [("P", (1, 1)), ("Q", (1, 0)), ("O", (0, 0))])
def test_a_label_on_a_dots_border_names_the_dot_not_a_stroke_end_beside_it(bound_point, name, where):
    from geoverify.frontends.tikz import parse_tikz

    b = bound_point(parse_tikz(_DOTS_AND_BRACES), name)
    unit = 3 * 72.27 / 2.54
    assert b.status == "bound"
    np.testing.assert_allclose(b.point, np.array(where) * unit, atol=1e-6)


def test_an_anchor_touches_a_dot_within_its_outline_only():
    from geoverify.frontends.tikz import parse_tikz
    from geoverify.matching.snapping import DOT_TOUCH_RADII, _touched_dot

    f = extract_features(parse_tikz(_DOTS_AND_BRACES))
    k = int(np.flatnonzero(f.point_kind == 0)[0])          # a dot
    r = float(f.point_radius[k])
    assert r > 0 and (f.point_radius[f.point_kind != 0] == 0).all()
    inside = f.points[k] + np.array([DOT_TOUCH_RADII * r * 0.99, 0.0])
    assert snap_index(f, inside) == k
    beside = f.points[k] + np.array([0.0, 1.1 * DOT_TOUCH_RADII * r])   # just off its outline: not touching
    assert _touched_dot(f, beside, 0.0) is None


# A focus marked by a dot on the y axis, its label set by hand up and left of it (not attached to
# the dot), where the end of the axis' tick at y=1 stands a little nearer the label than the dot.
_MARKED_FOCUS = r"""\begin{tikzpicture}
\draw (0,-1) -- (0,3);  \draw (-0.075,1) -- (0,1);
\fill (0,1) circle (1.8pt);
\node[anchor=east] at (-0.05,1.15) {$F$};
\end{tikzpicture}"""


def test_a_label_beside_a_dot_names_the_dot_not_a_nearer_tick_end(bound_point):
    from geoverify.frontends.tikz import parse_tikz

    scene = parse_tikz(_MARKED_FOCUS)
    f = extract_features(scene)
    anchor = next(lab for _, lab, norm in f.labels if norm == "F").anchor
    drawn = f.points[np.isin(f.point_kind, (0, 1, 2))]
    d = np.hypot(*(drawn - anchor).T)
    cm = 72.27 / 2.54
    assert d.min() < np.hypot(0.05, 0.15) * cm - 0.1     # something nearer than the dot: the tick's end
    b = bound_point(scene, "F")
    np.testing.assert_allclose(b.point, [0.0, cm], atol=1e-6)


# Text nodes as a square's corners, its sides drawn between the nodes (each line stops on two borders).
_NODE_SQUARE = r"""\begin{tikzpicture}[node distance=3cm]
\node (A) {$A$}; \node[right=of A] (B) {$B$}; \node[above=of B] (C) {$C$}; \node[above=of A] (D) {$D$};
\draw (A) -- (B) -- (C) -- (D) -- (A);
\end{tikzpicture}"""


def _square_task():
    from geoverify.ir import task_from_dict

    pts = {"A": [0, 0], "B": [1, 0], "C": [1, 1], "D": [0, 1]}
    objects = [{"id": k, "type": "point", "coords": v, "labels": [k]} for k, v in pts.items()]
    objects += [{"id": "AB", "type": "segment", "through": ["A", "B"]},
                {"id": "sq", "type": "polygon", "vertices": ["A", "B", "C", "D"]}]
    return task_from_dict({"schema_version": "1.0", "id": "t", "discipline": "geometry", "prompt": "p",
                           "objects": objects,
                           "predicates": [{"id": "p", "kind": "hard", "check": {"op": "drawn", "object": "sq"}}]})


def test_text_nodes_that_lines_are_drawn_to_are_the_points_at_their_centres():
    from geoverify.frontends.tikz import parse_tikz
    from geoverify.matching.binding import bind

    scene = parse_tikz(_NODE_SQUARE)
    out = bind(_square_task(), scene, extract_features(scene))
    centres = {lab.text.strip("$"): 0.5 * (lab.box[:2] + lab.box[2:]) for _, lab in scene.labels}
    for name in "ABCD":
        np.testing.assert_allclose(out[name].point, centres[name], atol=1e-6)
    # B is anchored on its west side (right=of A): its anchor is not the point
    assert np.hypot(*(next(lab for _, lab in scene.labels if lab.text == "$B$").anchor - centres["B"])) > 5
    # the sides stop on the nodes' borders: drawn all the same
    assert out["AB"].drawn and out["sq"].drawn


def test_a_label_above_a_corner_an_altitude_points_at_names_the_corner(bound_point):
    from geoverify.frontends.tikz import parse_tikz

    scene = parse_tikz(r"""\begin{tikzpicture}
    \draw (0,0) -- (6,0) -- (1.8,4.2) -- cycle; \draw[dashed] (1.8,4.2) -- (1.8,0);
    \node[above] at (1.8,4.2) {$C$};
    \end{tikzpicture}""")
    cm = 72.27 / 2.54
    np.testing.assert_allclose(bound_point(scene, "C").point, [1.8 * cm, 4.2 * cm], atol=1e-6)
