"""Decorations a figure declares with \\pgfdeclaredecoration, run through pgf's automaton
(numbers from latex + dvisvgm)."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

from tikz_fixtures import CM, close

BP = 72.27 / 72  # pt per bp

_EXAMPLE = r"""\pgfdeclaredecoration{example}{initial}
{
  \state{initial}[width=10pt]
  {
    \pgfpathlineto{\pgfpoint{0pt}{5pt}}
    \pgfpathlineto{\pgfpoint{5pt}{5pt}}
    \pgfpathlineto{\pgfpoint{5pt}{-5pt}}
    \pgfpathlineto{\pgfpoint{10pt}{-5pt}}
    \pgfpathlineto{\pgfpoint{10pt}{0pt}}
  }
  \state{final}
  {
    \pgfpathlineto{\pgfpointdecoratedpathlast}
  }
}
"""


def test_declared_states_draw_in_the_frame_of_the_path_and_final_goes_to_its_end():
    # TeX (pgf manual): M-68.277347-48.351562V-53.33203H-63.29688V-43.37109H-58.31641V-48.351562V-53.33203
    # ... H11.4219V-48.351562H16.7617: eight squares of 10 pt, then a line to the end
    pl = [p for p in parse_tikz(_EXAMPLE + r"\tikz[decoration=example]{\draw [decorate] (0,0) -- (3,0);}").primitives
          if isinstance(p, Polyline)][0]
    o = (-68.277347, -48.351562)
    tex = [(x - o[0], -(y - o[1])) for x, y in [o, (o[0], -53.33203), (-63.29688, -53.33203), (-63.29688, -43.37109),
                                               (-58.31641, -43.37109), (-58.31641, -48.351562)]]
    assert close(pl.points[:6], np.array(tex) * BP, tol=0.01)
    assert close(pl.points[-2:], [(80 + 0.0, 0.0), (3 * CM, 0.0)], tol=0.01)
    assert len(pl.points) == 1 + 8 * 5 + 1


def test_declared_decoration_on_the_decorate_operation_and_switches():
    # a state that switches to the final state when less than 25 pt is left: two teeth on 2 cm
    sc = parse_tikz(r"""\pgfdeclaredecoration{teeth}{up}{
      \state{up}[switch if less than=25pt to final, width=20pt]{\pgfpathlineto{\pgfpoint{10pt}{\pgfdecorationsegmentamplitude}}
        \pgfpathlineto{\pgfpoint{20pt}{0pt}}}
      \state{final}{\pgfpathlineto{\pgfpointdecoratedpathlast}}}
      \draw[decoration={teeth, amplitude=3pt}] (0,0) -- (1,0) decorate { -- (3,0) };""")
    pl = [p for p in sc.primitives if isinstance(p, Polyline)][0]
    assert close(pl.points, [(0, 0), (CM, 0), (CM + 10, 3), (CM + 20, 0), (CM + 30, 3), (CM + 40, 0), (3 * CM, 0)],
                 tol=1e-6)


def test_declared_meta_decoration_runs_its_decorations_stretch_by_stretch():
    # TeX: M-71.800785-71.800785H-57.6289M-43.4531-71.800785H-29.2813M-15.1055-71.800785H-.9336
    # M13.2383-71.800785H18.9102 (lineto and moveto stretches of half a meta-segment each)
    sc = parse_tikz(r"""\pgfdeclaremetadecoration{dashes}{on}{
      \state{on}[width=\pgfmetadecorationsegmentlength/2, next state=off]{\decoration{lineto}}
      \state{off}[width=\pgfmetadecorationsegmentlength/2, next state=on]{\decoration{moveto}}
      \state{final}{\decoration{lineto}}}
      \draw[decorate, decoration={dashes, meta-segment length=1cm}] (0,0) -- (3.2,0);""")
    dashes = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    want = [(-71.800785, -57.6289), (-43.4531, -29.2813), (-15.1055, -0.9336), (13.2383, 18.9102)]
    assert close(dashes, [[((a + 71.800785) * BP, 0), ((b + 71.800785) * BP, 0)] for a, b in want], tol=0.01)
