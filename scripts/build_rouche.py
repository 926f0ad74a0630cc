"""Write the reference SVG and wrong variants of tasks/complex-analysis/rouche-z3.

Usage: python scripts/build_rouche.py [TASKDIR]

The figure: left panel, the z-plane with C = {|z| = 2} and the three zeros of
z^3 + z + 1; right panel, the w-plane with f(C) (f = z^3) and (f+g)(C)
(f + g = z^3 + z + 1), both traced once along C, so each winds three times
about 0. Labels: the boundary inequality and the conclusion.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

W, H = 660, 360
ZC, ZS = (165.0, 180.0), 55.0      # z-plane centre (px) and px per unit
WC, WS = (485.0, 180.0), 12.5      # w-plane centre and px per unit


def to_px(c, s, x, y):
    return c[0] + s * x, c[1] - s * y


def poly(points, **attrs):
    pts = " ".join(f"{x:.3f},{y:.3f}" for x, y in points)
    extra = " ".join(f'{k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'  <polyline points="{pts}" fill="none" {extra}/>'


def text(x, y, s, size=14, anchor="middle"):
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return f'  <text x="{x:.2f}" y="{y:.2f}" font-size="{size}" text-anchor="{anchor}">{s}</text>'


def label_spot(own, other, gap=1.0):
    """A label position (w units) about ``gap`` from curve ``own`` and far from ``other``."""
    best, arg = -np.inf, (0.0, 0.0)
    for x in np.linspace(-13, 13, 105):
        for y in np.linspace(-12, 12, 97):
            p = x + 1j * y
            d_own, d_other = np.abs(own - p).min(), np.abs(other - p).min()
            if abs(d_own - gap) > 0.25:
                continue
            if d_other - d_own > best:
                best, arg = d_other - d_own, (x, y)
    return arg


def figure(*, radius=2.0, turns=1.0, f=lambda z: z**3, fg=lambda z: z**3 + z + 1, zeros=None, drop=(), swap_labels=False,
           reverse_arrows=False, inequality="|z+1| ≤ 3 < 8 = |z³| on |z|=2",
           conclusion="N(f+g, C) = N(f, C) = 3", extra=()):
    t = np.linspace(0, 2 * np.pi, 721)
    t_img = np.linspace(0, 2 * np.pi * turns, 721)
    zc = radius * np.exp(1j * t)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">',
           '  <defs><marker id="tip" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" '
           'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="black"/></marker></defs>']
    # axes
    for c, s, ext in ((ZC, ZS, 2.8), (WC, WS, 12.5)):
        out.append(poly([to_px(c, s, -ext, 0), to_px(c, s, ext, 0)], stroke="#888888", stroke_width=0.8, marker_end="url(#tip)"))
        out.append(poly([to_px(c, s, 0, -ext), to_px(c, s, 0, ext)], stroke="#888888", stroke_width=0.8, marker_end="url(#tip)"))
    if "C" not in drop:
        out.append(f'  <circle cx="{ZC[0]}" cy="{ZC[1]}" r="{ZS * radius}" fill="none" stroke="#2a7f62" stroke-width="1.6"/>')
        # direction arrow on C (counter-clockwise), as a short path with a marker at its end
        a0, a1 = (0.95, 0.75) if reverse_arrows else (0.75, 0.95)
        p0, p1 = to_px(ZC, ZS, radius * np.cos(a0), radius * np.sin(a0)), to_px(ZC, ZS, radius * np.cos(a1), radius * np.sin(a1))
        out.append(poly([p0, p1], stroke="#2a7f62", stroke_width=1.6, marker_end="url(#tip)"))
    if zeros is None:
        zeros = np.roots([1, 0, 1, 1])
    if "zeros" not in drop:
        for z in zeros:
            x, y = to_px(ZC, ZS, z.real, z.imag)
            out.append(f'  <circle cx="{x:.3f}" cy="{y:.3f}" r="3" fill="#c0392b" stroke="none"/>')
    if "fC" not in drop:
        out.append(poly([to_px(WC, WS, w.real, w.imag) for w in f(radius * np.exp(1j * t_img))], stroke="#1f4e9c", stroke_width=1.4))
    if "fgC" not in drop:
        out.append(poly([to_px(WC, WS, w.real, w.imag) for w in fg(radius * np.exp(1j * t_img))], stroke="#c0392b", stroke_width=1.4,
                        stroke_dasharray="5,3"))
    lab_f, lab_fg = ("(f+g)(C)", "f(C)") if swap_labels else ("f(C)", "(f+g)(C)")
    # labels: C at 45 degrees outside the circle; each image curve's label where that
    # curve is clearly nearer than the other one (found by a small search).
    out.append(text(*to_px(ZC, ZS, 1.62, 1.62), "C"))
    out.append(text(ZC[0], ZC[1] + ZS * radius + 40, "|z| = 2", size=12))
    wf, wfg = f(zc), fg(zc)
    out.append(text(*to_px(WC, WS, *label_spot(wf, wfg)), lab_f))
    out.append(text(*to_px(WC, WS, *label_spot(wfg, wf)), lab_fg))
    out.append(text(W / 2, 22, inequality, size=13))
    out.append(text(W / 2, H - 10, conclusion, size=13))
    out.extend(extra)
    out.append("</svg>")
    return "\n".join(out) + "\n"


VARIANTS = {
    # path: (kwargs, expected verdicts of the predicates it breaks)
    "variants/wrong-radius-image.svg": (dict(f=lambda z: 1.25 * z**3), {"CA-H2": "fail", "CA-S1": "pass"}),
    "variants/wrong-function.svg": (dict(fg=lambda z: z**3 + 2 * z + 1), {"CA-H2": "fail"}),
    "variants/missing-contour.svg": (dict(drop=("C",)), {"CA-H1": "fail", "CA-S2": "fail", "CA-S1": "fail"}),
    "variants/two-zeros-one-third.svg": (dict(zeros=np.roots([1, 0, 1, 1])[:2], turns=1 / 3), {"CA-H4": "fail"}),
    "variants/wrong-inequality.svg": (dict(inequality="|z+1| ≤ 3 < 4 = |z|² on |z|=2"), {"CA-H3": "fail"}),
    "variants/wrong-conclusion.svg": (dict(conclusion="N(f+g, C) = 2"), {"CA-H5": "fail"}),
    "variants/swapped-labels.svg": (dict(swap_labels=True), {"CA-H2": "fail", "CA-S2": "fail"}),
}


def main(taskdir: Path) -> None:
    (taskdir / "variants").mkdir(parents=True, exist_ok=True)
    (taskdir / "reference.svg").write_text(figure())
    for rel, (kw, _) in VARIANTS.items():
        (taskdir / rel).write_text(figure(**kw))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "tasks/complex-analysis/rouche-z3")
