"""A label naming points of two frames stays with the point its own frame puts there.

Both origins of a Rouché figure are named ``0`` (O in the z-plane, W0 in the w-plane). A
single ``0`` beside a dot at the z-plane's origin bound W0 to that dot too, and the winding
number of (f+g)(C) was measured about the z-plane's origin, outside the image: a correct
figure failed CA-H4 ('winds 0 times'). W0 is now located by the w-frame's transform.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

import geoverify

TASK = Path(__file__).resolve().parents[2] / "tasks" / "complex-analysis" / "rouche-z4"


def _figure() -> str:
    z = 2 * np.exp(1j * np.linspace(0, 2 * np.pi, 401))

    def plot(w):
        return " ".join(f"({p.real / 8:.4f},{p.imag / 8:.4f})" for p in w)

    return rf"""\begin{{tikzpicture}}
\draw (0,0) circle (2); \node at (1.7,1.7) {{$C$}};
\fill (0,0) circle (1.5pt) node[below left] {{$0$}};
\begin{{scope}}[xshift=9cm]
\draw[blue] plot[smooth] coordinates {{{plot(z ** 4)}}};
\draw[red] plot[smooth] coordinates {{{plot(z ** 4 + 2 * z + 1)}}};
\node[blue] at (-1.70,-1.55) {{$f(C)$}}; \node[red,right] at (2.7,0.3) {{$(f+g)(C)$}};
\end{{scope}}
\node at (4.5,3.8) {{$|2z+1| \le 5 < 16 = |z^4|$}}; \node at (4.5,-4.3) {{$N(f+g,C)=N(f,C)=4$}};
\end{{tikzpicture}}"""


def test_w_origin_not_bound_to_the_z_origin_label(tmp_path):
    fig = tmp_path / "fig.tex"
    fig.write_text(_figure())
    rep = geoverify.check(fig, TASK).to_dict()
    o, w0 = rep["objects"]["O"], rep["objects"]["W0"]
    assert o["via"] == "label"
    assert w0["via"] == "frame"
    assert np.hypot(*(np.array(w0["point"]) - np.array(o["point"]))) > 100  # 9 cm to the right
    v = {p["id"]: p for p in rep["predicates"]}
    assert v["CA-H4"]["verdict"] == "pass", v["CA-H4"]["message"]
