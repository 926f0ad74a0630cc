"""Decorations drawn as pgf draws them: snake, zigzag, brace (numbers from latex + dvisvgm)."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import BezierPath, Polyline

from tikz_fixtures import CM, close, only

BP = 72.27 / 72  # pt per bp


def _tex(points, origin):
    """dvisvgm points (bp, y down) relative to ``origin`` -> TeX pt, y up."""
    p = np.asarray(points, dtype=float) - np.asarray(origin, dtype=float)
    return np.column_stack([p[:, 0], -p[:, 1]]) * BP


def test_snake_starts_with_pgfs_initial_quarter_wave():
    # TeX: M-71.800785 71.277347 C-70.55469 71.277347 -69.9336 68.78516 -68.6875 68.78516
    #      C-67.78516 68.78516 -67.00782 70.00391 -66.19532 71.277347 (a cosine quarter wave) ...
    p = only(parse_tikz(r"\draw[decorate, decoration=snake] (0,0) -- (3,0);"), BezierPath)
    c = p.subpaths()[0].controls
    o = (-71.800785, 71.277347)
    assert close(c[0], _tex([o, (-70.55469, 71.277347), (-69.9336, 68.78516), (-68.6875, 68.78516)], o), tol=3e-3)
    assert close(c[1], _tex([(-68.6875, 68.78516), (-67.78516, 68.78516), (-67.00782, 70.00391),
                             (-66.19532, 71.277347)], o), tol=3e-3)
    assert close(c[-1][3], (3 * CM, 0))


def test_zigzag_after_a_pre_length():
    # TeX: M41.5862 71.277347 V57.1055 L39.0972 54.6133 L44.0782 49.6328 ... L41.5862-12.6367 V-13.7617
    p = only(parse_tikz(r"\draw[decorate, decoration={zigzag, pre length=5mm}] (4,0) -- (4,3);"), Polyline)
    o = (41.5862 - 4 * CM / BP, 71.277347)
    want = _tex([(41.5862, 71.277347), (41.5862, 57.1055), (39.0972, 54.6133), (44.0782, 49.6328)], o)
    assert close(p.points[:4], want, tol=3e-3)
    assert close(p.points[-3:], _tex([(44.0782, -10.1445), (41.5862, -12.6367), (41.5862, -13.7617)], o), tol=3e-3)


@pytest.mark.parametrize("opts,tip_y", [("brace, amplitude=5pt", 5.0), ("brace, mirror, raise=3pt", -5.5)])
def test_brace_tip_in_the_middle_at_its_amplitude(opts, tip_y):
    # TeX: amplitude 5pt: M-71.800785 14.582 C... the tip at (-29.2813, 9.6016), 1.5 cm along and 5 pt up;
    # mirror, raise=3pt: from (-71.800785, -10.7734), 3 pt under the line, tip 2.5 pt further down.
    p = only(parse_tikz(rf"\draw[decorate, decoration={{{opts}}}] (0,0) -- (3,0);"), BezierPath)
    c = p.subpaths()[0].controls
    ends = np.vstack([c[0][0], c[:, 3]])
    tip = ends[np.argmax(np.abs(ends[:, 1]))]
    assert close(tip, (1.5 * CM, tip_y), tol=3e-3)
    start_y = 0.0 if "raise" not in opts else -3.0
    assert close(c[0][0], (0, start_y)) and close(c[-1][3], (3 * CM, start_y))
    # first cubic of the amplitude-5 brace, TeX: C-71.054691 13.0898 -69.3086 12.0938 -66.82032 12.0938
    if "amplitude" in opts:
        assert close(c[0], _tex([(-71.800785, 14.582), (-71.054691, 13.0898), (-69.3086, 12.0938),
                                 (-66.82032, 12.0938)], (-71.800785, 14.582)), tol=3e-3)


def test_unknown_decoration_is_reported_and_the_path_kept():
    sc = parse_tikz(r"\draw[decorate, decoration=coil] (0,0) -- (1,0);")
    assert close(only(sc, Polyline).points, [(0, 0), (CM, 0)])
    assert any(d.code == "UNSUPPORTED" and "coil" in d.message for d in sc.diagnostics)


def test_a_mark_drawing_code_other_than_an_arrow_is_reported():
    sc = parse_tikz(r"\draw [decoration={markings, mark=at position 0.5 with {\draw (0,0) -- (0,1);}},"
                    r" postaction={decorate}] (0,0) -- (2,0);")
    assert any(d.code == "UNSUPPORTED" and d.construct == "decoration mark" for d in sc.diagnostics)
    sc = parse_tikz(r"\draw [decoration={markings, mark=at position 0.5 with {\arrow{>}}},"
                    r" postaction={decorate}] (0,0) -- (2,0);")
    assert not any(d.code == "UNSUPPORTED" for d in sc.diagnostics)


@pytest.mark.parametrize("between, length, expected", [
    ("0 and 1 step 1cm", 3.5, [0, 1, 2, 3]),          # TeX: heads 28.35 bp (1 cm) apart from the start
    ("0.1 and 0.9 step 0.25", 4, [0.4, 1.4, 2.4, 3.4]),
    ("5mm and -5mm step 1cm", 3.5, [0.5, 1.5, 2.5]),  # a negative bound counts from the end
])
def test_marks_between_positions_with_a_length_step(between, length, expected):
    from geoverify.scene import Arrow
    sc = parse_tikz(r"\usetikzlibrary{decorations.markings}\draw[decoration={markings, mark=between positions "
                    + between + r" with {\arrow{>}}}, postaction={decorate}] (0,0) -- (" + str(length) + ",0);")
    xs = [a.tip[0] / CM for a in sc.primitives if isinstance(a, Arrow)]
    assert xs == pytest.approx(expected, abs=1e-6)
