"""``\\tikzmath`` (math library): typed assignments, coordinates, let, for, if and code."""

from __future__ import annotations

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Circle, Polyline

from tikz_fixtures import CM, close, only


def test_coordinate_variable_is_a_calc_expression_with_x_and_y_parts():
    # tikzlibrarymath: \c = (-1,2)+(1,-1) is read as ($(-1,2)+(1,-1)$); (\c) is that point,
    # \cx its x; pdflatex+dvisvgm draw (0,1cm) -- (2cm,2cm) -- (2cm,0) (shifted by the bounding box)
    sc = parse_tikz(r"""\tikzmath{ coordinate \c, \d; \c = (-1,2)+(1,-1); \d = (4,1)-(2,-1); }
    \tikz \draw (\c) -- (\d) -- (\dx, 0);""")
    line = only(sc, Polyline)
    assert close(line.points, [(0, CM), (2 * CM, 2 * CM), (2 * CM, 0)], tol=1e-4)
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]


def test_integer_real_let_for_if_and_code_statements():
    # integer \n = int(7/2) = 3; \r = 1.5; the loop draws circles at 1 cm and 2 cm and a red line
    # at 3 cm (checked against pdflatex+dvisvgm)
    sc = parse_tikz(r"""\begin{tikzpicture}
    \tikzmath{
      integer \n; \n = 7/2;
      real \r; \r = 0.5*\n;
      let \col = red;
      coordinate \p; \p = (1,0)+(0,\r);
      for \i in {1,...,\n}{
        if \i > 2 then { {\draw[\col] (\i,0) -- (\i,1);}; } else { {\draw (\i,0) circle (2pt);}; };
      };
    }
    \draw (0,0) -- (\p) -- (\px, 0);
    \end{tikzpicture}""")
    circles = [p for p in sc.primitives if isinstance(p, Circle)]
    assert [tuple(c.center / CM) for c in circles] == [(1.0, 0.0), (2.0, 0.0)]
    lines = [p for p in sc.primitives if isinstance(p, Polyline)]
    red = [p for p in lines if p.style.stroke == "#ff0000"]
    assert len(red) == 1 and close(red[0].points / CM, [(3, 0), (3, 1)])
    black = [p for p in lines if p.style.stroke == "#000000"]
    assert close(black[0].points / CM, [(0, 0), (1, 1.5), (1, 0)], tol=1e-5)


def test_unread_statements_are_reported_and_the_rest_runs():
    sc = parse_tikz(r"""\tikzmath{ function f(\x) { return \x; }; \a = 2; print {\a}; }
    \tikz \draw (0,0) -- (\a,0);""")
    line = only(sc, Polyline)
    assert close(line.points[1], (2 * CM, 0))
    msgs = [d.message for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    assert any("'function'" in m for m in msgs) and any("'print'" in m for m in msgs)
