"""Styles, arrows, transformations, scopes, markings, panels and diagnostics."""

from __future__ import annotations

import math

import numpy as np
import pytest

from geoverify.errors import UnsupportedConstructError
from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Arc, Arrow, BezierPath, Circle, Ellipse, Polyline, TextLabel

from tikz_fixtures import CM, MM, close, only


@pytest.mark.parametrize("key, width", [
    ("ultra thin", 0.1), ("very thin", 0.2), ("thin", 0.4), ("semithick", 0.6), ("thick", 0.8),
    ("very thick", 1.2), ("ultra thick", 1.6), ("line width=2pt", 2.0), ("line width=1mm", 72.27 / 25.4),
])
def test_line_widths(key, width):
    p = only(parse_tikz(r"\draw[%s] (0,0) -- (1,0);" % key), Polyline)
    assert p.style.stroke_width == pytest.approx(width)


def test_default_line_width_and_colour():
    p = only(parse_tikz(r"\draw (0,0) -- (1,0);"), Polyline)
    assert p.style.stroke_width == pytest.approx(0.4) and p.style.stroke == "#000000" and p.style.fill is None


@pytest.mark.parametrize("spec, hexa", [
    ("red", "#ff0000"), ("red!50!black", "#800000"), ("blue!20", "#ccccff"), ("-red", "#00ffff"),
    ("{rgb,255:red,10;green,20;blue,30}", "#0a141e"), ("green!50!blue!50", "#80bfbf"),
])
def test_colours(spec, hexa):
    p = only(parse_tikz(r"\draw[color=%s] (0,0) -- (1,0);" % spec), Polyline)
    assert p.style.stroke == hexa


def test_definecolor_and_fill_opacity():
    sc = parse_tikz(r"""\definecolor{mine}{RGB}{255,128,0}
    \filldraw[fill=mine, draw=blue, opacity=0.5] (0,0) rectangle (1,1);""")
    p = only(sc, Polyline)
    assert p.style.fill == "#ff8000" and p.style.stroke == "#0000ff" and p.style.opacity == pytest.approx(0.5)


def test_fill_only_has_no_stroke():
    p = only(parse_tikz(r"\fill[red] (0,0) rectangle (1,1);"), Polyline)
    assert p.style.fill == "#ff0000" and p.style.stroke is None


@pytest.mark.parametrize("key, dash", [("dashed", (3.0, 3.0)), ("dotted", (0.4, 2.0)),
                                       ("dash pattern=on 2pt off 1pt", (2.0, 1.0)),
                                       ("dashdotted", (3.0, 2.0, 0.4, 2.0)),
                                       ("loosely dashdotdotted", (3.0, 4.0, 0.4, 4.0, 0.4, 4.0))])
def test_dashes(key, dash):
    p = only(parse_tikz(r"\draw[%s] (0,0) -- (1,0);" % key), Polyline)
    assert p.style.dash == pytest.approx(dash)


@pytest.mark.parametrize("spec, ends", [
    ("->", ["end"]), ("<-", ["start"]), ("<->", ["end", "start"]), ("-stealth", ["end"]),
    ("-latex", ["end"]), ("-{Stealth[length=3mm]}", ["end"]), ("|->", ["end"]), ("-|", []),
])
def test_arrow_specs(spec, ends):
    sc = parse_tikz(r"\draw[%s] (0,0) -- (2,0);" % spec)
    arrows = [p for p in sc.primitives if isinstance(p, Arrow)]
    assert sorted(a.position for a in arrows) == sorted(ends)
    for a in arrows:
        if a.position == "end":
            assert close(a.tip, (2 * CM, 0)) and close(a.direction, (1, 0))
        else:  # a start tip points backwards, out of the path
            assert close(a.tip, (0, 0)) and close(a.direction, (-1, 0))


def test_arrow_follows_the_tangent_of_a_curve_and_closed_paths_have_none():
    sc = parse_tikz(r"\draw[->] (1,0) arc (0:90:1);")
    a = [p for p in sc.primitives if isinstance(p, Arrow)][0]
    assert close(a.tip, (0, CM)) and close(a.direction, (-1, 0))
    sc = parse_tikz(r"\draw[->] (0,0) -- (1,0) -- (1,1) -- cycle;")
    assert not [p for p in sc.primitives if isinstance(p, Arrow)]


def test_markings_arrow_at_half_length():
    sc = parse_tikz(r"""\draw[postaction={decorate}, decoration={markings, mark=at position 0.5 with {\arrow{>}}}]
        (0,0) -- (4,0);""")
    a = [p for p in sc.primitives if isinstance(p, Arrow)][0]
    assert a.position == "mid" and close(a.tip, (2 * CM, 0), tol=1e-6) and close(a.direction, (1, 0))


def test_markings_arrow_options_give_the_tip_its_colour_and_line_width():
    # TeX draws \arrow[blue,line width=2mm]{>} of a black path in blue, stroke-width 4.535 bp
    sc = parse_tikz(r"""\draw[postaction={decorate}, decoration={markings,
        mark=at position 0.5 with {\arrow[blue,line width=2mm]{>}}, mark=at position 1cm with {\arrowreversed{>}}}]
        (0,0) -- (4,0);""")
    a, b = [p for p in sc.primitives if isinstance(p, Arrow)]
    assert a.style.stroke == "#0000ff" and close(a.style.stroke_width, 2 / 25.4 * 72.27, tol=1e-6)
    assert b.style.stroke == "#000000" and close(b.style.stroke_width, 0.4) and close(b.direction, (-1, 0))


def test_markings_on_a_circle_give_the_contour_direction():
    sc = parse_tikz(r"""\draw[decoration={markings, mark=at position 0.25 with {\arrow{>}}}, postaction={decorate}]
        (0,0) circle (1);""")
    a = [p for p in sc.primitives if isinstance(p, Arrow)][0]
    assert close(a.tip, (0, CM), tol=1e-3) and close(a.direction, (-1, 0), tol=1e-3)  # counter-clockwise


@pytest.mark.parametrize("opts, expected", [
    ("shift={(1,2)}", (2, 2)), ("xshift=1cm", (2, 0)), ("yshift=-2cm", (1, -2)), ("scale=2", (2, 0)),
    ("rotate=90", (0, 1)), ("xscale=3", (3, 0)), ("x=2cm", (2, 0)), ("cm={0,1,1,0,(1,1)}", (1, 2)),
    ("rotate around={90:(1,1)}", (2, 1)), ("shift={(1,0)}, rotate=90", (1, 1)),
])
def test_transformations_map_the_point_one_zero(opts, expected):
    sc = parse_tikz(r"\begin{tikzpicture}[%s]\draw (0,0) -- (1,0);\end{tikzpicture}" % opts)
    p = only(sc, Polyline)
    assert close(p.points[1] / CM, expected, tol=1e-9)


def test_scope_transforms_end_with_the_scope():
    sc = parse_tikz(r"""\begin{tikzpicture}
      \begin{scope}[shift={(5,0)}, red] \draw (0,0) -- (1,0); \end{scope}
      \draw (0,0) -- (1,0);
    \end{tikzpicture}""")
    a, b = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert close(a.points[0] / CM, (5, 0)) and a.style.stroke == "#ff0000"
    assert close(b.points[0] / CM, (0, 0)) and b.style.stroke == "#000000"


def test_macros_in_picture_and_scope_options_are_expanded():
    sc = parse_tikz(r"""\def\s{1mm}\def\k{2}
    \begin{tikzpicture}[xscale=\k]
      \begin{scope}[shift={(\s,-\s)}] \draw (0,0) -- (1,0); \end{scope}
      \scoped[yshift=\s] \draw (0,0) -- (1,0);
    \end{tikzpicture}""")
    a, b = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert not sc.diagnostics
    assert close(a.points, [(2 * MM, -MM), (2 * CM + 2 * MM, -MM)])
    assert close(b.points, [(0, MM), (2 * CM, MM)])


def test_px_is_a_big_point():
    # pdfTeX's default \pdfpxdimen: 100px measured 100bp in TeX's output
    p = only(parse_tikz(r"\draw (0,0) -- (100px,0);"), Polyline)
    assert close(p.points[1], (100 * 72.27 / 72, 0))


def test_circle_under_scaling():
    c = only(parse_tikz(r"\draw[scale=2] (1,0) circle (1);"), Circle)
    assert close(c.center, (2 * CM, 0)) and c.radius == pytest.approx(2 * CM)
    e = only(parse_tikz(r"\draw[xscale=2] (0,0) circle (1);"), Ellipse)
    assert (e.rx, e.ry) == pytest.approx((2 * CM, CM))
    e = only(parse_tikz(r"\draw[xscale=2, rotate=30] (0,0) circle (1);"), Ellipse)
    assert max(e.rx, e.ry) < 2 * CM + 1e-9 and min(e.rx, e.ry) > CM - 1e-9


def test_several_pictures_are_panels():
    sc = parse_tikz(r"""\documentclass{article}\usepackage{tikz}\begin{document}
    \begin{tikzpicture}\draw (0,0) -- (1,0);\end{tikzpicture}
    \tikz \draw (0,0) circle (1);
    \end{document}""")
    assert [p.panel for p in sc.primitives] == [0, 1]
    assert len(sc.panels) == 2 and sc.panels[1].index == 1


def test_unsupported_constructs_are_noted_with_location():
    sc = parse_tikz("\\begin{tikzpicture}\n\\tkzShowLine(A,B)\n\\draw (0,0) -- (1,1);\n\\end{tikzpicture}")
    assert sc.partial
    d = [d for d in sc.diagnostics if d.code == "UNSUPPORTED"][0]
    assert d.construct == "\\tkzShowLine" and d.location.line == 2 and d.location.column == 1
    assert len([p for p in sc.primitives if isinstance(p, Polyline)]) == 1
    with pytest.raises(UnsupportedConstructError):
        parse_tikz("\\tkzShowLine(A,B)", strict=True)


def test_random_numbers_are_reported_not_guessed():
    sc = parse_tikz(r"\draw (0,0) -- (rnd,1);")
    assert sc.partial and any("random" in d.message for d in sc.diagnostics)


def test_unknown_library_is_noted():
    sc = parse_tikz(r"\usetikzlibrary{mindmap,calc}\draw (0,0) -- (1,1);")
    notes = [d for d in sc.diagnostics if d.code == "NOTE"]
    assert not notes  # both are known
    sc = parse_tikz(r"\usetikzlibrary{foo}\draw (0,0) -- (1,1);")
    assert any(d.code == "NOTE" and d.construct == "foo" for d in sc.diagnostics)


def test_automata_library_defines_state_styles():
    sc = parse_tikz(r"\usetikzlibrary{automata}\begin{tikzpicture}\node[state] {$x$};\end{tikzpicture}")
    assert not sc.diagnostics
    c = only(sc, Circle)
    assert c.radius == pytest.approx(1.25 * 10.00003, abs=0.01)  # minimum size=2.5em, drawn
    sc = parse_tikz(r"\begin{tikzpicture}\node[state] {$x$};\end{tikzpicture}")  # not loaded: unknown
    assert any(d.construct == "state" for d in sc.diagnostics)


def test_style_key_applies_its_value_as_keys():
    # /tikz/style/.style={#1}: "style={circle, minimum width=2cm}" is those keys in place
    sc = parse_tikz(r"\tikz \node [style={circle, minimum width=2cm}, draw] at (1,0) {};")
    c = only(sc, Circle)
    assert close(c.center, (CM, 0)) and close(c.radius, CM)
    assert not sc.diagnostics


def test_double_with_a_core_colour_is_a_double_line_on_the_path():
    # double=<colour> is "double" with that core colour: TeX strokes the same path twice
    sc = parse_tikz(r"\tikz \draw[double=orange, double distance=1pt] (0,0) -- (1,0);")
    assert not sc.diagnostics
    assert close(only(sc, Polyline).points, [(0, 0), (CM, 0)])


def test_draw_and_fill_given_to_a_scope_colour_paths_but_do_not_turn_drawing_or_filling_on():
    # TikZ starts each path with drawing and filling off; checked with pdflatex + dvisvgm:
    # \begin{scope}[fill=red] \draw (0,0) rectangle (1,1); \end{scope} is an unfilled black square.
    from geoverify.scene import Circle, Polyline

    scene = parse_tikz(r"""\begin{tikzpicture}
\begin{scope}[fill=red]
  \draw (0,0) rectangle (1,1); \path (2,0) rectangle (3,1);
  \fill (5,0) circle (1); \draw[fill] (8,0) circle (1); \draw[green, fill] (11,0) circle (1);
\end{scope}
\begin{scope}[draw=blue] \path (0,3) -- (1,3); \path[draw] (0,4) -- (1,4); \end{scope}
\end{tikzpicture}""")
    squares = [p for p in scene.primitives if isinstance(p, Polyline) and len(p.points) >= 4]
    assert len(squares) == 1 and squares[0].style.fill is None and squares[0].style.stroke == "#000000"
    fills = [p.style.fill for p in scene.primitives if isinstance(p, Circle)]
    assert fills == ["#ff0000", "#ff0000", "#00ff00"]
    lines = [p for p in scene.primitives if isinstance(p, Polyline) and len(p.points) == 2]
    assert [p.style.stroke for p in lines] == ["#0000ff"]
