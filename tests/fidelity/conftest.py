"""Hand-made figures for the fidelity tests: one construction, written as SVG and as Asymptote.

Triangle ABC with the altitude AD (right-angle mark at D), the midpoint M of BC
(one tick on BM and on MC) and the circumcircle about O. Coordinates are chosen
so that no accidental relation holds (no two other lengths or angles equal).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

A, B, C = np.array([120.0, 60.0]), np.array([50.0, 250.0]), np.array([350.0, 250.0])


def circumcentre(a, b, c):
    ax, ay = a
    bx, by = b
    cx, cy = c
    d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by))
    ux = ((ax**2 + ay**2) * (by - cy) + (bx**2 + by**2) * (cy - ay) + (cx**2 + cy**2) * (ay - by)) / d
    uy = ((ax**2 + ay**2) * (cx - bx) + (bx**2 + by**2) * (ax - cx) + (cx**2 + cy**2) * (bx - ax)) / d
    return np.array([ux, uy])


def svg_figure(a=A, b=B, c=C, *, d=None, radius_factor=1.0, drop_ad=False, labels=None, omit_label=None) -> str:
    """The construction as SVG (y down). Keyword arguments make wrong variants."""
    a, b, c = (np.asarray(v, float) for v in (a, b, c))
    d = np.array([a[0], b[1]]) if d is None else np.asarray(d, float)  # BC is horizontal: the foot is below A
    m = 0.5 * (b + c)
    o = circumcentre(a, b, c)
    r = float(np.hypot(*(a - o))) * radius_factor
    pts = {"A": a, "B": b, "C": c, "D": d, "M": m, "O": o}
    names = dict(zip(pts, labels or pts))
    offs = {"A": (-4, -10), "B": (-14, 14), "C": (6, 14), "D": (-4, 16), "M": (-4, 16), "O": (6, -6)}
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="420" height="440" viewBox="0 0 420 440">',
           f'<polygon points="{a[0]},{a[1]} {b[0]},{b[1]} {c[0]},{c[1]}" fill="none" stroke="black"/>',
           f'<circle cx="{o[0]:.4f}" cy="{o[1]:.4f}" r="{r:.4f}" fill="none" stroke="black"/>']
    if not drop_ad:
        out.append(f'<line x1="{a[0]}" y1="{a[1]}" x2="{d[0]}" y2="{d[1]}" stroke="black"/>')
    # Right-angle mark at D between DA (up) and DC (right), 10 units a side.
    u = (a - d) / np.hypot(*(a - d))
    v = (c - d) / np.hypot(*(c - d))
    p0, p1, p2 = d + 10 * u, d + 10 * u + 10 * v, d + 10 * v
    out.append(f'<polyline points="{p0[0]:.4f},{p0[1]:.4f} {p1[0]:.4f},{p1[1]:.4f} {p2[0]:.4f},{p2[1]:.4f}" '
               'fill="none" stroke="black"/>')
    for t in (0.5 * (b + m), 0.5 * (m + c)):  # one tick on BM and on MC
        out.append(f'<line x1="{t[0]}" y1="{t[1] - 6}" x2="{t[0]}" y2="{t[1] + 6}" stroke="black"/>')
    for k, p in pts.items():
        out.append(f'<circle cx="{p[0]:.4f}" cy="{p[1]:.4f}" r="2" fill="black"/>')
        if k != omit_label:
            out.append(f'<text x="{p[0] + offs[k][0]:.4f}" y="{p[1] + offs[k][1]:.4f}" font-size="12">{names[k]}</text>')
    out.append("</svg>")
    return "\n".join(out)


ASY_FIGURE = r"""
size(220);
pair B = (0,0), C = (6,0), A = (1.4,3.8);
pair D = foot(A,B,C), M = (B+C)/2, O = circumcenter(A,B,C);
draw(A--B--C--cycle);
draw(A--D);
draw(circle(O, abs(A-O)));
draw(rightanglemark(A,D,C,10));
draw((1.5,-0.12)--(1.5,0.12));
draw((4.5,-0.12)--(4.5,0.12));
dot(A); dot(B); dot(C); dot(D); dot(M); dot(O);
label("$A$",A,N); label("$B$",B,SW); label("$C$",C,SE); label("$D$",D,S); label("$M$",M,S); label("$O$",O,NE);
"""


@pytest.fixture
def svg_reference() -> str:
    return svg_figure()


@pytest.fixture
def make_svg():
    """:func:`svg_figure`, for tests that build wrong variants."""
    return svg_figure


@pytest.fixture(scope="session")
def asy_scene():
    """The Asymptote figure parsed natively; skipped when the front-end cannot draw it yet."""
    try:
        from geoverify.frontends.asy import parse_asy
    except ImportError:
        pytest.skip("the Asymptote front-end is not importable")
    from geoverify.errors import GeoverifyError
    from geoverify.scene import TextLabel

    try:
        scene = parse_asy(ASY_FIGURE, dialect="aops")
    except GeoverifyError as exc:
        pytest.skip(f"the Asymptote front-end cannot read the test figure: {exc}")
    if scene.partial or not any(not isinstance(p, TextLabel) for p in scene.primitives):
        pytest.skip("the Asymptote front-end skipped constructs of the test figure (front-end unfinished)")
    return scene


def angle_deg(u, v) -> float:
    return math.degrees(math.acos(abs(float(np.dot(u, v))) / (np.hypot(*u) * np.hypot(*v))))
