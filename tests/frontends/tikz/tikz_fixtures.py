"""Shared helpers for the TikZ front-end tests."""

from __future__ import annotations

import math

import numpy as np

from geoverify.frontends.tikz import parse_tikz

CM = 72.27 / 2.54  # TeX points per centimetre
MM = CM / 10


def scene_of(code: str, **kw):
    """Scene of a bare picture body (or a full document)."""
    return parse_tikz(code, **kw)


def only(scene, cls):
    """The single primitive of type ``cls`` in ``scene``."""
    items = [p for p in scene.primitives if isinstance(p, cls)]
    assert len(items) == 1, f"expected one {cls.__name__}, got {len(items)}: {scene.summary()}"
    return items[0]


def close(a, b, tol=1e-6):
    return np.allclose(np.asarray(a, dtype=float), np.asarray(b, dtype=float), atol=tol)


def deg(x):
    return math.radians(x)


def assert_polylines_match_tex(code: str, tex_runs, atol: float = 0.01) -> None:
    """The straight paths ``code`` draws, in order, are ``tex_runs`` (dvisvgm bp, y down) up to a shift.

    Both sides are taken relative to their first point; ``code`` must draw without diagnostics.
    """
    from geoverify.scene import Polyline

    sc = parse_tikz(code)
    assert not sc.diagnostics
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    bp = 72.27 / 72
    origin = np.array(tex_runs[0][0])
    for native, tex in zip(lines, tex_runs):
        t = np.array(tex) - origin
        assert np.allclose(native - lines[0][0], np.column_stack([t[:, 0] * bp, -t[:, 1] * bp]), atol=atol)


def node_anchors(body: str, names, preamble: str = "") -> dict:
    """Centre, north east and east anchor (pt) of each named node of a picture, as ``(3, 2)`` arrays.

    ``body`` is the inside of a ``tikzpicture`` (after ``preamble``, e.g. ``\\usetikzlibrary{..}``);
    the anchors are read back by drawing through them, so they are what ``(name.east)`` means, and
    they compare with pgf's ``\\pgfpointanchor`` written to the TeX log. It must draw without diagnostics.
    """
    from geoverify.scene import Polyline

    draws = "".join(f"\\draw[magenta] ({n}.center) -- ({n}.north east) -- ({n}.east);\n" for n in names)
    sc = parse_tikz(preamble + "\\begin{tikzpicture}" + body + draws + "\\end{tikzpicture}")
    assert not sc.diagnostics, [d.message for d in sc.diagnostics]
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff00ff"]
    assert len(lines) == len(names)
    return dict(zip(names, lines))
