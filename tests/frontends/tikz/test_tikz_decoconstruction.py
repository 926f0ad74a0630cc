"""show path construction: the code of each input segment's kind, run with its points."""

from __future__ import annotations

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import BezierPath, Dot, Polyline

from tikz_fixtures import CM, close


def test_curveto_code_gets_the_supports_and_runs_from_a_postaction_style():
    # pgf manual: postaction=show curve controls (a style holding decoration and decorate);
    # TeX: M-71.601561-71.6016L-.7344-57.4297 (first to support a) and M-57.4297-29.082L13.4375-14.910156
    sc = parse_tikz(r"""\begin{tikzpicture}
      \tikzset{show curve controls/.style={decoration={show path construction, curveto code={
        \draw [blue] (\tikzinputsegmentfirst) -- (\tikzinputsegmentsupporta);
        \draw [blue] (\tikzinputsegmentsupportb) -- (\tikzinputsegmentlast);}}, decorate}}
      \draw [postaction=show curve controls] (0,2) .. controls (2.5,1.5) and (0.5,0.5) .. (3,0);
    \end{tikzpicture}""")
    curve = [p for p in sc.primitives if isinstance(p, BezierPath)]
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    assert len(curve) == 1 and len(lines) == 2
    assert close(lines[0], [(0, 2 * CM), (2.5 * CM, 1.5 * CM)], tol=1e-3)
    assert close(lines[1], [(0.5 * CM, 0.5 * CM), (3 * CM, 0)], tol=1e-3)


def test_each_kind_of_segment_runs_its_code_with_the_transformation_reset():
    # TeX: with scale=2 the code's line (\tikzinputsegmentfirst) -- (\tikzinputsegmentlast) lies
    # on the path (canvas points are not scaled again); the path itself is not drawn
    sc = parse_tikz(r"""\begin{tikzpicture}[scale=2]
      \path [decorate, decoration={show path construction,
        moveto code={\fill (\tikzinputsegmentfirst) circle [radius=1pt];},
        lineto code={\draw (\tikzinputsegmentfirst) -- (\tikzinputsegmentlast);},
        curveto code={\draw [red] (\tikzinputsegmentfirst) -- (\tikzinputsegmentlast);},
        closepath code={\draw [blue] (\tikzinputsegmentfirst) -- (\tikzinputsegmentlast);}}]
        (0,0) -- (1,0) arc (0:90:1) -- cycle;
    \end{tikzpicture}""")
    dots = [p for p in sc.primitives if isinstance(p, Dot)]
    lines = [(p.style.stroke, p.points) for p in sc.primitives if isinstance(p, Polyline)]
    assert len(dots) == 1 and close(dots[0].center, (0, 0))
    assert [s for s, _ in lines] == ["#000000", "#ff0000", "#0000ff"]
    assert close(lines[0][1], [(0, 0), (2 * CM, 0)], tol=1e-6)
    assert close(lines[1][1], [(2 * CM, 0), (0, 2 * CM)], tol=1e-6)
    assert close(lines[2][1], [(0, 2 * CM), (0, 0)], tol=1e-6)


def test_the_decorate_operation_runs_the_code_for_its_sub_path_only():
    sc = parse_tikz(r"""\begin{tikzpicture}[decoration={show path construction,
        lineto code={\draw[red] (\tikzinputsegmentfirst) circle (1pt);}}]
      \draw (0,0) -- (1,0) decorate { -- (2,0) -- (2,1) } -- (3,1);
    \end{tikzpicture}""")
    marks = [p.center for p in sc.primitives if type(p).__name__ == "Circle"]
    assert close(marks, [(CM, 0), (2 * CM, 0)], tol=1e-6)  # the two lines of the sub-path
    line = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    assert len(line) == 1 and close(line[0], [(0, 0), (CM, 0), (3 * CM, CM)], tol=1e-6)
