"""The spy library (spy.py) and the magnifying glass shape."""

from __future__ import annotations

import math

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Circle, Polyline

from tikz_fixtures import CM, close

BP = 72.27 / 72  # pt per bp


def test_spy_draws_the_spot_the_magnified_copy_and_the_connection_as_tex():
    # pgf manual's spy example (a Koch curve there, a line here); TeX (bp, y down, the picture's origin at
    # (-71.800785, -29.082031)): the spot a circle about (-26.4453, -37.58594) of radius 4.7246, very thin;
    # the window about (13.2383, -57.4297) of radius 14.1758, thick; the connection
    # M-22.2188-39.6992L.5625-51.0898; the copy maps (0,0) to (-122.824657, -31.917928)
    sc = parse_tikz(r"""\usetikzlibrary{spy}
    \begin{tikzpicture}[spy using outlines={circle, magnification=3, size=1cm, connect spies}]
      \draw (0,0) -- (2,0);
      \spy [red] on (1.6,0.3) in node at (3,1);
    \end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    o = np.array([-71.800785, -29.082031])

    def tex(x, y):
        return np.array([x - o[0], -(y - o[1])]) * BP

    spot, window = [p for p in sc.primitives if isinstance(p, Circle)]
    assert close(spot.center, tex(-26.4453, -37.58594), tol=0.01) and abs(spot.radius - 4.7246 * BP) < 0.01
    assert close(window.center, tex(13.2383, -57.4297), tol=0.01) and abs(window.radius - 14.1758 * BP) < 0.01
    assert spot.style.stroke == window.style.stroke == "#ff0000"
    assert (spot.style.stroke_width, window.style.stroke_width) == (0.2, 0.8)  # very thin, thick
    lines = [p for p in sc.primitives if isinstance(p, Polyline)]
    original, copy, connection = lines
    assert not original.clipped and copy.clipped and not connection.clipped
    assert close(copy.points, [tex(-122.824657, -31.917928), tex(-122.824657, -31.917928) + (6 * CM, 0)], tol=0.01)
    assert close(connection.points, [tex(-22.2188, -39.6992), tex(0.5625, -51.0898)], tol=0.01)


def test_spies_run_where_their_scope_ends_with_a_lens_a_named_window_and_its_own_sizes():
    sc = parse_tikz(r"""\usetikzlibrary{spy}
    \begin{tikzpicture}
      \begin{scope}[spy scope={rectangle, lens={scale=2, rotate=90}, size=2cm,
                     every spy on node/.style=draw, every spy in node/.style={draw, blue}}]
        \spy [width=1cm] on (1,0) in node (w) [right] at (3,0);
        \draw (0,0) -- (1,0);
      \end{scope}
      \draw (w.west) -- (w.east);
    \end{tikzpicture}""")
    lines = [p for p in sc.primitives if isinstance(p, Polyline)]
    drawn, spot, window, copy, after = lines
    assert not window.clipped and copy.clipped
    # the window: 1cm by 2cm, its west anchor at (3,0)
    assert (spot.style.stroke, window.style.stroke) == ("#000000", "#0000ff")
    assert close(after.points, [(3 * CM, 0), (4 * CM, 0)], tol=1e-6)
    # the copy: the line drawn after the \spy, turned by 90 degrees and doubled about (1,0) to the window's centre
    assert close(copy.points, [(3.5 * CM, -2 * CM), (3.5 * CM, 0)], tol=1e-6)
    # the spot: the window's size under the inverse lens (a half, turned back)
    xs, ys = spot.points[:, 0], spot.points[:, 1]
    assert close((xs.max() - xs.min(), ys.max() - ys.min()), (1 * CM, 0.5 * CM), tol=1e-6)


def test_spy_outside_a_spy_scope_is_reported():
    sc = parse_tikz(r"\begin{tikzpicture}\draw (0,0) -- (1,0); \spy on (0,0) in node at (1,1);\end{tikzpicture}")
    assert [d.construct for d in sc.diagnostics if d.code == "UNSUPPORTED"] == ["\\spy"]


def test_magnifying_glass_is_a_circle_with_a_handle_out_at_minus_45_degrees():
    # pgflibraryshapes.symbols: the foreground path from the radius (less the outer sep) at -45 degrees
    # to 1 + 1.5 radii
    sc = parse_tikz(r"""\usetikzlibrary{shapes.symbols}
    \tikz \node[magnifying glass, draw, minimum size=2cm, inner sep=0pt, outer sep=0pt] at (1,1) {};""")
    (circle,) = [p for p in sc.primitives if isinstance(p, Circle)]
    (handle,) = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert close(circle.center, (CM, CM)) and abs(circle.radius - CM) < 1e-6
    u = np.array([math.cos(math.radians(-45)), math.sin(math.radians(-45))])
    assert close(handle.points, [np.array([CM, CM]) + CM * u, np.array([CM, CM]) + 2.5 * CM * u], tol=1e-6)


def test_a_spy_scope_in_a_pic_keeps_the_pic_s_node_names():
    # the pic's code places its nodes under the pic's name ((-w) is A-w); the spy's window is one of them
    sc = parse_tikz(r"""\usetikzlibrary{spy}
    \tikzset{zoomed/.pic={
      \begin{scope}[spy using outlines={circle, magnification=2, size=1cm}]
        \draw (0,0) -- (1,0);
        \spy on (0.5,0) in node (-w) at (2,0);
      \end{scope}
      \node (-after) at (0,1) {x};}}
    \begin{tikzpicture}
      \pic (A) {zoomed};
      \draw (A-w) -- (A-after);
    \end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    names = {p.name for p in sc.primitives if p.name}
    assert {"A-w", "A-after"} <= names
