"""Rouché figures whose image curves wind through each other (rouche-z4, hand-made TikZ).

Three things a correct answer does that failed before:

- a colour-coded label: the blue ``f(C)`` beside the blue image is nearer to the red
  (f+g)(C) winding through it (no place beside one image is farther from the other),
  and ``label_bound`` failed it as 'nearer to (f+g)(C)'; a coloured label in its
  object's colour, not in the other's, is now bound to its object;
- an image traced for t from 2*pi down to 0: the drawn set is the same, no arrow shows
  an orientation, and the signed winding number -4 failed 'expected 4'; without an
  arrow on the curve only the number of turns is compared (with arrows the sign counts);
- an origin dot labelled ``0`` in the z-panel: the w-plane's origin W0 (also named
  ``0``) was bound to it and the winding number measured about the wrong point
  (tested in tests/matching/test_shared_label_frames.py).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import geoverify

TASK = Path(__file__).resolve().parents[2] / "tasks" / "complex-analysis" / "rouche-z4"
ROOTS = np.roots([1, 0, 0, 2, 1])


def rouche_z4_figure(*, f_colour="blue", f_label_colour="blue", reverse=False, arrow=None, extra="") -> str:
    """TikZ for rouche-z4: z-plane on the left, w-plane (scale 1/8) 9 cm to the right."""
    t = np.linspace(0, 2 * np.pi, 401)
    if reverse:
        t = t[::-1]
    z = 2 * np.exp(1j * t)

    def plot(w):
        return " ".join(f"({p.real / 8:.4f},{p.imag / 8:.4f})" for p in w)

    zeros = "\n".join(rf"\fill[red] ({r.real:.4f},{r.imag:.4f}) circle (2pt);" for r in ROOTS)
    # an arrowhead on (f+g)(C) where it crosses the positive real axis, pointing "up" or "down"
    tip = {None: "", "up": r"\draw[red,->] (2.625,-0.12) -- (2.625,0.02);",
           "down": r"\draw[red,->] (2.625,0.12) -- (2.625,-0.02);"}[arrow]
    return rf"""\begin{{tikzpicture}}
\draw[thick] (0,0) circle (2); \node at (1.7,1.7) {{$C$}}; \node at (0,-3.5) {{$|z|=2$}};
{zeros}
{extra}
\begin{{scope}}[xshift=9cm]
\draw[{f_colour}] plot[smooth] coordinates {{{plot(z ** 4)}}};
\draw[red,dashed] plot[smooth] coordinates {{{plot(z ** 4 + 2 * z + 1)}}};
{tip}
\node[{f_label_colour}] at (-1.70,-1.55) {{$f(C)$}};
\node[red,right] at (2.7,0.3) {{$(f+g)(C)$}};
\end{{scope}}
\node at (4.5,3.8) {{$|2z+1| \le 5 < 16 = |z^4|$ on $C$}};
\node at (4.5,-4.3) {{$N(f+g,C)=N(f,C)=4$}};
\end{{tikzpicture}}"""


def _check(tmp_path, tex):
    fig = tmp_path / "fig.tex"
    fig.write_text(tex)
    rep = geoverify.check(fig, TASK).to_dict()
    return {p["id"]: p for p in rep["predicates"]}, rep


def test_colour_coded_label_binds_its_curve(tmp_path):
    preds, rep = _check(tmp_path, rouche_z4_figure())
    assert rep["H_math"] == 1, preds["CA-H2"]["message"]


def test_black_label_nearer_the_other_curve_still_fails(tmp_path):
    preds, _ = _check(tmp_path, rouche_z4_figure(f_label_colour="black"))
    assert preds["CA-H2"]["verdict"] == "fail"
    assert "nearer to" in preds["CA-H2"]["message"]


def test_label_in_both_curves_colour_decides_nothing(tmp_path):
    preds, _ = _check(tmp_path, rouche_z4_figure(f_colour="red", f_label_colour="red"))
    assert preds["CA-H2"]["verdict"] == "fail"


def test_winding_of_an_unoriented_curve_counts_turns(tmp_path):
    preds, rep = _check(tmp_path, rouche_z4_figure(reverse=True).replace(r"\fill[red]", r"\path"))
    assert preds["CA-H4"]["verdict"] == "pass", preds["CA-H4"]["message"]


@pytest.mark.parametrize("reverse", [False, True])
def test_winding_is_signed_by_the_arrows(tmp_path, reverse):
    # Counter-clockwise arrows (up on the positive real axis) pass whichever way the path is written,
    # clockwise ones fail: the reader sees the arrows, not the path's order.
    no_zeros = {"reverse": reverse}
    up, _ = _check(tmp_path, rouche_z4_figure(arrow="up", **no_zeros).replace(r"\fill[red]", r"\path"))
    down, _ = _check(tmp_path, rouche_z4_figure(arrow="down", **no_zeros).replace(r"\fill[red]", r"\path"))
    assert up["CA-H4"]["verdict"] == "pass", up["CA-H4"]["message"]
    assert down["CA-H4"]["verdict"] == "fail", down["CA-H4"]["message"]
