"""pgfplots' sample positions of a domain (TeX's fixed-point mesh width, the fpu loop).

The expected numbers are what pdflatex printed (``\\message``) for the same loops and axes:
``\\pgfplotsforeachungrouped \\x in {-5,-4.58334,...,5}`` under ``/pgf/fpu``, the axis
limits pgfplots collected (``\\pgfplots@xmax`` before its data scaling) and the tick step
it chose.
"""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.pgfplots_domain import domain_samples, fpu_add, fpu_divide, tex_print_sp, tex_sp
from geoverify.scene.primitives import TextLabel


def test_tex_dimensions_read_and_print_as_tex_does():
    assert tex_sp(2.9) == 190054 and tex_sp(0.3) == 19661 and tex_sp(-5) == -327680
    assert tex_print_sp(-300374) == -4.58334  # -5 + trunc(10 pt / 24)
    assert tex_print_sp(48059) == 0.73332  # 0.3 + trunc(2.6 pt / 6): not 0.73333
    # the fpu's quotients (TeX: 1Y7.3332e-1], 1Y2.08333e-1], 1Y7.9949e1] for the loops' second entries)
    assert fpu_divide(2.6, 6.0) == 0.43332 and fpu_divide(5.0, 24.0) == 0.208333
    assert fpu_divide(1003.8, 12.0) == 83.649


def test_default_domain_stops_short_of_its_end():
    # TeX (compat=newest: correct sampling): the data limit \pgfplots@xmax of each axis
    assert domain_samples(-5, 5, 25)[-1] == pytest.approx(4.9998401, abs=1e-12)
    assert domain_samples(0, 5, 25)[-1] == pytest.approx(4.9999915, abs=1e-12)
    assert domain_samples(0, 5, 250)[-1] == pytest.approx(4.9999951, abs=1e-12)
    assert domain_samples(0.3, 2.9, 7)[-1] == pytest.approx(2.89992, abs=1e-12)
    assert domain_samples(-3.7, 1000.1, 13)[-1] == pytest.approx(1000.088, abs=1e-9)
    assert len(domain_samples(-5, 5, 25)) == 25


def test_legacy_loop_adds_the_step_to_the_last_value():
    # TeX: \pgfplotsforeachungrouped \x in {-5,-4.58334,...,5} (fpu): ..., -8.334e-1, -4.1673999e-1,
    # -7.999e-5, 4.1658002e-1, ..., 4.9998401; {0,0.0200803,...,5} ends at 4.9999866
    xs = domain_samples(-5, 5, 25, precise=False)
    assert xs[1] == -4.58334 and xs[12] == pytest.approx(-7.999e-5, abs=1e-12)
    assert xs[11] == pytest.approx(-0.41673999, abs=1e-12) and xs[13] == pytest.approx(0.41658002, abs=1e-12)
    assert xs[-1] == pytest.approx(4.9998401, abs=1e-12)
    assert domain_samples(0, 5, 250, precise=False)[-1] == pytest.approx(4.9999866, abs=1e-12)
    assert fpu_add(414.54999, 83.65) == pytest.approx(498.19998, abs=1e-9)


def test_the_short_domain_changes_the_tick_step():
    # TeX: y limits -124.99 .. 124.99 enlarged by 10 %: a tick step of 50, not 100
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}
\addplot {x^3};
\addplot {-20*x};
\end{axis}
\end{tikzpicture}""")
    texts = [p.text for p in sc.primitives if isinstance(p, TextLabel)]
    assert texts[-7:] == ["$-150$", "$-100$", "$-50$", "$0$", "$50$", "$100$", "$150$"]
    assert np.isfinite([p.box for p in sc.primitives if isinstance(p, TextLabel)]).all()
